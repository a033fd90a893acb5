//! The history of tries.

use leptos::prelude::*;
use toguz_coach::rating::Attempt;

use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::routes::Route;
use crate::services::words::text;
use toguz_app_core::puzzle::Try;

/// History rows shown.
const HISTORY_SHOWN: usize = 30;

/// The last tries, newest first, each a link back to its puzzle with its result and the
/// rating after it (and the change).
#[component]
pub fn History() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    // A memo: the list is drawn again only when a try is added, not at every move.
    let rows = Memo::new(move |_| {
        trainer.with(|t| {
            let history = &t.progress().history;
            history
                .iter()
                .rev()
                .take(HISTORY_SHOWN)
                .cloned()
                .collect::<Vec<Try>>()
        })
    });
    move || {
        let rows = rows.get();
        if rows.is_empty() {
            return view! {
                <p class="puzzles__empty" data-testid="puzzle-history-empty">
                    {text(move || t_string!(i18n, puzzles.history_empty))}
                </p>
            }
            .into_any();
        }
        let items = rows
            .into_iter()
            .map(|row| view! { <Row row=row /> })
            .collect_view();
        view! { <ol class="puzzles__history" data-testid="puzzle-history">{items}</ol> }.into_any()
    }
}

/// One try: a link that opens its puzzle again.
#[component]
fn Row(
    /// The try.
    row: Try,
) -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let solved = row.result == Attempt::Solved;
    let id = row.id.clone();
    let href = Route::Puzzles(Some(row.id.clone())).to_hash();
    let d = row.after - row.before;
    view! {
        <li class="puzzles__try" class:puzzles__try--solved=solved>
            <a
                href=href
                data-testid="puzzle-history-link"
                data-id=row.id.clone()
                data-result=if solved { "solved" } else { "failed" }
                on:click=move |ev| {
                    ev.prevent_default();
                    trainer.open(&id);
                }
            >
                <span class="puzzles__mark" aria-hidden="true">{if solved { "✓" } else { "✗" }}</span>
                <span class="puzzles__try-result">
                    {text(move || {
                        if solved {
                            t_string!(i18n, puzzles.result_solved)
                        } else {
                            t_string!(i18n, puzzles.result_failed)
                        }
                    })}
                </span>
                <span class="puzzles__try-rating">
                    {format!("{} ({}{})", row.after, if d < 0 { "−" } else { "+" }, d.abs())}
                </span>
            </a>
        </li>
    }
}
