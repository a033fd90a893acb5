//! A date and time as the player reads it. The browser's `Intl.DateTimeFormat` writes English
//! and Russian well everywhere, but a browser built without a language's calendar data writes
//! Kyrgyz or Kazakh in its fallback ("2026 M12 6 05:00"), and may still claim to support the
//! language. So Kyrgyz and Kazakh always get the numeric day.month.year used in Kyrgyzstan and
//! Kazakhstan, written here with no calendar data; any language gets it when the browser has
//! no format for it.

/// A moment in the player's local time, as the host read it from its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalTime {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
}

/// Whether the language's date comes from the browser (`Intl`) when it has a format for it.
/// False for Kyrgyz and Kazakh: their calendar data is missing from many browser builds.
pub fn browser_writes(lang: &str) -> bool {
    matches!(lang, "en" | "ru")
}

/// `06.12.2026, 05:00`: the numeric date and the 24-hour time.
pub fn numeric(t: LocalTime) -> String {
    format!(
        "{:02}.{:02}.{}, {:02}:{:02}",
        t.day, t.month, t.year, t.hour, t.minute
    )
}

/// The date in `lang`: `browser`'s text (what `Intl.DateTimeFormat` wrote, `None` when it has
/// no format for the language) where [`browser_writes`] the language, the numeric date
/// otherwise.
pub fn text(lang: &str, t: LocalTime, browser: Option<String>) -> String {
    match browser {
        Some(b) if browser_writes(lang) && !b.is_empty() => b,
        _ => numeric(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MORNING: LocalTime = LocalTime {
        year: 2026,
        month: 12,
        day: 6,
        hour: 5,
        minute: 0,
    };

    #[test]
    fn kazakh_and_kyrgyz_dates_are_numeric_whatever_the_browser_writes() {
        let fallback = Some("2026 M12 6 05:00".to_string());
        for lang in ["kk", "ky"] {
            assert_eq!(text(lang, MORNING, fallback.clone()), "06.12.2026, 05:00");
            assert_eq!(text(lang, MORNING, None), "06.12.2026, 05:00");
        }
    }

    #[test]
    fn every_language_has_a_date_without_the_browsers_calendar_data() {
        for lang in ["en", "ru", "ky", "kk"] {
            let shown = text(lang, MORNING, None);
            assert_eq!(shown, "06.12.2026, 05:00", "{lang}");
            assert!(!shown.contains('M'), "{lang}: {shown}");
        }
    }

    #[test]
    fn english_and_russian_keep_the_browsers_words() {
        let en = Some("Dec 6, 2026, 05:00".to_string());
        assert_eq!(text("en", MORNING, en), "Dec 6, 2026, 05:00");
        assert_eq!(
            text("ru", MORNING, Some(String::new())),
            "06.12.2026, 05:00"
        );
    }

    #[test]
    fn small_numbers_are_padded_and_a_late_hour_is_24_hour() {
        let t = LocalTime {
            year: 2027,
            month: 1,
            day: 31,
            hour: 23,
            minute: 9,
        };
        assert_eq!(numeric(t), "31.01.2027, 23:09");
    }
}
