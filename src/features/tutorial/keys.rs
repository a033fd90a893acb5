//! The plain texts of the tutorial: a [`Key`] (`toguz_app_core::lesson::keys`) names one entry
//! of the `tutorial` namespace (`locales/<lang>/tutorial.json`).
//!
//! The keys are listed once, in app-core (`tutorial_keys!`); the macro below makes their texts
//! through `leptos_i18n`'s `t_string!`, so a key missing from the translations fails the build.

pub use toguz_app_core::lesson::keys::Key;

macro_rules! key_texts {
    ($($variant:ident => $key:ident,)*) => {
        /// A key's text in the current language.
        pub trait KeyText {
            /// The text in the current language.
            fn text(self, i18n: leptos_i18n::I18nContext<crate::i18n::Locale>) -> String;
        }

        impl KeyText for Key {
            fn text(self, i18n: leptos_i18n::I18nContext<crate::i18n::Locale>) -> String {
                use crate::i18n::*;
                match self {
                    $(Key::$variant => t_string!(i18n, tutorial.$key).to_string(),)*
                }
            }
        }
    };
}

toguz_app_core::tutorial_keys!(key_texts);
