//! The search score: symmetric, with win/loss-in-N forms.

use core::fmt;
use core::ops::Neg;
use serde::{Deserialize, Serialize};

/// A score from the point of view of the player to move, in hundredths of a korgool.
///
/// Symmetric: `Score::MIN == -Score::MAX`. Scores beyond [`Score::DECISIVE`] mean a game won
/// (positive) or lost (negative) in a known number of plies.
///
/// ```
/// use toguz_engine::search::Score;
/// assert_eq!(Score::MIN, -Score::MAX);
/// assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
/// assert_eq!(Score::loss_in(4).plies_to_end(), Some(-4));
/// assert_eq!(Score::win_in(7).to_string(), "win-in-7");
/// assert_eq!(Score::from_eval(-350).to_string(), "-3.50");
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Score(i32);

/// A won game at the root: `WIN_AT - plies`.
const WIN_AT: i32 = 31_000;
/// The longest distance to the end a score can express.
const MAX_MATE_PLY: i32 = 1_000;

impl Score {
    /// Above every score: the upper end of the search window.
    pub const MAX: Score = Score(32_000);
    /// Below every score: the lower end of the search window.
    pub const MIN: Score = Score(-32_000);
    /// A drawn game, or an even position.
    pub const DRAW: Score = Score(0);
    /// Scores at or above this value (or at or below its negation) are proven wins (losses).
    pub const DECISIVE: Score = Score(WIN_AT - MAX_MATE_PLY);

    /// A win for the player to move `plies` half-moves from now.
    pub const fn win_in(plies: u32) -> Score {
        let p = if plies as i32 > MAX_MATE_PLY || plies > i32::MAX as u32 {
            MAX_MATE_PLY
        } else {
            plies as i32
        };
        Score(WIN_AT - p)
    }

    /// A loss for the player to move `plies` half-moves from now.
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Score::win_in(plies).0)
    }

    /// An evaluation in hundredths of a korgool, clamped below the decisive range.
    pub const fn from_eval(v: i32) -> Score {
        let lim = Score::DECISIVE.0 - 1;
        Score(if v > lim {
            lim
        } else if v < -lim {
            -lim
        } else {
            v
        })
    }

    /// The raw value (hundredths of a korgool, or the decisive encoding).
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Builds a score from a raw value, clamped into `MIN..=MAX`.
    pub const fn from_raw(v: i32) -> Score {
        Score(if v > Score::MAX.0 {
            Score::MAX.0
        } else if v < Score::MIN.0 {
            Score::MIN.0
        } else {
            v
        })
    }

    /// True for a proven win or loss.
    pub const fn is_decisive(self) -> bool {
        self.0 >= Score::DECISIVE.0 || self.0 <= -Score::DECISIVE.0
    }

    /// For a decisive score, the plies to the end: positive when the player to move wins,
    /// negative when they lose.
    pub const fn plies_to_end(self) -> Option<i32> {
        if self.0 >= Score::DECISIVE.0 {
            Some(WIN_AT - self.0)
        } else if self.0 <= -Score::DECISIVE.0 {
            Some(-(WIN_AT + self.0))
        } else {
            None
        }
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+3.50` (korgools, two decimals), `0.00`, `win-in-7` or `loss-in-4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(p) if p >= 0 => write!(f, "win-in-{p}"),
            Some(p) => write!(f, "loss-in-{}", -p),
            None => {
                let v = self.0;
                let sign = if v > 0 {
                    "+"
                } else if v < 0 {
                    "-"
                } else {
                    ""
                };
                write!(f, "{sign}{}.{:02}", v.abs() / 100, v.abs() % 100)
            }
        }
    }
}
