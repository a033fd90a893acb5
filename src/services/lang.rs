//! The language of the app: the player's choice (saved in the settings) or, until they choose,
//! the browser's. The texts themselves are in `locales/<lang>/<namespace>.json`, read at build
//! time by leptos_i18n (see `build.rs`); use them through `crate::i18n`:
//!
//! ```ignore
//! use crate::i18n::*;
//! use crate::services::words::text;
//! let i18n = use_i18n();
//! view! { <h2>{text(move || t_string!(i18n, library.title))}</h2> }
//! ```

use leptos::prelude::*;
use leptos_i18n::Locale as _;

use crate::i18n::{use_i18n, I18nSubContextProvider, Locale};

/// The languages in the order the language menu lists them.
pub const LANGUAGES: [Locale; 4] = [Locale::ky, Locale::kk, Locale::ru, Locale::en];

/// The language's own name, for the language menu (never translated).
pub fn native_name(locale: Locale) -> &'static str {
    match locale {
        Locale::ky => "Кыргызча",
        Locale::kk => "Қазақша",
        Locale::ru => "Русский",
        Locale::en => "English",
    }
}

/// A language from its code (`"ky"`), if the app has it.
pub fn from_code(code: &str) -> Option<Locale> {
    Locale::get_all()
        .iter()
        .copied()
        .find(|l| l.as_str() == code)
}

/// The best of our languages for the browser's preferred languages (English if none fits).
pub fn browser_language() -> Locale {
    best_language(
        crate::platform::dom::browser_languages()
            .iter()
            .map(String::as_str),
    )
}

/// The first of `wanted` (language tags, the most wanted first: `"ru-RU"`, `"kk"`) whose
/// language the app has, whatever its region or script; English if none. What leptos_i18n's
/// `find_locale` decides for our four region-less languages, without ICU's tag parser, which
/// was then in the first visit's download only for this (issue 13).
pub fn best_language<'a>(wanted: impl IntoIterator<Item = &'a str>) -> Locale {
    wanted
        .into_iter()
        .find_map(|tag| from_code(&tag.split(['-', '_']).next()?.to_ascii_lowercase()))
        .unwrap_or(Locale::en)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn the_first_wanted_language_the_app_has() {
        assert_eq!(best_language(["ru-RU", "en-US"]), Locale::ru);
        assert_eq!(best_language(["de-DE", "kk-KZ", "ru"]), Locale::kk);
        assert_eq!(best_language(["ky"]), Locale::ky);
        assert_eq!(best_language(["en-GB", "ky-KG"]), Locale::en);
        // Case, an underscore, a script.
        assert_eq!(best_language(["KY_kg"]), Locale::ky);
        assert_eq!(best_language(["ru-Cyrl-RU"]), Locale::ru);
        // None, or nothing the app has: English.
        assert_eq!(best_language(std::iter::empty()), Locale::en);
        assert_eq!(best_language(["de", "fr-FR", ""]), Locale::en);
        // A language is the whole first subtag: "kky" is not "kk", "r" not "ru".
        assert_eq!(best_language(["kky", "r", "uz-Cyrl"]), Locale::en);
    }
}

/// Provides the translations to `children` in the language `choice` names (a code saved in the
/// settings), or the browser's; switches when the choice changes; keeps `<html lang>` in step.
#[component]
pub fn LanguageProvider(
    /// The chosen language's code, `None` to follow the browser.
    #[prop(into)]
    choice: Signal<Option<String>>,
    children: Children,
) -> impl IntoView {
    let browser = browser_language();
    let locale = Signal::derive(move || {
        choice
            .with(|c| c.as_deref().and_then(from_code))
            .unwrap_or(browser)
    });
    view! {
        <I18nSubContextProvider initial_locale=locale>
            <HtmlLang />
            {children()}
        </I18nSubContextProvider>
    }
}

/// Keeps `<html lang="..">` on the current language (screen readers pick their voice by it).
#[component]
fn HtmlLang() -> impl IntoView {
    let i18n = use_i18n();
    Effect::new(move |_| {
        crate::platform::dom::set_root_attribute("lang", i18n.get_locale().as_str());
    });
}
