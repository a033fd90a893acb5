//! What the tutorial says at each frame of a sowing, built from the engine's [`MoveOutcome`]
//! and the animation frames of [`crate::anim`] (never from a rule of its own).
//!
//! The learner is White (the bottom row): "your" house is White's, "the opponent's" Black's.
//! A line is a value with its numbers; the screen turns it into translated text with
//! interpolation and plurals (no words glued together).

use toguz_engine::{EndReason, GameResult, MoveOutcome, NoTuzReason, Position, Side, Square};

use crate::anim::{self, Frame};

/// Whose: the learner's (White's) or the opponent's (Black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    /// White's: the learner's.
    Yours,
    /// Black's: the opponent's.
    Theirs,
}

impl Whose {
    /// The learner plays White.
    pub fn of(side: Side) -> Whose {
        match side {
            Side::White => Whose::Yours,
            Side::Black => Whose::Theirs,
        }
    }
}

/// One line of narration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A pile lifted from a house of `who`.
    Lift { who: Whose, house: u8, count: u8 },
    /// A single korgool lifted: its house is left empty.
    LiftSingle { who: Whose, house: u8 },
    /// The first korgool of a pile goes back into its own house.
    FirstStays { house: u8 },
    /// The `n`-th korgool dropped into a house of `row`.
    Drop { n: u8, row: Whose, house: u8 },
    /// The `n`-th korgool dropped into a tuz of `owner`: it goes on to that kazan.
    ThroughTuz { n: u8, owner: Whose },
    /// The last korgool stayed on the mover's own side: nothing happens.
    OwnSide,
    /// The last korgool went into a tuz: nothing more happens.
    InTuz,
    /// The last house holds an odd count: it stays.
    Odd { count: u8 },
    /// An even count taken by `who`.
    Even { who: Whose, count: u8 },
    /// Exactly three: taken, and the house is `who`'s tuz from now on.
    TuzMade { who: Whose },
    /// Exactly three but no tuz, for this reason; the three stay.
    NoTuz(NoTuzReason),
    /// A kazan reached 82: `who` wins at once.
    Won82 { who: Whose, kazan: u8 },
    /// The player to move has no korgool: the game ends and the rest go to the side they
    /// lie on.
    NoMoves { who: Whose },
    /// The final count, `yours` to `theirs`, and the result.
    Final {
        yours: u8,
        theirs: u8,
        result: Option<Whose>,
    },
}

/// A sowing to show: the frames and what is said at each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The frames, first (the pile lifted) to last.
    pub frames: Vec<Frame>,
    /// The lines said at each frame (same length as `frames`).
    pub lines: Vec<Vec<Line>>,
    /// The drop number shown on each square at each frame (0: none), so the counting of
    /// every drop stays visible.
    pub counts: Vec<[u8; 18]>,
}

fn result_lines(outcome: &MoveOutcome, after_last_drop: &Frame) -> Vec<Line> {
    let last = outcome.last;
    let mover = outcome.side;
    let mut lines = Vec::new();
    if outcome.drops.last().is_some_and(|d| d.to_kazan.is_some()) {
        lines.push(Line::InTuz);
    } else if last.side() == mover {
        lines.push(Line::OwnSide);
    } else if let Some(c) = outcome.capture {
        if c.tuz {
            lines.push(Line::TuzMade {
                who: Whose::of(mover),
            });
        } else {
            lines.push(Line::Even {
                who: Whose::of(mover),
                count: c.count,
            });
        }
    } else if let Some(reason) = outcome.no_tuz {
        lines.push(Line::NoTuz(reason));
    } else {
        lines.push(Line::Odd {
            count: after_last_drop.at(last),
        });
    }
    lines
}

fn end_lines(end: Option<toguz_engine::GameEnd>, turn_after: Side) -> Vec<Line> {
    let Some(end) = end else {
        return Vec::new();
    };
    let result = match end.result {
        GameResult::Win(side) => Some(Whose::of(side)),
        GameResult::Draw => None,
    };
    let mut lines = Vec::new();
    match end.reason {
        EndReason::Reached82 => {
            if let GameResult::Win(side) = end.result {
                lines.push(Line::Won82 {
                    who: Whose::of(side),
                    kazan: end.kazans[side],
                });
            }
        }
        _ => {
            lines.push(Line::NoMoves {
                who: Whose::of(turn_after),
            });
            lines.push(Line::Final {
                yours: end.kazans.white,
                theirs: end.kazans.black,
                result,
            });
        }
    }
    lines
}

/// The sowing of `outcome` played from `before`, with its narration. When the move ends the
/// game by an empty row, a last frame shows the rest collected.
pub fn sowing(before: &Position, outcome: &MoveOutcome) -> Sowing {
    let frames = anim::frames(before, outcome);
    let from = Square::new(outcome.side, outcome.from);
    let mut lines = Vec::with_capacity(frames.len() + 1);
    let mut counts = Vec::with_capacity(frames.len() + 1);
    let mut marks = [0u8; 18];
    let who = Whose::of(outcome.side);
    let n_drops = outcome.drops.len();
    for (i, frame) in frames.iter().enumerate() {
        let mut said = Vec::new();
        if i == 0 {
            said.push(if outcome.lifted == 1 {
                Line::LiftSingle {
                    who,
                    house: outcome.from.get(),
                }
            } else {
                Line::Lift {
                    who,
                    house: outcome.from.get(),
                    count: outcome.lifted,
                }
            });
        } else if let Some(drop) = outcome.drops.get(i - 1) {
            let n = i as u8;
            marks[drop.square.index()] = n;
            said.push(match drop.to_kazan {
                Some(owner) => Line::ThroughTuz {
                    n,
                    owner: Whose::of(owner),
                },
                None if n == 1 && drop.square == from => Line::FirstStays {
                    house: outcome.from.get(),
                },
                None => Line::Drop {
                    n,
                    row: Whose::of(drop.square.side()),
                    house: drop.square.house().get(),
                },
            });
            if i == n_drops && outcome.capture.is_none() {
                said.extend(result_lines(outcome, frame));
            }
        } else {
            // The capture frame.
            said.extend(result_lines(outcome, frame));
        }
        lines.push(said);
        counts.push(marks);
    }
    let mut frames = frames;
    let mut after = *before;
    let _ = after.try_play(outcome.from);
    let end = end_lines(outcome.end, after.turn());
    if !end.is_empty() {
        match anim::collection(&after) {
            Some(frame) => {
                frames.push(frame);
                lines.push(end);
                counts.push([0; 18]);
            }
            None => {
                if let Some(last) = lines.last_mut() {
                    last.extend(end);
                }
            }
        }
    }
    Sowing {
        frames,
        lines,
        counts,
    }
}

impl Sowing {
    /// This sowing, then `next` (a reply) from where this one ends.
    pub fn then(mut self, next: Sowing) -> Sowing {
        self.frames.extend(next.frames);
        self.lines.extend(next.lines);
        self.counts.extend(next.counts);
        self
    }
}

/// A finished position shown as its end: the position still, then the rest collected.
pub fn ending(position: &Position) -> Sowing {
    let mut frames = vec![Frame::of(position)];
    let mut lines = vec![Vec::new()];
    let end = end_lines(position.end(), position.turn());
    if let Some(frame) = anim::collection(position) {
        frames.push(frame);
        lines.push(end);
    } else {
        lines[0] = end;
    }
    let counts = vec![[0; 18]; frames.len()];
    Sowing {
        frames,
        lines,
        counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::House;

    fn sow(pos: &str, house: u8) -> Sowing {
        let p: Position = pos.parse().unwrap();
        let mut q = p;
        let out = q.try_play(House::new(house).unwrap()).unwrap();
        sowing(&p, &out)
    }

    #[test]
    fn one_stays_here_then_two_three_four() {
        let s = sow("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w", 7);
        assert_eq!(s.frames.len(), s.lines.len());
        assert_eq!(s.frames.len(), s.counts.len());
        assert_eq!(
            s.lines[0],
            vec![Line::Lift {
                who: Whose::Yours,
                house: 7,
                count: 9
            }]
        );
        assert_eq!(s.lines[1], vec![Line::FirstStays { house: 7 }]);
        assert_eq!(
            s.lines[2],
            vec![Line::Drop {
                n: 2,
                row: Whose::Yours,
                house: 8
            }]
        );
        assert_eq!(
            s.lines[4],
            vec![Line::Drop {
                n: 4,
                row: Whose::Theirs,
                house: 1
            }]
        );
        assert_eq!(
            s.lines[10],
            vec![Line::Even {
                who: Whose::Yours,
                count: 10
            }]
        );
        // The counting stays visible: after the last drop, houses 7..9 and 1..6 show 1..9.
        let last = s.counts[9];
        assert_eq!(last[6], 1);
        assert_eq!(last[14], 9);
    }

    #[test]
    fn a_single_korgool_and_the_results() {
        let s = sow("9,9,9,9,1,9,9,9,9/9,9,9,9,9,9,9,9,9 4/4 -/- w", 5);
        assert_eq!(
            s.lines[0],
            vec![Line::LiftSingle {
                who: Whose::Yours,
                house: 5
            }]
        );
        assert_eq!(
            s.lines[1],
            vec![
                Line::Drop {
                    n: 1,
                    row: Whose::Yours,
                    house: 6
                },
                Line::OwnSide
            ]
        );
        let s = sow("9,9,9,9,9,9,9,4,9/9,8,9,9,9,9,9,9,9 3/3 -/- w", 8);
        assert_eq!(
            s.lines.last().unwrap().last(),
            Some(&Line::Odd { count: 9 })
        );
        let s = sow("9,9,9,9,9,9,9,9,10/9,9,9,9,9,9,9,9,2 3/3 -/- w", 9);
        assert_eq!(
            s.lines.last().unwrap().last(),
            Some(&Line::NoTuz(NoTuzReason::House9))
        );
        let s = sow("9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w", 9);
        assert_eq!(
            s.lines.last().unwrap(),
            &vec![Line::TuzMade { who: Whose::Yours }]
        );
        let s = sow("9,9,9,9,9,9,9,9,9/9,0,9,9,9,9,9,9,9 9/0 2/- b", 1);
        assert!(s.lines[2].contains(&Line::ThroughTuz {
            n: 2,
            owner: Whose::Yours
        }));
    }

    #[test]
    fn the_end_is_narrated_and_collected() {
        let s = sow("0,0,0,0,0,0,0,0,1/1,9,9,9,9,9,9,9,9 80/8 -/- w", 9);
        assert!(s.lines.last().unwrap().contains(&Line::Won82 {
            who: Whose::Yours,
            kazan: 82
        }));
        let s = sow("2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 79/81 -/- w", 1);
        let last = s.frames.last().unwrap();
        assert_eq!(last.houses, [0; 18]);
        assert_eq!(last.kazans, [81, 81]);
        assert_eq!(
            s.lines.last().unwrap(),
            &vec![
                Line::NoMoves { who: Whose::Theirs },
                Line::Final {
                    yours: 81,
                    theirs: 81,
                    result: None
                }
            ]
        );
        let p: Position = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,4 79/71 -/- w"
            .parse()
            .unwrap();
        let e = ending(&p);
        assert_eq!(e.frames.len(), 2);
        assert_eq!(
            e.lines[1],
            vec![
                Line::NoMoves { who: Whose::Yours },
                Line::Final {
                    yours: 79,
                    theirs: 83,
                    result: Some(Whose::Theirs)
                }
            ]
        );
    }
}
