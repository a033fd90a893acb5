//! The list of lessons with progress, and the page of a lesson that is not there. The lesson
//! itself is [`super::lesson_view`].

use leptos::prelude::*;

use super::keys::KeyText;
use super::lessons::LESSONS;
use super::progress::{self, Progress};
use super::train_card::TrainCard;
use crate::i18n::*;
use crate::services::saves::Saves;
use crate::services::words::text;

fn sizes() -> Vec<usize> {
    LESSONS.iter().map(|l| l.steps.len()).collect()
}

/// The saved progress as a signal, saved again on every change (a stored value that did not
/// read is reported at once).
pub(super) fn use_progress() -> RwSignal<Progress> {
    let p = RwSignal::new(progress::load(&sizes()));
    if let Some(saves) = use_context::<Saves>() {
        saves.report_notices();
    }
    Effect::new(move |first: Option<()>| {
        // Not at once: nothing changed, and an older version's value stays until migrated.
        p.with(|p| {
            if first.is_some() {
                progress::save(p);
            }
        });
    });
    p
}

/// The list of lessons, with what is completed and where each stands.
#[component]
pub fn TutorialScreen() -> impl IntoView {
    let i18n = use_i18n();
    let progress = use_progress();
    let total = LESSONS.len();
    let done = move || progress.with(|p| p.done.len());
    let percent = move || done() * 100 / total.max(1);
    let lessons = LESSONS
        .iter()
        .enumerate()
        .map(|(i, lesson)| {
            let steps = lesson.steps.len();
            let is_done = move || progress.with(|p| p.is_done(i));
            let at = move || progress.with(|p| p.step(i));
            let status = move || {
                if at() > 0 {
                    t_string!(i18n, tutorial.step_of, n = at() + 1, total = steps).to_string()
                } else if is_done() {
                    t_string!(i18n, tutorial.completed).to_string()
                } else {
                    String::new()
                }
            };
            let action = move || {
                if at() > 0 {
                    t_string!(i18n, tutorial.resume).to_string()
                } else if is_done() {
                    t_string!(i18n, tutorial.again).to_string()
                } else {
                    t_string!(i18n, common.start).to_string()
                }
            };
            let title = lesson.title;
            let summary = lesson.summary;
            view! {
                <li>
                    <a
                        class="tut-card"
                        class:tut-card--done=is_done
                        href=format!("#/tutorial/{}", i + 1)
                        data-testid=format!("lesson-card-{}", i + 1)
                        data-done=move || is_done().to_string()
                    >
                        <span class="tut-card__badge" aria-hidden="true">
                            {move || if is_done() { "✓".to_string() } else { (i + 1).to_string() }}
                        </span>
                        <span class="tut-card__body">
                            <span class="tut-card__kicker">
                                {move || t_string!(i18n, tutorial.lesson_n, n = i + 1).to_string()}
                            </span>
                            <span class="tut-card__title">{move || title.text(i18n)}</span>
                            <span class="tut-card__summary">{move || summary.text(i18n)}</span>
                        </span>
                        <span class="tut-card__side">
                            <span class="tut-card__status">{status}</span>
                            <span class="tut-card__action">{action}</span>
                        </span>
                    </a>
                </li>
            }
        })
        .collect_view();
    view! {
        <main class="tut" data-testid="tutorial">
            <header class="tut__header">
                <h1 class="tut__title">{text(move || t_string!(i18n, tutorial.title))}</h1>
                <p class="tut__intro">{text(move || t_string!(i18n, tutorial.intro))}</p>
                <div
                    class="tut__progress"
                    role="progressbar"
                    // a11y: a progress bar needs a name (axe: aria-progressbar-name).
                    aria-label=move || {
                        t_string!(i18n, tutorial.progress, done = done(), total = total).to_string()
                    }
                    aria-valuemin="0"
                    aria-valuemax=total
                    aria-valuenow=done
                    data-testid="tutorial-progress"
                >
                    <span class="tut__bar">
                        <span class="tut__bar-fill" style=move || format!("width:{}%", percent())></span>
                    </span>
                    <span class="tut__progress-text">
                        {move || {
                            t_string!(i18n, tutorial.progress, done = done(), total = total)
                                .to_string()
                        }}
                    </span>
                </div>
            </header>
            <h2 class="tut__heading">{text(move || t_string!(i18n, train.lessons_heading))}</h2>
            <ol class="tut__list">{lessons}</ol>
            <h2 class="tut__heading">{text(move || t_string!(i18n, train.train_heading))}</h2>
            <ul class="tut__list">
                <TrainCard />
                <li>
                    <a class="tut-card" href="#/count" data-testid="learn-count">
                        // A stopwatch drawn, not the character U+23F1: browsers without an
                        // emoji font (Linux desktops among them) show that as an empty box.
                        <span class="tut-card__badge" aria-hidden="true">
                            <svg class="tut-card__icon" viewBox="0 0 20 20">
                                <circle cx="10" cy="11.5" r="6.5" fill="none" stroke="currentColor" stroke-width="1.8" />
                                <path d="M8 2.5h4M10 2.5v2.5M10 11.5V8M15.2 5.3l1.3-1.3" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
                            </svg>
                        </span>
                        <span class="tut-card__body">
                            <span class="tut-card__title">{text(move || t_string!(i18n, train.count_card_title))}</span>
                            <span class="tut-card__summary">{text(move || t_string!(i18n, train.count_card_summary))}</span>
                        </span>
                    </a>
                </li>
                <li>
                    <a class="tut-card" href="#/practice" data-testid="learn-practice">
                        <span class="tut-card__badge" aria-hidden="true">"♟"</span>
                        <span class="tut-card__body">
                            <span class="tut-card__title">{text(move || t_string!(i18n, train.practice_card_title))}</span>
                            <span class="tut-card__summary">{text(move || t_string!(i18n, train.practice_card_summary))}</span>
                        </span>
                    </a>
                </li>
            </ul>
        </main>
    }
}

/// An address past the last lesson (`#/tutorial/11`): says there is no such lesson, with the
/// way back to the list.
#[component]
pub fn NoSuchLesson(
    /// The lesson's number asked for.
    number: u8,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <main class="tut" data-testid="no-such-lesson">
            <p class="tut__intro" role="alert">
                {move || {
                    t_string!(i18n, tutorial.no_such_lesson, n = number, total = LESSONS.len())
                        .to_string()
                }}
            </p>
            <a class="tut-btn tut-btn--primary" href="#/tutorial" data-testid="tut-all-lessons">
                {text(move || t_string!(i18n, tutorial.all_lessons))}
            </a>
        </main>
    }
}
