//! Puzzle ratings: Glicko-2 (the `skillratings` crate) for the player and for each puzzle,
//! each solve or failure a game between the two, and the next puzzle picked near the
//! player's rating.
//!
//! ```
//! use toguz_coach::rating::{Attempt, PlayerRating, PuzzleRating};
//! let player = PlayerRating::default();
//! let puzzle = PuzzleRating::initial(1600);
//! let (p, q) = player.after(&puzzle, Attempt::Solved);
//! assert!(p.0.rating > player.0.rating);
//! assert!(q.0.rating < 1600.0);
//! ```

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

/// A Glicko-2 rating: the player's puzzle rating, or a puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is (350 for a new player).
    pub deviation: f64,
    /// The volatility: how erratic the results are (0.06 at first).
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// A puzzle's deviation at first: its rating comes from the search, an estimate.
pub const PUZZLE_DEVIATION: f64 = 150.0;

/// The Glicko-2 constant tau (how fast the volatility changes): 0.5, as in Glickman's example.
pub const TAU: f64 = 0.5;

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// The result of one try at a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Attempt {
    /// Every move of the solution found (a win for the player, a loss for the puzzle).
    Solved,
    /// A wrong move (a loss for the player).
    Failed,
}

/// The player's puzzle rating (saved with the player's progress).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerRating(pub Rating);

/// A puzzle's rating (its starting value from the puzzle file, then updated by tries).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PuzzleRating(pub Rating);

impl PuzzleRating {
    /// A puzzle's starting rating: its rating from the file, deviation [`PUZZLE_DEVIATION`].
    pub fn initial(rating: u16) -> PuzzleRating {
        PuzzleRating(Rating {
            rating: f64::from(rating),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        })
    }
}

impl PlayerRating {
    /// The player's rating and the puzzle's after one try: one Glicko-2 game between them,
    /// won by the player when solved and by the puzzle when failed.
    pub fn after(&self, puzzle: &PuzzleRating, attempt: Attempt) -> (PlayerRating, PuzzleRating) {
        let outcome = match attempt {
            Attempt::Solved => Outcomes::WIN,
            Attempt::Failed => Outcomes::LOSS,
        };
        let (p, q) = glicko2(&self.0.into(), &puzzle.0.into(), &outcome, &config());
        (PlayerRating(p.into()), PuzzleRating(q.into()))
    }

    /// Picks the next puzzle near this rating: see [`pick_near`].
    pub fn pick(&self, ratings: &[u16], skip: impl Fn(usize) -> bool) -> Option<usize> {
        pick_near(ratings, self.0.rating, skip)
    }
}

impl Rating {
    /// This rating after a Glicko-2 rating period of several games (each an opponent's rating
    /// and the score: 1 a win, 0 a loss, 0.5 a draw). Glickman's worked example is one.
    pub fn after_period(&self, games: &[(Rating, f64)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|&(r, s)| {
                let o = if s >= 0.75 {
                    Outcomes::WIN
                } else if s <= 0.25 {
                    Outcomes::LOSS
                } else {
                    Outcomes::DRAW
                };
                (r.into(), o)
            })
            .collect();
        glicko2_rating_period(&(*self).into(), &results, &config()).into()
    }
}

/// Picks the next puzzle: among `ratings` (each puzzle's current rating, by index) those not
/// in `skip`, the one whose rating is nearest `target`; `None` when all are skipped.
/// `target` is usually the player's rating; a trainer can aim a little above it. Among
/// puzzles equally near, the first is taken (shuffle the order for variety).
///
/// ```
/// use toguz_coach::rating::pick_near;
/// let ratings = [1200, 1500, 1580, 1900];
/// assert_eq!(pick_near(&ratings, 1550.0, |_| false), Some(2));
/// assert_eq!(pick_near(&ratings, 1550.0, |i| i == 2), Some(1));
/// assert_eq!(pick_near(&ratings, 1550.0, |_| true), None);
/// ```
pub fn pick_near(ratings: &[u16], target: f64, skip: impl Fn(usize) -> bool) -> Option<usize> {
    ratings
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip(*i))
        .min_by(|a, b| {
            let da = (f64::from(*a.1) - target).abs();
            let db = (f64::from(*b.1) - target).abs();
            da.total_cmp(&db)
        })
        .map(|(i, _)| i)
}
