//! The tutorial's screens, in the part "tutorial" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::{is_lesson, LessonScreen, NoSuchLesson, TutorialScreen};
use crate::platform::split::part_fn;

part_fn! {
    /// The list of lessons.
    tutorial, preload preload_tutorial,
    pub fn tutorial_screen() -> AnyView { view! { <TutorialScreen /> }.into_any() }
}

part_fn! {
    /// A lesson, or a message if there is no lesson `number`.
    tutorial, preload preload_lesson,
    pub fn lesson_screen(number: u8) -> AnyView {
        if is_lesson(number) {
            view! { <LessonScreen number=number /> }.into_any()
        } else {
            view! { <NoSuchLesson number=number /> }.into_any()
        }
    }
}
