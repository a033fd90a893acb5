//! The rating a person's play in one game showed, with its range: a posterior over the rating
//! on a grid, from three things a game says (`docs/ratings.md` gives the data, the fit and the
//! command that reproduces the numbers):
//!
//! - the prior: centred on the mean rating of the PlayOK players whose games were reviewed, and
//!   wide enough to span the app's levels (theirs is too narrow for the app's players),
//! - the result against the opponent's rating (Elo's logistic expectation),
//! - the difference of the two sides' accuracies, which follows the difference of their ratings
//!   within a game (the accuracy alone does not follow the rating), with a spread that grows as
//!   the game is shorter.
//!
//! ```
//! use toguz_coach::estimate::{estimate, Evidence, GameSide, MIN_MOVES};
//! let won = Evidence {
//!     own: GameSide { accuracy: Some(96.0), moves: 60 },
//!     opponent: GameSide { accuracy: Some(95.0), moves: 60 },
//!     opponent_rating: 1700.0,
//!     score: Some(1.0),
//! };
//! let e = estimate(&won).expect("sixty moves are enough");
//! assert!(e.low <= e.rating && e.rating <= e.high);
//! let short = Evidence { own: GameSide { accuracy: Some(96.0), moves: MIN_MOVES - 1 }, ..won };
//! assert_eq!(estimate(&short), None);
//! ```

use serde::{Deserialize, Serialize};

/// The model's numbers: the prior, the line of the accuracy difference against the rating
/// difference, and the spread of that difference around the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingModel {
    /// The prior's mean rating.
    pub prior_mean: f64,
    /// The prior's standard deviation.
    pub prior_sd: f64,
    /// Accuracy points of difference per rating point of difference.
    pub slope: f64,
    /// The difference's variance, `per_move × (1/moves + 1/opponent's moves)` (accuracy
    /// points squared): the shorter the game, the less the difference says.
    pub per_move: f64,
    /// The grid's lowest rating.
    pub floor: f64,
    /// The grid's highest rating.
    pub ceiling: f64,
    /// The grid's step.
    pub step: f64,
}

/// The fit on the PlayOK games (`docs/ratings.md`): the 509 rated sides of at least
/// [`MIN_MOVES`] moves for the prior's mean, the 253 games where both sides have as many for the
/// line and its spread. The prior's spread is chosen: the PlayOK players' (132) is that of two
/// accounts and their like-rated opponents, and would read a win against level 8 as about 2000.
pub const PLAYOK_MODEL: RatingModel = RatingModel {
    prior_mean: 1697.0,
    prior_sd: 300.0,
    slope: 0.00442,
    per_move: 60.1,
    floor: 600.0,
    ceiling: 3400.0,
    step: 10.0,
};

/// Fewer moves than this by the person say too little for an estimate.
pub const MIN_MOVES: usize = 30;

/// What one side did in the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameSide {
    /// Its accuracy from the review (0 to 100), if it has one.
    pub accuracy: Option<f64>,
    /// Its number of moves.
    pub moves: usize,
}

/// What a game says of one person: their side, the opponent's, the opponent's rating and the
/// result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evidence {
    /// The person's side.
    pub own: GameSide,
    /// The opponent's side.
    pub opponent: GameSide,
    /// The opponent's rating: a level's, or a typical player's when it is not known.
    pub opponent_rating: f64,
    /// The person's score: 1 a win, 0.5 a draw, 0 a loss; `None` when the game has no result.
    pub score: Option<f64>,
}

/// A rating estimate with its range (the central two thirds of the posterior: about two
/// chances in three that the rating lies within it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingEstimate {
    /// The posterior's mean, rounded to 10.
    pub rating: u16,
    /// The lower end of the range.
    pub low: u16,
    /// The upper end of the range.
    pub high: u16,
}

/// Elo's expected score of a player rated `rating` against one rated `opponent`.
pub fn expected_score(rating: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))
}

impl RatingModel {
    /// The log of the posterior's density (unnormalised) at `rating`.
    fn log_density(&self, e: &Evidence, rating: f64) -> f64 {
        let z = (rating - self.prior_mean) / self.prior_sd;
        let mut log = -0.5 * z * z;
        if let Some(s) = e.score.filter(|s| (0.0..=1.0).contains(s)) {
            let p = expected_score(rating, e.opponent_rating).clamp(1e-12, 1.0 - 1e-12);
            log += s * p.ln() + (1.0 - s) * (1.0 - p).ln();
        }
        if let (Some(own), Some(other)) = (e.own.accuracy, e.opponent.accuracy) {
            let variance =
                self.per_move * (1.0 / e.own.moves as f64 + 1.0 / e.opponent.moves.max(1) as f64);
            let miss = own - other - self.slope * (rating - e.opponent_rating);
            if own.is_finite() && other.is_finite() && variance > 0.0 {
                log -= 0.5 * miss * miss / variance;
            }
        }
        log
    }

    /// The estimate for the person of `e`; `None` when they played fewer than [`MIN_MOVES`]
    /// moves, or the evidence is not numbers (an opponent's rating that is not finite).
    pub fn estimate(&self, e: &Evidence) -> Option<RatingEstimate> {
        if e.own.moves < MIN_MOVES || !e.opponent_rating.is_finite() {
            return None;
        }
        let n = ((self.ceiling - self.floor) / self.step).round() as usize + 1;
        let grid: Vec<f64> = (0..n).map(|i| self.floor + i as f64 * self.step).collect();
        let logs: Vec<f64> = grid.iter().map(|&r| self.log_density(e, r)).collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !top.is_finite() {
            return None;
        }
        let weights: Vec<f64> = logs.iter().map(|l| (l - top).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mean = grid.iter().zip(&weights).map(|(r, w)| r * w).sum::<f64>() / total;
        let quantile = |q: f64| {
            let mut seen = 0.0;
            for (r, w) in grid.iter().zip(&weights) {
                seen += w / total;
                if seen >= q {
                    return *r;
                }
            }
            self.ceiling
        };
        let round = |r: f64| ((r / 10.0).round() * 10.0).clamp(0.0, f64::from(u16::MAX)) as u16;
        Some(RatingEstimate {
            rating: round(mean),
            low: round(quantile(0.16)),
            high: round(quantile(0.84)),
        })
    }
}

/// [`RatingModel::estimate`] with the PlayOK model.
pub fn estimate(e: &Evidence) -> Option<RatingEstimate> {
    PLAYOK_MODEL.estimate(e)
}
