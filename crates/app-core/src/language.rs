//! Which of the app's languages a browser wants (`src/services/lang.rs` reads the browser's
//! preferred languages and names the app's languages by their codes).

/// The first of `wanted` (language tags, the most wanted first: `"ru-RU"`, `"kk"`) whose
/// language `ours` knows (by its lower-case code: `"ru"`), whatever its region or script;
/// `None` if none. What leptos_i18n's `find_locale` decides for region-less languages, without
/// ICU's tag parser.
pub fn best_language<'a, L>(
    wanted: impl IntoIterator<Item = &'a str>,
    ours: impl Fn(&str) -> Option<L>,
) -> Option<L> {
    wanted
        .into_iter()
        .find_map(|tag| ours(&tag.split(['-', '_']).next()?.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app's four languages, by code.
    fn ours(code: &str) -> Option<&'static str> {
        ["en", "ru", "ky", "kk"].into_iter().find(|l| *l == code)
    }

    fn best<'a>(wanted: impl IntoIterator<Item = &'a str>) -> Option<&'static str> {
        best_language(wanted, ours)
    }

    #[test]
    fn the_first_wanted_language_the_app_has_wins_whatever_its_region() {
        assert_eq!(best(["ru-RU", "en-US"]), Some("ru"));
        assert_eq!(best(["de-DE", "kk-KZ", "ru"]), Some("kk"));
        assert_eq!(best(["ky"]), Some("ky"));
        assert_eq!(best(["en-GB", "ky-KG"]), Some("en"));
    }

    #[test]
    fn a_tag_is_read_whatever_its_case_separator_or_script() {
        assert_eq!(best(["KY_kg"]), Some("ky"));
        assert_eq!(best(["ru-Cyrl-RU"]), Some("ru"));
    }

    #[test]
    fn no_tag_or_none_the_app_has_finds_no_language() {
        assert_eq!(best(std::iter::empty()), None);
        assert_eq!(best(["de", "fr-FR", ""]), None);
    }

    #[test]
    fn a_language_is_the_whole_first_subtag() {
        // "kky" is not "kk", "r" not "ru".
        assert_eq!(best(["kky", "r", "uz-Cyrl"]), None);
    }
}
