//! What a lesson's steps are made of, as plain data: houses as lessons write them, the goals,
//! questions and answers of the exercises, and the kinds of step. The lessons themselves (with
//! their texts) are the tutorial's data (`features::tutorial::lessons`).

use toguz_engine::Side;

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

    /// The kind's name (the lesson panel's `data-kind`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Look { .. } => "look",
            Kind::Demo { .. } => "demo",
            Kind::TapHouse { .. } => "tap",
            Kind::TapLanding { .. } => "landing",
            Kind::Play { .. } => "play",
            Kind::Choose { .. } => "choose",
        }
    }
}

/// One step of a lesson: a board position, a text and what to do. `T` names the text (the
/// app's translation key: the controller never reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<T> {
    /// The position, as an engine position string.
    pub position: &'static str,
    /// The explanation or the task.
    pub text: T,
    /// What the step does.
    pub kind: Kind,
}
