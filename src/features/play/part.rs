//! The play screen's functions in parts loaded on demand (`crate::platform::split::part_fn`):
//! what the first visit's board does without, fetched when it is wanted
//! (`app::on_demand`).

use leptos::prelude::*;
use toguz_app_core::announce::Announcement;

use super::dialogs::PlayDialogs;
use super::explorer::PlayExplorer;
use super::link::{LinkOpener, LinkPanel};
use super::practice_end::PracticeEnd;
use super::settings_panel::SettingsPanel;
use super::EndRatingEstimate;
use crate::i18n::Locale;
use crate::platform::split::part_fn;

part_fn! {
    /// The play screen's dialogs (not a screen: over the play screen).
    dialogs, preload preload_dialogs,
    pub fn play_dialogs() -> AnyView { view! { <PlayDialogs /> }.into_any() }
}

part_fn! {
    /// The words of an announcement of the play screen's live region, in the dialogs' part:
    /// the first move's announcement comes after the player's first touch, which fetches
    /// that part.
    dialogs, preload preload_announcement,
    pub fn announcement(locale: Locale, what: Announcement) -> String {
        crate::services::words::announcement(locale, &what)
    }
}

part_fn! {
    /// The end dialog's rating estimate (the game's review and its sums) and a practice
    /// game's record, as a game a person played ends.
    estimate, preload preload_estimate,
    pub fn end_estimate() -> AnyView {
        view! {
            <EndRatingEstimate />
            <PracticeEnd />
        }
        .into_any()
    }
}

part_fn! {
    /// The play screen's settings panel (under the board on a phone, at the foot of the side
    /// panel on a desktop).
    settings, preload preload_settings,
    pub fn settings_panel() -> AnyView { view! { <SettingsPanel /> }.into_any() }
}

part_fn! {
    /// The share panel of a game by link (under the board).
    link, preload preload_link_panel,
    pub fn link_panel() -> AnyView { view! { <LinkPanel /> }.into_any() }
}

part_fn! {
    /// Opens a friend's link (over the play screen: a message if it is refused).
    link, preload preload_link_opener,
    pub fn link_opener() -> AnyView { view! { <LinkOpener /> }.into_any() }
}

part_fn! {
    /// The opening explorer beside the board in a game of two players.
    openings, preload preload_play_explorer,
    pub fn play_explorer() -> AnyView { view! { <PlayExplorer /> }.into_any() }
}
