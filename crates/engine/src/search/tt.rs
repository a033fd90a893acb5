//! Zobrist keys for positions, and the transposition table.

use std::sync::LazyLock;

use crate::{Position, Side};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Counts 0..=162 per square or kazan.
const COUNTS: usize = 163;

struct Keys {
    squares: [[u64; COUNTS]; 18],
    kazans: [[u64; COUNTS]; 2],
    tuz: [[u64; 18]; 2],
    black: u64,
}

const fn make_keys() -> Keys {
    let mut k = Keys {
        squares: [[0; COUNTS]; 18],
        kazans: [[0; COUNTS]; 2],
        tuz: [[0; 18]; 2],
        black: 0,
    };
    let mut s = 0x746F_67757A_u64;
    let mut i = 0;
    while i < 18 {
        // An empty square adds nothing: count 0 keeps the key 0.
        let mut n = 1;
        while n < COUNTS {
            let (ns, v) = splitmix(s);
            s = ns;
            k.squares[i][n] = v;
            n += 1;
        }
        i += 1;
    }
    let mut side = 0;
    while side < 2 {
        let mut n = 0;
        while n < COUNTS {
            let (ns, v) = splitmix(s);
            s = ns;
            k.kazans[side][n] = v;
            n += 1;
        }
        let mut sq = 0;
        while sq < 18 {
            let (ns, v) = splitmix(s);
            s = ns;
            k.tuz[side][sq] = v;
            sq += 1;
        }
        side += 1;
    }
    k.black = splitmix(s).1;
    k
}

/// The keys, made at their first use rather than at compile time: a `static` holding them
/// is 26 KB of random numbers in the search worker's download, which no compression shrinks
/// (a quarter of its gzip bytes), and making them takes a few microseconds.
static KEYS: LazyLock<Keys> = LazyLock::new(make_keys);

/// The Zobrist key of a position: one key per (square, count), per (kazan, count), per tuz
/// square of each owner, and one for Black to move.
///
/// ```
/// use toguz_engine::{Position, House};
/// use toguz_engine::search::zobrist;
/// let p = Position::start();
/// let (a, _) = p.play(House::new(1).unwrap()).unwrap();
/// assert_ne!(zobrist(&p), zobrist(&a));
/// assert_eq!(zobrist(&p), zobrist(&Position::start()));
/// ```
// Always inlined, as `evaluate`: natively the compiler does it, in the worker's build it did not.
#[inline(always)]
pub fn zobrist(pos: &Position) -> u64 {
    let mut h = 0u64;
    for (i, &n) in pos.squares().iter().enumerate() {
        h ^= KEYS.squares[i][(n as usize).min(COUNTS - 1)];
    }
    for side in Side::ALL {
        let s = side.index();
        h ^= KEYS.kazans[s][(pos.kazan(side) as usize).min(COUNTS - 1)];
        if let Some(sq) = pos.tuz_square(side) {
            h ^= KEYS.tuz[s][sq.index()];
        }
    }
    if pos.turn() == Side::Black {
        h ^= KEYS.black;
    }
    h
}

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The value is at least the score (a beta cut-off).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i16,
    pub depth: i8,
    /// House index 0..=8 of the best move, or 0xFF.
    pub mv: u8,
    pub bound: Bound,
    pub age: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: -1,
    mv: 0xFF,
    bound: Bound::Upper,
    age: 0,
};

/// A fixed-size hash table of search results, two entries per bucket
/// (one kept by depth, one always replaced).
pub(crate) struct Table {
    entries: Vec<[Entry; 2]>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket), a power of two in buckets.
    pub fn new(mb: usize) -> Table {
        let bucket = core::mem::size_of::<[Entry; 2]>();
        let want = (mb.max(1) * 1024 * 1024 / bucket).max(1);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            entries: vec![[EMPTY; 2]; n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill([EMPTY; 2]);
        self.age = 0;
    }

    /// Marks a new search: older entries become the first to go.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.entries[key as usize & self.mask];
        b.iter().find(|e| e.key == key && e.depth >= 0).copied()
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: u8) {
        let age = self.age;
        let b = &mut self.entries[key as usize & self.mask];
        let depth = depth.clamp(0, 127) as i8;
        let score = score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let slot = if b[0].key == key || b[0].age != age || depth >= b[0].depth {
            0
        } else {
            1
        };
        let old = b[slot];
        // Keep the old best move when this result has none.
        let mv = if mv == 0xFF && old.key == key {
            old.mv
        } else {
            mv
        };
        b[slot] = Entry {
            key,
            score,
            depth,
            mv,
            bound,
            age,
        };
    }
}
