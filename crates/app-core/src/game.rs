//! The game being played, as a plain Rust value over the engine's [`Game`].
//!
//! No rule lives here: moves, undo and redo are the engine's; this type adds what a screen
//! of clicks needs (a click on the wrong row, the moves in effect, their notation).

use core::fmt;

use toguz_engine::game::{Game, GameError, PlayedMove};
use toguz_engine::notation::NotatedMove;
use toguz_engine::{GameEnd, House, MoveError, MoveOutcome, Position, Side, Square};

use crate::clock::TimeOut;

/// Who plays which side: the store's type, so that a saved game needs no conversion.
pub use toguz_store::Mode;

/// What a move from a house would do, read from the engine's outcome on a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The house to play.
    pub from: Square,
    /// Where the last korgool lands.
    pub landing: Square,
    /// What the last korgool does.
    pub effect: Effect,
}

/// The effect of a move's last korgool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Captures this many korgools.
    Capture(u8),
    /// Makes a tuz.
    Tuz,
    /// Captures nothing.
    Nothing,
}

/// Why a house cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The game is over.
    GameOver,
    /// It is the other side's turn.
    NotYourTurn(Side),
    /// The computer plays the side to move.
    ComputerToMove,
    /// A friend on another device plays the side to move (a game by link).
    FriendToMove,
    /// The house is empty.
    Empty,
    /// The house is the opponent's tuz.
    OpponentTuz,
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Blocked::GameOver => f.write_str("The game is over."),
            Blocked::NotYourTurn(side) => write!(f, "It is {side}'s turn."),
            Blocked::ComputerToMove => f.write_str("The computer is to move."),
            Blocked::FriendToMove => f.write_str("Your friend is to move."),
            Blocked::Empty => f.write_str("This house is empty."),
            Blocked::OpponentTuz => f.write_str("This house is the opponent's tuz."),
        }
    }
}

impl Preview {
    /// The preview of playing `square` in `position` under `mode`, or why it cannot be played.
    /// The move is played by the engine on a copy of the position.
    pub fn of(position: &Position, square: Square, mode: Mode) -> Result<Preview, Blocked> {
        if position.is_over() {
            return Err(Blocked::GameOver);
        }
        let turn = position.turn();
        if square.side() != turn {
            return Err(Blocked::NotYourTurn(turn));
        }
        if !mode.is_human(turn) {
            return Err(match mode {
                Mode::Link { .. } => Blocked::FriendToMove,
                _ => Blocked::ComputerToMove,
            });
        }
        let mut copy = *position;
        let outcome = copy.try_play(square.house()).map_err(|e| match e {
            MoveError::GameOver => Blocked::GameOver,
            MoveError::EmptyHouse(_) => Blocked::Empty,
            MoveError::OpponentTuz(_) => Blocked::OpponentTuz,
        })?;
        let effect = match outcome.capture {
            Some(c) if c.tuz => Effect::Tuz,
            Some(c) => Effect::Capture(c.count),
            None => Effect::Nothing,
        };
        Ok(Preview {
            from: square,
            landing: outcome.last,
            effect,
        })
    }
}

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

    /// A saved game as it was: its whole history, cursor and end.
    pub fn from_game(game: Game) -> GameState {
        GameState { game }
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

    /// Takes back the last move. False when there is none, or when the game was ended by a
    /// player (resignation, agreed draw, time, repetition): that end is final, and taking a
    /// move back would revive the game.
    pub fn undo(&mut self) -> bool {
        !self.ended_by_a_player() && self.game.undo()
    }

    /// Plays again the last move taken back. False when there is none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// True when there is a move to take back (never after a resignation, an agreed draw, a
    /// loss on time or a repetition claimed).
    pub fn can_undo(&self) -> bool {
        self.game.ply() > 0 && !self.ended_by_a_player()
    }

    /// True when the game ended otherwise than by the rules on the board: by resignation,
    /// agreement, repetition or time.
    pub fn ended_by_a_player(&self) -> bool {
        self.game.position().end().is_none() && self.game.result().is_some()
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

    /// Every move, those taken back included, and how many are in effect.
    pub fn all_moves(&self) -> (&[PlayedMove], usize) {
        (self.game.moves(), self.game.ply())
    }

    /// How the game ended, if it did (by the rules, resignation, draw or time).
    pub fn end(&self) -> Option<GameEnd> {
        self.game.result()
    }

    /// Takes back a move as `mode` wants: against the computer, back to a position where the
    /// person is to move (the pair). False when nothing was taken back.
    pub fn undo_for(&mut self, mode: Mode) -> bool {
        if !self.undo() {
            return false;
        }
        while !mode.is_human(self.position().turn()) && self.can_undo() {
            self.undo();
        }
        true
    }

    /// Plays again as `mode` wants: against the computer, the pair.
    pub fn redo_for(&mut self, mode: Mode) -> bool {
        if !self.redo() {
            return false;
        }
        while !mode.is_human(self.position().turn()) && self.can_redo() {
            self.redo();
        }
        true
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<GameEnd, GameError> {
        self.game.resign(side)
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) -> Result<GameEnd, GameError> {
        self.game.agree_draw()
    }

    /// `side` ran out of time: it loses, or under the federation's rule the board goes to
    /// the opponent and the kazans decide.
    pub fn time_out(&mut self, side: Side, rule: TimeOut) -> Result<GameEnd, GameError> {
        match rule {
            TimeOut::Loses => self.game.lose_on_time(side),
            TimeOut::Counted => self.game.time_out_counted(side),
        }
    }
}

/// A move in the notation of `docs/RULES.md`, PlayOK style: `76(10)`, `92X`.
pub fn notation(outcome: &MoveOutcome) -> String {
    NotatedMove::of(outcome).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::search::Level;
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
    fn modes_say_who_plays() {
        let m = Mode::Computer {
            human: Side::Black,
            level: Level::of(1),
        };
        assert_eq!(m.computer(Side::White), Some(Level::of(1)));
        assert!(m.is_human(Side::Black));
        assert!(m.allows_preview());
        assert!(!Mode::Computer {
            human: Side::White,
            level: Level::new(7).unwrap()
        }
        .allows_preview());
        assert!(Mode::Computer {
            human: Side::White,
            level: Level::new(6).unwrap()
        }
        .allows_preview());
        assert!(Mode::TwoPlayers.is_human(Side::White));
        assert!(!Mode::Watch {
            level: Level::of(1)
        }
        .is_human(Side::Black));
    }

    #[test]
    fn undo_against_the_computer_takes_back_the_pair() {
        let m = Mode::Computer {
            human: Side::White,
            level: Level::of(1),
        };
        let mut g = GameState::default();
        g.play(h(7)).unwrap();
        g.play(h(3)).unwrap();
        assert!(g.undo_for(m));
        assert_eq!(g.position(), Position::start());
        assert!(g.redo_for(m));
        assert_eq!(g.moves().len(), 2);
        assert!(g.undo_for(Mode::TwoPlayers));
        assert_eq!(g.moves().len(), 1);
    }

    #[test]
    fn preview_comes_from_the_engine() {
        let p = Position::start();
        let pv = Preview::of(&p, Square::new(Side::White, h(7)), Mode::TwoPlayers).unwrap();
        assert_eq!(pv.landing, Square::new(Side::Black, h(6)));
        assert_eq!(pv.effect, Effect::Capture(10));
        let pv = Preview::of(&p, Square::new(Side::White, h(1)), Mode::TwoPlayers).unwrap();
        assert_eq!(pv.effect, Effect::Nothing);
        assert_eq!(
            Preview::of(&p, Square::new(Side::Black, h(1)), Mode::TwoPlayers),
            Err(Blocked::NotYourTurn(Side::White))
        );
        assert_eq!(
            Preview::of(
                &p,
                Square::new(Side::White, h(1)),
                Mode::Watch {
                    level: Level::of(1)
                }
            ),
            Err(Blocked::ComputerToMove)
        );
        let t: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let pv = Preview::of(&t, Square::new(Side::White, h(9)), Mode::TwoPlayers).unwrap();
        assert_eq!(pv.effect, Effect::Tuz);
        let e: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- w"
            .parse()
            .unwrap();
        assert_eq!(
            Preview::of(&e, Square::new(Side::White, h(1)), Mode::TwoPlayers),
            Err(Blocked::Empty)
        );
    }

    #[test]
    fn resign_and_draw_end_the_game() {
        let mut g = GameState::default();
        g.play(h(7)).unwrap();
        let end = g.resign(Side::Black).unwrap();
        assert_eq!(end.result, toguz_engine::GameResult::Win(Side::White));
        assert_eq!(g.end(), Some(end));
        let mut g = GameState::default();
        assert!(g.agree_draw().is_ok());
        assert!(g.end().is_some());
    }

    #[test]
    fn undo_never_revives_a_game_ended_by_a_player() {
        let m = Mode::Computer {
            human: Side::White,
            level: Level::of(1),
        };
        type End = fn(&mut GameState) -> Result<GameEnd, GameError>;
        let ends: [End; 3] = [
            |g| g.resign(Side::White),
            |g| g.agree_draw(),
            |g| g.time_out(Side::White, TimeOut::Loses),
        ];
        for end in ends {
            let mut g = GameState::default();
            g.play(h(7)).unwrap();
            g.play(h(3)).unwrap();
            let done = end(&mut g).unwrap();
            assert!(!g.can_undo());
            assert!(!g.undo_for(m));
            assert!(!g.undo_for(Mode::TwoPlayers));
            assert!(!g.undo());
            assert_eq!(g.end(), Some(done), "still over");
            assert_eq!(g.moves().len(), 2);
        }
        // A game ended by the rules (82 reached) may still be taken back, as before.
        let mut g = GameState::default();
        for n in [9, 2, 8, 1, 7, 2, 6, 1, 9, 2, 5] {
            g.play(h(n)).unwrap();
        }
        assert!(g.end().is_some() && g.can_undo());
        assert!(g.undo() && g.end().is_none());
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
