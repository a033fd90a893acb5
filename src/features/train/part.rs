//! The repertoire trainer's screen, in the part "train" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::TrainScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The repertoire trainer, on the study `id` names if any.
    train, preload preload_train,
    pub fn train_screen(id: Option<String>) -> AnyView {
        view! { <TrainScreen id=id /> }.into_any()
    }
}
