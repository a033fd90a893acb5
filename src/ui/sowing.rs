//! The sowing animation in the browser: the one driver of every screen that sows korgools on
//! the board. The logic (the queue of frames, the timing, skip, pause and stepping, stale
//! timers) is [`toguz_app_core::anim::Player`]'s, tested natively; this file only runs the timers
//! it asks for and gives its frame as a signal.
//!
//! How a screen uses it:
//!
//! ```ignore
//! let sowing = use_sowing();                  // in the component; its timer goes at unmount
//! sowing.show(anim::frames(&before, &outcome)); // plays the move's frames from the first
//! view! {
//!     <Board position=after frame=sowing.frame() animating=sowing.playing()
//!         on_skip=move |()| sowing.skip() />
//! }
//! ```
//!
//! - The speed is the player's setting, and instant when the system asks for reduced motion
//!   (read at each command, so a change applies to the next sowing): at the instant speed
//!   [`Sowing::show`] puts the last frame up at once.
//! - [`Sowing::extend`] queues a reply after the running move; [`Sowing::clear`] takes the
//!   frames off the board (the position shows again).
//! - The tutorial's controls: [`Sowing::toggle`] (play/pause; from the first frame when at the
//!   last), [`Sowing::back`], [`Sowing::forward`], [`Sowing::restart`]; read the frame's
//!   index with [`Sowing::with`] (`|p| p.at()`, `p.len()`, `p.at_end()`).
//! - The play screen keeps its player inside `toguz_app_core::session::Session` (the clock and the
//!   computer wait for the sowing there); it runs the session's timers with [`after`] and
//!   takes its speed from [`frame_ms`], so it sows exactly as the other screens do.

use std::time::Duration;

use leptos::prelude::*;

use crate::services::settings::SettingsContext;
use toguz_app_core::anim::{Frame, Player, Speed, Tick, Wait};

/// Milliseconds between the frames of a sowing at `speed`: 0 (instant) when the system asks
/// for reduced motion.
pub fn frame_ms(speed: Speed) -> u32 {
    if crate::platform::media::prefers_reduced_motion() {
        0
    } else {
        speed.frame_ms()
    }
}

/// Runs `then` when the timer `wait` asks for is over; the handle cancels it.
pub fn after(wait: Wait, then: impl FnOnce() + 'static) -> Option<TimeoutHandle> {
    set_timeout_with_handle(then, Duration::from_millis(wait.ms.into())).ok()
}

/// A sowing shown on a board (see the module's doc). `Copy`: it moves into any handler.
#[derive(Clone, Copy)]
pub struct Sowing {
    player: RwSignal<Player>,
    timer: StoredValue<Option<TimeoutHandle>>,
    settings: Option<SettingsContext>,
}

/// A driver for one board: nothing shown until [`Sowing::show`]. Its timer is cleared when
/// the calling component goes.
pub fn use_sowing() -> Sowing {
    let sowing = Sowing {
        player: RwSignal::new(Player::default()),
        timer: StoredValue::new(None),
        settings: use_context::<SettingsContext>(),
    };
    on_cleanup(move || sowing.cancel_timer());
    sowing
}

impl Sowing {
    /// The frame to draw instead of the position, if any (tracked).
    pub fn frame(self) -> Signal<Option<Frame>> {
        Signal::derive(move || self.player.with(Player::frame))
    }

    /// True while the frames advance on their own (tracked).
    pub fn playing(self) -> Signal<bool> {
        Signal::derive(move || self.player.with(Player::playing))
    }

    /// Reads the player (tracked): the index shown, the number of frames, the ends.
    pub fn with<R>(self, f: impl FnOnce(&Player) -> R) -> R {
        self.player.with(f)
    }

    /// Reads the player without tracking.
    pub fn with_untracked<R>(self, f: impl FnOnce(&Player) -> R) -> R {
        self.player.with_untracked(f)
    }

    /// Shows `frames` from the first, playing (the last at once at the instant speed).
    pub fn show(self, frames: Vec<Frame>) {
        self.run(|p| p.show(frames));
    }

    /// Queues `frames` after the running sowing; shows them if none runs.
    pub fn extend(self, frames: Vec<Frame>) {
        self.run(|p| p.extend(frames));
    }

    /// Plays from the frame shown (from the first when at the last).
    pub fn play(self) {
        self.run(Player::play);
    }

    /// Stops on the frame shown.
    pub fn pause(self) {
        self.run(|p| {
            p.pause();
            None
        });
    }

    /// Play or pause.
    pub fn toggle(self) {
        self.run(Player::toggle);
    }

    /// Skips to the last frame.
    pub fn skip(self) {
        self.run(|p| {
            p.skip();
            None
        });
    }

    /// Back to the first frame, paused.
    pub fn restart(self) {
        self.run(|p| {
            p.restart();
            None
        });
    }

    /// One frame back, paused.
    pub fn back(self) {
        self.run(|p| {
            p.back();
            None
        });
    }

    /// One frame forward, paused.
    pub fn forward(self) {
        self.run(|p| {
            p.forward();
            None
        });
    }

    /// No sowing on the board any more.
    pub fn clear(self) {
        self.run(|p| {
            p.clear();
            None
        });
    }

    fn speed(self) -> Speed {
        self.settings
            .map_or(Speed::default(), |s| s.with_untracked(|s| s.speed))
    }

    /// Runs a command on the player with the speed of now, then the timer it asks for; a
    /// command that stops the player cancels the timer running.
    fn run(self, command: impl FnOnce(&mut Player) -> Option<Wait>) {
        let ms = frame_ms(self.speed());
        let Some((wait, playing)) = self.player.try_update(|p| {
            p.set_frame_ms(ms);
            let wait = command(p);
            (wait, p.playing())
        }) else {
            return;
        };
        if wait.is_some() || !playing {
            self.cancel_timer();
        }
        if let Some(wait) = wait {
            self.wait(wait);
        }
    }

    fn wait(self, wait: Wait) {
        let handle = after(wait, move || self.tick(wait.token));
        self.timer.try_update_value(|t| *t = handle);
    }

    fn tick(self, token: u32) {
        self.timer.try_update_value(|t| *t = None);
        if let Some(Tick::Next(wait)) = self.player.try_update(|p| p.tick(token)) {
            self.wait(wait);
        }
    }

    fn cancel_timer(self) {
        if let Some(t) = self.timer.try_update_value(Option::take).flatten() {
            t.clear();
        }
    }
}
