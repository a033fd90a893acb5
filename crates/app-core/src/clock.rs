//! The optional chess clock: time per side with an increment or a simple delay, in plain Rust
//! (the caller gives the time, in milliseconds, so plain unit tests cover it). What a time-out
//! does is the control's [`TimeOut`]: the engine's `Game::lose_on_time` or
//! `Game::time_out_counted`.

use toguz_engine::Side;

/// What happens when a player's time runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeOut {
    /// The player loses.
    #[default]
    Loses,
    /// The federation's rule: the korgools still on the board go to the opponent and the
    /// kazans decide (81:81 is a draw).
    Counted,
}

/// A time control: time per side, seconds added after each move, a simple delay, and what a
/// time-out does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Starting time per side, in milliseconds.
    pub base_ms: u64,
    /// Added to the mover's time after each move, in milliseconds.
    pub increment_ms: u64,
    /// A simple delay (Bronstein): after each move the mover gets back the time the move took,
    /// up to this many milliseconds.
    pub delay_ms: u64,
    /// What happens when a side's time runs out.
    pub time_out: TimeOut,
}

/// The shortest time per side a custom control may set: one second.
pub const MIN_BASE_MS: u64 = 1_000;
/// The longest time per side a custom control may set: three hours.
pub const MAX_BASE_MS: u64 = 3 * 3_600_000;
/// The longest increment or delay a custom control may set: one minute.
pub const MAX_ADD_MS: u64 = 60_000;

impl TimeControl {
    /// `minutes` per side and `increment` seconds a move, with no delay, losing on time.
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            base_ms: minutes * 60_000,
            increment_ms: increment * 1_000,
            delay_ms: 0,
            time_out: TimeOut::Loses,
        }
    }

    /// The controls clubs play: 3+2, 5+3, 10+5, 15+10 and 25+10 (minutes + seconds a move).
    pub const PRESETS: [TimeControl; 5] = [
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(25, 10),
    ];

    /// A custom control from what the player typed: seconds per side, seconds added a move,
    /// and the seconds of a simple delay. `None` for no time at all or more than the limits
    /// ([`MIN_BASE_MS`], [`MAX_BASE_MS`], [`MAX_ADD_MS`]): a typed control never makes a clock that cannot run.
    pub fn custom(seconds: f64, increment: f64, delay: f64) -> Option<TimeControl> {
        let ms = |s: f64, max: u64| {
            let ms = (s * 1000.0).round();
            (ms.is_finite() && ms >= 0.0 && ms <= max as f64).then_some(ms as u64)
        };
        let base_ms = ms(seconds, MAX_BASE_MS).filter(|&b| b >= MIN_BASE_MS)?;
        Some(TimeControl {
            base_ms,
            increment_ms: ms(increment, MAX_ADD_MS)?,
            delay_ms: ms(delay, MAX_ADD_MS)?,
            time_out: TimeOut::Loses,
        })
    }

    /// The same control with `time_out`.
    pub fn with_time_out(self, time_out: TimeOut) -> TimeControl {
        TimeControl { time_out, ..self }
    }

    /// The same time as `other` (time, increment, delay), whatever a time-out does.
    pub fn same_time(self, other: TimeControl) -> bool {
        self.with_time_out(TimeOut::Loses) == other.with_time_out(TimeOut::Loses)
    }
}

/// Both sides' time; one side's runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    control: TimeControl,
    /// Time left at the last switch, White's first.
    left: [u64; 2],
    /// The side whose time runs and since when.
    running: Option<(Side, f64)>,
}

impl Clock {
    /// A clock with the full time on both sides, stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base_ms; 2],
            running: None,
        }
    }

    /// Starts (or restarts) `side`'s time at `now`.
    pub fn start(&mut self, side: Side, now: f64) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running time at `now`, charging it.
    pub fn stop(&mut self, now: f64) {
        if let Some((side, since)) = self.running.take() {
            let i = side.index();
            self.left[i] = self.left[i].saturating_sub((now - since).max(0.0) as u64);
        }
    }

    /// After a move by the running side at `now`: its time is charged and the increment
    /// added, and no time runs until [`Clock::start`] gives the turn to the other side.
    ///
    /// What is fair: a player's time runs only while that player can move. The
    /// mover's time stops the moment the move is made; while the move is sown on the board
    /// nobody's time runs; the other side's time starts when the sowing is over and its
    /// houses can be played. The computer's thinking counts on its own clock like a
    /// person's: it starts after the person's move is shown, and stops when the computer
    /// moves.
    pub fn moved(&mut self, now: f64) {
        if let Some((side, since)) = self.running {
            let used = (now - since).max(0.0) as u64;
            let before = self.left[side.index()];
            self.stop(now);
            let i = side.index();
            // The delay gives back the time the move took, never more than was charged.
            let back = used.min(self.control.delay_ms).min(before);
            self.left[i] += self.control.increment_ms + back;
        }
    }

    /// `side`'s time left at `now`, in milliseconds.
    pub fn left(&self, side: Side, now: f64) -> u64 {
        let left = self.left[side.index()];
        match self.running {
            Some((s, since)) if s == side => left.saturating_sub((now - since).max(0.0) as u64),
            _ => left,
        }
    }

    /// The side whose time ran out at `now`, if one.
    pub fn flagged(&self, now: f64) -> Option<Side> {
        let (side, _) = self.running?;
        (self.left(side, now) == 0).then_some(side)
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// A stopped clock with `left` milliseconds (White's, Black's): a saved clock put back.
    pub fn with_left(control: TimeControl, left: [u64; 2]) -> Clock {
        Clock {
            control,
            left,
            running: None,
        }
    }
}

/// `m:ss` for a time in milliseconds (rounded up, so 0:00 means out of time).
pub fn format_ms(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_for_the_side_to_move_with_increment() {
        let mut c = Clock::new(TimeControl::minutes(5, 3));
        c.start(Side::White, 0.0);
        assert_eq!(c.left(Side::White, 10_000.0), 290_000);
        c.moved(10_000.0);
        // The move is shown from 10 s to 15 s: nobody's time runs meanwhile.
        assert_eq!(c.running(), None);
        assert_eq!(c.left(Side::White, 15_000.0), 293_000);
        assert_eq!(c.left(Side::Black, 15_000.0), 300_000);
        c.start(Side::Black, 15_000.0);
        assert_eq!(c.left(Side::White, 55_000.0), 293_000);
        assert_eq!(c.left(Side::Black, 55_000.0), 260_000);
        assert_eq!(c.running(), Some(Side::Black));
        assert_eq!(c.flagged(55_000.0), None);
        assert_eq!(c.flagged(315_000.0), Some(Side::Black));
        c.stop(20_000.0);
        assert_eq!(c.running(), None);
    }

    #[test]
    fn the_presets_are_the_clubs_controls() {
        let shown: Vec<(u64, u64)> = TimeControl::PRESETS
            .iter()
            .map(|c| (c.base_ms / 60_000, c.increment_ms / 1_000))
            .collect();
        assert_eq!(shown, [(3, 2), (5, 3), (10, 5), (15, 10), (25, 10)]);
        assert!(TimeControl::PRESETS
            .iter()
            .all(|c| c.delay_ms == 0 && c.time_out == TimeOut::Loses));
    }

    #[test]
    fn a_simple_delay_gives_back_the_time_a_move_took_up_to_the_delay() {
        let control = TimeControl {
            delay_ms: 5_000,
            ..TimeControl::minutes(1, 0)
        };
        let mut c = Clock::new(control);
        c.start(Side::White, 0.0);
        c.moved(3_000.0);
        // A quick move costs nothing.
        assert_eq!(c.left(Side::White, 3_000.0), 60_000);
        c.start(Side::White, 10_000.0);
        c.moved(18_000.0);
        // A slow one costs what it took beyond the delay.
        assert_eq!(c.left(Side::White, 18_000.0), 57_000);
        // The delay never puts back more than the clock had: out of time stays out.
        c.start(Side::White, 20_000.0);
        assert_eq!(c.flagged(90_000.0), Some(Side::White));
    }

    #[test]
    fn a_custom_control_is_read_from_seconds_and_refuses_what_cannot_run() {
        let c = TimeControl::custom(90.0, 2.0, 1.5).unwrap();
        assert_eq!(
            (c.base_ms, c.increment_ms, c.delay_ms),
            (90_000, 2_000, 1_500)
        );
        assert_eq!(c.time_out, TimeOut::Loses);
        assert_eq!(TimeControl::custom(0.0, 2.0, 0.0), None);
        assert_eq!(TimeControl::custom(-5.0, 0.0, 0.0), None);
        assert_eq!(TimeControl::custom(f64::NAN, 0.0, 0.0), None);
        assert_eq!(TimeControl::custom(60.0, 61.0, 0.0), None);
        assert_eq!(TimeControl::custom(4.0 * 3600.0, 0.0, 0.0), None);
        assert_eq!(TimeControl::custom(0.5, 0.0, 0.0), None);
        assert!(TimeControl::custom(1.0, 0.0, 0.0).is_some());
    }

    #[test]
    fn the_same_time_ignores_what_a_time_out_does() {
        let a = TimeControl::minutes(3, 2);
        assert!(a.same_time(a.with_time_out(TimeOut::Counted)));
        assert!(!a.same_time(TimeControl::minutes(3, 0)));
    }

    #[test]
    fn format() {
        assert_eq!(format_ms(600_000), "10:00");
        assert_eq!(format_ms(61_001), "1:02");
        assert_eq!(format_ms(0), "0:00");
    }
}
