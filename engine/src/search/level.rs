//! Playing levels, a small random number generator, and the one-ply greedy player.

use serde::{Deserialize, Serialize};

use super::{terminal, Limits, Score, SearchResult, Searcher};
use crate::eval::evaluate;
use crate::{House, Position};

/// A playing level of the computer opponent, from a beginner to the full strength.
///
/// ```
/// use toguz_engine::search::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert!(Level::Easy.params().noise > 0);
/// assert!(Level::Expert.params().movetime_ms.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A beginner: looks one ply ahead, misjudges by a few korgools at random and now and
    /// then does not see a capture or a tuz it could make.
    Easy,
    /// Looks a few moves ahead, with a little randomness.
    Medium,
    /// A fixed six-ply search (about 10 000 nodes a move); no randomness.
    Hard,
    /// The full strength, within a time budget (two seconds a move by default).
    Expert,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The lower-case name: `easy`, `medium`, `hard`, `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The search parameters of this level.
    pub const fn params(self) -> LevelParams {
        match self {
            Level::Easy => LevelParams {
                depth: 1,
                nodes: 20_000,
                noise: 300,
                blind_pct: 30,
                quiescence: false,
                movetime_ms: None,
            },
            Level::Medium => LevelParams {
                depth: 4,
                nodes: 200_000,
                noise: 100,
                blind_pct: 0,
                quiescence: true,
                movetime_ms: None,
            },
            Level::Hard => LevelParams {
                depth: 6,
                nodes: 1_000_000,
                noise: 0,
                blind_pct: 0,
                quiescence: true,
                movetime_ms: None,
            },
            Level::Expert => LevelParams {
                depth: super::MAX_DEPTH,
                nodes: u64::MAX,
                noise: 0,
                blind_pct: 0,
                quiescence: true,
                movetime_ms: Some(2000),
            },
        }
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl core::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown level '{}' (easy, medium, hard, expert)", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl core::str::FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

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
}

impl LevelParams {
    /// The same parameters with another time budget per move (Expert's is two seconds).
    ///
    /// ```
    /// use toguz_engine::search::Level;
    /// assert_eq!(Level::Expert.params().with_movetime(5000).movetime_ms, Some(5000));
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
    /// let r = s.play_level(&Position::start(), &Level::Easy.params(), &mut Rng::new(1), |_| false);
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
        let r = if params.noise == 0 && params.blind_pct == 0 {
            self.search(pos, &params.limits(), should_stop)
        } else {
            self.noisy(pos, params, rng, &mut should_stop)
        };
        self.options = saved;
        r
    }

    /// Values each root move by its own search, then adds the level's errors.
    fn noisy(
        &mut self,
        pos: &Position,
        params: &LevelParams,
        rng: &mut Rng,
        should_stop: &mut impl FnMut(u64) -> bool,
    ) -> SearchResult {
        let me = pos.turn();
        let mut best: Option<(i32, i32, House)> = None;
        let mut nodes = 0;
        let per_move = Limits {
            depth: params.depth.saturating_sub(1).max(1),
            nodes: params.nodes / 9 + 1,
        };
        for h in pos.legal_moves() {
            let mut c = *pos;
            c.play_unchecked(h);
            let value = match terminal(&c, 1) {
                Some(s) => -s,
                None if params.depth <= 1 => -evaluate(&c, &self.options.eval),
                None => {
                    let r = self.search(&c, &per_move, &mut *should_stop);
                    nodes += r.nodes;
                    -r.score.get()
                }
            };
            let gain = (c.kazan(me) as i32 - pos.kazan(me) as i32)
                - (c.kazan(me.opponent()) as i32 - pos.kazan(me.opponent()) as i32);
            let mut seen = value;
            if gain > 0 && (rng.below(100) as u8) < params.blind_pct {
                seen -= gain * self.options.eval.kazan;
            }
            if params.noise > 0 && !Score::from_raw(value).is_decisive() {
                let span = 2 * params.noise as u64 + 1;
                seen += rng.below(span) as i32 - params.noise;
            }
            if best.is_none_or(|(s, _, _)| seen > s) {
                best = Some((seen, value, h));
            }
        }
        let (_, value, h) = best.expect("a position that is not final has a move");
        SearchResult {
            best: Some(h),
            score: Score::from_raw(value),
            depth: params.depth,
            seldepth: params.depth,
            nodes,
            pv: vec![h],
        }
    }
}
