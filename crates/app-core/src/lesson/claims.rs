//! What each lesson step's text states, checked against the engine.
//!
//! A step's text is written by hand in four languages, so it can say something the board does
//! not show (lesson 7 once said "house 4" where the engine lands in house 2). Here every
//! step lists the facts its text states (a house a move lands in, a count, a kazan, a tuz, an
//! outcome), and the tests prove two things: each fact is what the engine says for the step's
//! position and move, and every number written in the step's text, in every language, is the
//! number of one of those facts. A text that names a house or a count nobody checked fails
//! the test, and so does a fact the engine contradicts.

use toguz_engine::{GameResult, NoTuzReason, Side};

use super::keys::Key;
use super::{b, w, Sq};

/// One fact a step's text states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A number of the rules themselves (9 houses, 162 korgools, 82 to win, 19 to lap,
    /// 81:81 a draw, houses numbered 1 to 9, 2 sides, n − 1 further on).
    Rule(u32),
    /// The step's move starts from the learner's (the mover's) house n.
    Moves(u8),
    /// Before the move, this house holds n korgools.
    Holds(Sq, u8),
    /// Before the move, every house of this row holds n korgools.
    RowHolds(Side, u8),
    /// Before the move, this row is empty.
    RowEmpty(Side),
    /// The last korgool of the step's move lands in this house.
    Lands(Sq),
    /// The last korgool lands n houses further on than the house it starts from.
    Further(u8),
    /// The sowing passes through this house.
    Passes(Sq),
    /// The pile goes all the way round the board (19 or more).
    Laps,
    /// The last korgool makes n in the house where it lands.
    Makes(u8),
    /// The move captures (an even count, not a tuz).
    Captures,
    /// The move makes a tuz.
    TuzMade,
    /// Three on the opponent's side, and no tuz for this reason.
    NoTuz(NoTuzReason),
    /// The move takes nothing.
    Nothing,
    /// Korgools of the move go through a tuz into its owner's kazan.
    ThroughTuz,
    /// Before the move, this player's tuz is this house.
    TuzAt(Side, Sq),
    /// Before the move, this player's kazan holds n.
    Kazan(Side, u8),
    /// The move wins the game at once with 82 or more.
    Wins82,
    /// The game ends with these kazans, White's first, and this result.
    Final(u8, u8, GameResult),
    /// The side to move has no korgool left: the game is over.
    NoMoves,
    /// Exactly n of the learner's moves make three on the opponent's side.
    ThreesMade(u8),
    /// At least two of the learner's moves capture.
    SeveralCapture,
    /// Exactly one move meets the exercise's goal.
    OnlyOne,
    /// The house the learner must tap.
    Tap(Sq),
}

/// The facts stated by the text of a step, by its text key; `None` for a key that is not a
/// step's text (titles, choices, feedback).
pub fn claims(key: Key) -> Option<Vec<Claim>> {
    use Claim::*;
    use Side::{Black, White};
    Some(match key {
        Key::L1YourRow => vec![Rule(1), Rule(9), RowHolds(White, 9)],
        Key::L1TheirRow => vec![Rule(9), Rule(1)],
        Key::L1Kazans => vec![
            Rule(9),
            RowHolds(White, 9),
            RowHolds(Black, 9),
            Rule(2),
            Rule(162),
            Rule(82),
        ],
        Key::L1TapYour7 => vec![Tap(w(7))],
        Key::L1TapTheir2 => vec![Tap(b(2))],
        Key::L2Demo => vec![Holds(w(1), 9)],
        Key::L2DemoAcross => vec![Passes(w(9)), Passes(b(1))],
        Key::L2ExLanding => vec![Moves(4), Holds(w(4), 7)],
        Key::L3Demo => vec![Holds(w(5), 1)],
        Key::L3ExLanding => vec![Moves(9), Holds(w(9), 1)],
        Key::L3ExCapture => vec![],
        Key::L4Demo => vec![Rule(1), Moves(2), Holds(w(2), 12), Further(11), Lands(b(4))],
        Key::L4DemoLap => vec![Rule(19), Laps],
        Key::L4ExLanding => vec![Moves(5), Holds(w(5), 12)],
        Key::L4ExLap => vec![Moves(2), Holds(w(2), 21), Laps],
        Key::L5Demo => vec![Captures],
        Key::L5DemoOwn => vec![Makes(10), Lands(w(9)), Nothing],
        Key::L5DemoOdd => vec![Makes(9), Lands(b(2)), Nothing],
        Key::L5ExCapture => vec![],
        Key::L5ExOdd => vec![Moves(2)],
        Key::L6Demo => vec![Makes(3), TuzMade],
        Key::L6DemoFlow => vec![ThroughTuz],
        Key::L6ExTuz => vec![],
        Key::L6ExWhat => vec![Moves(6)],
        Key::L7DemoHouse9 => vec![Rule(9), Makes(3), Lands(b(9)), NoTuz(NoTuzReason::House9)],
        Key::L7DemoSame => vec![
            TuzAt(Black, w(2)),
            Lands(b(2)),
            Makes(3),
            NoTuz(NoTuzReason::SameNumber),
        ],
        Key::L7ExWhy => vec![Moves(9), Makes(3), Lands(b(2))],
        Key::L7ExTuz => vec![ThreesMade(2), OnlyOne],
        Key::L8Demo82 => vec![Rule(82), Wins82],
        Key::L8DemoEmpty => vec![Final(81, 81, GameResult::Draw)],
        Key::L8ExWin => vec![Kazan(White, 76)],
        Key::L8ExResult => vec![NoMoves],
        Key::L9Intro => vec![Rule(9)],
        Key::L9ExFirst => vec![Moves(3), Holds(w(3), 5)],
        Key::L9ExKazan => vec![Moves(7), Holds(w(7), 5)],
        Key::L9ExSecond => vec![Moves(9), Makes(3), Lands(b(4))],
        Key::L9ExSymmetric => vec![Moves(9), Makes(3), Lands(b(4))],
        Key::L10Intro => vec![],
        Key::L10ExBest => vec![SeveralCapture],
        Key::L10ExSafe => vec![OnlyOne],
        Key::L10ExRunOut => vec![RowEmpty(Black)],
        _ => return None,
    })
}

impl Claim {
    /// The numbers this fact accounts for in a text (a house's number, a count).
    pub fn numbers(self) -> Vec<u32> {
        let n = u32::from;
        match self {
            Claim::Rule(x) => vec![x],
            Claim::Moves(h) | Claim::Further(h) | Claim::Makes(h) => vec![n(h)],
            Claim::Holds(sq, c) => vec![n(sq.house), n(c)],
            Claim::RowHolds(_, c) => vec![n(c)],
            Claim::Lands(sq) | Claim::Passes(sq) | Claim::TuzAt(_, sq) | Claim::Tap(sq) => {
                vec![n(sq.house)]
            }
            Claim::Kazan(_, k) => vec![n(k)],
            Claim::Final(a, c, _) => vec![n(a), n(c)],
            Claim::ThreesMade(c) => vec![n(c)],
            Claim::RowEmpty(_)
            | Claim::Laps
            | Claim::Captures
            | Claim::TuzMade
            | Claim::NoTuz(_)
            | Claim::Nothing
            | Claim::ThroughTuz
            | Claim::Wins82
            | Claim::NoMoves
            | Claim::SeveralCapture
            | Claim::OnlyOne => vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use toguz_engine::{GameResult, House, Position, Side};

    use super::super::check::{answers, play, position, sq, square};
    use super::super::keys::Key;
    use super::super::lessons::{Step, LESSONS};
    use super::super::{Goal, Kind, Question};
    use super::{claims, Claim};

    const LOCALES: [(&str, &str); 4] = locales!("tutorial");

    /// The house the step's move starts from, if the step has one move.
    fn step_move(step: &Step) -> Option<u8> {
        match step.kind {
            Kind::Demo { house } | Kind::TapLanding { house, .. } => Some(house),
            Kind::Choose {
                question: Question::WhatHappens(h) | Question::WhyNoTuz(h),
                ..
            } => Some(h),
            _ => None,
        }
    }

    /// Whether the engine agrees with `claim` on this step; `Err` says what it says instead.
    fn verify(step: &Step, claim: Claim) -> Result<(), String> {
        let p: Position = position(step).map_err(|e| e.to_string())?;
        let mover = p.turn();
        let outcome = || {
            let h = step_move(step).ok_or("the step has no move")?;
            play(&p, h).map_err(|e| e.to_string())
        };
        let at = |s| square(s).map(|sq| p.at(sq)).map_err(|e| e.to_string());
        let ok = |b: bool, what: String| if b { Ok(()) } else { Err(what) };
        match claim {
            Claim::Rule(x) => ok(
                [1, 2, 9, 19, 81, 82, 162].contains(&x),
                format!("{x} is no number of the rules"),
            ),
            Claim::Moves(h) => ok(step_move(step) == Some(h), format!("{:?}", step_move(step))),
            Claim::Holds(s, c) => {
                let got = at(s)?;
                ok(got == c, format!("{s:?} holds {got}"))
            }
            Claim::RowHolds(side, c) => ok(
                (1..=9).all(|h| p.count(side, House::new(h).unwrap()) == c),
                format!("{side:?}'s row is not all {c}"),
            ),
            Claim::RowEmpty(side) => ok(p.row_total(side) == 0, format!("{side:?} has korgools")),
            Claim::Lands(s) => {
                let (_, o) = outcome()?;
                ok(sq(o.last) == s, format!("lands in {}", o.last))
            }
            Claim::Further(d) => {
                let (_, o) = outcome()?;
                let from = o.from.get();
                let start = if o.side == Side::White {
                    from
                } else {
                    from + 9
                };
                let last = if o.last.side() == Side::White {
                    o.last.house().get()
                } else {
                    o.last.house().get() + 9
                };
                let dist = (last + 18 - start) % 18;
                ok(dist == d && o.lifted > 1, format!("lands {dist} houses on"))
            }
            Claim::Passes(s) => {
                let (_, o) = outcome()?;
                let target = square(s).map_err(|e| e.to_string())?;
                ok(
                    o.drops.iter().any(|d| d.square == target),
                    format!("never drops into {s:?}"),
                )
            }
            Claim::Laps => {
                let (_, o) = outcome()?;
                ok(o.lifted >= 19, format!("lifts {}", o.lifted))
            }
            Claim::Makes(c) => {
                let (_, o) = outcome()?;
                let before = p.at(o.last);
                let dropped = o.drops.iter().filter(|d| d.square == o.last).count() as u8;
                let stayed = if o.last.side() == o.side && o.last.house() == o.from {
                    0
                } else {
                    before
                };
                ok(stayed + dropped == c, format!("makes {}", stayed + dropped))
            }
            Claim::Captures => {
                let (_, o) = outcome()?;
                ok(
                    o.capture.is_some_and(|c| !c.tuz),
                    format!("{:?}", o.capture),
                )
            }
            Claim::TuzMade => {
                let (_, o) = outcome()?;
                ok(o.capture.is_some_and(|c| c.tuz), format!("{:?}", o.capture))
            }
            Claim::NoTuz(r) => {
                let (_, o) = outcome()?;
                ok(
                    o.no_tuz == Some(r) && o.capture.is_none(),
                    format!("{:?}", o.no_tuz),
                )
            }
            Claim::Nothing => {
                let (_, o) = outcome()?;
                ok(o.capture.is_none(), format!("{:?}", o.capture))
            }
            Claim::ThroughTuz => {
                let (_, o) = outcome()?;
                let v = o.via_tuz();
                ok(
                    v[Side::White] + v[Side::Black] > 0,
                    "no korgool through a tuz".into(),
                )
            }
            Claim::TuzAt(owner, s) => {
                let got = p.tuz_square(owner).map(sq);
                ok(got == Some(s), format!("{owner:?}'s tuz is {got:?}"))
            }
            Claim::Kazan(side, k) => ok(p.kazan(side) == k, format!("kazan {}", p.kazan(side))),
            Claim::Wins82 => {
                let (_, o) = outcome()?;
                ok(
                    o.kazans[mover] >= 82
                        && o.end.is_some_and(|e| e.result == GameResult::Win(mover)),
                    format!("{:?}", o.end),
                )
            }
            Claim::Final(white, black, result) => {
                let (after, o) = outcome()?;
                let end = o.end.or_else(|| after.end()).ok_or("the game goes on")?;
                ok(
                    end.kazans[Side::White] == white
                        && end.kazans[Side::Black] == black
                        && end.result == result,
                    format!("{end:?}"),
                )
            }
            Claim::NoMoves => ok(
                p.legal_moves().count() == 0 && p.end().is_some(),
                "there are moves".into(),
            ),
            Claim::ThreesMade(c) => {
                let threes = p
                    .legal_moves()
                    .filter(|h| {
                        play(&p, h.get()).is_ok_and(|(_, o)| {
                            o.last.side() != mover
                                && (o.capture.is_some_and(|c| c.tuz) || o.no_tuz.is_some())
                        })
                    })
                    .count();
                ok(
                    threes == usize::from(c),
                    format!("{threes} moves make three"),
                )
            }
            Claim::SeveralCapture => {
                let n = answers(Goal::Capture, &p).len();
                ok(n >= 2, format!("{n} moves capture"))
            }
            Claim::OnlyOne => match step.kind {
                Kind::Play { goal, .. } => {
                    let a = answers(goal, &p);
                    ok(a.len() == 1, format!("{a:?}"))
                }
                _ => Err("not a move exercise".into()),
            },
            Claim::Tap(s) => match step.kind {
                Kind::TapHouse { answer } => ok(answer == s, format!("{answer:?}")),
                _ => Err("not a tap exercise".into()),
            },
        }
    }

    /// The numbers written in digits in a text.
    fn numbers(text: &str) -> Vec<u32> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect()
    }

    #[test]
    fn every_fact_a_step_states_is_the_engines() {
        let mut problems = Vec::new();
        let mut steps = 0;
        for (l, lesson) in LESSONS.iter().enumerate() {
            for (s, step) in lesson.steps.iter().enumerate() {
                steps += 1;
                let Some(facts) = claims(step.text) else {
                    problems.push(format!("lesson {} step {}: no facts listed", l + 1, s + 1));
                    continue;
                };
                for claim in facts {
                    if let Err(says) = verify(step, claim) {
                        problems.push(format!(
                            "lesson {} step {} ({}): {claim:?}, but the engine: {says}",
                            l + 1,
                            s + 1,
                            step.text.name()
                        ));
                    }
                }
            }
        }
        assert_eq!(steps, 41);
        assert!(problems.is_empty(), "\n{}", problems.join("\n"));
    }

    #[test]
    fn every_number_in_a_steps_text_is_a_checked_fact() {
        let mut problems = Vec::new();
        for (lang, json) in LOCALES {
            let texts: BTreeMap<String, String> = serde_json::from_str(json).unwrap();
            for lesson in LESSONS {
                for step in lesson.steps {
                    let facts = claims(step.text).unwrap_or_default();
                    let known: Vec<u32> = facts.iter().flat_map(|c| c.numbers()).collect();
                    let text = &texts[step.text.name()];
                    for x in numbers(text) {
                        if !known.contains(&x) {
                            problems.push(format!(
                                "{lang} {}: {x} is stated but not checked: {text}",
                                step.text.name()
                            ));
                        }
                    }
                }
            }
        }
        assert!(problems.is_empty(), "\n{}", problems.join("\n"));
    }

    #[test]
    fn the_check_catches_a_wrong_house() {
        // Lesson 7's question once said house 4 where the engine lands in house 2.
        let step = LESSONS[6].steps[2];
        assert_eq!(step.text, Key::L7ExWhy);
        assert!(verify(&step, Claim::Lands(super::b(4))).is_err());
        assert!(verify(&step, Claim::Lands(super::b(2))).is_ok());
        assert!(!claims(Key::L7ExWhy).unwrap().contains(&Claim::Rule(4)));
        assert_eq!(numbers("Playing house 9 makes three in house 4"), [9, 4]);
    }
}
