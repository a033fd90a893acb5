//! The player's settings, saved through the storage gateway as a versioned value (version 0
//! was the bare JSON under the key `toguz-settings`), and the [`SettingsContext`] that
//! provides them to every screen, follows other tabs and sets the page's theme.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use toguz_store::library::SETTINGS_KEY;

use crate::i18n::Locale;
use toguz_app_core::anim::Speed;

/// Light, dark, or as the system says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// The system's choice (`prefers-color-scheme`).
    #[default]
    Auto,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl Theme {
    /// The value of the page's `data-theme` attribute.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The next theme of the toggle: auto → dark → light → auto.
    pub fn next(self) -> Theme {
        match self {
            Theme::Auto => Theme::Dark,
            Theme::Dark => Theme::Light,
            Theme::Light => Theme::Auto,
        }
    }
}

/// Everything the player can set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sowing animation speed.
    pub speed: Speed,
    /// Show the landing preview (never against Hard or Expert).
    pub preview: bool,
    /// Show the evaluation bar.
    pub eval_bar: bool,
    /// The colour theme.
    pub theme: Theme,
    /// Sound effects (made in the browser).
    pub sound: bool,
    /// The chosen language; `None` follows the browser. An unknown code reads as `None`.
    #[serde(deserialize_with = "language_or_none")]
    pub language: Option<Locale>,
    /// The first visit's welcome (play the computer, learn the rules, two players) was
    /// answered. Settings saved before it existed read as `true`: only a browser with no
    /// settings at all is new (see [`Settings::load`]).
    pub welcomed: bool,
    /// The welcome was answered with "Learn the rules" and no game since: it comes back on
    /// the way to Play (`toguz_app_core::welcome::Welcome::Learning`).
    pub learning: bool,
    /// The opening explorer beside the board in a game of two players on one device.
    pub explorer: bool,
}

fn language_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Locale>, D::Error> {
    let code: Option<String> = Option::deserialize(d).unwrap_or(None);
    Ok(code.as_deref().and_then(crate::services::lang::from_code))
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: Speed::Normal,
            preview: true,
            eval_bar: false,
            theme: Theme::Auto,
            sound: true,
            language: None,
            welcomed: true,
            learning: false,
            explorer: true,
        }
    }
}

impl Settings {
    /// Settings from their JSON text; the defaults for anything missing or unreadable.
    pub fn from_json(text: &str) -> Settings {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The saved settings, or the defaults (a value that does not read is reported and kept
    /// under a backup key).
    pub fn load() -> Settings {
        match crate::platform::storage::read_settings() {
            Some(Some(saved)) => saved,
            // Storage works and has never held settings: a first visit.
            Some(None) => Settings::first_visit(),
            None => Settings::default(),
        }
    }

    /// The settings of a browser that has none saved: the defaults, not yet welcomed.
    pub fn first_visit() -> Settings {
        Settings {
            welcomed: false,
            ..Settings::default()
        }
    }

    /// Saves the settings (in memory only without storage).
    pub fn save(&self) {
        crate::platform::storage::save_settings(self);
    }
}

/// The settings for every screen, by context: read them as a signal, change them with
/// [`SettingsContext::update`] (saved at once).
#[derive(Clone, Copy)]
pub struct SettingsContext {
    settings: RwSignal<Settings>,
}

impl SettingsContext {
    /// Reads the saved settings and provides them; follows their changes in other tabs and
    /// keeps the page's `data-theme` on the chosen theme. Call once, in the root component.
    pub fn provide() -> SettingsContext {
        let ctx = SettingsContext {
            settings: RwSignal::new(Settings::load()),
        };
        provide_context(ctx);
        let storage = window_event_listener(leptos::ev::storage, move |ev| {
            let key = ev.key().unwrap_or_default();
            if key == SETTINGS_KEY || key.is_empty() {
                if let Some(s) = crate::platform::storage::load_settings::<Settings>() {
                    ctx.settings.set(s);
                }
            }
        });
        on_cleanup(move || storage.remove());
        Effect::new(move |_| {
            let theme = ctx.settings.with(|s| s.theme);
            crate::platform::dom::set_root_attribute("data-theme", theme.name());
        });
        ctx
    }

    /// The settings in context. Needs [`SettingsContext::provide`] above.
    pub fn get() -> SettingsContext {
        expect_context::<SettingsContext>()
    }

    /// Reads the settings (tracked).
    pub fn with<R>(self, f: impl FnOnce(&Settings) -> R) -> R {
        self.settings.with(f)
    }

    /// Reads the settings without tracking.
    pub fn with_untracked<R>(self, f: impl FnOnce(&Settings) -> R) -> R {
        self.settings.with_untracked(f)
    }

    /// Changes the settings and saves them.
    pub fn update(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.settings.with_untracked(Settings::save);
    }
}

impl toguz_store::Schema for Settings {
    const KIND: &'static str = "settings";
    const VERSION: u32 = 1;
    /// Version 0: the bare settings object the app kept under `toguz-settings`.
    const BARE: bool = true;

    fn upgrade(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match from {
            // Version 1 has the same fields; missing ones take their defaults.
            0 if data.is_object() => Ok(data),
            0 => Err("settings must be an object".into()),
            _ => Err(format!("no migration from version {from}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn round_trip_and_defaults() {
        let s = Settings {
            speed: Speed::Instant,
            preview: false,
            eval_bar: true,
            theme: Theme::Dark,
            sound: false,
            language: Some(Locale::ky),
            welcomed: false,
            learning: true,
            explorer: false,
        };
        assert_eq!(Settings::from_json(&s.to_json()), s);
        assert!(s.to_json().contains(r#""language":"ky""#));
        let unknown = Settings::from_json(r#"{"language":"xx","sound":false}"#);
        assert_eq!(unknown.language, None);
        assert!(!unknown.sound);
        assert_eq!(Settings::from_json("garbage"), Settings::default());
        assert_eq!(
            Settings::from_json(r#"{"speed":"fast"}"#).speed,
            Speed::Fast
        );
        assert!(Settings::from_json(r#"{"speed":"fast"}"#).sound);
        // Settings saved before the play screen's explorer have it on.
        assert!(Settings::from_json(r#"{"speed":"fast"}"#).explorer);
        assert_eq!(Theme::Auto.next().next().next(), Theme::Auto);
    }

    #[wasm_bindgen_test]
    fn only_a_browser_without_settings_is_welcomed() {
        assert!(!Settings::first_visit().welcomed);
        // Settings saved by a version before the welcome: not a first visit.
        assert!(Settings::from_json(r#"{"speed":"fast"}"#).welcomed);
        let answered = Settings::from_json(&Settings::first_visit().to_json());
        assert!(!answered.welcomed);
        let s = Settings {
            welcomed: true,
            ..Settings::first_visit()
        };
        assert!(Settings::from_json(&s.to_json()).welcomed);
    }

    #[wasm_bindgen_test]
    fn versioned_with_the_old_bare_form_migrated() {
        use toguz_store::{decode, encode, DecodeError};
        let s = Settings {
            sound: false,
            ..Settings::default()
        };
        assert_eq!(decode::<Settings>(&encode(&s)), Ok(s));
        let old: Settings = decode(r#"{"speed":"fast","preview":false}"#).unwrap();
        assert_eq!((old.speed, old.preview), (Speed::Fast, false));
        assert!(matches!(
            decode::<Settings>(r#"{"kind":"settings","v":2,"data":{}}"#),
            Err(DecodeError::UnknownVersion { found: 2, .. })
        ));
        assert!(matches!(
            decode::<Settings>("[1,2"),
            Err(DecodeError::Truncated)
        ));
    }
}
