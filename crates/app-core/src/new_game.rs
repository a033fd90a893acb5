//! What the new game dialog offers first: the game on the board again (its opponent, side,
//! level and clock), so that Start never quietly changes what the player chose last.

use toguz_engine::search::Level;
use toguz_engine::Side;

use crate::clock::{TimeControl, TimeOut};
use crate::game::Mode;

/// Who the player plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer.
    Computer,
    /// Another person on this device.
    Two,
    /// Nobody: the computer plays both sides.
    Watch,
    /// A friend on another device, a move per link.
    Link,
}

/// The dialog's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Against whom.
    pub opponent: Opponent,
    /// The player's side against the computer.
    pub side: Side,
    /// The computer's level.
    pub level: Level,
    /// The clock, if any.
    pub control: Option<TimeControl>,
}

impl Default for Choice {
    /// A first game: White against the computer at Medium, without a clock.
    fn default() -> Choice {
        Choice {
            opponent: Opponent::Computer,
            side: Side::White,
            level: Level::of(4),
            control: None,
        }
    }
}

impl Choice {
    /// The choices that start a game like the one in `mode` with `control`; what that mode
    /// does not say (the level of a game between two people) stays as `self` had it.
    pub fn like(self, mode: Mode, control: Option<TimeControl>) -> Choice {
        let (opponent, side, level) = match mode {
            Mode::Computer { human, level } => (Opponent::Computer, human, level),
            Mode::TwoPlayers => (Opponent::Two, self.side, self.level),
            Mode::Watch { level } => (Opponent::Watch, self.side, level),
            Mode::Link { me } => (Opponent::Link, me, self.level),
        };
        Choice {
            opponent,
            side,
            level,
            control,
        }
    }

    /// The mode these choices start; `None` for a game by link, which starts with its own
    /// id and the names (`PlaySession::new_link_game`).
    pub fn mode(self) -> Option<Mode> {
        Some(match self.opponent {
            Opponent::Computer => Mode::Computer {
                human: self.side,
                level: self.level,
            },
            Opponent::Two => Mode::TwoPlayers,
            Opponent::Watch => Mode::Watch { level: self.level },
            Opponent::Link => return None,
        })
    }
}

/// Which clock chip is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockPick {
    /// No clock.
    None,
    /// One of [`TimeControl::PRESETS`], by its index.
    Preset(usize),
    /// The time typed in the form's fields.
    Custom,
}

/// The dialog's clock: a chip, the custom fields as typed, and the time-out rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockForm {
    /// The chip pressed.
    pub pick: ClockPick,
    /// Minutes per side, as typed (`0.5` is half a minute).
    pub minutes: String,
    /// Seconds added a move, as typed.
    pub increment: String,
    /// Seconds of a simple delay, as typed.
    pub delay: String,
    /// What a time-out does.
    pub time_out: TimeOut,
}

/// The custom fields do not make a clock that can run (see [`TimeControl::custom`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadClock;

impl ClockForm {
    /// The form showing `control`: its preset's chip, or the custom fields filled in.
    pub fn of(control: Option<TimeControl>) -> ClockForm {
        // In thousandths of the unit, as `thousandths` reads them back.
        let number = |ms: u64, per: u64| {
            let milli = ms * 1000 / per;
            let (whole, rest) = (milli / 1000, milli % 1000);
            if rest == 0 {
                whole.to_string()
            } else {
                format!("{whole}.{}", format!("{rest:03}").trim_end_matches('0'))
            }
        };
        let (pick, custom) = match control {
            None => (ClockPick::None, TimeControl::minutes(10, 5)),
            Some(c) => match TimeControl::PRESETS.iter().position(|p| p.same_time(c)) {
                Some(i) => (ClockPick::Preset(i), c),
                None => (ClockPick::Custom, c),
            },
        };
        ClockForm {
            pick,
            minutes: number(custom.base_ms, 60_000),
            increment: number(custom.increment_ms, 1_000),
            delay: number(custom.delay_ms, 1_000),
            time_out: control.map_or(TimeOut::Loses, |c| c.time_out),
        }
    }

    /// The clock chosen, `None` for none; an error when the custom fields do not read.
    /// A field may use a comma for the decimal point, as the Russian keyboard types it.
    pub fn control(&self) -> Result<Option<TimeControl>, BadClock> {
        let read = |text: &str| -> Result<f64, BadClock> {
            thousandths(text).map(|t| t as f64 / 1000.0).ok_or(BadClock)
        };
        let control = match self.pick {
            ClockPick::None => return Ok(None),
            ClockPick::Preset(i) => *TimeControl::PRESETS.get(i).ok_or(BadClock)?,
            ClockPick::Custom => TimeControl::custom(
                read(&self.minutes)? * 60.0,
                read(&self.increment)?,
                read(&self.delay)?,
            )
            .ok_or(BadClock)?,
        };
        Ok(Some(control.with_time_out(self.time_out)))
    }
}

/// A number as typed in a clock's field ("1.5", "0,02", "" for none), in thousandths; none
/// when it does not read. Read with integers: `f64::from_str` and its tables would weigh on
/// the dialogs' part, fetched at the player's first touch.
fn thousandths(text: &str) -> Option<u64> {
    let text = text.trim();
    let (whole, fraction) = text.split_once(['.', ',']).unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || whole.len() > 9 {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut rest = 0;
    for i in 0..3 {
        rest = rest * 10
            + fraction
                .as_bytes()
                .get(i)
                .map_or(0, |b| u64::from(b - b'0'));
    }
    Some(whole * 1000 + rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_an_easy_game_the_dialog_offers_easy_again() {
        let easy = Mode::Computer {
            human: Side::Black,
            level: Level::of(1),
        };
        let choice = Choice::default().like(
            easy,
            Some(TimeControl::PRESETS[1].with_time_out(TimeOut::Counted)),
        );
        assert_eq!(choice.opponent, Opponent::Computer);
        assert_eq!((choice.side, choice.level), (Side::Black, Level::of(1)));
        assert_eq!(
            choice.control,
            Some(TimeControl::PRESETS[1].with_time_out(TimeOut::Counted))
        );
        assert_eq!(choice.mode(), Some(easy));
    }

    #[test]
    fn a_game_between_two_people_keeps_the_level_chosen_before() {
        let before = Choice {
            level: Level::of(5),
            ..Choice::default()
        };
        let choice = before.like(Mode::TwoPlayers, None);
        assert_eq!(choice.opponent, Opponent::Two);
        assert_eq!(choice.level, Level::of(5));
        assert_eq!(choice.mode(), Some(Mode::TwoPlayers));
        let watch = Mode::Watch {
            level: Level::of(8),
        };
        assert_eq!(before.like(watch, None).mode(), Some(watch));
    }

    #[test]
    fn the_clock_form_reads_a_preset_with_the_federations_rule() {
        let mut form = ClockForm::of(None);
        assert_eq!(form.control(), Ok(None));
        form.pick = ClockPick::Preset(2);
        form.time_out = TimeOut::Counted;
        let control = form.control().unwrap().unwrap();
        assert!(control.same_time(TimeControl::minutes(10, 5)));
        assert_eq!(control.time_out, TimeOut::Counted);
        assert_eq!(ClockForm::of(Some(control)), form);
    }

    #[test]
    fn the_clock_form_reads_a_custom_time_with_a_comma_and_a_delay() {
        let mut form = ClockForm::of(None);
        form.pick = ClockPick::Custom;
        form.minutes = "1,5".into();
        form.increment = String::new();
        form.delay = "2".into();
        let control = form.control().unwrap().unwrap();
        assert_eq!(
            (control.base_ms, control.increment_ms, control.delay_ms),
            (90_000, 0, 2_000)
        );
        let again = ClockForm::of(Some(control));
        assert_eq!(again.pick, ClockPick::Custom);
        assert_eq!((again.minutes.as_str(), again.delay.as_str()), ("1.5", "2"));
    }

    #[test]
    fn a_clock_field_reads_decimals_with_a_point_or_a_comma_in_thousandths() {
        assert_eq!(thousandths("1,5"), Some(1_500));
        assert_eq!(thousandths(" 0.02 "), Some(20));
        assert_eq!(thousandths("2"), Some(2_000));
        assert_eq!(thousandths(".5"), Some(500));
        assert_eq!(thousandths("3.14159"), Some(3_141));
        assert_eq!(thousandths(""), Some(0));
        for bad in ["abc", "-1", "1.2.3", "1e3", "99999999999"] {
            assert_eq!(thousandths(bad), None, "{bad:?}");
        }
        let mut form = ClockForm::of(None);
        form.pick = ClockPick::Custom;
        form.minutes = "0,02".into();
        let control = form.control().unwrap().unwrap();
        assert_eq!(control.base_ms, 1_200);
        assert_eq!(ClockForm::of(Some(control)).minutes, "0.02");
    }

    #[test]
    fn the_clock_form_refuses_a_custom_time_that_cannot_run() {
        let mut form = ClockForm::of(None);
        form.pick = ClockPick::Custom;
        for minutes in ["0", "abc", "-1", "500", ""] {
            form.minutes = minutes.into();
            assert_eq!(form.control(), Err(BadClock), "{minutes:?}");
        }
        form.minutes = "3".into();
        form.increment = "61".into();
        assert_eq!(form.control(), Err(BadClock));
    }

    #[test]
    fn a_first_game_is_white_against_medium() {
        assert_eq!(
            Choice::default().mode(),
            Some(Mode::Computer {
                human: Side::White,
                level: Level::of(4)
            })
        );
    }

    #[test]
    fn a_game_by_link_is_offered_again_on_the_same_side_and_starts_by_its_own_way() {
        let choice = Choice::default().like(Mode::Link { me: Side::Black }, None);
        assert_eq!(
            (choice.opponent, choice.side),
            (Opponent::Link, Side::Black)
        );
        assert_eq!(choice.mode(), None);
    }
}
