//! Game review: the engine's analysis of each position, each move's class and accuracy, and
//! the facts of why a move was worse than the engine's.
//!
//! Two steps, so that a Web Worker can analyse one position at a time (progress, cancel) and
//! the review itself is a pure function:
//!
//! 1. [`analyse_position`] for each position before a move: the engine's best line and the
//!    value of the move played, searched to the same depth ([`ReviewSettings`]).
//! 2. [`review_game`] turns the analyses into a [`GameReview`]: per move a [`MoveClass`], the
//!    evaluation lost ([`Loss`]), an accuracy, the better move and its line, and [`Reason`]s;
//!    per side an accuracy; and the evaluation graph.
//!
//! Scores are compared for the player to move at each position (both the best and the played
//! move are valued by one search of that position to one depth), and the graph shows them from
//! White's point of view. See `docs/coach.md` for the thresholds and formulas.
//!
//! ```
//! use toguz_engine::{House, Position};
//! use toguz_engine::search::Searcher;
//! use toguz_coach::review::{analyse_position, review_game, ReviewSettings};
//! let moves = [House::new(7).unwrap(), House::new(9).unwrap()];
//! let settings = ReviewSettings { depth: 4, ..ReviewSettings::default() };
//! let mut searcher = Searcher::new(4);
//! let mut pos = Position::start();
//! let mut analyses = Vec::new();
//! for &m in &moves {
//!     analyses.push(analyse_position(&mut searcher, &pos, Some(m), &settings, |_| false).unwrap());
//!     pos.play_unchecked(m);
//! }
//! let review = review_game(&Position::start(), &moves, &analyses).unwrap();
//! assert_eq!(review.moves.len(), 2);
//! assert_eq!(review.evals.len(), 3);
//! assert!(review.accuracy.white.unwrap() <= 100.0);
//! ```

use core::fmt;

use serde::{Deserialize, Serialize};
use toguz_engine::search::{Limits, PvLine, Score, Searcher};
use toguz_engine::{BySide, GameResult, House, MoveOutcome, Position, Side};

/// The review's default depth per position (plies). Chosen so that a 100-ply game reviews in
/// well under 15 s in the browser's worker on a slow two-core machine (see `docs/coach.md`).
pub const DEFAULT_DEPTH: u32 = 12;
/// The review's default node limit per position: a bound for the rare position where the
/// default depth is expensive (the depth reached is reported with each analysis).
pub const DEFAULT_NODES: u64 = 1_000_000;

/// The largest evaluation the review tells apart, in hundredths of a korgool: evaluations are
/// clamped to `-EVAL_CAP..=EVAL_CAP`, a proven win counts as `EVAL_CAP` and a proven loss as
/// `-EVAL_CAP`. On the PlayOK games the side ahead by 20 to 30 korgools scored 85% and the
/// side ahead by more did no better, so korgools lost beyond it change nothing.
pub const EVAL_CAP: i32 = 3000;

/// The scale of the win-chance curve, in hundredths of a korgool: the logistic
/// `1 / (1 + e^(-eval / WIN_SCALE))`, fitted (maximum likelihood) to the results of the 282
/// PlayOK games against the evaluation of each of their 29 684 positions: a player
/// `WIN_SCALE` (17 korgools) ahead scores about 73%.
pub const WIN_SCALE: f64 = 1700.0;

/// How deep and how long the review searches each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewSettings {
    /// The depth of each position's search.
    pub depth: u32,
    /// The most nodes for each position (the best line and the played move together).
    pub nodes: u64,
    /// How many best lines to keep (1 for a review; an analysis board shows 3).
    pub lines: usize,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings {
            depth: DEFAULT_DEPTH,
            nodes: DEFAULT_NODES,
            lines: 1,
        }
    }
}

/// The engine's analysis of one position of a game (what a worker sends back, and what a
/// saved review keeps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionAnalysis {
    /// The engine's best lines, best first, for the player to move. Empty for a final
    /// position.
    pub lines: Vec<PvLine>,
    /// The move played from this position, valued by a search to the same depth, when it is
    /// not one of `lines`.
    pub played: Option<PvLine>,
    /// The depth of the search (that of the first line).
    pub depth: u32,
    /// Nodes searched for this position.
    pub nodes: u64,
}

impl PositionAnalysis {
    /// The engine's best line.
    pub fn best(&self) -> Option<&PvLine> {
        self.lines.first()
    }

    /// The line of a move: one of `lines`, or the played move's.
    pub fn line_of(&self, house: House) -> Option<&PvLine> {
        self.lines
            .iter()
            .chain(self.played.iter())
            .find(|l| l.mv == house)
    }
}

/// Analyses the position before a move: the engine's best lines and, when the move played is
/// not among them, its value from a search of that move alone to the same depth (so the two
/// are comparable). The searcher is reused from position to position (its table makes the
/// next position cheap). `should_stop(nodes)` cancels: `None` when it said stop.
pub fn analyse_position(
    searcher: &mut Searcher,
    pos: &Position,
    played: Option<House>,
    settings: &ReviewSettings,
    mut should_stop: impl FnMut(u64) -> bool,
) -> Option<PositionAnalysis> {
    let mut cancelled = false;
    let limits = Limits {
        depth: settings.depth,
        nodes: settings.nodes,
    };
    let multi = searcher.search_multipv(pos, &limits, settings.lines.max(1), |n| {
        cancelled = cancelled || should_stop(n);
        cancelled
    });
    if cancelled {
        return None;
    }
    let mut analysis = PositionAnalysis {
        depth: multi.depth,
        nodes: multi.nodes,
        lines: multi.lines,
        played: None,
    };
    let Some(played) = played.filter(|h| pos.check(*h).is_ok()) else {
        return Some(analysis);
    };
    if analysis.lines.is_empty() || analysis.line_of(played).is_some() {
        return Some(analysis);
    }
    let used = analysis.nodes;
    let limits = Limits {
        depth: analysis.depth,
        nodes: settings.nodes.saturating_sub(used).max(1),
    };
    let r = searcher.search_moves(pos, &limits, &[played], |n| {
        cancelled = cancelled || should_stop(used + n);
        cancelled
    });
    if cancelled {
        return None;
    }
    analysis.nodes += r.nodes;
    analysis.played = Some(PvLine {
        mv: played,
        score: r.score,
        depth: r.depth,
        pv: r.pv,
    });
    Some(analysis)
}

/// A move's class, from the evaluation it lost against the engine's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    /// The engine's move, or one worth as much.
    Best,
    /// Loses less than [`Thresholds::inaccuracy`].
    Good,
    /// Loses at least [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// Loses at least [`Thresholds::mistake`].
    Mistake,
    /// Loses at least [`Thresholds::blunder`].
    Blunder,
}

impl MoveClass {
    /// All classes, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The lower-case name (`best`, `good`, `inaccuracy`, `mistake`, `blunder`): the UI's
    /// `data-class`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The position of this class in [`MoveClass::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The evaluation a move lost against the engine's best move, in hundredths of a korgool,
/// after clamping both to [`EVAL_CAP`]. Never negative.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Loss(pub u32);

impl Loss {
    /// The loss of a move worth `played` where the best is worth `best` (both for the mover).
    pub fn between(best: Score, played: Score) -> Loss {
        Loss((clamped(best) - clamped(played)).max(0) as u32)
    }

    /// In korgools.
    pub fn korgools(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

/// The losses, in hundredths of a korgool, from which a move is an inaccuracy, a mistake or a
/// blunder (each at least the one before).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thresholds {
    /// From this loss a move is an inaccuracy.
    pub inaccuracy: u32,
    /// From this loss a move is a mistake.
    pub mistake: u32,
    /// From this loss a move is a blunder.
    pub blunder: u32,
}

impl Thresholds {
    /// The review's thresholds: 2, 4 and 8 korgools (chosen on the PlayOK games: see
    /// `docs/coach.md`).
    pub const DEFAULT: Thresholds = Thresholds {
        inaccuracy: 200,
        mistake: 400,
        blunder: 800,
    };

    /// The class of a move that lost `loss`; `is_best` when it is the engine's move.
    ///
    /// ```
    /// use toguz_coach::review::{Loss, MoveClass, Thresholds};
    /// let t = Thresholds::DEFAULT;
    /// assert_eq!(t.classify(Loss(0), false), MoveClass::Best);
    /// assert_eq!(t.classify(Loss(150), false), MoveClass::Good);
    /// assert_eq!(t.classify(Loss(200), false), MoveClass::Inaccuracy);
    /// assert_eq!(t.classify(Loss(400), false), MoveClass::Mistake);
    /// assert_eq!(t.classify(Loss(1200), false), MoveClass::Blunder);
    /// ```
    pub const fn classify(&self, loss: Loss, is_best: bool) -> MoveClass {
        let l = loss.0;
        if is_best || l == 0 {
            MoveClass::Best
        } else if l >= self.blunder {
            MoveClass::Blunder
        } else if l >= self.mistake {
            MoveClass::Mistake
        } else if l >= self.inaccuracy {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds::DEFAULT
    }
}

/// A score for the player to move, in hundredths of a korgool clamped to [`EVAL_CAP`]; a
/// proven win or loss is the cap.
pub fn clamped(s: Score) -> i32 {
    match s.plies_to_end() {
        Some(p) if p >= 0 => EVAL_CAP,
        Some(_) => -EVAL_CAP,
        None => s.get().clamp(-EVAL_CAP, EVAL_CAP),
    }
}

/// The winning chances, in percent, of the player to move with the evaluation `s`:
/// `100 / (1 + e^(-clamped(s) / WIN_SCALE))`; a proven win is 100 and a proven loss 0.
///
/// ```
/// use toguz_engine::search::Score;
/// use toguz_coach::review::win_percent;
/// assert_eq!(win_percent(Score::DRAW), 50.0);
/// assert_eq!(win_percent(Score::win_in(3)), 100.0);
/// assert!((win_percent(Score::from_eval(1700)) - 73.1).abs() < 0.1);
/// ```
pub fn win_percent(s: Score) -> f64 {
    match s.plies_to_end() {
        Some(p) if p >= 0 => 100.0,
        Some(_) => 0.0,
        None => 100.0 / (1.0 + (-f64::from(clamped(s)) / WIN_SCALE).exp()),
    }
}

/// A move's accuracy, 0 to 100, from the winning chances it lost (percentage points), with
/// Lichess's curve: `103.1668 * e^(-0.04354 * drop) - 3.1669`, clamped to `0..=100` (and 100
/// for no drop).
///
/// ```
/// use toguz_coach::review::move_accuracy;
/// assert_eq!(move_accuracy(0.0), 100.0);
/// assert!((move_accuracy(10.0) - 63.6).abs() < 0.1);
/// assert_eq!(move_accuracy(100.0), 0.0);
/// ```
pub fn move_accuracy(win_drop: f64) -> f64 {
    if win_drop <= 0.0 {
        // The curve gives 99.9999 here: a move that loses nothing is exact.
        return 100.0;
    }
    (103.1668 * (-0.04354 * win_drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// A side's accuracy: the mean of its moves' accuracies (`None` without moves).
///
/// ```
/// use toguz_coach::review::side_accuracy;
/// assert_eq!(side_accuracy(&[100.0, 50.0]), Some(75.0));
/// assert_eq!(side_accuracy(&[]), None);
/// ```
pub fn side_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        None
    } else {
        Some(moves.iter().sum::<f64>() / moves.len() as f64)
    }
}

/// A side's accuracy from its moves' `(accuracy, decided)`: the mean over the moves played
/// while the game was still open, and over all of them when none was.
///
/// A move played where the game is already decided (the engine's best at the cap, or a proven
/// win or loss) loses no winning chances whatever it is, since they are already 0 or 100: a
/// random mover crushed in a dozen moves would score like a master on its moves after the
/// crush. Those moves say nothing of the player, so they do not count.
///
/// ```
/// use toguz_coach::review::live_accuracy;
/// assert_eq!(live_accuracy(&[(40.0, false), (100.0, true)]), Some(40.0));
/// assert_eq!(live_accuracy(&[(100.0, true), (80.0, true)]), Some(90.0));
/// assert_eq!(live_accuracy(&[]), None);
/// ```
pub fn live_accuracy(moves: &[(f64, bool)]) -> Option<f64> {
    let open: Vec<f64> = moves.iter().filter(|m| !m.1).map(|m| m.0).collect();
    if open.is_empty() {
        side_accuracy(&moves.iter().map(|m| m.0).collect::<Vec<_>>())
    } else {
        side_accuracy(&open)
    }
}

/// Why a move was worse than the engine's: facts from the moves' outcomes and the best reply.
/// The app words them ("gives away a capture of 14").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// The opponent's best reply wins the game by reaching 82 (or the move played leaves
    /// the opponent a forced win the best move did not).
    LetsOpponentReach82,
    /// The best move wins the game at once (reaches 82, or leaves the opponent without a
    /// move and collects enough).
    MissesWin,
    /// The opponent's best reply captures this many korgools, more than it could after the
    /// best move.
    GivesAwayCapture {
        /// Korgools the reply captures.
        count: u8,
    },
    /// The opponent's best reply makes a tuz, which it could not after the best move.
    GivesAwayTuz,
    /// The best move captures this many korgools, more than the move played.
    MissesCapture {
        /// Korgools the best move captures.
        count: u8,
    },
    /// The best move makes a tuz; the move played does not.
    MissesTuz,
    /// The move played leads to a proven loss in this many plies (from the position before
    /// it), where the best move did not.
    AllowsForcedLoss {
        /// Plies to the end of the game, the move played included.
        plies: u32,
    },
    /// The best move forces a win in this many plies; the move played does not.
    MissesForcedWin {
        /// Plies to the end of the game, the best move included.
        plies: u32,
    },
}

/// One move of a review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// Its index in the game (0 for the first move); the position before it is ply `ply`.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The house played.
    pub played: House,
    /// Its class.
    pub class: MoveClass,
    /// The evaluation it lost against the engine's best move.
    pub loss: Loss,
    /// Its accuracy, 0 to 100 ([`move_accuracy`] of the winning chances lost).
    pub accuracy: f64,
    /// The engine's best line from the position before the move (its score for the mover).
    pub best: PvLine,
    /// The move played with its value (for the mover) and the line that follows it (the
    /// opponent's best reply first after the move).
    pub line: PvLine,
    /// Why it was worse than the best move (empty for the best move and when nothing simple
    /// explains it), the most important first.
    pub reasons: Vec<Reason>,
}

/// How many moves of each class a side played, in the order of [`MoveClass::ALL`].
pub type ClassCounts = [u32; 5];

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// Each move, in order.
    pub moves: Vec<MoveReview>,
    /// The evaluation graph from White's point of view: one score per position, from the
    /// start (`evals[0]`) to after the last move (`evals[moves.len()]`).
    pub evals: Vec<Score>,
    /// Each side's accuracy, 0 to 100 ([`live_accuracy`]); `None` for a side without moves.
    pub accuracy: BySide<Option<f64>>,
    /// Each side's moves by class.
    pub counts: BySide<ClassCounts>,
}

/// Why analyses cannot be reviewed against a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// A move of the game is illegal from its position.
    IllegalMove {
        /// The move's index.
        ply: usize,
    },
    /// Fewer analyses than moves.
    MissingAnalysis {
        /// The first move without one.
        ply: usize,
    },
    /// An analysis has no best line (a final position, or a search stopped before a value).
    NoBestLine {
        /// The move's index.
        ply: usize,
    },
    /// An analysis values neither the move played nor holds it among its lines.
    PlayedMoveNotAnalysed {
        /// The move's index.
        ply: usize,
    },
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReviewError::IllegalMove { ply } => write!(f, "move {} is illegal", ply + 1),
            ReviewError::MissingAnalysis { ply } => {
                write!(f, "no analysis for the position before move {}", ply + 1)
            }
            ReviewError::NoBestLine { ply } => {
                write!(f, "the analysis before move {} has no best line", ply + 1)
            }
            ReviewError::PlayedMoveNotAnalysed { ply } => {
                write!(f, "the analysis before move {} does not value it", ply + 1)
            }
        }
    }
}

impl std::error::Error for ReviewError {}

/// A score for the player to move at a position whose mover is `turn`, seen by White.
pub fn for_white(s: Score, turn: Side) -> Score {
    match turn {
        Side::White => s,
        Side::Black => -s,
    }
}

/// Reviews a game: `start` and `moves`, with `analyses[i]` the analysis of the position before
/// move `i` (from [`analyse_position`] with that move as `played`), classified with
/// [`Thresholds::DEFAULT`].
pub fn review_game(
    start: &Position,
    moves: &[House],
    analyses: &[PositionAnalysis],
) -> Result<GameReview, ReviewError> {
    review_game_with(start, moves, analyses, &Thresholds::DEFAULT)
}

/// [`review_game`] with other thresholds.
pub fn review_game_with(
    start: &Position,
    moves: &[House],
    analyses: &[PositionAnalysis],
    thresholds: &Thresholds,
) -> Result<GameReview, ReviewError> {
    let mut pos = *start;
    let mut out = GameReview {
        moves: Vec::with_capacity(moves.len()),
        evals: Vec::with_capacity(moves.len() + 1),
        accuracy: BySide::new(None, None),
        counts: BySide::new([0; 5], [0; 5]),
    };
    let mut accuracies = BySide::new(Vec::new(), Vec::new());
    for (ply, &played) in moves.iter().enumerate() {
        let a = analyses
            .get(ply)
            .ok_or(ReviewError::MissingAnalysis { ply })?;
        let best = a.best().ok_or(ReviewError::NoBestLine { ply })?.clone();
        let line = a
            .line_of(played)
            .ok_or(ReviewError::PlayedMoveNotAnalysed { ply })?
            .clone();
        let (after, outcome) = pos
            .play(played)
            .map_err(|_| ReviewError::IllegalMove { ply })?;
        let side = pos.turn();
        if ply == 0 {
            out.evals.push(for_white(best.score, side));
        }
        // The best value is the higher of the two: a search may value the move played above
        // the engine's (search instability), and then the move lost nothing.
        let best_value = best.score.max(line.score);
        let loss = Loss::between(best_value, line.score);
        let class = thresholds.classify(loss, played == best.mv);
        let accuracy = move_accuracy(win_percent(best_value) - win_percent(line.score));
        let reasons = if class == MoveClass::Best {
            Vec::new()
        } else {
            reasons(&pos, &outcome, &after, &best, &line)
        };
        out.evals.push(for_white(line.score, side));
        out.counts[side][class.index()] += 1;
        accuracies[side].push((accuracy, clamped(best_value).abs() >= EVAL_CAP));
        out.moves.push(MoveReview {
            ply,
            side,
            played,
            class,
            loss,
            accuracy,
            best,
            line,
            reasons,
        });
        pos = after;
    }
    if moves.is_empty()
        && let Some(best) = analyses.first().and_then(PositionAnalysis::best)
    {
        out.evals.push(for_white(best.score, start.turn()));
    }
    out.accuracy = BySide::new(
        live_accuracy(&accuracies.white),
        live_accuracy(&accuracies.black),
    );
    Ok(out)
}

/// The opponent's reply at the head of `line` after `after` (the line's second move).
fn reply(after: &Position, line: &PvLine) -> Option<MoveOutcome> {
    let h = *line.pv.get(1)?;
    after.play(h).ok().map(|(_, o)| o)
}

fn capture_of(o: &MoveOutcome) -> (u8, bool) {
    match o.capture {
        Some(c) => (c.count, c.tuz),
        None => (0, false),
    }
}

fn wins_at_once(o: &MoveOutcome) -> bool {
    matches!(o.end, Some(e) if e.result == GameResult::Win(o.side))
}

/// The facts that tell why the move played (`outcome`, valued by `line`) was worse than the
/// engine's `best` line from `pos`.
pub fn reasons(
    pos: &Position,
    outcome: &MoveOutcome,
    after: &Position,
    best: &PvLine,
    line: &PvLine,
) -> Vec<Reason> {
    let mut out = Vec::new();
    let Ok((best_after, best_outcome)) = pos.play(best.mv) else {
        return out;
    };
    let my_reply = reply(after, line);
    let best_reply = reply(&best_after, best);
    let lost_at_once = my_reply.as_ref().is_some_and(wins_at_once);
    let forced_loss = line.score.plies_to_end().filter(|p| *p < 0);
    let best_forced_loss = best.score.plies_to_end().is_some_and(|p| p < 0);
    if (lost_at_once || forced_loss.is_some()) && !best_forced_loss {
        let reaches_82 = my_reply
            .as_ref()
            .and_then(|o| o.end)
            .is_some_and(|e| e.kazans[outcome.side.opponent()] >= toguz_engine::WIN);
        if reaches_82 || line_reaches_82(after, line, outcome.side.opponent()) {
            out.push(Reason::LetsOpponentReach82);
        } else if let Some(p) = forced_loss {
            out.push(Reason::AllowsForcedLoss {
                plies: p.unsigned_abs(),
            });
        }
    }
    if wins_at_once(&best_outcome) && !wins_at_once(outcome) {
        out.push(Reason::MissesWin);
    } else if let Some(p) = best.score.plies_to_end().filter(|p| *p > 0)
        && line.score.plies_to_end().is_none_or(|q| q < 0)
    {
        out.push(Reason::MissesForcedWin { plies: p as u32 });
    }
    let (mine, my_tuz) = capture_of(outcome);
    let (theirs, their_tuz) = my_reply.as_ref().map(capture_of).unwrap_or((0, false));
    let (best_mine, best_tuz) = capture_of(&best_outcome);
    let (best_theirs, best_their_tuz) = best_reply.as_ref().map(capture_of).unwrap_or((0, false));
    if their_tuz && !best_their_tuz {
        out.push(Reason::GivesAwayTuz);
    } else if !their_tuz && theirs > best_theirs && theirs > 0 {
        out.push(Reason::GivesAwayCapture { count: theirs });
    }
    if best_tuz && !my_tuz {
        out.push(Reason::MissesTuz);
    } else if !best_tuz && best_mine > mine {
        out.push(Reason::MissesCapture { count: best_mine });
    }
    out
}

/// True when playing out `line` (from its second move) from `after` ends with `side` reaching
/// 82.
fn line_reaches_82(after: &Position, line: &PvLine, side: Side) -> bool {
    let mut p = *after;
    for &h in line.pv.iter().skip(1) {
        match p.play(h) {
            Ok((next, o)) => {
                if let Some(e) = o.end {
                    return e.reason == toguz_engine::EndReason::Reached82
                        && e.kazans[side] >= toguz_engine::WIN;
                }
                p = next;
            }
            Err(_) => return false,
        }
    }
    false
}

/// What "learn from your mistakes" tells after the player's new try at a marked move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Retry {
    /// The engine's move, or one that loses less than an inaccuracy against it: found.
    Found {
        /// What the try lost against the best move (0 for the engine's move).
        loss: Loss,
    },
    /// Still worse by at least an inaccuracy: try again, or show the best move.
    NotBetter {
        /// What the try loses against the best move.
        loss: Loss,
    },
    /// Not a legal move in that position.
    Illegal,
}

/// Judges a new try `house` at the position `pos` of a reviewed move `m` (the position before
/// it): the try is valued by a search of that move alone to the review's depth (or taken from
/// the review when it is the best or the move played), and compared with the best line.
/// `should_stop` cancels (`None`).
pub fn judge_retry(
    searcher: &mut Searcher,
    pos: &Position,
    m: &MoveReview,
    house: House,
    settings: &ReviewSettings,
    mut should_stop: impl FnMut(u64) -> bool,
) -> Option<Retry> {
    if pos.check(house).is_err() {
        return Some(Retry::Illegal);
    }
    let score = if house == m.best.mv {
        m.best.score
    } else if house == m.played {
        m.line.score
    } else {
        let limits = Limits {
            depth: m.best.depth.max(1),
            nodes: settings.nodes,
        };
        let mut cancelled = false;
        let r = searcher.search_moves(pos, &limits, &[house], |n| {
            cancelled = cancelled || should_stop(n);
            cancelled
        });
        if cancelled {
            return None;
        }
        r.score
    };
    Some(judge_try(m, house, score))
}

/// The verdict on a try `house` at a reviewed move `m`, given the try's value `score` (for
/// the mover, from a search to the review's depth): [`judge_retry`] without the search, for
/// a caller whose search runs elsewhere (the app's worker). The try must be legal.
pub fn judge_try(m: &MoveReview, house: House, score: Score) -> Retry {
    let loss = Loss::between(m.best.score.max(score), score);
    if house == m.best.mv || loss.0 < Thresholds::DEFAULT.inaccuracy {
        Retry::Found { loss }
    } else {
        Retry::NotBetter { loss }
    }
}

/// The record comment that carries an evaluation from White's point of view, as Lichess
/// writes it: `[%eval 2.5]` (korgools, up to two decimals) or `[%eval #7]` / `[%eval #-4]` for
/// a proven win for White / for Black in that many plies. An exported game can carry the
/// review's `evals` this way (the engine's records keep comments on import).
///
/// ```
/// use toguz_engine::search::Score;
/// use toguz_coach::review::{eval_comment, parse_eval_comment};
/// assert_eq!(eval_comment(Score::from_eval(250)), "[%eval 2.5]");
/// assert_eq!(eval_comment(Score::from_eval(-1207)), "[%eval -12.07]");
/// assert_eq!(eval_comment(Score::loss_in(4)), "[%eval #-4]");
/// assert_eq!(parse_eval_comment("[%eval 2.5]"), Some(Score::from_eval(250)));
/// assert_eq!(parse_eval_comment("good move [%eval #7]"), Some(Score::win_in(7)));
/// assert_eq!(parse_eval_comment("[%eval x]"), None);
/// ```
pub fn eval_comment(white: Score) -> String {
    match white.plies_to_end() {
        Some(p) => format!("[%eval #{p}]"),
        None => {
            let v = white.get();
            let sign = if v < 0 { "-" } else { "" };
            let (int, frac) = (v.abs() / 100, v.abs() % 100);
            let frac = if frac == 0 {
                String::new()
            } else if frac % 10 == 0 {
                format!(".{}", frac / 10)
            } else {
                format!(".{frac:02}")
            };
            format!("[%eval {sign}{int}{frac}]")
        }
    }
}

/// Reads the evaluation of an `[%eval ...]` comment ([`eval_comment`]) anywhere in a comment's
/// text; `None` when there is none or it does not read.
pub fn parse_eval_comment(text: &str) -> Option<Score> {
    let start = text.find("[%eval ")? + "[%eval ".len();
    let rest = &text[start..];
    let value = rest[..rest.find(']')?].trim();
    if let Some(p) = value.strip_prefix('#') {
        let p: i32 = p.parse().ok()?;
        let plies = p.unsigned_abs();
        return Some(if p >= 0 {
            Score::win_in(plies)
        } else {
            Score::loss_in(plies)
        });
    }
    let (neg, digits) = match value.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, value.strip_prefix('+').unwrap_or(value)),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty()
        || frac.len() > 2
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let int: i32 = int.parse().ok()?;
    let frac: i32 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().ok()?
    };
    let v = int.checked_mul(100)?.checked_add(frac)?;
    let score = Score::from_eval(if neg { -v } else { v });
    (!score.is_decisive()).then_some(score)
}
