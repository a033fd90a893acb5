//! The optional chess clock: time per side with an increment, in plain Rust (the caller gives
//! the time, in milliseconds, so plain unit tests cover it). Losing on time is the engine's
//! `Game::lose_on_time`.

use toguz_engine::Side;

/// A time control: minutes per side and seconds added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Starting time per side, in milliseconds.
    pub base_ms: u64,
    /// Added to the mover's time after each move, in milliseconds.
    pub increment_ms: u64,
}

impl TimeControl {
    /// The controls offered: 10 minutes, and 5 minutes plus 3 seconds a move.
    pub const PRESETS: [TimeControl; 2] = [
        TimeControl {
            base_ms: 600_000,
            increment_ms: 0,
        },
        TimeControl {
            base_ms: 300_000,
            increment_ms: 3_000,
        },
    ];
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
        if let Some((side, _)) = self.running {
            self.stop(now);
            let i = side.index();
            self.left[i] += self.control.increment_ms;
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
        let mut c = Clock::new(TimeControl::PRESETS[1]);
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
    fn format() {
        assert_eq!(format_ms(600_000), "10:00");
        assert_eq!(format_ms(61_001), "1:02");
        assert_eq!(format_ms(0), "0:00");
    }
}
