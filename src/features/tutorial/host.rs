//! [`LessonHost`]: the lesson being taken (`toguz_app_core::lesson`) run in the browser, its
//! actions carried out (the board's sowing, the saved progress, a game launched). The lesson's
//! screen ([`super::lesson_view`]) and its panel's parts ([`super::exercise`],
//! [`super::narration_view`]) all read and drive the lesson through it.

use leptos::prelude::*;

use super::keys::Key;
use super::lessons::LESSONS;
use super::narration::{self, Line};
use super::progress::Progress;
use super::screens::use_progress;
use crate::services::launch::{Launch, Launcher};
use crate::ui::{use_sowing, Sowing};
use toguz_app_core::game::Mode;
use toguz_app_core::lesson::{Action, Lesson};

/// The lesson being taken, for the screen's parts: read it with [`LessonHost::with`], change
/// it with [`LessonHost::run`]. `Copy`, so it moves into any handler.
#[derive(Clone, Copy)]
pub(super) struct LessonHost {
    state: RwSignal<Lesson<Key>>,
    /// The narration of the sowing shown; its frames play in `sowing`.
    told: RwSignal<Option<narration::Sowing>>,
    /// The board's sowing (the app's one driver).
    pub sowing: Sowing,
    /// The saved progress of every lesson.
    pub progress: RwSignal<Progress>,
    /// The lesson's index (from 0).
    pub lesson: usize,
    launcher: Launcher,
}

impl LessonHost {
    /// Opens lesson `lesson` at the step reached before.
    pub fn open(lesson: usize) -> LessonHost {
        let progress = use_progress();
        let reached = progress.with_untracked(|p| p.step(lesson));
        let (state, actions) = Lesson::open(LESSONS[lesson].steps, reached);
        let host = LessonHost {
            state: RwSignal::new(state),
            told: RwSignal::new(None),
            sowing: use_sowing(),
            progress,
            lesson,
            launcher: Launcher::get(),
        };
        for action in actions {
            host.perform(action);
        }
        host
    }

    /// Reads the lesson (tracked).
    pub fn with<R>(self, f: impl FnOnce(&Lesson<Key>) -> R) -> R {
        self.state.with(f)
    }

    /// Runs a command on the lesson, then the actions it asks for.
    pub fn run(self, command: impl FnOnce(&mut Lesson<Key>) -> Vec<Action>) {
        for action in self.state.try_update(command).unwrap_or_default() {
            self.perform(action);
        }
    }

    fn perform(self, action: Action) {
        match action {
            Action::Show(sowing) => {
                self.sowing.show(sowing.frames.clone());
                self.told.set(Some(sowing));
            }
            Action::ClearSowing => {
                self.sowing.clear();
                self.told.set(None);
            }
            Action::Reached(step) => self.progress.update(|p| p.set_step(self.lesson, step)),
            Action::Completed => self.progress.update(|p| p.complete(self.lesson)),
            Action::Launch(start) => {
                // Play never fails to start a position.
                let _ = self.launcher.launch(Launch::Position {
                    start,
                    mode: Mode::TwoPlayers,
                });
            }
        }
    }

    /// What is said at the frame shown (tracked).
    pub fn lines(self) -> Vec<Line> {
        let at = self.sowing.with(|p| p.at());
        self.told
            .with(|s| s.as_ref().and_then(|s| s.lines.get(at).cloned()))
            .unwrap_or_default()
    }

    /// The drop number on each house at the frame shown (tracked).
    pub fn drop_numbers(self) -> [u8; 18] {
        let at = self.sowing.with(|p| p.at());
        self.told
            .with(|s| s.as_ref().and_then(|s| s.counts.get(at).copied()))
            .unwrap_or([0; 18])
    }
}
