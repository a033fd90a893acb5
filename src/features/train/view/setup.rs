//! Before a session: the studies to choose from (`#/train`), then the side to train and Start
//! (`#/train/<id>`).

use leptos::prelude::*;
use toguz_engine::Side;

use crate::features::train::trainer::Unreadable;
use crate::features::train::Trainer;
use crate::i18n::*;
use crate::platform::time::now_ms;
use crate::services::routes::Route;
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Button, Look, ToggleChip};

/// The library's studies, each with its positions due, to choose one.
#[component]
pub fn StudyList() -> impl IntoView {
    let i18n = use_i18n();
    let studies = expect_context::<Saves>().studies();
    let schedule = Trainer::schedule();
    let now = now_ms();
    let empty = studies.is_empty();
    let items = studies
        .into_iter()
        .map(|s| {
            let due = schedule.due_in(&s.id, now);
            let href = Route::Train(Some(s.id.clone())).to_hash();
            view! {
                <li>
                    <a class="train__study" href=href data-testid="train-study" data-id=s.id.clone()>
                        <span class="train__study-title">{s.title.clone()}</span>
                        <span class="train__study-due">
                            {move || t_string!(i18n, train.rep_due, n = due).to_string()}
                        </span>
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="train__setup" aria-labelledby="train-choose">
            <h2 class="train__heading" id="train-choose">{text(move || t_string!(i18n, train.rep_choose))}</h2>
            <Show when=move || empty>
                <p class="train__empty" data-testid="train-empty">{text(move || t_string!(i18n, train.rep_no_studies))}</p>
            </Show>
            <ul class="train__studies">{items}</ul>
        </section>
    }
}

/// The study chosen: its title and positions due, the side to train, and Start.
#[component]
pub fn Setup() -> impl IntoView {
    let i18n = use_i18n();
    let trainer = Trainer::get();
    let id = trainer.study_id().unwrap_or_default();
    let saved = expect_context::<Saves>().study(&id).ok().flatten();
    let title = saved.as_ref().map(|s| s.title.clone()).unwrap_or_default();
    let found = saved.is_some();
    let due = Trainer::schedule().due_in(&id, now_ms());
    let problem = move || {
        let missing = !found || trainer.problem() == Some(Unreadable::Missing);
        if missing {
            Some(t_string!(i18n, train.rep_missing).to_string())
        } else {
            trainer
                .problem()
                .map(|_| t_string!(i18n, train.rep_damaged).to_string())
        }
    };
    let chip = move |side: Side, testid: &'static str| {
        let label = move || match side {
            Side::White => t_string!(i18n, train.rep_as_white).to_string(),
            Side::Black => t_string!(i18n, train.rep_as_black).to_string(),
        };
        view! {
            <ToggleChip
                testid=testid
                pressed=Signal::derive(move || trainer.side() == side)
                on_press=move |()| trainer.choose(side)
            >
                {text(label)}
            </ToggleChip>
        }
    };
    view! {
        <section class="train__setup" aria-labelledby="train-study-title">
            <h2 class="train__heading" id="train-study-title" data-testid="train-study-title">{title}</h2>
            <p class="train__study-due" data-testid="train-study-due">
                {move || t_string!(i18n, train.rep_due, n = due).to_string()}
            </p>
            <p class="train__problem" role="alert" data-testid="train-problem">{problem}</p>
            <div class="train__sides" role="group" aria-label=text(move || t_string!(i18n, train.rep_side_label))>
                {chip(Side::White, "train-as-white")}
                {chip(Side::Black, "train-as-black")}
            </div>
            <div class="train__actions">
                <Button testid="train-start" look=Look::Primary disabled=Signal::derive(move || !found) on_click=move |_| trainer.begin()>
                    {text(move || t_string!(i18n, train.rep_start))}
                </Button>
                <a class="btn btn--quiet" href=Route::Train(None).to_hash() data-testid="train-other">
                    {text(move || t_string!(i18n, train.rep_another))}
                </a>
            </div>
        </section>
    }
}
