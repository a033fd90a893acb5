//! One way to count and write moves, on every screen: the game record's. A move is written
//! in the notation of the rules (`76(10)`, `92X`, from the engine's outcome), numbered as the
//! record numbers it (`65.` before White's move, `65...` before Black's, counting from the
//! game's first mover), and a game's length is the number of its last move, so a counter
//! and the move list always agree.

use toguz_engine::notation::NotatedMove;
use toguz_engine::record::{number_text, numbering};
use toguz_engine::{House, Position, Side};

/// Ply `index` (0-based) of a game whose first mover is `first`: its move number and
/// whether it is Black's (the second half of the move).
pub fn number(first: Side, index: usize) -> (usize, bool) {
    numbering(first, index)
}

/// The number written before ply `index`: `65.` before White's move, `65...` before Black's.
pub fn number_label(first: Side, index: usize) -> String {
    number_text(first, index)
}

/// Ply `index` with its number, as the move list and the counters write it: `65. 8`,
/// `65... 43(10)`.
pub fn numbered(first: Side, index: usize, notation: &str) -> String {
    format!("{} {notation}", number_label(first, index))
}

/// Move `house` from `before` in the notation of the rules (`76(10)`, `92X`); the bare house
/// when the engine refuses it.
pub fn notation(before: Position, house: House) -> String {
    let mut pos = before;
    match pos.try_play(house) {
        Ok(outcome) => NotatedMove::of(&outcome).to_string(),
        Err(_) => house.get().to_string(),
    }
}

/// How many moves a game of `plies` plies from `first` has: the number of its last move
/// (161 plies from White's first move make 81 moves). None for no move.
pub fn length(first: Side, plies: usize) -> usize {
    match plies {
        0 => 0,
        n => number(first, n - 1).0,
    }
}

/// The counter under a board that shows the position after `ply` of a game's `total` plies:
/// (the number of the move shown, the game's length in moves); move 0 at the start. It reads
/// as the move list numbers the moves.
pub fn counter(first: Side, ply: usize, total: usize) -> (usize, usize) {
    let shown = match ply.min(total) {
        0 => 0,
        n => number(first, n - 1).0,
    };
    (shown, length(first, total))
}

/// A line of moves `pv` from `before`, the position before ply `index` of a game whose first
/// mover is `first`, as a record writes it: each move in notation, a number before White's
/// moves and before the first one (`12... 43 13. 76(10) 12X`). It stops at a move the engine
/// refuses.
pub fn line(before: Position, pv: &[House], first: Side, index: usize) -> String {
    let mut pos = before;
    let mut out: Vec<String> = Vec::new();
    for (k, &h) in pv.iter().enumerate() {
        let Ok(outcome) = pos.try_play(h) else { break };
        let mv = NotatedMove::of(&outcome).to_string();
        let ply = index + k;
        if k == 0 || !number(first, ply).1 {
            out.push(numbered(first, ply, &mv));
        } else {
            out.push(mv);
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn houses(ns: &[u8]) -> Vec<House> {
        ns.iter().map(|&n| h(n)).collect()
    }

    #[test]
    fn moves_are_numbered_as_the_record_numbers_them() {
        assert_eq!(number(Side::White, 0), (1, false));
        assert_eq!(number(Side::White, 1), (1, true));
        assert_eq!(number(Side::White, 128), (65, false));
        assert_eq!(numbered(Side::White, 128, "8"), "65. 8");
        assert_eq!(numbered(Side::White, 129, "43(10)"), "65... 43(10)");
        // A game from a position with Black to move: its first ply is Black's move 1.
        assert_eq!(numbered(Side::Black, 0, "12"), "1... 12");
        assert_eq!(numbered(Side::Black, 1, "76"), "2. 76");
    }

    #[test]
    fn a_games_length_is_the_number_of_its_last_move() {
        assert_eq!(length(Side::White, 161), 81);
        assert_eq!(length(Side::White, 160), 80);
        assert_eq!(length(Side::White, 1), 1);
        assert_eq!(length(Side::White, 0), 0);
        assert_eq!(length(Side::Black, 2), 2);
    }

    #[test]
    fn the_counter_agrees_with_the_list() {
        // Ply 129 of 161 is White's move 65 ("65. 8" in the list) of a game of 81 moves.
        assert_eq!(counter(Side::White, 129, 161), (65, 81));
        assert_eq!(counter(Side::White, 130, 161), (65, 81));
        assert_eq!(counter(Side::White, 0, 161), (0, 81));
        assert_eq!(counter(Side::White, 161, 161), (81, 81));
        assert_eq!(counter(Side::Black, 1, 4), (1, 3));
    }

    #[test]
    fn an_engine_line_is_written_with_numbers_sides_and_the_rules_notation() {
        let start = Position::start();
        // From the start: 1. 76(10) is White's capture of 10, then Black's reply.
        let mut p = start;
        let first = NotatedMove::of(&p.try_play(h(7)).unwrap()).to_string();
        let second = NotatedMove::of(&p.try_play(h(9)).unwrap()).to_string();
        let third = NotatedMove::of(&p.try_play(h(2)).unwrap()).to_string();
        assert_eq!(
            line(start, &houses(&[7, 9, 2]), Side::White, 0),
            format!("1. {first} {second} 2. {third}")
        );
        assert_eq!(first, "76(10)");
        // From Black's move: the first is numbered with dots.
        let mut after = start;
        after.play_unchecked(h(7));
        assert_eq!(
            line(after, &houses(&[9, 2]), Side::White, 1),
            format!("1... {second} 2. {third}")
        );
        assert_eq!(line(start, &houses(&[7]), Side::White, 0), "1. 76(10)");
        assert_eq!(notation(start, h(7)), "76(10)");
        assert_eq!(notation(start, h(1)), "19");
        assert_eq!(line(start, &[], Side::White, 0), "");
    }
}
