//! One lesson on screen: [`LessonScreen`] lays out the header, the board and the panel over the
//! lesson's [`LessonHost`]. The panel's parts are in [`super::exercise`] and
//! [`super::narration_view`].

use leptos::prelude::*;

use super::exercise::{Choices, FeedbackNote, HintLine, LessonActions};
use super::host::LessonHost;
use super::keys::KeyText;
use super::lessons::LESSONS;
use super::narration_view::{Narration, SowingControls};
use crate::i18n::*;
use crate::services::launch::{Launch, Launcher};
use crate::services::settings::SettingsContext;
use crate::services::words::text;
use crate::ui::{Board, Highlights, SquareSet};
use toguz_app_core::welcome;
use toguz_engine::Position;

/// One lesson: its steps one after another, with the board, the narration and the exercise.
#[component]
pub fn LessonScreen(
    /// The lesson's number, 1-based (as in the route `#/tutorial/<n>`); past the last, the last.
    number: u8,
) -> impl IntoView {
    let host = LessonHost::open(usize::from(number).clamp(1, LESSONS.len()) - 1);
    // Each new step starts at its board (its top row is where a sowing starts) and at the top
    // of its text, wherever the player had scrolled to reach Next.
    let step = Memo::new(move |_| host.with(|l| l.step_index()));
    Effect::new(move |before: Option<usize>| {
        let now = step.get();
        if before.is_some_and(|b| b != now) {
            crate::platform::dom::start_at(".lesson__board", ".lesson__panel");
        }
        now
    });
    // An answer's feedback, and the way on under it, come into sight at once (on a short
    // screen they are under the fold, or under the end of a scrolling panel): the feedback
    // wins where both do not fit. The end of the lesson likewise. At the next frame: the
    // narration and the sowing's controls that come with an answer are on the page by then.
    // `shown` says it is done (`data-answer-shown`, which the tests wait for).
    let answered = Memo::new(move |_| host.with(|l| (l.feedback(), l.finished())));
    let shown = RwSignal::new(false);
    Effect::new(move |before: Option<_>| {
        let now = answered.get();
        if before.is_some_and(|b| b != now) {
            let targets: &'static [&'static str] = match now {
                (_, true) => &["[data-testid=lesson-done]"],
                (Some(_), false) => &[".lesson__panel > .tut-actions", "[data-testid=feedback]"],
                (None, false) => &[],
            };
            shown.set(false);
            if !targets.is_empty() {
                request_animation_frame(move || {
                    crate::platform::dom::bring_into_view(targets);
                    // The lesson may have been left by the next frame.
                    let _ = shown.try_set(true);
                });
            }
        }
        now
    });
    view! {
        <main
            class="lesson"
            data-testid="lesson"
            data-lesson=host.lesson + 1
            data-answer-shown=move || shown.get().to_string()
        >
            <LessonHeader host=host />
            <div class="lesson__main">
                <LessonBoard host=host />
                <LessonPanel host=host />
            </div>
        </main>
    }
}

/// The way back to the list, the lesson's title and a dot per step.
#[component]
fn LessonHeader(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let lesson = host.lesson;
    let dots = (0..LESSONS[lesson].steps.len())
        .map(|i| {
            let class = move || {
                let (at, finished) = host.with(|l| (l.step_index(), l.finished()));
                if finished || i < at {
                    "tut-dot tut-dot--done"
                } else if i == at {
                    "tut-dot tut-dot--current"
                } else {
                    "tut-dot"
                }
            };
            view! { <span class=class></span> }
        })
        .collect_view();
    view! {
        <header class="lesson__top">
            <a class="lesson__back" href="#/tutorial" data-testid="tut-back-to-list">
                "‹ "
                {text(move || t_string!(i18n, tutorial.all_lessons))}
            </a>
            <h1 class="lesson__title">
                <span class="lesson__kicker">
                    {move || t_string!(i18n, tutorial.lesson_n, n = lesson + 1).to_string()}
                </span>
                <span>{move || LESSONS[lesson].title.text(i18n)}</span>
            </h1>
            <div class="lesson__dots" aria-hidden="true">{dots}</div>
        </header>
    }
}

/// The board of the step: its position or the sowing's frame, with the step's marks; a tap
/// answers an exercise, a tap during a sowing skips it.
#[component]
fn LessonBoard(host: LessonHost) -> impl IntoView {
    let position = Memo::new(move |_| host.with(|l| l.position()));
    let marks = Memo::new(move |_| host.with(|l| l.marks()));
    let waiting = Memo::new(move |_| host.with(|l| l.waiting()));
    let highlights = Signal::derive(move || {
        marks.with(|m| Highlights {
            playable: m.playable.iter().copied().collect(),
            last_from: m.last_from,
            last_to: m.last_to,
            ..Highlights::default()
        })
    });
    let marked =
        Signal::derive(move || marks.with(|m| m.marked.iter().copied().collect::<SquareSet>()));
    let playing = host.sowing.playing();
    view! {
        <div class="lesson__board" class:lesson__board--still=move || !waiting.get()>
            <Board
                position=position
                highlights=highlights
                on_house=Callback::new(move |square| host.run(|l| l.tap(square)))
                frame=host.sowing.frame()
                animating=Signal::derive(move || playing.get() && !waiting.get())
                on_skip=move |()| host.sowing.skip()
                marked=marked
                marked_kazans=Signal::derive(move || marks.with(|m| m.kazans))
                drop_numbers=Signal::derive(move || host.drop_numbers())
            />
        </div>
    }
}

/// The step's text and task, the answers, the narration, the sowing's controls and the way on.
#[component]
fn LessonPanel(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let step_of = move || {
        let (n, total) = host.with(|l| (l.step_index() + 1, l.step_count()));
        t_string!(i18n, tutorial.step_of, n = n, total = total).to_string()
    };
    view! {
        <div
            class="lesson__panel"
            data-testid="lesson-panel"
            data-step=move || host.with(|l| l.step_index() + 1)
            data-kind=move || host.with(|l| l.step().kind.name())
        >
            <p class="lesson__step-of">{step_of}</p>
            <p class="lesson__text" data-testid="step-text">
                {move || host.with(|l| l.step().text).text(i18n)}
            </p>
            <Choices host=host />
            <HintLine host=host />
            <FeedbackNote host=host />
            <Narration host=host />
            <SowingControls sowing=host.sowing />
            <DonePanel host=host />
            <LessonActions host=host />
        </div>
    }
}

/// The end of the lesson: the way to the list and to the next lesson not completed, and
/// after the last lesson (or once every lesson is) a first game against the computer.
#[component]
fn DonePanel(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    let finished = Memo::new(move |_| host.with(|l| l.finished()));
    // The lesson to go on with: the next one not completed (wrapping to the start), none
    // only when every lesson is completed.
    let next_lesson = move || {
        host.progress
            .with(|p| p.lesson_after(host.lesson, LESSONS.len()))
    };
    // Optional, as for the sowing (`ui::sowing`): the app's root provides the settings, a
    // lesson mounted without it has none to update.
    let settings = use_context::<SettingsContext>();
    let launcher = Launcher::get();
    let play_computer = move |_| {
        if let Some(settings) = settings {
            settings.update(|s| s.learning = false);
        }
        // Play never fails to start a position.
        let _ = launcher.launch(Launch::Position {
            start: Position::start(),
            mode: welcome::first_game(),
        });
    };
    let first_game = move || {
        welcome::offers_first_game(host.lesson, LESSONS.len(), next_lesson()).then(|| {
            view! {
                <button type="button" class="tut-btn tut-btn--primary" data-testid="tut-play-computer" on:click=play_computer>
                    {text(move || t_string!(i18n, tutorial.play_computer))}
                </button>
            }
        })
    };
    let next = move || {
        next_lesson().map(|next| {
            view! {
                <a class="tut-btn" class:tut-btn--primary=move || host.lesson + 1 != LESSONS.len() href=format!("#/tutorial/{}", next + 1) data-testid="tut-next-lesson">
                    {text(move || t_string!(i18n, tutorial.next_lesson))}
                </a>
            }
        })
    };
    let all_done = move || {
        next_lesson().is_none().then(|| {
            view! { <p class="tut-done__text">{text(move || t_string!(i18n, tutorial.all_done))}</p> }
        })
    };
    move || {
        finished.get().then(|| {
            view! {
                <div class="tut-done" data-testid="lesson-done" role="status">
                    <p class="tut-done__title">{text(move || t_string!(i18n, tutorial.lesson_done))}</p>
                    {all_done}
                    <div class="tut-actions">
                        <a class="tut-btn" href="#/tutorial" data-testid="tut-all-lessons">
                            {text(move || t_string!(i18n, tutorial.all_lessons))}
                        </a>
                        {next}
                        {first_game}
                    </div>
                </div>
            }
        })
    }
}
