//! One executor for the review's analysis runs (`toguz_app_core::review::ReviewRun`): the
//! review screen holds one run, the end dialog's estimate one per ended game; both have their
//! run's actions carried out here, in their search worker and the saves.

use crate::platform::time::now;
use crate::services::ai::Ai;
use crate::services::saves::Saves;
use toguz_app_core::ai::Reply;
use toguz_app_core::review::{ReviewRun, RunAction};

/// Where a run is held.
pub trait RunHolder: Copy + 'static {
    /// Runs `f` on the run; `None` when it is no longer held (its screen is gone, or another
    /// game's run took its place), and then a late answer of the worker changes nothing.
    fn with_run<R>(self, f: impl FnOnce(&mut ReviewRun) -> R) -> Option<R>;

    /// The id of the game reviewed in the library, where its review is kept; `None` for a
    /// game not saved.
    fn game_id(self) -> Option<String>;
}

/// A run with the worker that analyses it and the saves that keep it: `Copy`, for the
/// worker's replies.
#[derive(Clone, Copy)]
pub struct ReviewRunner<H> {
    ai: Ai,
    saves: Saves,
    holder: H,
}

impl<H: RunHolder> ReviewRunner<H> {
    /// The runner of the run in `holder`, analysed by `ai`.
    pub fn new(ai: Ai, saves: Saves, holder: H) -> Self {
        ReviewRunner { ai, saves, holder }
    }

    /// Runs a command on the run, then the actions it asks for.
    pub fn command(self, command: impl FnOnce(&mut ReviewRun) -> Vec<RunAction>) {
        self.perform(self.holder.with_run(command).unwrap_or_default());
    }

    /// Carries out the run's actions. Not generic over the command: a reply's command, made
    /// in here, would otherwise be a new closure type in each instance of `command`, without
    /// end.
    fn perform(self, actions: Vec<RunAction>) {
        for action in actions {
            match action {
                RunAction::NewSearcher => self.ai.new_game(),
                RunAction::Analyse { position, task } => {
                    self.ai.request(&position, task, move |reply| match reply {
                        Reply::Analysis {
                            analysis,
                            done: true,
                            ..
                        } => self.command(|r| r.analysed(analysis.clone(), now())),
                        Reply::Error { message, .. } => {
                            self.holder.with_run(|r| r.failed(message.clone()));
                        }
                        _ => {}
                    });
                }
                RunAction::Cancel => self.ai.cancel(),
                RunAction::Save(saved) => {
                    if let Some(id) = self.holder.game_id() {
                        self.saves.save_review(&id, &saved);
                    }
                }
            }
        }
    }
}
