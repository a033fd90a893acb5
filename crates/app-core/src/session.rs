//! The play session as a plain value: the game, who plays which side, the clock, the sowing
//! animation, the computer's turn, the hint, the evaluation and what the live region says.
//!
//! No Leptos and no browser: every command takes the time (`now`, milliseconds since the
//! epoch) from its caller and answers with the [`Action`]s its host must carry out (ask the
//! computer, wait before the next frame, play a sound). The host answers back through
//! [`Session::computer_replied`], [`Session::step`], [`Session::evaluated`] and
//! [`Session::hinted`], with the token it was given: an answer to a search or a timer that
//! was cancelled meanwhile is ignored. So the whole logic (modes, undo against the computer,
//! cancellation, the clock, the end) is tested by the plain unit tests below;
//! `features::play` runs it in the browser.
//!
//! The rules stay in the engine: a move is played by the engine's `Game`, and the animation
//! only replays the engine's `MoveOutcome` frame by frame (see [`crate::anim`]).

use toguz_engine::game::GameError;
use toguz_engine::search::{Level, Score};
use toguz_engine::{GameEnd, House, MoveOutcome, Position, Side, Square};
use toguz_store::Players;

use crate::anim::{self, Frame, Player, Tick, Wait};
use crate::announce::{Announcement, MoveSummary};
use crate::clock::{Clock, TimeControl};
use crate::game::{Blocked, GameState, Mode, Preview};
use crate::sound;

/// A message under the board: why a click did not play, or what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The house cannot be played now.
    Blocked(Blocked),
    /// The engine refused the move.
    Game(GameError),
    /// The computer is searching for its move.
    Thinking,
    /// The computer found no move.
    NoMove,
    /// The computer's worker failed.
    ComputerFailed(crate::ai::AiError),
}

/// What the session asks its host to do. Carry them out in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Ask the computer for the move of `level` in `position`, and give the answer to
    /// [`Session::computer_replied`] with `token`.
    AskComputer {
        /// The position to move in.
        position: Position,
        /// The computer's level.
        level: Level,
        /// Drives the level's randomness.
        seed: u64,
        /// To give back with the answer.
        token: u32,
    },
    /// Stop the computer's search and the analysis; their answers will not be given.
    CancelSearches,
    /// Forget what the computer's searcher learnt (a new game).
    ForgetSearches,
    /// Cancel the analysis and evaluate `position` (depth 7); give the score to
    /// [`Session::evaluated`].
    Evaluate(Position),
    /// Cancel the analysis and search `position` for a hint (depth 8); give the best move to
    /// [`Session::hinted`].
    Hint(Position),
    /// Call [`Session::step`] with `token` after `ms` milliseconds.
    Wait {
        /// The pause.
        ms: u32,
        /// To give back.
        token: u32,
    },
    /// Play a sound effect (if the player has sound on).
    Sound(sound::Effect),
}

/// What the session needs to know of the player's settings and the system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// Milliseconds between the frames of a sowing; 0 for none (instant, or reduced motion).
    pub frame_ms: u32,
    /// The evaluation bar is shown (so the position is evaluated after each move).
    pub eval_bar: bool,
}

/// A game as saved and put back: who plays, the game with its undo history, the board's
/// orientation and the clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Who plays which side.
    pub mode: Mode,
    /// The game.
    pub game: GameState,
    /// Black's row at the bottom.
    pub flipped: bool,
    /// The clock, if the game has one.
    pub clock: Option<Clock>,
}

/// The play session. Its state is private: read it through the accessors, change it through
/// the commands.
#[derive(Clone, Debug)]
pub struct Session {
    game: GameState,
    mode: Mode,
    flipped: bool,
    auto_flip: bool,
    message: Option<Message>,
    preview: Option<Preview>,
    hint: Option<Preview>,
    eval: Option<Score>,
    draw_offered: bool,
    clock: Option<Clock>,
    now: f64,
    /// The sowing of the last move while it is shown (the timing, skip and stale timers are
    /// the player's, as on every screen).
    player: Player,
    /// The token of the computer's search in progress, and the position it searches.
    asked: Option<(u32, Position)>,
    searches: u32,
    seed: u64,
    /// Changes each time everything stops (undo, redo, new game, load, an end without a move).
    epoch: u32,
    /// Changes whenever what is saved changes (the game, the mode, the orientation, the clock).
    changes: u32,
    announcement: Option<(u32, Announcement)>,
    config: Config,
    /// The players' names as the saves hold them (shown by the kazans; not part of what the
    /// session saves, so setting them is no change).
    players: Players,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A two-player game from the start, without clock.
    pub fn new() -> Session {
        Session {
            game: GameState::default(),
            mode: Mode::TwoPlayers,
            flipped: false,
            auto_flip: false,
            message: None,
            preview: None,
            hint: None,
            eval: None,
            draw_offered: false,
            clock: None,
            now: 0.0,
            player: Player::default(),
            asked: None,
            searches: 0,
            seed: 1,
            epoch: 0,
            changes: 0,
            announcement: None,
            config: Config::default(),
            players: Players::default(),
        }
    }

    // ----- reading -----

    /// The game.
    pub fn game(&self) -> &GameState {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.game.position()
    }

    /// How the game ended, if it did.
    pub fn end(&self) -> Option<GameEnd> {
        self.game.end()
    }

    /// Who plays which side.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Black's row at the bottom.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// In two-player mode, the board turns to the side to move after each move.
    pub fn auto_flip(&self) -> bool {
        self.auto_flip
    }

    /// The name of the player of `side`, if the game has one: as typed, without the spaces
    /// around it; a name of spaces only is none.
    pub fn name(&self, side: Side) -> Option<&str> {
        let name = match side {
            Side::White => &self.players.white,
            Side::Black => &self.players.black,
        };
        Some(name.trim()).filter(|n| !n.is_empty())
    }

    /// Why the last click did not play, shown until the next move.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The preview of the house under the pointer.
    pub fn preview(&self) -> Option<Preview> {
        self.preview
    }

    /// The computer's suggestion, shown as a preview.
    pub fn hint(&self) -> Option<Preview> {
        self.hint
    }

    /// The evaluation from White's view, when known.
    pub fn eval(&self) -> Option<Score> {
        self.eval
    }

    /// A draw offered in two-player mode, waiting for an answer.
    pub fn draw_offered(&self) -> bool {
        self.draw_offered
    }

    /// The chess clock, when the game has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The time of the last command (milliseconds since the epoch).
    pub fn now(&self) -> f64 {
        self.now
    }

    /// The animation frame to draw, while a move is animated.
    pub fn frame(&self) -> Option<Frame> {
        self.player.frame().filter(|_| self.player.playing())
    }

    /// True while a move is animated.
    pub fn animating(&self) -> bool {
        self.player.playing()
    }

    /// True while the computer searches for its move.
    pub fn thinking(&self) -> bool {
        self.asked.is_some()
    }

    /// What the live region says last, with a serial number (the same words said twice are
    /// two announcements).
    pub fn announcement(&self) -> Option<(u32, Announcement)> {
        self.announcement
    }

    /// Changes each time everything stops (undo, redo, a new game, a game loaded, an end
    /// without a move): a dialog closed for one end opens again for the next.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// Changes whenever what is saved changes: the game, the mode, the orientation or the
    /// clock.
    pub fn changes(&self) -> u32 {
        self.changes
    }

    /// The game as saved.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            mode: self.mode,
            game: self.game.clone(),
            flipped: self.flipped,
            clock: self.clock,
        }
    }

    /// What the player can do now: play a house, ask for a hint, resign... No hint in a game
    /// by link: the friend is a person, and a game between people is theirs to play.
    pub fn can_hint(&self) -> bool {
        self.end().is_none()
            && self.mode.is_human(self.position().turn())
            && !matches!(self.mode, Mode::Link { .. })
    }

    /// Resigning is offered: a game in progress with a move played, a person playing (not by
    /// link: a link carries moves only, so the friend would never learn of it).
    pub fn can_resign(&self) -> bool {
        self.end().is_none()
            && !matches!(self.mode, Mode::Watch { .. } | Mode::Link { .. })
            && self.game.can_undo()
    }

    /// A move can be taken back: not in a game by link, whose moves the friend may have.
    pub fn can_undo(&self) -> bool {
        !matches!(self.mode, Mode::Link { .. }) && self.game.can_undo()
    }

    /// A move taken back can be played again (never in a game by link: none is taken back).
    pub fn can_redo(&self) -> bool {
        !matches!(self.mode, Mode::Link { .. }) && self.game.can_redo()
    }

    // ----- commands -----

    /// Takes in the player's settings (before any command that may animate or evaluate).
    pub fn configure(&mut self, config: Config) {
        self.config = config;
        self.player.set_frame_ms(config.frame_ms);
    }

    /// The settings changed: evaluates the position if the evaluation bar is on.
    pub fn settings_changed(&mut self) -> Vec<Action> {
        let mut out = Vec::new();
        self.update_eval(&mut out);
        out
    }

    /// A click on a house: plays it through the engine, or says why it cannot be played. A
    /// click during an animation skips it to the end.
    pub fn click(&mut self, square: Square, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        if self.animating() {
            self.now = now;
            self.finish_animation(&mut out);
            return out;
        }
        if self.end().is_some() {
            self.message = Some(Message::Blocked(Blocked::GameOver));
            return out;
        }
        match Preview::of(&self.position(), square, self.mode) {
            Ok(_) => self.play_into(square.house(), now, &mut out),
            Err(why) => {
                self.message = Some(if self.thinking() {
                    Message::Thinking
                } else {
                    Message::Blocked(why)
                });
            }
        }
        out
    }

    /// Plays `house` for the side to move and animates it.
    pub fn play(&mut self, house: House, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        self.play_into(house, now, &mut out);
        out
    }

    fn play_into(&mut self, house: House, now: f64, out: &mut Vec<Action>) {
        self.now = now;
        let before = self.position();
        let played = self.game.play(house).cloned();
        self.preview = None;
        self.hint = None;
        self.draw_offered = false;
        match played {
            Ok(outcome) => {
                self.message = None;
                self.changes += 1;
                let over = self.end().is_some();
                if let Some(c) = &mut self.clock {
                    if over {
                        c.stop(now);
                    } else {
                        c.moved(now);
                    }
                }
                self.say(Announcement::Move(MoveSummary::of(&outcome)));
                self.animate(&before, &outcome, out);
            }
            Err(e) => self.message = Some(Message::Game(e)),
        }
    }

    fn animate(&mut self, before: &Position, outcome: &MoveOutcome, out: &mut Vec<Action>) {
        let mut frames = anim::frames(before, outcome);
        frames.extend(anim::collection(&self.position()));
        match self.player.show(frames) {
            Some(wait) => self.shown(wait, out),
            None => {
                self.player.clear();
                out.push(Action::Sound(sound::Effect::of_outcome(outcome)));
                self.after_move(out);
            }
        }
    }

    /// The next frame of the animation, when the host's timer of `token` fires at `now`.
    pub fn step(&mut self, token: u32, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        match self.player.tick(token) {
            Tick::Stale => {}
            Tick::Next(wait) => {
                self.now = now;
                self.shown(wait, &mut out);
            }
            Tick::Ended => {
                self.now = now;
                self.player.clear();
                self.after_move(&mut out);
            }
        }
        out
    }

    /// A frame is drawn: its sound, and the timer for the next.
    fn shown(&mut self, wait: Wait, out: &mut Vec<Action>) {
        if let Some(effect) = self
            .player
            .frame()
            .and_then(|f| sound::Effect::of_step(f.step))
        {
            out.push(Action::Sound(effect));
        }
        out.push(Action::Wait {
            ms: wait.ms,
            token: wait.token,
        });
    }

    /// Skips the running animation to the end.
    pub fn skip(&mut self, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        self.now = now;
        self.finish_animation(&mut out);
        out
    }

    fn finish_animation(&mut self, out: &mut Vec<Action>) {
        let was_playing = self.player.skip();
        self.player.clear();
        if was_playing {
            self.after_move(out);
        }
    }

    /// Stops the animation and the searches, clears the preview, hint, message and offer.
    fn stop_everything(&mut self, out: &mut Vec<Action>) {
        self.player.clear();
        self.asked = None;
        out.push(Action::CancelSearches);
        self.preview = None;
        self.hint = None;
        self.message = None;
        self.draw_offered = false;
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// The move is shown (or everything stopped): the side to move can play now, so its time
    /// starts (see `Clock::moved`); the board turns, the evaluation and the computer follow.
    fn after_move(&mut self, out: &mut Vec<Action>) {
        self.restart_clock(self.now);
        let turn = self.position().turn();
        if self.auto_flip && self.mode == Mode::TwoPlayers && self.flipped != (turn == Side::Black)
        {
            self.flipped = turn == Side::Black;
            self.changes += 1;
        }
        self.update_eval(out);
        self.computer_move(out);
    }

    /// Asks the computer for its move when it is to move and nothing else is going on.
    fn computer_move(&mut self, out: &mut Vec<Action>) {
        if self.animating() || self.thinking() || self.end().is_some() {
            return;
        }
        let position = self.position();
        let Some(level) = self.mode.computer(position.turn()) else {
            return;
        };
        let seed = self.seed.wrapping_add(self.game.moves().len() as u64);
        self.searches = self.searches.wrapping_add(1);
        self.asked = Some((self.searches, position));
        out.push(Action::AskComputer {
            position,
            level,
            seed,
            token: self.searches,
        });
    }

    /// The computer's answer to the search of `token`: its move (`None`: it found none), or
    /// why it failed. An answer to a search cancelled meanwhile is ignored.
    pub fn computer_replied(
        &mut self,
        token: u32,
        best: Result<Option<House>, crate::ai::AiError>,
        now: f64,
    ) -> Vec<Action> {
        let mut out = Vec::new();
        let Some((asked, position)) = self.asked else {
            return out;
        };
        if asked != token {
            return out;
        }
        self.asked = None;
        match best {
            Ok(_) if self.position() != position => {}
            Ok(Some(house)) => self.play_into(house, now, &mut out),
            Ok(None) => self.message = Some(Message::NoMove),
            Err(e) => self.message = Some(Message::ComputerFailed(e)),
        }
        out
    }

    fn update_eval(&mut self, out: &mut Vec<Action>) {
        let position = self.position();
        if self.config.eval_bar && !position.is_over() {
            out.push(Action::Evaluate(position));
        }
    }

    /// The analysis' score of `position` (for the side to move there).
    pub fn evaluated(&mut self, position: &Position, score: Score) {
        self.eval = Some(white_score(score, position.turn()));
    }

    /// Asks for the engine's best move, to show as the preview.
    pub fn ask_hint(&mut self) -> Vec<Action> {
        let position = self.position();
        if position.is_over() || matches!(self.mode, Mode::Link { .. }) {
            return Vec::new();
        }
        vec![Action::Hint(position)]
    }

    /// The analysis' best move in `position`, shown as the hint if the game is still there.
    pub fn hinted(&mut self, position: &Position, best: Option<House>) {
        if self.position() != *position {
            return;
        }
        if let Some(house) = best {
            let square = Square::new(position.turn(), house);
            self.hint = Preview::of(position, square, Mode::TwoPlayers).ok();
        }
    }

    /// The pointer is over `square` (or over no house): its preview.
    pub fn hover(&mut self, square: Option<Square>) {
        let over = self.end().is_some();
        let position = self.position();
        self.preview = square
            .filter(|_| !over)
            .and_then(|sq| Preview::of(&position, sq, self.mode).ok());
    }

    /// Takes back a move (against the computer, the pair).
    pub fn undo(&mut self, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        // After a resignation, an agreed draw or a loss on time there is nothing to take back.
        if !self.can_undo() {
            return out;
        }
        self.stop_everything(&mut out);
        self.game.undo_for(self.mode);
        self.changes += 1;
        self.say(Announcement::Undone {
            turn: self.position().turn(),
        });
        self.restart_clock(now);
        self.after_move(&mut out);
        out
    }

    /// Plays again what was taken back (against the computer, the pair).
    pub fn redo(&mut self, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        if !self.can_redo() {
            return out;
        }
        self.stop_everything(&mut out);
        self.game.redo_for(self.mode);
        self.changes += 1;
        self.say(Announcement::Redone {
            turn: self.position().turn(),
        });
        self.restart_clock(now);
        self.after_move(&mut out);
        out
    }

    /// Runs the clock of the side to move (stopped when the game is over).
    fn restart_clock(&mut self, now: f64) {
        self.now = now;
        let turn = self.position().turn();
        let over = self.end().is_some();
        if let Some(c) = &mut self.clock {
            if over {
                c.stop(now);
            } else {
                c.start(turn, now);
            }
            self.changes += 1;
        }
    }

    /// The clock's tick: the time shown moves on, and the game ends when a side's time is
    /// out, as the control's time-out rule says.
    pub fn tick(&mut self, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        self.now = now;
        let flagged = self
            .clock
            .and_then(|c| c.flagged(now).map(|s| (s, c.control())));
        if let Some((side, control)) = flagged {
            self.stop_everything(&mut out);
            let _ = self.game.time_out(side, control.time_out);
            self.announce_end();
            if let Some(c) = &mut self.clock {
                c.stop(now);
            }
            self.changes += 1;
        }
        out
    }

    /// Starts a new game in `mode` from `start`, with a clock of `control` if given; `seed`
    /// varies the computer's play from game to game.
    pub fn new_game(
        &mut self,
        mode: Mode,
        control: Option<TimeControl>,
        start: Position,
        seed: u64,
        now: f64,
    ) -> Vec<Action> {
        let mut out = Vec::new();
        self.stop_everything(&mut out);
        out.push(Action::ForgetSearches);
        self.now = now;
        self.seed = seed;
        self.eval = None;
        self.mode = mode;
        self.flipped = mode.own_side() == Some(Side::Black);
        self.game = GameState::new(start);
        self.clock = control.map(|tc| {
            let mut c = Clock::new(tc);
            c.start(start.turn(), now);
            c
        });
        self.changes += 1;
        self.say(Announcement::NewGame);
        self.after_move(&mut out);
        out
    }

    /// Puts a saved game on the board (resumed, continued from the library, or played on from
    /// a replay) with its mode, orientation and clock; the computer moves if it is its turn.
    pub fn load(&mut self, saved: Snapshot, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        self.stop_everything(&mut out);
        out.push(Action::ForgetSearches);
        self.now = now;
        self.eval = None;
        self.mode = saved.mode;
        self.flipped = saved.flipped;
        self.game = saved.game;
        self.clock = saved.clock;
        self.changes += 1;
        self.after_move(&mut out);
        out
    }

    /// The side to move resigns (against the computer: the person).
    pub fn resign(&mut self, now: f64) -> Vec<Action> {
        let side = self.mode.own_side().unwrap_or(self.position().turn());
        let mut out = Vec::new();
        self.stop_everything(&mut out);
        let _ = self.game.resign(side);
        self.changes += 1;
        self.announce_end();
        self.restart_clock(now);
        out
    }

    /// One player offers a draw (two-player mode); the other answers.
    pub fn offer_draw(&mut self, offered: bool) {
        self.draw_offered = offered;
    }

    /// Both players agreed a draw.
    pub fn agree_draw(&mut self, now: f64) -> Vec<Action> {
        let mut out = Vec::new();
        self.stop_everything(&mut out);
        let _ = self.game.agree_draw();
        self.changes += 1;
        self.announce_end();
        self.restart_clock(now);
        out
    }

    /// Turns the board.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.changes += 1;
    }

    /// The players' names of the game on the board, as the saves hold them (a game opened, a
    /// game by link begun, a game renamed). Says whether they changed.
    pub fn set_players(&mut self, players: Players) -> bool {
        let changed = self.players != players;
        self.players = players;
        changed
    }

    /// In two-player mode, turn the board to the side to move after each move.
    pub fn set_auto_flip(&mut self, on: bool) {
        self.auto_flip = on;
    }

    fn announce_end(&mut self) {
        if let Some(end) = self.end() {
            self.say(Announcement::Ended(end));
        }
    }

    fn say(&mut self, what: Announcement) {
        let n = self.announcement.map_or(0, |(n, _)| n.wrapping_add(1));
        self.announcement = Some((n, what));
    }
}

/// A score for the side to move as White's: a proven result stays one, so the evaluation
/// bar reads it as the review's does.
pub fn white_score(score: Score, turn: Side) -> Score {
    if turn == Side::White {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiError;
    use crate::clock::TimeOut;
    use toguz_engine::{EndReason, GameResult};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, h(n))
    }

    const VS_LEVEL_1: Mode = Mode::Computer {
        human: Side::White,
        level: Level::of(1),
    };

    /// The computer's request among `actions`: its position and token.
    fn asked(actions: &[Action]) -> Option<(Position, u32)> {
        actions.iter().find_map(|a| match a {
            Action::AskComputer {
                position, token, ..
            } => Some((*position, *token)),
            _ => None,
        })
    }

    /// Runs every timer of `actions` until the animation ends; gives every action seen.
    fn run_timers(s: &mut Session, mut actions: Vec<Action>) -> Vec<Action> {
        let mut seen = Vec::new();
        loop {
            let wait = actions.iter().find_map(|a| match a {
                Action::Wait { token, .. } => Some(*token),
                _ => None,
            });
            seen.append(&mut actions);
            match wait {
                Some(token) => actions = s.step(token, 0.0),
                None => return seen,
            }
        }
    }

    #[test]
    fn the_names_the_saves_hold_are_shown_by_side_without_their_spaces() {
        let mut s = Session::new();
        assert_eq!(s.name(Side::White), None, "a game without names shows none");
        let changes = s.changes();
        let named = Players {
            white: "  Айгерим Нурсултановна Абдрахманова ".into(),
            black: "Bakyt".into(),
        };
        assert!(s.set_players(named.clone()));
        assert!(!s.set_players(named), "the same names again are no change");
        assert_eq!(
            s.name(Side::White),
            Some("Айгерим Нурсултановна Абдрахманова")
        );
        assert_eq!(s.name(Side::Black), Some("Bakyt"));
        assert_eq!(
            s.changes(),
            changes,
            "the names are the saves': nothing to save again"
        );
    }

    #[test]
    fn a_name_of_spaces_only_is_no_name() {
        let mut s = Session::new();
        assert!(s.set_players(Players {
            white: "Asel".into(),
            black: " \t ".into(),
        }));
        assert_eq!(s.name(Side::White), Some("Asel"));
        assert_eq!(s.name(Side::Black), None);
    }

    #[test]
    fn two_players_play_both_sides_and_nobody_asks_the_computer() {
        let mut s = Session::new();
        let a = s.new_game(Mode::TwoPlayers, None, Position::start(), 7, 0.0);
        assert!(asked(&a).is_none());
        let a = s.click(sq(Side::White, 7), 1.0);
        assert!(asked(&a).is_none());
        assert_eq!(s.game().moves().len(), 1);
        assert!(a.contains(&Action::Sound(sound::Effect::Capture)));
        s.click(sq(Side::Black, 3), 2.0);
        assert_eq!(s.game().moves().len(), 2);
        assert!(matches!(s.announcement(), Some((_, Announcement::Move(_)))));
    }

    #[test]
    fn a_game_by_link_plays_only_my_side_and_takes_nothing_back() {
        let mut s = Session::new();
        let me = Side::Black;
        let a = s.new_game(Mode::Link { me }, None, Position::start(), 7, 0.0);
        assert!(asked(&a).is_none(), "no computer plays the friend");
        assert!(s.flipped(), "Black's row at the bottom");
        // White is the friend, on another device: the board does not play for them.
        s.click(sq(Side::White, 7), 1.0);
        assert_eq!(s.game().moves().len(), 0);
        assert_eq!(s.message(), Some(&Message::Blocked(Blocked::FriendToMove)));
        // The friend's move comes by link, and then it is mine.
        let a = s.play(House::new(7).unwrap(), 2.0);
        run_timers(&mut s, a);
        // The friend is a person: no hint from the engine on my turn.
        assert!(!s.can_hint(), "a hint in a game against a person");
        assert!(s.ask_hint().is_empty());
        s.click(sq(Side::Black, 3), 3.0);
        assert_eq!(s.game().moves().len(), 2);
        // A move sent may be in the friend's hands: none is taken back, and none resigned.
        assert!(!s.can_undo() && !s.can_redo() && !s.can_resign());

        s.undo(4.0);
        assert_eq!(s.game().moves().len(), 2);
    }

    #[test]
    fn clicks_that_cannot_play_say_why() {
        let mut s = Session::new();
        s.click(sq(Side::Black, 1), 0.0);
        assert_eq!(
            s.message(),
            Some(&Message::Blocked(Blocked::NotYourTurn(Side::White)))
        );
        assert_eq!(s.game().moves().len(), 0);
        // Against the computer, a click on its turn while it thinks says so.
        let a = s.new_game(
            Mode::Computer {
                human: Side::Black,
                level: Level::of(1),
            },
            None,
            Position::start(),
            7,
            0.0,
        );
        assert!(asked(&a).is_some() && s.thinking());
        s.click(sq(Side::White, 1), 1.0);
        assert_eq!(s.message(), Some(&Message::Thinking));
        assert!(s.flipped(), "the person plays Black: Black at the bottom");
    }

    #[test]
    fn the_computer_answers_its_turn_and_stale_answers_are_ignored() {
        let mut s = Session::new();
        s.new_game(VS_LEVEL_1, None, Position::start(), 7, 0.0);
        let a = s.click(sq(Side::White, 7), 1.0);
        let (position, token) = asked(&a).expect("the computer's turn");
        assert_eq!(position, s.position());
        assert!(s.thinking());
        // An answer with another token (a search cancelled before) changes nothing.
        assert!(s
            .computer_replied(token + 1, Ok(Some(h(3))), 2.0)
            .is_empty());
        assert_eq!(s.game().moves().len(), 1);
        s.computer_replied(token, Ok(Some(h(3))), 2.0);
        assert_eq!(s.game().moves().len(), 2);
        assert!(!s.thinking());
        // The same answer again is stale.
        s.computer_replied(token, Ok(Some(h(4))), 3.0);
        assert_eq!(s.game().moves().len(), 2);
    }

    #[test]
    fn undo_cancels_the_search_and_takes_back_the_pair() {
        let mut s = Session::new();
        s.new_game(VS_LEVEL_1, None, Position::start(), 7, 0.0);
        let a = s.click(sq(Side::White, 7), 1.0);
        let (_, first) = asked(&a).unwrap();
        s.computer_replied(first, Ok(Some(h(3))), 2.0);
        let a = s.click(sq(Side::White, 1), 3.0);
        let (_, second) = asked(&a).unwrap();
        // Undo while the computer thinks: the search is cancelled, and the person's move
        // goes (the person is to move again, after the computer's first answer).
        let a = s.undo(4.0);
        assert!(a.contains(&Action::CancelSearches));
        assert!(!s.thinking());
        assert_eq!(s.game().moves().len(), 2);
        s.computer_replied(second, Ok(Some(h(5))), 5.0);
        assert_eq!(
            s.game().moves().len(),
            2,
            "the cancelled answer is not played"
        );
        // Undo again: the pair (the computer's answer and the person's move).
        s.undo(6.0);
        assert_eq!(s.position(), Position::start());
        assert!(matches!(
            s.announcement(),
            Some((_, Announcement::Undone { turn: Side::White }))
        ));
        s.redo(7.0);
        assert_eq!(s.game().moves().len(), 2);
        assert!(!s.thinking(), "after a redo the person is to move");
    }

    #[test]
    fn watching_the_computer_play_itself() {
        let mut s = Session::new();
        let a = s.new_game(
            Mode::Watch {
                level: Level::of(1),
            },
            None,
            Position::start(),
            7,
            0.0,
        );
        let (_, t) = asked(&a).unwrap();
        let a = s.computer_replied(t, Ok(Some(h(7))), 1.0);
        let (position, _) = asked(&a).expect("the other side's turn");
        assert_eq!(position.turn(), Side::Black);
        assert!(!s.can_resign() && !s.can_hint());
        let a = s.click(sq(Side::Black, 1), 2.0);
        assert!(a.is_empty());
        assert_eq!(s.message(), Some(&Message::Thinking));
    }

    #[test]
    fn animation_steps_on_timers_and_the_computer_waits_for_its_end() {
        let mut s = Session::new();
        s.configure(Config {
            frame_ms: 100,
            eval_bar: false,
        });
        s.new_game(VS_LEVEL_1, None, Position::start(), 7, 0.0);
        let a = s.click(sq(Side::White, 7), 1.0);
        assert!(s.animating());
        assert!(asked(&a).is_none(), "no search during the animation");
        let first = s.frame().expect("the first frame is drawn at once");
        assert_eq!(first.hand, 9, "the pile of house 7 lifted");
        assert!(a.contains(&Action::Wait {
            ms: 200,
            token: s.player.token()
        }));
        // A timer of another token does nothing.
        assert!(s.step(s.player.token() + 1, 0.0).is_empty());
        let seen = run_timers(&mut s, a);
        assert!(!s.animating() && s.frame().is_none());
        assert!(seen.contains(&Action::Sound(sound::Effect::Capture)));
        assert!(
            asked(&seen).is_some(),
            "the computer moves after the animation"
        );
    }

    #[test]
    fn a_click_during_the_animation_skips_it() {
        let mut s = Session::new();
        s.configure(Config {
            frame_ms: 100,
            eval_bar: true,
        });
        let a = s.click(sq(Side::White, 7), 1.0);
        let Some(Action::Wait { token, .. }) = a.last().cloned() else {
            panic!("a timer");
        };
        let a = s.click(sq(Side::Black, 1), 2.0);
        assert!(!s.animating() && s.frame().is_none());
        assert_eq!(s.game().moves().len(), 1, "the click only skipped");
        assert!(matches!(a.as_slice(), [Action::Evaluate(_)]));
        assert!(s.step(token, 0.0).is_empty(), "the old timer is stale");
    }

    #[test]
    fn the_clock_runs_and_a_flag_ends_the_game() {
        let mut s = Session::new();
        let tc = TimeControl::minutes(5, 3);
        s.new_game(Mode::TwoPlayers, Some(tc), Position::start(), 7, 0.0);
        assert_eq!(s.clock().unwrap().running(), Some(Side::White));
        s.click(sq(Side::White, 7), 10_000.0);
        let c = *s.clock().unwrap();
        assert_eq!(c.running(), Some(Side::Black));
        assert_eq!(c.left(Side::White, 10_000.0), 293_000);
        assert!(s.tick(100_000.0).is_empty());
        assert!(s.end().is_none());
        let epoch = s.epoch();
        let a = s.tick(310_001.0);
        assert!(a.contains(&Action::CancelSearches));
        let end = s.end().expect("Black's time is out");
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(end.reason, EndReason::Time);
        assert_eq!(s.clock().unwrap().running(), None);
        assert_ne!(s.epoch(), epoch, "the end dialog opens again");
        assert!(matches!(
            s.announcement(),
            Some((_, Announcement::Ended(_)))
        ));
        s.click(sq(Side::Black, 1), 320_000.0);
        assert_eq!(s.message(), Some(&Message::Blocked(Blocked::GameOver)));
    }

    #[test]
    fn under_the_federations_rule_a_flag_gives_the_board_to_the_opponent_and_counts() {
        let mut s = Session::new();
        let tc = TimeControl::minutes(1, 0).with_time_out(TimeOut::Counted);
        let p: Position = "1,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 71/80 -/- w"
            .parse()
            .unwrap();
        s.new_game(Mode::TwoPlayers, Some(tc), p, 7, 0.0);
        s.tick(60_001.0);
        let end = s.end().expect("White's time is out");
        assert_eq!(end.reason, EndReason::TimeCounted);
        assert_eq!(end.result, GameResult::Win(Side::Black));
        assert_eq!((end.kazans.white, end.kazans.black), (71, 91));
    }

    #[test]
    fn under_the_federations_rule_a_flag_with_81_in_the_kazan_is_a_draw() {
        let mut s = Session::new();
        let tc = TimeControl::minutes(1, 0).with_time_out(TimeOut::Counted);
        let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,3 70/81 -/- b"
            .parse()
            .unwrap();
        s.new_game(Mode::TwoPlayers, Some(tc), p, 7, 0.0);
        s.tick(60_001.0);
        let end = s.end().expect("Black's time is out");
        assert_eq!(
            (end.reason, end.result),
            (EndReason::TimeCounted, GameResult::Draw)
        );
        assert_eq!((end.kazans.white, end.kazans.black), (81, 81));
    }

    #[test]
    fn by_default_a_flag_loses_whatever_the_kazans() {
        let mut s = Session::new();
        let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,3 70/81 -/- b"
            .parse()
            .unwrap();
        s.new_game(
            Mode::TwoPlayers,
            Some(TimeControl::minutes(1, 0)),
            p,
            7,
            0.0,
        );
        s.tick(60_001.0);
        let end = s.end().expect("Black's time is out");
        assert_eq!(
            (end.reason, end.result),
            (EndReason::Time, GameResult::Win(Side::White))
        );
    }

    #[test]
    fn nobodys_time_runs_while_a_move_is_sown() {
        let mut s = Session::new();
        s.configure(Config {
            frame_ms: 100,
            eval_bar: false,
        });
        let tc = TimeControl::minutes(5, 3);
        s.new_game(Mode::TwoPlayers, Some(tc), Position::start(), 7, 0.0);
        let a = s.click(sq(Side::White, 7), 10_000.0);
        assert!(s.animating());
        assert_eq!(
            s.clock().unwrap().running(),
            None,
            "the mover's time stopped"
        );
        // The sowing is shown until 15 s: Black's time starts only then.
        let mut token = a.iter().find_map(|a| match a {
            Action::Wait { token, .. } => Some(*token),
            _ => None,
        });
        while let Some(t) = token {
            let a = s.step(t, 15_000.0);
            token = a.iter().find_map(|a| match a {
                Action::Wait { token, .. } => Some(*token),
                _ => None,
            });
        }
        assert!(!s.animating());
        let c = *s.clock().unwrap();
        assert_eq!(c.running(), Some(Side::Black));
        assert_eq!(c.left(Side::Black, 15_000.0), 300_000);
        assert_eq!(c.left(Side::White, 15_000.0), 293_000);
        // A click that skips the animation starts the clock at the click.
        s.click(sq(Side::Black, 3), 20_000.0);
        s.click(sq(Side::Black, 3), 21_000.0);
        assert_eq!(s.clock().unwrap().running(), Some(Side::White));
        assert_eq!(s.clock().unwrap().left(Side::White, 21_000.0), 293_000);
    }

    #[test]
    fn undo_never_revives_a_resigned_game() {
        let mut s = Session::new();
        s.new_game(VS_LEVEL_1, None, Position::start(), 7, 0.0);
        s.click(sq(Side::White, 7), 1.0);
        let t = s.asked.unwrap().0;
        s.computer_replied(t, Ok(Some(h(3))), 2.0);
        s.resign(3.0);
        let end = s.end().unwrap();
        let epoch = s.epoch();
        assert!(s.undo(4.0).is_empty());
        assert_eq!(s.end(), Some(end), "still over");
        assert_eq!(s.game().moves().len(), 2);
        assert_eq!(
            s.epoch(),
            epoch,
            "nothing stopped, the end dialog stays closed"
        );
    }

    #[test]
    fn resigning_against_the_computer_is_the_person() {
        let mut s = Session::new();
        s.new_game(
            Mode::Computer {
                human: Side::Black,
                level: Level::of(1),
            },
            None,
            Position::start(),
            7,
            0.0,
        );
        assert!(!s.can_resign(), "no move yet");
        let t = s.asked.unwrap().0;
        s.computer_replied(t, Ok(Some(h(7))), 1.0);
        assert!(s.can_resign());
        s.resign(2.0);
        let end = s.end().unwrap();
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(end.reason, EndReason::Resignation);
    }

    #[test]
    fn the_end_by_the_rules_and_a_draw() {
        // White's only korgool, and 81 already in White's kazan: White reaches 82.
        let p: Position = "0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,79 81/0 -/- w"
            .parse()
            .unwrap();
        let mut s = Session::new();
        s.new_game(Mode::TwoPlayers, None, p, 7, 0.0);
        let a = s.click(sq(Side::White, 9), 1.0);
        assert!(a.contains(&Action::Sound(sound::Effect::End)));
        assert_eq!(s.end().unwrap().reason, EndReason::Reached82);
        assert!(s.ask_hint().is_empty(), "no hint after the end");
        let mut s = Session::new();
        s.click(sq(Side::White, 1), 0.0);
        s.offer_draw(true);
        assert!(s.draw_offered());
        s.agree_draw(1.0);
        assert_eq!(s.end().unwrap().result, GameResult::Draw);
        assert!(!s.draw_offered());
    }

    #[test]
    fn hints_and_evaluations_are_for_the_position_asked() {
        let mut s = Session::new();
        let start = Position::start();
        assert_eq!(s.ask_hint(), vec![Action::Hint(start)]);
        s.hinted(&start, Some(h(7)));
        assert_eq!(s.hint().map(|p| p.from), Some(sq(Side::White, 7)));
        s.click(sq(Side::White, 7), 1.0);
        assert_eq!(s.hint(), None, "a move clears the hint");
        s.hinted(&start, Some(h(7)));
        assert_eq!(s.hint(), None, "a hint for an old position is dropped");
        s.evaluated(&s.position(), Score::from_eval(150));
        assert_eq!(
            s.eval(),
            Some(Score::from_eval(-150)),
            "Black to move: +1.5 for Black"
        );
        s.configure(Config {
            frame_ms: 0,
            eval_bar: true,
        });
        assert!(matches!(
            s.settings_changed().as_slice(),
            [Action::Evaluate(_)]
        ));
    }

    #[test]
    fn a_failing_computer_says_so() {
        let mut s = Session::new();
        let a = s.new_game(
            Mode::Watch {
                level: Level::of(1),
            },
            None,
            Position::start(),
            7,
            0.0,
        );
        let (_, t) = asked(&a).unwrap();
        s.computer_replied(t, Err(AiError::Failed("boom".into())), 1.0);
        assert!(matches!(s.message(), Some(Message::ComputerFailed(_))));
        assert!(!s.thinking());
        let a = s.new_game(VS_LEVEL_1, None, Position::start(), 8, 2.0);
        assert!(asked(&a).is_none(), "the person moves first");
        s.click(sq(Side::White, 1), 3.0);
        let t = s.asked.unwrap().0;
        s.computer_replied(t, Ok(None), 4.0);
        assert_eq!(s.message(), Some(&Message::NoMove));
    }

    #[test]
    fn auto_flip_turns_the_board_in_two_player_mode() {
        let mut s = Session::new();
        s.set_auto_flip(true);
        s.click(sq(Side::White, 1), 0.0);
        assert!(s.flipped());
        s.click(sq(Side::Black, 1), 1.0);
        assert!(!s.flipped());
        let before = s.changes();
        s.flip();
        assert!(s.flipped() && s.changes() != before);
    }

    #[test]
    fn a_saved_game_is_put_back_as_it_was() {
        let mut s = Session::new();
        s.click(sq(Side::White, 7), 0.0);
        s.flip();
        let saved = s.snapshot();
        let mut t = Session::new();
        t.load(saved.clone(), 1.0);
        assert_eq!(t.snapshot(), saved);
        // A loaded game where the computer is to move: it is asked at once.
        let mut vs = saved;
        vs.mode = VS_LEVEL_1;
        let a = t.load(vs, 2.0);
        assert!(asked(&a).is_some());
    }

    #[test]
    fn white_scores() {
        assert_eq!(
            white_score(Score::from_eval(150), Side::White),
            Score::from_eval(150)
        );
        assert_eq!(
            white_score(Score::from_eval(150), Side::Black),
            Score::from_eval(-150)
        );
        assert_eq!(
            white_score(Score::win_in(3), Side::Black),
            Score::loss_in(3)
        );
    }
}
