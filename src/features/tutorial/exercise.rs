//! The exercise's parts of the lesson panel: the answers of a question, the hint, what the
//! answer got, and the buttons (try it, try again, next).

use leptos::prelude::*;
use toguz_engine::Side;

use super::host::LessonHost;
use super::keys::KeyText;
use super::text;
use crate::i18n::*;
use crate::services::words;
use toguz_app_core::lesson::{Feedback, Hint, Kind};

/// The answers of a question, one button each; the chosen one and the right one marked.
#[component]
pub(super) fn Choices(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let kind = Memo::new(move |_| host.with(|l| l.step().kind));
    let waiting = Memo::new(move |_| host.with(|l| l.waiting()));
    move || {
        let Kind::Choose { question, .. } = kind.get() else {
            return None;
        };
        let buttons = question
            .choices()
            .iter()
            .map(|&c| {
                let key = text::choice_key(c);
                view! {
                    <button
                        type="button"
                        class="tut-choice"
                        data-testid=format!("choice-{}", key.name().trim_start_matches("choice_"))
                        class:tut-choice--chosen=move || host.with(|l| l.chosen() == Some(c))
                        class:tut-choice--right=move || host.with(|l| l.choice_right(c))
                        disabled=move || !waiting.get()
                        on:click=move |_| host.run(|l| l.choose(c))
                    >
                        {move || key.text(i18n)}
                    </button>
                }
            })
            .collect_view();
        Some(view! { <div class="tut-choices">{buttons}</div> })
    }
}

/// What to do, while an exercise waits for an answer.
#[component]
pub(super) fn HintLine(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let hint = move || match host.with(|l| l.hint()) {
        Some(Hint::Tap) => t_string!(i18n, tutorial.hint_tap).to_string(),
        Some(Hint::Play) => t_string!(i18n, tutorial.hint_play).to_string(),
        Some(Hint::Choose) => t_string!(i18n, tutorial.hint_choose).to_string(),
        None => String::new(),
    };
    view! { <p class="lesson__hint" data-testid="hint">{hint}</p> }
}

/// Why an answer was wrong, in words.
fn wrong_text(i18n: leptos_i18n::I18nContext<Locale>, feedback: Feedback) -> String {
    match feedback {
        Feedback::Tapped(sq) if sq.side == Side::White => {
            t_string!(i18n, tutorial.tap_yours, house = sq.house).to_string()
        }
        Feedback::Tapped(sq) => t_string!(i18n, tutorial.tap_theirs, house = sq.house).to_string(),
        Feedback::Lands(sq) if sq.side == Side::White => {
            t_string!(i18n, tutorial.landing_yours, house = sq.house).to_string()
        }
        Feedback::Lands(sq) => {
            t_string!(i18n, tutorial.landing_theirs, house = sq.house).to_string()
        }
        Feedback::Missed(goal) => text::miss_key(goal).text(i18n),
        Feedback::Answer(c) => {
            let answer = text::choice_key(c).text(i18n);
            t_string!(i18n, tutorial.why_answer, answer = answer).to_string()
        }
        Feedback::Right => String::new(),
    }
}

/// What the last answer got: right, or wrong and why.
#[component]
pub(super) fn FeedbackNote(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let (feedback, kind) = host.with(|l| (l.feedback(), l.step().kind));
        let (class, head, body) = match feedback? {
            Feedback::Right => (
                "tut-feedback tut-feedback--right",
                t_string!(i18n, tutorial.correct).to_string(),
                match kind {
                    Kind::TapLanding { .. } => t_string!(i18n, tutorial.landing_right).to_string(),
                    _ => String::new(),
                },
            ),
            wrong => (
                "tut-feedback tut-feedback--wrong",
                t_string!(i18n, tutorial.wrong).to_string(),
                wrong_text(i18n, wrong),
            ),
        };
        Some(view! {
            <div class=class data-testid="feedback" role="status">
                <strong class="tut-feedback__head">{head}</strong>
                " "
                <span>{body}</span>
            </div>
        })
    }
}

/// Try it (a game from the step's position), and try again after a wrong answer or go on.
#[component]
pub(super) fn LessonActions(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let finished = Memo::new(move |_| host.with(|l| l.finished()));
    let can_retry = Memo::new(move |_| host.with(|l| l.can_retry()));
    let can_go_next = Memo::new(move |_| host.with(|l| l.can_go_next()));
    let next_label = move || {
        if host.with(|l| l.last_step()) {
            t_string!(i18n, tutorial.finish).to_string()
        } else {
            t_string!(i18n, tutorial.next).to_string()
        }
    };
    let go_on = move || {
        if can_retry.get() {
            Some(
                view! {
                    <button type="button" class="tut-btn tut-btn--primary" data-testid="tut-retry" on:click=move |_| host.run(|l| l.retry())>
                        {words::text(move || t_string!(i18n, tutorial.try_again))}
                    </button>
                }
                .into_any(),
            )
        } else if can_go_next.get() {
            Some(
                view! {
                    <button type="button" class="tut-btn tut-btn--primary" data-testid="tut-next" on:click=move |_| host.run(|l| l.go_on())>
                        {next_label}
                    </button>
                }
                .into_any(),
            )
        } else {
            None
        }
    };
    view! {
        <div class="tut-actions" class:tut-actions--hidden=move || finished.get()>
            <button type="button" class="tut-btn" data-testid="tut-try-it" on:click=move |_| host.run(|l| l.try_it())>
                {words::text(move || t_string!(i18n, tutorial.try_it))}
            </button>
            {go_on}
        </div>
    }
}
