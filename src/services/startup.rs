//! The first screen built in several tasks (`toguz_app_core::startup`): the root provides
//! [`Startup`] as it mounts, each step comes a task after the one before (a `setTimeout` of 0:
//! the browser may answer the player and paint between them), and at the last the shell goes,
//! showing the whole screen at once.
//!
//! Why: the first screen's build takes 35-140 ms of this machine's time in all, four times
//! that on Lighthouse's slowed phone; in one task, nearly all of it would be blocking time
//! (a task's time over 50 ms), and the player's first tap would wait for all of it.

use leptos::prelude::*;
use toguz_app_core::startup::{Piece, Step};

/// The start-up's step, in context.
#[derive(Clone, Copy)]
pub struct Startup(RwSignal<Step>);

impl Startup {
    /// Provides it at its first step and goes through the others, one a task.
    pub fn provide() -> Startup {
        let startup = Startup(RwSignal::new(Step::FIRST));
        provide_context(startup);
        startup.go_on();
        startup
    }

    /// The next step, a task from now; the shell removed at the last.
    fn go_on(self) {
        set_timeout(
            move || {
                let Some(next) = self.0.try_get_untracked().and_then(Step::next) else {
                    return;
                };
                self.0.set(next);
                if next.shows_the_page() {
                    crate::platform::dom::remove_shell();
                } else {
                    self.go_on();
                }
            },
            std::time::Duration::ZERO,
        );
    }
}

/// Whether `piece` is built yet: true from its step on (a memo, so that a view shown by it is
/// built once). True where no start-up runs (a view mounted alone, as the library's tests do).
pub fn built(piece: Piece) -> Signal<bool> {
    match use_context::<Startup>() {
        Some(Startup(step)) => Memo::new(move |_| step.get().has(piece)).into(),
        None => Signal::stored(true),
    }
}
