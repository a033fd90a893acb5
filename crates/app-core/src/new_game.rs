//! What the new game dialog offers first: the game on the board again (its opponent, side,
//! level and clock), so that Start never quietly changes what the player chose last.

use toguz_engine::search::Level;
use toguz_engine::Side;

use crate::clock::TimeControl;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_an_easy_game_the_dialog_offers_easy_again() {
        let easy = Mode::Computer {
            human: Side::Black,
            level: Level::of(1),
        };
        let choice = Choice::default().like(easy, Some(TimeControl::PRESETS[1]));
        assert_eq!(choice.opponent, Opponent::Computer);
        assert_eq!((choice.side, choice.level), (Side::Black, Level::of(1)));
        assert_eq!(choice.control, Some(TimeControl::PRESETS[1]));
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
