//! [`Trainer`]: a training session (`toguz_app_core::train::session::Session`) in the browser.
//! It keeps the study chosen, the side and the session in signals and carries out the
//! session's actions: the sowings on the board (through the app's one sowing driver,
//! `ui::sowing`) and the schedule kept under its own key.

use leptos::prelude::*;
use toguz_engine::{Side, Square};

use crate::platform::storage::{self, TRAIN_KEY};
use crate::platform::time::{now_ms, random_seed};
use crate::services::saves::Saves;
use crate::ui::sowing::{use_sowing, Sowing};
use toguz_app_core::train::session::{Action, Session};
use toguz_app_core::train::Schedule;

/// Why a study cannot be trained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// No study has that id (deleted, or a link from another browser).
    Missing,
    /// Its text no longer reads.
    Damaged,
}

/// The trainer, by context. `Copy`, so it moves into any number of event handlers.
#[derive(Clone, Copy)]
pub struct Trainer {
    study: RwSignal<Option<String>>,
    side: RwSignal<Side>,
    session: RwSignal<Option<Session>>,
    problem: RwSignal<Option<Unreadable>>,
    sowing: Sowing,
}

impl Trainer {
    /// Starts the trainer on study `id` (none: the list of studies) and provides it. Needs
    /// the settings and the saves in context.
    pub fn start(id: Option<String>) -> Trainer {
        // No undo of a delete is offered here: the cards of a study deleted in a tab closed
        // before its undo ran out go now, before the list counts what is due.
        expect_context::<Saves>().forget_training_of_deleted();
        let trainer = Trainer {
            study: RwSignal::new(id),
            side: RwSignal::new(Side::White),
            session: RwSignal::new(None),
            problem: RwSignal::new(None),
            sowing: use_sowing(),
        };
        provide_context(trainer);
        trainer
    }

    /// The trainer in context. Needs [`Trainer::start`] above.
    pub fn get() -> Trainer {
        expect_context::<Trainer>()
    }

    /// The study chosen (tracked).
    pub fn study_id(self) -> Option<String> {
        self.study.get()
    }

    /// The side to train (tracked).
    pub fn side(self) -> Side {
        self.side.get()
    }

    /// Chooses the side to train.
    pub fn choose(self, side: Side) {
        self.side.set(side);
    }

    /// Why the study chosen cannot be trained, if so (tracked).
    pub fn problem(self) -> Option<Unreadable> {
        self.problem.get()
    }

    /// Reads the session (tracked); `None` before a start.
    pub fn with<R>(self, f: impl FnOnce(Option<&Session>) -> R) -> R {
        self.session.with(|s| f(s.as_ref()))
    }

    /// The sowing on the board.
    pub fn sowing(self) -> Sowing {
        self.sowing
    }

    /// The kept schedule (a value that does not read is backed up and reported by storage).
    pub fn schedule() -> Schedule {
        storage::load::<Schedule>(TRAIN_KEY).unwrap_or_default()
    }

    /// Starts a session on the study chosen as the side chosen.
    pub fn begin(self) {
        let Some(id) = self.study.get_untracked() else {
            return;
        };
        let saves = expect_context::<Saves>();
        let study = match saves.study(&id) {
            Ok(Some(saved)) => saved.study().map_err(|_| Unreadable::Damaged),
            Ok(None) => Err(Unreadable::Missing),
            Err(_) => Err(Unreadable::Damaged),
        };
        match study {
            Ok(study) => {
                self.problem.set(None);
                let side = self.side.get_untracked();
                let session = Session::new(&id, study, side, Trainer::schedule(), random_seed());
                self.session.set(Some(session));
                self.run(|s| s.start(now_ms()));
            }
            Err(problem) => self.problem.set(Some(problem)),
        }
    }

    /// Ends the session: back to the choice of side.
    pub fn stop(self) {
        self.sowing.clear();
        self.session.set(None);
    }

    fn run(self, command: impl FnOnce(&mut Session) -> Vec<Action>) {
        let actions = self
            .session
            .try_update(|s| s.as_mut().map(command))
            .flatten()
            .unwrap_or_default();
        for action in actions {
            match action {
                Action::Sow(frames) => self.sowing.show(frames),
                Action::Save => self.session.with_untracked(|s| {
                    if let Some(s) = s {
                        storage::save(TRAIN_KEY, s.schedule());
                    }
                }),
            }
        }
    }

    /// A tap on a house: the player's move, if it is on the player's side.
    pub fn tap(self, square: Square) {
        if self.sowing.playing().get_untracked() {
            self.sowing.skip();
            return;
        }
        let mine = self.session.with_untracked(|s| {
            s.as_ref()
                .is_some_and(|s| s.position().turn() == square.side())
        });
        if mine {
            self.run(|s| s.play(square.house(), now_ms()));
        }
    }

    /// Goes on after a miss or a line's end.
    pub fn next(self) {
        self.sowing.skip();
        self.run(|s| s.next(now_ms()));
    }

    /// Skips the running sowing to its end (a click on the board while it runs).
    pub fn skip(self) {
        self.sowing.skip();
    }
}
