//! The play screen's dialogs together: new game, end of game, resign and the keyboard
//! shortcuts.
//!
//! Their code is a part loaded on demand (`app::on_demand::dialogs`, the
//! `#[wasm_split(dialogs)]` function of src/main.rs), not in the first visit's download: none
//! of them shows before the player does something. The part is fetched at the player's first
//! pointer, key, scroll or click on the page, or at once when one of them is [`wanted`] (a key
//! or button that opens one, a game that has ended). The app shows them beside the play screen
//! (`app`, which may import `app::on_demand`; a feature may not), reading whether one is wanted
//! from the session alone, without their code. The first visit's welcome is not among them: it
//! is in the first visit's file (`app::on_demand::welcome`), small enough not to hold up a
//! first visit's board.

use leptos::prelude::*;

use super::end_dialog::EndDialog;
use super::new_game::NewGameDialog;
use super::resign_dialog::ResignDialog;
use super::shortcuts_dialog::ShortcutsDialog;
use super::{Dialog, Dialogs, PlaySession};

/// The dialogs, each shown while it is open (the part's split
/// function, src/main.rs).
#[component]
pub fn PlayDialogs() -> impl IntoView {
    view! {
        <NewGameDialog />
        <EndDialog />
        <ResignDialog />
        <ShortcutsDialog />
    }
}

/// Whether one of the dialogs is open or due now: the part is then fetched at once.
pub fn wanted() -> Memo<bool> {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    Memo::new(move |_| {
        dialogs.open.get() != Dialog::Closed || session.with(|s| dialogs.end_open(s))
    })
}

/// Closes whatever is [`wanted`]: the player dismissed the notice that the dialogs' part could
/// not be loaded (offline before the service worker had it), as closing each dialog would.
pub fn dismiss() -> Callback<()> {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    Callback::new(move |()| {
        dialogs.open.set(Dialog::Closed);
        if session.with_untracked(|s| untrack(|| dialogs.end_open(s))) {
            dialogs
                .end_dismissed
                .set(Some(session.with_untracked(|s| s.epoch())));
        }
    })
}
