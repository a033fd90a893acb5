//! The review's words: classes, reasons, evaluations, lines.

use leptos_i18n::I18nContext;
use toguz_coach::review::{MoveClass, Reason};
use toguz_engine::search::Score;
use toguz_engine::Side;
use toguz_store::{GameEntry, Mode};

use crate::i18n::*;
use crate::services::words;

/// A class's name.
pub fn class_name(i18n: I18nContext<Locale>, class: MoveClass) -> String {
    match class {
        MoveClass::Best => t_string!(i18n, review.class_best),
        MoveClass::Good => t_string!(i18n, review.class_good),
        MoveClass::Inaccuracy => t_string!(i18n, review.class_inaccuracy),
        MoveClass::Mistake => t_string!(i18n, review.class_mistake),
        MoveClass::Blunder => t_string!(i18n, review.class_blunder),
    }
    .to_string()
}

/// The mark after a move in the list, as in chess: `?!`, `?`, `??`.
pub fn class_mark(class: MoveClass) -> &'static str {
    match class {
        MoveClass::Best | MoveClass::Good => "",
        MoveClass::Inaccuracy => "?!",
        MoveClass::Mistake => "?",
        MoveClass::Blunder => "??",
    }
}

/// Why a move was worse, as a phrase ("gives away a capture of 14").
pub fn reason(i18n: I18nContext<Locale>, r: Reason) -> String {
    match r {
        Reason::LetsOpponentReach82 => t_string!(i18n, review.reason_reach82).to_string(),
        Reason::MissesWin => t_string!(i18n, review.reason_misses_win).to_string(),
        Reason::GivesAwayCapture { count } => {
            t_string!(i18n, review.reason_capture, count = count).to_string()
        }
        Reason::GivesAwayTuz => t_string!(i18n, review.reason_tuz).to_string(),
        Reason::MissesCapture { count } => {
            t_string!(i18n, review.reason_misses_capture, count = count).to_string()
        }
        Reason::MissesTuz => t_string!(i18n, review.reason_misses_tuz).to_string(),
        Reason::AllowsForcedLoss { .. } => t_string!(i18n, review.reason_forced_loss).to_string(),
        Reason::MissesForcedWin { plies } => {
            let count = toguz_app_core::review::moves_to_win(plies);
            t_string!(i18n, review.reason_misses_forced_win, count = count).to_string()
        }
    }
}

/// The reasons as one sentence, the first capitalised ("Gives away a capture of 14; misses
/// a tuz.").
pub fn reasons(i18n: I18nContext<Locale>, rs: &[Reason]) -> String {
    let text = rs
        .iter()
        .map(|&r| reason(i18n, r))
        .collect::<Vec<_>>()
        .join("; ");
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => format!("{}{}.", c.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

// An evaluation is written one way on every screen.
pub use crate::services::words::eval;

/// An evaluation `s` of the move of `mover`, in words where it is a proven win for the mover
/// ("a forced win in 6 moves"), else as [`eval`] writes every evaluation: from White's side.
pub fn eval_words(i18n: I18nContext<Locale>, s: Score, mover: Side) -> String {
    match toguz_app_core::review::forced_win(s) {
        Some(count) => t_string!(i18n, review.wins_in, count = count).to_string(),
        None => eval(
            i18n.get_locale(),
            toguz_app_core::session::white_score(s, mover),
        ),
    }
}

/// Korgools lost, one decimal.
pub fn korgools(locale: Locale, hundredths: u32) -> String {
    words::eval_number(locale, hundredths as i32)
        .trim_start_matches('+')
        .to_string()
}

/// The players' names of a saved game (the names given, or "You", "Computer", "White"...).
pub fn names(i18n: I18nContext<Locale>, entry: &GameEntry) -> (String, String) {
    let name = |own: &str, side: Side| {
        if !own.trim().is_empty() {
            return own.to_string();
        }
        match entry.mode {
            Mode::Computer { human, .. } | Mode::Link { me: human } if human == side => {
                t_string!(i18n, library.you)
            }
            Mode::Link { .. } => t_string!(i18n, library.friend),
            Mode::Computer { .. } | Mode::Watch { .. } => t_string!(i18n, library.computer),
            Mode::TwoPlayers => match side {
                Side::White => t_string!(i18n, library.white),
                Side::Black => t_string!(i18n, library.black),
            },
        }
        .to_string()
    };
    (
        name(&entry.players.white, Side::White),
        name(&entry.players.black, Side::Black),
    )
}
