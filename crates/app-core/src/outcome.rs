//! How a finished game's result reads to the player (`src/services/words.rs` puts it in
//! words): in the person's terms when they played one side ("You won"), else by the winner's
//! side; and its score, whose count comes first.

use toguz_engine::{GameEnd, GameResult, Side};

use crate::game::Mode;

/// The result as the player is told it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The person (against the computer, or this device's side of a game by link) won.
    YouWon,
    /// The person lost.
    YouLost,
    /// A side won, told by its side (two players, the computer against itself).
    Wins(Side),
    /// A draw, in every mode.
    Draw,
}

impl Outcome {
    /// The outcome of `result` in a game of `mode`.
    pub fn of(result: GameResult, mode: Mode) -> Outcome {
        match (mode, result) {
            (_, GameResult::Draw) => Outcome::Draw,
            (Mode::Computer { human, .. } | Mode::Link { me: human }, GameResult::Win(w)) => {
                if w == human {
                    Outcome::YouWon
                } else {
                    Outcome::YouLost
                }
            }
            (_, GameResult::Win(w)) => Outcome::Wins(w),
        }
    }
}

/// The score the way the result reads: the winner's count first ("Black wins 82:70"), the
/// person's first where they played one side ("You lost 70:82"), White's first in a draw.
pub fn score(end: &GameEnd, mode: Mode) -> String {
    let first = match (mode, end.result) {
        (Mode::Computer { human, .. } | Mode::Link { me: human }, _) => human,
        (_, GameResult::Win(w)) => w,
        (_, GameResult::Draw) => Side::White,
    };
    format!("{}:{}", end.kazans[first], end.kazans[first.opponent()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::search::Level;
    use toguz_engine::{BySide, EndReason};

    fn black_wins_70_to_60() -> GameEnd {
        GameEnd {
            result: GameResult::Win(Side::Black),
            reason: EndReason::Time,
            kazans: BySide::new(70, 60),
            collected: BySide::new(0, 0),
        }
    }

    fn vs(human: Side) -> Mode {
        Mode::Computer {
            human,
            level: Level::of(4),
        }
    }

    #[test]
    fn the_winners_count_comes_first_whatever_its_side() {
        let end = black_wins_70_to_60();
        assert_eq!(score(&end, Mode::TwoPlayers), "60:70");
        assert_eq!(
            score(
                &end,
                Mode::Watch {
                    level: Level::of(2)
                }
            ),
            "60:70"
        );
        let white = GameEnd {
            result: GameResult::Win(Side::White),
            ..end
        };
        assert_eq!(score(&white, Mode::TwoPlayers), "70:60");
    }

    #[test]
    fn the_persons_count_comes_first_where_they_played_one_side() {
        let end = black_wins_70_to_60();
        assert_eq!(score(&end, vs(Side::White)), "70:60");
        assert_eq!(score(&end, vs(Side::Black)), "60:70");
        assert_eq!(score(&end, Mode::Link { me: Side::White }), "70:60");
    }

    #[test]
    fn a_draw_has_whites_count_first_between_two_players() {
        let draw = GameEnd {
            result: GameResult::Draw,
            kazans: BySide::new(81, 81),
            ..black_wins_70_to_60()
        };
        assert_eq!(score(&draw, Mode::TwoPlayers), "81:81");
        assert_eq!(
            Outcome::of(GameResult::Draw, vs(Side::Black)),
            Outcome::Draw
        );
    }

    #[test]
    fn the_person_is_told_whether_they_won_and_two_players_who_did() {
        let black = GameResult::Win(Side::Black);
        assert_eq!(Outcome::of(black, vs(Side::White)), Outcome::YouLost);
        assert_eq!(Outcome::of(black, vs(Side::Black)), Outcome::YouWon);
        assert_eq!(
            Outcome::of(black, Mode::Link { me: Side::Black }),
            Outcome::YouWon
        );
        assert_eq!(
            Outcome::of(black, Mode::Link { me: Side::White }),
            Outcome::YouLost
        );
        assert_eq!(
            Outcome::of(black, Mode::TwoPlayers),
            Outcome::Wins(Side::Black)
        );
        let watched = Outcome::of(
            black,
            Mode::Watch {
                level: Level::of(1),
            },
        );
        assert_eq!(watched, Outcome::Wins(Side::Black));
    }
}
