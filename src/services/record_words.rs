//! Words about records and dates shared by the screens that read them (the library's import,
//! the analysis board's studies): why a record or a study does not read, and a date in the
//! player's language.

use toguz_engine::game::GameError;
use toguz_engine::notation::Mismatch;
use toguz_engine::record::RecordErrorKind;
use toguz_engine::study::{StudyError, StudyErrorKind};
use toguz_engine::MoveError;

use crate::i18n::*;
use leptos_i18n::I18nContext;
use toguz_app_core::date::{self as dates, LocalTime};

/// Why a record's token does not read, in words.
pub fn record_kind(i18n: I18nContext<Locale>, kind: &RecordErrorKind) -> String {
    match kind {
        RecordErrorKind::UnterminatedComment => {
            t_string!(i18n, library.err_unterminated_comment).to_string()
        }
        RecordErrorKind::BadTag => t_string!(i18n, library.err_bad_tag).to_string(),
        RecordErrorKind::BadMoveNumber { expected } => {
            let expected = expected.clone();
            t_string!(i18n, library.err_bad_move_number, expected = expected).to_string()
        }
        RecordErrorKind::BadMove(_) => t_string!(i18n, library.err_bad_move).to_string(),
        RecordErrorKind::BadPosition(_) => t_string!(i18n, library.err_bad_position).to_string(),
        RecordErrorKind::Illegal(e) => illegal(i18n, e),
        RecordErrorKind::Mismatch(m) => mismatch(i18n, m),
        RecordErrorKind::WrongResult { written, rules } => {
            let written = written.map_or("*", |r| r.as_str());
            let rules = rules.as_str();
            t_string!(
                i18n,
                library.err_wrong_result,
                written = written,
                rules = rules
            )
            .to_string()
        }
    }
}

fn illegal(i18n: I18nContext<Locale>, e: &GameError) -> String {
    match e {
        GameError::Move(MoveError::EmptyHouse(h)) => {
            let house = h.get();
            t_string!(i18n, library.ill_empty, house = house).to_string()
        }
        GameError::Move(MoveError::OpponentTuz(h)) => {
            let house = h.get();
            t_string!(i18n, library.ill_tuz, house = house).to_string()
        }
        GameError::Move(MoveError::GameOver) | GameError::Finished => {
            t_string!(i18n, library.ill_over).to_string()
        }
        _ => t_string!(i18n, library.err_illegal).to_string(),
    }
}

fn mismatch(i18n: I18nContext<Locale>, m: &Mismatch) -> String {
    match *m {
        Mismatch::From { written, actual } => {
            let (written, actual) = (written.get(), actual.get());
            t_string!(i18n, library.mm_from, written = written, actual = actual).to_string()
        }
        Mismatch::Landing { written, actual } => {
            let (written, actual) = (written.get(), actual.get());
            t_string!(i18n, library.mm_landing, written = written, actual = actual).to_string()
        }
        Mismatch::CaptureTotal {
            written: Some(written),
            actual: Some(actual),
        } => t_string!(i18n, library.mm_total, written = written, actual = actual).to_string(),
        Mismatch::CaptureTotal {
            written: None,
            actual: Some(actual),
        } => t_string!(i18n, library.mm_total_missing, actual = actual).to_string(),
        Mismatch::CaptureTotal {
            written: Some(written),
            actual: None,
        } => t_string!(i18n, library.mm_total_extra, written = written).to_string(),
        Mismatch::TuzMark { actual: true, .. } => {
            t_string!(i18n, library.mm_tuz_missing).to_string()
        }
        Mismatch::TuzMark { actual: false, .. } => {
            t_string!(i18n, library.mm_tuz_extra).to_string()
        }
        _ => t_string!(i18n, library.err_mismatch).to_string(),
    }
}

/// A study's title: `title`, or "Analysis, <date>" for one without.
pub fn study_title(i18n: I18nContext<Locale>, title: &str, now: u64) -> String {
    if !title.trim().is_empty() {
        return title.trim().to_string();
    }
    let date = date(i18n, now);
    t_string!(i18n, review.study_title, date = date).to_string()
}

/// A study's error in words: the game, the move and its place in the tree, the token, why.
pub fn study_error(i18n: I18nContext<Locale>, e: &StudyError) -> String {
    let reason = match &e.kind {
        StudyErrorKind::Record(k) => record_kind(i18n, k),
        StudyErrorKind::VariationWithoutMove => {
            t_string!(i18n, library.err_variation_without_move).to_string()
        }
        StudyErrorKind::UnopenedVariation => {
            t_string!(i18n, library.err_unopened_variation).to_string()
        }
        StudyErrorKind::UnclosedVariation => {
            t_string!(i18n, library.err_unclosed_variation).to_string()
        }
        StudyErrorKind::TooDeep => t_string!(i18n, library.err_too_deep).to_string(),
        StudyErrorKind::GlyphWithoutMove => {
            t_string!(i18n, library.err_glyph_without_move).to_string()
        }
    };
    let (game, token) = (e.game, e.token.clone());
    if e.move_number.is_empty() {
        return t_string!(
            i18n,
            library.err_in_game,
            game = game,
            token = token,
            reason = reason
        )
        .to_string();
    }
    let (number, path) = (e.move_number.clone(), e.path.to_string());
    t_string!(
        i18n,
        library.err_at_study_move,
        game = game,
        number = number,
        path = path,
        token = token,
        reason = reason
    )
    .to_string()
}

thread_local! {
    /// One date format per language (making an `Intl.DateTimeFormat` per card is slow).
    static DATE_FORMATS: std::cell::RefCell<Vec<(Locale, js_sys::Function)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A date and time in the player's language (`toguz_app_core::date`: the browser's words where
/// it has them, the numeric date where it may not).
pub fn date(i18n: I18nContext<Locale>, ms: u64) -> String {
    let locale = i18n.get_locale();
    let lang = locale.as_str();
    let d = js_sys::Date::new(&(ms as f64).into());
    let local = LocalTime {
        year: d.get_full_year() as i32,
        month: d.get_month() as u8 + 1,
        day: d.get_date() as u8,
        hour: d.get_hours() as u8,
        minute: d.get_minutes() as u8,
    };
    let browser = dates::browser_writes(lang)
        .then(|| intl_format(locale))
        .flatten()
        .and_then(|f| f.call1(&wasm_bindgen::JsValue::UNDEFINED, &d).ok())
        .and_then(|v| v.as_string());
    dates::text(lang, local, browser)
}

/// The browser's date format for `locale`, made once; `None` when it has none for it.
fn intl_format(locale: Locale) -> Option<js_sys::Function> {
    DATE_FORMATS.with(|formats| {
        let mut formats = formats.borrow_mut();
        if let Some((_, f)) = formats.iter().find(|(l, _)| *l == locale) {
            return Some(f.clone());
        }
        let locales = js_sys::Array::of1(&locale.as_str().into());
        let supported =
            js_sys::Intl::DateTimeFormat::supported_locales_of(&locales, &js_sys::Object::new())
                .length()
                > 0;
        if !supported {
            return None;
        }
        let options = js_sys::Object::new();
        for (k, v) in [
            ("year", "numeric"),
            ("month", "short"),
            ("day", "numeric"),
            ("hour", "2-digit"),
            ("minute", "2-digit"),
        ] {
            let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
        }
        let f = js_sys::Intl::DateTimeFormat::new(&locales, &options).format();
        formats.push((locale, f.clone()));
        Some(f)
    })
}
