//! The computer's levels as a row of toggle chips: one piece for the new game dialog and the
//! first visit's welcome.

use leptos::prelude::*;
use toguz_engine::search::Level;

use super::ToggleChip;

/// One chip per level, the chosen one pressed; a tap chooses it. A chip shows the level's
/// number over its rating (two lines of one text, styled by `style/ui.css`: no element more
/// on the first visit's welcome), and its test id is `testid_prefix` followed by the number
/// (`level-3`, `welcome-level-8`).
#[component]
pub fn LevelChips(level: RwSignal<Level>, testid_prefix: &'static str) -> impl IntoView {
    Level::ALL
        .into_iter()
        .map(|l| {
            view! {
                <ToggleChip
                    testid=format!("{testid_prefix}{l}")
                    pressed=Signal::derive(move || level.get() == l)
                    on_press=move |()| level.set(l)
                >
                    {format!("{}\n{}", l.number(), l.rating())}
                </ToggleChip>
            }
        })
        .collect_view()
}
