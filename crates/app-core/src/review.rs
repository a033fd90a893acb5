//! The review and the analysis board without a browser: what the worker is asked for each
//! position, whether a saved review can be shown as it is, the review of the part analysed so
//! far, the graph's points, whose moves to learn from and which, a better line played out on
//! the board and its pace, and the analysis board's tried moves. The classes, accuracy and
//! reasons themselves are `toguz_coach::review` (`docs/coach.md`); nothing here searches.

use toguz_coach::review::{
    review_game, win_percent, GameReview, MoveClass, MoveReview, PositionAnalysis, Reason,
    ReviewError,
};
use toguz_engine::search::Score;
use toguz_engine::{BySide, House, Position, Side};
use toguz_store::SavedReview;

use super::ai::Task;
use super::announce::MoveSummary;
use super::game::Mode;

/// The review's depth per position. With the searcher kept from position to position a
/// 100-ply game takes a few seconds in the browser's worker (docs/BENCHMARKS.md).
pub const REVIEW_DEPTH: u32 = 12;
/// The review's node cap per position (the rare position where the depth is expensive).
pub const REVIEW_NODES: u64 = 1_000_000;
/// The analysis board's deepest iteration and its time budget per position.
pub const BOARD_DEPTH: u32 = 24;
/// The analysis board's time budget per position, in milliseconds.
pub const BOARD_MOVETIME_MS: u32 = 4000;
/// How many lines the analysis board shows.
pub const BOARD_LINES: u8 = 3;
/// The most plies of a better line the review plays out on the board.
pub const BETTER_PLIES: usize = 6;
/// The pause between two plies of a better line played out, in milliseconds.
pub const BETTER_STEP_MS: u64 = 700;

/// Where the review's analysis run is.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// The worker analyses the positions one after the other.
    Running,
    /// Stopped by the player; what is analysed stays shown.
    Cancelled,
    /// The worker failed, for this reason.
    Failed(String),
    /// Every position is analysed (or the review was saved).
    Done,
}

/// What the review's run asks its host to do. Carry them out in order.
#[derive(Clone, Debug, PartialEq)]
pub enum RunAction {
    /// Give the worker a fresh searcher: its table then carries from move to move of this
    /// game only.
    NewSearcher,
    /// Analyse `position` with `task` in the worker; give the final analysis to
    /// [`ReviewRun::analysed`], or the worker's error to [`ReviewRun::failed`].
    Analyse {
        /// The position before the move reviewed.
        position: Position,
        /// What the worker is asked.
        task: Task,
    },
    /// Stop the worker's search; its answer will not be given.
    Cancel,
    /// Keep the finished review next to its game.
    Save(SavedReview),
}

/// The analysis of a game for its review, one position at a time: which position the worker
/// is asked for next, where the run is, and the analyses so far. Commands take the time
/// (`now`, milliseconds) from the caller and answer with the [`RunAction`]s to carry out.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRun {
    positions: Vec<Position>,
    moves: Vec<House>,
    analyses: Vec<PositionAnalysis>,
    run: Run,
    started: f64,
    elapsed_ms: Option<f64>,
}

impl ReviewRun {
    /// The run over `moves` played from `positions[i]` (one more position than moves), with
    /// the review saved earlier if it is still current ([`is_current`]).
    pub fn new(positions: Vec<Position>, moves: Vec<House>, saved: Option<SavedReview>) -> Self {
        let analyses = saved
            .filter(|r| is_current(r, moves.len()))
            .map(|r| r.analyses)
            .unwrap_or_default();
        ReviewRun {
            positions,
            moves,
            analyses,
            run: Run::Done,
            started: 0.0,
            elapsed_ms: None,
        }
    }

    /// The number of moves reviewed.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// The analyses of the positions before the first moves, in order.
    pub fn analyses(&self) -> &[PositionAnalysis] {
        &self.analyses
    }

    /// Where the run is.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// How long the last run took to its end, in milliseconds.
    pub fn elapsed_ms(&self) -> Option<f64> {
        self.elapsed_ms
    }

    /// Starts the analysis when the game has moves not analysed yet (nothing saved); a saved
    /// review is shown as it is.
    pub fn open(&mut self, now: f64) -> Vec<RunAction> {
        if self.analyses.len() < self.total() {
            self.resume(now)
        } else {
            Vec::new()
        }
    }

    /// Starts the analysis, or goes on with it where it stopped.
    pub fn resume(&mut self, now: f64) -> Vec<RunAction> {
        let mut actions = Vec::new();
        if self.analyses.is_empty() {
            actions.push(RunAction::NewSearcher);
        }
        self.started = now;
        self.run = Run::Running;
        actions.push(self.next(now));
        actions
    }

    /// The worker's final analysis of the position asked for.
    pub fn analysed(&mut self, analysis: PositionAnalysis, now: f64) -> Vec<RunAction> {
        self.analyses.push(analysis);
        vec![self.next(now)]
    }

    /// The worker failed: the run stops and says why.
    pub fn failed(&mut self, message: String) {
        self.run = Run::Failed(message);
    }

    /// Stops the analysis; what is analysed stays shown, and [`ReviewRun::resume`] goes on.
    pub fn cancel(&mut self) -> Vec<RunAction> {
        self.run = Run::Cancelled;
        vec![RunAction::Cancel]
    }

    /// The next position to analyse, or the end of the run: then the review is saved.
    fn next(&mut self, now: f64) -> RunAction {
        let i = self.analyses.len();
        match self.moves.get(i) {
            Some(&played) => RunAction::Analyse {
                position: self.positions[i],
                task: review_task(played, REVIEW_DEPTH),
            },
            None => {
                self.run = Run::Done;
                self.elapsed_ms = Some(now - self.started);
                RunAction::Save(SavedReview {
                    depth: REVIEW_DEPTH,
                    analyses: self.analyses.clone(),
                })
            }
        }
    }
}

/// True when a saved review can be shown as it is: made at [`REVIEW_DEPTH`] over every one
/// of the game's `total` moves. Any other is analysed again.
pub fn is_current(saved: &SavedReview, total: usize) -> bool {
    saved.depth == REVIEW_DEPTH && saved.analyses.len() == total
}

/// The sides whose mistakes are the ones to learn from: the people's (both sides' in a game
/// between people, and in a game the computer played against itself).
pub fn learners(mode: Mode) -> BySide<bool> {
    let people = BySide::new(mode.is_human(Side::White), mode.is_human(Side::Black));
    if people.white || people.black {
        people
    } else {
        BySide::new(true, true)
    }
}

/// A line of moves played out from a position, as the board shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The position before the line, then the one after each move.
    pub positions: Vec<Position>,
    /// Each move, for its marks on the board.
    pub moves: Vec<MoveSummary>,
}

impl Line {
    /// The first `plies` moves of `pv` from `before`, by the engine's rules; it stops early at
    /// a move the engine refuses.
    pub fn play_out(before: Position, pv: &[House], plies: usize) -> Line {
        let mut pos = before;
        let mut line = Line {
            positions: vec![before],
            moves: Vec::new(),
        };
        for &h in pv.iter().take(plies) {
            let Ok(outcome) = pos.try_play(h) else { break };
            line.positions.push(pos);
            line.moves.push(MoveSummary::of(&outcome));
        }
        line
    }

    /// The position at the end of the line.
    pub fn last_position(&self) -> Position {
        *self
            .positions
            .last()
            .expect("a line starts with a position")
    }
}

/// What the review's board shows: a position of the game (the one after ply `ply`), or the
/// engine's better line played out from the position before one of its moves. The
/// evaluation bar, the graph's cursor and the counter read it, so that they never disagree
/// with the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewing {
    total: usize,
    ply: usize,
    /// The better line shown: (the move it replaces, plies of it shown).
    line: Option<(usize, usize)>,
}

impl Viewing {
    /// The game's position after ply `at` (at most `total`) of a game of `total` plies.
    pub fn new(total: usize, at: usize) -> Viewing {
        Viewing {
            total,
            ply: at.min(total),
            line: None,
        }
    }

    /// The game's position shown, after this many plies; while an engine line is shown, the
    /// move it replaces is ply + 1.
    pub fn ply(self) -> usize {
        self.ply
    }

    /// The engine line shown instead of the game: (the move it replaces, plies shown).
    pub fn line(self) -> Option<(usize, usize)> {
        self.line
    }

    /// The board shows an engine line, not the game.
    pub fn in_line(self) -> bool {
        self.line.is_some()
    }

    /// The game's position after ply `p` (at most the last), leaving any engine line.
    pub fn go(&mut self, p: usize) {
        self.line = None;
        self.ply = p.min(self.total);
    }

    /// The engine's better move than move `i` (0-based), played out from the position before
    /// it: its first ply, the others by [`Viewing::grow`].
    pub fn show_better(&mut self, i: usize) {
        if i < self.total {
            self.ply = i + 1;
            self.line = Some((i, 1));
        }
    }

    /// `plies` of the better line than move `i` shown, if that line is still on the board.
    pub fn grow(&mut self, i: usize, plies: usize) {
        if let Some((at, _)) = self.line.filter(|l| l.0 == i) {
            self.line = Some((at, plies));
        }
    }

    /// Back to the game at the move the line replaced.
    pub fn back_to_game(&mut self) {
        self.line = None;
    }

    /// Learning from move `i` (0-based): the board shows the position before it, and so do
    /// the evaluation and the graph.
    pub fn learn_at(&mut self, i: usize) {
        self.go(i);
    }

    /// The graph's cursor: the position the board shows, or the one its line starts from.
    pub fn cursor(self) -> usize {
        match self.line {
            Some((i, _)) => i,
            None => self.ply,
        }
    }

    /// The evaluation the bar shows, from White's view: the game position's, or while an
    /// engine line is shown, the line's own value.
    pub fn eval(self, review: &GameReview) -> Option<Score> {
        match self.line {
            Some((i, _)) => review
                .moves
                .get(i)
                .map(|m| toguz_coach::review::for_white(m.best.score, m.side)),
            None => review.evals.get(self.ply).copied(),
        }
    }
}

/// The mover's own moves in a win `plies` plies away, the winning move included: the engine's
/// `#11` is a win in 6 moves of the player's.
pub fn moves_to_win(plies: u32) -> u32 {
    plies.div_ceil(2)
}

/// A score in words when it is a proven win for the side it belongs to: the moves to it.
pub fn forced_win(score: Score) -> Option<u32> {
    score
        .plies_to_end()
        .filter(|&p| p > 0)
        .map(|p| moves_to_win(p.unsigned_abs()))
}

/// What a move cost, as the review says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Nothing to say: the best move, or nothing lost.
    Nothing,
    /// Korgools lost against the best move, in hundredths.
    Korgools(u32),
    /// The best move forced a win in this many of the player's moves; korgools say nothing
    /// of a won game let go.
    MissedWin {
        /// The player's moves to the win.
        moves: u32,
    },
}

/// What move `m` cost against the engine's best move.
pub fn cost(m: &MoveReview) -> Cost {
    if m.class == MoveClass::Best {
        return Cost::Nothing;
    }
    let missed = m.reasons.iter().find_map(|r| match r {
        Reason::MissesForcedWin { plies } => Some(moves_to_win(*plies)),
        _ => None,
    });
    match missed.or_else(|| forced_win(m.best.score)) {
        Some(moves) => Cost::MissedWin { moves },
        None if m.loss.0 > 0 => Cost::Korgools(m.loss.0),
        None => Cost::Nothing,
    }
}

/// When a better line of `len` plies grows on the board: (plies shown, milliseconds after
/// its first ply was shown), for the second ply on, at most [`BETTER_PLIES`].
pub fn better_steps(len: usize) -> Vec<(usize, u64)> {
    (2..=len.min(BETTER_PLIES))
        .map(|k| (k, BETTER_STEP_MS * (k as u64 - 1)))
        .collect()
}

/// The worker's task for the position before move `played` of a review.
pub fn review_task(played: House, depth: u32) -> Task {
    Task::Lines {
        lines: 1,
        depth,
        nodes: Some(REVIEW_NODES),
        played: Some(played),
        deepen: false,
        movetime_ms: None,
    }
}

/// The worker's task for the analysis board (and for valuing a try, with `played`).
pub fn board_task(played: Option<House>) -> Task {
    match played {
        None => Task::Lines {
            lines: BOARD_LINES,
            depth: BOARD_DEPTH,
            nodes: None,
            played: None,
            deepen: true,
            movetime_ms: Some(BOARD_MOVETIME_MS),
        },
        Some(h) => Task::Lines {
            lines: 1,
            depth: REVIEW_DEPTH,
            nodes: Some(REVIEW_NODES),
            played: Some(h),
            deepen: false,
            movetime_ms: None,
        },
    }
}

/// The review of the first `analyses.len()` moves (all of them once the analysis is done):
/// the graph and the classes grow while the worker runs.
pub fn partial_review(
    start: &Position,
    moves: &[House],
    analyses: &[PositionAnalysis],
) -> Result<GameReview, ReviewError> {
    let n = analyses.len().min(moves.len());
    review_game(start, &moves[..n], &analyses[..n])
}

/// White's winning chances, 0 to 100, of an evaluation from White's view: the graph's
/// height.
pub fn white_percent(white: Score) -> f64 {
    win_percent(white)
}

/// The graph's polyline in a `width` x `height` box: one point per position (`x` from 0 to
/// `width` over `plies` moves, `y` from the top for White's 100% to the bottom for 0%).
pub fn graph_points(evals: &[Score], plies: usize, width: f64, height: f64) -> Vec<(f64, f64)> {
    let step = width / plies.max(1) as f64;
    evals
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let x = i as f64 * step;
            let y = height * (1.0 - white_percent(s) / 100.0);
            ((x * 10.0).round() / 10.0, (y * 10.0).round() / 10.0)
        })
        .collect()
}

/// The indexes of the moves worth learning from: the mistakes and blunders of the `sides`
/// given (the player's own, or both sides in a game between people), or their inaccuracies
/// when they made nothing worse (a game lost by small losses still has them to learn from).
pub fn mistakes(review: &GameReview, sides: BySide<bool>) -> Vec<usize> {
    let at_least = |class: MoveClass| -> Vec<usize> {
        review
            .moves
            .iter()
            .filter(|m| m.class >= class && sides[m.side])
            .map(|m| m.ply)
            .collect()
    };
    let worse = at_least(MoveClass::Mistake);
    if worse.is_empty() {
        at_least(MoveClass::Inaccuracy)
    } else {
        worse
    }
}

/// A side's count of one class.
pub fn count(review: &GameReview, side: Side, class: MoveClass) -> u32 {
    review.counts[side][class.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_coach::review::analyse_position;
    use toguz_coach::review::ReviewSettings;
    use toguz_engine::search::Searcher;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    /// A hand-made game; its move 3 (White's house 2) gives away a big capture.
    fn analysed(moves: &[House]) -> Vec<PositionAnalysis> {
        let settings = ReviewSettings::default();
        let mut s = Searcher::new(4);
        let mut pos = Position::start();
        let mut out = Vec::new();
        for &m in moves {
            out.push(analyse_position(&mut s, &pos, Some(m), &settings, |_| false).unwrap());
            pos.play_unchecked(m);
        }
        out
    }

    #[test]
    fn the_review_grows_with_the_analyses() {
        let moves = [h(4), h(1), h(2)];
        let analyses = analysed(&moves);
        let start = Position::start();
        let part = partial_review(&start, &moves, &analyses[..2]).unwrap();
        assert_eq!((part.moves.len(), part.evals.len()), (2, 3));
        let full = partial_review(&start, &moves, &analyses).unwrap();
        assert_eq!(full.moves.len(), 3);
        assert_eq!(full.moves[2].class, MoveClass::Blunder);
        let white = mistakes(&full, BySide::new(true, false));
        assert!(
            white.contains(&2) && white.iter().all(|&i| i % 2 == 0),
            "{white:?}"
        );
        assert!(mistakes(&full, BySide::new(false, true))
            .iter()
            .all(|&i| i % 2 == 1));
        assert_eq!(count(&full, Side::White, MoveClass::Blunder), 1);
    }

    #[test]
    fn a_side_without_mistakes_learns_from_its_inaccuracies() {
        let moves = [h(4), h(1), h(2)];
        let mut review = partial_review(&Position::start(), &moves, &analysed(&moves)).unwrap();
        for m in &mut review.moves {
            m.class = MoveClass::Good;
        }
        let white = BySide::new(true, false);
        assert!(mistakes(&review, white).is_empty(), "nothing to learn");
        review.moves[2].class = MoveClass::Inaccuracy;
        review.moves[1].class = MoveClass::Inaccuracy;
        assert_eq!(
            mistakes(&review, white),
            [2],
            "White's inaccuracy, not Black's"
        );
        review.moves[0].class = MoveClass::Mistake;
        assert_eq!(
            mistakes(&review, white),
            [0],
            "a mistake comes before inaccuracies"
        );
    }

    #[test]
    fn a_saved_review_is_used_only_when_it_is_whole_and_as_deep() {
        let moves = [h(4), h(1)];
        let analyses = analysed(&moves);
        let saved = |depth, analyses: &[PositionAnalysis]| SavedReview {
            depth,
            analyses: analyses.to_vec(),
        };
        assert!(is_current(&saved(REVIEW_DEPTH, &analyses), 2));
        assert!(!is_current(&saved(REVIEW_DEPTH, &analyses[..1]), 2));
        assert!(!is_current(&saved(REVIEW_DEPTH - 1, &analyses), 2));
    }

    #[test]
    fn people_learn_from_their_own_moves() {
        use toguz_engine::search::Level;
        let against = |human| Mode::Computer {
            human,
            level: Level::of(1),
        };
        assert_eq!(learners(against(Side::White)), BySide::new(true, false));
        assert_eq!(learners(against(Side::Black)), BySide::new(false, true));
        assert_eq!(learners(Mode::TwoPlayers), BySide::new(true, true));
        // A game the computer played against itself: both sides' moves.
        let watched = Mode::Watch {
            level: Level::of(1),
        };
        assert_eq!(learners(watched), BySide::new(true, true));
    }

    /// The positions of `moves` from the start, one more than the moves.
    fn positions(moves: &[House]) -> Vec<Position> {
        let mut p = Position::start();
        let mut out = vec![p];
        for &m in moves {
            p.play_unchecked(m);
            out.push(p);
        }
        out
    }

    #[test]
    fn a_run_asks_for_each_position_in_turn_and_saves_at_the_end() {
        let moves = [h(4), h(1)];
        let analyses = analysed(&moves);
        let mut run = ReviewRun::new(positions(&moves), moves.to_vec(), None);
        assert_eq!(
            run.open(1000.0),
            vec![
                RunAction::NewSearcher,
                RunAction::Analyse {
                    position: Position::start(),
                    task: review_task(h(4), REVIEW_DEPTH)
                }
            ]
        );
        assert_eq!(run.run(), &Run::Running);
        let second = run.analysed(analyses[0].clone(), 1500.0);
        assert_eq!(
            second,
            vec![RunAction::Analyse {
                position: positions(&moves)[1],
                task: review_task(h(1), REVIEW_DEPTH)
            }]
        );
        let end = run.analysed(analyses[1].clone(), 2500.0);
        assert_eq!(
            end,
            vec![RunAction::Save(SavedReview {
                depth: REVIEW_DEPTH,
                analyses: analyses.clone()
            })]
        );
        assert_eq!((run.run(), run.elapsed_ms()), (&Run::Done, Some(1500.0)));
        assert_eq!(run.analyses(), &analyses[..]);
    }

    #[test]
    fn a_current_saved_review_is_shown_without_a_search() {
        let moves = [h(4), h(1)];
        let saved = SavedReview {
            depth: REVIEW_DEPTH,
            analyses: analysed(&moves),
        };
        let mut run = ReviewRun::new(positions(&moves), moves.to_vec(), Some(saved));
        assert_eq!(run.open(0.0), vec![]);
        assert_eq!((run.run(), run.analyses().len()), (&Run::Done, 2));
        // A game without moves has nothing to analyse either.
        let mut empty = ReviewRun::new(positions(&[]), Vec::new(), None);
        assert_eq!(empty.open(0.0), vec![]);
        assert_eq!(empty.run(), &Run::Done);
    }

    #[test]
    fn a_cancelled_run_goes_on_where_it_stopped_with_the_same_searcher() {
        let moves = [h(4), h(1)];
        let analyses = analysed(&moves);
        let mut run = ReviewRun::new(positions(&moves), moves.to_vec(), None);
        run.open(0.0);
        run.analysed(analyses[0].clone(), 10.0);
        assert_eq!(run.cancel(), vec![RunAction::Cancel]);
        assert_eq!(run.run(), &Run::Cancelled);
        // No new searcher: its table holds what the first position taught it.
        let again = run.resume(20.0);
        assert!(
            matches!(again[..], [RunAction::Analyse { position, .. }] if position == positions(&moves)[1])
        );
        assert_eq!(run.run(), &Run::Running);
    }

    #[test]
    fn a_failing_worker_stops_the_run_and_says_why() {
        let moves = [h(4)];
        let mut run = ReviewRun::new(positions(&moves), moves.to_vec(), None);
        run.open(0.0);
        run.failed("no worker".into());
        assert_eq!(run.run(), &Run::Failed("no worker".into()));
        // Resuming starts again from the first position, with a fresh searcher.
        assert_eq!(run.resume(5.0)[0], RunAction::NewSearcher);
    }

    #[test]
    fn a_better_line_is_played_out_by_the_rules() {
        let start = Position::start();
        let line = Line::play_out(start, &[h(9), h(1), h(2)], 2);
        assert_eq!((line.positions.len(), line.moves.len()), (3, 2));
        let mut p = start;
        p.play_unchecked(h(9));
        p.play_unchecked(h(1));
        assert_eq!(line.last_position(), p);
        assert_eq!(line.moves[1].side, Side::Black);
        // Nothing to play: the line is the position alone.
        let none = Line::play_out(start, &[], 3);
        assert_eq!((none.last_position(), none.moves.len()), (start, 0));
    }

    #[test]
    fn a_better_line_grows_a_ply_every_step_up_to_six() {
        assert_eq!(better_steps(0), vec![]);
        assert_eq!(better_steps(1), vec![]);
        assert_eq!(better_steps(3), vec![(2, 700), (3, 1400)]);
        let long = better_steps(20);
        assert_eq!(long.len(), 5);
        assert_eq!(long.last(), Some(&(6, 3500)));
    }

    /// The review of 4 1 2: White's 2 gives away a big capture.
    fn blunder_review() -> GameReview {
        let moves = [h(4), h(1), h(2)];
        partial_review(&Position::start(), &moves, &analysed(&moves)).unwrap()
    }

    #[test]
    fn the_better_line_leaves_the_game_with_its_own_value_and_one_step_goes_back() {
        let review = blunder_review();
        let mut v = Viewing::new(3, 3);
        assert_eq!((v.ply(), v.cursor(), v.in_line()), (3, 3, false));
        assert_eq!(v.eval(&review), review.evals.get(3).copied());
        v.show_better(2);
        assert!(v.in_line(), "the board shows the engine's line");
        assert_eq!(v.line(), Some((2, 1)));
        assert_eq!(v.cursor(), 2, "the position the line starts from");
        let best = &review.moves[2];
        assert_eq!(
            v.eval(&review),
            Some(toguz_coach::review::for_white(best.best.score, best.side))
        );
        assert_ne!(v.eval(&review), review.evals.get(3).copied());
        v.grow(2, 3);
        assert_eq!(v.line(), Some((2, 3)));
        v.grow(1, 4);
        assert_eq!(
            v.line(),
            Some((2, 3)),
            "a late step of another line is dropped"
        );
        v.back_to_game();
        assert_eq!((v.ply(), v.in_line(), v.cursor()), (3, false, 3));
        v.grow(2, 4);
        assert!(
            !v.in_line(),
            "a step after the way back does not return to the line"
        );
    }

    #[test]
    fn learning_puts_the_evaluation_and_the_cursor_on_the_position_before_the_mistake() {
        let review = blunder_review();
        let mut v = Viewing::new(3, 3);
        v.show_better(2);
        v.learn_at(0);
        assert_eq!((v.ply(), v.cursor(), v.in_line()), (0, 0, false));
        assert_eq!(v.eval(&review), Some(review.evals[0]));
        v.learn_at(2);
        assert_eq!(v.cursor(), 2);
        assert_eq!(v.eval(&review), Some(review.evals[2]));
        v.go(9);
        assert_eq!(v.ply(), 3, "at most the last move");
    }

    #[test]
    fn a_missed_forced_win_is_told_in_the_players_moves_not_in_korgools() {
        assert_eq!(
            (moves_to_win(1), moves_to_win(11), moves_to_win(12)),
            (1, 6, 6)
        );
        assert_eq!(forced_win(Score::win_in(11)), Some(6));
        assert_eq!(forced_win(Score::loss_in(4)), None);
        assert_eq!(forced_win(Score::DRAW), None);
        let mut review = blunder_review();
        let m = &mut review.moves[2];
        assert_eq!(cost(m), Cost::Korgools(m.loss.0), "a blunder of korgools");
        m.reasons = vec![Reason::MissesForcedWin { plies: 11 }];
        m.loss = toguz_coach::review::Loss(1530);
        assert_eq!(cost(m), Cost::MissedWin { moves: 6 });
        m.reasons.clear();
        m.best.score = Score::win_in(3);
        assert_eq!(cost(m), Cost::MissedWin { moves: 2 });
        m.class = MoveClass::Best;
        assert_eq!(cost(m), Cost::Nothing);
    }

    #[test]
    fn graph_points_span_the_box() {
        let evals = [Score::DRAW, Score::win_in(3), Score::loss_in(2)];
        let p = graph_points(&evals, 2, 200.0, 100.0);
        assert_eq!(p, vec![(0.0, 50.0), (100.0, 0.0), (200.0, 100.0)]);
    }
}
