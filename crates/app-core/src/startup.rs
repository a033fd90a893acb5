//! The order the first screen is built in: one step a task, so that no task of the start-up
//! is long (a phone's browser answers a tap only between tasks, and a task over 50 ms is what
//! Lighthouse's Total Blocking Time counts). The page keeps the shell (its empty board, drawn
//! by `index.html`) until the last step, which shows the whole screen at once: no frame shows
//! half of it.
//!
//! The host builds each [`Piece`] when the step it belongs to ([`Piece::step`]) is reached,
//! goes to the [`Step::next`] one after a yield to the browser, and shows the page at
//! [`Step::Shown`].

/// A step of the start-up, in order. Each is built in a task of its own.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Step {
    /// The mount: the app's contexts (the settings, the saved games, the game put back).
    Mount,
    /// The board with whose turn it is and the game's mode.
    Board,
    /// The controls, the move list and the top bar.
    Controls,
    /// What is empty on most visits: the parts' slots (the settings, a game by link's panel,
    /// the opening explorer), the dialogs, the live region and the saved games' notices.
    Slots,
    /// The page shown in place of the shell; then what needs it shown (the welcome's modal
    /// dialog lays the page out as it opens) or has no hurry (the service worker's
    /// registration).
    Shown,
}

impl Step {
    /// The step the start-up begins with.
    pub const FIRST: Step = Step::Mount;

    /// The step after this one; `None` after the last.
    pub fn next(self) -> Option<Step> {
        match self {
            Step::Mount => Some(Step::Board),
            Step::Board => Some(Step::Controls),
            Step::Controls => Some(Step::Slots),
            Step::Slots => Some(Step::Shown),
            Step::Shown => None,
        }
    }

    /// Whether the page is shown at this step (the shell gone).
    pub fn shows_the_page(self) -> bool {
        self == Step::Shown
    }

    /// Whether `piece` is built by this step.
    pub fn has(self, piece: Piece) -> bool {
        self >= piece.step()
    }
}

/// What the first screen is made of, as the host builds it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    /// The top bar.
    TopBar,
    /// The screen of the route: the play screen's board, or another screen.
    Screen,
    /// The play screen's controls and move list.
    Controls,
    /// The parts' slots, the dialogs, the live region, the notices.
    Slots,
    /// The service worker's registration and its prompts.
    Prompts,
    /// The first visit's welcome.
    Welcome,
}

impl Piece {
    /// The step it is built in.
    pub fn step(self) -> Step {
        match self {
            Piece::Screen => Step::Board,
            Piece::TopBar | Piece::Controls => Step::Controls,
            Piece::Slots => Step::Slots,
            Piece::Prompts | Piece::Welcome => Step::Shown,
        }
    }
}

/// The events that show a player at the page: a pointer over or down on it, a key, a scroll,
/// or a click, which is what a screen reader's activation may be, with no pointer or key event
/// before it. Not the first focus: the first visit's welcome takes the focus as it opens. What
/// the first screen does without but the player will soon want (the play screen's parts, the
/// search worker) waits for the first of them (`platform::dom::at_first_input`).
pub const FIRST_INPUT: [&str; 5] = ["pointerover", "pointerdown", "keydown", "scroll", "click"];

#[cfg(test)]
mod tests {
    use super::*;

    const PIECES: [Piece; 6] = [
        Piece::TopBar,
        Piece::Screen,
        Piece::Controls,
        Piece::Slots,
        Piece::Prompts,
        Piece::Welcome,
    ];

    fn steps() -> Vec<Step> {
        std::iter::successors(Some(Step::FIRST), |s| s.next()).collect()
    }

    #[test]
    fn the_steps_go_forward_one_at_a_time_and_end() {
        let steps = steps();
        assert_eq!(steps.len(), 5);
        assert!(steps.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(steps.last().copied().and_then(Step::next), None);
    }

    #[test]
    fn the_page_is_shown_only_at_the_last_step() {
        let steps = steps();
        let shown: Vec<_> = steps.iter().filter(|s| s.shows_the_page()).collect();
        assert_eq!(shown, [steps.last().unwrap()]);
    }

    #[test]
    fn every_piece_is_built_before_or_as_the_page_is_shown() {
        let last = *steps().last().unwrap();
        for piece in PIECES {
            assert!(last.has(piece), "{piece:?}");
        }
    }

    #[test]
    fn nothing_is_built_at_the_mount_but_the_contexts() {
        for piece in PIECES {
            assert!(!Step::Mount.has(piece), "{piece:?}");
        }
    }

    #[test]
    fn the_board_comes_before_the_controls_and_the_controls_before_the_slots() {
        assert!(Piece::Screen.step() < Piece::Controls.step());
        assert!(Piece::Controls.step() < Piece::Slots.step());
    }

    #[test]
    fn the_welcome_opens_only_once_the_page_is_shown() {
        assert!(Piece::Welcome.step().shows_the_page());
        for step in steps() {
            assert_eq!(step.has(Piece::Welcome), step.shows_the_page(), "{step:?}");
        }
    }

    #[test]
    fn each_step_but_the_mount_builds_something() {
        for step in steps().into_iter().skip(1) {
            assert!(PIECES.iter().any(|p| p.step() == step), "{step:?}");
        }
    }

    #[test]
    fn a_pointer_a_key_a_scroll_or_a_click_shows_the_player_and_a_focus_does_not() {
        for name in ["pointerover", "pointerdown", "keydown", "scroll", "click"] {
            assert!(FIRST_INPUT.contains(&name), "{name}");
        }
        for name in ["focus", "focusin", "load", "visibilitychange", "resize"] {
            assert!(!FIRST_INPUT.contains(&name), "{name}");
        }
    }
}
