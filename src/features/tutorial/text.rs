//! Turning the tutorial's data into translated text: narration lines, choices, feedback.
//! Numbers go in through interpolation and plural forms of the `tutorial` namespace.

use toguz_engine::NoTuzReason;

use super::keys::Key;
use super::lessons::{Choice, Goal};
use super::narration::{Line, Whose};
use crate::i18n::*;

/// The text of a narration line.
pub fn line(i18n: leptos_i18n::I18nContext<Locale>, line: Line) -> String {
    use Whose::{Theirs, Yours};
    match line {
        Line::Lift {
            who: Yours,
            house,
            count,
        } => t_string!(
            i18n,
            tutorial.n_lift_yours,
            count = u32::from(count),
            house = house
        )
        .to_string(),
        Line::Lift {
            who: Theirs,
            house,
            count,
        } => t_string!(
            i18n,
            tutorial.n_lift_theirs,
            count = u32::from(count),
            house = house
        )
        .to_string(),
        Line::LiftSingle { who: Yours, house } => {
            t_string!(i18n, tutorial.n_single_yours, house = house).to_string()
        }
        Line::LiftSingle { who: Theirs, house } => {
            t_string!(i18n, tutorial.n_single_theirs, house = house).to_string()
        }
        Line::FirstStays { house } => {
            t_string!(i18n, tutorial.n_first_stays, house = house).to_string()
        }
        Line::Drop {
            n,
            row: Yours,
            house,
        } => t_string!(i18n, tutorial.n_drop_yours, n = n, house = house).to_string(),
        Line::Drop {
            n,
            row: Theirs,
            house,
        } => t_string!(i18n, tutorial.n_drop_theirs, n = n, house = house).to_string(),
        Line::ThroughTuz { n, owner: Yours } => {
            t_string!(i18n, tutorial.n_tuz_yours, n = n).to_string()
        }
        Line::ThroughTuz { n, owner: Theirs } => {
            t_string!(i18n, tutorial.n_tuz_theirs, n = n).to_string()
        }
        Line::OwnSide => t_string!(i18n, tutorial.r_own_side).to_string(),
        Line::InTuz => t_string!(i18n, tutorial.r_in_tuz).to_string(),
        Line::Odd { count } => {
            t_string!(i18n, tutorial.r_odd, count = u32::from(count)).to_string()
        }
        Line::Even { who: Yours, count } => {
            t_string!(i18n, tutorial.r_even_yours, count = u32::from(count)).to_string()
        }
        Line::Even { who: Theirs, count } => {
            t_string!(i18n, tutorial.r_even_theirs, count = u32::from(count)).to_string()
        }
        Line::TuzMade { who: Yours } => t_string!(i18n, tutorial.r_tuz_yours).to_string(),
        Line::TuzMade { who: Theirs } => t_string!(i18n, tutorial.r_tuz_theirs).to_string(),
        Line::NoTuz(NoTuzReason::AlreadyHasTuz) => {
            t_string!(i18n, tutorial.r_no_tuz_has).to_string()
        }
        Line::NoTuz(NoTuzReason::House9) => t_string!(i18n, tutorial.r_no_tuz_9).to_string(),
        Line::NoTuz(NoTuzReason::SameNumber) => t_string!(i18n, tutorial.r_no_tuz_same).to_string(),
        Line::Won82 { who: Yours, kazan } => {
            t_string!(i18n, tutorial.r_won_yours, kazan = kazan).to_string()
        }
        Line::Won82 { who: Theirs, kazan } => {
            t_string!(i18n, tutorial.r_won_theirs, kazan = kazan).to_string()
        }
        Line::NoMoves { who: Yours } => t_string!(i18n, tutorial.r_no_moves_yours).to_string(),
        Line::NoMoves { who: Theirs } => t_string!(i18n, tutorial.r_no_moves_theirs).to_string(),
        Line::Final {
            yours,
            theirs,
            result: Some(Yours),
        } => t_string!(i18n, tutorial.r_final_yours, yours = yours, theirs = theirs).to_string(),
        Line::Final {
            yours,
            theirs,
            result: Some(Theirs),
        } => t_string!(
            i18n,
            tutorial.r_final_theirs,
            yours = yours,
            theirs = theirs
        )
        .to_string(),
        Line::Final {
            yours,
            theirs,
            result: None,
        } => t_string!(i18n, tutorial.r_final_draw, yours = yours, theirs = theirs).to_string(),
    }
}

/// The label of a choice.
pub fn choice_key(choice: Choice) -> Key {
    match choice {
        Choice::Capture => Key::ChoiceCapture,
        Choice::Tuz => Key::ChoiceTuz,
        Choice::Nothing => Key::ChoiceNothing,
        Choice::AlreadyHasTuz => Key::ChoiceAlreadyHasTuz,
        Choice::House9 => Key::ChoiceHouse9,
        Choice::SameNumber => Key::ChoiceSameNumber,
        Choice::YouWin => Key::ChoiceYouWin,
        Choice::OpponentWins => Key::ChoiceOpponentWins,
        Choice::Draw => Key::ChoiceDraw,
    }
}

/// The explanation after a move that misses `goal`.
pub fn miss_key(goal: Goal) -> Key {
    match goal {
        Goal::Capture => Key::MissCapture,
        Goal::Tuz => Key::MissTuz,
        Goal::Win => Key::MissWin,
        Goal::BestCapture => Key::MissBest,
        Goal::Safe => Key::MissSafe,
    }
}
