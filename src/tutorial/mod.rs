//! The rules tutorial: the lessons and their exercises (issue 7 fills this in).

use leptos::prelude::*;

use crate::i18n::*;

/// The list of lessons with the player's progress.
#[component]
pub fn TutorialScreen() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen" data-testid="tutorial-screen">
            <h2 class="screen__title">{t!(i18n, tutorial.title)}</h2>
        </main>
    }
}

/// One lesson, numbered from 1.
#[component]
pub fn LessonScreen(
    /// The lesson's number.
    number: u8,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="screen" data-testid="lesson-screen" data-lesson=number>
            <h2 class="screen__title">{t!(i18n, tutorial.title)}</h2>
        </main>
    }
}
