//! [`CountTrainer`]: the counting trainer (`toguz_app_core::count::trainer::Trainer`) in the
//! browser. It keeps the trainer in one signal and carries out its actions: the records
//! fetched (once for the page's life), the sowings on the board (through the app's one sowing
//! driver, `ui::sowing`), the best scores kept, and the clock of a run.

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use toguz_engine::Square;

use crate::platform::storage::{self, COUNT_KEY};
use crate::platform::time::{now, random_seed};
use crate::ui::sowing::{use_sowing, Sowing};
use toguz_app_core::count::trainer::{Action, Phase, Trainer, FILES};
use toguz_app_core::count::{Best, Deck, Effect, Stage};

thread_local! {
    /// The questions, once read: leaving the screen and coming back does not fetch them again.
    static DECK: RefCell<Option<Arc<Deck>>> = const { RefCell::new(None) };
}

/// The counting trainer, by context. `Copy`, so it moves into any number of event handlers.
#[derive(Clone, Copy)]
pub struct CountTrainer {
    state: RwSignal<Trainer>,
    sowing: Sowing,
    /// The clock while a run is on (milliseconds, as `platform::time::now`).
    clock: RwSignal<f64>,
}

impl CountTrainer {
    /// Starts the trainer with the kept best scores, provides it, and reads the questions.
    /// Needs the settings in context (for the sowing's speed).
    pub fn start() -> CountTrainer {
        let best = storage::load::<Best>(COUNT_KEY).unwrap_or_default();
        let trainer = CountTrainer {
            state: RwSignal::new(Trainer::new(best, random_seed())),
            sowing: use_sowing(),
            clock: RwSignal::new(now()),
        };
        provide_context(trainer);
        match DECK.with(|d| d.borrow().clone()) {
            Some(deck) => trainer.state.update(|t| t.ready(deck)),
            None => trainer.load(),
        }
        let ticker = set_interval_with_handle(move || trainer.tick(), Duration::from_millis(250));
        on_cleanup(move || {
            if let Ok(t) = ticker {
                t.clear();
            }
        });
        trainer
    }

    /// The trainer in context. Needs [`CountTrainer::start`] above.
    pub fn get() -> CountTrainer {
        expect_context::<CountTrainer>()
    }

    /// Reads the trainer (tracked).
    pub fn with<R>(self, f: impl FnOnce(&Trainer) -> R) -> R {
        self.state.with(f)
    }

    /// The sowing on the board.
    pub fn sowing(self) -> Sowing {
        self.sowing
    }

    /// Whole seconds left in the run, rounded up (tracked: it follows the clock).
    pub fn seconds_left(self) -> u32 {
        let now = self.clock.get();
        let left = self.state.with(|t| t.run().map_or(0.0, |r| r.left_ms(now)));
        (left / 1000.0).ceil() as u32
    }

    fn run(self, command: impl FnOnce(&mut Trainer) -> Vec<Action>) {
        let Some(actions) = self.state.try_update(command) else {
            return;
        };
        for action in actions {
            self.perform(action);
        }
    }

    fn perform(self, action: Action) {
        match action {
            Action::Fetch => leptos::task::spawn_local(async move {
                let mut texts = Vec::new();
                for file in FILES {
                    match crate::platform::fetch::text(file).await {
                        Ok(text) => texts.push(text),
                        Err(error) => return self.run(|t| t.fetched(Err(error))),
                    }
                }
                self.run(|t| t.fetched(Ok(texts)));
                // The player may have left the screen while the records came: its state is
                // gone then, and the deck is kept for the next visit only if it is there.
                if let Some(deck) = self.state.try_with_untracked(Trainer::deck).flatten() {
                    DECK.with(|d| *d.borrow_mut() = Some(deck));
                }
            }),
            Action::Sow(frames) => self.sowing.show(frames),
            Action::StopSowing => self.sowing.clear(),
            Action::SaveBest => self
                .state
                .with_untracked(|t| storage::save(COUNT_KEY, &t.best())),
        }
    }

    /// Fetches the records (again, after a failure).
    pub fn load(self) {
        self.run(Trainer::load);
    }

    /// The stage of the next run.
    pub fn choose(self, stage: Stage) {
        self.state.update(|t| t.choose(stage));
    }

    /// Starts a run.
    pub fn begin(self) {
        let at = now();
        self.clock.set(at);
        self.run(|t| t.start(at));
    }

    /// A tap on a house: the landing.
    pub fn tap(self, square: Square) {
        self.run(|t| t.tap(square, now()));
    }

    /// What the last korgool does.
    pub fn answer(self, effect: Effect) {
        self.run(|t| t.answer(effect, now()));
    }

    /// The next question.
    pub fn next(self) {
        self.run(|t| t.next(now()));
    }

    /// Skips the running sowing to its end (a click on the board while it runs).
    pub fn skip(self) {
        self.sowing.skip();
    }

    /// The clock: the run ends when its minute is up.
    fn tick(self) {
        let running = self
            .state
            .try_with_untracked(|t| *t.phase() == Phase::Running);
        if running != Some(true) {
            return;
        }
        let at = now();
        self.clock.set(at);
        if let Some(actions) = self.state.try_update(|t| t.tick(at)).flatten() {
            for action in actions {
                self.perform(action);
            }
        }
    }

    /// A key of the trainer's: C capture, T tuz, 0 nothing, N (or Enter) the next question.
    pub fn key(self, key: &str) {
        match key {
            "c" | "C" => self.answer(Effect::Capture),
            "t" | "T" => self.answer(Effect::Tuz),
            "0" => self.answer(Effect::Nothing),
            "n" | "N" => self.next(),
            _ => {}
        }
    }
}
