//! The plural rules of the texts' counts (`{{ count }}` in a plural key of `locales/`), for the
//! code that build.rs generates from the texts: CLDR's cardinal rules for integers in the
//! app's four languages. leptos_i18n's own (`get_plural_rules`: the language parsed into an
//! ICU locale, ICU's rules and locale fallback data) cost 14.8 KB gzip of the first visit;
//! the tests check these against it for every count the texts can meet.

use leptos_i18n::reexports::icu::plurals::PluralCategory;

/// The cardinal plural rules of a language (by its code: "en", "ru", "ky", "kk").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cardinal {
    /// One and other (1 and the rest): English, Kyrgyz, Kazakh.
    OneOther,
    /// Russian: one (1, 21, 101...), few (2-4, 22-24...), many (0, 5-20, 25-30...).
    Russian,
}

/// A whole number that a text counts (every integer type: the texts' counts are whole).
pub trait Count {
    /// Its absolute value (CLDR's rules read the digits only).
    fn magnitude(self) -> u128;
}

macro_rules! count {
    (unsigned: $($t:ty),*; signed: $($s:ty),*) => {
        $(impl Count for $t {
            fn magnitude(self) -> u128 {
                self as u128
            }
        })*
        $(impl Count for $s {
            fn magnitude(self) -> u128 {
                self.unsigned_abs() as u128
            }
        })*
    };
}

count!(unsigned: u8, u16, u32, u64, u128, usize; signed: i8, i16, i32, i64, i128, isize);

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
    /// The rules of a language; a language without its own rules here has English's.
    pub fn of(language: &str) -> Cardinal {
        match language {
            "ru" => Cardinal::Russian,
            _ => Cardinal::OneOther,
        }
    }

    /// The plural category of `n` (as ICU's `PluralRules::category_for`).
    pub fn category_for(self, n: impl Count) -> PluralCategory {
        let n = n.magnitude();
        match self {
            Cardinal::OneOther if n == 1 => PluralCategory::One,
            Cardinal::OneOther => PluralCategory::Other,
            Cardinal::Russian => match (n % 10, n % 100) {
                (1, m) if m != 11 => PluralCategory::One,
                (2..=4, m) if !(12..=14).contains(&m) => PluralCategory::Few,
                _ => PluralCategory::Many,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;
    use leptos_i18n::reexports::icu::plurals::PluralRuleType;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The same category as leptos_i18n's ICU rules for every count up to 100,000, negative
    /// counts and the largest ones, in every language of the app.
    #[wasm_bindgen_test]
    fn as_icu_for_every_language() {
        for locale in [Locale::en, Locale::ru, Locale::ky, Locale::kk] {
            let icu = leptos_i18n::__private::get_plural_rules(locale, PluralRuleType::Cardinal);
            let ours = Cardinal::of(leptos_i18n::Locale::as_str(locale));
            for n in 0..=100_000u32 {
                assert_eq!(ours.category_for(n), icu.category_for(n), "{locale:?} {n}");
            }
            for n in [-1i64, -2, -5, -11, -21, -22, -100, i64::MIN + 1, i64::MAX] {
                assert_eq!(ours.category_for(n), icu.category_for(n), "{locale:?} {n}");
            }
            for n in [u64::MAX, u64::MAX - 9, 1_000_001] {
                assert_eq!(ours.category_for(n), icu.category_for(n), "{locale:?} {n}");
            }
            assert_eq!(ours.category_for(21u8), icu.category_for(21u8));
            assert_eq!(ours.category_for(3usize), icu.category_for(3usize));
        }
        assert_eq!(Cardinal::of("ru").category_for(22), PluralCategory::Few);
        assert_eq!(Cardinal::of("ru").category_for(11), PluralCategory::Many);
    }
}
