//! A game: a start position, the moves played with their outcomes, undo/redo to any point,
//! and how the game ended (by the rules, resignation, agreed draw, repetition, time).

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::position::{
    EndReason, GameEnd, GameResult, MoveError, MoveOutcome, Position, Setup, SetupError,
};
use crate::types::{BySide, House, Side};

/// Rule settings a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Forbid house 1 as the very first move of a game from the start position (some Kyrgyz
    /// sources). Off by default: the main playing sites allow that move.
    #[serde(default)]
    pub no_first_move_from_house_1: bool,
}

/// One move of a game: the house played and everything that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The house the move started from.
    pub house: House,
    /// The full outcome.
    pub outcome: MoveOutcome,
}

/// Why a game action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The move is illegal in the current position.
    Move(MoveError),
    /// The game's rules forbid house 1 as the first move.
    FirstMoveFromHouse1,
    /// The game has already ended (by the rules, resignation, agreement, repetition or time).
    Finished,
    /// A repetition claim when the current position has not occurred three times.
    NotRepeated { count: usize },
    /// `go_to` past the moves played.
    NoSuchPly { ply: usize, plies: usize },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameError::Move(e) => e.fmt(f),
            GameError::FirstMoveFromHouse1 => {
                f.write_str("the first move of the game may not be from house 1 under these rules")
            }
            GameError::Finished => f.write_str("the game is over"),
            GameError::NotRepeated { count } => write!(
                f,
                "the position has occurred {count} time(s); a draw claim needs three"
            ),
            GameError::NoSuchPly { ply, plies } => {
                write!(f, "ply {ply} does not exist; the game has {plies} plies")
            }
        }
    }
}

impl std::error::Error for GameError {}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> Self {
        GameError::Move(e)
    }
}

/// A game in progress or finished.
///
/// The history keeps every move played; [`Game::go_to`] moves a cursor back and forth through
/// it (undo/redo). Playing a move when the cursor is not at the end drops the moves after it.
///
/// ```
/// use toguz_engine::{game::Game, House};
/// let mut g = Game::new();
/// g.play(House::new(7).unwrap()).unwrap();
/// g.play(House::new(9).unwrap()).unwrap();
/// g.undo();
/// assert_eq!(g.ply(), 1);
/// g.redo();
/// assert_eq!(g.ply(), 2);
/// g.go_to(0).unwrap();
/// assert_eq!(g.position(), toguz_engine::Position::start());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    /// `positions[i]` is the position before move `i`; one more than `moves`.
    positions: Vec<Position>,
    moves: Vec<PlayedMove>,
    ply: usize,
    /// An end not given by the rules (resignation, agreement, repetition, time), reached with
    /// all the moves of the history played.
    stopped: Option<GameEnd>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game from the start position under the default rules.
    pub fn new() -> Game {
        Game::from_position(Position::start(), Rules::default())
    }

    /// A new game from any position.
    pub fn from_position(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            ply: 0,
            stopped: None,
        }
    }

    /// The rule settings.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The position at the cursor.
    pub fn position(&self) -> Position {
        self.positions[self.ply]
    }

    /// The cursor: how many moves of the history are played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// All moves of the history, including those after the cursor (redo).
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The position before each move of the history, and after the last one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The move that led to the cursor's position, if any.
    pub fn last_move(&self) -> Option<&PlayedMove> {
        self.ply.checked_sub(1).map(|i| &self.moves[i])
    }

    /// Plays a move at the cursor. Moves after the cursor are dropped.
    ///
    /// ```
    /// use toguz_engine::{game::{Game, GameError, Rules}, House, Position};
    /// let rules = Rules { no_first_move_from_house_1: true };
    /// let mut g = Game::from_position(Position::start(), rules);
    /// assert_eq!(g.play(House::new(1).unwrap()), Err(GameError::FirstMoveFromHouse1));
    /// assert!(g.play(House::new(2).unwrap()).is_ok());
    /// assert!(g.play(House::new(5).unwrap()).is_ok());
    /// assert!(g.play(House::new(1).unwrap()).is_ok()); // only the very first move
    /// ```
    pub fn play(&mut self, house: House) -> Result<&MoveOutcome, GameError> {
        if self.result().is_some() {
            return Err(GameError::Finished);
        }
        if self.rules.no_first_move_from_house_1
            && self.ply == 0
            && self.positions[0] == Position::start()
            && house.get() == 1
        {
            return Err(GameError::FirstMoveFromHouse1);
        }
        let (after, outcome) = self.position().play(house).map_err(|e| e.error)?;
        self.moves.truncate(self.ply);
        self.positions.truncate(self.ply + 1);
        self.stopped = None;
        self.moves.push(PlayedMove { house, outcome });
        self.positions.push(after);
        self.ply += 1;
        Ok(&self.moves[self.ply - 1].outcome)
    }

    /// Moves the cursor to `ply` (0 = the start).
    pub fn go_to(&mut self, ply: usize) -> Result<(), GameError> {
        if ply > self.moves.len() {
            return Err(GameError::NoSuchPly {
                ply,
                plies: self.moves.len(),
            });
        }
        self.ply = ply;
        Ok(())
    }

    /// One move back; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.ply == 0 {
            return false;
        }
        self.ply -= 1;
        true
    }

    /// One move forward through the history; false at its end.
    pub fn redo(&mut self) -> bool {
        if self.ply == self.moves.len() {
            return false;
        }
        self.ply += 1;
        true
    }

    /// How the game ended at the cursor, if it has: by the rules in the current position, or
    /// by resignation, agreement, repetition or time when the cursor is at the end of the history.
    ///
    /// ```
    /// use toguz_engine::{game::Game, House, GameResult, Side, EndReason};
    /// let mut g = Game::new();
    /// for h in [9, 2, 8, 1, 7, 2, 6, 1, 9, 2, 5] {
    ///     g.play(House::new(h).unwrap()).unwrap();
    /// }
    /// let end = g.result().unwrap();
    /// assert_eq!(end.reason, EndReason::Reached82);
    /// ```
    pub fn result(&self) -> Option<GameEnd> {
        if let Some(end) = self.position().end() {
            return Some(end);
        }
        if self.ply == self.moves.len() {
            self.stopped
        } else {
            None
        }
    }

    /// True when the game is over at the cursor.
    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    fn stop(&mut self, result: GameResult, reason: EndReason) -> Result<GameEnd, GameError> {
        if self.result().is_some() {
            return Err(GameError::Finished);
        }
        self.moves.truncate(self.ply);
        self.positions.truncate(self.ply + 1);
        let end = GameEnd {
            result,
            reason,
            kazans: self.position().kazans(),
            collected: BySide::new(0, 0),
        };
        self.stopped = Some(end);
        Ok(end)
    }

    /// `side` resigns; the opponent wins. Moves after the cursor are dropped.
    pub fn resign(&mut self, side: Side) -> Result<GameEnd, GameError> {
        self.stop(GameResult::Win(side.opponent()), EndReason::Resignation)
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) -> Result<GameEnd, GameError> {
        self.stop(GameResult::Draw, EndReason::AgreedDraw)
    }

    /// `side` ran out of time; the opponent wins.
    pub fn lose_on_time(&mut self, side: Side) -> Result<GameEnd, GameError> {
        self.stop(GameResult::Win(side.opponent()), EndReason::Time)
    }

    /// `side` ran out of time under the federation's rule: every korgool still on the board
    /// goes to the opponent's kazan and the kazans decide (more than 81 wins, 81:81 draws).
    /// The side out of time can at best draw: it has at most 81, the opponent the rest.
    ///
    /// ```
    /// use toguz_engine::{game::{Game, Rules}, EndReason, GameResult, Position, Side};
    /// let p: Position = "0,0,0,0,0,0,0,0,1/1,1,1,1,1,1,1,1,2 81/70 -/- w".parse().unwrap();
    /// let mut g = Game::from_position(p, Rules::default());
    /// let end = g.time_out_counted(Side::White).unwrap();
    /// assert_eq!((end.reason, end.result), (EndReason::TimeCounted, GameResult::Draw));
    /// assert_eq!((end.kazans.white, end.kazans.black), (81, 81));
    /// ```
    pub fn time_out_counted(&mut self, side: Side) -> Result<GameEnd, GameError> {
        let position = self.position();
        let on_board: u32 = Side::ALL.iter().map(|&s| position.row_total(s)).sum();
        let on_board = on_board as u8;
        let mut kazans = position.kazans();
        kazans[side.opponent()] += on_board;
        let end = self.stop(GameResult::from_kazans(kazans), EndReason::TimeCounted)?;
        let mut collected = BySide::new(0, 0);
        collected[side.opponent()] = on_board;
        let end = GameEnd {
            kazans,
            collected,
            ..end
        };
        self.stopped = Some(end);
        Ok(end)
    }

    /// How many times the cursor's position (same side to move) has occurred so far.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions[..=self.ply]
            .iter()
            .filter(|&&p| p == now)
            .count()
    }

    /// Claims a draw by threefold repetition: allowed only when the cursor's position has
    /// occurred three times with the same player to move.
    ///
    /// ```
    /// use toguz_engine::{game::{Game, GameError}, Position};
    /// let mut g = Game::new();
    /// assert_eq!(g.claim_repetition(), Err(GameError::NotRepeated { count: 1 }));
    /// ```
    pub fn claim_repetition(&mut self) -> Result<GameEnd, GameError> {
        if self.result().is_some() {
            return Err(GameError::Finished);
        }
        let count = self.repetitions();
        if count < 3 {
            return Err(GameError::NotRepeated { count });
        }
        self.stop(GameResult::Draw, EndReason::Repetition)
    }

    /// The saveable form of the game.
    pub fn saved(&self) -> SavedGame {
        SavedGame {
            start: self.start().into(),
            moves: self.moves.iter().map(|m| m.house).collect(),
            ply: Some(self.ply),
            end: self.stopped.map(|e| SavedEnd {
                reason: e.reason,
                result: e.result,
            }),
            rules: self.rules,
        }
    }
}

/// How a game ended other than by the rules, as saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SavedEnd {
    /// Resignation, agreed draw, repetition or time.
    pub reason: EndReason,
    /// Who won, or a draw.
    pub result: GameResult,
}

/// The serde form of a [`Game`]: the start, the houses played, the cursor, and an end not
/// given by the rules. Reading it replays the moves, so a bad save is an error, never a panic.
///
/// ```
/// use toguz_engine::{game::{Game, SavedGame}, House};
/// let mut g = Game::new();
/// g.play(House::new(7).unwrap()).unwrap();
/// let saved = g.saved();
/// assert_eq!(Game::try_from(saved).unwrap(), g);
/// ```
/// As JSON (what the app keeps in localStorage; `Game` itself serialises to this form):
/// ```
/// use toguz_engine::{game::Game, House};
/// let json = r#"{"start":{"houses":{"white":[9,9,9,9,9,9,9,9,9],"black":[9,9,9,9,9,9,9,9,9]},"kazans":{"white":0,"black":0},"tuz":{"white":null,"black":null},"turn":"White"},"moves":[7,9,2],"ply":2,"rules":{"no_first_move_from_house_1":false}}"#;
/// let g: Game = serde_json::from_str(json).unwrap();
/// assert_eq!((g.ply(), g.moves().len()), (2, 3));
/// assert_eq!(serde_json::to_string(&g).unwrap(), json);
/// // A move that cannot be played is an error, not a panic.
/// assert!(serde_json::from_str::<Game>(&json.replace("[7,9,2]", "[7,6]")).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The start position.
    pub start: Setup,
    /// The houses played, in order (the whole history, also after the cursor).
    pub moves: Vec<House>,
    /// The cursor; the end of the history when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
    /// An end not given by the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<SavedEnd>,
    /// Rule settings.
    #[serde(default)]
    pub rules: Rules,
}

/// Why a saved game does not load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The start is not a legal position.
    Setup(SetupError),
    /// Move `index` (0-based) cannot be played.
    Move { index: usize, error: GameError },
    /// The saved end is not a resignation, agreed draw, repetition or time loss, or
    /// contradicts the position (e.g. a repetition that did not happen).
    BadEnd(GameError),
    /// The cursor is past the moves.
    BadPly(GameError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Setup(e) => write!(f, "bad start position: {e}"),
            LoadError::Move { index, error } => write!(f, "move {}: {error}", index + 1),
            LoadError::BadEnd(e) => write!(f, "bad game end: {e}"),
            LoadError::BadPly(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

impl TryFrom<SavedGame> for Game {
    type Error = LoadError;

    fn try_from(s: SavedGame) -> Result<Game, LoadError> {
        let start = Position::try_from(s.start).map_err(LoadError::Setup)?;
        let mut g = Game::from_position(start, s.rules);
        for (index, &house) in s.moves.iter().enumerate() {
            g.play(house)
                .map_err(|error| LoadError::Move { index, error })?;
        }
        if let Some(end) = s.end {
            let done = match (end.reason, end.result) {
                (EndReason::Resignation, GameResult::Win(w)) => g.resign(w.opponent()),
                (EndReason::Time, GameResult::Win(w)) => g.lose_on_time(w.opponent()),
                (EndReason::TimeCounted, result) => {
                    // The side out of time never wins, and draws only with 81 in its kazan.
                    let kazans = g.position().kazans();
                    let out = match result {
                        GameResult::Win(w) => w.opponent(),
                        GameResult::Draw if kazans.white == 81 => Side::White,
                        GameResult::Draw => Side::Black,
                    };
                    g.time_out_counted(out).and_then(|end| {
                        if end.result == result {
                            Ok(end)
                        } else {
                            Err(GameError::Finished)
                        }
                    })
                }
                (EndReason::AgreedDraw, GameResult::Draw) => g.agree_draw(),
                (EndReason::Repetition, GameResult::Draw) => g.claim_repetition(),
                _ => Err(GameError::Finished),
            };
            done.map_err(LoadError::BadEnd)?;
        }
        if let Some(ply) = s.ply {
            g.go_to(ply).map_err(LoadError::BadPly)?;
        }
        Ok(g)
    }
}

impl From<Game> for SavedGame {
    fn from(g: Game) -> SavedGame {
        g.saved()
    }
}

impl Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.saved().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let saved = SavedGame::deserialize(deserializer)?;
        Game::try_from(saved).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    #[test]
    fn playing_after_undo_drops_redo() {
        let mut g = Game::new();
        g.play(h(7)).unwrap();
        g.play(h(9)).unwrap();
        g.undo();
        g.play(h(1)).unwrap();
        assert_eq!(g.moves().len(), 2);
        assert!(!g.redo());
    }

    #[test]
    fn resignation_and_take_back() {
        let mut g = Game::new();
        g.play(h(7)).unwrap();
        let end = g.resign(Side::Black).unwrap();
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(g.play(h(1)), Err(GameError::Finished));
        g.undo();
        assert!(g.result().is_none());
        g.redo();
        assert_eq!(g.result().unwrap().reason, EndReason::Resignation);
    }

    #[test]
    fn save_load_round_trip_with_end() {
        let mut g = Game::new();
        g.play(h(3)).unwrap();
        g.agree_draw().unwrap();
        let back = Game::try_from(g.saved()).unwrap();
        assert_eq!(back, g);
        let bad = SavedGame {
            end: Some(SavedEnd {
                reason: EndReason::Reached82,
                result: GameResult::Draw,
            }),
            ..g.saved()
        };
        assert!(Game::try_from(bad).is_err());
    }

    #[test]
    fn threefold_repetition_claim() {
        // One korgool each, chasing each other round the board: the position comes back
        // every 18 plies.
        let p: Position = "0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,1 80/80 -/- w"
            .parse()
            .unwrap();
        let mut g = Game::from_position(p, Rules::default());
        let lap = [9, 9, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8];
        for &m in &lap {
            g.play(h(m)).unwrap();
        }
        assert_eq!(g.position(), p);
        assert_eq!(
            g.claim_repetition(),
            Err(GameError::NotRepeated { count: 2 })
        );
        for &m in &lap {
            g.play(h(m)).unwrap();
        }
        assert_eq!(g.repetitions(), 3);
        // Not the same position one ply earlier: no claim there.
        g.undo();
        assert!(g.claim_repetition().is_err());
        g.redo();
        let end = g.claim_repetition().unwrap();
        assert_eq!(
            (end.result, end.reason),
            (GameResult::Draw, EndReason::Repetition)
        );
        assert_eq!(g.play(h(9)), Err(GameError::Finished));
        // The saved game keeps the claim.
        assert_eq!(Game::try_from(g.saved()).unwrap(), g);
    }

    #[test]
    fn time_loss() {
        let mut g = Game::new();
        let end = g.lose_on_time(Side::White).unwrap();
        assert_eq!(
            (end.result, end.reason),
            (GameResult::Win(Side::Black), EndReason::Time)
        );
    }

    #[test]
    fn out_of_time_under_the_federations_rule_the_board_goes_to_the_opponent() {
        let p: Position = "1,0,0,0,0,0,0,0,3/2,1,1,1,1,1,1,1,2 70/77 -/- w"
            .parse()
            .unwrap();
        let mut g = Game::from_position(p, Rules::default());
        let end = g.time_out_counted(Side::White).unwrap();
        assert_eq!(
            (end.result, end.reason),
            (GameResult::Win(Side::Black), EndReason::TimeCounted)
        );
        assert_eq!((end.kazans.white, end.kazans.black), (70, 92));
        assert_eq!((end.collected.white, end.collected.black), (0, 15));
        assert_eq!(g.result(), Some(end));
        assert_eq!(Game::try_from(g.saved()).unwrap(), g);
    }

    #[test]
    fn out_of_time_with_81_under_the_federations_rule_is_a_draw_that_reads_back() {
        let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,3 81/70 -/- b"
            .parse()
            .unwrap();
        let mut g = Game::from_position(p, Rules::default());
        let end = g.time_out_counted(Side::White).unwrap();
        assert_eq!(end.result, GameResult::Draw);
        assert_eq!((end.kazans.white, end.kazans.black), (81, 81));
        let back = Game::try_from(g.saved()).unwrap();
        assert_eq!(back.result(), Some(end));
    }

    #[test]
    fn a_saved_counted_time_out_whose_result_does_not_add_up_is_refused() {
        let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,3 81/70 -/- b"
            .parse()
            .unwrap();
        let mut g = Game::from_position(p, Rules::default());
        g.time_out_counted(Side::White).unwrap();
        let mut saved = g.saved();
        saved.end = Some(SavedEnd {
            reason: EndReason::TimeCounted,
            result: GameResult::Win(Side::Black),
        });
        assert!(Game::try_from(saved).is_err());
    }

    #[test]
    fn repetition_needs_three() {
        let mut g = Game::new();
        assert_eq!(g.repetitions(), 1);
        assert_eq!(
            g.claim_repetition(),
            Err(GameError::NotRepeated { count: 1 })
        );
        g.play(h(1)).unwrap();
        g.go_to(0).unwrap();
        assert_eq!(g.repetitions(), 1);
    }
}
