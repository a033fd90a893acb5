//! [`use_ai`]: the computer opponent for Leptos components, with a `thinking` signal. The
//! search runs in a Web Worker (`platform::ai`), so the page never freezes while it thinks.
//!
//! (Compiled as `documented_use` below: the app is compiled for wasm32 only, without doc tests.)
//!
//! ```ignore
//! use leptos::prelude::*;
//! use toguz_app::services::ai::use_ai;
//! use toguz_engine::{search::Level, Position};
//!
//! #[component]
//! fn Opponent() -> impl IntoView {
//!     let ai = use_ai();
//!     let think = move |_| {
//!         ai.play(&Position::start(), Level::of(5), 7, |result| match result {
//!             Ok(report) => { /* play report.best, animated like any move */ }
//!             Err(error) => { /* show it */ }
//!         });
//!     };
//!     // On a new game or an undo: ai.new_game() or ai.cancel().
//!     view! {
//!         <button on:click=think>"Think"</button>
//!         <Show when=move || ai.thinking().get()>"Thinking…"</Show>
//!     }
//! }
//! ```

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::Position;

use crate::platform::ai::AiWorker;
use toguz_app_core::ai::{AiError, Reply, Report, RequestId, Task};

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
    ai_of(AiWorker::new())
}

/// [`use_ai`] for searches the player asks for (hints, the evaluation bar): its worker starts
/// at the first request, not at the player's first sign.
pub fn use_ai_on_demand() -> Ai {
    ai_of(AiWorker::on_demand())
}

fn ai_of(worker: AiWorker) -> Ai {
    let ai = Ai {
        worker: StoredValue::new_local(worker),
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
        on_done: impl FnOnce(Result<Report, AiError>) + 'static,
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
                Reply::Error { message, .. } => Err(AiError::Failed(message.clone())),
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

/// The documented use of [`use_ai`], compiled with the app so that the example above stays
/// true (never called: the release build drops it).
#[allow(dead_code)]
mod documented_use {
    use leptos::prelude::*;
    use toguz_engine::{search::Level, Position};

    use super::use_ai;

    #[component]
    fn Opponent() -> impl IntoView {
        let ai = use_ai();
        let think = move |_| {
            ai.play(&Position::start(), Level::of(5), 7, |result| match result {
                Ok(report) => {
                    let _best = report.best;
                }
                Err(_error) => {}
            });
        };
        view! {
            <button on:click=think>"Think"</button>
            <Show when=move || ai.thinking().get()>"Thinking…"</Show>
        }
    }
}
