//! The lessons as data: positions, steps, narration keys and expected answers.
//!
//! Nothing here knows a rule. Each step names an engine position string and, for an
//! exercise, the answer the engine gives; `tests::every_answer_is_the_engines` (and the
//! checks in [`super::check`]) prove every position is a legal engine setup and every
//! expected answer is exactly what the engine says. The learner always plays White, whose
//! row is at the bottom of the board; only a demonstration may show Black sowing.

use toguz_engine::Side;

use super::keys::Key;

/// A house named by its owner and number (1..=9), as lessons write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sq {
    /// Whose row.
    pub side: Side,
    /// The house number on that row, 1..=9.
    pub house: u8,
}

/// The learner's (White's) house `n`.
pub const fn w(n: u8) -> Sq {
    Sq {
        side: Side::White,
        house: n,
    }
}

/// The opponent's (Black's) house `n`.
pub const fn b(n: u8) -> Sq {
    Sq {
        side: Side::Black,
        house: n,
    }
}

/// What a "play a move" exercise asks for; the engine decides whether a move meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Any move whose last korgool captures an even count (not a tuz).
    Capture,
    /// A move that makes a tuz.
    Tuz,
    /// A move that wins the game at once.
    Win,
    /// The move that captures the most (ties all count).
    BestCapture,
    /// A move after which the opponent has no capturing reply (no capture, no tuz).
    Safe,
}

/// A question answered by choosing one of a fixed set of answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    /// What does the move from this house of the learner do? ([`Choice::Capture`],
    /// [`Choice::Tuz`] or [`Choice::Nothing`]).
    WhatHappens(u8),
    /// The move from this house leaves exactly three in an opponent's house: why is no tuz
    /// made? (one of the three reasons).
    WhyNoTuz(u8),
    /// The game is over in this position: what is the result?
    Result,
}

/// One answer of a [`Question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// The last korgool captures.
    Capture,
    /// The last korgool makes a tuz.
    Tuz,
    /// Nothing is taken.
    Nothing,
    /// No tuz: the mover already has one.
    AlreadyHasTuz,
    /// No tuz: house 9 never becomes one.
    House9,
    /// No tuz: the opponent's tuz has the same number.
    SameNumber,
    /// The learner (White) wins.
    YouWin,
    /// The opponent (Black) wins.
    OpponentWins,
    /// A draw.
    Draw,
}

impl Question {
    /// The answers offered, in the order shown.
    pub fn choices(self) -> &'static [Choice] {
        match self {
            Question::WhatHappens(_) => &[Choice::Capture, Choice::Tuz, Choice::Nothing],
            Question::WhyNoTuz(_) => &[Choice::AlreadyHasTuz, Choice::House9, Choice::SameNumber],
            Question::Result => &[Choice::YouWin, Choice::OpponentWins, Choice::Draw],
        }
    }

    /// The house the question is about, if it is about a move.
    pub fn house(self) -> Option<u8> {
        match self {
            Question::WhatHappens(h) | Question::WhyNoTuz(h) => Some(h),
            Question::Result => None,
        }
    }
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Look at the board, with some houses marked.
    Look {
        /// Houses to mark.
        marks: &'static [Sq],
        /// Mark the two kazans too.
        kazans: bool,
    },
    /// A sowing shown korgool by korgool from this house of the side to move.
    Demo {
        /// The house sown.
        house: u8,
    },
    /// Tap a named house.
    TapHouse {
        /// The house to tap.
        answer: Sq,
    },
    /// Tap the house where the last korgool of `house` (the learner's) lands.
    TapLanding {
        /// The house sown.
        house: u8,
        /// Where its last korgool lands, as the engine says.
        answer: Sq,
    },
    /// Play a move that meets the goal.
    Play {
        /// What the move must do.
        goal: Goal,
        /// Every house of the learner whose move meets it, as the engine says.
        answers: &'static [u8],
    },
    /// Choose the answer to a question.
    Choose {
        /// The question.
        question: Question,
        /// The right answer, as the engine says.
        answer: Choice,
    },
}

impl Kind {
    /// True for the steps the learner must answer.
    pub fn is_exercise(self) -> bool {
        !matches!(self, Kind::Look { .. } | Kind::Demo { .. })
    }
}

/// One step of a lesson: a board position, a text and what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The position, as an engine position string.
    pub position: &'static str,
    /// The explanation or the task.
    pub text: Key,
    /// What the step does.
    pub kind: Kind,
}

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
