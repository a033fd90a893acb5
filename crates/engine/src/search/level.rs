//! What a playing level searches with, a small random number generator, the one-ply greedy
//! player, and the search with a level's errors.

use serde::{Deserialize, Serialize};

use super::{Limits, SearchResult, Searcher};
use crate::{House, Position};

/// What a level searches with. The caller turns `movetime_ms` into a `should_stop` clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LevelParams {
    /// The deepest iteration.
    pub depth: u32,
    /// The most nodes per move.
    pub nodes: u64,
    /// Random error added to each root move's value, up to this many hundredths of a korgool
    /// either way (0: plays its best move).
    pub noise: i32,
    /// Percent chance, per root move, of not seeing what that move captures.
    pub blind_pct: u8,
    /// Search captures and tuzes beyond the horizon.
    pub quiescence: bool,
    /// The suggested time budget per move, if the level uses one.
    pub movetime_ms: Option<u32>,
    /// Percent chance of not seeing what a long sowing does (its own or the opponent's reply)
    /// or that the opponent's reply makes a tuz, as a person of modest strength overlooks them;
    /// 0 for a plain search.
    #[serde(default)]
    pub miss_pct: u8,
    /// The pile, in korgools, from which a sowing counts as long for `miss_pct`.
    #[serde(default)]
    pub long_sowing: u8,
}

impl LevelParams {
    /// The same parameters with another time budget per move (the top level's is two seconds).
    ///
    /// ```
    /// use toguz_engine::search::Level;
    /// assert_eq!(Level::TOP.params().with_movetime(5000).movetime_ms, Some(5000));
    /// ```
    pub const fn with_movetime(mut self, ms: u32) -> LevelParams {
        self.movetime_ms = Some(ms);
        self
    }

    /// The search limits of these parameters.
    pub const fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
        }
    }
}

/// A small, fast, seedable random number generator (SplitMix64). Not cryptographic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any seed is fine).
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            ((self.next_u64() as u128 * n as u128) >> 64) as u64
        }
    }
}

/// The one-ply greedy move: the largest immediate kazan gain (captures, tuz inflows, a tuz
/// counted as its three), the lowest house among equals. `None` when the game is over.
///
/// ```
/// use toguz_engine::{Position, House};
/// use toguz_engine::search::greedy_move;
/// // From the start, houses 2..9 each take 10 from Black's row: the lowest is chosen.
/// assert_eq!(greedy_move(&Position::start()), House::new(2));
/// ```
pub fn greedy_move(pos: &Position) -> Option<House> {
    greedy_among(pos, pos.legal_mask())
}

/// [`greedy_move`] among the houses of `mask` (bit `i` = house `i + 1`) that are legal.
pub(super) fn greedy_among(pos: &Position, mask: u16) -> Option<House> {
    let me = pos.turn();
    let mut best: Option<(i32, House)> = None;
    for h in pos.legal_moves().filter(|h| mask & (1 << h.index()) != 0) {
        let mut c = *pos;
        c.play_unchecked(h);
        let gain = (c.kazan(me) as i32 - pos.kazan(me) as i32)
            - (c.kazan(me.opponent()) as i32 - pos.kazan(me.opponent()) as i32);
        if best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, h));
        }
    }
    best.map(|(_, h)| h)
}

impl Searcher {
    /// [`Searcher::play_level`] with the stop callback as a trait object: compiled here, at
    /// the engine's optimisation level (see [`Searcher::search_with_info_dyn`]).
    #[inline(never)]
    pub fn play_level_dyn(
        &mut self,
        pos: &Position,
        params: &LevelParams,
        rng: &mut Rng,
        should_stop: &mut dyn FnMut(u64) -> bool,
    ) -> SearchResult {
        self.play_level(pos, params, rng, should_stop)
    }
}

impl Searcher {
    /// Chooses a move at a level: the level's depth and node limits, its randomness drawn from
    /// `rng`, and the caller's `should_stop` (for the time budget).
    ///
    /// ```
    /// use toguz_engine::Position;
    /// use toguz_engine::search::{Level, Rng, Searcher};
    /// let mut s = Searcher::new(1);
    /// let r = s.play_level(&Position::start(), &Level::BOTTOM.params(), &mut Rng::new(1), |_| false);
    /// assert!(r.best.is_some());
    /// ```
    pub fn play_level(
        &mut self,
        pos: &Position,
        params: &LevelParams,
        rng: &mut Rng,
        mut should_stop: impl FnMut(u64) -> bool,
    ) -> SearchResult {
        let saved = self.options;
        self.options.quiescence = params.quiescence;
        let r = if params.miss_pct == 0 && params.noise == 0 && params.blind_pct == 0 {
            self.search(pos, &params.limits(), should_stop)
        } else {
            self.human(pos, params, rng, &mut should_stop)
        };
        self.options = saved;
        r
    }
}
