//! The theme filter.

use leptos::prelude::*;
use toguz_coach::puzzle::Theme;

use super::theme_name;
use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::ToggleChip;

/// "All" and one chip per theme: the next puzzles have one of the themes pressed.
#[component]
pub fn ThemeChips() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let all = view! {
        <ToggleChip
            testid="puzzle-theme-all"
            pressed=Signal::derive(move || trainer.with(|t| t.progress().themes.is_empty()))
            on_press=move |()| trainer.all_themes()
        >
            {text(move || t_string!(i18n, puzzles.all_themes))}
        </ToggleChip>
    };
    let each = Theme::ALL
        .into_iter()
        .map(|t| {
            view! {
                <ToggleChip
                    testid=format!("puzzle-theme-{}", t.name())
                    pressed=Signal::derive(move || trainer.with(|p| p.progress().themes.contains(&t)))
                    on_press=move |()| trainer.toggle_theme(t)
                >
                    {text(move || theme_name(i18n, t))}
                </ToggleChip>
            }
        })
        .collect_view();
    view! { {all} {each} }
}
