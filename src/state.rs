//! The game being played, as a plain Rust value: a line of moves with undo and redo.
//!
//! No rule lives here: every move goes through [`Position::try_play`], and what it reports
//! ([`MoveOutcome`]) is kept for the move list and the board's highlights.
//!
//! TODO(play screen): replace the history with the engine's `game::Game` (undo/redo, records)
//! once it lands in `engine/src/game.rs`.

use core::fmt;

use toguz_engine::{House, MoveError, MoveOutcome, Position, Side, Square};

/// Why a click on a house did not play a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClickError {
    /// The house belongs to this side, which is not the side to move.
    NotYourHouse(Side),
    /// The engine refused the move.
    Move(MoveError),
}

impl fmt::Display for ClickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClickError::NotYourHouse(side) => write!(f, "that house is {side}'s, not to move"),
            ClickError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ClickError {}

/// One move played: the outcome the engine reported and the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// What the engine reported for the move.
    pub outcome: MoveOutcome,
    /// The position after the move.
    pub after: Position,
}

/// A game from a start position: the moves played, and how many of them are current
/// (the rest can be redone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    start: Position,
    plies: Vec<Ply>,
    /// Number of plies in effect; `plies[cursor..]` are undone moves that can be redone.
    cursor: usize,
}

impl Default for GameState {
    fn default() -> Self {
        GameState::new(Position::start())
    }
}

impl GameState {
    /// A new game from `start`.
    pub fn new(start: Position) -> GameState {
        GameState {
            start,
            plies: Vec::new(),
            cursor: 0,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.cursor
            .checked_sub(1)
            .map_or(self.start, |i| self.plies[i].after)
    }

    /// Plays `house` for the side to move. On success, moves that were undone are dropped.
    pub fn play(&mut self, house: House) -> Result<&MoveOutcome, MoveError> {
        let mut after = self.position();
        let outcome = after.try_play(house)?;
        self.plies.truncate(self.cursor);
        self.plies.push(Ply { outcome, after });
        self.cursor += 1;
        Ok(&self.plies[self.cursor - 1].outcome)
    }

    /// Plays the move from a clicked square: it must be a house of the side to move.
    pub fn play_square(&mut self, square: Square) -> Result<&MoveOutcome, ClickError> {
        if square.side() != self.position().turn() {
            return Err(ClickError::NotYourHouse(square.side()));
        }
        self.play(square.house()).map_err(ClickError::Move)
    }

    /// Takes back the last move. False when there is none.
    pub fn undo(&mut self) -> bool {
        let can = self.can_undo();
        if can {
            self.cursor -= 1;
        }
        can
    }

    /// Plays again the last move taken back. False when there is none.
    pub fn redo(&mut self) -> bool {
        let can = self.can_redo();
        if can {
            self.cursor += 1;
        }
        can
    }

    /// True when there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// True when there is a move taken back to play again.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.plies.len()
    }

    /// The moves in effect, first to last.
    pub fn moves(&self) -> &[Ply] {
        &self.plies[..self.cursor]
    }

    /// The last move in effect.
    pub fn last_move(&self) -> Option<&MoveOutcome> {
        self.moves().last().map(|p| &p.outcome)
    }
}

/// A move in the notation of `RULES.md`: start house, landing house, `X` for a tuz and the
/// mover's kazan in brackets after a capture, for example `76(10)`.
///
/// TODO(play screen): use the engine's notation module once it lands.
pub fn notation(outcome: &MoveOutcome) -> String {
    let mut s = format!("{}{}", outcome.from, outcome.last.house());
    if let Some(capture) = outcome.capture {
        if capture.tuz {
            s.push('X');
        }
        s.push_str(&format!("({})", outcome.kazans[outcome.side]));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    #[test]
    fn starts_at_the_start_position() {
        let g = GameState::default();
        assert_eq!(g.position(), Position::start());
        assert!(!g.can_undo() && !g.can_redo());
        assert!(g.last_move().is_none());
    }

    #[test]
    fn plays_through_the_engine() {
        let mut g = GameState::default();
        let out = g.play(h(7)).unwrap().clone();
        let (expected, expected_out) = Position::start().play(h(7)).unwrap();
        assert_eq!(out, expected_out);
        assert_eq!(g.position(), expected);
        assert_eq!(notation(&out), "76(10)");
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn refuses_illegal_clicks_and_keeps_the_position() {
        let mut g = GameState::default();
        let black_house = Square::new(Side::Black, h(1));
        assert_eq!(
            g.play_square(black_house),
            Err(ClickError::NotYourHouse(Side::Black))
        );
        g.play(h(1)).unwrap();
        g.play(h(1)).unwrap();
        // Both houses 1 now hold one korgool; each single korgool moves on a house.
        g.play(h(1)).unwrap();
        g.play(h(1)).unwrap();
        let before = g.position();
        assert_eq!(
            g.play_square(Square::new(Side::White, h(1))),
            Err(ClickError::Move(MoveError::EmptyHouse(h(1))))
        );
        assert_eq!(g.position(), before);
        assert_eq!(g.moves().len(), 4);
    }

    #[test]
    fn undo_redo_and_a_new_branch() {
        let mut g = GameState::default();
        g.play(h(7)).unwrap();
        let after_one = g.position();
        g.play(h(3)).unwrap();
        let after_two = g.position();
        assert!(g.undo());
        assert_eq!(g.position(), after_one);
        assert!(g.can_redo());
        assert!(g.redo());
        assert_eq!(g.position(), after_two);
        assert!(!g.redo());
        assert!(g.undo() && g.undo());
        assert!(!g.undo());
        assert_eq!(g.position(), Position::start());
        g.play(h(2)).unwrap();
        assert!(!g.can_redo(), "a new move drops the undone ones");
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn notation_marks_a_tuz() {
        let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let mut g = GameState::new(p);
        let out = g.play(h(9)).unwrap();
        assert_eq!(notation(out), "92X(10)");
    }
}
