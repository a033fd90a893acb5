//! The player's settings as they are saved (through the storage gateway, a versioned value;
//! version 0 was the bare JSON under the key `toguz-settings`): what each one holds, its
//! default, and how a saved value that is old, partial or unreadable reads back. The app
//! provides them to every screen (`src/services/settings.rs`).

use serde::{Deserialize, Serialize};

use crate::anim::Speed;
use crate::language::Language;

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
    pub language: Option<Language>,
    /// The first visit's welcome (play the computer, learn the rules, two players) was
    /// answered. Settings saved before it existed read as `true`: only a browser with no
    /// settings at all is new (see [`Settings::first_visit`]).
    pub welcomed: bool,
    /// The welcome was answered with "Learn the rules" and no game since: it comes back on
    /// the way to Play (`crate::welcome::Welcome::Learning`).
    pub learning: bool,
    /// The opening explorer beside the board in a game of two players on one device.
    pub explorer: bool,
}

fn language_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Language>, D::Error> {
    let code: Option<String> = Option::deserialize(d).unwrap_or(None);
    Ok(code.as_deref().and_then(Language::from_code))
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

    /// The settings of a browser that has none saved: the defaults, not yet welcomed.
    pub fn first_visit() -> Settings {
        Settings {
            welcomed: false,
            ..Settings::default()
        }
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

    #[test]
    fn settings_read_back_from_their_json_with_the_language_as_its_code() {
        let s = Settings {
            speed: Speed::Instant,
            preview: false,
            eval_bar: true,
            theme: Theme::Dark,
            sound: false,
            language: Some(Language::Ky),
            welcomed: false,
            learning: true,
            explorer: false,
        };
        assert_eq!(Settings::from_json(&s.to_json()), s);
        assert!(s.to_json().contains(r#""language":"ky""#));
    }

    #[test]
    fn an_unknown_language_follows_the_browser_and_the_other_settings_are_kept() {
        let unknown = Settings::from_json(r#"{"language":"xx","sound":false}"#);
        assert_eq!(unknown.language, None);
        assert!(!unknown.sound);
        let wrong_type = Settings::from_json(r#"{"language":7,"sound":false}"#);
        assert_eq!(wrong_type.language, None);
        assert!(!wrong_type.sound);
    }

    #[test]
    fn unreadable_settings_are_the_defaults_and_missing_ones_take_theirs() {
        assert_eq!(Settings::from_json("garbage"), Settings::default());
        let old = Settings::from_json(r#"{"speed":"fast"}"#);
        assert_eq!(old.speed, Speed::Fast);
        assert!(old.sound);
        // Settings saved before the play screen's explorer have it on.
        assert!(old.explorer);
    }

    #[test]
    fn the_theme_toggle_goes_round_auto_dark_light() {
        assert_eq!(Theme::Auto.next(), Theme::Dark);
        assert_eq!(Theme::Dark.next(), Theme::Light);
        assert_eq!(Theme::Light.next(), Theme::Auto);
        assert_eq!(Theme::Dark.name(), "dark");
    }

    #[test]
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

    #[test]
    fn settings_are_versioned_with_the_old_bare_form_migrated() {
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
        assert!(decode::<Settings>("7").is_err());
    }
}
