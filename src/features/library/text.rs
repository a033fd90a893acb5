//! The library's texts that depend on values: notices, import errors, modes, results, dates.
//! Every word comes from the `library` namespace of the locales.

use toguz_engine::record::RecordError;
use toguz_engine::{GameResult, Side};
use toguz_store::library::{BACKUP_PREFIX, GAME_PREFIX, INDEX_KEY, SETTINGS_KEY};
use toguz_store::{DecodeError, Fault, ImportError, Mode, Players, Summary};

use crate::i18n::*;
use crate::platform::storage::{LEGACY_IOS_HINT_KEY, LEGACY_TUTORIAL_KEY, PWA_KEY, TUTORIAL_KEY};
use crate::services::record_words::{record_kind, study_error};
use crate::services::saves::{ImportProblem, Notice};
use toguz_app_core::keep::{Advice, Attempt};

pub use crate::services::record_words::date;
use leptos_i18n::I18nContext;

/// What a stored key holds, in words.
fn what(i18n: I18nContext<Locale>, key: &str) -> String {
    let key = key.strip_prefix(BACKUP_PREFIX).unwrap_or(key);
    if key == SETTINGS_KEY || key == toguz_store::library::LEGACY_SETTINGS_KEY {
        t_string!(i18n, library.what_settings).to_string()
    } else if key == INDEX_KEY {
        t_string!(i18n, library.what_index).to_string()
    } else if key.starts_with("toguz.review.") {
        t_string!(i18n, library.what_review).to_string()
    } else if key.starts_with(GAME_PREFIX) {
        t_string!(i18n, library.what_game).to_string()
    } else if key == TUTORIAL_KEY || key == LEGACY_TUTORIAL_KEY {
        t_string!(i18n, library.what_tutorial).to_string()
    } else if key == PWA_KEY || key == LEGACY_IOS_HINT_KEY {
        t_string!(i18n, library.what_pwa).to_string()
    } else {
        key.to_string()
    }
}

/// Why a stored value did not read, in words.
fn reason(i18n: I18nContext<Locale>, e: &DecodeError) -> String {
    match e {
        DecodeError::Truncated => t_string!(i18n, library.reason_truncated).to_string(),
        DecodeError::Syntax { .. } | DecodeError::NotVersioned | DecodeError::WrongKind { .. } => {
            t_string!(i18n, library.reason_syntax).to_string()
        }
        DecodeError::UnknownVersion { found, .. } => {
            let found = *found;
            t_string!(i18n, library.reason_unknown_version, found = found).to_string()
        }
        // An older value met before its upgrade (`crate::services::upgrade`, whose part could
        // not be fetched at start): not brought up to date either.
        DecodeError::Migration { .. } | DecodeError::Older { .. } => {
            t_string!(i18n, library.reason_migration).to_string()
        }
        DecodeError::Invalid(_) => t_string!(i18n, library.reason_invalid).to_string(),
    }
}

/// A notice, in words.
pub fn notice(i18n: I18nContext<Locale>, n: &Notice) -> String {
    match n {
        Notice::Corrupt { key, error, .. } => {
            let what = what(i18n, key);
            let reason = reason(i18n, error);
            t_string!(i18n, library.notice_corrupt, what = what, reason = reason).to_string()
        }
        Notice::Unavailable => t_string!(i18n, library.notice_unavailable).to_string(),
        Notice::Full(attempt) => full(i18n, *attempt),
        Notice::Forked => t_string!(i18n, library.notice_forked).to_string(),
    }
}

/// What a full storage refused, and what to do about it.
pub fn full(i18n: I18nContext<Locale>, attempt: Attempt) -> String {
    let what = match attempt {
        Attempt::Game => t_string!(i18n, library.full_game),
        Attempt::Study => t_string!(i18n, library.full_study),
        Attempt::Review => t_string!(i18n, library.full_review),
        Attempt::Import => t_string!(i18n, library.full_import),
        Attempt::Restore => t_string!(i18n, library.full_restore),
        Attempt::Other => t_string!(i18n, library.full_setting),
    };
    let advice = match attempt.advice() {
        Advice::ExportBackUpDelete => t_string!(i18n, library.advice_export_backup_delete),
        Advice::BackUpDelete => t_string!(i18n, library.advice_backup_delete),
        Advice::DeleteRetry => t_string!(i18n, library.advice_delete_retry),
    };
    format!("{what} {advice}")
}

fn record_error(i18n: I18nContext<Locale>, e: &RecordError) -> String {
    let reason = record_kind(i18n, &e.kind);
    let game = e.game;
    let token = e.token.clone();
    if e.ply == 0 {
        t_string!(
            i18n,
            library.err_in_game,
            game = game,
            token = token,
            reason = reason
        )
        .to_string()
    } else {
        let number = e.move_number.clone();
        let ply = e.ply;
        t_string!(
            i18n,
            library.err_at_move,
            game = game,
            number = number,
            ply = ply,
            token = token,
            reason = reason
        )
        .to_string()
    }
}

/// Why an import did not happen, in words (naming the game and the move).
pub fn import_problem(i18n: I18nContext<Locale>, p: &ImportProblem) -> String {
    match p {
        ImportProblem::Record(ImportError::Empty) => t_string!(i18n, library.err_empty).to_string(),
        ImportProblem::Record(ImportError::TooLarge { .. }) => {
            t_string!(i18n, library.err_too_large).to_string()
        }
        ImportProblem::Record(ImportError::BadLink) => {
            t_string!(i18n, library.err_bad_link).to_string()
        }
        ImportProblem::Record(ImportError::Record(e)) => {
            let why = record_error(i18n, e);
            t_string!(i18n, library.err_nothing_imported, why = why).to_string()
        }
        ImportProblem::Storage(Fault::Full) => full(i18n, Attempt::Import),
        ImportProblem::NoRoom(no_room) => full(i18n, no_room.attempt.into()),
        ImportProblem::Storage(_) => {
            let why = t_string!(i18n, library.notice_unavailable);
            t_string!(i18n, library.err_nothing_imported, why = why).to_string()
        }
        ImportProblem::Study(None) => t_string!(i18n, library.err_empty).to_string(),
        ImportProblem::Study(Some(e)) => {
            let why = study_error(i18n, e);
            t_string!(i18n, library.err_nothing_imported, why = why).to_string()
        }
    }
}

/// The mode of a game, in words.
pub fn mode(i18n: I18nContext<Locale>, s: &Summary) -> String {
    if s.imported {
        return t_string!(i18n, library.mode_imported).to_string();
    }
    match s.mode {
        Mode::Computer { level: l, .. } => {
            let level = crate::services::words::level_in_sentence(i18n.get_locale(), l);
            t_string!(i18n, library.mode_computer, level = level).to_string()
        }
        Mode::TwoPlayers => t_string!(i18n, library.mode_two_players).to_string(),
        Mode::Watch { level: l } => {
            let level = crate::services::words::level_in_sentence(i18n.get_locale(), l);
            t_string!(i18n, library.mode_watch, level = level).to_string()
        }
        Mode::Link { .. } => {
            let mode = t_string!(i18n, library.mode_link).to_string();
            match s.my_turn() {
                Some(true) => format!("{mode} · {}", t_string!(i18n, library.your_turn)),
                Some(false) => format!("{mode} · {}", t_string!(i18n, library.friends_turn)),
                None => mode,
            }
        }
    }
}

/// The shown names of a game's players: their own, or who plays (you, the computer, a side).
pub fn names(i18n: I18nContext<Locale>, players: &Players, mode: Mode) -> (String, String) {
    let default = |side: Side| match mode {
        Mode::Computer { human, .. } | Mode::Link { me: human } if human == side => {
            t_string!(i18n, library.you).to_string()
        }
        Mode::Link { .. } => t_string!(i18n, library.friend).to_string(),
        Mode::Computer { .. } | Mode::Watch { .. } => t_string!(i18n, library.computer).to_string(),
        Mode::TwoPlayers => match side {
            Side::White => t_string!(i18n, library.white).to_string(),
            Side::Black => t_string!(i18n, library.black).to_string(),
        },
    };
    let pick = |own: &str, side| {
        if own.trim().is_empty() {
            default(side)
        } else {
            own.to_string()
        }
    };
    (
        pick(&players.white, Side::White),
        pick(&players.black, Side::Black),
    )
}

/// The result with the score, e.g. "White won · 82:60", or "In progress".
pub fn result(i18n: I18nContext<Locale>, result: Option<GameResult>) -> String {
    match result {
        None => t_string!(i18n, library.in_progress).to_string(),
        Some(GameResult::Win(Side::White)) => t_string!(i18n, library.result_white).to_string(),
        Some(GameResult::Win(Side::Black)) => t_string!(i18n, library.result_black).to_string(),
        Some(GameResult::Draw) => t_string!(i18n, library.result_draw).to_string(),
    }
}
