//! The computer's levels as a row of toggle chips: one piece for the new game dialog and the
//! first visit's welcome.

use leptos::prelude::*;
use toguz_engine::search::Level;

use super::ToggleChip;
use crate::i18n::*;
use crate::services::words;

/// The levels offered, easiest first.
pub const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// A level's name in test ids (`level-easy`, `welcome-level-expert`).
pub fn level_key(level: Level) -> &'static str {
    match level {
        Level::Easy => "easy",
        Level::Medium => "medium",
        Level::Hard => "hard",
        Level::Expert => "expert",
    }
}

/// One chip per level, the chosen one pressed; a tap chooses it. Each chip's test id is
/// `testid_prefix` followed by [`level_key`].
#[component]
pub fn LevelChips(level: RwSignal<Level>, testid_prefix: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    LEVELS
        .into_iter()
        .map(|l| {
            view! {
                <ToggleChip
                    testid=format!("{testid_prefix}{}", level_key(l))
                    pressed=Signal::derive(move || level.get() == l)
                    on_press=move |()| level.set(l)
                >
                    {words::text(move || words::level(i18n.get_locale(), l))}
                </ToggleChip>
            }
        })
        .collect_view()
}
