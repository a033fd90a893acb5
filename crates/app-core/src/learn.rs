//! Learn from your mistakes, without a browser: at each of the learners' mistakes and blunders
//! the board shows the position before it; the player tries a move, the worker values it to
//! the review's depth and [`judge_try`] judges it against the engine's move; then retry, show
//! the engine's move, or go on to the next mistake. Commands in, [`LearnAction`]s out; the
//! review screen (`features::review::learn`) draws the stage and carries out the actions.

use toguz_coach::review::{judge_try, GameReview, MoveReview, PositionAnalysis, Retry};
use toguz_engine::{BySide, House, Position, Square};

use crate::ai::Task;
use crate::review::{board_task, mistakes};

/// Where the exercise is at the mistake shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Waiting for the player's try.
    Trying,
    /// The worker values the try `House`.
    Judging(House),
    /// The try was judged.
    Judged(House, Retry),
    /// The engine's move is shown.
    Shown,
}

impl Stage {
    /// The stage's name, for the page's tests (`data-state`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Trying => "trying",
            Stage::Judging(_) => "judging",
            Stage::Judged(_, Retry::Found { .. }) => "found",
            Stage::Judged(_, Retry::NotBetter { .. }) => "not-better",
            Stage::Judged(_, Retry::Illegal) => "illegal",
            Stage::Shown => "shown",
        }
    }
}

/// What the exercise asks of its host.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnAction {
    /// Value the try `house` at `position` with `task` in the worker; give the final analysis
    /// to [`Learning::valued`].
    Value {
        /// The position before the mistake.
        position: Position,
        /// The try.
        house: House,
        /// What the worker is asked.
        task: Task,
    },
}

/// One mistake to learn from.
#[derive(Clone, Debug, PartialEq)]
struct Mistake {
    /// Its index in the game's moves.
    ply: usize,
    /// The position before it.
    before: Position,
    /// Its review (the engine's best move and value).
    review: MoveReview,
}

/// The exercise over the learners' mistakes of a reviewed game, one after another.
#[derive(Clone, Debug, PartialEq)]
pub struct Learning {
    mistakes: Vec<Mistake>,
    /// The mistake shown, an index into `mistakes` (past the last: all done).
    at: usize,
    stage: Stage,
}

impl Learning {
    /// The exercise over the mistakes and blunders that `sides` played in the game reviewed
    /// by `review`; `positions[i]` is the position before move `i`.
    pub fn new(review: &GameReview, positions: &[Position], sides: BySide<bool>) -> Learning {
        let mistakes = mistakes(review, sides)
            .into_iter()
            .filter_map(|ply| {
                Some(Mistake {
                    ply,
                    before: *positions.get(ply)?,
                    review: review.moves.get(ply)?.clone(),
                })
            })
            .collect();
        Learning {
            mistakes,
            at: 0,
            stage: Stage::Trying,
        }
    }

    /// True when the game has no mistake to learn from.
    pub fn is_empty(&self) -> bool {
        self.mistakes.is_empty()
    }

    /// The index in the game of the mistake shown; `None` once all are done.
    pub fn current(&self) -> Option<usize> {
        self.mistake().map(|m| m.ply)
    }

    fn mistake(&self) -> Option<&Mistake> {
        self.mistakes.get(self.at)
    }

    /// The position before the mistake shown.
    pub fn before(&self) -> Option<Position> {
        self.mistake().map(|m| m.before)
    }

    /// The engine's move at the mistake shown.
    pub fn best(&self) -> Option<House> {
        self.mistake().map(|m| m.review.best.mv)
    }

    /// Where the exercise is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// True while a try may be played on the board.
    pub fn trying(&self) -> bool {
        self.stage == Stage::Trying && self.mistake().is_some()
    }

    /// True when the player may try again (after a verdict or the engine's move shown).
    pub fn can_retry(&self) -> bool {
        matches!(self.stage, Stage::Judged(..) | Stage::Shown) && self.mistake().is_some()
    }

    /// True when the engine's move may be shown.
    pub fn can_show(&self) -> bool {
        self.stage != Stage::Shown && self.mistake().is_some()
    }

    /// The board: the position before the mistake, or after the try or the engine's move,
    /// with that move's first and last squares to mark.
    pub fn board(&self) -> Option<(Position, Option<(Square, Square)>)> {
        let before = self.before()?;
        let house = match self.stage {
            Stage::Trying => None,
            Stage::Judging(h) | Stage::Judged(h, _) => Some(h),
            Stage::Shown => self.best(),
        };
        let after = house.and_then(|h| {
            let mut p = before;
            let o = p.try_play(h).ok()?;
            Some((p, (Square::new(o.side, o.from), o.last)))
        });
        Some(match after {
            Some((p, mark)) => (p, Some(mark)),
            None => (before, None),
        })
    }

    /// A press on `square`: a legal move of the side to move, while trying, is the try, and
    /// the worker is asked to value it; anything else does nothing.
    pub fn press(&mut self, square: Square) -> Vec<LearnAction> {
        let Some(before) = self.before() else {
            return Vec::new();
        };
        let house = square.house();
        if self.stage != Stage::Trying
            || square.side() != before.turn()
            || before.check(house).is_err()
        {
            return Vec::new();
        }
        self.stage = Stage::Judging(house);
        vec![LearnAction::Value {
            position: before,
            house,
            task: board_task(Some(house)),
        }]
    }

    /// The worker's final analysis of the try `house`: the verdict. A late answer, for a try
    /// no longer waited for, is dropped.
    pub fn valued(&mut self, house: House, analysis: &PositionAnalysis) {
        if self.stage != Stage::Judging(house) {
            return;
        }
        let Some(m) = self.mistake() else {
            return;
        };
        let verdict = match analysis.line_of(house) {
            Some(line) => judge_try(&m.review, house, line.score),
            None => Retry::Illegal,
        };
        self.stage = Stage::Judged(house, verdict);
    }

    /// Tries the same mistake again.
    pub fn retry(&mut self) {
        self.stage = Stage::Trying;
    }

    /// Shows the engine's move.
    pub fn show(&mut self) {
        if self.mistake().is_some() {
            self.stage = Stage::Shown;
        }
    }

    /// Goes on to the next mistake.
    pub fn next(&mut self) {
        self.at = (self.at + 1).min(self.mistakes.len());
        self.stage = Stage::Trying;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::partial_review;
    use toguz_coach::review::{analyse_position, ReviewSettings};
    use toguz_engine::search::{PvLine, Score, Searcher};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    /// The game 4 1 2 (White's 2 gives away a big capture), reviewed, and its positions.
    fn blunder_game() -> (GameReview, Vec<Position>) {
        let moves = [h(4), h(1), h(2)];
        let mut searcher = Searcher::new(4);
        let mut pos = Position::start();
        let (mut analyses, mut positions) = (Vec::new(), vec![pos]);
        for &m in &moves {
            let settings = ReviewSettings::default();
            analyses.push(
                analyse_position(&mut searcher, &pos, Some(m), &settings, |_| false).unwrap(),
            );
            pos.play_unchecked(m);
            positions.push(pos);
        }
        let review = partial_review(&Position::start(), &moves, &analyses).unwrap();
        (review, positions)
    }

    fn white_learns() -> Learning {
        let (review, positions) = blunder_game();
        Learning::new(&review, &positions, BySide::new(true, false))
    }

    /// An analysis valuing `house` at `score` for the mover.
    fn valued_at(house: House, score: Score) -> PositionAnalysis {
        PositionAnalysis {
            lines: vec![PvLine {
                mv: house,
                score,
                depth: 12,
                pv: vec![house],
            }],
            played: None,
            depth: 12,
            nodes: 1,
        }
    }

    /// A square of the side to move at the mistake shown.
    fn own(l: &Learning, house: House) -> Square {
        Square::new(l.before().unwrap().turn(), house)
    }

    #[test]
    fn the_exercise_opens_at_the_learners_first_mistake_with_the_position_before_it() {
        let l = white_learns();
        assert!(!l.is_empty());
        let at = l.current().unwrap();
        assert_eq!(at % 2, 0, "White's own move");
        let (review, positions) = blunder_game();
        assert!(review.moves[at].class >= toguz_coach::review::MoveClass::Mistake);
        assert_eq!(l.before(), Some(positions[at]));
        assert_eq!(l.board(), Some((positions[at], None)));
        assert_eq!((l.stage(), l.stage().name()), (Stage::Trying, "trying"));
        assert!(l.trying() && l.can_show() && !l.can_retry());
    }

    #[test]
    fn a_try_asks_the_worker_to_value_it_and_shows_it_on_the_board() {
        let mut l = white_learns();
        let before = l.before().unwrap();
        let try_house = h(9);
        let actions = l.press(own(&l, try_house));
        assert_eq!(
            actions,
            vec![LearnAction::Value {
                position: before,
                house: try_house,
                task: board_task(Some(try_house)),
            }]
        );
        assert_eq!(l.stage(), Stage::Judging(try_house));
        let (after, mark) = l.board().unwrap();
        assert_eq!(after, before.play(try_house).unwrap().0);
        assert!(mark.is_some());
        assert!(!l.trying(), "one try at a time");
        assert_eq!(l.press(own(&l, h(8))), vec![]);
    }

    #[test]
    fn a_press_on_the_other_sides_house_is_no_try() {
        let mut l = white_learns();
        let other = Square::new(l.before().unwrap().turn().opponent(), h(1));
        assert_eq!(l.press(other), vec![]);
        assert_eq!(l.stage(), Stage::Trying);
    }

    #[test]
    fn the_engines_move_is_found_and_a_worse_one_is_not() {
        let mut l = white_learns();
        let best = l.best().unwrap();
        l.press(own(&l, best));
        let best_score = {
            let (review, _) = blunder_game();
            review.moves[l.current().unwrap()].best.score
        };
        l.valued(best, &valued_at(best, best_score));
        assert!(matches!(l.stage(), Stage::Judged(h, Retry::Found { .. }) if h == best));
        assert_eq!(l.stage().name(), "found");
        assert!(l.can_retry());

        l.retry();
        let worse = House::ALL
            .into_iter()
            .find(|&x| x != best && l.before().unwrap().check(x).is_ok())
            .unwrap();
        l.press(own(&l, worse));
        l.valued(
            worse,
            &valued_at(worse, Score::from_eval(best_score.get() - 2000)),
        );
        assert!(matches!(
            l.stage(),
            Stage::Judged(_, Retry::NotBetter { .. })
        ));
        assert_eq!(l.stage().name(), "not-better");
    }

    #[test]
    fn a_late_answer_for_another_try_is_dropped() {
        let mut l = white_learns();
        let best = l.best().unwrap();
        l.press(own(&l, best));
        l.retry();
        l.valued(best, &valued_at(best, Score::DRAW));
        assert_eq!(l.stage(), Stage::Trying);
    }

    #[test]
    fn an_answer_without_the_try_is_illegal() {
        let mut l = white_learns();
        let best = l.best().unwrap();
        l.press(own(&l, best));
        let other = House::ALL.into_iter().find(|&x| x != best).unwrap();
        l.valued(best, &valued_at(other, Score::DRAW));
        assert_eq!(l.stage(), Stage::Judged(best, Retry::Illegal));
    }

    #[test]
    fn show_puts_the_engines_move_on_the_board_and_next_goes_on_until_all_are_done() {
        let mut l = white_learns();
        let before = l.before().unwrap();
        l.show();
        assert_eq!(l.stage(), Stage::Shown);
        assert_eq!(
            l.board().unwrap().0,
            before.play(l.best().unwrap()).unwrap().0
        );
        assert!(!l.can_show() && l.can_retry());
        let count = l.mistakes.len();
        for _ in 0..count {
            l.next();
        }
        assert_eq!(l.current(), None);
        assert_eq!(l.board(), None);
        assert!(!l.trying() && !l.can_show() && !l.can_retry());
        l.next();
        l.show();
        assert_eq!((l.current(), l.stage()), (None, Stage::Trying));
    }

    #[test]
    fn a_game_without_the_learners_mistakes_has_nothing_to_learn() {
        let (review, positions) = blunder_game();
        let none = Learning::new(&review, &positions, BySide::new(false, false));
        assert!(none.is_empty());
        assert_eq!(none.current(), None);
    }
}
