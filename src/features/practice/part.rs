//! The practice screen, in the trainers' part "count" loaded on demand with the counting
//! trainer (`crate::platform::split::part_fn`): a part of its own would split the files that
//! both share with the first visit's welcome, and add to the first visit's download.

use leptos::prelude::*;

use super::PracticeScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The practice positions.
    count, preload preload_practice,
    pub fn practice_screen() -> AnyView {
        view! { <PracticeScreen /> }.into_any()
    }
}
