//! [`PuzzleTrainer`]: the trainer (`toguz_app_core::puzzle::Trainer`) in the browser. It keeps the
//! trainer in one signal and carries out its actions: the puzzle file fetched (once for the
//! page's life), the sowings on the board (through the app's one sowing driver,
//! `ui::sowing`), the search worker's answers, the progress saved, the address, the source
//! game opened in the replay.

use std::sync::Arc;

use leptos::prelude::*;
use toguz_coach::puzzle::{Puzzle, Theme};
use toguz_engine::Square;

use super::progress;
use crate::platform::time::random_seed;
use crate::services::ai::{use_ai, Ai};
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::ui::sowing::{use_sowing, Sowing};
use toguz_app_core::ai::{Reply, Task};
use toguz_app_core::puzzle::{line_frames, read_set, Action, Trainer};

/// The puzzle file, next to `index.html` (fetched when the screen first opens, precached by
/// the service worker for offline use).
const FILE: &str = "puzzles.tsv";
/// The search for the opponent's best reply to a wrong move: the depth, and a node cap.
const REPLY_DEPTH: u32 = 10;
const REPLY_NODES: u64 = 2_000_000;

thread_local! {
    /// The puzzle set, once read: leaving the screen and coming back does not fetch it again.
    static CACHE: std::cell::RefCell<Option<Arc<Vec<Puzzle>>>> = const { std::cell::RefCell::new(None) };
}

/// The trainer of the puzzle screen, by context: read it with [`PuzzleTrainer::with`], change
/// it with the commands. `Copy`, so it moves into any number of event handlers.
#[derive(Clone, Copy)]
pub struct PuzzleTrainer {
    state: RwSignal<Trainer>,
    sowing: Sowing,
    ai: Ai,
    routes: Routes,
    saves: Option<Saves>,
}

impl PuzzleTrainer {
    /// Starts the trainer with the saved progress, provides it, and opens puzzle `id` (from
    /// the address) or one near the player's rating once the set is read. Needs the routes
    /// and the search worker in context (and the settings, for the sowing's speed).
    pub fn start(id: Option<String>) -> PuzzleTrainer {
        let state = RwSignal::new(Trainer::new(progress::load(), id));
        let saves = use_context::<Saves>();
        if let Some(saves) = saves {
            saves.report_notices();
        }
        let trainer = PuzzleTrainer {
            state,
            sowing: use_sowing(),
            ai: use_ai(),
            routes: Routes::get(),
            saves,
        };
        provide_context(trainer);
        match CACHE.with(|c| c.borrow().clone()) {
            Some(set) => trainer.run(|t| t.ready(set, random_seed())),
            None => trainer.load(),
        }
        trainer
    }

    /// The trainer in context. Needs [`PuzzleTrainer::start`] above.
    pub fn get() -> PuzzleTrainer {
        expect_context::<PuzzleTrainer>()
    }

    /// Reads the trainer (tracked: a view reading it updates when it changes).
    pub fn with<R>(self, f: impl FnOnce(&Trainer) -> R) -> R {
        self.state.with(f)
    }

    /// Reads the trainer without tracking.
    pub fn with_untracked<R>(self, f: impl FnOnce(&Trainer) -> R) -> R {
        self.state.with_untracked(f)
    }

    /// The sowing on the board.
    pub fn sowing(self) -> Sowing {
        self.sowing
    }

    /// Runs a command on the trainer, then the actions it asks for.
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
            Action::FetchSet => leptos::task::spawn_local(async move {
                let read = read_set(crate::platform::fetch::text(FILE).await);
                if let Ok(set) = &read {
                    CACHE.with(|c| *c.borrow_mut() = Some(set.clone()));
                }
                self.run(|t| t.fetched(read, random_seed()));
            }),
            Action::ShowId(id) => self.routes.replace(&Route::Puzzles(Some(id))),
            Action::CancelSearch => self.ai.cancel(),
            Action::AskReply { position, token } => {
                let task = Task::Analyse {
                    depth: Some(REPLY_DEPTH),
                    nodes: Some(REPLY_NODES),
                    movetime_ms: None,
                    info: false,
                };
                let sent = self.ai.request(&position, task, move |reply| {
                    let best = match reply {
                        Reply::Done { report, .. } => report.best,
                        Reply::Error { .. } => None,
                        _ => return,
                    };
                    self.run(|t| t.opponent_replied(token, best));
                });
                if sent.is_none() {
                    self.run(|t| t.opponent_replied(token, None));
                }
            }
            Action::StopSowing => self.sowing.clear(),
            Action::FinishSowing => self.sowing.skip(),
            Action::Sow { moves, queued } if queued => {
                // Behind the sowing still running, after a rest; in its place if none runs.
                let running = self
                    .sowing
                    .with_untracked(|p| p.playing().then(|| p.frames().last().copied()).flatten());
                self.sowing.extend(line_frames(&moves, running));
            }
            Action::Sow { moves, .. } => self.sowing.show(line_frames(&moves, None)),
            Action::SaveProgress => self.state.with_untracked(|t| progress::save(t.progress())),
            Action::OpenSource { file, game } => {
                let Some(saves) = self.saves else { return };
                leptos::task::spawn_local(async move {
                    let text = crate::platform::fetch::text(&format!("playok/{file}")).await;
                    match text.ok().and_then(|t| saves.import_one(&t, game)) {
                        Some(id) => self.routes.go(Route::Replay(id)),
                        None => {
                            self.state.try_update(|t| t.source_failed());
                        }
                    }
                });
            }
        }
    }

    /// Fetches the puzzle set (again, after a failure).
    pub fn load(self) {
        self.run(Trainer::load);
    }

    /// A click on a house, or its key.
    pub fn play(self, square: Square) {
        self.run(|t| t.play(square));
    }

    /// A key of the trainer's (1-9, H, R, S, N).
    pub fn key(self, key: &str) {
        self.run(|t| t.key(key, random_seed()));
    }

    /// The hint.
    pub fn hint(self) {
        self.run(Trainer::hint);
    }

    /// The solution.
    pub fn show(self) {
        self.run(Trainer::show);
    }

    /// Back before the wrong move.
    pub fn retry(self) {
        self.run(Trainer::retry);
    }

    /// Another puzzle.
    pub fn next(self) {
        self.run(|t| t.next(random_seed()));
    }

    /// Puzzle `id` (a link of the history).
    pub fn open(self, id: &str) {
        self.run(|t| t.open(id, random_seed()));
    }

    /// Turns `theme` on or off in the filter.
    pub fn toggle_theme(self, theme: Theme) {
        self.run(|t| t.toggle_theme(theme));
    }

    /// Every theme.
    pub fn all_themes(self) {
        self.run(Trainer::all_themes);
    }

    /// Opens the puzzle's source game in the replay.
    pub fn open_source(self) {
        if self.saves.is_some() {
            self.run(Trainer::open_source);
        }
    }

    /// Opens the analysis board on the position shown; its "back to the game" returns here.
    pub fn analyse(self, id: &str) {
        let position = self.state.with_untracked(|t| t.position()).to_string();
        self.routes.go(Route::Analysis {
            position,
            back: Route::Puzzles(Some(id.to_string())).to_hash(),
        });
    }

    /// Skips the running sowing to its end (a click on the board while it runs).
    pub fn skip(self) {
        self.sowing.skip();
    }
}
