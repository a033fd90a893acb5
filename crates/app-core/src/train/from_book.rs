//! A study made from the opening explorer's lines: from a position, the book's most played
//! moves to a chosen depth, as a tree to train.
//!
//! At each position the most played move is the main line; another move joins as a variation
//! when it was played in at least [`SHARE`] percent of the book's games there, up to
//! [`WIDTH`] moves in all. A line stops at the depth chosen, where the book has fewer than
//! [`MIN_GAMES`] games, or when the tree holds [`MAX_MOVES`] moves, so that a study stays one
//! a player can learn.

use toguz_coach::explorer::Book;
use toguz_engine::study::{NodeId, Study, ROOT};
use toguz_engine::Position;

/// The least share of a position's games (percent) for a move other than the most played.
pub const SHARE: u32 = 20;
/// The most moves kept from one position.
pub const WIDTH: usize = 3;
/// The fewest games from a position for its moves to be kept.
pub const MIN_GAMES: u32 = 2;
/// The most moves in the whole tree.
pub const MAX_MOVES: usize = 120;
/// The depths offered, in moves of both sides (plies).
pub const DEPTHS: [usize; 4] = [4, 6, 8, 10];

/// The study of `book`'s most played lines from `start`, `depth` plies deep; `None` when the
/// book has no move there.
pub fn study_from_book(book: &Book, start: &Position, depth: usize) -> Option<Study> {
    let mut study = Study::new(*start);
    // Breadth first, so that a tree cut at MAX_MOVES keeps its first moves whole.
    let mut queue = std::collections::VecDeque::from([(ROOT, 0usize)]);
    let mut moves = 0;
    while let Some((node, ply)) = queue.pop_front() {
        if ply >= depth {
            continue;
        }
        for house in kept_moves(book, &study.position(node)) {
            if moves >= MAX_MOVES {
                break;
            }
            let Ok(child) = study.play(node, house) else {
                continue;
            };
            moves += 1;
            queue.push_back((child, ply + 1));
        }
    }
    (moves > 0).then_some(study)
}

/// The moves kept from `pos`: the most played, then the others over [`SHARE`].
fn kept_moves(book: &Book, pos: &Position) -> Vec<toguz_engine::House> {
    let stats = book.lookup(pos);
    let total: u32 = stats.iter().map(|m| m.games).sum();
    if total < MIN_GAMES {
        return Vec::new();
    }
    stats
        .iter()
        .enumerate()
        .filter(|(i, m)| *i == 0 || m.games * 100 >= SHARE * total)
        .take(WIDTH)
        .map(|(_, m)| m.house)
        .collect()
}

/// The number of plies on the study's longest line (for its title).
pub fn depth_of(study: &Study) -> usize {
    fn deepest(study: &Study, n: NodeId) -> usize {
        study
            .children(n)
            .iter()
            .map(|&c| 1 + deepest(study, c))
            .max()
            .unwrap_or(0)
    }
    deepest(study, ROOT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_coach::explorer::{BookGame, BookLimits};
    use toguz_engine::{GameResult, House, Side};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn game(moves: &[u8]) -> BookGame {
        BookGame {
            start: Position::start(),
            moves: moves.iter().map(|&m| h(m)).collect(),
            result: GameResult::Win(Side::White),
        }
    }

    /// 1.7 in six games (replies 9 four times, 1 twice), 1.6 in one.
    fn book() -> Book {
        let games = [
            game(&[7, 9, 6, 1]),
            game(&[7, 9, 6, 1]),
            game(&[7, 9, 6, 2]),
            game(&[7, 9, 5, 1]),
            game(&[7, 1, 2, 3]),
            game(&[7, 1, 2, 3]),
            game(&[6, 9, 1, 1]),
        ];
        Book::build(&games, &BookLimits::default())
    }

    #[test]
    fn the_most_played_move_is_the_main_line_and_frequent_replies_are_variations() {
        let study = study_from_book(&book(), &Position::start(), 2).unwrap();
        let first: Vec<u8> = study
            .children(ROOT)
            .iter()
            .map(|&n| study.notation(n).unwrap().from.get())
            .collect();
        assert_eq!(first, [7], "1.6 is one game in seven: under the share");
        let replies: Vec<u8> = study
            .children(study.children(ROOT)[0])
            .iter()
            .map(|&n| study.notation(n).unwrap().from.get())
            .collect();
        assert_eq!(replies, [9, 1], "the most played first");
        assert_eq!(depth_of(&study), 2);
    }

    #[test]
    fn lines_stop_at_the_depth_chosen_and_where_the_book_thins_out() {
        let study = study_from_book(&book(), &Position::start(), 10).unwrap();
        // After 1.7 9 2.6 three games, then 1 twice and 2 once; after 1.7 1 2.2 two games, 3.
        assert_eq!(depth_of(&study), 4);
        let mut shallow = study_from_book(&book(), &Position::start(), 1).unwrap();
        assert_eq!(shallow.size(), 2);
        assert!(shallow.play(ROOT, h(7)).is_ok());
    }

    #[test]
    fn a_position_out_of_the_book_makes_no_study() {
        let far = Position::start().play(h(3)).unwrap().0;
        assert!(study_from_book(&book(), &far, 6).is_none());
    }

    #[test]
    fn a_wide_book_is_cut_at_the_most_moves_a_study_keeps() {
        let mut games = Vec::new();
        for a in 1..=9u8 {
            for b in 1..=9u8 {
                for c in 1..=9u8 {
                    games.push(game(&[a, b, c, 1, 2, 3, 4, 5]));
                    games.push(game(&[a, b, c, 1, 2, 3, 4, 5]));
                }
            }
        }
        let wide = Book::build(&games, &BookLimits::default());
        let study = study_from_book(&wide, &Position::start(), 10).unwrap();
        assert!(study.size() - 1 <= MAX_MOVES);
    }
}
