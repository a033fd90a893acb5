//! The opening explorer: which book each tab reads, the player's own book made from the
//! library, and the lines the explorer shows for a position.
//!
//! The Players and Engine books are files of the build (`public/explorer/`, made by
//! `toguz explorer build`), fetched the first time their tab is shown; Mine is counted here
//! from the saved games that have ended.

use toguz_coach::explorer::{Book, BookGame, BookLimits, MoveStats};
use toguz_engine::GameResult;
use toguz_engine::{House, Position};
use toguz_store::packed::PlayedLine;
use toguz_store::GameEntry;

/// The explorer's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Real games of strong players (the PlayOK records the app ships).
    Players,
    /// The engine's games against itself.
    Engine,
    /// The player's own finished games.
    Mine,
}

impl Source {
    /// Every tab, in order.
    pub const ALL: [Source; 3] = [Source::Players, Source::Engine, Source::Mine];

    /// The book's file in the build, for the tabs that have one.
    pub const fn file(self) -> Option<&'static str> {
        match self {
            Source::Players => Some("explorer/players.tkb"),
            Source::Engine => Some("explorer/engine.tkb"),
            Source::Mine => None,
        }
    }

    /// Its name in test ids.
    pub const fn name(self) -> &'static str {
        match self {
            Source::Players => "players",
            Source::Engine => "engine",
            Source::Mine => "mine",
        }
    }
}

/// One line of the explorer: a move and how the games with it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The house played.
    pub house: House,
    /// Games in which it was played here.
    pub games: u32,
    /// White's wins, the draws and Black's wins, in whole percent summing to 100.
    pub percents: [u32; 3],
    /// Its share of the games from this position, in whole percent.
    pub share: u32,
}

/// The explorer's lines for `pos`, most played first.
pub fn rows(book: &Book, pos: &Position) -> Vec<Row> {
    let moves = book.lookup(pos);
    let total: u32 = moves.iter().map(|m| m.games).sum();
    moves
        .iter()
        .map(|m: &MoveStats| Row {
            house: m.house,
            games: m.games,
            percents: m.percents(),
            share: (m.games * 100 + total / 2).checked_div(total).unwrap_or(0),
        })
        .collect()
}

/// Where a game left a book: the ply (1-based) of its first move that no game of the book
/// played from that position. `None` while the game stays in the book as far as the book
/// goes, and for a game from another start than the usual one (no book has its positions).
/// `positions[i]` is the position before `moves[i]`.
pub fn left_book(book: &Book, positions: &[Position], moves: &[House]) -> Option<usize> {
    if positions.first() != Some(&Position::start()) {
        return None;
    }
    for (i, (pos, &house)) in positions.iter().zip(moves).enumerate() {
        let known = book.lookup(pos);
        if known.is_empty() {
            // Past the book's last ply: the game was in it to its end.
            return None;
        }
        if !known.iter().any(|m| m.house == house) {
            return Some(i + 1);
        }
    }
    None
}

/// The book of the player's own games: every saved game that has ended, up to where it ended.
pub fn mine(entries: &[GameEntry]) -> Book {
    let games: Vec<BookGame> = entries
        .iter()
        .filter_map(|e| {
            let end = e.game.result()?;
            Some(BookGame {
                start: e.game.start(),
                moves: e.game.moves()[..e.game.ply()]
                    .iter()
                    .map(|m| m.house)
                    .collect(),
                result: end.result,
            })
        })
        .collect();
    Book::build(&games, &BookLimits::default())
}

/// [`mine`] from the library's finished lines (`toguz_store::Library::finished_lines`): the
/// moves unpacked from storage, no game replayed to read them. A line whose start is not a
/// position is left out.
pub fn mine_from_lines(lines: &[(PlayedLine, GameResult)]) -> Book {
    let games: Vec<BookGame> = lines
        .iter()
        .filter_map(|(line, result)| {
            Some(BookGame {
                start: Position::try_from(line.start).ok()?,
                moves: line.moves.clone(),
                result: *result,
            })
        })
        .collect();
    Book::build(&games, &BookLimits::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::game::Game;
    use toguz_engine::Side;
    use toguz_store::Mode;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn entry(moves: &[u8], resign: Option<Side>) -> GameEntry {
        let mut g = Game::new();
        for &m in moves {
            g.play(h(m)).unwrap();
        }
        if let Some(side) = resign {
            g.resign(side).unwrap();
        }
        GameEntry::new("x".into(), 0, Mode::TwoPlayers, g)
    }

    #[test]
    fn a_game_leaves_the_book_at_its_first_move_no_book_game_played_there() {
        let book = mine(&[
            entry(&[7, 9, 6], Some(Side::Black)),
            entry(&[7, 8], Some(Side::White)),
        ]);
        let game = entry(&[7, 9, 2, 4], None).game;
        let houses: Vec<House> = game.moves().iter().map(|m| m.house).collect();
        assert_eq!(left_book(&book, game.positions(), &houses), Some(3));
        // Along a book game to its end: still in the book.
        let along = entry(&[7, 9, 6, 1], None).game;
        let houses: Vec<House> = along.moves().iter().map(|m| m.house).collect();
        assert_eq!(left_book(&book, along.positions(), &houses), None);
        // Out at once.
        let other = entry(&[1], None).game;
        assert_eq!(left_book(&book, other.positions(), &[h(1)]), Some(1));
        // A game from another start is in no book.
        let start: Position = "8,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- b"
            .parse()
            .unwrap();
        assert_eq!(left_book(&book, &[start], &[h(1)]), None);
    }

    #[test]
    fn my_book_counts_only_the_games_that_ended() {
        let entries = [
            entry(&[7, 9], Some(Side::Black)),
            entry(&[7, 8], Some(Side::White)),
            entry(&[7, 9, 6], None),
        ];
        let book = mine(&entries);
        let start = rows(&book, &Position::start());
        assert_eq!(start.len(), 1);
        assert_eq!((start[0].house, start[0].games), (h(7), 2));
        assert_eq!(start[0].percents, [50, 0, 50]);
        assert_eq!(start[0].share, 100);
        let after7 = Position::start().play(h(7)).unwrap().0;
        let replies = rows(&book, &after7);
        assert_eq!(replies.iter().map(|r| r.share).sum::<u32>(), 100);
    }

    #[test]
    fn the_library_s_lines_make_the_same_book_as_its_games() {
        let entries = [
            entry(&[7, 9], Some(Side::Black)),
            entry(&[7, 8, 1], Some(Side::White)),
        ];
        let lines: Vec<(PlayedLine, GameResult)> = entries
            .iter()
            .map(|e| {
                let line = PlayedLine {
                    start: e.game.start().into(),
                    moves: e.game.moves().iter().map(|m| m.house).collect(),
                };
                (line, e.game.result().unwrap().result)
            })
            .collect();
        let (a, b) = (mine(&entries), mine_from_lines(&lines));
        let after7 = Position::start().play(h(7)).unwrap().0;
        for pos in [Position::start(), after7] {
            assert_eq!(rows(&a, &pos), rows(&b, &pos));
        }
        assert_eq!(a.games(), b.games());
    }

    #[test]
    fn a_position_no_game_reached_has_no_lines() {
        let book = mine(&[]);
        assert!(rows(&book, &Position::start()).is_empty());
    }

    #[test]
    fn the_shipped_players_book_reads() {
        let bytes = include_bytes!("../../../public/explorer/players.tkb");
        let book = Book::decode(bytes).unwrap();
        assert_eq!(book.games(), 282);
        assert_eq!(rows(&book, &Position::start())[0].house, h(7));
    }
}
