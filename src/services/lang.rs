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
/// language the app has, whatever its region or script; English if none.
pub fn best_language<'a>(wanted: impl IntoIterator<Item = &'a str>) -> Locale {
    toguz_app_core::language::best_language(wanted, from_code).unwrap_or(Locale::en)
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
    // over it. `tests/e2e/i18n.test.mjs` (the language menu switches every screen's texts
    // and `<html lang>`) and `tests/e2e/words.test.mjs` (the page's title) check that the
    // texts read through the context follow the signal.
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
