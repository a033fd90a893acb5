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

use crate::i18n::{use_i18n, Locale};

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
/// was then in the first visit's download only for this.
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
    fn the_context_is_the_locale_signal() {
        let owner = Owner::new();
        owner.with(|| {
            let locale = RwSignal::new(Locale::ru);
            provide_context(context(locale));
            let i18n = use_i18n();
            assert_eq!(i18n.get_locale_untracked(), Locale::ru);
            assert_eq!(
                crate::i18n::t_string!(i18n, common.app_title).to_string(),
                "Тогуз коргоол"
            );
            locale.set(Locale::kk);
            assert_eq!(i18n.get_locale_untracked(), Locale::kk);
            i18n.set_locale(Locale::en);
            assert_eq!(locale.get_untracked(), Locale::en);
            assert_eq!(
                crate::i18n::t_string!(i18n, common.app_title).to_string(),
                "Toguz Korgool"
            );
        });
    }

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
    let wanted = move || {
        choice
            .with(|c| c.as_deref().and_then(from_code))
            .unwrap_or(browser)
    };
    let locale = RwSignal::new(wanted());
    // Only a change is set: a set notifies every text even when the language is the same.
    Effect::new(move |_| {
        let now = wanted();
        if locale.get_untracked() != now {
            locale.set(now);
        }
    });
    provide_context(context(locale));
    view! {
        <HtmlLang />
        {children()}
    }
}

/// leptos_i18n's context (what `use_i18n` and `t!` read) over `locale`, the app's own signal.
///
/// leptos_i18n builds its context only through its providers and `init_i18n_*`, which also
/// find the browser's languages (leptos-use's `use_locales`, ICU's language-tag parser and
/// matcher), set up a cookie signal, two memos and two effects: about 38 KB of code before
/// wasm-opt in the first visit's download (12 KB gzip), for what
/// `browser_language` and the settings already decide. The context itself is only the
/// locale's signal.
fn context(locale: RwSignal<Locale>) -> leptos_i18n::I18nContext<Locale> {
    // SAFETY: `I18nContext<L>` of leptos_i18n 0.6.2 (pinned with `=` in Cargo.toml; its
    // `unified_contexts` feature is off) is `{ locale_signal: RwSignal<L>, PhantomData,
    // PhantomData }`, `Copy`, with no `Drop`. `transmute` fails to compile unless both types
    // have the same size, and a struct of the size of its one sized field holds that field at
    // offset 0 with nothing else: the bytes of an `RwSignal<Locale>` are those of the context
    // over it. `the_context_is_the_locale_signal` checks that reading and setting the
    // context's locale reads and sets the signal.
    unsafe { std::mem::transmute::<RwSignal<Locale>, leptos_i18n::I18nContext<Locale>>(locale) }
}

/// Keeps `<html lang="..">` on the current language (screen readers pick their voice by it),
/// and the page's title, the app's name, in it (what a tab, a bookmark and the history show).
#[component]
fn HtmlLang() -> impl IntoView {
    let i18n = use_i18n();
    Effect::new(move |_| {
        crate::platform::dom::set_root_attribute("lang", i18n.get_locale().as_str());
        crate::platform::dom::set_title(crate::i18n::t_string!(i18n, common.app_title));
    });
}
