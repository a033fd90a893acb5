//! The choice of stage, each with its best score, the Start button, and the run's clock and
//! score.

use leptos::prelude::*;

use super::flag;
use crate::features::count::CountTrainer;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::{Button, Look, ToggleChip};
use toguz_app_core::count::trainer::Phase;
use toguz_app_core::count::Stage;

/// A stage's name in the player's language.
fn stage_name(i18n: leptos_i18n::I18nContext<Locale>, stage: Stage) -> String {
    match stage {
        Stage::Short => t_string!(i18n, train.stage_short).to_string(),
        Stage::Lap => t_string!(i18n, train.stage_lap).to_string(),
        Stage::Laps => t_string!(i18n, train.stage_laps).to_string(),
    }
}

/// The three stages (`count-stage-<short|lap|laps>`, with `data-best`), chosen before a run.
#[component]
pub fn Stages() -> impl IntoView {
    let trainer = CountTrainer::get();
    let i18n = use_i18n();
    let running = flag(move || trainer.with(|t| *t.phase() == Phase::Running));
    let chips = Stage::ALL
        .into_iter()
        .map(|stage| {
            let best = move || trainer.with(|t| t.best().of(stage));
            view! {
                <span class="count__stage" data-best=move || best().to_string() data-testid=format!("count-best-{}", stage.key())>
                    <ToggleChip
                        testid=format!("count-stage-{}", stage.key())
                        pressed=flag(move || trainer.with(|t| t.stage() == stage))
                        on_press=move |()| trainer.choose(stage)
                    >
                        {text(move || stage_name(i18n, stage))}
                    </ToggleChip>
                    <span class="count__best">{text(move || t_string!(i18n, train.best, n = best()))}</span>
                </span>
            }
        })
        .collect_view();
    view! {
        <fieldset class="count__stages" disabled=running>
            <legend class="count__legend">{text(move || t_string!(i18n, train.stages_label))}</legend>
            <div class="count__chips">{chips}</div>
        </fieldset>
    }
}

/// Start (or Run again), hidden while a run is on; the seconds left and the score while it is.
#[component]
pub fn RunBar() -> impl IntoView {
    let trainer = CountTrainer::get();
    let i18n = use_i18n();
    let running = flag(move || trainer.with(|t| *t.phase() == Phase::Running));
    let ran = flag(move || trainer.with(|t| t.run().is_some()));
    let score = move || trainer.with(|t| t.run().map_or(0, |r| r.score()));
    view! {
        <div class="count__bar">
            <Button
                look=Look::Primary
                testid="count-start"
                hidden=running
                on_click=move |_| trainer.begin()
            >
                {text(move || {
                    if ran.get() {
                        t_string!(i18n, train.again).to_string()
                    } else {
                        t_string!(i18n, train.start).to_string()
                    }
                })}
            </Button>
            <span class="count__timer" data-testid="count-timer" hidden=move || !running.get()>
                {text(move || t_string!(i18n, train.time_left, s = trainer.seconds_left()))}
            </span>
            <span class="count__score" data-testid="count-score" data-score=move || score().to_string() hidden=move || !ran.get()>
                {text(move || t_string!(i18n, train.score, n = score()))}
            </span>
        </div>
    }
}
