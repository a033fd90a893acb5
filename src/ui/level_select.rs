//! The computer's level as a menu: the compact choice of the screens loaded on demand (the
//! practice positions, "Play from here against the computer"), where a row of eight chips would
//! take more room than the action it goes with. Its code is theirs alone: the first visit's
//! welcome keeps its chips (`LevelChips`) and shares none of this.

use leptos::prelude::*;
use toguz_engine::search::Level;

use crate::i18n::*;
use crate::services::words::text;

/// "Level" and a menu of the eight levels by number, the chosen one selected; a choice sets
/// `level`. The level is held as its number: a signal of `Level` would share its code with the
/// welcome's chips, and so split the welcome's files on the first visit.
#[component]
pub fn LevelSelect(
    /// The number of the level chosen (1 to 8).
    level: RwSignal<u8>,
    /// The menu's `data-testid`.
    testid: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let options = (1..=8u8)
        .map(|n| {
            view! {
                <option value=n selected=move || level.get() == n>
                    {n}
                </option>
            }
        })
        .collect_view();
    view! {
        <label class="level-select">
            {text(move || t_string!(i18n, common.level))}
            <select
                class="select"
                data-testid=testid
                on:change=move |ev| {
                    if let Some(l) = event_target_value(&ev).parse().ok().and_then(Level::new) {
                        level.set(l.number());
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}
