//! The eight playing levels, and the search that makes the lower ones err as people do:
//! they overlook long sowings and the opponent's tuz threats, and play sound moves otherwise.

use serde::{Deserialize, Serialize};

use super::{LevelParams, Limits, MAX_DEPTH, Rng, Score, SearchResult, Searcher, terminal};
use crate::eval::evaluate;
use crate::{House, Position};

/// One of the eight playing levels: 1 for someone who has just finished the tutorial, 8 the
/// full strength. Serialised as its number. As text, the names of the four levels there were
/// before (`easy`, `medium`, `hard`, `expert`) also read, as the nearest one; the store
/// rewrites saved games that name them (the worker and the first visit need not carry that).
///
/// ```
/// use toguz_engine::search::Level;
/// let four: Level = "4".parse().unwrap();
/// assert_eq!(four.number(), 4);
/// assert!(Level::new(9).is_none());
/// assert_eq!("hard".parse::<Level>(), Ok(Level::of(5)));
/// assert!(Level::TOP.params().movetime_ms.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub struct Level(u8);

/// The parameters of levels 1 to 8 (index 0 is level 1), tuned by matches between
/// neighbours (`docs/BENCHMARKS.md`). Levels 1 to 5 err as people do; 6 and 7 are the full
/// search held to a number of nodes, so their strength is the same on every device; 8 is the
/// full search within a time budget.
const LADDER: [LevelParams; 8] = [
    human(1, 80, 10, 40, 100),
    human(2, 90, 10, 30, 100),
    human(3, 85, 12, 0, 50),
    human(4, 40, 14, 0, 30),
    human(6, 10, 16, 0, 20),
    full(12_000),
    full(200_000),
    // The full strength within a time budget (two seconds a move by default).
    LevelParams {
        depth: MAX_DEPTH,
        nodes: u64::MAX,
        noise: 0,
        blind_pct: 0,
        quiescence: true,
        movetime_ms: Some(2000),
        miss_pct: 0,
        long_sowing: 0,
    },
];

/// The levels' ratings on the scale of the PlayOK players, rounded to 50
/// (`docs/BENCHMARKS.md`): the differences from matches between neighbours; the scale's place
/// by convention, level 1 (unchanged since the scale was first placed) at its first rating.
const RATINGS: [u16; 8] = [1350, 1600, 1900, 2150, 2450, 2700, 2950, 3100];

/// A level that sees `depth` plies, overlooks long sowings (from `long` korgools) and tuz
/// replies `miss` percent of the time and its own shorter captures `blind` percent of the
/// time, and varies its choice among near-equal moves by up to `noise` hundredths of a
/// korgool.
const fn human(depth: u32, miss: u8, long: u8, blind: u8, noise: i32) -> LevelParams {
    LevelParams {
        depth,
        nodes: 400_000,
        noise,
        blind_pct: blind,
        quiescence: true,
        movetime_ms: None,
        miss_pct: miss,
        long_sowing: long,
    }
}

/// The full search, without errors, stopped after `nodes` nodes a move.
const fn full(nodes: u64) -> LevelParams {
    LevelParams {
        depth: MAX_DEPTH,
        nodes,
        noise: 0,
        blind_pct: 0,
        quiescence: true,
        movetime_ms: None,
        miss_pct: 0,
        long_sowing: 0,
    }
}

impl Level {
    /// The weakest level, 1.
    pub const BOTTOM: Level = Level(1);
    /// The full strength, 8.
    pub const TOP: Level = Level(8);
    /// Level `n`, for a number written in the code (levels are named by their number only):
    /// a number out of 1 to 8 is brought to the nearest, so that no panic path is compiled
    /// into the app. A number that comes from outside goes through [`Level::new`].
    pub const fn of(n: u8) -> Level {
        Level(if n < 1 {
            1
        } else if n > 8 {
            8
        } else {
            n
        })
    }

    /// Level `n`, 1 to 8.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// All eight, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The level's number, 1 to 8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The level's rating, on the scale of the PlayOK players' ratings.
    pub const fn rating(self) -> u16 {
        RATINGS[self.0 as usize - 1]
    }

    /// What the level searches with.
    pub const fn params(self) -> LevelParams {
        LADDER[self.0 as usize - 1]
    }

    /// The level a former level's name reads as (`easy`, `medium`, `hard`, `expert`, in any
    /// case).
    pub fn from_name(name: &str) -> Option<Level> {
        [
            // The former Easy, a one-ply search with large random errors, nearest level 1.
            ("easy", Level(1)),
            // The former Medium (four plies, small random errors), about 100 points above 4.
            ("medium", Level(4)),
            // The former Hard, a plain six-ply search, a little above level 5.
            ("hard", Level(5)),
            // The former Expert: the same full strength.
            ("expert", Level(8)),
        ]
        .into_iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, l)| l)
    }
}

impl From<Level> for u8 {
    fn from(l: Level) -> u8 {
        l.0
    }
}

impl TryFrom<u8> for Level {
    type Error = UnknownLevel;
    fn try_from(n: u8) -> Result<Level, UnknownLevel> {
        Level::new(n).ok_or_else(|| UnknownLevel(n.to_string()))
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not a level: neither a number 1 to 8 nor a former level's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl core::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown level '{}' (1 to 8)", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl core::str::FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .or_else(|| Level::from_name(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// Whether sowing `house` at `pos` is long: a pile of at least `long` korgools, whose end a
/// person has to count out.
fn is_long(pos: &Position, house: House, long: u8) -> bool {
    pos.count(pos.turn(), house) >= long
}

impl Searcher {
    /// A person's choice: each move, then each reply of the opponent, searched on from there
    /// (at depth 1 only the move's own result, at depth 2 the result of each reply); a long
    /// sowing's gain and a reply that is a long sowing or makes a tuz go unseen `miss_pct`
    /// percent of the time, a shorter sowing's gain `blind_pct` percent of the time. The move chosen is the best as seen, give or take the
    /// level's small noise; the score given is its value with every reply seen.
    pub(super) fn human(
        &mut self,
        pos: &Position,
        params: &LevelParams,
        rng: &mut Rng,
        should_stop: &mut impl FnMut(u64) -> bool,
    ) -> SearchResult {
        let me = pos.turn();
        let rest = Limits {
            depth: params.depth.saturating_sub(2),
            nodes: params.nodes / 81 + 1,
        };
        let misses = |rng: &mut Rng, pct: u8| (rng.below(100) as u8) < pct;
        let mut best: Option<(i32, i32, House)> = None;
        let mut nodes = 0;
        for h in pos.legal_moves() {
            let mut c = *pos;
            c.play_unchecked(h);
            let (value, mut seen) = match terminal(&c, 1) {
                Some(s) => (-s, -s),
                None if params.depth <= 1 => {
                    let v = -evaluate(&c, &self.options.eval);
                    (v, v)
                }
                None => {
                    let mut all = i32::MAX;
                    let mut seen = i32::MAX;
                    for r in c.legal_moves() {
                        let mut d = c;
                        let sow = d.play_unchecked(r);
                        let v = match terminal(&d, 2) {
                            Some(s) => s,
                            None if rest.depth == 0 => evaluate(&d, &self.options.eval),
                            None => {
                                let res = self.search(&d, &rest, &mut *should_stop);
                                nodes += res.nodes;
                                res.score.get()
                            }
                        };
                        all = all.min(v);
                        let hidden = (sow.tuz_made || is_long(&c, r, params.long_sowing))
                            && misses(rng, params.miss_pct);
                        if !hidden {
                            seen = seen.min(v);
                        }
                    }
                    (all, if seen == i32::MAX { all } else { seen })
                }
            };
            let gain = (c.kazan(me) as i32 - pos.kazan(me) as i32)
                - (c.kazan(me.opponent()) as i32 - pos.kazan(me.opponent()) as i32);
            let chance = if is_long(pos, h, params.long_sowing) {
                params.miss_pct
            } else {
                params.blind_pct
            };
            if gain > 0 && misses(rng, chance) {
                seen -= gain * self.options.eval.kazan;
            }
            if params.noise > 0 && !Score::from_raw(seen).is_decisive() {
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
