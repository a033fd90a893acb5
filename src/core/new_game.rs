//! What the new game dialog offers first: the game on the board again (its opponent, side,
//! level and clock), so that Start never quietly changes what the player chose last.

use toguz_engine::search::Level;
use toguz_engine::Side;

use crate::core::clock::TimeControl;
use crate::core::game::Mode;

/// Who the player plays against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer.
    Computer,
    /// Another person on this device.
    Two,
    /// Nobody: the computer plays both sides.
    Watch,
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
            level: Level::Medium,
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
        };
        Choice {
            opponent,
            side,
            level,
            control,
        }
    }

    /// The mode these choices start.
    pub fn mode(self) -> Mode {
        match self.opponent {
            Opponent::Computer => Mode::Computer {
                human: self.side,
                level: self.level,
            },
            Opponent::Two => Mode::TwoPlayers,
            Opponent::Watch => Mode::Watch { level: self.level },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn after_an_easy_game_the_dialog_offers_easy_again() {
        let easy = Mode::Computer {
            human: Side::Black,
            level: Level::Easy,
        };
        let choice = Choice::default().like(easy, Some(TimeControl::PRESETS[1]));
        assert_eq!(choice.opponent, Opponent::Computer);
        assert_eq!((choice.side, choice.level), (Side::Black, Level::Easy));
        assert_eq!(choice.control, Some(TimeControl::PRESETS[1]));
        assert_eq!(choice.mode(), easy);
    }

    #[wasm_bindgen_test]
    fn a_game_between_two_people_keeps_the_level_chosen_before() {
        let before = Choice {
            level: Level::Hard,
            ..Choice::default()
        };
        let choice = before.like(Mode::TwoPlayers, None);
        assert_eq!(choice.opponent, Opponent::Two);
        assert_eq!(choice.level, Level::Hard);
        assert_eq!(choice.mode(), Mode::TwoPlayers);
        let watch = Mode::Watch {
            level: Level::Expert,
        };
        assert_eq!(before.like(watch, None).mode(), watch);
    }

    #[wasm_bindgen_test]
    fn a_first_game_is_white_against_medium() {
        assert_eq!(
            Choice::default().mode(),
            Mode::Computer {
                human: Side::White,
                level: Level::Medium
            }
        );
    }
}
