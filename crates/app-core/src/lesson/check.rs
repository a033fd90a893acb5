//! Exercises judged by the engine: the learner's answer is played (or read) on the engine's
//! position, never checked against a rule written here.

use core::fmt;

use toguz_engine::{
    GameResult, House, MoveOutcome, NoTuzReason, ParsePositionError, Position, Side, Square,
};

use super::step::{Choice, Goal, Kind, Question, Sq, Step};

/// Why a lesson's data cannot be used (a test proves none of these happens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The position string is not a legal engine position.
    Position(ParsePositionError),
    /// A house number outside 1..=9.
    BadHouse(u8),
    /// The move named is illegal in the position.
    IllegalMove(u8),
    /// An exercise's position does not have the learner (White) to move.
    NotWhiteToMove,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Position(e) => write!(f, "bad position: {e}"),
            DataError::BadHouse(h) => write!(f, "{h} is not a house number"),
            DataError::IllegalMove(h) => write!(f, "the move from house {h} is illegal here"),
            DataError::NotWhiteToMove => f.write_str("an exercise must have White to move"),
        }
    }
}

impl std::error::Error for DataError {}

/// The engine position of a step.
pub fn position<T>(step: &Step<T>) -> Result<Position, DataError> {
    step.position.parse().map_err(DataError::Position)
}

/// A lesson's house as an engine square.
pub fn square(sq: Sq) -> Result<Square, DataError> {
    House::new(sq.house)
        .map(|h| Square::new(sq.side, h))
        .ok_or(DataError::BadHouse(sq.house))
}

/// An engine square as a lesson's house.
pub fn sq(square: Square) -> Sq {
    Sq {
        side: square.side(),
        house: square.house().get(),
    }
}

/// Plays `house` of the side to move on a copy of `position`: the outcome and the position
/// after it.
pub fn play(position: &Position, house: u8) -> Result<(Position, MoveOutcome), DataError> {
    let h = House::new(house).ok_or(DataError::BadHouse(house))?;
    let mut after = *position;
    let outcome = after
        .try_play(h)
        .map_err(|_| DataError::IllegalMove(house))?;
    Ok((after, outcome))
}

/// Whether a move with this outcome meets `goal` in `before`.
pub fn meets(goal: Goal, before: &Position, after: &Position, outcome: &MoveOutcome) -> bool {
    match goal {
        Goal::Capture => outcome.capture.is_some_and(|c| !c.tuz),
        Goal::Tuz => outcome.capture.is_some_and(|c| c.tuz),
        Goal::Win => {
            let end = outcome.end.or_else(|| after.end());
            end.is_some_and(|e| e.result == GameResult::Win(outcome.side))
        }
        Goal::BestCapture => {
            let best = before
                .legal_moves()
                .filter_map(|h| play(before, h.get()).ok())
                .filter_map(|(_, o)| o.capture.map(|c| c.count))
                .max();
            best.is_some() && outcome.capture.map(|c| c.count) == best
        }
        Goal::Safe => {
            after.end().is_none()
                && after
                    .legal_moves()
                    .all(|h| play(after, h.get()).is_ok_and(|(_, reply)| reply.capture.is_none()))
        }
    }
}

/// The opponent's biggest capturing reply in `after` (the position after the learner's
/// move), if there is one: what a move that is not [`Goal::Safe`] gives away.
pub fn best_reply_capture(after: &Position) -> Option<(u8, MoveOutcome)> {
    after
        .legal_moves()
        .filter_map(|h| play(after, h.get()).ok().map(|(_, o)| (h.get(), o)))
        .filter(|(_, o)| o.capture.is_some())
        .max_by_key(|(h, o)| (o.capture.map_or(0, |c| c.count), core::cmp::Reverse(*h)))
}

/// Every house of the side to move whose move meets `goal`, in house order.
pub fn answers(goal: Goal, position: &Position) -> Vec<u8> {
    position
        .legal_moves()
        .filter(|h| {
            play(position, h.get())
                .is_ok_and(|(after, outcome)| meets(goal, position, &after, &outcome))
        })
        .map(House::get)
        .collect()
}

/// The engine's answer to a question in `position`.
pub fn answer(question: Question, position: &Position) -> Result<Choice, DataError> {
    match question {
        Question::WhatHappens(house) => {
            let (_, outcome) = play(position, house)?;
            Ok(match outcome.capture {
                Some(c) if c.tuz => Choice::Tuz,
                Some(_) => Choice::Capture,
                None => Choice::Nothing,
            })
        }
        Question::WhyNoTuz(house) => {
            let (_, outcome) = play(position, house)?;
            Ok(match outcome.no_tuz {
                Some(NoTuzReason::AlreadyHasTuz) => Choice::AlreadyHasTuz,
                Some(NoTuzReason::House9) => Choice::House9,
                Some(NoTuzReason::SameNumber) => Choice::SameNumber,
                // A tuz made or no three at all: the question does not fit this position.
                None => return Err(DataError::IllegalMove(house)),
            })
        }
        Question::Result => Ok(match position.end().map(|e| e.result) {
            Some(GameResult::Win(Side::White)) => Choice::YouWin,
            Some(GameResult::Win(Side::Black)) => Choice::OpponentWins,
            Some(GameResult::Draw) => Choice::Draw,
            None => return Err(DataError::IllegalMove(0)),
        }),
    }
}

/// The learner's answer to an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// A house tapped (a "tap the house" exercise).
    Tap(Sq),
    /// A move played from the learner's house.
    Play(u8),
    /// A choice made.
    Choose(Choice),
}

/// Judges an attempt on a step with the engine. `Ok(true)` when right.
pub fn judge<T>(step: &Step<T>, attempt: Attempt) -> Result<bool, DataError> {
    let position = position(step)?;
    Ok(match (step.kind, attempt) {
        (Kind::TapHouse { answer }, Attempt::Tap(tapped)) => square(answer)? == square(tapped)?,
        (Kind::TapLanding { house, .. }, Attempt::Tap(tapped)) => {
            let (_, outcome) = play(&position, house)?;
            outcome.last == square(tapped)?
        }
        (Kind::Play { goal, .. }, Attempt::Play(house)) => match play(&position, house) {
            Ok((after, outcome)) => meets(goal, &position, &after, &outcome),
            Err(_) => false,
        },
        (Kind::Choose { question, .. }, Attempt::Choose(choice)) => {
            answer(question, &position)? == choice
        }
        _ => false,
    })
}
