//! The rating a game's play showed: a side's accuracy (from the review) read through the fit
//! of accuracy against rating on the PlayOK games, with the range that the game's length
//! allows. `docs/ratings.md` gives the data, the fit and the command that reproduces it.
//!
//! ```
//! use toguz_coach::estimate::{estimate_rating, MIN_MOVES};
//! let e = estimate_rating(95.0, 60).expect("sixty moves are enough");
//! assert!(e.low <= e.rating && e.rating <= e.high);
//! assert_eq!(estimate_rating(95.0, MIN_MOVES - 1), None);
//! ```

use serde::{Deserialize, Serialize};

/// A straight line of mean accuracy against rating, and how far one side's accuracy strays
/// from it: `spread² = skill + per_move / moves` (in accuracy points squared).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingFit {
    /// Mean accuracy at rating 0 (the line's intercept).
    pub intercept: f64,
    /// Accuracy points per rating point.
    pub slope: f64,
    /// The part of the spread that does not shrink with the game's length.
    pub skill: f64,
    /// The part that does, times the number of moves.
    pub per_move: f64,
    /// The lowest and highest rating the estimate gives: the line is not trusted beyond the
    /// data and a little past it.
    pub floor: f64,
    /// See `floor`.
    pub ceiling: f64,
}

/// The fit on the PlayOK games (`docs/ratings.md`): sides of at least [`MIN_MOVES`] moves.
pub const PLAYOK_FIT: RatingFit = RatingFit {
    intercept: 95.160,
    slope: 0.000268,
    skill: 0.0,
    per_move: 142.3,
    floor: 600.0,
    ceiling: 2400.0,
};

/// Fewer moves than this by one side say too little for an estimate.
pub const MIN_MOVES: usize = 30;

/// A rating estimate with its range (about two chances in three that the player's rating lies
/// within it, by the spread of the PlayOK players' accuracies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingEstimate {
    /// The rating whose mean accuracy is the one shown.
    pub rating: u16,
    /// The lower end of the range.
    pub low: u16,
    /// The upper end of the range.
    pub high: u16,
}

impl RatingFit {
    /// The mean accuracy of players rated `rating`.
    pub fn accuracy_at(&self, rating: f64) -> f64 {
        self.intercept + self.slope * rating
    }

    /// The rating whose mean accuracy is `accuracy`, within the floor and the ceiling.
    pub fn rating_at(&self, accuracy: f64) -> f64 {
        ((accuracy - self.intercept) / self.slope).clamp(self.floor, self.ceiling)
    }

    /// The spread (one standard deviation, accuracy points) of a side's accuracy over
    /// `moves` moves.
    pub fn spread(&self, moves: usize) -> f64 {
        (self.skill + self.per_move / moves.max(1) as f64)
            .max(0.0)
            .sqrt()
    }

    /// The estimate for a side that played `moves` moves at `accuracy`; `None` when the game
    /// is too short to tell (fewer than [`MIN_MOVES`]) or the accuracy is not a number.
    pub fn estimate(&self, accuracy: f64, moves: usize) -> Option<RatingEstimate> {
        if moves < MIN_MOVES || !accuracy.is_finite() {
            return None;
        }
        let spread = self.spread(moves);
        let round = |r: f64| (r / 10.0).round() as u16 * 10;
        Some(RatingEstimate {
            rating: round(self.rating_at(accuracy)),
            low: round(self.rating_at(accuracy - spread)),
            high: round(self.rating_at(accuracy + spread)),
        })
    }
}

/// [`RatingFit::estimate`] with the PlayOK fit.
pub fn estimate_rating(accuracy: f64, moves: usize) -> Option<RatingEstimate> {
    PLAYOK_FIT.estimate(accuracy, moves)
}
