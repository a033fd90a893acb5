//! The rating each person's play showed in a finished game, for the end dialog and the review:
//! whose sides get one, against which opponent's rating, and what the game says
//! (`toguz_coach::estimate` does the sums; `docs/ratings.md` the data).
//!
//! Against the computer the opponent's rating is the level's (`Level::rating`, measured). When
//! two people play, neither rating is known: each side is read against a typical PlayOK player
//! (the prior's mean), and the words say so. The computer against itself: nothing.

use toguz_coach::estimate::{estimate, Evidence, GameSide, RatingEstimate, PLAYOK_MODEL};
use toguz_coach::review::GameReview;
use toguz_engine::{BySide, GameResult, Side};

use super::game::Mode;

/// What the game says of one person's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingShown {
    /// Played like a player rated about this, within its range; `typical_opponent` when the
    /// opponent's rating is not known and a typical player's stood in for it.
    About {
        /// The estimate and its range.
        estimate: RatingEstimate,
        /// The opponent was read as a typical player ([`typical_rating`]).
        typical_opponent: bool,
    },
    /// Too few moves by this person to tell.
    TooShort,
}

/// Where the estimate after a game is: its review runs first.
#[derive(Clone, Debug, PartialEq)]
pub enum EstimateState {
    /// The game's review is under way.
    Estimating,
    /// The review failed; no estimate.
    Failed,
    /// Each person's estimate (the computer's sides `None`), and each side's number of moves.
    Shown {
        /// Each person's estimate.
        ratings: BySide<Option<RatingShown>>,
        /// Each side's moves.
        moves: BySide<usize>,
    },
}

impl EstimateState {
    /// The state of the estimate from the game's review as far as it goes: `review` of
    /// `done` of the `total` moves, `failed` if the run stopped on an error.
    pub fn of_run(
        review: Option<&GameReview>,
        done: usize,
        total: usize,
        failed: bool,
        mode: Mode,
        result: Option<GameResult>,
    ) -> EstimateState {
        match review {
            _ if failed => EstimateState::Failed,
            _ if done < total => EstimateState::Estimating,
            Some(r) => EstimateState::Shown {
                ratings: ratings_of_review(r, mode, result),
                moves: moves_of(r),
            },
            None => EstimateState::Failed,
        }
    }

    /// The estimate the page's attributes carry: the first person's (White's when two people
    /// play).
    pub fn first(&self) -> Option<RatingEstimate> {
        match self {
            EstimateState::Shown { ratings, .. } => [ratings.white, ratings.black]
                .into_iter()
                .find_map(|r| match r {
                    Some(RatingShown::About { estimate, .. }) => Some(estimate),
                    _ => None,
                }),
            _ => None,
        }
    }
}

/// Each side's number of moves in a review.
fn moves_of(review: &GameReview) -> BySide<usize> {
    let moves = |side: Side| review.moves.iter().filter(|m| m.side == side).count();
    BySide::new(moves(Side::White), moves(Side::Black))
}

/// The rating of a typical player, which stands in for an opponent whose rating is unknown:
/// the PlayOK players' mean, as the words show it (to 50).
pub fn typical_rating() -> u16 {
    ((PLAYOK_MODEL.prior_mean / 50.0).round() * 50.0) as u16
}

/// The opponent's rating for the person playing `side`: the level's against the computer, a
/// typical player's (and `true`) against a person; `None` when no person plays `side`.
pub fn opponent_rating(mode: Mode, side: Side) -> Option<(f64, bool)> {
    if !mode.is_human(side) {
        return None;
    }
    Some(match mode.computer(side.opponent()) {
        Some(level) => (f64::from(level.rating()), false),
        None => (PLAYOK_MODEL.prior_mean, true),
    })
}

/// The rating each person's play showed, from each side's accuracy and number of moves and
/// the game's result (`None`: no result, only the accuracies count). The computer's sides get
/// `None`.
pub fn ratings_shown(
    accuracy: BySide<Option<f64>>,
    moves: BySide<usize>,
    mode: Mode,
    result: Option<GameResult>,
) -> BySide<Option<RatingShown>> {
    let shown = |side: Side| {
        let (opponent_rating, typical_opponent) = opponent_rating(mode, side)?;
        let score = result.map(|r| match r {
            GameResult::Win(w) if w == side => 1.0,
            GameResult::Win(_) => 0.0,
            GameResult::Draw => 0.5,
        });
        let evidence = Evidence {
            own: GameSide {
                accuracy: accuracy[side],
                moves: moves[side],
            },
            opponent: GameSide {
                accuracy: accuracy[side.opponent()],
                moves: moves[side.opponent()],
            },
            opponent_rating,
            score,
        };
        Some(
            estimate(&evidence).map_or(RatingShown::TooShort, |estimate| RatingShown::About {
                estimate,
                typical_opponent,
            }),
        )
    };
    BySide::new(shown(Side::White), shown(Side::Black))
}

/// [`ratings_shown`] of a whole game's review.
pub fn ratings_of_review(
    review: &GameReview,
    mode: Mode,
    result: Option<GameResult>,
) -> BySide<Option<RatingShown>> {
    ratings_shown(review.accuracy, moves_of(review), mode, result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_coach::estimate::MIN_MOVES;
    use toguz_engine::search::Level;

    fn even(moves: usize) -> (BySide<Option<f64>>, BySide<usize>) {
        (
            BySide::new(Some(95.0), Some(95.0)),
            BySide::new(moves, moves),
        )
    }

    fn about(shown: Option<RatingShown>) -> (RatingEstimate, bool) {
        match shown {
            Some(RatingShown::About {
                estimate,
                typical_opponent,
            }) => (estimate, typical_opponent),
            other => panic!("no estimate: {other:?}"),
        }
    }

    #[test]
    fn against_the_computer_only_the_person_gets_an_estimate_read_against_the_level() {
        let (acc, moves) = even(50);
        let weak = Mode::Computer {
            human: Side::White,
            level: Level::ALL[0],
        };
        let strong = Mode::Computer {
            human: Side::White,
            level: Level::ALL[6],
        };
        let win = Some(GameResult::Win(Side::White));
        let shown = ratings_shown(acc, moves, weak, win);
        assert_eq!(shown.black, None);
        let (against_weak, typical) = about(shown.white);
        assert!(!typical);
        let (against_strong, _) = about(ratings_shown(acc, moves, strong, win).white);
        assert!(against_weak.rating < against_strong.rating);
    }

    #[test]
    fn two_people_are_each_read_against_a_typical_player_and_the_winner_above_the_loser() {
        let (acc, moves) = even(50);
        let shown = ratings_shown(
            acc,
            moves,
            Mode::TwoPlayers,
            Some(GameResult::Win(Side::Black)),
        );
        let (white, typical) = about(shown.white);
        let (black, _) = about(shown.black);
        assert!(typical);
        assert!(white.rating < black.rating);
        // By link, only this device's player.
        let linked = ratings_shown(acc, moves, Mode::Link { me: Side::Black }, None);
        assert_eq!(linked.white, None);
        assert!(about(linked.black).1);
    }

    #[test]
    fn the_computer_against_itself_gets_nothing_and_a_short_game_says_so() {
        let (acc, moves) = even(50);
        let watch = Mode::Watch {
            level: Level::ALL[3],
        };
        assert_eq!(
            ratings_shown(acc, moves, watch, None),
            BySide::new(None, None)
        );
        let (acc, moves) = even(MIN_MOVES - 1);
        assert_eq!(
            ratings_shown(acc, moves, Mode::TwoPlayers, Some(GameResult::Draw)),
            BySide::new(Some(RatingShown::TooShort), Some(RatingShown::TooShort))
        );
    }
}
