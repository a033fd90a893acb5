//! The play screen (`#/`): the board, whose turn, the clocks, the evaluation bar, the
//! controls, the moves, the settings, and the new game, end, resign, shortcuts and first-visit
//! welcome dialogs.
//!
//! - [`session`]: [`PlaySession`], the game being played (`toguz_app_core::session` in the browser);
//! - [`screen`]: [`GameScreen`] and its keyboard shortcuts;
//! - one file per part of the screen and per dialog; [`dialogs`]: the dialogs together, and
//!   [`settings_panel`]: the settings, and [`explorer`]: the opening explorer of a game of two
//!   players, each a part loaded on demand (`app::on_demand`).

mod clock_choice;
mod clocks;
mod controls;
pub mod dialogs;
mod end_dialog;
pub mod end_estimate;
pub mod explorer;
pub mod link;
mod new_game;
pub mod part;
mod practice_end;
mod resign_dialog;
pub mod screen;
pub mod session;
pub mod settings_panel;
mod shortcuts_dialog;
mod storage_line;
pub mod welcome;

use leptos::prelude::*;

use toguz_app_core::session::Session;

pub use end_estimate::{EndEstimateSlot, EndRatingEstimate};
pub use screen::GameScreen;
pub use session::PlaySession;

/// Which dialog of the play screen is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// None.
    Closed,
    /// The new game dialog.
    NewGame,
    /// The keyboard shortcuts.
    Shortcuts,
    /// "Resign?": a resignation ends the game for good, so it is confirmed first.
    Resign,
}

/// The play screen's dialogs. They outlive the screen (a dialog closed for one end of a game
/// stays closed when the player comes back from the library), so they are provided with the
/// session; they are not part of it.
#[derive(Clone, Copy)]
pub struct Dialogs {
    /// The open dialog.
    pub open: RwSignal<Dialog>,
    /// The session's epoch when the end-of-game dialog was closed: closed for that end.
    pub end_dismissed: RwSignal<Option<u32>>,
}

impl Dialogs {
    /// Whether the end-of-game dialog is open: the game is over, its last move's animation
    /// has ended, and the player has not closed the dialog for this game.
    pub fn end_open(self, s: &Session) -> bool {
        s.end().is_some() && !s.animating() && self.end_dismissed.get() != Some(s.epoch())
    }
}

/// What the play screen's live region says, with a serial number: every move, capture, tuz
/// and result (`Session::announcement`). The root puts the words in the live region
/// (`app::on_demand::announcer`): they are chosen in the dialogs' part, loaded on demand.
pub fn announcements() -> Memo<Option<(u32, toguz_app_core::announce::Announcement)>> {
    let session = PlaySession::get();
    Memo::new(move |_| session.with(|s| s.announcement()))
}

/// Starts the play session (see [`PlaySession::start`]) and provides it with the screen's
/// dialogs. Call once, in the root component.
pub fn provide() -> PlaySession {
    let dialogs = Dialogs {
        open: RwSignal::new(Dialog::Closed),
        end_dismissed: RwSignal::new(None),
    };
    provide_context(dialogs);
    PlaySession::start(move |s: &Session| {
        dialogs.open.set(Dialog::Closed);
        // A game already over when saved has had its end dialog: a reload or a "continue"
        // shows the board, not the dialog again.
        dialogs
            .end_dismissed
            .set(s.end().is_some().then(|| s.epoch()));
    })
}
