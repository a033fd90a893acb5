//! What the live region announces, read from the engine's [`MoveOutcome`] and [`GameEnd`]:
//! the UI never re-derives a rule. The words are chosen by `services::words` in the player's
//! language.

use toguz_engine::{BySide, Capture, GameEnd, House, MoveOutcome, Side, Square};

/// One move as the screens tell it, read from the engine's outcome: the live region's words,
/// the last move's marks on the board, the replay's list. The one summary of a move the app
/// keeps; only the sowing animation reads the engine's full [`MoveOutcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSummary {
    /// Who moved.
    pub side: Side,
    /// The house played.
    pub from: House,
    /// How many korgools were sown.
    pub lifted: u8,
    /// Where the last one landed.
    pub last: Square,
    /// What the last one took (a tuz is a capture of three that made one).
    pub capture: Option<Capture>,
    /// Korgools that went on through a tuz into its owner's kazan, per owner.
    pub via_tuz: BySide<u8>,
    /// Both kazans after the move (after the end-of-game collection, if the move ended it).
    pub kazans: BySide<u8>,
    /// The end of the game, if the move ended it.
    pub end: Option<GameEnd>,
}

impl MoveSummary {
    /// The summary of `outcome`.
    pub fn of(outcome: &MoveOutcome) -> MoveSummary {
        MoveSummary {
            side: outcome.side,
            from: outcome.from,
            lifted: outcome.lifted,
            last: outcome.last,
            capture: outcome.capture,
            via_tuz: outcome.via_tuz(),
            kazans: outcome.end.map_or(outcome.kazans, |e| e.kazans),
            end: outcome.end,
        }
    }

    /// The square the move was played from.
    pub fn from_square(&self) -> Square {
        Square::new(self.side, self.from)
    }
}

/// What the live region says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announcement {
    /// A move was played.
    Move(MoveSummary),
    /// The game ended without a move (resignation, agreed draw, time).
    Ended(GameEnd),
    /// Moves were taken back; `turn` is to move.
    Undone {
        /// The side to move now.
        turn: Side,
    },
    /// Moves were played again; `turn` is to move.
    Redone {
        /// The side to move now.
        turn: Side,
    },
    /// A new game started.
    NewGame,
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{EndReason, GameResult, Position};

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    #[test]
    fn summary_comes_from_the_outcome() {
        // White's 9 from the start: 9 korgools, the last on Black's 8 making 10: captured.
        let mut p = Position::start();
        let out = p.try_play(House::new(9).unwrap()).unwrap();
        let s = MoveSummary::of(&out);
        assert_eq!(s.side, Side::White);
        assert_eq!(s.lifted, 9);
        assert_eq!(s.last, sq(Side::Black, 8));
        assert_eq!(s.from_square(), sq(Side::White, 9));
        assert_eq!(s.capture.map(|c| c.count), Some(10));
        assert_eq!(s.kazans.white, 10);
        assert!(s.end.is_none());
    }

    #[test]
    fn an_ending_move_carries_the_collected_kazans() {
        // White's only korgool, and 81 already in White's kazan: White reaches 82.
        let p: Position = "0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,79 81/0 -/- w"
            .parse()
            .unwrap();
        let mut q = p;
        let out = q.try_play(House::new(9).unwrap()).unwrap();
        let s = MoveSummary::of(&out);
        let end = s.end.expect("the game ends");
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(end.reason, EndReason::Reached82);
        assert_eq!(s.kazans, end.kazans);
    }
}
