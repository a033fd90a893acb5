//! The puzzle screen's parts, each a small view of the trainer in context
//! ([`super::PuzzleTrainer`]): they read it and call its commands, nothing more.

pub mod board_panel;
pub mod controls;
pub mod feedback;
pub mod history;
pub mod meta;
pub mod notice;
pub mod stats;
pub mod themes;

use leptos::prelude::*;
use toguz_coach::puzzle::Theme;

use crate::i18n::*;

/// A reactive flag as one type for every attribute (`disabled`, `hidden`, `class:`): each
/// closure type would get its own rendering code.
pub fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}

/// A theme's name in the player's language.
pub fn theme_name(i18n: leptos_i18n::I18nContext<Locale>, t: Theme) -> String {
    match t {
        Theme::Capture => t_string!(i18n, puzzles.theme_capture).to_string(),
        Theme::Tuz => t_string!(i18n, puzzles.theme_tuz).to_string(),
        Theme::DoubleThreat => t_string!(i18n, puzzles.theme_double_threat).to_string(),
        Theme::Defence => t_string!(i18n, puzzles.theme_defence).to_string(),
        Theme::Endgame => t_string!(i18n, puzzles.theme_endgame).to_string(),
        Theme::LongSowing => t_string!(i18n, puzzles.theme_long_sowing).to_string(),
    }
}
