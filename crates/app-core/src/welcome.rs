//! The first visit's welcome and the hand-off from the rules tutorial to a first game: when
//! the welcome shows (play the computer, learn the rules, two players), and when a lesson's
//! end offers a game against the computer at level 1.

use toguz_engine::search::Level;
use toguz_engine::Side;

use crate::game::Mode;

/// Where a browser stands with the welcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Welcome {
    /// Never answered: a first visit.
    New,
    /// Answered with "Learn the rules": the welcome comes back on the way to Play, so that the
    /// learner is offered a first game rather than an empty board for two.
    Learning,
    /// Answered with a game (or closed).
    Answered,
}

impl Welcome {
    /// Where `welcomed` and `learning` (the settings' flags) put the browser.
    pub fn of(welcomed: bool, learning: bool) -> Welcome {
        match (welcomed, learning) {
            (false, _) => Welcome::New,
            (true, true) => Welcome::Learning,
            (true, false) => Welcome::Answered,
        }
    }

    /// Whether the welcome shows on the play screen: not answered with a game, nothing saved,
    /// nothing played on a board from the start (a lesson's "Try it" sets up its own), and not
    /// a visit that opens a shared game.
    pub fn shows(
        self,
        saved_games: usize,
        moves: usize,
        from_start: bool,
        share_link: bool,
    ) -> bool {
        self != Welcome::Answered && saved_games == 0 && moves == 0 && from_start && !share_link
    }
}

/// The game a lesson's end offers a learner: the computer at its first level, the learner
/// with White (who moves first).
pub fn first_game() -> Mode {
    Mode::Computer {
        human: Side::White,
        level: Level::of(1),
    }
}

/// Whether the end of lesson `lesson` (0-based, of `count`) offers [`first_game`]: after the
/// last lesson, whatever the order they were done in, and once every lesson is done
/// (`next` is the next lesson not done, none when all are).
pub fn offers_first_game(lesson: usize, count: usize, next: Option<usize>) -> bool {
    lesson + 1 == count || next.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_first_visit_or_a_learner_on_the_way_to_play_is_welcomed() {
        assert!(Welcome::of(false, false).shows(0, 0, true, false));
        assert!(
            Welcome::of(true, true).shows(0, 0, true, false),
            "back from the lessons"
        );
        assert!(
            !Welcome::of(true, false).shows(0, 0, true, false),
            "answered before"
        );
        assert!(
            !Welcome::New.shows(3, 0, true, false),
            "games saved: not new"
        );
        assert!(
            !Welcome::Learning.shows(0, 1, true, false),
            "already playing"
        );
        assert!(
            !Welcome::Learning.shows(0, 0, false, false),
            "a lesson's Try it"
        );
        assert!(
            !Welcome::New.shows(0, 0, true, true),
            "a shared game asks first"
        );
    }

    #[test]
    fn the_last_lesson_and_the_end_of_all_lessons_offer_the_computer_at_level_1() {
        assert!(
            offers_first_game(9, 10, Some(0)),
            "lesson 10 done before lesson 1"
        );
        assert!(offers_first_game(4, 10, None), "every lesson done");
        assert!(!offers_first_game(4, 10, Some(5)));
        assert_eq!(
            first_game(),
            Mode::Computer {
                human: Side::White,
                level: Level::of(1)
            }
        );
    }
}
