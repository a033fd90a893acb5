//! The app's languages, as the settings keep the player's choice, and which of them a browser
//! wants (`src/services/lang.rs` reads the browser's preferred languages and gives the texts,
//! `locales/<code>/`, of each).

use serde::{Deserialize, Serialize};

/// A language the app has texts in (`locales/<code>/`), saved by its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Kyrgyz, "ky".
    Ky,
    /// Kazakh, "kk".
    Kk,
    /// Russian, "ru".
    Ru,
    /// English, "en".
    En,
}

impl Language {
    /// Every language, in the order the language menu lists them.
    pub const ALL: [Language; 4] = [Language::Ky, Language::Kk, Language::Ru, Language::En];

    /// Its code, as `locales/` names its folder ("ky").
    pub fn code(self) -> &'static str {
        match self {
            Language::Ky => "ky",
            Language::Kk => "kk",
            Language::Ru => "ru",
            Language::En => "en",
        }
    }

    /// The language of a code ("ky"), if the app has it.
    pub fn from_code(code: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.code() == code)
    }
}

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

    #[test]
    fn the_languages_are_the_folders_of_locales_and_read_back_from_their_codes() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../locales");
        let mut folders: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().unwrap().is_dir())
            .map(|e| e.file_name().into_string().unwrap())
            .collect();
        folders.sort();
        let mut codes: Vec<String> = Language::ALL.map(|l| l.code().to_string()).to_vec();
        codes.sort();
        assert_eq!(folders, codes);
        for l in Language::ALL {
            assert_eq!(Language::from_code(l.code()), Some(l));
            assert_eq!(
                serde_json::to_string(&l).unwrap(),
                format!("\"{}\"", l.code())
            );
        }
        assert_eq!(Language::from_code("xx"), None);
        assert_eq!(Language::from_code("RU"), None);
    }

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
