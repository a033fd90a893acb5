//! The player's settings, saved in `localStorage` as JSON.

use serde::{Deserialize, Serialize};

use crate::anim::Speed;
use crate::i18n::Locale;

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
}

fn language_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Locale>, D::Error> {
    let code: Option<String> = Option::deserialize(d).unwrap_or(None);
    Ok(code.as_deref().and_then(crate::lang::from_code))
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
        }
    }
}

impl Settings {
    /// The `localStorage` key.
    pub const KEY: &'static str = "toguz-settings";

    /// Settings from their JSON text; the defaults for anything missing or unreadable.
    pub fn from_json(text: &str) -> Settings {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The saved settings, or the defaults.
    pub fn load() -> Settings {
        storage()
            .and_then(|s| s.get_item(Self::KEY).ok().flatten())
            .map(|t| Settings::from_json(&t))
            .unwrap_or_default()
    }

    /// Saves the settings (silently does nothing without storage).
    pub fn save(&self) {
        if let Some(s) = storage() {
            let _ = s.set_item(Self::KEY, &self.to_json());
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    web_sys::window()?.local_storage().ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_defaults() {
        let s = Settings {
            speed: Speed::Instant,
            preview: false,
            eval_bar: true,
            theme: Theme::Dark,
            sound: false,
            language: Some(Locale::ky),
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
        assert_eq!(Theme::Auto.next().next().next(), Theme::Auto);
    }
}
