//! What the player is asked (the landing, then what the last korgool does), the three answers,
//! what the trainer says of each answer, Next, and the end of the run.

use leptos::prelude::*;
use toguz_engine::NoTuzReason;

use super::flag;
use crate::features::count::CountTrainer;
use crate::i18n::*;
use crate::services::words::{self, text};
use crate::ui::{Button, Look};
use toguz_app_core::count::trainer::Phase;
use toguz_app_core::count::{Effect, Question, Step, Why};

/// The question while a run is on: who sows which house (`count-house`, with `data-side` and
/// `data-house`), and what to find now (`count-prompt`).
#[component]
pub fn Prompt() -> impl IntoView {
    let trainer = CountTrainer::get();
    let i18n = use_i18n();
    let asked =
        move || trainer.with(|t| t.question().map(|q| (q.side(), q.house, q.outcome.lifted)));
    let step = move || trainer.with(|t| t.run().map(|r| r.step()));
    let running = move || trainer.with(|t| *t.phase() == Phase::Running);
    move || {
        if !running() {
            return None;
        }
        let (side, house, n) = asked()?;
        let locale = i18n.get_locale();
        let line = if step() == Some(Step::Landing) {
            t_string!(
                i18n,
                train.ask_landing,
                side = words::side(locale, side),
                house = house.get(),
                n = n
            )
            .to_string()
        } else {
            t_string!(i18n, train.ask_effect).to_string()
        };
        Some(view! {
            <p class="count__prompt" data-testid="count-prompt" id="count-prompt">
                <span
                    class="count__house"
                    data-testid="count-house"
                    data-side=side.letter().to_string()
                    data-house=house.get().to_string()
                ></span>
                {line}
            </p>
        })
    }
}

/// The three answers to "what does the last korgool do there", while that is asked.
#[component]
pub fn Answers() -> impl IntoView {
    let trainer = CountTrainer::get();
    let i18n = use_i18n();
    let asked = flag(move || {
        trainer.with(|t| {
            *t.phase() == Phase::Running && t.run().is_some_and(|r| r.step() == Step::Effect)
        })
    });
    let answer = move |effect: Effect, testid: &'static str, key: &'static str| {
        let label = move || match effect {
            Effect::Capture => t_string!(i18n, train.capture).to_string(),
            Effect::Tuz => t_string!(i18n, train.tuz).to_string(),
            Effect::Nothing => t_string!(i18n, train.nothing).to_string(),
        };
        view! {
            <Button testid=testid keyshortcuts=key on_click=move |_| trainer.answer(effect)>
                {text(label)}
            </Button>
        }
    };
    view! {
        <div class="count__answers" role="group" aria-labelledby="count-prompt" hidden=move || !asked.get()>
            {answer(Effect::Capture, "count-answer-capture", "C")}
            {answer(Effect::Tuz, "count-answer-tuz", "T")}
            {answer(Effect::Nothing, "count-answer-nothing", "0")}
        </div>
    }
}

/// The words of the last answer (`count-feedback`, `data-right`), Next once both answers are
/// in, and the run's end.
#[component]
pub fn Feedback() -> impl IntoView {
    let trainer = CountTrainer::get();
    let i18n = use_i18n();
    let verdict =
        Memo::new(move |_| trainer.with(|t| t.run().and_then(|r| r.last()).map(|v| v.right)));
    let said = text(move || {
        let locale = i18n.get_locale();
        trainer.with(|t| {
            let (Some(run), Some(q)) = (t.run(), t.question()) else {
                return String::new();
            };
            let Some(v) = run.last() else {
                return String::new();
            };
            let mark = if v.right {
                t_string!(i18n, train.right).to_string()
            } else {
                t_string!(i18n, train.wrong).to_string()
            };
            let detail = match run.step() {
                // The landing was answered.
                Step::Effect => landing_words(i18n, locale, q),
                _ => why_words(i18n, locale, q.why()),
            };
            format!("{mark} {detail}")
        })
    });
    let next_shown = flag(move || {
        trainer.with(|t| {
            *t.phase() == Phase::Running && t.run().is_some_and(|r| r.step() == Step::Answered)
        })
    });
    let over = text(move || {
        trainer.with(|t| match t.phase() {
            Phase::Over { score, wrong, best } => {
                let mut line = t_string!(i18n, train.over, n = *score, wrong = *wrong).to_string();
                if *best {
                    line.push(' ');
                    line.push_str(t_string!(i18n, train.over_best));
                }
                line
            }
            _ => String::new(),
        })
    });
    view! {
        <p
            class="count__feedback"
            class:count__feedback--right=flag(move || verdict.get() == Some(true))
            class:count__feedback--wrong=flag(move || verdict.get() == Some(false))
            data-testid="count-feedback"
            data-right=move || verdict.get().map(|r| r.to_string()).unwrap_or_default()
            role="status"
        >
            {said}
        </p>
        <Button look=Look::Primary testid="count-next" keyshortcuts="N" hidden=flag(move || !next_shown.get()) on_click=move |_| trainer.next()>
            {text(move || t_string!(i18n, train.next))}
        </Button>
        <p class="count__over" data-testid="count-over" role="status">{over}</p>
    }
}

fn landing_words(i18n: leptos_i18n::I18nContext<Locale>, locale: Locale, q: &Question) -> String {
    let landing = q.landing();
    t_string!(
        i18n,
        train.landing_at,
        side_of = words::side_of(locale, landing.side()),
        n = landing.house().get()
    )
    .to_string()
}

fn why_words(i18n: leptos_i18n::I18nContext<Locale>, locale: Locale, why: Why) -> String {
    match why {
        Why::Even(n) => t_string!(i18n, train.why_even, n = n).to_string(),
        Why::MadeTuz => t_string!(i18n, train.why_made_tuz).to_string(),
        Why::NoTuz(NoTuzReason::House9) => t_string!(i18n, train.why_no_tuz_house9).to_string(),
        Why::NoTuz(NoTuzReason::SameNumber) => t_string!(i18n, train.why_no_tuz_same).to_string(),
        Why::NoTuz(NoTuzReason::AlreadyHasTuz) => t_string!(i18n, train.why_no_tuz_has).to_string(),
        Why::Odd(n) => t_string!(i18n, train.why_odd, n = n).to_string(),
        Why::OwnSide => t_string!(i18n, train.why_own).to_string(),
        Why::IntoTuz(owner) => t_string!(
            i18n,
            train.why_into_tuz,
            side_of = words::side_of(locale, owner)
        )
        .to_string(),
    }
}
