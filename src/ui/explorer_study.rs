//! "Make a study from these lines" under the opening explorer: the book's most played lines
//! from the position shown, to a chosen depth, kept as a new study and opened in the
//! repertoire trainer (`toguz_app_core::train::from_book`).

use std::sync::Arc;

use leptos::prelude::*;
use toguz_coach::explorer::Book;
use toguz_engine::Position;
use toguz_store::study::SavedStudy;

use crate::i18n::*;
use crate::platform::time::now_ms;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Button, ToggleChip};
use toguz_app_core::train::from_book::{study_from_book, DEPTHS};

/// The depth chosen (plies, one of [`DEPTHS`]) and the button that makes the study from
/// `book` at `position`; `book_name` names the book in the study's title.
#[component]
pub fn MakeStudy(
    /// The tab's book.
    book: Arc<Book>,
    /// The position shown.
    position: Position,
    /// The tab's name, for the study's title.
    book_name: Signal<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let saves = expect_context::<Saves>();
    let depth = RwSignal::new(DEPTHS[2]);
    let make = move |_| {
        let plies = depth.get_untracked();
        let Some(study) = study_from_book(&book, &position, plies) else {
            return;
        };
        let title = t_string!(
            i18n,
            train.rep_book_title,
            book = book_name.get_untracked(),
            n = plies.div_ceil(2)
        )
        .to_string();
        let mut saved = SavedStudy::new(saves.new_study_id(), now_ms(), title, None, &study);
        saves.save_study(&mut saved);
        Routes::get().go(Route::Train(Some(saved.id)));
    };
    let chips = DEPTHS
        .into_iter()
        .map(|d| {
            view! {
                <ToggleChip
                    testid=format!("explorer-depth-{d}")
                    pressed=Signal::derive(move || depth.get() == d)
                    on_press=move |()| depth.set(d)
                >
                    {d.div_ceil(2)}
                </ToggleChip>
            }
        })
        .collect_view();
    view! {
        <div class="explorer__study">
            <div class="explorer__depth" role="group" aria-labelledby="explorer-depth-label">
                <span id="explorer-depth-label">{text(move || t_string!(i18n, train.rep_book_depth))}</span>
                {chips}
            </div>
            <Button testid="explorer-make-study" on_click=make>
                {text(move || t_string!(i18n, train.rep_from_book))}
            </Button>
        </div>
    }
}
