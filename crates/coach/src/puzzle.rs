//! Puzzles: positions from real games where one move is clearly best, verified by the search.
//!
//! A position is a puzzle when, searched to [`VERIFY_DEPTH`] with two lines
//! ([`Searcher::search_multipv`]), its best move is unique ([`uniqueness`]): it is worth at
//! least [`MARGIN`] more than the second best (evaluations clamped as in the review), or it is
//! the only move that wins by force, or the only one that does not lose by force. A longer
//! puzzle goes on with the opponent's best reply while the player's next move is unique too
//! (up to [`MAX_PLAYER_MOVES`] player moves).
//!
//! The puzzle file (`public/puzzles.tsv`) has one puzzle a line, tab-separated, and `#`
//! comment lines:
//!
//! ```text
//! id        position                                                 solution  themes       rating  source
//! 3f9c01aa  0,2,2,1,3,3,7,2,1/5,4,4,1,0,3,1,1,3 60/59 5/1 w          7 3 5     capture,tuz  1340    korgol.pgn#12:34
//! ```
//!
//! `solution`: the player's moves and the opponent's replies, alternately, as house digits
//! (the player's first; an odd count). `themes`: [`Theme`] names, comma-separated. `rating`:
//! the starting Glicko-2 rating ([`initial_rating`]). `source`: the file and game (1-based)
//! and the ply of the position, or `selfplay:<seed>:<ply>`.
//!
//! ```
//! use toguz_coach::puzzle::{parse_puzzles, write_puzzles};
//! let text = "# a comment\n3f9c01aa\t0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w\t9\tendgame\t900\thand\n";
//! let puzzles = parse_puzzles(text).unwrap();
//! assert_eq!(puzzles[0].solution.len(), 1);
//! assert_eq!(parse_puzzles(&write_puzzles(&puzzles)).unwrap(), puzzles);
//! ```

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};
use toguz_engine::hash::fnv1a_32;
use toguz_engine::search::{Level, Limits, PvLine, Rng, Score, Searcher, greedy_move};
use toguz_engine::{
    GameResult, House, MoveOutcome, ParsePositionError, Position, Setup, Side, WIN,
};

use crate::review::clamped;

/// The depth at which a puzzle's solution is verified unique.
pub const VERIFY_DEPTH: u32 = 12;
/// A node limit per verification search (a bound for rare expensive positions; a search cut
/// short of the verification depth does not verify).
pub const VERIFY_NODES: u64 = 4_000_000;
/// How much more than the second best move the solution must be worth, in hundredths of a
/// korgool (evaluations clamped to the review's cap).
pub const MARGIN: i32 = 500;
/// How much worse than the engine's best an opponent's reply in a solution may be, in
/// hundredths of a korgool (two equal replies verify either way).
pub const REPLY_SLACK: i32 = 50;
/// The most player moves in a solution.
pub const MAX_PLAYER_MOVES: usize = 3;
/// The lowest value of a solution by margin (hundredths, for the player): a move that is
/// unique but leaves the player clearly lost is not a puzzle.
pub const MIN_VALUE: i32 = -300;

/// What a puzzle is about, from the engine's move outcomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A move of the solution captures (an even count).
    Capture,
    /// A move of the solution makes a tuz.
    Tuz,
    /// After the first move the player threatens two captures (of at least
    /// [`THREAT_MIN`]) or a capture and a tuz at once.
    DoubleThreat,
    /// The opponent threatened a capture of at least [`THREAT_MIN`] or a tuz, and the first
    /// move takes the threat away (or halves it).
    Defence,
    /// The solution ends the game (82 reached, or the opponent left without a move) or wins
    /// by force, or few korgools are left on the board ([`ENDGAME_BOARD`]).
    Endgame,
    /// A move of the solution sows at least 18 korgools: a lap around the board.
    LongSowing,
}

/// The smallest capture that counts as a threat for [`Theme::DoubleThreat`] and
/// [`Theme::Defence`].
pub const THREAT_MIN: u8 = 6;
/// At most this many korgools on the board make an [`Theme::Endgame`].
pub const ENDGAME_BOARD: u32 = 40;

impl Theme {
    /// All themes.
    pub const ALL: [Theme; 6] = [
        Theme::Capture,
        Theme::Tuz,
        Theme::DoubleThreat,
        Theme::Defence,
        Theme::Endgame,
        Theme::LongSowing,
    ];

    /// The name in the puzzle file: `capture`, `tuz`, `double_threat`, `defence`, `endgame`,
    /// `long_sowing`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Tuz => "tuz",
            Theme::DoubleThreat => "double_threat",
            Theme::Defence => "defence",
            Theme::Endgame => "endgame",
            Theme::LongSowing => "long_sowing",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = PuzzleErrorKind;
    fn from_str(s: &str) -> Result<Theme, PuzzleErrorKind> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| PuzzleErrorKind::UnknownTheme(s.to_string()))
    }
}

/// One puzzle (one line of the puzzle file: [`FromStr`] and [`fmt::Display`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A stable id: 8 hex digits of a hash of the position and the solution.
    pub id: String,
    /// The position, the player to solve it to move.
    pub position: Position,
    /// The player's moves and the opponent's replies, alternately, the player's first; an
    /// odd count, each legal in turn.
    pub solution: Vec<House>,
    /// What it is about (at least one).
    pub themes: Vec<Theme>,
    /// The starting rating (Glicko-2 scale).
    pub rating: u16,
    /// Where the position comes from.
    pub source: String,
}

impl Puzzle {
    /// The side that solves it.
    pub fn player(&self) -> Side {
        self.position.turn()
    }

    /// How many moves the player makes.
    pub fn player_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The position before solution move `i` (and the outcomes up to it): `None` if `i` is
    /// past the solution.
    pub fn position_before(&self, i: usize) -> Option<Position> {
        if i > self.solution.len() {
            return None;
        }
        let mut p = self.position;
        for &h in &self.solution[..i] {
            p.play_unchecked(h);
        }
        Some(p)
    }
}

/// The id of a puzzle: FNV-1a (32 bits) of the position string and the solution digits.
pub fn puzzle_id(position: &Position, solution: &[House]) -> String {
    let text = format!("{position} {}", moves_string(solution));
    format!("{:08x}", fnv1a_32(text.bytes()))
}

fn moves_string(moves: &[House]) -> String {
    moves
        .iter()
        .map(|h| h.get().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a line of the puzzle file does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleErrorKind {
    /// Not six tab-separated fields.
    FieldCount(usize),
    /// An empty id.
    EmptyId,
    /// The position does not read.
    Position(ParsePositionError),
    /// A solution move is not a house digit 1-9.
    BadMove(String),
    /// A solution move is illegal where it is played (its index in the solution).
    IllegalMove(usize),
    /// An empty solution, or one with an even count (it must end with the player's move).
    SolutionLength(usize),
    /// A theme name that is not one of [`Theme::ALL`].
    UnknownTheme(String),
    /// No theme.
    NoTheme,
    /// The rating is not a number 0-65535.
    BadRating(String),
    /// An empty source.
    EmptySource,
}

impl fmt::Display for PuzzleErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleErrorKind::FieldCount(n) => write!(f, "{n} fields where 6 were expected"),
            PuzzleErrorKind::EmptyId => f.write_str("empty id"),
            PuzzleErrorKind::Position(e) => write!(f, "bad position: {e}"),
            PuzzleErrorKind::BadMove(t) => write!(f, "bad move '{t}' (a house 1-9)"),
            PuzzleErrorKind::IllegalMove(i) => write!(f, "solution move {} is illegal", i + 1),
            PuzzleErrorKind::SolutionLength(n) => {
                write!(f, "a solution of {n} moves (an odd number is needed)")
            }
            PuzzleErrorKind::UnknownTheme(t) => write!(f, "unknown theme '{t}'"),
            PuzzleErrorKind::NoTheme => f.write_str("no theme"),
            PuzzleErrorKind::BadRating(t) => write!(f, "bad rating '{t}'"),
            PuzzleErrorKind::EmptySource => f.write_str("empty source"),
        }
    }
}

/// A line of the puzzle file that does not read: its 1-based line number and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The line number (1-based).
    pub line: usize,
    /// Why.
    pub kind: PuzzleErrorKind,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for PuzzleError {}
impl std::error::Error for PuzzleErrorKind {}

impl FromStr for Puzzle {
    type Err = PuzzleErrorKind;

    /// One line of the puzzle file (without its newline).
    fn from_str(line: &str) -> Result<Puzzle, PuzzleErrorKind> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 6 {
            return Err(PuzzleErrorKind::FieldCount(f.len()));
        }
        let id = f[0].trim();
        if id.is_empty() {
            return Err(PuzzleErrorKind::EmptyId);
        }
        let position: Position = f[1].trim().parse().map_err(PuzzleErrorKind::Position)?;
        let mut solution = Vec::new();
        let mut p = position;
        for (i, t) in f[2].split_whitespace().enumerate() {
            let h = t
                .parse::<u8>()
                .ok()
                .and_then(House::new)
                .ok_or_else(|| PuzzleErrorKind::BadMove(t.to_string()))?;
            if p.check(h).is_err() {
                return Err(PuzzleErrorKind::IllegalMove(i));
            }
            p.play_unchecked(h);
            solution.push(h);
        }
        if solution.len() % 2 == 0 {
            return Err(PuzzleErrorKind::SolutionLength(solution.len()));
        }
        let themes = f[3]
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(Theme::from_str)
            .collect::<Result<Vec<_>, _>>()?;
        if themes.is_empty() {
            return Err(PuzzleErrorKind::NoTheme);
        }
        let rating = f[4]
            .trim()
            .parse::<u16>()
            .map_err(|_| PuzzleErrorKind::BadRating(f[4].to_string()))?;
        let source = f[5].trim();
        if source.is_empty() {
            return Err(PuzzleErrorKind::EmptySource);
        }
        Ok(Puzzle {
            id: id.to_string(),
            position,
            solution,
            themes,
            rating,
            source: source.to_string(),
        })
    }
}

impl fmt::Display for Puzzle {
    /// The line of the puzzle file (without a newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.position,
            moves_string(&self.solution),
            themes.join(","),
            self.rating,
            self.source
        )
    }
}

/// Reads a puzzle file: every line that is not empty or a `#` comment is a puzzle. The first
/// line that does not read is the error.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            l.parse::<Puzzle>()
                .map_err(|kind| PuzzleError { line: i + 1, kind })
        })
        .collect()
}

/// Writes puzzles one a line (with a newline after each), as [`parse_puzzles`] reads them.
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    puzzles.iter().map(|p| format!("{p}\n")).collect()
}

/// Why the best move of a position is unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unique {
    /// It wins by force; the second best does not.
    OnlyWin,
    /// Every other move loses by force; it does not.
    OnlyDefence,
    /// It is worth this much more than the second best (hundredths of a korgool, clamped).
    ByMargin(i32),
}

/// Whether the first of two or more lines (best first, from a multi-PV search) is a unique
/// best move: the only forced win, the only move that does not lose by force, or worth at
/// least [`MARGIN`] more than the second (clamped as the review clamps) while the player is
/// not clearly lost after it ([`MIN_VALUE`]). One line (a single legal move) is not unique:
/// there is nothing to find.
pub fn uniqueness(lines: &[PvLine]) -> Option<Unique> {
    let (best, second) = (lines.first()?.score, lines.get(1)?.score);
    let win = |s: Score| s.plies_to_end().is_some_and(|p| p >= 0);
    let loss = |s: Score| s.plies_to_end().is_some_and(|p| p < 0);
    if win(best) && !win(second) {
        return Some(Unique::OnlyWin);
    }
    if !loss(best) && loss(second) {
        return Some(Unique::OnlyDefence);
    }
    let gap = clamped(best) - clamped(second);
    (gap >= MARGIN && clamped(best) >= MIN_VALUE).then_some(Unique::ByMargin(gap))
}

/// Why a puzzle does not verify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The engine's best move at solution move `index` is another.
    NotBest {
        /// The index in the solution.
        index: usize,
        /// The engine's move.
        engine: House,
    },
    /// The solution's move is the engine's best but not by enough ([`uniqueness`]).
    NotUnique {
        /// The index in the solution.
        index: usize,
    },
    /// An opponent's reply in the solution is worse than the engine's best reply.
    ReplyNotBest {
        /// The index in the solution.
        index: usize,
    },
    /// The search did not reach the verification depth within its node limit.
    TooDeep {
        /// The index in the solution.
        index: usize,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VerifyError::NotBest { index, engine } => {
                write!(f, "move {}: the engine prefers {engine}", index + 1)
            }
            VerifyError::NotUnique { index } => write!(f, "move {}: not unique", index + 1),
            VerifyError::ReplyNotBest { index } => {
                write!(f, "reply {}: not the engine's best", index + 1)
            }
            VerifyError::TooDeep { index } => {
                write!(f, "move {}: the depth was not reached", index + 1)
            }
        }
    }
}

impl std::error::Error for VerifyError {}

/// Searches `pos` for two lines to `depth` (within [`VERIFY_NODES`]).
fn two_lines(searcher: &mut Searcher, pos: &Position, depth: u32) -> (Vec<PvLine>, u32) {
    let limits = Limits {
        depth,
        nodes: VERIFY_NODES,
    };
    let r = searcher.search_multipv(pos, &limits, 2, |_| false);
    (r.lines, r.depth)
}

/// Verifies a puzzle at `depth` ([`VERIFY_DEPTH`] for the set): each of the player's moves is
/// the engine's best and unique ([`uniqueness`]), each reply is the engine's best (within
/// [`REPLY_SLACK`]). The position and the moves' legality are checked when the puzzle is
/// read. Gives the first move's [`Unique`] (for [`rate`]).
pub fn verify(searcher: &mut Searcher, puzzle: &Puzzle, depth: u32) -> Result<Unique, VerifyError> {
    let mut pos = puzzle.position;
    let mut first = None;
    for (index, &mv) in puzzle.solution.iter().enumerate() {
        let (lines, reached) = two_lines(searcher, &pos, depth);
        let decided = lines.first().is_some_and(|l| l.score.is_decisive());
        if reached < depth && !decided {
            return Err(VerifyError::TooDeep { index });
        }
        let best = lines.first().ok_or(VerifyError::TooDeep { index })?;
        if index % 2 == 0 {
            if best.mv != mv {
                return Err(VerifyError::NotBest {
                    index,
                    engine: best.mv,
                });
            }
            match uniqueness(&lines) {
                None => return Err(VerifyError::NotUnique { index }),
                Some(u) => {
                    first.get_or_insert(u);
                }
            }
        } else if best.mv != mv {
            let value = match lines.iter().find(|l| l.mv == mv) {
                Some(l) => l.score,
                None => {
                    let limits = Limits {
                        depth: reached,
                        nodes: VERIFY_NODES,
                    };
                    searcher.search_moves(&pos, &limits, &[mv], |_| false).score
                }
            };
            if clamped(value) < clamped(best.score) - REPLY_SLACK {
                return Err(VerifyError::ReplyNotBest { index });
            }
        }
        pos.play_unchecked(mv);
    }
    first.ok_or(VerifyError::NotUnique { index: 0 })
}

/// The captures `side` could make with one move if it were their turn: `(house, korgools,
/// tuz made)` for each move that captures.
fn threats(pos: &Position, side: Side) -> Vec<(House, u8, bool)> {
    let mut setup = Setup::from(*pos);
    setup.turn = side;
    let Ok(p) = Position::try_from(setup) else {
        return Vec::new();
    };
    p.legal_moves()
        .filter_map(|h| {
            let (_, o) = p.play(h).ok()?;
            o.capture.map(|c| (h, c.count, c.tuz))
        })
        .collect()
}

/// The largest threat of `threats`, a tuz counted as [`THREAT_MIN`].
fn biggest(threats: &[(House, u8, bool)]) -> u8 {
    threats
        .iter()
        .map(|&(_, n, tuz)| if tuz { n.max(THREAT_MIN) } else { n })
        .max()
        .unwrap_or(0)
}

/// The themes of a solution from `pos`, from the engine's move outcomes; `decisive` when the
/// solution wins by force.
pub fn themes(pos: &Position, solution: &[House], decisive: bool) -> Vec<Theme> {
    let player = pos.turn();
    let mut out = Vec::new();
    let mut p = *pos;
    let mut outcomes: Vec<MoveOutcome> = Vec::new();
    let mut after_first = *pos;
    for (i, &h) in solution.iter().enumerate() {
        let Ok((next, o)) = p.play(h) else {
            break;
        };
        if i == 0 {
            after_first = next;
        }
        outcomes.push(o);
        p = next;
    }
    let mine = || outcomes.iter().step_by(2);
    let mut add = |t: Theme| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    if mine().any(|o| o.capture.is_some_and(|c| c.tuz)) {
        add(Theme::Tuz);
    }
    if mine().any(|o| o.capture.is_some_and(|c| !c.tuz)) {
        add(Theme::Capture);
    }
    if !after_first.is_over() {
        let t = threats(&after_first, player);
        let real = t
            .iter()
            .filter(|&&(_, n, tuz)| tuz || n >= THREAT_MIN)
            .count();
        if real >= 2 {
            add(Theme::DoubleThreat);
        }
    }
    let before = biggest(&threats(pos, player.opponent()));
    if before >= THREAT_MIN && !after_first.is_over() {
        let after = biggest(&threats(&after_first, player.opponent()));
        if after * 2 <= before {
            add(Theme::Defence);
        }
    }
    let ends = mine().any(|o| matches!(o.end, Some(e) if e.result == GameResult::Win(player)));
    let board = 162 - u32::from(pos.kazan(Side::White)) - u32::from(pos.kazan(Side::Black));
    let near_82 = pos.kazan(player) >= WIN - 10;
    if ends || decisive || board <= ENDGAME_BOARD || near_82 {
        add(Theme::Endgame);
    }
    if mine().any(|o| o.lifted >= 18) {
        add(Theme::LongSowing);
    }
    out
}

/// The starting rating of a puzzle, from the search:
///
/// ```text
/// 600 + 100 × depth needed + 20 × temptation + 250 × (player moves − 1)
///     + 150 if the first move captures nothing + 30 × closeness
/// ```
///
/// clamped to `600..=2500`, where the depth needed is the shallowest search depth from which
/// the engine keeps finding the first move; the temptation is how many korgools more the
/// greediest move takes at once than the solution's first move (at most 20); and the
/// closeness is how near the second best move comes: `15 − margin` in korgools, 0 to 10
/// (0 for the only win or the only defence).
///
/// ```
/// use toguz_coach::puzzle::initial_rating;
/// assert_eq!(initial_rating(1, 0, 1, false, 0), 700);
/// assert_eq!(initial_rating(4, 5, 2, true, 8), 600 + 400 + 100 + 250 + 150 + 240);
/// assert_eq!(initial_rating(12, 20, 3, true, 10), 2500);
/// ```
pub fn initial_rating(
    depth_needed: u32,
    temptation: u8,
    player_moves: usize,
    quiet: bool,
    closeness: u8,
) -> u16 {
    let r = 600
        + 100 * i64::from(depth_needed)
        + 20 * i64::from(temptation.min(20))
        + 250 * (player_moves.max(1) as i64 - 1)
        + if quiet { 150 } else { 0 }
        + 30 * i64::from(closeness.min(10));
    r.clamp(600, 2500) as u16
}

/// The starting rating of a puzzle whose first move is unique as `unique` says (from
/// [`uniqueness`] or [`verify`]), by [`initial_rating`]; `depth` is the verification depth.
pub fn rate(position: &Position, solution: &[House], unique: Unique, depth: u32) -> u16 {
    let Some(&first) = solution.first() else {
        return 600;
    };
    let temptation = greedy_move(position)
        .map(|g| (immediate_gain(position, g) - immediate_gain(position, first)).max(0))
        .unwrap_or(0)
        .min(20) as u8;
    let quiet = position
        .play(first)
        .map(|(_, o)| o.capture.is_none())
        .unwrap_or(false);
    let closeness = match unique {
        Unique::ByMargin(gap) => (15 - gap / 100).clamp(0, 10) as u8,
        Unique::OnlyWin | Unique::OnlyDefence => 0,
    };
    initial_rating(
        depth_needed(position, first, depth),
        temptation,
        solution.len().div_ceil(2),
        quiet,
        closeness,
    )
}

/// The kazan gain of `h` for the mover at once (captures, tuz inflows, a tuz as its three).
fn immediate_gain(pos: &Position, h: House) -> i32 {
    let me = pos.turn();
    let mut c = *pos;
    c.play_unchecked(h);
    (i32::from(c.kazan(me)) - i32::from(pos.kazan(me)))
        - (i32::from(c.kazan(me.opponent())) - i32::from(pos.kazan(me.opponent())))
}

/// The shallowest depth from which a search (depths 1, 2, ... `up_to`, one searcher) keeps
/// giving `mv` as its best move.
fn depth_needed(pos: &Position, mv: House, up_to: u32) -> u32 {
    let mut s = Searcher::new(1);
    let mut needed = 1;
    for d in 1..=up_to {
        let r = s.search(pos, &Limits::depth(d), |_| false);
        if r.best != Some(mv) {
            needed = d + 1;
        }
    }
    needed.min(up_to)
}

/// What the miner does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MineSettings {
    /// The verification depth.
    pub depth: u32,
    /// The depth of the quick first look that picks candidates.
    pub scan_depth: u32,
    /// The most puzzles taken from one game.
    pub per_game: usize,
    /// Plies to skip after a puzzle before the next one of the same game.
    pub spacing: usize,
}

impl Default for MineSettings {
    fn default() -> Self {
        MineSettings {
            depth: VERIFY_DEPTH,
            scan_depth: 6,
            per_game: 4,
            spacing: 6,
        }
    }
}

/// Makes a puzzle of `pos` if it is one at `depth`: the first move unique, then as long as
/// the player's next move is unique too, the opponent's best reply and that move. `None` when
/// the position is not a puzzle.
pub fn puzzle_at(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
    source: &str,
) -> Option<Puzzle> {
    if pos.is_over() || pos.legal_moves().count() < 2 {
        return None;
    }
    let (lines, reached) = two_lines(searcher, pos, depth);
    let first = lines.first()?;
    if reached < depth && !first.score.is_decisive() {
        return None;
    }
    let unique = uniqueness(&lines)?;
    let decisive = first.score.plies_to_end().is_some_and(|p| p > 0);
    let mut solution = vec![first.mv];
    let mut p = *pos;
    p.play_unchecked(first.mv);
    while solution.len() < 2 * MAX_PLAYER_MOVES - 1 && !p.is_over() {
        // The opponent's best reply, then the player's next move if it is unique.
        let (replies, _) = two_lines(searcher, &p, depth);
        let Some(reply) = replies.first() else { break };
        let mut q = p;
        q.play_unchecked(reply.mv);
        if q.is_over() || q.legal_moves().count() < 2 {
            break;
        }
        let (next, reached) = two_lines(searcher, &q, depth);
        let Some(best) = next.first() else { break };
        if (reached < depth && !best.score.is_decisive()) || uniqueness(&next).is_none() {
            break;
        }
        solution.push(reply.mv);
        solution.push(best.mv);
        q.play_unchecked(best.mv);
        p = q;
    }
    let mut themes = themes(pos, &solution, decisive);
    if themes.is_empty() {
        return None;
    }
    themes.sort();
    Some(Puzzle {
        id: puzzle_id(pos, &solution),
        position: *pos,
        rating: rate(pos, &solution, unique, depth),
        solution,
        themes,
        source: source.to_string(),
    })
}

/// Mines the positions of one game (`positions[i]` before ply `i`): a quick look at
/// `scan_depth` picks the positions whose best move stands out, `puzzle_at` verifies them;
/// at most `per_game`, `spacing` plies apart. `source` is prefixed to `:<ply>`.
pub fn mine_game(
    searcher: &mut Searcher,
    positions: &[Position],
    settings: &MineSettings,
    source: &str,
) -> Vec<Puzzle> {
    let mut out = Vec::new();
    let mut next_ply = 0;
    let mut scan = Searcher::new(2);
    for (ply, pos) in positions.iter().enumerate() {
        if out.len() >= settings.per_game {
            break;
        }
        if ply < next_ply || pos.is_over() || pos.legal_moves().count() < 2 {
            continue;
        }
        let quick = scan.search_multipv(pos, &Limits::depth(settings.scan_depth), 2, |_| false);
        if uniqueness(&quick.lines).is_none() {
            continue;
        }
        if let Some(p) = puzzle_at(searcher, pos, settings.depth, &format!("{source}:{ply}")) {
            out.push(p);
            next_ply = ply + settings.spacing;
        }
    }
    out
}

/// The node budget that stands for Expert's clock in [`selfplay_positions`] (about a fifth of
/// a second natively).
pub const EXPERT_NODES: u64 = 500_000;

/// A game of the engine against itself at two levels, from the start, with `seed` for the
/// levels' randomness: the positions before each move and after the last (at most
/// `max_plies` moves), after four random plies. Easy and Medium make the mistakes that
/// puzzles are made of; Expert plays on [`EXPERT_NODES`] a move.
pub fn selfplay_positions(
    white: Level,
    black: Level,
    seed: u64,
    max_plies: usize,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut searchers = [Searcher::new(1), Searcher::new(1)];
    let mut pos = Position::start();
    // A few random opening plies so that games differ.
    let mut out = vec![pos];
    for _ in 0..4 {
        let moves: Vec<House> = pos.legal_moves().collect();
        if moves.is_empty() {
            return out;
        }
        pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        out.push(pos);
    }
    while out.len() <= max_plies && !pos.is_over() {
        let level = match pos.turn() {
            Side::White => white,
            Side::Black => black,
        };
        let mut params = level.params();
        if params.movetime_ms.is_some() {
            // Expert plays on a clock; without one, a node budget instead.
            params.nodes = EXPERT_NODES;
        }
        let s = &mut searchers[pos.turn().index()];
        let r = s.play_level(&pos, &params, &mut rng, |_| false);
        let Some(h) = r.best else { break };
        pos.play_unchecked(h);
        out.push(pos);
    }
    out
}

/// What the trainer tells after the player's move at a step of a puzzle ([`Puzzle::judge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Judgement {
    /// The solution's move, and the puzzle goes on: the opponent replies `reply`.
    Correct {
        /// The opponent's reply to play on the board.
        reply: House,
    },
    /// The solution's last move: solved.
    Solved,
    /// Another move (the app shows its real consequence: search it, or play the engine's
    /// reply); the solution's move here is `expected`.
    Wrong {
        /// The move that was wanted.
        expected: House,
    },
    /// Not a move the player can make here (or not the player's turn in the solution).
    Illegal,
}

impl Puzzle {
    /// Judges `house` played at solution index `step` (0, 2, 4, ...: the player's moves).
    ///
    /// ```
    /// use toguz_coach::puzzle::{Judgement, Puzzle};
    /// use toguz_engine::House;
    /// let p: Puzzle = "ab12cd34\t1,1,1,1,1,1,1,1,1/19,1,1,1,1,1,1,1,1 60/66 -/- w\t9 2 1\tcapture\t1200\thand"
    ///     .parse().unwrap();
    /// let h = |n| House::new(n).unwrap();
    /// assert_eq!(p.judge(0, h(9)), Judgement::Correct { reply: h(2) });
    /// assert_eq!(p.judge(0, h(8)), Judgement::Wrong { expected: h(9) });
    /// assert_eq!(p.judge(2, h(1)), Judgement::Solved);
    /// assert_eq!(p.judge(1, h(2)), Judgement::Illegal);
    /// ```
    pub fn judge(&self, step: usize, house: House) -> Judgement {
        let Some(pos) = self.position_before(step) else {
            return Judgement::Illegal;
        };
        if step % 2 == 1 || step >= self.solution.len() || pos.check(house).is_err() {
            return Judgement::Illegal;
        }
        let expected = self.solution[step];
        if house != expected {
            return Judgement::Wrong { expected };
        }
        match self.solution.get(step + 1) {
            Some(&reply) => Judgement::Correct { reply },
            None => Judgement::Solved,
        }
    }
}
