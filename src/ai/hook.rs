//! [`use_ai`]: the search worker for a Leptos component.

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::Position;

use super::client::AiWorker;
use super::protocol::{Reply, Report, RequestId, Task};

/// A handle on the search worker for components: `Copy`, so it moves into any number of
/// event handlers. The worker lives as long as the component that called [`use_ai`].
#[derive(Clone, Copy)]
pub struct Ai {
    worker: StoredValue<AiWorker, LocalStorage>,
    thinking: RwSignal<bool>,
}

/// Starts the search worker for the current component (terminated when the component is
/// cleaned up, or when the page is hidden). Call it once, e.g. in the play screen, and pass
/// the [`Ai`] down or provide it by context.
pub fn use_ai() -> Ai {
    let ai = Ai {
        worker: StoredValue::new_local(AiWorker::new()),
        thinking: RwSignal::new(false),
    };
    on_cleanup(move || {
        ai.worker.try_with_value(AiWorker::terminate);
    });
    ai
}

impl Ai {
    /// True while the computer thinks (a request is unanswered): for a "thinking" indicator.
    pub fn thinking(self) -> ReadSignal<bool> {
        self.thinking.read_only()
    }

    /// Asks for the move of `level` in `position`; `on_done` receives the result (its
    /// `best` is the house to play), or why there is none. `seed` drives the level's
    /// randomness: vary it from move to move (e.g. the ply number plus a per-game seed).
    /// Never called if the request is cancelled first.
    pub fn play(
        self,
        position: &Position,
        level: Level,
        seed: u64,
        on_done: impl FnOnce(Result<Report, String>) + 'static,
    ) -> Option<RequestId> {
        let task = Task::Level {
            level,
            seed,
            movetime_ms: None,
        };
        let mut on_done = Some(on_done);
        self.request(position, task, move |reply| {
            let result = match reply {
                Reply::Done { report, .. } => Ok(report.clone()),
                Reply::Error { message, .. } => Err(message.clone()),
                _ => return,
            };
            if let Some(f) = on_done.take() {
                f(result);
            }
        })
    }

    /// Asks for any [`Task`]; `on_reply` receives every reply to it (see
    /// [`AiWorker::request`]). `None` if the component is gone.
    pub fn request(
        self,
        position: &Position,
        task: Task,
        mut on_reply: impl FnMut(&Reply) + 'static,
    ) -> Option<RequestId> {
        // Set first: a worker that cannot start answers at once, and that answer resets it.
        self.thinking.try_set(true);
        let id = self.worker.try_with_value(|w| {
            w.request(position, task, move |reply| {
                if reply.is_final() {
                    self.sync_thinking();
                }
                on_reply(reply);
            })
        });
        if id.is_none() {
            self.thinking.try_set(false);
        }
        id
    }

    /// Cancels the search (the worker restarts; its callbacks are never called). For undo,
    /// leaving the game, or a move made meanwhile.
    pub fn cancel(self) {
        self.worker.try_with_value(AiWorker::cancel);
        self.sync_thinking();
    }

    /// Cancels the search and forgets what the searcher learnt: for a new game.
    pub fn new_game(self) {
        self.worker.try_with_value(AiWorker::new_game);
        self.sync_thinking();
    }

    fn sync_thinking(self) {
        let busy = self
            .worker
            .try_with_value(AiWorker::is_thinking)
            .unwrap_or(false);
        self.thinking.try_set(busy);
    }
}
