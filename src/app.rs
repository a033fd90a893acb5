//! The root component and the play screen: modes, the computer in its worker, the sowing
//! animation, the landing preview, hints, the evaluation bar and the end of the game.
//!
//! The rules stay in the engine: a move is played by the engine's `Game` (the board's
//! `data-position` shows its position at once) and the animation only replays the engine's
//! `MoveOutcome` frame by frame (see [`crate::anim`]).

use std::time::Duration;

use leptos::prelude::*;
use toguz_engine::search::{Level, Score};
use toguz_engine::{EndReason, House, MoveOutcome, Position, Side, Square};

use crate::a11y::{Announcement, Announcer, Keys, MoveSummary, Shortcut};
use crate::ai::{use_ai, Ai, Reply, Task};
use crate::anim::{self, Frame, Speed};
use crate::clock::{format_ms, Clock, TimeControl};
use crate::components::{Board, Controls, Highlights, Modal, MoveList};
use crate::i18n::*;
use crate::library::{LibraryScreen, ReplayScreen};
use crate::nav::{Route, Section};
use crate::settings::{Settings, Theme};
use crate::state::{Blocked, GameState, Mode, Preview};
use crate::tutorial::{LessonScreen, TutorialScreen};
use crate::words::{self, Message};

/// Which dialog is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// None.
    Closed,
    /// The new game dialog.
    NewGame,
    /// The keyboard shortcuts.
    Shortcuts,
    /// "Resign?": a resignation ends the game for good, so it is confirmed first.
    Resign,
}

/// The state shared by the screen, provided by [`App`] through context.
#[derive(Clone, Copy)]
pub struct GameContext {
    /// The game being played.
    pub game: RwSignal<GameState>,
    /// Black's row at the bottom.
    pub flipped: RwSignal<bool>,
    /// Why the last click did not play, shown until the next move.
    pub message: RwSignal<Option<Message>>,
    /// Who plays which side.
    pub mode: RwSignal<Mode>,
    /// The player's settings.
    pub settings: RwSignal<Settings>,
    /// The animation frame drawn, while a move is animated.
    pub frame: RwSignal<Option<Frame>>,
    /// True while a move is animated.
    pub animating: RwSignal<bool>,
    /// The preview of the house under the pointer.
    pub preview: RwSignal<Option<Preview>>,
    /// The computer's suggestion, shown as a preview.
    pub hint: RwSignal<Option<Preview>>,
    /// The evaluation for White in hundredths of a korgool, when known.
    pub eval: RwSignal<Option<i32>>,
    /// The open dialog.
    pub dialog: RwSignal<Dialog>,
    /// The end-of-game dialog was closed for the current end.
    pub end_dismissed: RwSignal<bool>,
    /// A draw offered in two-player mode, waiting for an answer.
    pub draw_offered: RwSignal<bool>,
    /// In two-player mode, turn the board to the side to move after each move.
    pub auto_flip: RwSignal<bool>,
    /// The chess clock, when the game has one.
    pub clock: RwSignal<Option<Clock>>,
    /// The time the clock last ticked (milliseconds since the epoch).
    pub now: RwSignal<f64>,
    /// What the live region says (moves, captures, tuzes, the result).
    pub announcer: Announcer,
    queue: StoredValue<Vec<Frame>>,
    generation: StoredValue<u32>,
    seed: StoredValue<u64>,
    ai: Option<Ai>,
    analysis: Option<Ai>,
}

impl GameContext {
    /// A context for a new two-player game from the start, without computer.
    pub fn new() -> GameContext {
        GameContext {
            game: RwSignal::new(GameState::default()),
            flipped: RwSignal::new(false),
            message: RwSignal::new(None),
            mode: RwSignal::new(Mode::TwoPlayers),
            settings: RwSignal::new(Settings::default()),
            frame: RwSignal::new(None),
            animating: RwSignal::new(false),
            preview: RwSignal::new(None),
            hint: RwSignal::new(None),
            eval: RwSignal::new(None),
            dialog: RwSignal::new(Dialog::Closed),
            end_dismissed: RwSignal::new(false),
            draw_offered: RwSignal::new(false),
            auto_flip: RwSignal::new(false),
            clock: RwSignal::new(None),
            now: RwSignal::new(0.0),
            announcer: Announcer::new(),
            queue: StoredValue::new(Vec::new()),
            generation: StoredValue::new(0),
            seed: StoredValue::new(1),
            ai: None,
            analysis: None,
        }
    }

    /// A context with the two search workers (one plays, one gives hints and evaluations)
    /// and the saved settings. Call inside a component.
    pub fn with_workers() -> GameContext {
        GameContext {
            ai: Some(use_ai()),
            analysis: Some(use_ai()),
            settings: RwSignal::new(Settings::load()),
            ..GameContext::new()
        }
    }

    /// The current position, as a memo.
    pub fn position(self) -> Memo<Position> {
        let game = self.game;
        Memo::new(move |_| game.with(GameState::position))
    }

    /// True while the computer searches for its move.
    pub fn thinking(self) -> bool {
        self.ai.is_some_and(|ai| ai.thinking().get())
    }

    /// Plays the clicked house through the engine, or says why it cannot be played. A click
    /// during an animation skips it to the end.
    pub fn click(self, square: Square) {
        if self.animating.get_untracked() {
            self.skip();
            return;
        }
        if self.game.with_untracked(|g| g.end().is_some()) {
            self.message.set(Some(Message::Blocked(Blocked::GameOver)));
            return;
        }
        let position = self.game.with_untracked(GameState::position);
        let mode = self.mode.get_untracked();
        match Preview::of(&position, square, mode) {
            Ok(_) => self.play(square.house()),
            Err(why) => {
                let message = if self.ai.is_some_and(|ai| ai.thinking().get_untracked()) {
                    Message::Thinking
                } else {
                    Message::Blocked(why)
                };
                self.message.set(Some(message));
            }
        }
    }

    /// Plays `house` for the side to move and animates it.
    pub fn play(self, house: House) {
        let before = self.game.with_untracked(GameState::position);
        let mut outcome: Option<MoveOutcome> = None;
        let mut error = None;
        self.game.update(|g| match g.play(house) {
            Ok(out) => outcome = Some(out.clone()),
            Err(e) => error = Some(Message::Game(e)),
        });
        self.message.set(error);
        self.preview.set(None);
        self.hint.set(None);
        self.draw_offered.set(false);
        if outcome.is_some() {
            let now = js_sys::Date::now();
            let over = self.game.with_untracked(|g| g.end().is_some());
            self.clock.update(|c| {
                if let Some(c) = c {
                    if over {
                        c.stop(now);
                    } else {
                        c.moved(now);
                    }
                }
            });
        }
        if let Some(outcome) = outcome {
            self.announcer
                .say(Announcement::Move(MoveSummary::of(&outcome)));
            self.animate(&before, &outcome);
        }
    }

    fn animate(self, before: &Position, outcome: &MoveOutcome) {
        let speed = self.settings.with_untracked(|s| s.speed);
        let ms = if prefers_reduced_motion() {
            0
        } else {
            speed.frame_ms()
        };
        if ms == 0 {
            self.sound(crate::sound::Effect::of_outcome(outcome));
            self.after_move();
            return;
        }
        let mut frames = anim::frames(before, outcome);
        let after = self.game.with_untracked(GameState::position);
        frames.extend(anim::collection(&after));
        frames.reverse();
        let generation = self.generation.get_value().wrapping_add(1);
        self.generation.set_value(generation);
        self.queue.set_value(frames);
        self.animating.set(true);
        self.step(generation, ms);
    }

    fn step(self, generation: u32, ms: u32) {
        if self.generation.try_get_value() != Some(generation) {
            return;
        }
        let next = self.queue.try_update_value(Vec::pop).flatten();
        match next {
            Some(frame) => {
                let pause = match frame.step {
                    anim::Step::Lift(_) | anim::Step::Capture { .. } | anim::Step::Tuz(_) => ms * 2,
                    anim::Step::Collect => ms * 4,
                    _ => ms,
                };
                if let Some(effect) = crate::sound::Effect::of_step(frame.step) {
                    self.sound(effect);
                }
                self.frame.set(Some(frame));
                set_timeout(
                    move || self.step(generation, ms),
                    Duration::from_millis(pause.into()),
                );
            }
            None => self.finish_animation(),
        }
    }

    /// Plays a sound effect if the player has sound on.
    fn sound(self, effect: crate::sound::Effect) {
        if self.settings.with_untracked(|s| s.sound) {
            crate::sound::play(effect);
        }
    }

    fn finish_animation(self) {
        self.generation
            .set_value(self.generation.get_value().wrapping_add(1));
        self.queue.set_value(Vec::new());
        self.frame.set(None);
        if self.animating.get_untracked() {
            self.animating.set(false);
            self.after_move();
        }
    }

    /// Skips the running animation to the end.
    pub fn skip(self) {
        self.finish_animation();
    }

    fn stop_everything(self) {
        self.generation
            .set_value(self.generation.get_value().wrapping_add(1));
        self.queue.set_value(Vec::new());
        self.frame.set(None);
        self.animating.set(false);
        if let Some(ai) = self.ai {
            ai.cancel();
        }
        if let Some(ai) = self.analysis {
            ai.cancel();
        }
        self.preview.set(None);
        self.hint.set(None);
        self.message.set(None);
        self.draw_offered.set(false);
        self.end_dismissed.set(false);
    }

    fn after_move(self) {
        // The side to move can play now: its time starts (see `Clock::moved`).
        self.restart_clock();
        let position = self.game.with_untracked(GameState::position);
        if self.auto_flip.get_untracked() && self.mode.get_untracked() == Mode::TwoPlayers {
            self.flipped.set(position.turn() == Side::Black);
        }
        self.update_eval();
        self.computer_move();
    }

    /// Asks the computer for its move when it is to move and nothing else is going on.
    pub fn computer_move(self) {
        let Some(ai) = self.ai else { return };
        if self.animating.get_untracked() || ai.thinking().get_untracked() {
            return;
        }
        let (position, ply, over) = self
            .game
            .with_untracked(|g| (g.position(), g.moves().len(), g.end().is_some()));
        if over {
            return;
        }
        let Some(level) = self.mode.get_untracked().computer(position.turn()) else {
            return;
        };
        let seed = self.seed.get_value().wrapping_add(ply as u64);
        ai.play(&position, level, seed, move |result| match result {
            Ok(report) => {
                let now = self.game.with_untracked(GameState::position);
                if now != position {
                    return;
                }
                match report.best {
                    Some(house) => self.play(house),
                    None => self.message.set(Some(Message::NoMove)),
                }
            }
            Err(message) => self.message.set(Some(Message::ComputerFailed(message))),
        });
    }

    fn update_eval(self) {
        let Some(analysis) = self.analysis else {
            return;
        };
        if !self.settings.with_untracked(|s| s.eval_bar) {
            return;
        }
        let position = self.game.with_untracked(GameState::position);
        if position.is_over() {
            return;
        }
        analysis.cancel();
        let eval = self.eval;
        analysis.request(&position, Task::depth(7), move |reply| {
            if let Reply::Done { report, .. } = reply {
                eval.set(Some(white_score(report.score, position.turn())));
            }
        });
    }

    /// Asks for the engine's best move and shows it as the preview.
    pub fn ask_hint(self) {
        let Some(analysis) = self.analysis else {
            return;
        };
        let position = self.game.with_untracked(GameState::position);
        if position.is_over() {
            return;
        }
        let hint = self.hint;
        let game = self.game;
        analysis.cancel();
        analysis.request(&position, Task::depth(8), move |reply| {
            if let Reply::Done { report, .. } = reply {
                if game.with_untracked(GameState::position) != position {
                    return;
                }
                if let Some(house) = report.best {
                    let square = Square::new(position.turn(), house);
                    hint.set(Preview::of(&position, square, Mode::TwoPlayers).ok());
                }
                // The hint's score is the evaluation too.
                let _ = white_score(report.score, position.turn());
            }
        });
    }

    /// Takes back a move (against the computer, the pair).
    pub fn undo(self) {
        // After a resignation, an agreed draw or a loss on time there is nothing to take back.
        if !self.game.with_untracked(GameState::can_undo) {
            return;
        }
        self.stop_everything();
        let mode = self.mode.get_untracked();
        self.game.update(|g| {
            g.undo_for(mode);
        });
        let turn = self.game.with_untracked(|g| g.position().turn());
        self.announcer.say(Announcement::Undone { turn });
        self.restart_clock();
        self.after_move();
    }

    /// Plays again what was taken back (against the computer, the pair).
    pub fn redo(self) {
        self.stop_everything();
        let mode = self.mode.get_untracked();
        self.game.update(|g| {
            g.redo_for(mode);
        });
        let turn = self.game.with_untracked(|g| g.position().turn());
        self.announcer.say(Announcement::Redone { turn });
        self.restart_clock();
        self.after_move();
    }

    /// Runs the clock of the side to move (stopped when the game is over).
    fn restart_clock(self) {
        let now = js_sys::Date::now();
        let (turn, over) = self
            .game
            .with_untracked(|g| (g.position().turn(), g.end().is_some()));
        self.clock.update(|c| {
            if let Some(c) = c {
                if over {
                    c.stop(now);
                } else {
                    c.start(turn, now);
                }
            }
        });
    }

    /// Called by the ticker: updates the time shown and ends the game when a side's time is
    /// out (the engine's time loss).
    pub fn tick(self) {
        let now = js_sys::Date::now();
        self.now.set(now);
        let flagged = self
            .clock
            .with_untracked(|c| c.and_then(|c| c.flagged(now)));
        if let Some(side) = flagged {
            self.stop_everything();
            self.game.update(|g| {
                let _ = g.lose_on_time(side);
            });
            self.announce_end();
            self.clock.update(|c| {
                if let Some(c) = c {
                    c.stop(now);
                }
            });
        }
    }

    /// Starts a new game in `mode`, with a clock of `control` if given.
    pub fn new_game(self, mode: Mode, control: Option<TimeControl>) {
        self.new_game_from(mode, control, Position::start());
    }

    /// Starts a new game in `mode` from the position `start` (the tutorial's "try it").
    pub fn new_game_from(self, mode: Mode, control: Option<TimeControl>, start: Position) {
        self.stop_everything();
        if let Some(ai) = self.ai {
            ai.new_game();
        }
        self.seed.set_value(random_seed());
        self.eval.set(None);
        self.mode.set(mode);
        self.flipped.set(matches!(
            mode,
            Mode::Computer {
                human: Side::Black,
                ..
            }
        ));
        self.game.set(GameState::new(start));
        self.clock.set(control.map(|tc| {
            let mut c = Clock::new(tc);
            c.start(start.turn(), js_sys::Date::now());
            c
        }));
        self.dialog.set(Dialog::Closed);
        self.announcer.say(Announcement::NewGame);
        self.after_move();
    }

    /// Puts a saved game on the board (resumed, continued from the library, or played on from
    /// a replay) with its mode, orientation and clock; the computer moves if it is its turn.
    pub fn load(self, mode: Mode, game: GameState, flipped: bool, clock: Option<Clock>) {
        self.stop_everything();
        if let Some(ai) = self.ai {
            ai.new_game();
        }
        self.eval.set(None);
        self.mode.set(mode);
        self.flipped.set(flipped);
        // A game that was already over when saved has had its end dialog: a reload or a
        // "continue" shows the board, not the dialog again.
        self.end_dismissed.set(game.end().is_some());
        self.game.set(game);
        self.clock.set(clock);
        self.dialog.set(Dialog::Closed);
        self.after_move();
    }

    /// The side to move resigns (against the computer: the person).
    pub fn resign(self) {
        let mode = self.mode.get_untracked();
        let turn = self.game.with_untracked(|g| g.position().turn());
        let side = match mode {
            Mode::Computer { human, .. } => human,
            _ => turn,
        };
        self.stop_everything();
        self.game.update(|g| {
            let _ = g.resign(side);
        });
        self.announce_end();
        self.restart_clock();
    }

    /// Both players agreed a draw.
    pub fn agree_draw(self) {
        self.stop_everything();
        self.game.update(|g| {
            let _ = g.agree_draw();
        });
        self.announce_end();
        self.restart_clock();
    }

    /// Tells the live region how the game ended (for an end without a move).
    fn announce_end(self) {
        if let Some(end) = self.game.with_untracked(GameState::end) {
            self.announcer.say(Announcement::Ended(end));
        }
    }

    /// Runs a keyboard shortcut of the play screen.
    pub fn shortcut(self, shortcut: Shortcut) {
        let dialog = self.dialog.get_untracked();
        let over = self.game.with_untracked(|g| g.end().is_some());
        // The end dialog is open until dismissed, after the animation.
        let end_open =
            over && !self.end_dismissed.get_untracked() && !self.animating.get_untracked();
        if dialog != Dialog::Closed || end_open {
            return;
        }
        match shortcut {
            Shortcut::Play(house) => {
                let turn = self.game.with_untracked(|g| g.position().turn());
                self.click(Square::new(turn, house));
            }
            Shortcut::Undo if self.game.with_untracked(GameState::can_undo) => self.undo(),
            Shortcut::Redo if self.game.with_untracked(GameState::can_redo) => self.redo(),
            Shortcut::NewGame => self.dialog.set(Dialog::NewGame),
            Shortcut::Flip => self.flipped.update(|f| *f = !*f),
            Shortcut::Hint => self.ask_hint(),
            Shortcut::Help => self.dialog.set(Dialog::Shortcuts),
            _ => {}
        }
    }

    /// Changes the settings and saves them.
    pub fn set_settings(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.settings.with_untracked(Settings::save);
        if self.settings.with_untracked(|s| s.eval_bar) {
            self.update_eval();
        }
    }
}

impl Default for GameContext {
    fn default() -> Self {
        GameContext::new()
    }
}

/// A score for the side to move as White's, in hundredths (decisive scores as ±99 korgools).
pub fn white_score(score: Score, turn: Side) -> i32 {
    let v = if score.is_decisive() {
        9_900 * score.get().signum()
    } else {
        score.get()
    };
    if turn == Side::White {
        v
    } else {
        -v
    }
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 1e15) as u64
}

/// The whole app: provides a [`GameContext`] and shows the game screen.
#[component]
pub fn App() -> impl IntoView {
    let ctx = GameContext::with_workers();
    provide_context(ctx);
    // Saved games (issue 6): resume, autosave, other tabs.
    crate::storage::Saves::start(ctx);
    Effect::new(move |_| {
        let theme = ctx.settings.with(|s| s.theme);
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("data-theme", theme.name());
        }
    });
    // Browsers allow sound only after the player touched the page.
    let unlock = window_event_listener(leptos::ev::pointerdown, |_| crate::sound::unlock());
    // A position link (`?position=...`) opens the editor (issue 17).
    crate::features::editor::link::take_position_param();
    let route = crate::nav::provide_route();
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        crate::sound::unlock();
        // The keys work on the play screen only, and never while the player types in a field.
        if ev.default_prevented()
            || route.get_untracked() != Route::Play
            || crate::nav::typing_in_field(&ev)
        {
            return;
        }
        let key = ev.key();
        let keys = Keys {
            key: &key,
            ctrl: ev.ctrl_key() || ev.meta_key(),
            alt: ev.alt_key(),
            shift: ev.shift_key(),
        };
        if let Some(shortcut) = Shortcut::of(keys) {
            if matches!(shortcut, Shortcut::Undo | Shortcut::Redo) && keys.ctrl {
                ev.prevent_default();
            }
            ctx.shortcut(shortcut);
        }
    });
    let ticker = set_interval_with_handle(move || ctx.tick(), Duration::from_millis(250)).ok();
    on_cleanup(move || {
        keys.remove();
        unlock.remove();
        if let Some(t) = ticker {
            t.clear();
        }
    });
    let language = Signal::derive(move || {
        ctx.settings
            .with(|s| s.language)
            .map(|l| leptos_i18n::Locale::as_str(l).to_string())
    });
    view! {
        <crate::lang::LanguageProvider choice=language>
            <TopBar />
            {move || match route.get() {
                Route::Play => view! { <GameScreen /> }.into_any(),
                Route::Library => view! { <LibraryScreen /> }.into_any(),
                Route::Replay(id) => view! { <ReplayScreen id=id /> }.into_any(),
                Route::Tutorial => view! { <TutorialScreen /> }.into_any(),
                Route::Lesson(n) if crate::tutorial::is_lesson(n) => {
                    view! { <LessonScreen number=n /> }.into_any()
                }
                Route::Lesson(n) => view! { <crate::tutorial::NoSuchLesson number=n /> }.into_any(),
                Route::Editor(open) => {
                    view! { <crate::features::editor::EditorScreen open=open /> }.into_any()
                }
            }}
            <crate::pwa::PwaPrompts />
            <crate::library::StorageNotices />
        </crate::lang::LanguageProvider>
    }
}

/// The bar at the top of every screen: the app's name and the three sections.
#[component]
fn TopBar() -> impl IntoView {
    let i18n = use_i18n();
    let route = crate::nav::use_route();
    let section = Memo::new(move |_| route.with(Route::section));
    let link = move |to: Route, s: Section, testid: &'static str, label: AnyView| {
        let href = to.to_hash();
        view! {
            <a
                class="topbar__link"
                href=href
                data-testid=testid
                aria-current=move || (section.get() == s).then_some("page")
                on:click=move |ev| {
                    ev.prevent_default();
                    crate::nav::go(to.clone());
                }
            >
                {label}
            </a>
        }
    };
    view! {
        <header class="topbar">
            <a class="topbar__brand" href="#/">
                {crate::words::text(move || t_string!(i18n, common.app_title))}
            </a>
            <nav class="topbar__nav" aria-label=crate::words::text(move || t_string!(i18n, common.nav_label))>
                {link(Route::Play, Section::Play, "nav-play", crate::words::text(move || t_string!(i18n, common.nav_play)).into_any())}
                {link(
                    Route::Library,
                    Section::Library,
                    "nav-library",
                    crate::words::text(move || t_string!(i18n, common.nav_library)).into_any(),
                )}
                {link(
                    Route::Tutorial,
                    Section::Tutorial,
                    "nav-tutorial",
                    crate::words::text(move || t_string!(i18n, common.nav_tutorial)).into_any(),
                )}
                {link(
                    Route::Editor(None),
                    Section::Editor,
                    "nav-editor",
                    crate::words::text(move || t_string!(i18n, editor.nav)).into_any(),
                )}
            </nav>
        </header>
    }
}

/// The play screen: whose turn, the board, the preview, the controls and the moves.
#[component]
pub fn GameScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = expect_context::<GameContext>();
    let position = ctx.position();
    let show_preview = Memo::new(move |_| {
        ctx.settings.with(|s| s.preview) && ctx.mode.with(|m| m.allows_preview())
    });
    let shown_preview = Memo::new(move |_| {
        let hover = if show_preview.get() {
            ctx.preview.get()
        } else {
            None
        };
        hover.or(ctx.hint.get())
    });
    let highlights = Memo::new(move |_| {
        let mode = ctx.mode.get();
        let animating = ctx.animating.get();
        ctx.game.with(|g| {
            let last = g.last_move();
            let p = g.position();
            let playable = if mode.is_human(p.turn()) && !animating && g.end().is_none() {
                Highlights::playable_in(&p)
            } else {
                Default::default()
            };
            // While a move is animated, its start and end are not marked yet.
            let last = last.filter(|_| !animating);
            Highlights {
                playable,
                preview: shown_preview.get().map(|pv| pv.landing),
                last_from: last.map(|m| Square::new(m.side, m.from)),
                last_to: last.map(|m| m.last),
                hint: ctx.hint.get().map(|pv| pv.from),
            }
        })
    });
    // After an empty row ends the game, the board shows the korgools collected.
    let frame = Memo::new(move |_| ctx.frame.get().or_else(|| position.with(anim::collection)));
    let on_house = Callback::new(move |square: Square| ctx.click(square));
    let on_hover = Callback::new(move |square: Option<Square>| {
        // A pointer leaving the board as the screen goes away (a link followed) comes after
        // the screen's values are gone.
        let Some(p) = position.try_get_untracked() else {
            return;
        };
        let mode = ctx.mode.get_untracked();
        let over = ctx.game.with_untracked(|g| g.end().is_some());
        let pv = square
            .filter(|_| !over)
            .and_then(|sq| Preview::of(&p, sq, mode).ok());
        ctx.preview.set(pv);
    });
    let on_skip = Callback::new(move |()| ctx.skip());
    let preview_text = move || {
        let locale = i18n.get_locale();
        shown_preview.get().map(|pv| {
            let text = words::preview(locale, &pv);
            if ctx.hint.get() == Some(pv) {
                td_string!(locale, common.preview_hint, text = text)
            } else {
                text
            }
        })
    };
    view! {
        <main class="app">
            <header class="app__header">
                <h1 class="visually-hidden">{crate::words::text(move || t_string!(i18n, common.app_title))}</h1>
                <TurnIndicator position=position />
            </header>
            <p class="app__mode" data-testid="mode">
                {crate::words::text(move || words::mode(i18n.get_locale(), ctx.mode.get()))}
                <Show when=move || ctx.thinking()>
                    <span class="thinking" data-testid="thinking">
                        " · "
                        {crate::words::text(move || t_string!(i18n, common.thinking))}
                    </span>
                </Show>
            </p>
            <section class="app__table">
                <Clocks />
                <Show when=move || ctx.settings.with(|s| s.eval_bar)>
                    <EvalBar />
                </Show>
                <Board
                    position=position
                    flipped=ctx.flipped
                    highlights=highlights
                    on_house=on_house
                    frame=frame
                    animating=ctx.animating
                    on_hover=on_hover
                    on_skip=on_skip
                />
                <p class="preview" data-testid="preview" aria-live="polite">
                    {preview_text}
                </p>
            </section>
            <p class="app__message" data-testid="message" role="status">
                {move || ctx.message.with(|m| m.as_ref().map(|m| words::message(i18n.get_locale(), m)))}
            </p>
            <Controls />
            <MoveList />
            <SettingsPanel />
            <NewGameDialog />
            <EndDialog />
            <ResignDialog />
            <crate::components::Welcome />
            <crate::a11y::ShortcutsDialog />
            <crate::a11y::LiveRegion announcer=ctx.announcer />
        </main>
    }
}

/// Whose turn it is, or the result when the game is over.
#[component]
pub fn TurnIndicator(
    /// The position shown on the board.
    #[prop(into)]
    position: Signal<Position>,
) -> impl IntoView {
    let ctx = use_context::<GameContext>();
    let i18n = use_i18n();
    let text = move || {
        let locale = i18n.get_locale();
        let p = position.get();
        let end = ctx
            .and_then(|c| c.game.with(GameState::end))
            .or_else(|| p.end());
        let mode = ctx.map_or(Mode::TwoPlayers, |c| c.mode.get());
        match end {
            None => words::to_move(locale, p.turn()),
            Some(end) => words::result_score_for(locale, &end, mode),
        }
    };
    // The dot: the side to move, or once the game is over the winner's (both in a draw).
    let side = move || {
        let p = position.get();
        let end = ctx
            .and_then(|c| c.game.with(GameState::end))
            .or_else(|| p.end());
        match end.map(|e| e.result) {
            None => p.turn().letter().to_string(),
            Some(toguz_engine::GameResult::Win(w)) => w.letter().to_string(),
            Some(toguz_engine::GameResult::Draw) => "draw".to_string(),
        }
    };
    view! {
        <p class="turn" data-testid="turn" data-side=side>
            <span class="turn__dot" aria-hidden="true"></span>
            <span class="turn__text">{text}</span>
        </p>
    }
}

/// Both sides' time, when the game has a clock; the running one is marked.
#[component]
fn Clocks() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let one = move |side: Side| {
        view! {
            <span
                class="clock"
                class:clock--running=move || {
                    ctx.clock.with(|c| c.and_then(|c| c.running()) == Some(side))
                }
                data-testid=format!("clock-{}", side.letter())
            >
                {crate::words::text(move || words::side(i18n.get_locale(), side))}
                " "
                <strong>
                    {move || {
                        let now = ctx.now.get();
                        ctx.clock.with(|c| c.map(|c| format_ms(c.left(side, now))))
                    }}
                </strong>
            </span>
        }
    };
    view! {
        <Show when=move || ctx.clock.with(Option::is_some)>
            <div class="clocks">{one(Side::White)} {one(Side::Black)}</div>
        </Show>
    }
}

/// The evaluation bar: White's share grows with White's advantage.
#[component]
fn EvalBar() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let percent = move || {
        let v = ctx.eval.get().unwrap_or(0) as f64 / 100.0;
        // ±20 korgools fill the bar.
        (50.0 + v.clamp(-20.0, 20.0) * 2.5).round()
    };
    let text = move || match ctx.eval.get() {
        Some(v) => words::eval_number(i18n.get_locale(), v),
        None => "…".to_string(),
    };
    view! {
        <div
            class="eval-bar"
            data-testid="eval-bar"
            data-score=move || ctx.eval.get().map(|v| v.to_string()).unwrap_or_default()
            role="img"
            aria-label=move || td_string!(i18n.get_locale(), common.eval_label, value = text())
        >
            <div class="eval-bar__white" style=move || format!("width:{}%", percent())></div>
            <span class="eval-bar__text">{text}</span>
        </div>
    }
}

/// Speed, preview, evaluation bar, sound, auto-flip and theme.
#[component]
fn SettingsPanel() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let speed_buttons = Speed::ALL
        .into_iter()
        .map(|speed| {
            view! {
                <button
                    type="button"
                    class="chip"
                    data-testid=format!("speed-{}", speed.name())
                    aria-pressed=move || (ctx.settings.with(|s| s.speed) == speed).to_string()
                    on:click=move |_| ctx.set_settings(|s| s.speed = speed)
                >
                    {crate::words::text(move || words::speed(i18n.get_locale(), speed))}
                </button>
            }
        })
        .collect_view();
    let theme_text = move || {
        let locale = i18n.get_locale();
        match ctx.settings.with(|s| s.theme) {
            Theme::Auto => td_string!(locale, common.theme_auto),
            Theme::Light => td_string!(locale, common.theme_light),
            Theme::Dark => td_string!(locale, common.theme_dark),
        }
    };
    view! {
        <section class="settings" aria-label=crate::words::text(move || t_string!(i18n, common.settings))>
            <div
                class="settings__row"
                role="group"
                aria-label=crate::words::text(move || t_string!(i18n, common.speed_group))
            >
                <span class="settings__label">{crate::words::text(move || t_string!(i18n, common.speed))}</span>
                {speed_buttons}
            </div>
            <div class="settings__row">
                <SettingCheck
                    testid="opt-preview"
                    checked=Signal::derive(move || ctx.settings.with(|s| s.preview))
                    on_change=move |on| ctx.set_settings(|s| s.preview = on)
                >
                    {crate::words::text(move || t_string!(i18n, common.opt_preview))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-eval"
                    checked=Signal::derive(move || ctx.settings.with(|s| s.eval_bar))
                    on_change=move |on| ctx.set_settings(|s| s.eval_bar = on)
                >
                    {crate::words::text(move || t_string!(i18n, common.opt_eval))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-sound"
                    checked=Signal::derive(move || ctx.settings.with(|s| s.sound))
                    on_change=move |on| ctx.set_settings(|s| s.sound = on)
                >
                    {crate::words::text(move || t_string!(i18n, common.opt_sound))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-auto-flip"
                    checked=ctx.auto_flip.into()
                    on_change=move |on| ctx.auto_flip.set(on)
                >
                    {crate::words::text(move || t_string!(i18n, common.opt_auto_flip))}
                </SettingCheck>
                <button
                    type="button"
                    class="chip"
                    data-testid="btn-theme"
                    on:click=move |_| ctx.set_settings(|s| s.theme = s.theme.next())
                >
                    {theme_text}
                </button>
                <button
                    type="button"
                    class="chip"
                    data-testid="btn-shortcuts"
                    aria-keyshortcuts="?"
                    on:click=move |_| ctx.dialog.set(Dialog::Shortcuts)
                >
                    <span aria-hidden="true">"⌨ "</span>
                    {crate::words::text(move || t_string!(i18n, common.shortcuts))}
                </button>
            </div>
            <div class="settings__row">
                <LanguageSelect />
            </div>
        </section>
    }
}

/// A labelled checkbox of the settings panel.
#[component]
fn SettingCheck(
    /// The checkbox's `data-testid`.
    testid: &'static str,
    /// Whether it is ticked.
    checked: Signal<bool>,
    /// Called with the new state when the player ticks or unticks it.
    on_change: impl Fn(bool) + 'static,
    /// The text beside it.
    children: Children,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=checked
                on:change=move |ev| on_change(event_target_checked(&ev))
            />
            {children()}
        </label>
    }
}

/// The language menu: the browser's, or one of ours by its own name.
#[component]
fn LanguageSelect() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let chosen = move || {
        ctx.settings
            .with(|s| s.language)
            .map_or("", |l| leptos_i18n::Locale::as_str(l))
    };
    view! {
        <label class="check">
            {crate::words::text(move || t_string!(i18n, common.language))}
            <select
                class="select"
                data-testid="opt-language"
                prop:value=chosen
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    ctx.set_settings(|s| s.language = crate::lang::from_code(&code));
                }
            >
                <option value="" selected=move || chosen().is_empty()>
                    {crate::words::text(move || t_string!(i18n, common.language_auto))}
                </option>
                {crate::lang::LANGUAGES
                    .into_iter()
                    .map(|l| {
                        let code = leptos_i18n::Locale::as_str(l);
                        view! {
                            <option value=code lang=code selected=move || chosen() == code>
                                {crate::lang::native_name(l)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The kind of game chosen in the new game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Computer,
    Two,
    Watch,
}

/// The new game dialog: mode, side and level.
#[component]
fn NewGameDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let kind = RwSignal::new(Kind::Computer);
    let side = RwSignal::new(Side::White);
    let level = RwSignal::new(Level::Medium);
    let control = RwSignal::new(None::<TimeControl>);
    let clock_button = move |tc: Option<TimeControl>, id: &'static str| {
        let label = move || {
            let locale = i18n.get_locale();
            tc.map_or_else(
                || td_string!(locale, common.no_clock).to_string(),
                |tc| words::time_control(locale, tc),
            )
        };
        view! {
            <button
                type="button"
                class="chip"
                data-testid=id
                aria-pressed=move || (control.get() == tc).to_string()
                on:click=move |_| control.set(tc)
            >
                {label}
            </button>
        }
    };
    let kind_button = move |k: Kind, id: &'static str, label: AnyView| {
        view! {
            <button
                type="button"
                class="chip chip--big"
                data-testid=id
                aria-pressed=move || (kind.get() == k).to_string()
                on:click=move |_| kind.set(k)
            >
                {label}
            </button>
        }
    };
    let side_button = move |s: Side| {
        view! {
            <button
                type="button"
                class="chip"
                data-testid=format!("side-{}", s.letter())
                aria-pressed=move || (side.get() == s).to_string()
                on:click=move |_| side.set(s)
            >
                {crate::words::text(move || words::side(i18n.get_locale(), s))}
            </button>
        }
    };
    let start = move |_| {
        let mode = match kind.get_untracked() {
            Kind::Computer => Mode::Computer {
                human: side.get_untracked(),
                level: level.get_untracked(),
            },
            Kind::Two => Mode::TwoPlayers,
            Kind::Watch => Mode::Watch {
                level: level.get_untracked(),
            },
        };
        ctx.new_game(mode, control.get_untracked());
    };
    view! {
        <Modal
            open=Signal::derive(move || ctx.dialog.get() == Dialog::NewGame)
            on_close=move |()| ctx.dialog.set(Dialog::Closed)
            testid="new-game-dialog"
            labelled_by="new-game-title"
        >
                    <h2 id="new-game-title" class="dialog__title">{crate::words::text(move || t_string!(i18n, common.new_game))}</h2>
                    <div
                        class="dialog__row"
                        role="group"
                        aria-label=crate::words::text(move || t_string!(i18n, common.opponent))
                    >
                        {kind_button(
                            Kind::Computer,
                            "mode-computer",
                            crate::words::text(move || t_string!(i18n, common.vs_computer)).into_any(),
                        )}
                        {kind_button(Kind::Two, "mode-two", crate::words::text(move || t_string!(i18n, common.mode_two_players)).into_any())}
                        {kind_button(Kind::Watch, "mode-watch", crate::words::text(move || t_string!(i18n, common.watch)).into_any())}
                    </div>
                    <Show when=move || kind.get() == Kind::Computer>
                        <div
                            class="dialog__row"
                            role="group"
                            aria-label=crate::words::text(move || t_string!(i18n, common.your_side))
                        >
                            <span class="settings__label">{crate::words::text(move || t_string!(i18n, common.you_play))}</span>
                            {side_button(Side::White)}
                            {side_button(Side::Black)}
                        </div>
                    </Show>
                    <div
                        class="dialog__row"
                        role="group"
                        aria-label=crate::words::text(move || t_string!(i18n, common.level))
                        class:dialog__row--hidden=move || kind.get() == Kind::Two
                    >
                        <span class="settings__label">{crate::words::text(move || t_string!(i18n, common.level))}</span>
                        <crate::components::LevelChips level=level testid_prefix="level-" />
                    </div>
                    <div
                        class="dialog__row"
                        role="group"
                        aria-label=crate::words::text(move || t_string!(i18n, common.clock))
                    >
                        <span class="settings__label">{crate::words::text(move || t_string!(i18n, common.clock))}</span>
                        {clock_button(None, "clock-none")}
                        {clock_button(Some(TimeControl::PRESETS[0]), "clock-10")}
                        {clock_button(Some(TimeControl::PRESETS[1]), "clock-5-3")}
                    </div>
                    <div class="dialog__actions">
                        <button
                            type="button"
                            class="btn"
                            data-testid="btn-cancel"
                            on:click=move |_| ctx.dialog.set(Dialog::Closed)
                        >
                            {crate::words::text(move || t_string!(i18n, common.cancel))}
                        </button>
                        <button
                            type="button"
                            class="btn btn--primary"
                            data-testid="btn-start"
                            on:click=start
                        >
                            {crate::words::text(move || t_string!(i18n, common.start))}
                        </button>
                    </div>
        </Modal>
    }
}

/// The reason of an end in English words (for logs and records; the screens use
/// [`words::reason`] in the player's language).
pub fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Reached82 => "82 korgools reached",
        EndReason::NoMoves => "no korgools left to move",
        EndReason::Resignation => "resignation",
        EndReason::AgreedDraw => "draw agreed",
        EndReason::Repetition => "draw by repetition",
        EndReason::Time => "out of time",
    }
}

/// Asks before resigning: a resignation ends the game and cannot be taken back.
#[component]
fn ResignDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let close = move || ctx.dialog.set(Dialog::Closed);
    view! {
        <Modal
            open=Signal::derive(move || ctx.dialog.get() == Dialog::Resign)
            on_close=move |()| close()
            testid="resign-dialog"
            labelled_by="resign-title"
        >
            <h2 id="resign-title" class="dialog__title">
                {crate::words::text(move || t_string!(i18n, common.resign_title))}
            </h2>
            <p class="dialog__reason">{crate::words::text(move || t_string!(i18n, common.resign_text))}</p>
            <div class="dialog__actions">
                <button type="button" class="btn" data-testid="btn-resign-cancel" autofocus on:click=move |_| close()>
                    {crate::words::text(move || t_string!(i18n, common.keep_playing))}
                </button>
                <button
                    type="button"
                    class="btn btn--primary"
                    data-testid="btn-resign-confirm"
                    on:click=move |_| {
                        close();
                        ctx.resign();
                    }
                >
                    {crate::words::text(move || t_string!(i18n, common.resign))}
                </button>
            </div>
        </Modal>
    }
}

/// The end-of-game dialog: result, reason and final counts (after the animation).
#[component]
fn EndDialog() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let i18n = use_i18n();
    let end = Memo::new(move |_| ctx.game.with(GameState::end));
    let open = move || end.get().is_some() && !ctx.animating.get() && !ctx.end_dismissed.get();
    view! {
        <Modal
            open=Signal::derive(open)
            on_close=move |()| ctx.end_dismissed.set(true)
            testid="end-dialog"
            labelled_by="end-title"
            class="dialog--end"
        >
                    {move || {
                        end.get()
                            .map(|e| {
                                let locale = i18n.get_locale();
                                let result = words::result_for(locale, e.result, ctx.mode.get());
                                view! {
                                    <h2 id="end-title" class="dialog__title" data-testid="end-result">
                                        {result}
                                    </h2>
                                    <p class="dialog__reason" data-testid="end-reason">
                                        {words::reason(locale, e.reason)}
                                    </p>
                                    <p class="dialog__score" data-testid="end-counts">
                                        <span>{words::side(locale, Side::White)} " "</span>
                                        <strong>{e.kazans.white}</strong>
                                        <span>" : "</span>
                                        <strong>{e.kazans.black}</strong>
                                        <span>" " {words::side(locale, Side::Black)}</span>
                                    </p>
                                }
                            })
                    }}
                    <div class="dialog__actions">
                        <button
                            type="button"
                            class="btn"
                            data-testid="btn-end-close"
                            on:click=move |_| ctx.end_dismissed.set(true)
                        >
                            {crate::words::text(move || t_string!(i18n, common.look_at_board))}
                        </button>
                        <button
                            type="button"
                            class="btn btn--primary"
                            data-testid="btn-end-new-game"
                            on:click=move |_| {
                                ctx.end_dismissed.set(true);
                                ctx.dialog.set(Dialog::NewGame);
                            }
                        >
                            {crate::words::text(move || t_string!(i18n, common.new_game))}
                        </button>
                    </div>
        </Modal>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_scores() {
        assert_eq!(white_score(Score::from_eval(150), Side::White), 150);
        assert_eq!(white_score(Score::from_eval(150), Side::Black), -150);
        assert_eq!(white_score(Score::win_in(3), Side::Black), -9_900);
    }
}
