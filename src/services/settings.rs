//! The player's settings (`toguz_app_core::settings`: what they hold, how they are saved and
//! read back), loaded and saved through the storage gateway, and the [`SettingsContext`] that
//! provides them to every screen, follows other tabs and sets the page's theme.

use leptos::prelude::*;
use toguz_store::library::SETTINGS_KEY;

pub use toguz_app_core::settings::{Settings, Theme};

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

/// Saves the settings (in memory only without storage).
pub fn save(settings: &Settings) {
    crate::platform::storage::save_settings(settings);
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
            settings: RwSignal::new(load()),
        };
        provide_context(ctx);
        let storage = window_event_listener(leptos::ev::storage, move |ev| {
            let key = ev.key().unwrap_or_default();
            if key == SETTINGS_KEY || key.is_empty() {
                ctx.reload();
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

    /// Reads the settings again from storage, where something other than this context wrote
    /// them (another tab, a backup restored): every screen follows at once.
    pub fn reload(self) {
        if let Some(s) = crate::platform::storage::load_settings::<Settings>() {
            self.settings.set(s);
        }
    }

    /// Changes the settings and saves them.
    pub fn update(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.settings.with_untracked(save);
    }
}
