//! The counting trainer's screen, in the part "count" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::CountScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The counting trainer.
    count, preload preload_count,
    pub fn count_screen() -> AnyView {
        view! { <CountScreen /> }.into_any()
    }
}
