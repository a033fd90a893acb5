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
    let wanted = crate::platform::dom::browser_languages();
    if wanted.is_empty() {
        return Locale::en;
    }
    Locale::find_locale(&wanted)
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
