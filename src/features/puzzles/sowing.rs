//! The puzzle board's sowing animation, all in this file: the frames of the moves the trainer
//! asks to sow (`core::anim::frames`, from the engine's outcomes), one after another with a
//! short hold between two moves so that each can be seen, stepped on a timer. The trainer
//! never waits for it: its position is already the last move's result.

use std::time::Duration;

use leptos::prelude::*;
use toguz_engine::{MoveOutcome, Position};

use crate::core::anim::{self, Frame};

/// Frames held between two moves of a line, so that each can be seen.
const PAUSE_FRAMES: usize = 3;

/// The sowing on the puzzle board. `Copy`, for the event handlers.
#[derive(Clone, Copy)]
pub struct Sowing {
    frames: RwSignal<Vec<Frame>>,
    index: RwSignal<usize>,
    animating: Memo<bool>,
    /// No animation: the speed is "instant", or the system asks for reduced motion.
    instant: bool,
}

impl Sowing {
    /// The animation at `frame_ms` a frame (0: none), its timer stopped when the screen goes.
    pub fn start(frame_ms: u32) -> Sowing {
        let frames = RwSignal::new(Vec::<Frame>::new());
        let index = RwSignal::new(0usize);
        let sowing = Sowing {
            frames,
            index,
            animating: Memo::new(move |_| index.get() + 1 < frames.with(Vec::len)),
            instant: frame_ms == 0 || crate::platform::media::prefers_reduced_motion(),
        };
        let ticker = (!sowing.instant)
            .then(|| {
                set_interval_with_handle(
                    move || {
                        let len = frames.with_untracked(Vec::len);
                        let i = index.get_untracked();
                        if i + 1 < len {
                            index.set(i + 1);
                        }
                    },
                    Duration::from_millis(u64::from(frame_ms)),
                )
                .ok()
            })
            .flatten();
        on_cleanup(move || {
            if let Some(t) = ticker {
                t.clear();
            }
        });
        sowing
    }

    /// Sows `moves` (each the position before it and the engine's outcome), in place of the
    /// running sowing, or after it when `queued`.
    pub fn play(self, moves: &[(Position, MoveOutcome)], queued: bool) {
        if moves.is_empty() {
            return;
        }
        if self.instant {
            self.stop();
            return;
        }
        let append = queued && self.animating.get_untracked();
        self.frames.update(|f| {
            if !append {
                f.clear();
            }
            for (before, outcome) in moves {
                if let Some(&hold) = f.last() {
                    f.extend(std::iter::repeat_n(hold, PAUSE_FRAMES));
                }
                f.extend(anim::frames(before, outcome));
            }
        });
        if !append {
            self.index.set(0);
        }
    }

    /// Stops the sowing: the board shows the position at once.
    pub fn stop(self) {
        self.frames.set(Vec::new());
        self.index.set(0);
    }

    /// Skips the running sowing to its end.
    pub fn finish(self) {
        self.index
            .set(self.frames.with_untracked(Vec::len).saturating_sub(1));
    }

    /// True while a sowing runs (tracked).
    pub fn animating(self) -> bool {
        self.animating.get()
    }

    /// The frame to draw while a sowing runs (tracked).
    pub fn frame(self) -> Option<Frame> {
        if self.animating.get() {
            self.frames.with(|f| f.get(self.index.get()).copied())
        } else {
            None
        }
    }
}
