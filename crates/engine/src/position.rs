//! The position, its validation, and the one implementation of the rules of a move.

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::types::{BySide, House, Side, Square};

/// Korgools in play: 9 houses x 9 korgools x 2 sides.
pub const TOTAL: u32 = 162;
/// A kazan holding this many wins at once.
pub const WIN: u8 = 82;
/// Half of the korgools: 81:81 is a draw.
pub const HALF: u8 = 81;

const NO_TUZ: u8 = u8::MAX;

/// `START[sq][single]`: where sowing from `sq` starts: `sq` itself for a pile, the next
/// square for a single korgool.
static START: [[u8; 2]; 18] = {
    let mut t = [[0u8; 2]; 18];
    let mut i = 0;
    while i < 18 {
        t[i] = [i as u8, ((i + 1) % 18) as u8];
        i += 1;
    }
    t
};

/// Whether a move is sown by counting rather than from the [`SMALL`] and [`SOW`] tables. The
/// tables (23 KB) make the search faster; the web page's own module (wasm32 without the
/// search worker's `simd` feature) only plays the moves of a game, so it goes without them:
/// 4 KB less of its first download.
const COMPACT: bool = cfg!(all(target_arch = "wasm32", not(feature = "simd")));

/// `SOW[start][r]`: one korgool on each of the `r` squares from `start` on (wrapping).
static SOW: [[[u8; 18]; 18]; 18] = {
    let mut t = [[[0u8; 18]; 18]; 18];
    let mut s = 0;
    while s < 18 {
        let mut r = 0;
        while r < 18 {
            let mut k = 0;
            while k < r {
                t[s][r][(s + k) % 18] = 1;
                k += 1;
            }
            r += 1;
        }
        s += 1;
    }
    t
};

/// `EVEN[k]`: `0xFF` when `k` is even, else 0. A table, so that the compiler cannot turn the
/// capture test into a branch (which search could not predict).
static EVEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = if k % 2 == 0 { 0xFF } else { 0 };
        k += 1;
    }
    t
};

/// `THREE[k]`: `0xFF` when `k` is 3, else 0.
static THREE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[3] = 0xFF;
    t
};

/// Piles below this size are sown from the [`SMALL`] table.
const SMALL_PILE: usize = 48;

/// `SMALL[from][n]`, for 1 <= n < [`SMALL_PILE`]: bytes 0..18 are the change to each square
/// (wrapping: the lifted house's own change includes the `n` lifted) when the `n` korgools of
/// `from` are sown; byte 18 is the square of the last korgool, byte 19 is `0xFF` when that
/// square is on the other side of the board from `from`, else 0.
static SMALL: [[[u8; 20]; SMALL_PILE]; 18] = {
    let mut t = [[[0u8; 20]; SMALL_PILE]; 18];
    let mut from = 0;
    while from < 18 {
        let mut n = 1;
        while n < SMALL_PILE {
            let start = if n == 1 { (from + 1) % 18 } else { from };
            let mut k = 0;
            while k < n {
                t[from][n][(start + k) % 18] += 1;
                k += 1;
            }
            t[from][n][from] = t[from][n][from].wrapping_sub(n as u8);
            let last = (start + n - 1) % 18;
            t[from][n][18] = last as u8;
            t[from][n][19] = if last / 9 != from / 9 { 0xFF } else { 0 };
            n += 1;
        }
        from += 1;
    }
    t
};

/// `LAST[start][count % 18]`: the square of the last of `count` korgools sown from `start`.
static LAST: [[u8; 18]; 18] = {
    let mut t = [[0u8; 18]; 18];
    let mut s = 0;
    while s < 18 {
        let mut r = 0;
        while r < 18 {
            t[s][r] = ((s + r + 17) % 18) as u8;
            r += 1;
        }
        s += 1;
    }
    t
};

/// A raw, serde-friendly description of a position. It may be illegal;
/// [`Position::try_from`] checks it.
///
/// `tuz.white` is the number of the **Black** house that White owns as a tuz, and the other way
/// round, exactly as the tuz field of the position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// Korgools in houses 1..9 of each side (index 0 is house 1).
    pub houses: BySide<[u8; 9]>,
    /// Korgools in each kazan.
    pub kazans: BySide<u8>,
    /// For each player, the number of the opponent's house that is this player's tuz.
    pub tuz: BySide<Option<u8>>,
    /// The player to move.
    pub turn: Side,
}

impl Setup {
    /// The start of a game: nine korgools in each house, White to move.
    pub const fn start() -> Setup {
        Setup {
            houses: BySide::new([9; 9], [9; 9]),
            kazans: BySide::new(0, 0),
            tuz: BySide::new(None, None),
            turn: Side::White,
        }
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

/// Every way a [`Setup`] can fail to be a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Houses plus kazans do not add up to 162.
    BadTotal { total: u32 },
    /// A tuz number outside 1..=9.
    BadTuzHouse { owner: Side, number: u8 },
    /// A tuz on the opponent's house 9 (the ooz).
    TuzOnHouse9 { owner: Side },
    /// Both players' tuzes have the same house number.
    SameTuzNumber { number: u8 },
    /// A house that is a tuz holds korgools (korgools entering a tuz go to the kazan).
    TuzNotEmpty {
        owner: Side,
        house: House,
        count: u8,
    },
    /// A player owns a tuz but their kazan holds fewer than the 3 korgools the tuz took.
    TuzKazanTooSmall { owner: Side, kazan: u8 },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::BadTotal { total } => {
                write!(f, "the korgools add up to {total}, not {TOTAL}")
            }
            SetupError::BadTuzHouse { owner, number } => {
                write!(
                    f,
                    "{owner}'s tuz is on house {number}, which does not exist"
                )
            }
            SetupError::TuzOnHouse9 { owner } => {
                write!(f, "{owner}'s tuz is on house 9, which can never be a tuz")
            }
            SetupError::SameTuzNumber { number } => {
                write!(f, "both tuzes are on house {number}; they must differ")
            }
            SetupError::TuzNotEmpty {
                owner,
                house,
                count,
            } => write!(
                f,
                "{owner}'s tuz (house {house} of {}) holds {count} korgools; a tuz is always empty",
                owner.opponent()
            ),
            SetupError::TuzKazanTooSmall { owner, kazan } => write!(
                f,
                "{owner} owns a tuz but has only {kazan} in the kazan (a tuz takes 3)"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is already over.
    GameOver,
    /// The house holds no korgool.
    EmptyHouse(House),
    /// The house is the opponent's tuz (always empty, never played).
    OpponentTuz(House),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::EmptyHouse(h) => write!(f, "house {h} is empty"),
            MoveError::OpponentTuz(h) => write!(f, "house {h} is the opponent's tuz"),
        }
    }
}

impl std::error::Error for MoveError {}

/// An illegal move, with the position it was tried on, unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayError {
    pub position: Position,
    pub error: MoveError,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for PlayError {}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// A kazan reached 82.
    Reached82,
    /// The player to move had no korgool; the rest went to the side they lay on.
    NoMoves,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    AgreedDraw,
    /// A draw claimed on threefold repetition.
    Repetition,
    /// A player ran out of time and lost.
    Time,
    /// A player ran out of time under the federation's rule: the korgools still on the board
    /// went to the opponent and the kazans were counted (81:81 is a draw).
    TimeCounted,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    Win(Side),
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win(Side::White) => "1-0",
            GameResult::Win(Side::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result given by final kazan counts: more than 81 wins, 81:81 draws.
    pub fn from_kazans(kazans: BySide<u8>) -> GameResult {
        use core::cmp::Ordering::*;
        match kazans.white.cmp(&kazans.black) {
            Greater => GameResult::Win(Side::White),
            Less => GameResult::Win(Side::Black),
            Equal => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game by the rules, with the final kazan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameEnd {
    pub result: GameResult,
    pub reason: EndReason,
    /// The kazans after the remaining korgools were collected (if they were).
    pub kazans: BySide<u8>,
    /// Korgools collected into each kazan at the end (zero unless `NoMoves` or `TimeCounted`).
    pub collected: BySide<u8>,
}

/// Where one sown korgool went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Drop {
    /// The house it was dropped into.
    pub square: Square,
    /// `Some(owner)` when that house is a tuz: the korgool went on into its owner's kazan.
    pub to_kazan: Option<Side>,
}

/// What the last korgool did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Capture {
    /// The house the korgools were taken from.
    pub square: Square,
    /// How many were taken.
    pub count: u8,
    /// True when this capture of three made the house the mover's tuz.
    pub tuz: bool,
}

/// Why a total of three after the last korgool did not make a tuz.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NoTuzReason {
    /// The mover already owns a tuz.
    AlreadyHasTuz,
    /// House 9 can never be a tuz.
    House9,
    /// The opponent's tuz has the same house number.
    SameNumber,
}

/// The full outcome of a move: everything the UI animates and the tutorial narrates.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// Who moved.
    pub side: Side,
    /// The house the move started from.
    pub from: House,
    /// How many korgools were lifted.
    pub lifted: u8,
    /// Every korgool's drop, in order.
    pub drops: Vec<Drop>,
    /// Where the last korgool landed.
    pub last: Square,
    /// The capture made by the last korgool, if any (a tuz is a capture of three).
    pub capture: Option<Capture>,
    /// Set when the last house then held 3 korgools on the opponent's side but no tuz could be made.
    pub no_tuz: Option<NoTuzReason>,
    /// Both kazans after the move (before any end-of-game collection).
    pub kazans: BySide<u8>,
    /// The end of the game, if this move ended it.
    pub end: Option<GameEnd>,
}

impl MoveOutcome {
    /// Korgools that went into a kazan through a tuz during the sowing, per kazan owner.
    pub fn via_tuz(&self) -> BySide<u8> {
        let mut n = BySide::new(0u8, 0u8);
        for d in &self.drops {
            if let Some(owner) = d.to_kazan {
                n[owner] += 1;
            }
        }
        n
    }
}

/// A legal position. Built from a [`Setup`] through `TryFrom`, or [`Position::start`].
///
/// Small and `Copy`: search copies it per node.
// `repr(C)` keeps the houses first: copying a position and reading its houses then use the
// same 16-byte chunks, which the processor forwards from store to load without a stall.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Position {
    /// Squares 0..=8 are White's houses 1..9, 9..=17 Black's.
    houses: [u8; 18],
    kazans: [u8; 2],
    /// For each side, the square of its tuz (on the opponent's row), or `NO_TUZ`.
    tuz: [u8; 2],
    turn: Side,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(s: Setup) -> Result<Position, SetupError> {
        let total: u32 = s.houses.white.iter().map(|&n| n as u32).sum::<u32>()
            + s.houses.black.iter().map(|&n| n as u32).sum::<u32>()
            + s.kazans.white as u32
            + s.kazans.black as u32;
        if total != TOTAL {
            return Err(SetupError::BadTotal { total });
        }
        let mut tuz = [NO_TUZ; 2];
        for owner in Side::ALL {
            if let Some(number) = s.tuz[owner] {
                let house = House::new(number).ok_or(SetupError::BadTuzHouse { owner, number })?;
                if house == House::OOZ {
                    return Err(SetupError::TuzOnHouse9 { owner });
                }
                let count = s.houses[owner.opponent()][house.index()];
                if count != 0 {
                    return Err(SetupError::TuzNotEmpty {
                        owner,
                        house,
                        count,
                    });
                }
                if s.kazans[owner] < 3 {
                    return Err(SetupError::TuzKazanTooSmall {
                        owner,
                        kazan: s.kazans[owner],
                    });
                }
                tuz[owner.index()] = Square::new(owner.opponent(), house).index() as u8;
            }
        }
        if let (Some(w), Some(b)) = (s.tuz.white, s.tuz.black)
            && w == b
        {
            return Err(SetupError::SameTuzNumber { number: w });
        }
        let mut houses = [0u8; 18];
        houses[..9].copy_from_slice(&s.houses.white);
        houses[9..].copy_from_slice(&s.houses.black);
        Ok(Position {
            houses,
            kazans: [s.kazans.white, s.kazans.black],
            tuz,
            turn: s.turn,
        })
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        let mut white = [0u8; 9];
        let mut black = [0u8; 9];
        white.copy_from_slice(&p.houses[..9]);
        black.copy_from_slice(&p.houses[9..]);
        Setup {
            houses: BySide::new(white, black),
            kazans: BySide::new(p.kazans[0], p.kazans[1]),
            tuz: BySide::new(
                p.tuz(Side::White).map(House::get),
                p.tuz(Side::Black).map(House::get),
            ),
            turn: p.turn,
        }
    }
}

/// What [`Position::play_unchecked`] reports: where the last korgool fell and what it took,
/// as raw numbers: what the search needs to order moves and to find the captures it keeps
/// looking at. Everything else about a move (each korgool's path, the end) is in the
/// [`MoveOutcome`] of [`Position::try_play`] and [`Position::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SowResult {
    /// The index (0..18) of the square of the last korgool.
    pub last: u8,
    /// Korgools taken by the last korgool (0 if none; 3 with a tuz).
    pub captured: u8,
    /// A tuz was made.
    pub tuz_made: bool,
}

impl Position {
    /// The start position.
    ///
    /// ```
    /// use toguz_engine::Position;
    /// assert_eq!(Position::start().to_string(), "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
    /// ```
    pub const fn start() -> Position {
        Position {
            houses: [9; 18],
            kazans: [0, 0],
            tuz: [NO_TUZ, NO_TUZ],
            turn: Side::White,
        }
    }

    /// A 64-bit key of the position computed without tables (FNV-1a over its fields, then a
    /// SplitMix64 finish), for files that outlive a search, such as the opening explorer's
    /// books: unlike the search's Zobrist keys it costs no table of random numbers where it is
    /// used (the app's download), and it never changes with the search's tuning. Equal
    /// positions have equal keys, so transpositions meet.
    ///
    /// ```
    /// use toguz_engine::{House, Position};
    /// let h = |n| House::new(n).unwrap();
    /// let p = Position::start();
    /// assert_ne!(p.key(), p.play(h(1)).unwrap().0.key());
    /// assert_eq!(p.key(), Position::start().key());
    /// ```
    pub fn key(&self) -> u64 {
        let turn = u8::from(self.turn == Side::Black);
        let fields = self
            .houses
            .iter()
            .chain(&self.kazans)
            .chain(&self.tuz)
            .chain(core::iter::once(&turn))
            .copied();
        let mut h = crate::hash::fnv1a_64(fields);
        h ^= h >> 30;
        h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 27;
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }

    /// The player to move.
    #[inline]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// Korgools in `side`'s house `house`.
    #[inline]
    pub fn count(&self, side: Side, house: House) -> u8 {
        self.houses[Square::new(side, house).index()]
    }

    /// Korgools in a square.
    #[inline]
    pub fn at(&self, sq: Square) -> u8 {
        self.houses[sq.index()]
    }

    /// All 18 houses in sowing order (White 1..9, Black 1..9).
    #[inline]
    pub const fn squares(&self) -> &[u8; 18] {
        &self.houses
    }

    /// The korgools in `side`'s kazan.
    #[inline]
    pub const fn kazan(&self, side: Side) -> u8 {
        self.kazans[side.index()]
    }

    /// Both kazans.
    pub const fn kazans(&self) -> BySide<u8> {
        BySide::new(self.kazans[0], self.kazans[1])
    }

    /// The opponent's house that `owner` holds as a tuz.
    #[inline]
    pub fn tuz(&self, owner: Side) -> Option<House> {
        self.tuz_square(owner).map(Square::house)
    }

    /// The square of `owner`'s tuz (on the opponent's row).
    #[inline]
    pub fn tuz_square(&self, owner: Side) -> Option<Square> {
        let t = self.tuz[owner.index()];
        if t == NO_TUZ {
            None
        } else {
            Square::from_index(t as usize)
        }
    }

    /// Who owns the square as a tuz, if anyone.
    #[inline]
    pub fn tuz_owner(&self, sq: Square) -> Option<Side> {
        let i = sq.index() as u8;
        if self.tuz[0] == i {
            Some(Side::White)
        } else if self.tuz[1] == i {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// Korgools on `side`'s row of houses.
    #[inline]
    pub fn row_total(&self, side: Side) -> u32 {
        let r = &self.houses[side.index() * 9..side.index() * 9 + 9];
        r.iter().map(|&n| n as u32).sum()
    }

    /// The end of the game if this position is final: a kazan holds 82, or the player to move
    /// has no korgool (then the rest go to the side they lie on).
    ///
    /// ```
    /// use toguz_engine::{Position, GameResult, EndReason, Side};
    /// // White to move with an empty row: Black collects the 10 on their side, 81:81.
    /// let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w".parse().unwrap();
    /// let end = p.end().unwrap();
    /// assert_eq!(end.reason, EndReason::NoMoves);
    /// assert_eq!(end.result, GameResult::Draw);
    /// assert_eq!((end.kazans.white, end.kazans.black), (81, 81));
    /// ```
    pub fn end(&self) -> Option<GameEnd> {
        for side in Side::ALL {
            if self.kazans[side.index()] >= WIN {
                return Some(GameEnd {
                    result: GameResult::Win(side),
                    reason: EndReason::Reached82,
                    kazans: self.kazans(),
                    collected: BySide::new(0, 0),
                });
            }
        }
        if self.row_total(self.turn) == 0 {
            let mut collected = BySide::new(0u8, 0u8);
            for side in Side::ALL {
                collected[side] = self.row_total(side) as u8;
            }
            let kazans = BySide::new(
                self.kazans[0] + collected.white,
                self.kazans[1] + collected.black,
            );
            return Some(GameEnd {
                result: GameResult::from_kazans(kazans),
                reason: EndReason::NoMoves,
                kazans,
                collected,
            });
        }
        None
    }

    /// True when the game is over in this position.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.kazans[0] >= WIN || self.kazans[1] >= WIN || self.row_total(self.turn) == 0
    }

    /// The legal moves, as a bit set of houses (bit 0 = house 1). Empty when the game is over.
    #[inline]
    pub fn legal_mask(&self) -> u16 {
        if self.kazans[0] >= WIN || self.kazans[1] >= WIN {
            return 0;
        }
        let base = self.turn.index() * 9;
        let mut m = 0u16;
        for i in 0..9 {
            if self.houses[base + i] != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// The legal moves in house order. Empty when the game is over.
    ///
    /// ```
    /// use toguz_engine::{Position, House};
    /// assert_eq!(Position::start().legal_moves().count(), 9);
    /// ```
    pub fn legal_moves(&self) -> impl Iterator<Item = House> + use<> {
        let m = self.legal_mask();
        House::ALL
            .into_iter()
            .filter(move |h| m & (1 << h.index()) != 0)
    }

    /// Checks a move without playing it.
    pub fn check(&self, house: House) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let sq = Square::new(self.turn, house);
        if self.tuz_owner(sq).is_some() {
            return Err(MoveError::OpponentTuz(house));
        }
        if self.houses[sq.index()] == 0 {
            return Err(MoveError::EmptyHouse(house));
        }
        Ok(())
    }

    /// Plays a legal move from `house` of the player to move, for search: no checks beyond
    /// debug assertions, no outcome recorded. This is the one implementation of the rules of
    /// a move; [`Position::play`] and [`Position::try_play`] call it.
    ///
    /// Sowing, as `RULES.md` says it: a pile of n > 1 puts its first korgool back into its own
    /// house and the last one n-1 houses further on; a single korgool moves to the next house.
    /// ```
    /// use toguz_engine::{Position, House, Side};
    /// let mut p = Position::start();
    /// p.play_unchecked(House::new(1).unwrap());
    /// // 1 stays in house 1, houses 2..9 get one each: the last lands on White's house 9.
    /// assert_eq!(p.count(Side::White, House::new(1).unwrap()), 1);
    /// assert_eq!(p.count(Side::White, House::new(9).unwrap()), 10);
    /// assert_eq!(p.turn(), Side::Black);
    /// ```
    #[inline(always)]
    pub fn play_unchecked(&mut self, house: House) -> SowResult {
        self.play_index(house.index())
    }

    /// [`Position::play_unchecked`] with the house as an index 0..=8.
    #[inline(always)]
    fn play_index(&mut self, index: usize) -> SowResult {
        self.play_index_with::<COMPACT>(index)
    }

    /// [`Position::play_index`], sowing from the tables (`COMPACT` false) or by counting
    /// (`COMPACT` true, without [`SMALL`] and [`SOW`]): the same move either way.
    #[inline(always)]
    fn play_index_with<const COMPACT: bool>(&mut self, index: usize) -> SowResult {
        let me = self.turn.index();
        let from = me * 9 + index;
        let n = self.houses[from];
        debug_assert!(n > 0, "play_unchecked on an empty house");
        // A single korgool moves to the next house; a pile of n > 1 covers n consecutive
        // squares from `from` on (the first goes back into `from`). Either way `n` korgools
        // are sown from `start`: every square gets n / 18, and the first n % 18 one more.
        // Done on the whole row at once, which the compiler turns into a few vector
        // instructions: for the usual piles from a table of per-square changes (the lifted
        // house's own change includes the n lifted), for big piles by arithmetic.
        let (last, theirs);
        let small = if COMPACT {
            None
        } else {
            SMALL.get(from).and_then(|t| t.get(usize::from(n)))
        };
        if let Some(row) = small {
            let mut houses = [0u8; 18];
            for i in 0..18 {
                houses[i] = self.houses[i].wrapping_add(row[i]);
            }
            self.houses = houses;
            last = usize::from(row[18]);
            theirs = row[19];
        } else {
            let start = START[from][usize::from(n == 1)] as usize;
            let laps = n / 18;
            let rest = usize::from(n % 18);
            self.houses[from] = 0;
            if COMPACT {
                for (i, h) in self.houses.iter_mut().enumerate() {
                    *h += u8::from((i + 18 - start) % 18 < rest) + laps;
                }
            } else {
                for (h, a) in self.houses.iter_mut().zip(&SOW[start][rest]) {
                    *h += a + laps;
                }
            }
            last = LAST[start][rest] as usize;
            theirs = if last / 9 != me { 0xFF } else { 0 };
        }
        // A tuz was empty before the move: whatever is in it now was sown into it, and goes
        // on into its owner's kazan.
        if self.tuz != [NO_TUZ; 2] {
            for owner in 0..2 {
                if let Some(k) = self.houses.get_mut(self.tuz[owner] as usize) {
                    self.kazans[owner] += *k;
                    *k = 0;
                }
            }
        }
        // On the opponent's side an even count is taken (a tuz there holds 0 now, so taking
        // it changes nothing), and exactly 3 may make a tuz (never in a tuz, which holds 0).
        // Written without branches on the even/odd test, which search cannot predict.
        let k = self.houses[last];
        let taken = k & theirs & EVEN[usize::from(k)];
        self.houses[last] = k - taken;
        self.kazans[me] += taken;
        let mut sown = SowResult {
            last: last as u8,
            captured: taken,
            tuz_made: false,
        };
        if theirs & THREE[usize::from(k)] != 0 && self.tuz_allowed(self.turn, last) {
            self.houses[last] = 0;
            self.kazans[me] += 3;
            self.tuz[me] = last as u8;
            sown.captured = 3;
            sown.tuz_made = true;
        }
        self.turn = self.turn.opponent();
        sown
    }

    /// Counts the leaf positions reached by making every legal move to `depth` plies (no bulk
    /// counting at the last ply). A finished game has no moves, so it adds no leaves below it.
    ///
    /// ```
    /// use toguz_engine::Position;
    /// assert_eq!(Position::start().perft(3), 613);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut mask = self.legal_mask();
        let mut nodes = 0;
        if depth == 1 {
            while mask != 0 {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let mut p = *self;
                p.play_index(i);
                // Keep the leaf move made: the optimiser may not drop it.
                core::hint::black_box(&p);
                nodes += 1;
            }
        } else {
            while mask != 0 {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let mut p = *self;
                p.play_index(i);
                nodes += p.perft(depth - 1);
            }
        }
        nodes
    }

    /// Whether `me` may make the opponent's square `sq` a tuz (when it holds three).
    #[inline]
    fn tuz_allowed(&self, me: Side, sq: usize) -> bool {
        self.no_tuz_reason(me, sq).is_none()
    }

    fn no_tuz_reason(&self, me: Side, sq: usize) -> Option<NoTuzReason> {
        if self.tuz[me.index()] != NO_TUZ {
            return Some(NoTuzReason::AlreadyHasTuz);
        }
        if sq % 9 == 8 {
            return Some(NoTuzReason::House9);
        }
        let their = self.tuz[me.opponent().index()];
        if their != NO_TUZ && their % 9 == sq as u8 % 9 {
            return Some(NoTuzReason::SameNumber);
        }
        None
    }

    /// Plays a move on this position (for a click): on an illegal move the position is
    /// unchanged and the error says why.
    ///
    /// ```
    /// use toguz_engine::{Position, House, MoveError};
    /// let mut p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- w".parse().unwrap();
    /// assert_eq!(p.try_play(House::new(1).unwrap()), Err(MoveError::EmptyHouse(House::new(1).unwrap())));
    /// ```
    pub fn try_play(&mut self, house: House) -> Result<MoveOutcome, MoveError> {
        self.check(house)?;
        let before = *self;
        let me = self.turn;
        let from = Square::new(me, house);
        let n = self.houses[from.index()];
        let mut drops = Vec::with_capacity(n as usize);
        let mut sq = if n == 1 { from.next() } else { from };
        for _ in 0..n {
            drops.push(Drop {
                square: sq,
                to_kazan: before.tuz_owner(sq),
            });
            sq = sq.next();
        }
        let sown = self.play_unchecked(house);
        let last = Square::from_index(sown.last as usize).expect("square index");
        debug_assert_eq!(Some(last), drops.last().map(|d| d.square));
        let capture = (sown.captured > 0).then_some(Capture {
            square: last,
            count: sown.captured,
            tuz: sown.tuz_made,
        });
        let no_tuz = if last.side() != me
            && before.tuz_owner(last).is_none()
            && sown.captured == 0
            && self.houses[last.index()] == 3
        {
            before.no_tuz_reason(me, last.index())
        } else {
            None
        };
        Ok(MoveOutcome {
            side: me,
            from: house,
            lifted: n,
            drops,
            last,
            capture,
            no_tuz,
            kazans: self.kazans(),
            end: self.end(),
        })
    }

    /// Plays a move and returns the new position with the outcome; on an illegal move the
    /// unchanged position comes back inside the error.
    ///
    /// Even capture on the opponent's side:
    /// ```
    /// use toguz_engine::{Position, House, Side};
    /// // White's house 7 (9 korgools) ends on Black's house 6, which then holds 10: taken.
    /// let (p, out) = Position::start().play(House::new(7).unwrap()).unwrap();
    /// assert_eq!(out.capture.unwrap().count, 10);
    /// assert_eq!(p.kazan(Side::White), 10);
    /// assert_eq!(p.count(Side::Black, House::new(6).unwrap()), 0);
    /// ```
    /// Nothing is taken on one's own side, and an odd count stays:
    /// ```
    /// use toguz_engine::{Position, House, Side};
    /// let (_, out) = Position::start().play(House::new(1).unwrap()).unwrap();
    /// assert!(out.capture.is_none()); // last korgool on White's own house 9 (10 there)
    /// // White's house 8 (4 korgools) ends on Black's house 2, which then holds 9: odd.
    /// let p: Position = "9,9,9,9,9,9,9,4,9/9,8,9,9,9,9,9,9,9 3/3 -/- w".parse().unwrap();
    /// let (p, out) = p.play(House::new(8).unwrap()).unwrap();
    /// assert!(out.capture.is_none());
    /// assert_eq!(p.count(Side::Black, House::new(2).unwrap()), 9);
    /// ```
    /// A tuz: exactly three after the last korgool, on the opponent's side.
    /// ```
    /// use toguz_engine::{Position, House, Side};
    /// let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w".parse().unwrap();
    /// let (p, out) = p.play(House::new(9).unwrap()).unwrap();
    /// assert!(out.capture.unwrap().tuz);
    /// assert_eq!(p.tuz(Side::White), House::new(2));
    /// assert_eq!(p.kazan(Side::White), 10);
    /// ```
    /// Korgools entering a tuz go to its owner, whoever sows:
    /// ```
    /// use toguz_engine::{Position, House, Side};
    /// // White owns Black's house 2 as a tuz; Black sows 9 from house 1 through it.
    /// let p: Position = "9,9,9,9,9,9,9,9,9/9,0,9,9,9,9,9,9,9 9/0 2/- b".parse().unwrap();
    /// let (p, out) = p.play(House::new(1).unwrap()).unwrap();
    /// assert_eq!(out.via_tuz().white, 1);
    /// assert_eq!(p.kazan(Side::White), 10);
    /// ```
    /// A single korgool leaves its house empty and goes to the next one:
    /// ```
    /// use toguz_engine::{Position, House};
    /// let p: Position = "1,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,17 0/0 -/- w".parse().unwrap();
    /// let (p, _) = p.play(House::new(1).unwrap()).unwrap();
    /// assert_eq!(p.to_string(), "0,10,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,17 0/0 -/- b");
    /// ```
    /// A pile of 19 or more laps the board; the starting house gets korgools again:
    /// ```
    /// use toguz_engine::{Position, House};
    /// let p: Position = "20,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,0,0 7/0 -/- w".parse().unwrap();
    /// let (p, out) = p.play(House::new(1).unwrap()).unwrap();
    /// assert_eq!(out.drops.len(), 20);
    /// assert_eq!(p.to_string(), "2,11,10,10,10,10,10,10,10/10,10,10,10,10,10,10,1,1 7/0 -/- b");
    /// ```
    /// Three on the opponent's side make no tuz on house 9, on the number of the opponent's
    /// tuz, or for a player who already has one: the three stay, nothing is taken.
    /// ```
    /// use toguz_engine::{Position, House, NoTuzReason};
    /// let nine = House::new(9).unwrap();
    /// for (pos, why) in [
    ///     ("9,9,9,9,9,9,9,9,10/9,9,9,9,9,9,9,9,2 3/3 -/- w", NoTuzReason::House9),
    ///     ("9,0,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 12/10 -/2 w", NoTuzReason::SameNumber),
    ///     ("9,9,9,9,9,9,9,9,3/9,2,9,9,0,9,9,9,9 12/10 5/- w", NoTuzReason::AlreadyHasTuz),
    /// ] {
    ///     let p: Position = pos.parse().unwrap();
    ///     let (q, out) = p.play(nine).unwrap();
    ///     assert_eq!(out.capture, None);
    ///     assert_eq!(out.no_tuz, Some(why));
    ///     assert_eq!(q.at(out.last), 3);
    ///     assert_eq!(q.kazans(), p.kazans());
    /// }
    /// ```
    /// A move that empties the mover's own side does not end the game: only the player to
    /// move having no korgool does.
    /// ```
    /// use toguz_engine::{Position, House};
    /// let p: Position = "0,0,0,0,0,0,0,0,1/9,9,9,9,9,9,9,9,9 40/40 -/- w".parse().unwrap();
    /// let (p, out) = p.play(House::new(9).unwrap()).unwrap();
    /// assert_eq!(p.to_string(), "0,0,0,0,0,0,0,0,0/0,9,9,9,9,9,9,9,9 50/40 -/- b");
    /// assert!(out.end.is_none() && !p.is_over());
    /// ```
    /// A kazan reaching 82 ends the game at once:
    /// ```
    /// use toguz_engine::{Position, House, EndReason, GameResult, Side};
    /// let p: Position = "0,0,0,0,0,0,0,0,1/1,9,9,9,9,9,9,9,9 80/8 -/- w".parse().unwrap();
    /// let (p, out) = p.play(House::new(9).unwrap()).unwrap();
    /// let end = out.end.unwrap();
    /// assert_eq!((end.reason, end.result), (EndReason::Reached82, GameResult::Win(Side::White)));
    /// assert_eq!(p.kazan(Side::White), 82);
    /// assert!(p.legal_moves().next().is_none());
    /// ```
    pub fn play(mut self, house: House) -> Result<(Position, MoveOutcome), PlayError> {
        match self.try_play(house) {
            Ok(out) => Ok((self, out)),
            Err(error) => Err(PlayError {
                position: self,
                error,
            }),
        }
    }

    /// The square where a move from `house` would land its last korgool (no checks).
    #[inline]
    pub fn landing(&self, house: House) -> Square {
        let from = Square::new(self.turn, house).index();
        let n = self.houses[from] as usize;
        let last = if n <= 1 {
            (from + 1) % 18
        } else {
            (from + n - 1) % 18
        };
        Square::from_index(last).expect("square index")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays house `index` both ways and checks that they agree.
    fn both_ways(p: &Position, index: usize) -> Position {
        let (mut tables, mut counted) = (*p, *p);
        let by_tables = tables.play_index_with::<false>(index);
        let by_count = counted.play_index_with::<true>(index);
        assert_eq!(by_tables, by_count, "{p:?}, house index {index}");
        assert!(tables == counted, "{p:?}, house index {index}");
        tables
    }

    #[test]
    fn sowing_by_counting_plays_every_move_of_many_games_as_the_tables_do() {
        // A fixed pseudo-random sequence (64-bit LCG): the same games at every run.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut moves = 0;
        for _ in 0..400 {
            let mut p = Position::start();
            while !p.is_over() {
                let mask = p.legal_mask();
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let choice = (seed >> 33) as u32 % mask.count_ones();
                let mut m = mask;
                for _ in 0..choice {
                    m &= m - 1;
                }
                p = both_ways(&p, m.trailing_zeros() as usize);
                moves += 1;
            }
        }
        assert!(moves > 10_000, "{moves} moves");
    }

    #[test]
    fn sowing_by_counting_plays_piles_of_every_size_from_every_house_as_the_tables_do() {
        let mut played = 0;
        for side in [Side::White, Side::Black] {
            for index in 0..9 {
                for n in 1..=160u8 {
                    // The pile, one korgool in another house of each side (a move stays
                    // possible), the rest in the kazans.
                    let mut setup = Setup::start();
                    setup.houses = BySide {
                        white: [0; 9],
                        black: [0; 9],
                    };
                    setup.houses[side][index] = n;
                    setup.houses[side][(index + 1) % 9] += 1;
                    setup.houses[side.opponent()][index] = 1;
                    let rest = 162 - u32::from(n) - 2;
                    setup.kazans = BySide {
                        white: (rest / 2) as u8,
                        black: (rest - rest / 2) as u8,
                    };
                    setup.turn = side;
                    if let Ok(p) = Position::try_from(setup) {
                        both_ways(&p, index);
                        played += 1;
                    }
                }
            }
        }
        assert!(played > 2_500, "{played} piles");
    }
}
