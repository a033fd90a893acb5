//! Move notation, as `docs/RULES.md` and the PlayOK records write it.
//!
//! A move is the house it starts from (1..9, the mover's numbering), then the house where the
//! last korgool lands (1..9, numbered on the side where it lands), then `X` when the move made
//! a tuz and `(N)` with the mover's kazan total when the move captured:
//! `76(10)`, `91X`, `45`, `36X`. A bare house digit (`7`) also reads: it names only the move.
//!
//! ## What the PlayOK records show
//! Every move of the 282 games in `shared/data/playok/` was replayed through the engine to
//! fix the special cases (the test `tests/playok.rs` checks all of them):
//! - A tuz move is written `ddX` with no kazan total, though the 3 korgools go to the kazan.
//! - `(N)` appears exactly when the last korgool captured an even number on the opponent's
//!   side. Korgools that reach the mover's kazan through a tuz during the sowing do not get a
//!   `(N)` by themselves, but they are counted in `N` when the move also captures.
//! - A last korgool that ends in a tuz is written with that tuz's house number, without a mark.
//! - The move that ends the game is written like any other: the collection of the remaining
//!   korgools is not in the notation. PlayOK adds a `{zero}` comment after the result of
//!   exactly the games that ended with the player to move out of korgools (25 of 282).
//! - Move numbers are `N.` before White's move only; `N...` never occurs (a game starting
//!   with Black to move would need it, and the reader accepts it).
//! - Of the 282 games, 35 end by the rules (10 by a kazan reaching 82, 25 by an empty row,
//!   11 of those 81:81 draws); the other 247 stop by resignation, time or agreement in a
//!   position that is not over, so their result token cannot be checked.

use core::fmt;
use core::str::FromStr;

use crate::position::{MoveOutcome, TOTAL};
use crate::types::House;

/// A move as written in a record: `76(10)`, `91X`, `45`, or a bare `7`.
///
/// ```
/// use toguz_engine::notation::NotatedMove;
/// let m: NotatedMove = "76(10)".parse().unwrap();
/// assert_eq!(m.from.get(), 7);
/// assert_eq!(m.landing.unwrap().get(), 6);
/// assert_eq!(m.total, Some(10));
/// assert_eq!(m.to_string(), "76(10)");
/// assert_eq!("91x".parse::<NotatedMove>().unwrap().to_string(), "91X");
/// assert_eq!("7".parse::<NotatedMove>().unwrap().landing, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotatedMove {
    /// The house the move starts from, in the mover's numbering.
    pub from: House,
    /// The house where the last korgool lands, numbered on its side; `None` for a bare digit.
    pub landing: Option<House>,
    /// The move made a tuz (`X` or `x`).
    pub tuz: bool,
    /// The mover's kazan after a capture, `(N)`.
    pub total: Option<u8>,
}

impl NotatedMove {
    /// A bare move: just the house it starts from.
    pub const fn bare(from: House) -> NotatedMove {
        NotatedMove {
            from,
            landing: None,
            tuz: false,
            total: None,
        }
    }

    /// The notation of a played move, PlayOK style: landing house, `X` when a tuz was made,
    /// `(N)` with the mover's kazan after an even capture.
    ///
    /// ```
    /// use toguz_engine::{Position, House, notation::NotatedMove};
    /// let (_, out) = Position::start().play(House::new(7).unwrap()).unwrap();
    /// assert_eq!(NotatedMove::of(&out).to_string(), "76(10)");
    /// ```
    pub fn of(outcome: &MoveOutcome) -> NotatedMove {
        let (tuz, total) = match outcome.capture {
            Some(c) if c.tuz => (true, None),
            Some(_) => (false, Some(outcome.kazans[outcome.side])),
            None => (false, None),
        };
        NotatedMove {
            from: outcome.from,
            landing: Some(outcome.last.house()),
            tuz,
            total,
        }
    }

    /// Checks this notation against the outcome of the move it names. A bare digit only
    /// checks the starting house. The `X` mark must be right both ways; a `(N)` total must
    /// match when written, but may be left out (`RULES.md` writes the shortest game without
    /// them: `1. 98 22 2. 87 12 ...`), whereas PlayOK always writes it.
    ///
    /// ```
    /// use toguz_engine::{Position, House, notation::{NotatedMove, Mismatch}};
    /// let (_, out) = Position::start().play(House::new(7).unwrap()).unwrap();
    /// let wrong: NotatedMove = "76(12)".parse().unwrap();
    /// assert_eq!(wrong.check(&out), Err(Mismatch::CaptureTotal { written: Some(12), actual: Some(10) }));
    /// assert!("7".parse::<NotatedMove>().unwrap().check(&out).is_ok());
    /// assert!("76".parse::<NotatedMove>().unwrap().check(&out).is_ok());
    /// assert!("75(10)".parse::<NotatedMove>().unwrap().check(&out).is_err());
    /// ```
    pub fn check(&self, outcome: &MoveOutcome) -> Result<(), Mismatch> {
        let actual = NotatedMove::of(outcome);
        if self.from != actual.from {
            return Err(Mismatch::From {
                written: self.from,
                actual: actual.from,
            });
        }
        let Some(landing) = self.landing else {
            return Ok(());
        };
        let actual_landing = outcome.last.house();
        if landing != actual_landing {
            return Err(Mismatch::Landing {
                written: landing,
                actual: actual_landing,
            });
        }
        if self.tuz != actual.tuz {
            return Err(Mismatch::TuzMark {
                written: self.tuz,
                actual: actual.tuz,
            });
        }
        if self.total.is_some() && self.total != actual.total {
            return Err(Mismatch::CaptureTotal {
                written: self.total,
                actual: actual.total,
            });
        }
        Ok(())
    }
}

impl From<House> for NotatedMove {
    fn from(h: House) -> NotatedMove {
        NotatedMove::bare(h)
    }
}

impl fmt::Display for NotatedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        if let Some(l) = self.landing {
            write!(f, "{l}")?;
        }
        if self.tuz {
            f.write_str("X")?;
        }
        if let Some(n) = self.total {
            write!(f, "({n})")?;
        }
        Ok(())
    }
}

/// Why a move token does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// The token is empty.
    Empty,
    /// The first character is not a house digit 1..9.
    BadFrom,
    /// The second character is not a house digit 1..9.
    BadLanding,
    /// A `(` without a number 0..=162 and a closing `)`.
    BadTotal,
    /// A tuz mark or total after a bare house digit (the landing house is missing).
    NoLanding,
    /// Characters after the end of the move.
    Trailing,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseMoveError::Empty => "empty move",
            ParseMoveError::BadFrom => "a move starts with a house digit 1-9",
            ParseMoveError::BadLanding => "the landing house must be a digit 1-9",
            ParseMoveError::BadTotal => "a kazan total is written (N) with N from 0 to 162",
            ParseMoveError::NoLanding => "a tuz mark or kazan total needs the landing house",
            ParseMoveError::Trailing => "unexpected characters after the move",
        })
    }
}

impl std::error::Error for ParseMoveError {}

fn house_digit(b: u8) -> Option<House> {
    if b.is_ascii_digit() {
        House::new(b - b'0')
    } else {
        None
    }
}

impl FromStr for NotatedMove {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<NotatedMove, ParseMoveError> {
        let b = s.as_bytes();
        let (&first, rest) = b.split_first().ok_or(ParseMoveError::Empty)?;
        let from = house_digit(first).ok_or(ParseMoveError::BadFrom)?;
        let Some((&second, mut rest)) = rest.split_first() else {
            return Ok(NotatedMove::bare(from));
        };
        let landing = match house_digit(second) {
            Some(h) => h,
            None if matches!(second, b'X' | b'x' | b'(') => return Err(ParseMoveError::NoLanding),
            None => return Err(ParseMoveError::BadLanding),
        };
        let mut tuz = false;
        if let Some((b'X' | b'x', r)) = rest.split_first() {
            tuz = true;
            rest = r;
        }
        let mut total = None;
        if let Some((b'(', r)) = rest.split_first() {
            let close = r
                .iter()
                .position(|&c| c == b')')
                .ok_or(ParseMoveError::BadTotal)?;
            let digits = &r[..close];
            if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
                return Err(ParseMoveError::BadTotal);
            }
            let n = digits
                .iter()
                .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
            if n > TOTAL {
                return Err(ParseMoveError::BadTotal);
            }
            total = Some(n as u8);
            rest = &r[close + 1..];
        }
        if !rest.is_empty() {
            return Err(ParseMoveError::Trailing);
        }
        Ok(NotatedMove {
            from,
            landing: Some(landing),
            tuz,
            total,
        })
    }
}

/// How a written move disagrees with the move the engine played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The starting house differs (only when checking against another move's outcome).
    From { written: House, actual: House },
    /// The last korgool lands elsewhere.
    Landing { written: House, actual: House },
    /// The `(N)` kazan total is missing, extra or wrong.
    CaptureTotal {
        written: Option<u8>,
        actual: Option<u8>,
    },
    /// The `X` tuz mark is missing or extra.
    TuzMark { written: bool, actual: bool },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mismatch::From { written, actual } => {
                write!(
                    f,
                    "written from house {written}, played from house {actual}"
                )
            }
            Mismatch::Landing { written, actual } => write!(
                f,
                "landing house does not match: written {written}, the last korgool lands in {actual}"
            ),
            Mismatch::CaptureTotal { written, actual } => {
                let show = |n: Option<u8>| match n {
                    Some(n) => format!("({n})"),
                    None => "no capture".to_string(),
                };
                write!(
                    f,
                    "capture total does not match: written {}, played {}",
                    show(written),
                    show(actual)
                )
            }
            Mismatch::TuzMark { written: true, .. } => {
                f.write_str("tuz mark wrong: written X, but the move makes no tuz")
            }
            Mismatch::TuzMark { written: false, .. } => {
                f.write_str("tuz mark wrong: the move makes a tuz, but no X is written")
            }
        }
    }
}

impl std::error::Error for Mismatch {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        for s in ["76(10)", "91X", "45", "7", "11(0)", "99(162)", "36X(12)"] {
            let m: NotatedMove = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        assert_eq!("".parse::<NotatedMove>(), Err(ParseMoveError::Empty));
        assert_eq!("0".parse::<NotatedMove>(), Err(ParseMoveError::BadFrom));
        assert_eq!("70".parse::<NotatedMove>(), Err(ParseMoveError::BadLanding));
        assert_eq!("7X".parse::<NotatedMove>(), Err(ParseMoveError::NoLanding));
        assert_eq!("76(".parse::<NotatedMove>(), Err(ParseMoveError::BadTotal));
        assert_eq!("76()".parse::<NotatedMove>(), Err(ParseMoveError::BadTotal));
        assert_eq!(
            "76(163)".parse::<NotatedMove>(),
            Err(ParseMoveError::BadTotal)
        );
        assert_eq!(
            "76(1)x".parse::<NotatedMove>(),
            Err(ParseMoveError::Trailing)
        );
        assert_eq!("766".parse::<NotatedMove>(), Err(ParseMoveError::Trailing));
        assert_eq!("7é".parse::<NotatedMove>(), Err(ParseMoveError::BadLanding));
    }
}
