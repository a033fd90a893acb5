//! The play screen's dialogs together: new game, end of game, resign, the first visit's
//! welcome and the keyboard shortcuts.
//!
//! Their code is a part loaded on demand (issue 13: `app::on_demand::dialogs`, the
//! `#[wasm_split(dialogs)]` function of src/main.rs), not in the first visit's download: the
//! board shows without it, and the part is fetched right after, or at once when one of them is
//! [`wanted`] (a first visit's welcome, a saved game that has just ended). The play screen
//! reads whether one is wanted from the session and the settings alone, without their code.

use leptos::prelude::*;

use super::end_dialog::EndDialog;
use super::new_game::NewGameDialog;
use super::resign_dialog::ResignDialog;
use super::shortcuts_dialog::ShortcutsDialog;
use super::welcome::{self, Welcome};
use super::{Dialog, Dialogs, PlaySession};
use crate::services::settings::SettingsContext;

/// The five dialogs, each shown while it is open (the part's split function, src/main.rs).
#[component]
pub fn PlayDialogs() -> impl IntoView {
    view! {
        <NewGameDialog />
        <EndDialog />
        <ResignDialog />
        <Welcome />
        <ShortcutsDialog />
    }
}

/// Whether one of the dialogs is open or due now: the part is then fetched at once.
pub fn wanted() -> Memo<bool> {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let welcome = welcome::due();
    Memo::new(move |_| {
        dialogs.open.get() != Dialog::Closed
            || session.with(|s| dialogs.end_open(s))
            || welcome.get()
    })
}

/// Closes whatever is [`wanted`]: the player dismissed the notice that the dialogs' part could
/// not be loaded (offline before the service worker had it), as closing each dialog would.
pub fn dismiss(session: PlaySession, dialogs: Dialogs, settings: SettingsContext) {
    dialogs.open.set(Dialog::Closed);
    if session.with_untracked(|s| untrack(|| dialogs.end_open(s))) {
        dialogs
            .end_dismissed
            .set(Some(session.with_untracked(|s| s.epoch())));
    }
    // The welcome is due only while it is unanswered; closing it answers it.
    if !settings.with_untracked(|s| s.welcomed) {
        welcome::answer(settings);
    }
}
