//! The keyboard, as plain data: moving the focus between houses as the board is drawn, and
//! the play screen's shortcuts. Plain unit tests; the screens read the browser's key events.

use toguz_engine::{House, Side, Square};

/// Where a square sits in the board's grid: (row, column), 1-based.
///
/// Rows: 1 the far houses, 2 the far kazan, 3 the near kazan, 4 the near houses. The near row
/// reads 1..9 from the left, the far row 9..1, as the player at the bottom sees it.
pub fn grid_cell(square: Square, flipped: bool) -> (u8, u8) {
    let n = square.house().get();
    if square.side() == near_side(flipped) {
        (4, n)
    } else {
        (1, 10 - n)
    }
}

/// The side whose row is at the bottom.
pub fn near_side(flipped: bool) -> Side {
    if flipped {
        Side::Black
    } else {
        Side::White
    }
}

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
        Shortcut::of_lowered(&lowered(keys.key), keys)
    }

    /// [`Shortcut::of`] with the key already in lower case.
    fn of_lowered(key: &str, keys: Keys<'_>) -> Option<Shortcut> {
        if keys.ctrl {
            return match key {
                "z" | "я" if keys.shift => Some(Shortcut::Redo),
                "z" | "я" => Some(Shortcut::Undo),
                "y" | "н" => Some(Shortcut::Redo),
                _ => None,
            };
        }
        Some(match key {
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

/// `key` in lower case as far as the shortcuts tell: the Latin and Cyrillic capitals of
/// ASCII and U+0400..U+042F (Ё, А-Я and the rest of that block). Not `str::to_lowercase`: its
/// Unicode tables were about 11 KB gzip of the first visit; no other capital
/// lowers to a shortcut's key (a test checks every character).
fn lowered(key: &str) -> String {
    key.chars()
        .map(|c| match c {
            'A'..='Z' => c.to_ascii_lowercase(),
            'А'..='Я' => char::from_u32(u32::from(c) + 0x20).unwrap_or(c),
            'Ѐ'..='Џ' => char::from_u32(u32::from(c) + 0x50).unwrap_or(c),
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same shortcut as with the full Unicode lower case, for every character alone (with
    /// Ctrl and Shift or not) and for the named keys.
    #[test]
    fn lowered_as_unicode_for_every_shortcut() {
        fn keys(key: &str, ctrl: bool, shift: bool) -> Keys<'_> {
            Keys {
                key,
                ctrl,
                alt: false,
                shift,
            }
        }
        let both = |key: &str| {
            for (ctrl, shift) in [(false, false), (true, false), (true, true), (false, true)] {
                let k = keys(key, ctrl, shift);
                assert_eq!(
                    Shortcut::of(k),
                    Shortcut::of_lowered(&key.to_lowercase(), k),
                    "{key:?}"
                );
            }
        };
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            both(c.encode_utf8(&mut [0; 4]));
        }
        for key in [
            "Escape",
            "ESCAPE",
            "escape",
            "Enter",
            "F1",
            "10",
            "+5",
            "ArrowLeft",
        ] {
            both(key);
        }
        assert_eq!(lowered("ЁЯЖÄZz1"), "ёяжÄzz1");
        assert_eq!(
            Shortcut::of(keys("Т", false, true)),
            Some(Shortcut::NewGame)
        );
        assert_eq!(Shortcut::of(keys("Я", true, true)), Some(Shortcut::Redo));
    }

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    #[test]
    fn white_reads_left_to_right_at_the_bottom_and_black_right_to_left_at_the_top() {
        assert_eq!(grid_cell(sq(Side::White, 1), false), (4, 1));
        assert_eq!(grid_cell(sq(Side::White, 9), false), (4, 9));
        assert_eq!(grid_cell(sq(Side::Black, 9), false), (1, 1));
        assert_eq!(grid_cell(sq(Side::Black, 1), false), (1, 9));
    }

    #[test]
    fn flipping_the_board_puts_black_at_the_bottom() {
        assert_eq!(grid_cell(sq(Side::Black, 1), true), (4, 1));
        assert_eq!(grid_cell(sq(Side::White, 9), true), (1, 1));
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
}
