//! The sowing animation as plain data: the frames of a move, built only from the engine's
//! [`MoveOutcome`] (never from the rules).
//!
//! A [`Frame`] is what the board shows at one step: every house count, both kazans, the tuz
//! squares and the korgools still in the hand. [`frames`] gives the frames of one move, first
//! (the pile lifted) to last (equal to the engine's position after the move); the play screen
//! steps through them on a timer, and the tutorial can step them by index, forward and back.
//! [`collection`] gives the frame of the end of a game by an empty row: every korgool left on
//! the board taken to the kazan of the side it lies on.

use toguz_engine::{EndReason, MoveOutcome, Position, Side, Square};

/// What happened at a frame (for the board's marks and for a narration).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The position before the move (nothing lifted yet).
    Still,
    /// The pile of the starting house taken into the hand.
    Lift(Square),
    /// One korgool dropped into a house.
    Drop(Square),
    /// One korgool dropped into a tuz, gone on to the owner's kazan.
    ThroughTuz(Square, Side),
    /// The korgools of a house taken to the mover's kazan.
    Capture {
        /// The house emptied.
        square: Square,
        /// How many korgools.
        count: u8,
    },
    /// A capture of three that made the house the mover's tuz.
    Tuz(Square),
    /// The end of the game by an empty row: the rest collected by the side it lies on.
    Collect,
}

impl Step {
    /// The square the step happens at, if one.
    pub fn square(self) -> Option<Square> {
        match self {
            Step::Lift(s) | Step::Drop(s) | Step::ThroughTuz(s, _) | Step::Tuz(s) => Some(s),
            Step::Capture { square, .. } => Some(square),
            Step::Still | Step::Collect => None,
        }
    }
}

/// What the board shows at one step of an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Korgools in each square (index [`Square::index`]).
    pub houses: [u8; 18],
    /// The kazans, White's first.
    pub kazans: [u8; 2],
    /// Each side's tuz, White's first.
    pub tuz: [Option<Square>; 2],
    /// Korgools in the hand, still to be sown.
    pub hand: u8,
    /// What this frame shows happening.
    pub step: Step,
}

impl Frame {
    /// The still frame of a position.
    pub fn of(position: &Position) -> Frame {
        let houses = Square::ALL.map(|sq| position.at(sq));
        Frame {
            houses,
            kazans: [position.kazan(Side::White), position.kazan(Side::Black)],
            tuz: [
                position.tuz_square(Side::White),
                position.tuz_square(Side::Black),
            ],
            hand: 0,
            step: Step::Still,
        }
    }

    /// Korgools in `square`.
    pub fn at(&self, square: Square) -> u8 {
        self.houses[square.index()]
    }

    /// Korgools in `side`'s kazan.
    pub fn kazan(&self, side: Side) -> u8 {
        self.kazans[side.index()]
    }

    /// The owner of the tuz at `square`, if it is one.
    pub fn tuz_owner(&self, square: Square) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.tuz[side.index()] == Some(square))
    }

    /// Same board (counts, kazans and tuz), whatever the hand and step.
    pub fn same_board(&self, other: &Frame) -> bool {
        self.houses == other.houses && self.kazans == other.kazans && self.tuz == other.tuz
    }
}

/// The frames of `outcome` played from `before`: the lift, one frame per drop (a drop into a
/// tuz goes to its owner's kazan), then the capture or the new tuz. The last frame shows the
/// position after the move (without any end-of-game collection: see [`collection`]).
pub fn frames(before: &Position, outcome: &MoveOutcome) -> Vec<Frame> {
    let mut f = Frame::of(before);
    let mut out = Vec::with_capacity(outcome.drops.len() + 2);
    let from = Square::new(outcome.side, outcome.from);
    f.houses[from.index()] = 0;
    f.hand = outcome.lifted;
    f.step = Step::Lift(from);
    out.push(f);
    for drop in &outcome.drops {
        f.hand = f.hand.saturating_sub(1);
        match drop.to_kazan {
            Some(owner) => {
                f.kazans[owner.index()] += 1;
                f.step = Step::ThroughTuz(drop.square, owner);
            }
            None => {
                f.houses[drop.square.index()] += 1;
                f.step = Step::Drop(drop.square);
            }
        }
        out.push(f);
    }
    if let Some(capture) = outcome.capture {
        let square = capture.square;
        f.houses[square.index()] = f.houses[square.index()].saturating_sub(capture.count);
        f.kazans[outcome.side.index()] += capture.count;
        if capture.tuz {
            f.tuz[outcome.side.index()] = Some(square);
            f.step = Step::Tuz(square);
        } else {
            f.step = Step::Capture {
                square,
                count: capture.count,
            };
        }
        out.push(f);
    }
    out
}

/// The frame after the end-of-game collection, when `position` ended by an empty row and
/// korgools were left on the board; `None` otherwise.
pub fn collection(position: &Position) -> Option<Frame> {
    let end = position.end()?;
    if end.reason != EndReason::NoMoves || end.collected.white + end.collected.black == 0 {
        return None;
    }
    let mut f = Frame::of(position);
    f.houses = [0; 18];
    f.kazans = [end.kazans.white, end.kazans.black];
    f.step = Step::Collect;
    Some(f)
}

/// Animation speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Half a second a korgool.
    Slow,
    /// A quarter of a second.
    #[default]
    Normal,
    /// A tenth of a second.
    Fast,
    /// No animation.
    Instant,
}

impl Speed {
    /// All speeds, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Milliseconds between frames; 0 for no animation.
    pub fn frame_ms(self) -> u32 {
        match self {
            Speed::Slow => 450,
            Speed::Normal => 220,
            Speed::Fast => 90,
            Speed::Instant => 0,
        }
    }

    /// The name shown and stored.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// The speed of a stored name.
    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::House;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn check_last_frame(before: Position, house: u8) -> Vec<Frame> {
        let mut after = before;
        let outcome = after.try_play(h(house)).unwrap();
        let fr = frames(&before, &outcome);
        let last = fr.last().unwrap();
        assert!(last.same_board(&Frame::of(&after)), "{before} {house}");
        assert_eq!(last.hand, 0);
        fr
    }

    #[wasm_bindgen_test]
    fn the_opening_capture() {
        let fr = check_last_frame(Position::start(), 7);
        // lift, nine drops, the capture of ten
        assert_eq!(fr.len(), 11);
        assert_eq!(fr[0].hand, 9);
        assert_eq!(fr[0].step, Step::Lift(Square::new(Side::White, h(7))));
        assert_eq!(fr[1].step, Step::Drop(Square::new(Side::White, h(7))));
        assert_eq!(
            fr[10].step,
            Step::Capture {
                square: Square::new(Side::Black, h(6)),
                count: 10
            }
        );
        assert_eq!(fr[10].kazan(Side::White), 10);
        // Korgools are never created or lost.
        for f in &fr {
            let total: u32 = f.houses.iter().map(|&n| n as u32).sum::<u32>()
                + f.kazans.iter().map(|&n| n as u32).sum::<u32>()
                + f.hand as u32;
            assert_eq!(total, 162);
        }
    }

    #[wasm_bindgen_test]
    fn a_tuz_is_marked_and_drops_into_it_go_to_the_kazan() {
        let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let fr = check_last_frame(p, 9);
        let tuz = Square::new(Side::Black, h(2));
        assert_eq!(fr.last().unwrap().step, Step::Tuz(tuz));
        assert_eq!(fr.last().unwrap().tuz_owner(tuz), Some(Side::White));
        // Black now sows over White's tuz: that korgool goes on to White's kazan.
        let mut after = p;
        after.try_play(h(9)).unwrap();
        let mut next = after;
        let out = next.try_play(h(1)).unwrap();
        let fr = frames(&after, &out);
        assert!(fr
            .iter()
            .any(|f| f.step == Step::ThroughTuz(tuz, Side::White)));
        assert!(fr.last().unwrap().same_board(&Frame::of(&next)));
    }

    #[wasm_bindgen_test]
    fn whole_playok_games_end_on_the_engine_position() {
        let text = include_str!("../../public/playok/avataar.pgn");
        let mut played = 0;
        let mut p = Position::start();
        for token in text.split_whitespace() {
            let first = token.as_bytes()[0];
            if token.starts_with('[') || token.ends_with('.') || token.contains('-') {
                if token.starts_with("[Event") {
                    p = Position::start();
                }
                continue;
            }
            if !first.is_ascii_digit() || p.is_over() {
                continue;
            }
            let house = first - b'0';
            if p.check(h(house)).is_err() {
                continue;
            }
            check_last_frame(p, house);
            p.try_play(h(house)).unwrap();
            played += 1;
        }
        assert!(played > 100, "{played}");
    }

    #[wasm_bindgen_test]
    fn collection_only_after_an_empty_row() {
        assert_eq!(collection(&Position::start()), None);
        let p: Position = "0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0 80/81 -/- w"
            .parse()
            .unwrap();
        let f = collection(&p).unwrap();
        assert_eq!(f.houses, [0; 18]);
        assert_eq!(f.kazans, [80, 82]);
    }

    #[wasm_bindgen_test]
    fn speeds_round_trip() {
        for s in Speed::ALL {
            assert_eq!(Speed::from_name(s.name()), Some(s));
        }
        assert_eq!(Speed::Instant.frame_ms(), 0);
    }
}
