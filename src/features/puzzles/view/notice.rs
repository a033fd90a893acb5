//! The notice above the board: the set loading or not read, or why no puzzle is shown.

use leptos::prelude::*;

use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::Button;
use toguz_app_core::puzzle::{Set, Trainer};

/// Which notice is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Notice {
    None,
    Failed(String),
    Loading,
    NoneLeft,
    Missing(String),
}

impl Notice {
    fn of(t: &Trainer) -> Notice {
        match t.set() {
            Set::Failed(e) => Notice::Failed(e.clone()),
            Set::Loading => Notice::Loading,
            Set::Ready(_) if t.none_left() => Notice::NoneLeft,
            Set::Ready(_) => t
                .missing()
                .map_or(Notice::None, |id| Notice::Missing(id.to_string())),
        }
    }
}

/// The set could not be read (with "load again"), is loading, has no puzzle of the chosen
/// themes, or has not the puzzle of the address (another is shown).
#[component]
pub fn PuzzleNotice() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    // A memo: the notice is drawn again only when it changes, not at every move.
    let notice = Memo::new(move |_| trainer.with(Notice::of));
    move || match notice.get() {
        Notice::None => None,
        Notice::Failed(e) => Some(
            view! {
                <div class="puzzles__notice" role="alert" data-testid="puzzle-load-failed">
                    <p>{text(move || t_string!(i18n, puzzles.load_failed, error = e.clone()))}</p>
                    <Button on_click=move |_| trainer.load()>
                        {text(move || t_string!(i18n, puzzles.load_again))}
                    </Button>
                </div>
            }
            .into_any(),
        ),
        Notice::Loading => Some(
            view! {
                <p class="puzzles__notice" role="status" data-testid="puzzle-loading">
                    {text(move || t_string!(i18n, puzzles.loading))}
                </p>
            }
            .into_any(),
        ),
        Notice::NoneLeft => Some(
            view! {
                <p class="puzzles__notice" role="status" data-testid="puzzle-none-left">
                    {text(move || t_string!(i18n, puzzles.none_left))}
                </p>
            }
            .into_any(),
        ),
        Notice::Missing(id) => Some(
            view! {
                <p class="puzzles__notice" role="status" data-testid="puzzle-missing">
                    {text(move || t_string!(i18n, puzzles.not_found, id = id.clone()))}
                </p>
            }
            .into_any(),
        ),
    }
}
