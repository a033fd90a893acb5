//! The player's rating and streak.

use leptos::prelude::*;

use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::text;

/// The puzzle rating with its last change, the streak and the best streak (the numbers also
/// in `data-rating` and `data-streak`).
#[component]
pub fn Stats() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let rating = text(move || trainer.with(|t| t.progress().shown_rating()).to_string());
    let streak = text(move || trainer.with(|t| t.progress().streak).to_string());
    let best = move || trainer.with(|t| t.progress().best);
    let delta = move || {
        let d = trainer.with(|t| t.last_try().map(|t| t.after - t.before))?;
        Some(view! {
            <span
                class="puzzles__delta"
                class:puzzles__delta--down={d < 0}
                data-testid="puzzle-rating-delta"
            >
                {if d < 0 { format!("−{}", -d) } else { format!("+{d}") }}
            </span>
        })
    };
    view! {
        <p class="puzzles__stats">
            <span class="puzzles__stat" data-testid="puzzle-rating" data-rating=rating>
                {text(move || t_string!(i18n, puzzles.rating))}
                " "
                <strong>{rating}</strong>
                {delta}
            </span>
            <span class="puzzles__stat" data-testid="puzzle-streak" data-streak=streak>
                {text(move || t_string!(i18n, puzzles.streak))}
                " "
                <strong>{streak}</strong>
                <span class="puzzles__best">
                    {text(move || t_string!(i18n, puzzles.best, n = best()))}
                </span>
            </span>
        </p>
    }
}
