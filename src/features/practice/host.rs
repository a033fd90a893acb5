//! [`PracticeHost`]: the practice screen (`toguz_app_core::practice::Screen`) in the browser.
//! It keeps the screen in one signal and carries out its actions: the set fetched, what is
//! kept saved, and a position played on the play screen through the launcher.

use leptos::prelude::*;
use toguz_engine::search::Level;

use crate::platform::storage::{self, PRACTICE_KEY};
use crate::services::launch::{Launch, Launcher};
use toguz_app_core::game::Mode;
use toguz_app_core::practice::{Action, Kept, Screen, FILE};

/// The practice screen, by context. `Copy`, so it moves into any number of event handlers.
#[derive(Clone, Copy)]
pub struct PracticeHost {
    state: RwSignal<Screen>,
    launcher: Launcher,
}

impl PracticeHost {
    /// Starts the screen with what was kept, provides it, and fetches the set.
    pub fn start() -> PracticeHost {
        let kept = storage::load::<Kept>(PRACTICE_KEY).unwrap_or_default();
        let host = PracticeHost {
            state: RwSignal::new(Screen::new(kept)),
            launcher: Launcher::get(),
        };
        provide_context(host);
        host.load();
        host
    }

    /// The screen in context. Needs [`PracticeHost::start`] above.
    pub fn get() -> PracticeHost {
        expect_context::<PracticeHost>()
    }

    /// Reads the screen (tracked).
    pub fn with<R>(self, f: impl FnOnce(&Screen) -> R) -> R {
        self.state.with(f)
    }

    /// Reads the screen without tracking.
    pub fn with_untracked<R>(self, f: impl FnOnce(&Screen) -> R) -> R {
        self.state.with_untracked(f)
    }

    fn run(self, command: impl FnOnce(&mut Screen) -> Vec<Action>) {
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
                let text = crate::platform::fetch::text(FILE).await;
                self.run(|s| s.fetched(text));
            }),
            Action::Save => self
                .state
                .with_untracked(|s| storage::save(PRACTICE_KEY, s.kept())),
            Action::Play { start, level } => {
                let mode = Mode::Computer {
                    human: start.turn(),
                    level,
                };
                // The play feature starts the game and shows its screen.
                let _ = self.launcher.launch(Launch::Position { start, mode });
            }
        }
    }

    /// Fetches the set (again, after a failure).
    pub fn load(self) {
        self.run(Screen::load);
    }

    /// The level of the next practice.
    pub fn choose_level(self, level: Level) {
        self.run(|s| s.choose_level(level));
    }

    /// Plays position `id`.
    pub fn open(self, id: &str) {
        self.run(|s| s.open(id));
    }
}
