//! [`PlaySession`]: the play session (`toguz_app_core::session`) in the browser. It keeps the session
//! in one signal, carries out the session's actions (the computer and the analysis in their
//! workers, the animation's timers, the sounds), resumes and autosaves the game, runs the
//! clock's ticker while the game has a clock, and starts the games other screens launch.

use std::time::Duration;

use leptos::prelude::*;
use toguz_engine::{House, Position, Side, Square};
use toguz_store::link::{LinkInfo, Taken};
use toguz_store::Players;

use crate::platform::time::{now, random_seed};
use crate::services::ai::{use_ai, use_ai_on_demand, Ai};
use crate::services::launch::{Launch, Launcher};
use crate::services::saves::{LinkProblem, Saves};
use crate::services::settings::SettingsContext;
use crate::ui::sowing;
use toguz_app_core::ai::{Reply, Task};
use toguz_app_core::anim::Wait;
use toguz_app_core::clock::TimeControl;
use toguz_app_core::game::Mode;
use toguz_app_core::session::{Action, Config, Session};

/// The game being played, by context: read it with [`PlaySession::with`], change it with the
/// commands. `Copy`, so it moves into any number of event handlers.
#[derive(Clone, Copy)]
pub struct PlaySession {
    state: RwSignal<Session>,
    /// The computer's moves.
    ai: Ai,
    /// Hints and the evaluation bar: its worker starts at the first of them.
    analysis: Ai,
    settings: SettingsContext,
    saves: Saves,
}

impl PlaySession {
    /// Starts the session with its search workers (the hints' at their first use), puts back
    /// the game this tab played (or the latest in progress), and from then on saves it after
    /// every change, before the page goes away and before an update's reload. Needs the
    /// settings, the saves and the launcher in context. `on_load` is told of every game put on
    /// the board (resumed or launched). Call once, in the root component.
    pub fn start(on_load: impl Fn(&Session) + 'static) -> PlaySession {
        let session = PlaySession {
            state: RwSignal::new(Session::new()),
            ai: use_ai(),
            analysis: use_ai_on_demand(),
            settings: SettingsContext::get(),
            saves: expect_context::<Saves>(),
        };
        provide_context(session);
        let saves = session.saves;
        if let Some(saved) = saves.resume() {
            session.run(|s| s.load(saved, now()));
            session.state.with_untracked(&on_load);
        }
        // Autosave: after every move, undo, redo, new game, end, flip or change of mode.
        let changes = Memo::new(move |_| session.state.with(Session::changes));
        Effect::new(move |_| {
            // Read, not only tracked: a memo computes (and follows the session) when read.
            let _ = changes.get();
            session.save(saves);
        });
        // Time on the clock since the last move is kept when the page goes away.
        let hide = window_event_listener(leptos::ev::pagehide, move |_| session.save(saves));
        crate::platform::pwa::on_before_update(move || session.save(saves));
        Launcher::get().handle(move |what| {
            session.save(saves);
            let now = now();
            match what {
                Launch::Continue(id) => {
                    let saved = saves.open(&id)?;
                    session.run(|s| s.load(saved, now));
                }
                Launch::PlayFrom { entry, ply } => {
                    let saved = saves.play_from(&entry, ply);
                    session.run(|s| s.load(saved, now));
                }
                Launch::Position { start, mode } => {
                    session.run(|s| s.new_game(mode, None, start, random_seed(), now))
                }
            }
            session.state.with_untracked(&on_load);
            Ok(())
        });
        // The names the saves hold for the game on the board (a game opened, a game by link
        // begun, a game renamed in the library) are the session's to show.
        Effect::new(move |_| {
            let players = saves.players();
            session.state.maybe_update(|s| s.set_players(players));
        });
        session.run_ticker();
        on_cleanup(move || hide.remove());
        session
    }

    /// The session in context. Needs [`PlaySession::start`] above.
    pub fn get() -> PlaySession {
        expect_context::<PlaySession>()
    }

    /// Reads the session (tracked: a view or memo reading it updates when it changes).
    pub fn with<R>(self, f: impl FnOnce(&Session) -> R) -> R {
        self.state.with(f)
    }

    /// Reads the session without tracking.
    pub fn with_untracked<R>(self, f: impl FnOnce(&Session) -> R) -> R {
        self.state.with_untracked(f)
    }

    pub(super) fn save(self, saves: Saves) {
        if let Some(snapshot) = self.state.try_with_untracked(Session::snapshot) {
            saves.save(&snapshot);
        }
    }

    /// Opens the review of this game: saved first, then reviewed by its id, with a way back
    /// that names the game (not the replay).
    pub(super) fn review(self, saves: Saves) {
        self.save(saves);
        let id = saves.current_id();
        if !id.is_empty() {
            let review = crate::services::routes::Route::Review(id).to_hash();
            crate::platform::dom::set_location_hash(
                &toguz_app_core::replay::ReviewFrom::Game.review_hash(&review, None),
            );
        }
    }

    /// The clock's ticker (every 250 ms), running only while the game has a clock.
    fn run_ticker(self) {
        let has_clock = Memo::new(move |_| self.state.with(|s| s.clock().is_some()));
        let ticker = StoredValue::new(None::<IntervalHandle>);
        let stop = move || {
            if let Some(t) = ticker.try_update_value(Option::take).flatten() {
                t.clear();
            }
        };
        Effect::new(move |_| {
            stop();
            if has_clock.get() {
                let t = set_interval_with_handle(
                    move || self.run(|s| s.tick(now())),
                    Duration::from_millis(250),
                );
                ticker.set_value(t.ok());
            }
        });
        on_cleanup(stop);
    }

    fn config(self) -> Config {
        let (speed, eval_bar) = self.settings.with_untracked(|s| (s.speed, s.eval_bar));
        Config {
            frame_ms: sowing::frame_ms(speed),
            eval_bar,
        }
    }

    /// Runs a command on the session, then the actions it asks for.
    fn run(self, command: impl FnOnce(&mut Session) -> Vec<Action>) {
        let config = self.config();
        let Some(actions) = self.state.try_update(|s| {
            s.configure(config);
            command(s)
        }) else {
            return;
        };
        for action in actions {
            self.perform(action);
        }
    }

    fn perform(self, action: Action) {
        match action {
            Action::AskComputer {
                position,
                level,
                seed,
                token,
            } => {
                self.ai.play(&position, level, seed, move |result| {
                    let best = result.map(|report| report.best);
                    self.run(|s| s.computer_replied(token, best, now()));
                });
            }
            Action::CancelSearches => {
                self.ai.cancel();
                self.analysis.cancel();
            }
            Action::ForgetSearches => self.ai.new_game(),
            Action::Evaluate(position) => {
                self.analysis.cancel();
                self.analysis
                    .request(&position, Task::depth(7), move |reply| {
                        if let Reply::Done { report, .. } = reply {
                            self.state
                                .try_update(|s| s.evaluated(&position, report.score));
                        }
                    });
            }
            Action::Hint(position) => {
                self.analysis.cancel();
                self.analysis
                    .request(&position, Task::depth(8), move |reply| {
                        if let Reply::Done { report, .. } = reply {
                            self.state.try_update(|s| s.hinted(&position, report.best));
                        }
                    });
            }
            Action::Wait { ms, token } => {
                // A stale timer changes nothing (its token), so none is ever cancelled.
                let _ = sowing::after(Wait { ms, token }, move || {
                    self.run(|s| s.step(token, now()))
                });
            }
            Action::Sound(effect) => {
                if self.settings.with_untracked(|s| s.sound) {
                    crate::platform::sound::play(effect);
                }
            }
        }
    }

    /// A click on a house: plays it, or says why not; during an animation, skips it.
    pub fn click(self, square: Square) {
        self.run(|s| s.click(square, now()));
    }

    /// Plays `house` for the side to move, as a press on it would (the opening explorer's
    /// move): a move still animated is finished first, where a press would only finish it.
    pub fn play_house(self, house: House) {
        self.run(|s| {
            let t = now();
            let mut out = Vec::new();
            if s.animating() {
                out = s.click(Square::new(s.position().turn(), house), t);
            }
            out.extend(s.click(Square::new(s.position().turn(), house), t));
            out
        });
    }

    /// The pointer over a house (or none): its preview.
    pub fn hover(self, square: Option<Square>) {
        self.run(|s| {
            s.hover(square);
            Vec::new()
        });
    }

    /// Skips the running animation to the end.
    pub fn skip(self) {
        self.run(|s| s.skip(now()));
    }

    /// Takes back a move (against the computer, the pair).
    pub fn undo(self) {
        self.run(|s| s.undo(now()));
    }

    /// Plays again what was taken back.
    pub fn redo(self) {
        self.run(|s| s.redo(now()));
    }

    /// Asks for the engine's best move, shown as the preview.
    pub fn ask_hint(self) {
        self.run(Session::ask_hint);
    }

    /// Starts a new game from the start in `mode`, with a clock of `control` if given.
    pub fn new_game(self, mode: Mode, control: Option<TimeControl>) {
        self.run(|s| s.new_game(mode, control, Position::start(), random_seed(), now()));
    }

    /// Starts a game with a friend by link: this player plays `me`; the game gets a new random
    /// id that both players' copies share, and is saved at once.
    pub fn new_link_game(self, me: Side, players: Players) {
        let saves = self.saves;
        let id = toguz_store::link::new_id(crate::platform::share::random_bytes());
        let inviter = me;
        saves.begin_link(LinkInfo { id, inviter }, players);
        self.new_game(Mode::Link { me }, None);
    }

    /// Opens a friend's link (see `Saves::take_link`): the game joined, with the friend's new
    /// move sown on the board, or as it stands; a refused link changes nothing.
    pub fn open_link(self, payload: &str) -> Result<Taken, LinkProblem> {
        let saves = self.saves;
        self.save(saves);
        let (mut saved, taken) = saves.take_link(payload)?;
        let now = now();
        // The friend's new move is shown as it is played: the board is put one move back and
        // the move played again, animated like any other.
        let replay = (taken == Taken::Updated)
            .then(|| saved.game.game().last_move().map(|m| m.house))
            .flatten();
        if replay.is_some() {
            saved.game.undo();
        }
        self.run(|s| s.load(saved, now));
        if let Some(house) = replay {
            self.run(|s| s.play(house, now));
        }
        Ok(taken)
    }

    /// The link of the game being played with a friend, with its moves so far (tracked).
    pub fn link_payload(self) -> Option<String> {
        self.state.with(|s| self.saves.link_payload(&s.snapshot()))
    }

    /// The person (or, in two-player mode, the side to move) resigns.
    pub fn resign(self) {
        self.run(|s| s.resign(now()));
    }

    /// Offers a draw (`true`) or declines the offer (`false`).
    pub fn offer_draw(self, offered: bool) {
        self.state.update(|s| s.offer_draw(offered));
    }

    /// Both players agreed a draw.
    pub fn agree_draw(self) {
        self.run(|s| s.agree_draw(now()));
    }

    /// Turns the board.
    pub fn flip(self) {
        self.state.update(Session::flip);
    }

    /// Turn the board to the side to move after each move, in two-player mode.
    pub fn set_auto_flip(self, on: bool) {
        self.state.update(|s| s.set_auto_flip(on));
    }

    /// The settings changed (the evaluation bar may be on now).
    pub fn settings_changed(self) {
        self.run(Session::settings_changed);
    }
}
