//! The practice screen, in the part "practice" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::PracticeScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The practice positions.
    practice, preload preload_practice,
    pub fn practice_screen() -> AnyView {
        view! { <PracticeScreen /> }.into_any()
    }
}
