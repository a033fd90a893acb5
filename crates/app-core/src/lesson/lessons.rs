//! The lessons as data: positions, steps, narration keys and expected answers.
//!
//! Nothing here knows a rule. Each step names an engine position string and, for an
//! exercise, the answer the engine gives; the tests below (with the judging of
//! [`check`](super::check)) prove every position is a legal engine setup and every
//! expected answer is exactly what the engine says. The learner always plays White, whose
//! row is at the bottom of the board; only a demonstration may show Black sowing.

use super::keys::Key;
use super::{b, w, Choice, Goal, Kind, Question, Sq};

/// One step of a lesson, its text a key of the `tutorial` namespace.
pub type Step = super::Step<Key>;

/// A lesson: a title, a one-line summary and its steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Title key.
    pub title: Key,
    /// Summary key (shown in the list of lessons).
    pub summary: Key,
    /// The steps, in order.
    pub steps: &'static [Step],
}

const START: &str = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

const fn look(position: &'static str, text: Key, marks: &'static [Sq]) -> Step {
    Step {
        position,
        text,
        kind: Kind::Look {
            marks,
            kazans: false,
        },
    }
}

/// A look at the two kazans (marked).
const fn look_kazans(position: &'static str, text: Key) -> Step {
    Step {
        position,
        text,
        kind: Kind::Look {
            marks: &[],
            kazans: true,
        },
    }
}

const fn demo(position: &'static str, text: Key, house: u8) -> Step {
    Step {
        position,
        text,
        kind: Kind::Demo { house },
    }
}

const fn tap(position: &'static str, text: Key, answer: Sq) -> Step {
    Step {
        position,
        text,
        kind: Kind::TapHouse { answer },
    }
}

const fn landing(position: &'static str, text: Key, house: u8, answer: Sq) -> Step {
    Step {
        position,
        text,
        kind: Kind::TapLanding { house, answer },
    }
}

const fn play(position: &'static str, text: Key, goal: Goal, answers: &'static [u8]) -> Step {
    Step {
        position,
        text,
        kind: Kind::Play { goal, answers },
    }
}

const fn choose(position: &'static str, text: Key, question: Question, answer: Choice) -> Step {
    Step {
        position,
        text,
        kind: Kind::Choose { question, answer },
    }
}

const WHITE_ROW: &[Sq] = &[w(1), w(2), w(3), w(4), w(5), w(6), w(7), w(8), w(9)];
const BLACK_ROW: &[Sq] = &[b(1), b(2), b(3), b(4), b(5), b(6), b(7), b(8), b(9)];

/// The ten lessons, in order.
pub static LESSONS: &[Lesson] = &[
    // 1. The board.
    Lesson {
        title: Key::L1Title,
        summary: Key::L1Summary,
        steps: &[
            look(START, Key::L1YourRow, WHITE_ROW),
            look(START, Key::L1TheirRow, BLACK_ROW),
            look_kazans(START, Key::L1Kazans),
            tap(START, Key::L1TapYour7, w(7)),
            tap(START, Key::L1TapTheir2, b(2)),
        ],
    },
    // 2. A move.
    Lesson {
        title: Key::L2Title,
        summary: Key::L2Summary,
        steps: &[
            demo(START, Key::L2Demo, 1),
            demo(
                "9,9,9,9,9,6,9,9,9/9,8,9,9,9,9,9,9,9 2/2 -/- w",
                Key::L2DemoAcross,
                6,
            ),
            landing(
                "7,9,9,7,9,9,9,9,9/9,9,9,9,9,9,9,9,9 2/2 -/- w",
                Key::L2ExLanding,
                4,
                b(1),
            ),
        ],
    },
    // 3. A single korgool.
    Lesson {
        title: Key::L3Title,
        summary: Key::L3Summary,
        steps: &[
            demo(
                "9,9,9,9,1,9,9,9,9/9,9,9,9,9,9,9,9,9 4/4 -/- w",
                Key::L3Demo,
                5,
            ),
            landing(
                "9,9,9,9,9,9,9,9,1/9,9,9,9,9,9,9,9,9 4/4 -/- w",
                Key::L3ExLanding,
                9,
                b(1),
            ),
            play(
                "5,8,1,9,7,9,11,1,1/9,8,10,10,8,11,8,10,9 14/13 -/- w",
                Key::L3ExCapture,
                Goal::Capture,
                &[9],
            ),
        ],
    },
    // 4. Big piles and laps.
    Lesson {
        title: Key::L4Title,
        summary: Key::L4Summary,
        steps: &[
            demo(
                "9,12,9,9,9,9,9,9,9/9,9,9,4,9,9,9,9,9 1/1 -/- w",
                Key::L4Demo,
                2,
            ),
            demo(
                "20,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,0,0 7/0 -/- w",
                Key::L4DemoLap,
                1,
            ),
            landing(
                "9,9,9,9,12,9,9,9,9/9,9,9,9,9,9,9,6,6 2/1 -/- w",
                Key::L4ExLanding,
                5,
                b(7),
            ),
            landing(
                "9,21,9,9,9,9,9,9,9/9,9,9,9,9,9,9,0,0 4/2 -/- w",
                Key::L4ExLap,
                2,
                w(4),
            ),
        ],
    },
    // 5. Even captures.
    Lesson {
        title: Key::L5Title,
        summary: Key::L5Summary,
        steps: &[
            demo(START, Key::L5Demo, 7),
            demo(START, Key::L5DemoOwn, 1),
            demo(
                "9,9,9,9,9,9,9,4,9/9,8,9,9,9,9,9,9,9 3/3 -/- w",
                Key::L5DemoOdd,
                8,
            ),
            play(
                "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- w",
                Key::L5ExCapture,
                Goal::Capture,
                &[8, 9],
            ),
            choose(
                "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- w",
                Key::L5ExOdd,
                Question::WhatHappens(2),
                Choice::Nothing,
            ),
        ],
    },
    // 6. The tuz.
    Lesson {
        title: Key::L6Title,
        summary: Key::L6Summary,
        steps: &[
            demo(
                "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w",
                Key::L6Demo,
                9,
            ),
            demo(
                "9,9,9,9,9,9,9,9,9/9,0,9,9,9,9,9,9,9 9/0 2/- b",
                Key::L6DemoFlow,
                1,
            ),
            play(
                "7,3,10,9,4,12,1,6,8/5,11,2,7,9,3,6,10,4 23/22 -/- w",
                Key::L6ExTuz,
                Goal::Tuz,
                &[3, 4],
            ),
            choose(
                "9,9,9,9,9,9,9,9,9/9,9,9,9,2,9,9,9,9 4/3 -/- w",
                Key::L6ExWhat,
                Question::WhatHappens(6),
                Choice::Tuz,
            ),
        ],
    },
    // 7. The limits of a tuz.
    Lesson {
        title: Key::L7Title,
        summary: Key::L7Summary,
        steps: &[
            demo(
                "9,9,9,9,9,9,9,9,10/9,9,9,9,9,9,9,9,2 3/3 -/- w",
                Key::L7DemoHouse9,
                9,
            ),
            demo(
                "9,0,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 12/10 -/2 w",
                Key::L7DemoSame,
                9,
            ),
            choose(
                "9,9,9,9,9,9,9,9,3/9,2,9,9,0,9,9,9,9 12/10 5/- w",
                Key::L7ExWhy,
                Question::WhyNoTuz(9),
                Choice::AlreadyHasTuz,
            ),
            play(
                "9,9,9,9,9,9,2,9,10/9,9,9,2,9,9,9,9,2 11/9 -/- w",
                Key::L7ExTuz,
                Goal::Tuz,
                &[5],
            ),
        ],
    },
    // 8. The end of the game.
    Lesson {
        title: Key::L8Title,
        summary: Key::L8Summary,
        steps: &[
            demo(
                "0,0,0,0,0,0,0,0,1/1,9,9,9,9,9,9,9,9 80/8 -/- w",
                Key::L8Demo82,
                9,
            ),
            demo(
                "2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 79/81 -/- w",
                Key::L8DemoEmpty,
                1,
            ),
            play(
                "0,0,3,0,2,0,5,0,4/3,5,0,5,0,2,9,0,4 76/44 -/- w",
                Key::L8ExWin,
                Goal::Win,
                &[7],
            ),
            choose(
                "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,4 79/71 -/- w",
                Key::L8ExResult,
                Question::Result,
                Choice::OpponentWins,
            ),
        ],
    },
    // 9. Common mistakes.
    Lesson {
        title: Key::L9Title,
        summary: Key::L9Summary,
        steps: &[
            look(START, Key::L9Intro, &[]),
            landing(
                "9,9,5,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 2/2 -/- w",
                Key::L9ExFirst,
                3,
                w(7),
            ),
            landing(
                "9,9,9,9,9,9,5,9,9/9,9,9,9,9,9,9,9,9 2/2 -/- w",
                Key::L9ExKazan,
                7,
                b(2),
            ),
            choose(
                "9,9,9,9,9,9,9,9,5/9,9,9,2,0,9,9,9,9 10/10 5/- w",
                Key::L9ExSecond,
                Question::WhyNoTuz(9),
                Choice::AlreadyHasTuz,
            ),
            choose(
                "9,9,9,0,9,9,9,9,5/9,9,9,2,9,9,9,9,9 11/9 -/4 w",
                Key::L9ExSymmetric,
                Question::WhyNoTuz(9),
                Choice::SameNumber,
            ),
        ],
    },
    // 10. What to count before moving.
    Lesson {
        title: Key::L10Title,
        summary: Key::L10Summary,
        steps: &[
            look(START, Key::L10Intro, &[]),
            play(
                "3,7,2,9,12,5,8,4,6/11,3,8,5,7,9,2,6,9 26/20 -/- w",
                Key::L10ExBest,
                Goal::BestCapture,
                &[6],
            ),
            play(
                "0,2,6,1,4,0,13,1,4/1,11,3,1,4,1,7,0,5 54/44 -/- w",
                Key::L10ExSafe,
                Goal::Safe,
                &[4],
            ),
            play(
                "0,0,0,0,3,0,0,0,4/0,0,0,0,0,0,0,0,0 76/79 -/- w",
                Key::L10ExRunOut,
                Goal::Win,
                &[5],
            ),
        ],
    },
];

/// Whether `#/tutorial/<number>` names a lesson.
pub fn is_lesson(number: u8) -> bool {
    (1..=LESSONS.len()).contains(&usize::from(number))
}

// The data proven against the engine: legal positions, the engine's answers, the judging.
#[cfg(test)]
mod tests {
    use toguz_engine::{House, Side};

    use super::super::check::*;
    use super::{is_lesson, Choice, Goal, Kind, Sq, Step, LESSONS};

    fn each_step() -> impl Iterator<Item = (usize, usize, &'static Step)> {
        LESSONS.iter().enumerate().flat_map(|(l, lesson)| {
            lesson
                .steps
                .iter()
                .enumerate()
                .map(move |(s, st)| (l + 1, s + 1, st))
        })
    }

    #[test]
    fn every_position_is_a_legal_engine_setup() {
        for (l, s, step) in each_step() {
            let p = position(step).unwrap_or_else(|e| panic!("lesson {l} step {s}: {e}"));
            // The string is the engine's own spelling of the position.
            assert_eq!(p.to_string(), step.position, "lesson {l} step {s}");
            if step.kind.is_exercise() && !matches!(step.kind, Kind::TapHouse { .. }) {
                assert_eq!(
                    p.turn(),
                    Side::White,
                    "lesson {l} step {s}: {}",
                    DataError::NotWhiteToMove
                );
            }
        }
    }

    #[test]
    fn every_answer_is_the_engines() {
        let mut problems = Vec::new();
        for (l, s, step) in each_step() {
            let p = position(step).unwrap();
            match step.kind {
                Kind::Look { marks, .. } => {
                    for m in marks {
                        square(*m).unwrap();
                    }
                }
                Kind::Demo { house } => {
                    play(&p, house).unwrap_or_else(|e| panic!("lesson {l} step {s}: {e}"));
                }
                Kind::TapHouse { answer } => {
                    square(answer).unwrap();
                }
                Kind::TapLanding { house, answer } => {
                    let (_, out) = play(&p, house).unwrap();
                    if sq(out.last) != answer {
                        problems.push(format!("lesson {l} step {s}: lands on {}", out.last));
                    }
                }
                Kind::Play {
                    goal,
                    answers: expected,
                } => {
                    let engine = answers(goal, &p);
                    if engine != expected {
                        problems.push(format!("lesson {l} step {s}: {goal:?} engine {engine:?}"));
                    }
                    // An exercise with a wrong move to make is an exercise.
                    if engine.is_empty() || engine.len() == p.legal_moves().count() {
                        problems.push(format!(
                            "lesson {l} step {s}: {goal:?} moves {engine:?} of {}",
                            p.legal_moves().count()
                        ));
                    }
                }
                Kind::Choose {
                    question,
                    answer: expected,
                } => match answer(question, &p) {
                    Ok(engine) if engine == expected => {}
                    other => problems.push(format!("lesson {l} step {s}: engine {other:?}")),
                },
            }
        }
        assert!(problems.is_empty(), "\n{}", problems.join("\n"));
    }

    #[test]
    fn judging_uses_the_engine() {
        // The right answer of every exercise is judged right, and some wrong one wrong.
        for (l, s, step) in each_step() {
            let p = position(step).unwrap();
            let (right, wrong): (Attempt, Option<Attempt>) = match step.kind {
                Kind::TapHouse { answer } => (
                    Attempt::Tap(answer),
                    Some(Attempt::Tap(Sq {
                        house: answer.house % 9 + 1,
                        ..answer
                    })),
                ),
                Kind::TapLanding { answer, .. } => (
                    Attempt::Tap(answer),
                    Some(Attempt::Tap(Sq {
                        house: answer.house % 9 + 1,
                        ..answer
                    })),
                ),
                Kind::Play { answers: a, .. } => {
                    let wrong = p.legal_moves().map(House::get).find(|h| !a.contains(h));
                    (Attempt::Play(a[0]), wrong.map(Attempt::Play))
                }
                Kind::Choose { question, answer } => {
                    let wrong = question.choices().iter().find(|c| **c != answer).copied();
                    (Attempt::Choose(answer), wrong.map(Attempt::Choose))
                }
                _ => continue,
            };
            assert_eq!(judge(step, right), Ok(true), "lesson {l} step {s}");
            let wrong = wrong.unwrap_or_else(|| panic!("lesson {l} step {s}: no wrong answer"));
            assert_eq!(judge(step, wrong), Ok(false), "lesson {l} step {s}");
        }
        // An empty house or a house of the wrong kind is simply wrong, never a panic.
        let step = &LESSONS[2].steps[2];
        assert_eq!(judge(step, Attempt::Play(0)), Ok(false));
        assert_eq!(judge(step, Attempt::Choose(Choice::Draw)), Ok(false));
    }

    #[test]
    fn an_unsafe_move_shows_the_reply_that_captures() {
        let step = &LESSONS[9].steps[2];
        let p = position(step).unwrap();
        let safe = answers(Goal::Safe, &p);
        for h in p.legal_moves().map(House::get) {
            let (after, _) = play(&p, h).unwrap();
            assert_eq!(
                best_reply_capture(&after).is_none(),
                safe.contains(&h),
                "house {h}"
            );
        }
    }

    #[test]
    fn there_are_ten_lessons_with_exercises() {
        assert_eq!(LESSONS.len(), 10);
        for (i, lesson) in LESSONS.iter().enumerate() {
            assert!(
                lesson.steps.iter().any(|s| s.kind.is_exercise()),
                "lesson {}",
                i + 1
            );
        }
    }

    #[test]
    fn only_the_ten_lessons_are_lessons() {
        assert!(is_lesson(1) && is_lesson(10));
        assert!(!is_lesson(0) && !is_lesson(11) && !is_lesson(255));
    }
}
