//! Accessibility: moving the keyboard focus between houses, the keyboard shortcuts, and what
//! the live region announces.
//!
//! Everything announced is read from the engine's [`MoveOutcome`] and [`GameEnd`]: the UI
//! never re-derives a rule. The plain types here are tested natively; the words are chosen
//! by the screen in the player's language.

use leptos::prelude::*;
use toguz_engine::{BySide, Capture, GameEnd, House, MoveOutcome, Side, Square};

use crate::components::board::{grid_cell, near_side};
use crate::i18n::*;

/// A key that moves the focus on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavKey {
    /// One house to the left, as the board is drawn.
    Left,
    /// One house to the right, as the board is drawn.
    Right,
    /// To the far row.
    Up,
    /// To the near row.
    Down,
    /// The leftmost house of the row.
    Home,
    /// The rightmost house of the row.
    End,
}

impl NavKey {
    /// The navigation key of a `KeyboardEvent.key`, if it is one.
    pub fn from_key(key: &str) -> Option<NavKey> {
        Some(match key {
            "ArrowLeft" => NavKey::Left,
            "ArrowRight" => NavKey::Right,
            "ArrowUp" => NavKey::Up,
            "ArrowDown" => NavKey::Down,
            "Home" => NavKey::Home,
            "End" => NavKey::End,
            _ => return None,
        })
    }
}

/// The square at grid `(row, column)` (rows 1 far and 4 near, columns 1..=9).
fn square_at(row: u8, col: u8, flipped: bool) -> Square {
    let near = near_side(flipped);
    let (side, n) = if row == 4 {
        (near, col)
    } else {
        (near.opponent(), 10 - col)
    };
    Square::new(side, House::new(n).expect("columns are 1..=9"))
}

/// Where the focus goes from `from` on `key`, following the board as it is drawn: left and
/// right along the row (stopping at its ends), up and down to the house facing it in the other
/// row. `None` when it stays.
pub fn nav_target(from: Square, key: NavKey, flipped: bool) -> Option<Square> {
    let (row, col) = grid_cell(from, flipped);
    let (row, col) = match key {
        NavKey::Left if col > 1 => (row, col - 1),
        NavKey::Right if col < 9 => (row, col + 1),
        NavKey::Up if row == 4 => (1, col),
        NavKey::Down if row == 1 => (4, col),
        NavKey::Home if col != 1 => (row, 1),
        NavKey::End if col != 9 => (row, 9),
        _ => return None,
    };
    Some(square_at(row, col, flipped))
}

/// A keyboard shortcut of the play screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Play this house of the side to move (keys 1-9).
    Play(House),
    /// Take back a move (U, or Ctrl+Z).
    Undo,
    /// Play again what was taken back (R, or Ctrl+Y / Ctrl+Shift+Z).
    Redo,
    /// Open the new game dialog (N).
    NewGame,
    /// Turn the board (F).
    Flip,
    /// Ask for a hint (H).
    Hint,
    /// Show the keyboard shortcuts (?).
    Help,
    /// Close the open dialog (Escape).
    Close,
}

/// The keys of a `keydown`, as [`Shortcut::of`] reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys<'a> {
    /// `KeyboardEvent.key`.
    pub key: &'a str,
    /// Ctrl or Cmd held.
    pub ctrl: bool,
    /// Alt held.
    pub alt: bool,
    /// Shift held.
    pub shift: bool,
}

impl Shortcut {
    /// The shortcut of a key press, if any. Letters are matched whatever the keyboard
    /// layout's case; on a Cyrillic layout, the keys in the same place also work (У/Г for U,
    /// К for R, Т for N, А for F, Р for H).
    pub fn of(keys: Keys<'_>) -> Option<Shortcut> {
        if keys.alt {
            return None;
        }
        let key = keys.key.to_lowercase();
        if keys.ctrl {
            return match key.as_str() {
                "z" | "я" if keys.shift => Some(Shortcut::Redo),
                "z" | "я" => Some(Shortcut::Undo),
                "y" | "н" => Some(Shortcut::Redo),
                _ => None,
            };
        }
        Some(match key.as_str() {
            "escape" => Shortcut::Close,
            "?" => Shortcut::Help,
            "u" | "г" => Shortcut::Undo,
            "r" | "к" => Shortcut::Redo,
            "n" | "т" => Shortcut::NewGame,
            "f" | "а" => Shortcut::Flip,
            "h" | "р" => Shortcut::Hint,
            _ => {
                let digit = key.parse::<u8>().ok()?;
                Shortcut::Play(House::new(digit)?)
            }
        })
    }
}

/// One move as the live region tells it, read from the engine's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSummary {
    /// Who moved.
    pub side: Side,
    /// The house played.
    pub from: House,
    /// How many korgools were sown.
    pub lifted: u8,
    /// Where the last one landed.
    pub last: Square,
    /// What the last one took (a tuz is a capture of three that made one).
    pub capture: Option<Capture>,
    /// Korgools that went on through a tuz into its owner's kazan, per owner.
    pub via_tuz: BySide<u8>,
    /// Both kazans after the move (after the end-of-game collection, if the move ended it).
    pub kazans: BySide<u8>,
    /// The end of the game, if the move ended it.
    pub end: Option<GameEnd>,
}

impl MoveSummary {
    /// The summary of `outcome`.
    pub fn of(outcome: &MoveOutcome) -> MoveSummary {
        MoveSummary {
            side: outcome.side,
            from: outcome.from,
            lifted: outcome.lifted,
            last: outcome.last,
            capture: outcome.capture,
            via_tuz: outcome.via_tuz(),
            kazans: outcome.end.map_or(outcome.kazans, |e| e.kazans),
            end: outcome.end,
        }
    }
}

/// What the live region says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// A move was played.
    Move(MoveSummary),
    /// The game ended without a move (resignation, agreed draw, time).
    Ended(GameEnd),
    /// Moves were taken back; `turn` is to move.
    Undone {
        /// The side to move now.
        turn: Side,
    },
    /// Moves were played again; `turn` is to move.
    Redone {
        /// The side to move now.
        turn: Side,
    },
    /// A new game started.
    NewGame,
}

/// The live region's message, with a serial number so that the same words said twice are
/// still announced twice.
#[derive(Clone, Copy, Debug, Default)]
pub struct Announcer {
    said: RwSignal<Option<(u32, Announcement)>>,
}

impl Announcer {
    /// A silent announcer.
    pub fn new() -> Announcer {
        Announcer {
            said: RwSignal::new(None),
        }
    }

    /// Says `what` (politely: after what the screen reader is saying).
    pub fn say(self, what: Announcement) {
        let n = self
            .said
            .with_untracked(|s| s.map_or(0, |(n, _)| n.wrapping_add(1)));
        self.said.set(Some((n, what)));
    }

    /// The last announcement and its serial number.
    pub fn last(self) -> Option<(u32, Announcement)> {
        self.said.get()
    }
}

/// The polite live region that reads out every move, capture, tuz and result.
#[component]
pub fn LiveRegion(
    /// What to say.
    announcer: Announcer,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div
            class="visually-hidden"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="announcer"
        >
            {move || {
                let locale = i18n.get_locale();
                announcer
                    .last()
                    .map(|(n, what)| {
                        // Every other message ends with a no-break space: the same words said
                        // twice still change the region's text.
                        let pad = if n % 2 == 1 { "\u{a0}" } else { "" };
                        format!("{}{pad}", crate::words::announcement(locale, &what))
                    })
            }}
        </div>
    }
}

/// The keyboard shortcuts and how to read the moves, in a dialog opened by `?` or the
/// settings' button.
#[component]
pub fn ShortcutsDialog() -> impl IntoView {
    let ctx = expect_context::<crate::app::GameContext>();
    let i18n = use_i18n();
    let close = move || ctx.dialog.set(crate::app::Dialog::Closed);
    let row = move |keys: Vec<AnyView>, what: AnyView| {
        view! {
            <div class="keys__row">
                <dt class="keys__keys">
                    {keys.into_iter().map(|k| view! { <kbd>{k}</kbd> }).collect_view()}
                </dt>
                <dd class="keys__what">{what}</dd>
            </div>
        }
    };
    let k = |text: &'static str| text.into_any();
    view! {
        <crate::components::Modal
            open=Signal::derive(move || ctx.dialog.get() == crate::app::Dialog::Shortcuts)
            on_close=move |()| close()
            testid="shortcuts-dialog"
            labelled_by="shortcuts-title"
        >
            <h2 id="shortcuts-title" class="dialog__title">{crate::words::text(move || t_string!(i18n, common.shortcuts))}</h2>
            <dl class="keys">
                {row(vec![k("1"), k("…"), k("9")], crate::words::text(move || t_string!(i18n, common.key_play)).into_any())}
                {row(vec![k("←"), k("→"), k("↑"), k("↓")], crate::words::text(move || t_string!(i18n, common.key_arrows)).into_any())}
                {row(
                    vec![k("Enter"), crate::words::text(move || t_string!(i18n, common.key_space)).into_any()],
                    crate::words::text(move || t_string!(i18n, common.key_enter)).into_any(),
                )}
                {row(vec![k("U"), k("Ctrl+Z")], crate::words::text(move || t_string!(i18n, common.undo)).into_any())}
                {row(vec![k("R"), k("Ctrl+Y")], crate::words::text(move || t_string!(i18n, common.redo)).into_any())}
                {row(vec![k("N")], crate::words::text(move || t_string!(i18n, common.new_game)).into_any())}
                {row(vec![k("H")], crate::words::text(move || t_string!(i18n, common.hint)).into_any())}
                {row(vec![k("F")], crate::words::text(move || t_string!(i18n, common.key_flip)).into_any())}
                {row(vec![k("?")], crate::words::text(move || t_string!(i18n, common.key_help)).into_any())}
                {row(vec![k("Esc")], crate::words::text(move || t_string!(i18n, common.key_close)).into_any())}
            </dl>
            <h3 class="dialog__subtitle">{crate::words::text(move || t_string!(i18n, common.notation_title))}</h3>
            <p class="dialog__text" data-testid="notation-help">{crate::words::text(move || t_string!(i18n, common.notation_text))}</p>
            <div class="dialog__actions">
                <button
                    type="button"
                    class="btn btn--primary"
                    data-testid="btn-shortcuts-close"
                    on:click=move |_| close()
                >
                    {crate::words::text(move || t_string!(i18n, common.close))}
                </button>
            </div>
        </crate::components::Modal>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{EndReason, GameResult, Position};

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    #[test]
    fn arrows_follow_the_board_as_drawn() {
        let w1 = sq(Side::White, 1);
        assert_eq!(
            nav_target(w1, NavKey::Right, false),
            Some(sq(Side::White, 2))
        );
        assert_eq!(nav_target(w1, NavKey::Left, false), None);
        // Above White's house 1 (left) is Black's house 9.
        assert_eq!(nav_target(w1, NavKey::Up, false), Some(sq(Side::Black, 9)));
        assert_eq!(nav_target(w1, NavKey::Down, false), None);
        assert_eq!(nav_target(w1, NavKey::End, false), Some(sq(Side::White, 9)));
        // The far row reads 9..1 from the left: right goes down in number.
        let b5 = sq(Side::Black, 5);
        assert_eq!(
            nav_target(b5, NavKey::Right, false),
            Some(sq(Side::Black, 4))
        );
        assert_eq!(
            nav_target(b5, NavKey::Down, false),
            Some(sq(Side::White, 5))
        );
        assert_eq!(
            nav_target(b5, NavKey::Home, false),
            Some(sq(Side::Black, 9))
        );
        // Flipped, Black is near.
        assert_eq!(
            nav_target(sq(Side::Black, 3), NavKey::Right, true),
            Some(sq(Side::Black, 4))
        );
        assert_eq!(
            nav_target(sq(Side::White, 3), NavKey::Right, true),
            Some(sq(Side::White, 2))
        );
    }

    #[test]
    fn every_house_is_reached_by_arrows() {
        for flipped in [false, true] {
            let mut seen = std::collections::HashSet::new();
            let start = Square::new(near_side(flipped), House::new(1).unwrap());
            let mut at = start;
            seen.insert(at);
            while let Some(next) = nav_target(at, NavKey::Right, flipped) {
                at = next;
                seen.insert(at);
            }
            at = nav_target(at, NavKey::Up, flipped).unwrap();
            seen.insert(at);
            while let Some(next) = nav_target(at, NavKey::Left, flipped) {
                at = next;
                seen.insert(at);
            }
            assert_eq!(seen.len(), 18);
        }
    }

    #[test]
    fn shortcuts() {
        let k = |key| Keys {
            key,
            ..Keys::default()
        };
        assert_eq!(
            Shortcut::of(k("7")),
            Some(Shortcut::Play(House::new(7).unwrap()))
        );
        assert_eq!(Shortcut::of(k("0")), None);
        assert_eq!(Shortcut::of(k("U")), Some(Shortcut::Undo));
        assert_eq!(Shortcut::of(k("г")), Some(Shortcut::Undo));
        assert_eq!(Shortcut::of(k("r")), Some(Shortcut::Redo));
        assert_eq!(Shortcut::of(k("n")), Some(Shortcut::NewGame));
        assert_eq!(Shortcut::of(k("?")), Some(Shortcut::Help));
        assert_eq!(Shortcut::of(k("Escape")), Some(Shortcut::Close));
        assert_eq!(Shortcut::of(k("x")), None);
        let ctrl = |key, shift| Keys {
            key,
            ctrl: true,
            shift,
            alt: false,
        };
        assert_eq!(Shortcut::of(ctrl("z", false)), Some(Shortcut::Undo));
        assert_eq!(Shortcut::of(ctrl("Z", true)), Some(Shortcut::Redo));
        assert_eq!(Shortcut::of(ctrl("y", false)), Some(Shortcut::Redo));
        // Ctrl with a digit or N is the browser's, not ours.
        assert_eq!(Shortcut::of(ctrl("1", false)), None);
        assert_eq!(Shortcut::of(ctrl("n", false)), None);
        let alt = Keys {
            key: "u",
            alt: true,
            ..Keys::default()
        };
        assert_eq!(Shortcut::of(alt), None);
    }

    #[test]
    fn summary_comes_from_the_outcome() {
        // White's 9 from the start: 9 korgools, the last on Black's 8 making 10: captured.
        let mut p = Position::start();
        let out = p.try_play(House::new(9).unwrap()).unwrap();
        let s = MoveSummary::of(&out);
        assert_eq!(s.side, Side::White);
        assert_eq!(s.lifted, 9);
        assert_eq!(s.last, sq(Side::Black, 8));
        assert_eq!(s.capture.map(|c| c.count), Some(10));
        assert_eq!(s.kazans.white, 10);
        assert!(s.end.is_none());
    }

    #[test]
    fn an_ending_move_carries_the_collected_kazans() {
        // White's only korgool, and 81 already in White's kazan: White reaches 82.
        let p: Position = "0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,79 81/0 -/- w"
            .parse()
            .unwrap();
        let mut q = p;
        let out = q.try_play(House::new(9).unwrap()).unwrap();
        let s = MoveSummary::of(&out);
        let end = s.end.expect("the game ends");
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(end.reason, EndReason::Reached82);
        assert_eq!(s.kazans, end.kazans);
    }
}
