//! The game being played, as a plain Rust value over the engine's [`Game`].
//!
//! No rule lives here: moves, undo and redo are the engine's; this type adds what a screen
//! of clicks needs (a click on the wrong row, the moves in effect, their notation).

use core::fmt;

use toguz_engine::game::{Game, GameError, PlayedMove};
use toguz_engine::notation::NotatedMove;
use toguz_engine::{House, MoveOutcome, Position, Side, Square};

/// Why a click on a house did not play a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClickError {
    /// The house belongs to this side, which is not the side to move.
    NotYourHouse(Side),
    /// The engine refused the move.
    Game(GameError),
}

impl fmt::Display for ClickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClickError::NotYourHouse(side) => write!(f, "that house is {side}'s, not to move"),
            ClickError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ClickError {}

/// A game from a start position, with undo and redo.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameState {
    game: Game,
}

impl GameState {
    /// A new game from `start` under the default rules.
    pub fn new(start: Position) -> GameState {
        GameState {
            game: Game::from_position(start, Default::default()),
        }
    }

    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.game.position()
    }

    /// Plays `house` for the side to move. On success, moves that were undone are dropped.
    pub fn play(&mut self, house: House) -> Result<&MoveOutcome, GameError> {
        self.game.play(house)
    }

    /// Plays the move from a clicked square: it must be a house of the side to move.
    pub fn play_square(&mut self, square: Square) -> Result<&MoveOutcome, ClickError> {
        if square.side() != self.position().turn() {
            return Err(ClickError::NotYourHouse(square.side()));
        }
        self.play(square.house()).map_err(ClickError::Game)
    }

    /// Takes back the last move. False when there is none.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Plays again the last move taken back. False when there is none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// True when there is a move to take back.
    pub fn can_undo(&self) -> bool {
        self.game.ply() > 0
    }

    /// True when there is a move taken back to play again.
    pub fn can_redo(&self) -> bool {
        self.game.ply() < self.game.moves().len()
    }

    /// The moves in effect, first to last (not those taken back).
    pub fn moves(&self) -> &[PlayedMove] {
        &self.game.moves()[..self.game.ply()]
    }

    /// The last move in effect.
    pub fn last_move(&self) -> Option<&MoveOutcome> {
        self.game.last_move().map(|m| &m.outcome)
    }
}

/// A move in the notation of `RULES.md`, PlayOK style: `76(10)`, `92X`.
pub fn notation(outcome: &MoveOutcome) -> String {
    NotatedMove::of(outcome).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::MoveError;

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
            Err(ClickError::Game(GameError::Move(MoveError::EmptyHouse(h(
                1
            )))))
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
        assert_eq!(notation(out), "92X");
    }
}
