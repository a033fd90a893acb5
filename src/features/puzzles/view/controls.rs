//! The trainer's buttons.

use leptos::prelude::*;

use super::flag;
use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::{Button, Look, PlayFromHere};

/// Hint (H), the solution (S), retry after a wrong move (R) and the next puzzle (N), the
/// latter marked once the puzzle is over; then also a game against the computer from there.
#[component]
pub fn Controls() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    view! {
        <div class="puzzles__actions">
            <Button
                testid="btn-puzzle-hint"
                keyshortcuts="H"
                disabled=flag(move || !trainer.with(|t| t.can_hint()))
                on_click=move |_| trainer.hint()
            >
                {text(move || t_string!(i18n, puzzles.hint))}
            </Button>
            <Button
                testid="btn-puzzle-show"
                keyshortcuts="S"
                disabled=flag(move || !trainer.with(|t| t.can_show()))
                on_click=move |_| trainer.show()
            >
                {text(move || t_string!(i18n, puzzles.show))}
            </Button>
            <Button
                look=Look::Primary
                testid="btn-puzzle-retry"
                keyshortcuts="R"
                hidden=flag(move || !trainer.with(|t| t.can_retry()))
                on_click=move |_| trainer.retry()
            >
                {text(move || t_string!(i18n, puzzles.retry))}
            </Button>
            <Button
                primary_when=flag(move || trainer.with(|t| t.finished()))
                testid="btn-puzzle-next"
                keyshortcuts="N"
                disabled=flag(move || !trainer.with(|t| t.can_next()))
                on_click=move |_| trainer.next()
            >
                {text(move || t_string!(i18n, puzzles.next))}
            </Button>
        </div>
        // Once the puzzle is over, a game against the computer from the position shown.
        <Show when=move || trainer.with(|t| t.finished())>
            <PlayFromHere position=Signal::derive(move || trainer.with(|t| t.finished().then(|| t.position()))) />
        </Show>
    }
}
