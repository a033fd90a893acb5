//! The plural rules of the texts' counts, for the code that build.rs generates from the texts:
//! app-core's CLDR cardinal rules for integers in the app's four languages
//! (`toguz_app_core::plural`), in place of leptos_i18n's own (`get_plural_rules`: the language
//! parsed into an ICU locale, ICU's rules and locale fallback data), which cost 14.8 KB gzip of
//! the first visit.

use leptos_i18n::reexports::icu::plurals::PluralCategory;
pub use toguz_app_core::plural::Count;
use toguz_app_core::plural::{self, Plural};

/// The cardinal plural rules of a language, answering in leptos_i18n's categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cardinal(plural::Cardinal);

/// A count given to a text's view as a closure (leptos_i18n's trait of the same name, for
/// [`Count`]s).
pub trait InterpolatePluralCount: Fn() -> Self::Count + Clone + 'static + Send + Sync {
    /// The count.
    type Count: Count;
}

impl<T: Count, F: Fn() -> T + Clone + 'static + Send + Sync> InterpolatePluralCount for F {
    type Count = T;
}

impl Cardinal {
    /// The rules of a language (by its code: "en", "ru", "ky", "kk").
    pub fn of(language: &str) -> Cardinal {
        Cardinal(plural::Cardinal::of(language))
    }

    /// The plural category of `n` (as ICU's `PluralRules::category_for`).
    pub fn category_for(self, n: impl Count) -> PluralCategory {
        match self.0.category_for(n) {
            Plural::One => PluralCategory::One,
            Plural::Few => PluralCategory::Few,
            Plural::Many => PluralCategory::Many,
            Plural::Other => PluralCategory::Other,
        }
    }
}
