//! The opening explorer's book: for each position reached in a set of games, the moves played
//! from it, each with its number of games and White's wins, the draws and Black's wins.
//!
//! Positions are found by the engine's position key ([`Position::key`]), so transpositions
//! meet. A game counts once for a (position, move) even if it passes there twice. Only
//! finished games count: a result is what the book is for.
//!
//! The book is shipped as a compact file ([`Book::encode`]): per position, 48 bits of its key
//! and its moves with their counts as variable-length integers, sorted by key, so that a
//! lookup is a binary search over the positions once [`Book::decode`] has read the file.
//!
//! ```
//! use toguz_coach::explorer::{Book, BookGame};
//! use toguz_engine::{GameResult, House, Position, Side};
//! let h = |n| House::new(n).unwrap();
//! let games = [
//!     BookGame { start: Position::start(), moves: vec![h(7), h(9)], result: GameResult::Win(Side::White) },
//!     BookGame { start: Position::start(), moves: vec![h(7), h(8)], result: GameResult::Draw },
//! ];
//! let book = Book::build(&games, &Default::default());
//! let first = book.lookup(&Position::start());
//! assert_eq!((first[0].house, first[0].games, first[0].white, first[0].draws), (h(7), 2, 1, 1));
//! let back = Book::decode(&book.encode()).unwrap();
//! assert_eq!(back.lookup(&Position::start()), first);
//! ```

use toguz_engine::{GameResult, House, Position, Side};

/// The first bytes of a book file, with its format's version.
const MAGIC: &[u8; 4] = b"TKB1";

/// Keys are kept to 48 bits: among a million positions, two share a key with a chance of
/// about 1 in 500, and each position costs two bytes less.
const KEY_BITS: u32 = 48;

fn short_key(p: &Position) -> u64 {
    p.key() >> (64 - KEY_BITS)
}

/// One finished game, as the book reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookGame {
    /// Where it started.
    pub start: Position,
    /// The houses played, in order.
    pub moves: Vec<House>,
    /// How it ended.
    pub result: GameResult,
}

/// Which positions a book keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookLimits {
    /// Positions after more plies than this are left out.
    pub max_ply: usize,
    /// Positions reached in fewer games than this are left out (1 keeps them all).
    pub min_games: u32,
}

impl Default for BookLimits {
    fn default() -> BookLimits {
        BookLimits {
            max_ply: usize::MAX,
            min_games: 1,
        }
    }
}

/// A move's line in the explorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveStats {
    /// The house played.
    pub house: House,
    /// Games in which it was played here.
    pub games: u32,
    /// Of those, White won this many...
    pub white: u32,
    /// ...this many were drawn...
    pub draws: u32,
    /// ...and Black won this many.
    pub black: u32,
}

impl MoveStats {
    /// White's wins, the draws and Black's wins in whole percent, summing to 100 (the largest
    /// remainders are rounded up).
    pub fn percents(&self) -> [u32; 3] {
        let parts = [self.white, self.draws, self.black];
        if self.games == 0 {
            return [0; 3];
        }
        let mut out = parts.map(|p| p * 100 / self.games);
        let mut rest: Vec<(u32, usize)> = parts
            .iter()
            .enumerate()
            .map(|(i, &p)| (p * 100 % self.games, i))
            .collect();
        rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let missing = 100 - out.iter().sum::<u32>();
        for &(r, i) in rest.iter().take(missing as usize) {
            if r > 0 {
                out[i] += 1;
            }
        }
        out
    }

    fn add(&mut self, result: GameResult) {
        self.games += 1;
        match result {
            GameResult::Win(Side::White) => self.white += 1,
            GameResult::Win(Side::Black) => self.black += 1,
            GameResult::Draw => self.draws += 1,
        }
    }
}

/// Why a book file does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookError {
    /// It does not start with the book's mark (not a book, or another version).
    NotABook,
    /// It ends in the middle of a position.
    Truncated,
    /// A move's house is not 1 to 9, or its counts do not add up.
    Corrupt,
}

impl core::fmt::Display for BookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            BookError::NotABook => "not an opening book file",
            BookError::Truncated => "the opening book file is cut short",
            BookError::Corrupt => "the opening book file is damaged",
        })
    }
}

impl std::error::Error for BookError {}

/// The explorer's book: positions (by key) and the moves played from them, in three flat lists
/// (a list of moves for each of a million positions cost a million allocations).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// The positions' keys, sorted.
    keys: Vec<u64>,
    /// Where each position's moves start in `moves`; one more entry, the end.
    starts: Vec<u32>,
    /// Every position's moves in turn, each position's sorted by house.
    moves: Vec<MoveStats>,
    /// Games counted.
    games: u32,
}

impl Book {
    /// Counts every move of every game (within `limits`).
    pub fn build(games: &[BookGame], limits: &BookLimits) -> Book {
        // Every (position, move) a game passed, once a game, with its result, in one flat list
        // sorted and then counted: a map a position cost an allocation for each of the
        // hundreds of thousands of positions a library of long games passes. Each entry is one
        // `u64` (the 48-bit key, the house, the result), which sorts several times faster than
        // a tuple compared field by field.
        const RESULTS: [GameResult; 3] = [
            GameResult::Win(Side::White),
            GameResult::Draw,
            GameResult::Win(Side::Black),
        ];
        let code = |r: GameResult| RESULTS.iter().position(|&x| x == r).unwrap_or(1) as u64;
        let mut passed: Vec<u64> = Vec::new();
        let mut this_game: Vec<u64> = Vec::new();
        for g in games {
            this_game.clear();
            let mut pos = g.start;
            for (ply, &house) in g.moves.iter().enumerate() {
                // The search's move, which records no outcome: `Position::play`'s list of
                // sown korgools cost an allocation a ply, most of a large library's count.
                if pos.check(house).is_err() {
                    break;
                }
                if ply < limits.max_ply {
                    this_game.push(short_key(&pos) << 8 | u64::from(house.get()));
                }
                pos.play_unchecked(house);
            }
            this_game.sort_unstable();
            this_game.dedup();
            let result = code(g.result);
            passed.extend(this_game.iter().map(|&x| x << 2 | result));
        }
        passed.sort_unstable();
        let mut book = Book {
            games: games.len() as u32,
            ..Book::default()
        };
        for x in passed {
            let (key, h, result) = (x >> 10, (x >> 2) as u8, RESULTS[(x & 3) as usize % 3]);
            if book.keys.last() != Some(&key) {
                book.close_position(limits.min_games);
                book.keys.push(key);
                book.starts.push(book.moves.len() as u32);
            }
            let open = *book.starts.last().unwrap_or(&0) as usize;
            if book.moves[open..].last().is_none_or(|m| m.house.get() != h) {
                let Some(house) = House::new(h) else {
                    continue;
                };
                book.moves.push(MoveStats {
                    house,
                    games: 0,
                    white: 0,
                    draws: 0,
                    black: 0,
                });
            }
            if let Some(m) = book.moves.last_mut() {
                m.add(result);
            }
        }
        book.close_position(limits.min_games);
        book.starts.push(book.moves.len() as u32);
        book
    }

    /// Ends the position being counted (the last key): left out when played in fewer than
    /// `min_games` games.
    fn close_position(&mut self, min_games: u32) {
        let Some(&start) = self.starts.last() else {
            return;
        };
        let played: u32 = self.moves[start as usize..].iter().map(|m| m.games).sum();
        if played < min_games {
            self.keys.pop();
            self.starts.pop();
            self.moves.truncate(start as usize);
        }
    }

    /// The moves of the position at `i`, sorted by house.
    fn moves_at(&self, i: usize) -> &[MoveStats] {
        &self.moves[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The moves played from `pos`, most played first (then by house); empty if none.
    pub fn lookup(&self, pos: &Position) -> Vec<MoveStats> {
        let key = short_key(pos);
        match self.keys.binary_search(&key) {
            Ok(i) => {
                let mut moves = self.moves_at(i).to_vec();
                moves.sort_by(|a, b| b.games.cmp(&a.games).then(a.house.cmp(&b.house)));
                moves
            }
            Err(_) => Vec::new(),
        }
    }

    /// The games the book was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The positions it holds.
    pub fn positions(&self) -> usize {
        self.keys.len()
    }

    /// The book as a file.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.keys.len() * 12);
        out.extend_from_slice(MAGIC);
        put_varint(&mut out, u64::from(self.games));
        put_varint(&mut out, self.keys.len() as u64);
        for (i, key) in self.keys.iter().enumerate() {
            let moves = self.moves_at(i);
            out.extend_from_slice(&key.to_le_bytes()[..6]);
            out.push(moves.len() as u8);
            for m in moves {
                out.push(m.house.get());
                put_varint(&mut out, u64::from(m.games));
                put_varint(&mut out, u64::from(m.white));
                put_varint(&mut out, u64::from(m.draws));
            }
        }
        out
    }

    /// Reads a book file.
    pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::NotABook)?;
        let mut r = Reader(rest);
        let games = r.u32()?;
        let count = r.varint()?;
        let mut book = Book {
            games,
            ..Book::default()
        };
        let mut last = None;
        for _ in 0..count {
            let mut key = [0u8; 8];
            key[..6].copy_from_slice(r.take(6)?);
            let key = u64::from_le_bytes(key);
            if last.is_some_and(|l| l >= key) {
                return Err(BookError::Corrupt);
            }
            last = Some(key);
            let n = r.take(1)?[0];
            book.keys.push(key);
            book.starts.push(book.moves.len() as u32);
            for _ in 0..n {
                let house = House::new(r.take(1)?[0]).ok_or(BookError::Corrupt)?;
                let games = r.u32()?;
                let white = r.u32()?;
                let draws = r.u32()?;
                let black = games
                    .checked_sub(white)
                    .and_then(|x| x.checked_sub(draws))
                    .ok_or(BookError::Corrupt)?;
                book.moves.push(MoveStats {
                    house,
                    games,
                    white,
                    draws,
                    black,
                });
            }
        }
        if !r.0.is_empty() {
            return Err(BookError::Corrupt);
        }
        book.starts.push(book.moves.len() as u32);
        Ok(book)
    }
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], BookError> {
        if self.0.len() < n {
            return Err(BookError::Truncated);
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }

    fn varint(&mut self) -> Result<u64, BookError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.take(1)?[0];
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(BookError::Corrupt)
    }

    fn u32(&mut self) -> Result<u32, BookError> {
        u32::try_from(self.varint()?).map_err(|_| BookError::Corrupt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn game(moves: &[u8], result: GameResult) -> BookGame {
        BookGame {
            start: Position::start(),
            moves: moves.iter().map(|&m| h(m)).collect(),
            result,
        }
    }

    #[test]
    fn transpositions_meet_in_one_position() {
        // Single korgools step to the next house of their own row: the two move orders of
        // each side reach the same position.
        let start: Position = "1,0,0,0,1,0,0,0,0/1,0,0,0,1,0,0,0,0 79/79 -/- w"
            .parse()
            .unwrap();
        let line = |moves: [u8; 5], result| BookGame {
            start,
            moves: moves.iter().map(|&m| h(m)).collect(),
            result,
        };
        let a = line([1, 1, 5, 5, 2], GameResult::Draw);
        let b = line([5, 5, 1, 1, 2], GameResult::Win(Side::White));
        let meet = |g: &BookGame| {
            g.moves[..4]
                .iter()
                .fold(g.start, |p, &m| p.play(m).unwrap().0)
        };
        assert_eq!(meet(&a), meet(&b));
        let book = Book::build(&[a.clone(), b], &BookLimits::default());
        let here = book.lookup(&meet(&a));
        assert_eq!(here.len(), 1);
        assert_eq!((here[0].games, here[0].white, here[0].draws), (2, 1, 1));
    }

    #[test]
    fn a_game_counts_once_for_a_move_it_plays_twice_from_one_position() {
        let p: Position = "0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0 80/80 -/- w"
            .parse()
            .unwrap();
        let g = BookGame {
            start: p,
            moves: vec![h(9), h(1)],
            result: GameResult::Draw,
        };
        let book = Book::build(&[g.clone(), g], &BookLimits::default());
        assert_eq!(book.lookup(&p)[0].games, 2);
    }

    #[test]
    fn limits_leave_out_deep_and_rare_positions() {
        let games = [
            game(&[7, 9, 6], GameResult::Draw),
            game(&[7, 8, 6], GameResult::Draw),
        ];
        let after7 = Position::start().play(h(7)).unwrap().0;
        let shallow = Book::build(
            &games,
            &BookLimits {
                max_ply: 1,
                min_games: 1,
            },
        );
        assert_eq!(shallow.positions(), 1);
        assert!(shallow.lookup(&after7).is_empty());
        let common = Book::build(
            &games,
            &BookLimits {
                max_ply: 9,
                min_games: 2,
            },
        );
        assert_eq!(common.positions(), 2);
        assert_eq!(common.lookup(&after7).len(), 2);
    }

    #[test]
    fn the_book_of_many_long_games_counts_as_a_map_of_positions_does() {
        use std::collections::{BTreeMap, HashSet};
        // Games of legal moves picked by a fixed sequence, with the results in turn.
        let mut seed = 7u64;
        let results = [
            GameResult::Win(Side::White),
            GameResult::Draw,
            GameResult::Win(Side::Black),
        ];
        let games: Vec<BookGame> = (0..60)
            .map(|i| {
                let mut pos = Position::start();
                let mut moves = Vec::new();
                while moves.len() < 120 && !pos.is_over() {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let legal: Vec<House> = pos.legal_moves().collect();
                    let house = legal[(seed >> 33) as usize % legal.len()];
                    moves.push(house);
                    pos = pos.play(house).unwrap().0;
                }
                BookGame {
                    start: Position::start(),
                    moves,
                    result: results[i % 3],
                }
            })
            .collect();
        let mut table: BTreeMap<u64, BTreeMap<u8, MoveStats>> = BTreeMap::new();
        for g in &games {
            let mut seen = HashSet::new();
            let mut pos = g.start;
            for &house in &g.moves {
                if seen.insert((short_key(&pos), house.get())) {
                    table
                        .entry(short_key(&pos))
                        .or_default()
                        .entry(house.get())
                        .or_insert(MoveStats {
                            house,
                            games: 0,
                            white: 0,
                            draws: 0,
                            black: 0,
                        })
                        .add(g.result);
                }
                pos = pos.play(house).unwrap().0;
            }
        }
        let by_map: Vec<(u64, Vec<MoveStats>)> = table
            .into_iter()
            .map(|(k, moves)| (k, moves.into_values().collect()))
            .collect();
        let book = Book::build(&games, &BookLimits::default());
        assert!(book.positions() > 3000);
        let positions: Vec<(u64, Vec<MoveStats>)> = (0..book.positions())
            .map(|i| (book.keys[i], book.moves_at(i).to_vec()))
            .collect();
        assert_eq!(positions, by_map);
    }

    #[test]
    fn percents_add_up_to_a_hundred() {
        let m = MoveStats {
            house: h(1),
            games: 3,
            white: 1,
            draws: 1,
            black: 1,
        };
        assert_eq!(m.percents(), [34, 33, 33]);
        let m = MoveStats {
            house: h(1),
            games: 7,
            white: 7,
            draws: 0,
            black: 0,
        };
        assert_eq!(m.percents(), [100, 0, 0]);
    }

    #[test]
    fn a_damaged_file_is_an_error_never_a_panic() {
        let games = [game(&[7, 9, 6], GameResult::Draw)];
        let bytes = Book::build(&games, &BookLimits::default()).encode();
        assert_eq!(Book::decode(b"junk"), Err(BookError::NotABook));
        for cut in 4..bytes.len() {
            assert!(Book::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut extra = bytes.clone();
        extra.push(0);
        assert_eq!(Book::decode(&extra), Err(BookError::Corrupt));
        // Every single flipped byte reads or fails cleanly.
        for i in 4..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.clone();
                b[i] ^= 1 << bit;
                let _ = Book::decode(&b);
            }
        }
    }
}
