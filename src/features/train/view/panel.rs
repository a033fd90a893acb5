//! What the player is asked (`train-prompt`), what the trainer says of the answer
//! (`train-feedback`), Next (`train-next`), the session's score and the way back to the choice
//! of side.

use leptos::prelude::*;

use crate::features::train::Trainer;
use crate::i18n::*;
use crate::platform::time::now_ms;
use crate::services::words::{self, text};
use crate::ui::{Button, Look};
use toguz_app_core::train::session::Phase;

/// Whose move it is and what to find; or that the line has ended.
#[component]
pub fn Prompt() -> impl IntoView {
    let trainer = Trainer::get();
    let i18n = use_i18n();
    let asked = move || {
        trainer.with(|s| {
            s.map(|s| {
                (
                    s.phase().clone(),
                    s.move_number(),
                    s.position().turn(),
                    s.side(),
                )
            })
        })
    };
    let line = move || {
        let (phase, number, turn, side) = asked()?;
        let locale = i18n.get_locale();
        Some(match phase {
            Phase::Find => t_string!(
                i18n,
                train.rep_find,
                number = number,
                side = words::side(locale, turn)
            )
            .to_string(),
            Phase::Missed => t_string!(i18n, train.rep_missed).to_string(),
            Phase::Done => t_string!(i18n, train.rep_done).to_string(),
            Phase::Nothing => {
                t_string!(i18n, train.rep_nothing, side = words::side(locale, side)).to_string()
            }
        })
    };
    view! {
        <p class="train__prompt" id="train-prompt" data-testid="train-prompt" aria-live="polite">
            {line}
        </p>
    }
}

/// Right or wrong, with the study's move and the line, until the next answer.
#[component]
pub fn Feedback() -> impl IntoView {
    let trainer = Trainer::get();
    let i18n = use_i18n();
    let feedback = move || trainer.with(|s| s.and_then(|s| s.feedback().cloned()));
    let right = move || feedback().map(|f| f.right);
    let said = move || {
        let f = feedback()?;
        Some(if f.right {
            t_string!(i18n, train.rep_right, answer = f.answer).to_string()
        } else {
            t_string!(i18n, train.rep_wrong, tried = f.tried, answer = f.answer).to_string()
        })
    };
    let line =
        move || feedback().map(|f| t_string!(i18n, train.rep_line, line = f.line).to_string());
    view! {
        <div
            class="train__feedback"
            class:train__feedback--right=move || right() == Some(true)
            class:train__feedback--wrong=move || right() == Some(false)
            role="status"
            data-testid="train-feedback"
            data-right=move || right().map(|r| r.to_string())
        >
            <p class="train__said">{said}</p>
            <p class="train__line" data-testid="train-line">{line}</p>
        </div>
    }
}

/// Next (after a miss or a line's end), the score, the positions due, and the way back.
#[component]
pub fn SessionBar() -> impl IntoView {
    let trainer = Trainer::get();
    let i18n = use_i18n();
    let phase = Memo::new(move |_| trainer.with(|s| s.map(|s| s.phase().clone())));
    let waiting = Signal::derive(move || matches!(phase.get(), Some(Phase::Missed | Phase::Done)));
    let next_label = move || {
        if phase.get() == Some(Phase::Done) {
            t_string!(i18n, train.rep_next_line).to_string()
        } else {
            t_string!(i18n, train.rep_next).to_string()
        }
    };
    let score = move || {
        let (right, wrong, due) = trainer.with(|s| {
            s.map_or((0, 0, 0), |s| {
                let (r, w) = s.score();
                (r, w, s.due(now_ms()))
            })
        });
        t_string!(
            i18n,
            train.rep_score,
            right = right,
            wrong = wrong,
            due = due
        )
        .to_string()
    };
    view! {
        <div class="train__bar">
            <Button
                testid="train-next"
                look=Look::Primary
                keyshortcuts="N"
                hidden=Signal::derive(move || !waiting.get())
                on_click=move |_| trainer.next()
            >
                {text(next_label)}
            </Button>
            <p class="train__score" data-testid="train-score">{score}</p>
            <Button testid="train-stop" look=Look::Quiet on_click=move |_| trainer.stop()>
                {text(move || t_string!(i18n, train.rep_stop))}
            </Button>
        </div>
    }
}
