//! Numbers with one decimal (an evaluation in korgools, an accuracy in percent), written the
//! language's way where the browser cannot (`src/services/words.rs` asks the browser's
//! `Intl.NumberFormat` first). In integers: formatting an `f64` brings Rust's float printing
//! into the page's code, 8 KB gzip of the first visit.

/// True for a language that writes a decimal comma (Russian, Kyrgyz, Kazakh: "7,6"), false
/// for English ("7.6"); by its code.
pub fn comma(language: &str) -> bool {
    language != "en"
}

/// `text`, a number below a thousand written with a decimal point, with the language's
/// separator: a browser without the language's data (Chromium's trimmed ICU has no Kyrgyz)
/// writes English, and these numbers have no thousands separator to confuse with it.
pub fn with_separator(text: &str, language: &str) -> String {
    if comma(language) {
        text.replace('.', ",")
    } else {
        text.to_string()
    }
}

/// A number given in hundredths with one decimal, in the language's way, and when `signed`
/// its sign (but for zero): "+7.6", "-0.3", "0.0", "89,6" (tenths rounded half away from
/// zero, as `Intl.NumberFormat` rounds; no sign for zero, as its "exceptZero").
pub fn one_decimal(hundredths: i32, signed: bool, language: &str) -> String {
    let h = i64::from(hundredths);
    let tenths = (h + 5 * h.signum()) / 10;
    let sign = match tenths.signum() {
        1 if signed => "+",
        -1 => "-",
        _ => "",
    };
    let abs = tenths.unsigned_abs();
    let separator = if comma(language) { ',' } else { '.' };
    format!("{sign}{}{separator}{}", abs / 10, abs % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluation_has_one_decimal_rounded_half_away_from_zero_and_no_sign_for_zero() {
        for (h, text) in [
            (760, "+7.6"),
            (-760, "-7.6"),
            (0, "0.0"),
            (4, "0.0"),
            (-4, "0.0"),
            (5, "+0.1"),
            (-5, "-0.1"),
            (-35, "-0.4"),
            (1999, "+20.0"),
            (31_000, "+310.0"),
            (i32::MIN, "-21474836.5"),
            (i32::MAX, "+21474836.5"),
        ] {
            assert_eq!(one_decimal(h, true, "en"), text, "{h}");
        }
    }

    #[test]
    fn an_accuracy_has_the_languages_decimal_separator_and_no_sign() {
        assert_eq!(one_decimal(8960, false, "en"), "89.6");
        assert_eq!(one_decimal(8960, false, "ru"), "89,6");
        assert_eq!(one_decimal(10000, false, "ky"), "100,0");
        assert_eq!(one_decimal(4, false, "kk"), "0,0");
        // As the evaluation beside it.
        assert_eq!(one_decimal(500, true, "ru"), "+5,0");
    }

    #[test]
    fn the_browsers_english_number_takes_the_languages_separator() {
        assert_eq!(with_separator("+7.6", "ky"), "+7,6");
        assert_eq!(with_separator("89.6", "kk"), "89,6");
        assert_eq!(with_separator("-0.3", "en"), "-0.3");
        assert_eq!(with_separator("+5,0", "ru"), "+5,0");
    }
}
