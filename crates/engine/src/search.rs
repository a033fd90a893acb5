//! The search: iterative-deepening negamax alpha-beta with a transposition table.
//!
//! No clock, no threads, no I/O: the caller gives [`Limits`] (depth, nodes) and a
//! `should_stop(nodes)` callback, checked every [`CHECK_EVERY`] nodes (a browser passes a time
//! check, the command-line tool a clock). The search always has a legal move to give for a
//! position that is not final, even when stopped at once.
//!
//! ```
//! use toguz_engine::Position;
//! use toguz_engine::search::{search, Limits};
//! let r = search(&Position::start(), &Limits::depth(4), |_| false);
//! assert!(r.best.is_some());
//! assert_eq!(r.depth, 4);
//! ```
//!
//! A caller with its own clock (a Web Worker with `performance.now()`, the command-line tool
//! with `Instant`) plays a level like this; everything crossing a worker boundary (`Level`,
//! `LevelParams`, `Limits`, `SearchResult`, `Score`) is serde:
//!
//! ```
//! use toguz_engine::Position;
//! use toguz_engine::search::{Level, Rng, Searcher};
//! let mut searcher = Searcher::new(16); // keep it for the whole game; new_game() between games
//! let params = Level::of(5).params();
//! let budget_ms = params.movetime_ms.unwrap_or(u32::MAX);
//! let now_ms = || 0u32; // the caller's clock
//! let r = searcher.play_level(&Position::start(), &params, &mut Rng::new(42), |_nodes| {
//!     now_ms() >= budget_ms
//! });
//! assert!(r.best.is_some());
//! ```
//!
//! What it does: iterative deepening; a transposition table keyed by Zobrist hashing
//! ([`zobrist`]); move ordering (table move, captures and tuzes by their gain, two killers per
//! ply, history); principal-variation search; aspiration windows; late-move reductions of
//! quiet moves; a quiescence search of captures and tuzes. Each can be switched off in
//! [`SearchOptions`], for the proof tests and for measuring by matches.

mod ladder;
mod level;
mod score;
mod tt;

pub use ladder::{Level, UnknownLevel};
use level::greedy_among;
pub use level::{LevelParams, Rng, greedy_move};
pub use score::Score;
pub use tt::zobrist;

use serde::{Deserialize, Serialize};

use crate::eval::{EvalParams, evaluate};
use crate::{GameResult, House, Position};
use tt::{Bound, Table};

/// How often (in nodes) the search calls `should_stop` (a power of two).
pub const CHECK_EVERY: u64 = 2048;
/// The deepest ply the search reaches (nominal depth plus quiescence).
pub const MAX_PLY: usize = 128;
/// The deepest nominal depth an iteration can have.
pub const MAX_DEPTH: u32 = 100;

/// What the caller allows the search: it stops at whichever limit comes first, or when
/// `should_stop` says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The deepest iteration (in plies), at most [`MAX_DEPTH`].
    pub depth: u32,
    /// The most nodes to visit.
    pub nodes: u64,
}

impl Default for Limits {
    /// No limit but `should_stop`.
    fn default() -> Self {
        Limits {
            depth: MAX_DEPTH,
            nodes: u64::MAX,
        }
    }
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: depth.min(MAX_DEPTH),
            ..Limits::default()
        }
    }

    /// Search up to a number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes,
            ..Limits::default()
        }
    }
}

/// The switches and weights of the search. The default is the full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// Use the transposition table (cut-offs and move ordering).
    pub tt: bool,
    /// Cut off on table entries only of exactly the depth wanted (for the proof tests: then
    /// the root value equals that of plain negamax to the same depth).
    pub tt_same_depth_only: bool,
    /// Order moves (table move, captures, killers, history); otherwise house order.
    pub ordering: bool,
    /// Principal-variation search (null windows after the first move).
    pub pvs: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Late-move reductions of quiet moves (may change the value).
    pub lmr: bool,
    /// Moves searched in full before reductions start (0-based index of the first reduced).
    pub lmr_min_move: u32,
    /// The shallowest remaining depth at which moves are reduced.
    pub lmr_min_depth: u32,
    /// Reduce at principal-variation nodes too.
    pub lmr_pv: bool,
    /// Quiescence search of captures and tuzes at the horizon.
    pub quiescence: bool,
    /// The deepest quiescence line, in plies.
    pub qs_depth: u32,
    /// The evaluation weights.
    pub eval: EvalParams,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt: true,
            tt_same_depth_only: false,
            ordering: true,
            pvs: true,
            aspiration: true,
            lmr: true,
            lmr_min_move: 3,
            lmr_min_depth: 3,
            lmr_pv: true,
            quiescence: true,
            qs_depth: 12,
            eval: EvalParams::default(),
        }
    }
}

impl SearchOptions {
    /// Alpha-beta with every pruning that keeps the exact fixed-depth value: table (same depth
    /// cut-offs), ordering, PVS; no reductions, no aspiration.
    pub fn exact() -> SearchOptions {
        SearchOptions {
            tt_same_depth_only: true,
            aspiration: false,
            lmr: false,
            ..SearchOptions::default()
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The move to play; `None` only when the position is final.
    pub best: Option<House>,
    /// The value for the player to move (terminal for a final position).
    pub score: Score,
    /// The deepest iteration completed (0 if none, or for a final position).
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<House>,
}

/// One line of a multi-PV search ([`Searcher::search_multipv`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PvLine {
    /// The root move of this line (the first of `pv`).
    pub mv: House,
    /// The value of playing `mv`, for the player to move at the root (hundredths of a korgool
    /// or a proven result), comparable with the other lines' scores.
    pub score: Score,
    /// The depth this line was searched to.
    pub depth: u32,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<House>,
}

/// The result of a multi-PV search: the best root moves, best first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiPvResult {
    /// The lines, the engine's best move first (the single-PV result), then the best of the
    /// remaining moves, and so on. Empty for a final position, or when stopped before the
    /// first iteration completed.
    pub lines: Vec<PvLine>,
    /// The depth of the first line.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes visited for all the lines.
    pub nodes: u64,
}

/// Searches `pos` with a fresh [`Searcher`] (a 16 MB table) and the default options.
///
/// `should_stop(nodes)` is called every [`CHECK_EVERY`] nodes; returning `true` ends the
/// search, which then gives the result of the last completed iteration.
pub fn search(
    pos: &Position,
    limits: &Limits,
    should_stop: impl FnMut(u64) -> bool,
) -> SearchResult {
    Searcher::new(16).search(pos, limits, should_stop)
}

/// The score of a final position for the player to move, `ply` plies from the root.
fn terminal(pos: &Position, ply: usize) -> Option<i32> {
    if !pos.is_over() {
        return None;
    }
    let end = pos.end()?;
    let ply = ply as u32;
    Some(match end.result {
        GameResult::Draw => 0,
        GameResult::Win(s) if s == pos.turn() => Score::win_in(ply).get(),
        GameResult::Win(_) => Score::loss_in(ply).get(),
    })
}

/// A child of a node, made ready for ordering.
#[derive(Clone, Copy)]
struct Child {
    pos: Position,
    house: u8,
    /// Kazan gain of the mover minus that of the opponent, tuz made counted.
    gain: i32,
    tactical: bool,
    order: i32,
}

/// A reusable search: its transposition table, killers and history survive between calls
/// (call [`Searcher::new_game`] between games).
pub struct Searcher {
    /// The switches and weights.
    pub options: SearchOptions,
    tt: Table,
    killers: [[u8; 2]; MAX_PLY + 1],
    history: [[i32; 9]; 2],
    pv: Vec<[u8; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    node_limit: u64,
    seldepth: usize,
    stopped: bool,
    /// Root moves left out of the current search (bit `i` = house `i + 1`): the lines already
    /// found by a multi-PV search, or every move but the ones asked for. Zero for a plain
    /// search, whose path is then exactly the single-PV one.
    root_exclude: u16,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_mb` megabytes and default options.
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher::with_options(tt_mb, SearchOptions::default())
    }

    /// A searcher with given options.
    pub fn with_options(tt_mb: usize, options: SearchOptions) -> Searcher {
        Searcher {
            options,
            tt: Table::new(tt_mb),
            killers: [[0xFF; 2]; MAX_PLY + 1],
            history: [[0; 9]; 2],
            pv: vec![[0xFF; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            node_limit: u64::MAX,
            seldepth: 0,
            stopped: false,
            root_exclude: 0,
        }
    }

    /// Forgets the table, killers and history.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.killers = [[0xFF; 2]; MAX_PLY + 1];
        self.history = [[0; 9]; 2];
    }

    /// Searches `pos` within `limits`; see [`search`].
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        should_stop: impl FnMut(u64) -> bool,
    ) -> SearchResult {
        self.search_with_info(pos, limits, should_stop, |_| {})
    }

    /// [`Searcher::search_with_info`] with its callbacks as trait objects, for callers built
    /// for size: the search (generic over the callbacks) is then compiled once, here, at the
    /// engine's own optimisation level, not in the caller's crate at the caller's (the app's
    /// release build optimises for size, the engine for speed; the callbacks run once every
    /// [`CHECK_EVERY`] nodes and once an iteration).
    #[inline(never)]
    pub fn search_with_info_dyn(
        &mut self,
        pos: &Position,
        limits: &Limits,
        should_stop: &mut dyn FnMut(u64) -> bool,
        info: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.search_with_info(pos, limits, should_stop, info)
    }

    /// Searches `pos` within `limits`, calling `info` after each completed iteration.
    pub fn search_with_info(
        &mut self,
        pos: &Position,
        limits: &Limits,
        should_stop: impl FnMut(u64) -> bool,
        info: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.iterate(pos, limits, 0, should_stop, info)
    }

    /// The iterative deepening, with the root moves of `exclude` left out (see
    /// [`Searcher::root_exclude`]); `exclude` must leave at least one legal move.
    fn iterate(
        &mut self,
        pos: &Position,
        limits: &Limits,
        exclude: u16,
        mut should_stop: impl FnMut(u64) -> bool,
        mut info: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.root_exclude = exclude;
        self.nodes = 0;
        self.stopped = false;
        self.seldepth = 0;
        self.node_limit = limits.nodes;
        self.tt.new_search();
        for h in self.history.iter_mut().flatten() {
            *h /= 8;
        }
        if let Some(s) = terminal(pos, 0) {
            return SearchResult {
                best: None,
                score: Score::from_raw(s),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                pv: Vec::new(),
            };
        }
        // A move to give even if stopped at once: the best immediate gain.
        let fallback = if exclude == 0 {
            greedy_move(pos).expect("a position that is not final has a move")
        } else {
            greedy_among(pos, pos.legal_mask() & !exclude)
                .expect("a root search keeps at least one legal move")
        };
        let mut result = SearchResult {
            best: Some(fallback),
            score: Score::DRAW,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: vec![fallback],
        };
        let max_depth = limits.depth.clamp(1, MAX_DEPTH) as i32;
        let mut prev = 0i32;
        for depth in 1..=max_depth {
            let score = self.root(pos, depth, prev, &mut should_stop);
            if self.stopped {
                break;
            }
            prev = score;
            let pv: Vec<House> = self.pv[0][..self.pv_len[0]]
                .iter()
                .filter_map(|&i| House::from_index(i as usize))
                .collect();
            if let Some(&first) = pv.first() {
                result.best = Some(first);
                result.pv = pv;
            }
            result.score = Score::from_raw(score);
            result.depth = depth as u32;
            result.seldepth = self.seldepth as u32;
            result.nodes = self.nodes;
            info(&result);
            // A proven result will not change with more depth.
            if Score::from_raw(score).is_decisive()
                && Score::from_raw(score)
                    .plies_to_end()
                    .unwrap_or(0)
                    .unsigned_abs()
                    < depth as u32
            {
                break;
            }
        }
        result.nodes = self.nodes;
        self.root_exclude = 0;
        result
    }

    /// Searches `pos` for its best `lines` root moves (multi-PV), each with its score and
    /// principal variation, all for the player to move at `pos` and so comparable with each
    /// other.
    ///
    /// The first line is exactly what [`Searcher::search`] gives with the same limits and the
    /// same searcher state: the search runs as usual first. Then each further line is the best
    /// of the moves not yet in a line, searched to the depth of the first line (the table,
    /// warm from the first search, makes that cheap). `limits.nodes` and `should_stop(nodes)`
    /// count the nodes of all the lines. A line that could not be searched to the depth of the
    /// first within the limits (unless its score is already a proven result) is left out, so
    /// every line holds a value of the same depth. At most as many lines as legal moves; none
    /// for a final position.
    ///
    /// An analysis board that wants lines "updated as the search deepens" calls this with
    /// depth 1, 2, 3, ... on the same searcher (each call is cheap with the warm table) and
    /// shows each result.
    ///
    /// ```
    /// use toguz_engine::Position;
    /// use toguz_engine::search::{Limits, Searcher};
    /// let r = Searcher::new(4).search_multipv(&Position::start(), &Limits::depth(5), 3, |_| false);
    /// assert_eq!(r.lines.len(), 3);
    /// assert_eq!(r.lines[0].pv[0], r.lines[0].mv);
    /// assert_ne!(r.lines[0].mv, r.lines[1].mv);
    /// ```
    pub fn search_multipv(
        &mut self,
        pos: &Position,
        limits: &Limits,
        lines: usize,
        mut should_stop: impl FnMut(u64) -> bool,
    ) -> MultiPvResult {
        self.search_multipv_dyn(pos, limits, lines, &mut should_stop)
    }

    /// [`Searcher::search_multipv`] with its callback as a trait object: the search runs in
    /// the instance [`Searcher::search_with_info_dyn`] uses, compiled once at the engine's
    /// optimisation level (the app's worker is built for size; see there).
    #[inline(never)]
    pub fn search_multipv_dyn(
        &mut self,
        pos: &Position,
        limits: &Limits,
        lines: usize,
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> MultiPvResult {
        let first = self.iterate_dyn(pos, limits, 0, should_stop);
        let mut out = MultiPvResult {
            lines: Vec::new(),
            depth: first.depth,
            seldepth: first.seldepth,
            nodes: first.nodes,
        };
        let Some(best) = first.best else {
            return out;
        };
        if first.depth == 0 {
            // Stopped before the first iteration: only the fallback move, no value.
            return out;
        }
        out.lines.push(PvLine {
            mv: best,
            score: first.score,
            depth: first.depth,
            pv: first.pv,
        });
        let legal = pos.legal_mask();
        let mut exclude = 1u16 << best.index();
        while out.lines.len() < lines && legal & !exclude != 0 {
            let used = out.nodes;
            let rest = Limits {
                depth: first.depth,
                nodes: limits.nodes.saturating_sub(used),
            };
            if rest.nodes == 0 {
                break;
            }
            let r = self.iterate_dyn(pos, &rest, exclude, &mut |n| should_stop(used + n));
            out.nodes += r.nodes;
            out.seldepth = out.seldepth.max(r.seldepth);
            let complete = r.depth == first.depth || (r.depth > 0 && r.score.is_decisive());
            let Some(mv) = r.best.filter(|_| complete) else {
                break;
            };
            exclude |= 1 << mv.index();
            out.lines.push(PvLine {
                mv,
                score: r.score,
                depth: r.depth,
                pv: r.pv,
            });
        }
        out
    }

    /// Searches `pos` with only the root moves `moves` (those that are legal), as
    /// [`Searcher::search`] otherwise does: the value of playing one of them, comparable with
    /// the scores of a search of all moves to the same depth. A review uses it for the move
    /// that was played when it is not the engine's. If none of `moves` is legal, searches all.
    ///
    /// ```
    /// use toguz_engine::{House, Position};
    /// use toguz_engine::search::{Limits, Searcher};
    /// let h1 = House::new(1).unwrap();
    /// let r = Searcher::new(4).search_moves(&Position::start(), &Limits::depth(4), &[h1], |_| false);
    /// assert_eq!(r.best, Some(h1));
    /// ```
    pub fn search_moves(
        &mut self,
        pos: &Position,
        limits: &Limits,
        moves: &[House],
        mut should_stop: impl FnMut(u64) -> bool,
    ) -> SearchResult {
        self.search_moves_dyn(pos, limits, moves, &mut should_stop)
    }

    /// [`Searcher::search_moves`] with its callback as a trait object (see
    /// [`Searcher::search_multipv_dyn`]).
    #[inline(never)]
    pub fn search_moves_dyn(
        &mut self,
        pos: &Position,
        limits: &Limits,
        moves: &[House],
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> SearchResult {
        let wanted = moves.iter().fold(0u16, |m, h| m | 1 << h.index());
        let legal = pos.legal_mask();
        let exclude = if legal & wanted == 0 {
            0
        } else {
            legal & !wanted
        };
        self.iterate_dyn(pos, limits, exclude, should_stop)
    }

    /// [`Searcher::iterate`] through the one instance of the search over trait objects.
    fn iterate_dyn(
        &mut self,
        pos: &Position,
        limits: &Limits,
        exclude: u16,
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> SearchResult {
        let info: &mut dyn FnMut(&SearchResult) = &mut |_| {};
        self.iterate(pos, limits, exclude, should_stop, info)
    }

    /// One iteration at the root, with aspiration windows around `prev`.
    fn root(
        &mut self,
        pos: &Position,
        depth: i32,
        prev: i32,
        stop: &mut impl FnMut(u64) -> bool,
    ) -> i32 {
        let full = (Score::MIN.get(), Score::MAX.get());
        if !self.options.aspiration || depth < 4 || Score::from_raw(prev).is_decisive() {
            return self.negamax(pos, depth, 0, full.0, full.1, stop);
        }
        let mut delta = 50;
        let (mut alpha, mut beta) = (prev - delta, prev + delta);
        loop {
            let s = self.negamax(pos, depth, 0, alpha, beta, stop);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                alpha = (s - delta).max(full.0);
            } else if s >= beta {
                beta = (s + delta).min(full.1);
            } else {
                return s;
            }
            delta *= 3;
            if delta > 2000 {
                alpha = full.0;
                beta = full.1;
            }
        }
    }

    #[inline]
    fn tick(&mut self, stop: &mut impl FnMut(u64) -> bool) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & (CHECK_EVERY - 1) == 0 && stop(self.nodes))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Fills `out` with the children of `pos`; returns how many.
    #[inline]
    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn children(&self, pos: &Position, ply: usize, tt_move: u8, out: &mut [Child; 9]) -> usize {
        let me = pos.turn();
        let opp = me.opponent();
        let mask = pos.legal_mask();
        let mut n = 0;
        let ordering = self.options.ordering;
        for i in 0..9u8 {
            if mask & (1 << i) == 0 {
                continue;
            }
            let mut c = *pos;
            let s = c.play_unchecked(House::ALL[i as usize]);
            let gain = (c.kazan(me) as i32 - pos.kazan(me) as i32)
                - (c.kazan(opp) as i32 - pos.kazan(opp) as i32)
                + if s.tuz_made { 6 } else { 0 };
            let tactical = s.captured > 0;
            let order = if !ordering {
                0
            } else if i == tt_move {
                1 << 30
            } else if gain > 0 || s.tuz_made {
                (1 << 24) + gain * 256
            } else if self.killers[ply][0] == i {
                1 << 22
            } else if self.killers[ply][1] == i {
                (1 << 22) - 1
            } else {
                self.history[me.index()][i as usize] + gain * 256
            };
            out[n] = Child {
                pos: c,
                house: i,
                gain,
                tactical,
                order,
            };
            n += 1;
        }
        if ordering {
            // Insertion sort, highest first (stable: house order among equals).
            for k in 1..n {
                let c = out[k];
                let mut j = k;
                while j > 0 && out[j - 1].order < c.order {
                    out[j] = out[j - 1];
                    j -= 1;
                }
                out[j] = c;
            }
        }
        n
    }

    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stop: &mut impl FnMut(u64) -> bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.tick(stop) {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(s) = terminal(pos, ply) {
            return s;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.qsearch(pos, ply, alpha, beta, 0, stop);
        }
        let pv_node = beta - alpha > 1;
        let key = if self.options.tt { zobrist(pos) } else { 0 };
        let mut tt_move = 0xFF;
        if self.options.tt
            && let Some(e) = self.tt.probe(key)
        {
            tt_move = e.mv;
            let deep_enough = if self.options.tt_same_depth_only {
                e.depth as i32 == depth
            } else {
                e.depth as i32 >= depth
            };
            let restricted = ply == 0 && self.root_exclude != 0;
            if deep_enough && (!pv_node || self.options.tt_same_depth_only) && !restricted {
                let s = from_tt(e.score as i32, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut kids = [Child {
            pos: *pos,
            house: 0,
            gain: 0,
            tactical: false,
            order: 0,
        }; 9];
        let mut n = self.children(pos, ply, tt_move, &mut kids);
        let restricted = ply == 0 && self.root_exclude != 0;
        if restricted {
            // Keep the allowed root moves, in their order.
            let mut k = 0;
            for i in 0..n {
                if self.root_exclude & (1 << kids[i].house) == 0 {
                    kids[k] = kids[i];
                    k += 1;
                }
            }
            n = k;
        }
        let alpha0 = alpha;
        let mut best = Score::MIN.get();
        let mut best_move = 0xFF;
        for (i, c) in kids[..n].iter().enumerate() {
            let score = if i == 0 || !self.options.pvs {
                -self.negamax(&c.pos, depth - 1, ply + 1, -beta, -alpha, stop)
            } else {
                let o = &self.options;
                let r = if o.lmr
                    && depth >= o.lmr_min_depth as i32
                    && i >= o.lmr_min_move as usize
                    && (o.lmr_pv || !pv_node)
                    && !c.tactical
                {
                    1 + i32::from(depth >= 6 && i >= 5)
                } else {
                    0
                };
                let mut s = -self.negamax(&c.pos, depth - 1 - r, ply + 1, -alpha - 1, -alpha, stop);
                if r > 0 && s > alpha {
                    s = -self.negamax(&c.pos, depth - 1, ply + 1, -alpha - 1, -alpha, stop);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&c.pos, depth - 1, ply + 1, -beta, -alpha, stop);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = c.house;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, c.house);
                    if score >= beta {
                        if !c.tactical {
                            let k = &mut self.killers[ply];
                            if k[0] != c.house {
                                k[1] = k[0];
                                k[0] = c.house;
                            }
                            let h = &mut self.history[pos.turn().index()][c.house as usize];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        // A restricted root's value is not the position's: it is not stored.
        if self.options.tt && !restricted {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let mv = if bound == Bound::Upper {
                0xFF
            } else {
                best_move
            };
            self.tt.store(key, depth, to_tt(best, ply), bound, mv);
        }
        best
    }

    #[cfg_attr(
        all(target_arch = "wasm32", feature = "simd"),
        target_feature(enable = "simd128")
    )]
    fn qsearch(
        &mut self,
        pos: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
        stop: &mut impl FnMut(u64) -> bool,
    ) -> i32 {
        let stand = evaluate(pos, &self.options.eval)
            .clamp(-Score::DECISIVE.get() + 1, Score::DECISIVE.get() - 1);
        if !self.options.quiescence || qply >= self.options.qs_depth || ply >= MAX_PLY {
            return stand;
        }
        if stand >= beta {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut kids = [Child {
            pos: *pos,
            house: 0,
            gain: 0,
            tactical: false,
            order: 0,
        }; 9];
        let n = self.children(pos, ply, 0xFF, &mut kids);
        for c in &kids[..n] {
            if c.gain <= 0 && !c.tactical {
                continue;
            }
            if self.tick(stop) {
                return 0;
            }
            self.seldepth = self.seldepth.max(ply + 1);
            let score = match terminal(&c.pos, ply + 1) {
                Some(s) => -s,
                None => -self.qsearch(&c.pos, ply + 1, -beta, -alpha, qply + 1, stop),
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn set_pv(&mut self, ply: usize, mv: u8) {
        self.pv[ply][0] = mv;
        let len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=len].copy_from_slice(&tail[0][..len]);
        self.pv_len[ply] = len + 1;
    }
}

/// Win/loss scores are stored relative to the node, not the root.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::DECISIVE.get() {
        s + ply as i32
    } else if s <= -Score::DECISIVE.get() {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::DECISIVE.get() {
        s - ply as i32
    } else if s <= -Score::DECISIVE.get() {
        s + ply as i32
    } else {
        s
    }
}

/// Plain negamax to a fixed depth with the same evaluation and quiescence switch, no pruning:
/// the reference the proof tests compare alpha-beta against. Exponential: small depths only.
pub fn negamax_reference(pos: &Position, depth: u32, options: &SearchOptions) -> Score {
    fn qs(pos: &Position, ply: usize, qply: u32, o: &SearchOptions) -> i32 {
        let stand =
            evaluate(pos, &o.eval).clamp(-Score::DECISIVE.get() + 1, Score::DECISIVE.get() - 1);
        if !o.quiescence || qply >= o.qs_depth || ply >= MAX_PLY {
            return stand;
        }
        let me = pos.turn();
        let mut best = stand;
        for h in pos.legal_moves() {
            let mut c = *pos;
            let s = c.play_unchecked(h);
            let gain = (c.kazan(me) as i32 - pos.kazan(me) as i32)
                - (c.kazan(me.opponent()) as i32 - pos.kazan(me.opponent()) as i32);
            if gain <= 0 && s.captured == 0 {
                continue;
            }
            let v = match terminal(&c, ply + 1) {
                Some(t) => -t,
                None => -qs(&c, ply + 1, qply + 1, o),
            };
            best = best.max(v);
        }
        best
    }
    fn nm(pos: &Position, depth: u32, ply: usize, o: &SearchOptions) -> i32 {
        if let Some(s) = terminal(pos, ply) {
            return s;
        }
        if depth == 0 || ply >= MAX_PLY {
            return qs(pos, ply, 0, o);
        }
        let mut best = Score::MIN.get();
        for h in pos.legal_moves() {
            let mut c = *pos;
            c.play_unchecked(h);
            best = best.max(-nm(&c, depth - 1, ply + 1, o));
        }
        best
    }
    Score::from_raw(nm(pos, depth, 0, options))
}

/// The positions of the fixed-depth [`bench`]: middlegames and endgames from random games.
pub const BENCH_POSITIONS: [&str; 22] = [
    "0,0,0,1,4,3,1,1,0/0,0,1,1,2,15,0,0,2 55/76 1/- b",
    "0,0,0,0,3,1,0,0,8/2,5,0,1,1,2,1,1,3 68/66 3/2 w",
    "0,7,6,0,5,1,2,3,2/2,1,5,2,2,1,4,4,1 50/64 -/1 w",
    "1,1,1,5,6,3,2,3,16/1,6,4,6,1,5,3,17,17 46/18 -/- b",
    "1,0,1,4,5,5,1,1,18/1,4,2,1,1,1,3,3,18 36/56 -/- b",
    "0,2,20,10,0,5,0,6,1/2,0,0,10,0,1,8,5,11 62/19 -/1 w",
    "4,15,1,15,5,3,2,15,4/15,3,4,14,14,3,0,5,2 24/14 -/- b",
    "0,0,0,0,3,1,4,4,4/2,2,2,0,2,3,1,2,0 60/72 -/1 w",
    "0,2,2,0,1,4,6,1,2/1,2,0,1,4,2,2,3,1 53/75 3/1 w",
    "2,2,2,7,3,4,6,2,19/4,9,16,5,16,1,2,2,2 12/46 -/- w",
    "0,3,6,7,1,4,17,1,3/1,3,6,18,5,1,14,4,2 32/34 -/- w",
    "0,0,1,10,2,9,6,3,2/5,0,1,0,4,1,2,3,6 70/37 2/1 b",
    "0,2,2,1,3,3,7,2,1/5,4,4,1,0,3,1,1,3 60/59 5/1 w",
    "0,0,2,4,3,3,0,4,6/2,0,0,4,2,1,2,12,0 46/71 -/1 w",
    "3,1,12,0,1,12,2,1,14/12,2,1,14,13,13,2,3,12 10/34 -/- b",
    "4,4,13,2,2,13,1,2,1/0,4,1,1,15,1,14,4,14 28/38 -/- b",
    "12,2,11,11,1,4,3,14,4/14,4,14,14,4,0,13,1,2 24/10 -/- b",
    "5,4,6,0,5,16,15,14,14/3,1,1,2,3,3,14,3,15 24/14 -/- w",
    "0,0,0,6,1,21,19,3,18/0,4,2,3,1,7,6,18,1 26/26 -/- b",
    "1,5,0,1,1,4,2,2,0/0,8,3,4,2,5,1,2,6 50/65 1/3 b",
    "0,0,0,2,2,0,5,1,1/0,2,1,23,1,1,4,3,0 46/70 -/- w",
    "0,2,14,3,4,15,6,16,16/6,4,7,1,16,1,14,13,2 14/8 -/1 w",
];

/// The bench: a fixed-depth search of each of [`BENCH_POSITIONS`] with a fresh 4 MB searcher
/// and the default options; returns the total node count, the "signature" that changes only
/// when the search or the evaluation changes on purpose.
pub fn bench(depth: u32) -> u64 {
    BENCH_POSITIONS
        .iter()
        .filter_map(|s| s.parse::<Position>().ok())
        .map(|p| {
            Searcher::new(4)
                .search(&p, &Limits::depth(depth), |_| false)
                .nodes
        })
        .sum()
}
