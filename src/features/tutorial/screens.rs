//! The tutorial's two screens: the list of lessons with progress, and a lesson (a
//! demonstration on the real board, stepped korgool by korgool, then exercises).

use leptos::prelude::*;
use toguz_engine::{House, Position, Side, Square};

use super::check::{self, Attempt};
use super::keys::Key;
use super::lessons::{Choice, Goal, Kind, Sq, Step, LESSONS};
use super::narration::{self, Sowing};
use super::progress::{self, Progress};
use super::text;
use crate::i18n::*;
use crate::services::launch::{Launch, Launcher};
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{use_sowing, Board, Highlights, SquareSet};

fn sizes() -> Vec<usize> {
    LESSONS.iter().map(|l| l.steps.len()).collect()
}

/// The saved progress as a signal, saved again on every change (a stored value that did not
/// read is reported at once).
fn use_progress() -> RwSignal<Progress> {
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
            <ol class="tut__list">{lessons}</ol>
        </main>
    }
}

/// What the learner's last answer got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feedback {
    /// Right.
    Right,
    /// Tapped the wrong house: this one.
    Tapped(Sq),
    /// The last korgool actually lands here.
    Lands(Sq),
    /// The move missed the goal (the key explains).
    Miss(Key),
    /// The right choice was this.
    Answer(Choice),
}

const ICON_RESTART: &str = "M5 5h2v14H5zM19 5v14L8 12z";
const ICON_BACK: &str = "M15 5v14L4 12zM17 5h2.5v14H17z";
const ICON_PLAY: &str = "M7 4.5v15L19.5 12z";
const ICON_PAUSE: &str = "M6.5 5h4v14h-4zM13.5 5h4v14h-4z";
const ICON_FORWARD: &str = "M9 5v14l11-7zM4.5 5H7v14H4.5z";

/// A small player icon (drawn, so that no font needs the glyph).
fn icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="tut-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=path fill="currentColor"></path>
        </svg>
    }
}

fn square_of(sq: Sq) -> Option<Square> {
    check::square(sq).ok()
}

fn all_squares() -> SquareSet {
    Square::ALL.into_iter().collect()
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

/// Whether `#/tutorial/<number>` names a lesson.
pub fn is_lesson(number: u8) -> bool {
    (1..=LESSONS.len()).contains(&usize::from(number))
}

/// One lesson: its steps one after another, with the board, the narration and the exercise.
#[component]
pub fn LessonScreen(
    /// The lesson's number, 1-based (as in the route `#/tutorial/<n>`); past the last, the last.
    number: u8,
) -> impl IntoView {
    let launcher = Launcher::get();
    let i18n = use_i18n();
    let progress = use_progress();
    let index_of_lesson = usize::from(number).clamp(1, LESSONS.len()) - 1;
    let lesson_index = Memo::new(move |_| index_of_lesson);
    let lesson = move || LESSONS[lesson_index.get()];
    let step_index = RwSignal::new(0usize);
    let finished = RwSignal::new(false);
    // Open the lesson at the step reached before.
    Effect::new(move |_| {
        let l = lesson_index.get();
        step_index.set(progress.with_untracked(|p| p.step(l)));
        finished.set(false);
    });
    let step: Memo<Step> = Memo::new(move |_| {
        let steps = lesson().steps;
        steps[step_index.get().min(steps.len() - 1)]
    });
    let position: Memo<Position> =
        Memo::new(move |_| check::position(&step.get()).unwrap_or_default());

    // The narration of the sowing shown; its frames play in the one sowing driver.
    let sowing: RwSignal<Option<Sowing>> = RwSignal::new(None);
    let sowing_player = use_sowing();
    let index = Memo::new(move |_| sowing_player.with(|p| p.at()));
    let playing = sowing_player.playing();
    let feedback: RwSignal<Option<Feedback>> = RwSignal::new(None);
    let chosen: RwSignal<Option<Choice>> = RwSignal::new(None);

    let start_sowing = move |s: Option<Sowing>| {
        match &s {
            Some(s) => sowing_player.show(s.frames.clone()),
            None => sowing_player.clear(),
        }
        sowing.set(s);
    };

    // Each step starts afresh: a demonstration is prepared (and played), an exercise waits.
    Effect::new(move |_| {
        let st = step.get();
        let pos = position.get();
        feedback.set(None);
        chosen.set(None);
        let s = match st.kind {
            Kind::Demo { house } => check::play(&pos, house)
                .ok()
                .map(|(_, outcome)| narration::sowing(&pos, &outcome)),
            _ => None,
        };
        start_sowing(s);
    });

    let frame = sowing_player.frame();
    let drop_numbers = Signal::derive(move || {
        sowing.with(|s| {
            s.as_ref()
                .and_then(|s| s.counts.get(index.get()).copied())
                .unwrap_or([0; 18])
        })
    });
    let lines = move || {
        sowing.with(|s| {
            s.as_ref()
                .and_then(|s| s.lines.get(index.get()).cloned())
                .unwrap_or_default()
        })
    };
    let frame_count = move || sowing.with(|s| s.as_ref().map_or(0, |s| s.frames.len()));

    let asking = move || step.get().kind.is_exercise() && feedback.get() != Some(Feedback::Right);
    let waiting = move || asking() && feedback.get().is_none();

    let highlights = Signal::derive(move || {
        let st = step.get();
        let pos = position.get();
        let mut h = Highlights::default();
        if waiting() {
            h.playable = match st.kind {
                Kind::TapHouse { .. } | Kind::TapLanding { .. } => all_squares(),
                Kind::Play { .. } => Highlights::playable_in(&pos),
                _ => SquareSet::EMPTY,
            };
        }
        let mover = pos.turn();
        match st.kind {
            Kind::TapLanding { house, answer } => {
                h.last_from = House::new(house).map(|h| Square::new(mover, h));
                if feedback.get() == Some(Feedback::Right) {
                    h.last_to = square_of(answer);
                }
            }
            Kind::Demo { house } => {
                h.last_from = House::new(house).map(|h| Square::new(mover, h));
            }
            Kind::Choose { question, .. } => {
                h.last_from = question
                    .house()
                    .and_then(House::new)
                    .map(|h| Square::new(mover, h));
            }
            _ => {}
        }
        h
    });
    let marked_kazans =
        Signal::derive(move || matches!(step.get().kind, Kind::Look { kazans: true, .. }));
    let marked = Signal::derive(move || {
        let st = step.get();
        match st.kind {
            Kind::Look { marks, .. } => marks.iter().filter_map(|m| square_of(*m)).collect(),
            Kind::TapHouse { answer } if feedback.get() == Some(Feedback::Right) => {
                square_of(answer).into_iter().collect()
            }
            _ => SquareSet::EMPTY,
        }
    });

    let answer = move |attempt: Attempt| {
        let st = step.get_untracked();
        let pos = position.get_untracked();
        let Ok(right) = check::judge(&st, attempt) else {
            return;
        };
        let shown = match (st.kind, attempt) {
            (Kind::TapLanding { house, .. }, _) => Some(house),
            (_, Attempt::Play(house)) => Some(house),
            (Kind::Choose { question, .. }, _) => question.house(),
            _ => None,
        };
        let s = match shown {
            Some(house) => check::play(&pos, house).ok().map(|(after, outcome)| {
                let mine = narration::sowing(&pos, &outcome);
                // A move that gives a capture away: show the opponent's reply too.
                match (st.kind, right, check::best_reply_capture(&after)) {
                    (
                        Kind::Play {
                            goal: Goal::Safe, ..
                        },
                        false,
                        Some((_, reply)),
                    ) => mine.then(narration::sowing(&after, &reply)),
                    _ => mine,
                }
            }),
            None if matches!(st.kind, Kind::Choose { .. }) => Some(narration::ending(&pos)),
            None => None,
        };
        let fb = if right {
            Feedback::Right
        } else {
            match (st.kind, attempt) {
                (Kind::TapHouse { .. }, Attempt::Tap(t)) => Feedback::Tapped(t),
                (Kind::TapLanding { house, .. }, _) => match check::play(&pos, house) {
                    Ok((_, o)) => Feedback::Lands(check::sq(o.last)),
                    Err(_) => Feedback::Miss(Key::MissCapture),
                },
                (Kind::Play { goal, .. }, _) => Feedback::Miss(text::miss_key(goal)),
                (Kind::Choose { question, .. }, _) => match check::answer(question, &pos) {
                    Ok(c) => Feedback::Answer(c),
                    Err(_) => Feedback::Miss(Key::MissCapture),
                },
                _ => Feedback::Miss(Key::MissCapture),
            }
        };
        feedback.set(Some(fb));
        start_sowing(s);
    };

    let on_house = Callback::new(move |square: Square| {
        if !waiting() {
            return;
        }
        let st = step.get_untracked();
        match st.kind {
            Kind::TapHouse { .. } | Kind::TapLanding { .. } => {
                answer(Attempt::Tap(check::sq(square)))
            }
            Kind::Play { .. } => {
                let pos = position.get_untracked();
                if square.side() == pos.turn() && pos.check(square.house()).is_ok() {
                    answer(Attempt::Play(square.house().get()));
                }
            }
            _ => {}
        }
    });

    let go_next = move || {
        let l = lesson_index.get_untracked();
        let n = lesson().steps.len();
        let s = step_index.get_untracked();
        if s + 1 < n {
            step_index.set(s + 1);
            progress.update(|p| p.set_step(l, s + 1));
        } else {
            progress.update(|p| p.complete(l));
            finished.set(true);
        }
    };
    let retry = move || {
        feedback.set(None);
        chosen.set(None);
        start_sowing(None);
    };
    let try_it = move || {
        // Play never fails to start a position.
        let _ = launcher.launch(Launch::Position {
            start: position.get_untracked(),
            mode: crate::core::game::Mode::TwoPlayers,
        });
    };

    let step_count = move || lesson().steps.len();
    let dots = move || {
        (0..step_count())
            .map(|i| {
                let cls = move || {
                    let s = step_index.get();
                    if finished.get() || i < s {
                        "tut-dot tut-dot--done"
                    } else if i == s {
                        "tut-dot tut-dot--current"
                    } else {
                        "tut-dot"
                    }
                };
                view! { <span class=cls></span> }
            })
            .collect_view()
    };

    let kind_name = move || match step.get().kind {
        Kind::Look { .. } => "look",
        Kind::Demo { .. } => "demo",
        Kind::TapHouse { .. } => "tap",
        Kind::TapLanding { .. } => "landing",
        Kind::Play { .. } => "play",
        Kind::Choose { .. } => "choose",
    };

    let hint = move || {
        if !waiting() {
            return String::new();
        }
        match step.get().kind {
            Kind::TapHouse { .. } | Kind::TapLanding { .. } => {
                t_string!(i18n, tutorial.hint_tap).to_string()
            }
            Kind::Play { .. } => t_string!(i18n, tutorial.hint_play).to_string(),
            Kind::Choose { .. } => t_string!(i18n, tutorial.hint_choose).to_string(),
            _ => String::new(),
        }
    };

    let feedback_view = move || {
        let fb = feedback.get()?;
        let (class, head, body) = match fb {
            Feedback::Right => {
                let body = match step.get().kind {
                    Kind::TapLanding { .. } => t_string!(i18n, tutorial.landing_right).to_string(),
                    _ => String::new(),
                };
                (
                    "tut-feedback tut-feedback--right",
                    t_string!(i18n, tutorial.correct).to_string(),
                    body,
                )
            }
            other => {
                let body = match other {
                    Feedback::Tapped(sq) if sq.side == Side::White => {
                        t_string!(i18n, tutorial.tap_yours, house = sq.house).to_string()
                    }
                    Feedback::Tapped(sq) => {
                        t_string!(i18n, tutorial.tap_theirs, house = sq.house).to_string()
                    }
                    Feedback::Lands(sq) if sq.side == Side::White => {
                        t_string!(i18n, tutorial.landing_yours, house = sq.house).to_string()
                    }
                    Feedback::Lands(sq) => {
                        t_string!(i18n, tutorial.landing_theirs, house = sq.house).to_string()
                    }
                    Feedback::Miss(key) => key.text(i18n),
                    Feedback::Answer(c) => {
                        let answer = text::choice_key(c).text(i18n);
                        t_string!(i18n, tutorial.why_answer, answer = answer).to_string()
                    }
                    Feedback::Right => String::new(),
                };
                (
                    "tut-feedback tut-feedback--wrong",
                    t_string!(i18n, tutorial.wrong).to_string(),
                    body,
                )
            }
        };
        Some(view! {
            <div class=class data-testid="feedback" role="status">
                <strong class="tut-feedback__head">{head}</strong>
                " "
                <span>{body}</span>
            </div>
        })
    };

    let choices = move || {
        let Kind::Choose { question, .. } = step.get().kind else {
            return None;
        };
        let buttons = question
            .choices()
            .iter()
            .map(|&c| {
                let key = text::choice_key(c);
                view! {
                    <button
                        type="button"
                        class="tut-choice"
                        data-testid=format!("choice-{}", key.name().trim_start_matches("choice_"))
                        class:tut-choice--chosen=move || chosen.get() == Some(c)
                        class:tut-choice--right=move || {
                            match feedback.get() {
                                Some(Feedback::Answer(right)) => right == c,
                                Some(Feedback::Right) => chosen.get() == Some(c),
                                _ => false,
                            }
                        }
                        disabled=move || !waiting()
                        on:click=move |_| {
                            chosen.set(Some(c));
                            answer(Attempt::Choose(c));
                        }
                    >
                        {move || key.text(i18n)}
                    </button>
                }
            })
            .collect_view();
        Some(view! { <div class="tut-choices">{buttons}</div> })
    };

    let player = move || {
        (frame_count() > 0).then(|| {
            let at_start = move || index.get() == 0;
            let at_end = move || index.get() + 1 >= frame_count();
            view! {
                <div class="tut-player" role="group">
                    <button
                        type="button"
                        class="tut-player__btn"
                        data-testid="tut-restart"
                        aria-label=text(move || t_string!(i18n, tutorial.restart))
                        title=text(move || t_string!(i18n, tutorial.restart))
                        disabled=at_start
                        on:click=move |_| sowing_player.restart()
                    >
                        {icon(ICON_RESTART)}
                    </button>
                    <button
                        type="button"
                        class="tut-player__btn"
                        data-testid="tut-back"
                        aria-label=text(move || t_string!(i18n, tutorial.step_back))
                        title=text(move || t_string!(i18n, tutorial.step_back))
                        disabled=at_start
                        on:click=move |_| sowing_player.back()
                    >
                        {icon(ICON_BACK)}
                    </button>
                    <button
                        type="button"
                        class="tut-player__btn tut-player__btn--main"
                        data-testid="tut-play"
                        data-playing=move || playing.get().to_string()
                        aria-label=move || {
                            if playing.get() {
                                t_string!(i18n, tutorial.pause).to_string()
                            } else {
                                t_string!(i18n, tutorial.play).to_string()
                            }
                        }
                        on:click=move |_| sowing_player.toggle()
                    >
                        {move || icon(if playing.get() { ICON_PAUSE } else { ICON_PLAY })}
                    </button>
                    <button
                        type="button"
                        class="tut-player__btn"
                        data-testid="tut-forward"
                        aria-label=text(move || t_string!(i18n, tutorial.step_forward))
                        title=text(move || t_string!(i18n, tutorial.step_forward))
                        disabled=at_end
                        on:click=move |_| sowing_player.forward()
                    >
                        {icon(ICON_FORWARD)}
                    </button>
                    <span class="tut-player__count" data-testid="tut-frame">
                        {move || format!("{} / {}", index.get() + 1, frame_count())}
                    </span>
                </div>
            }
        })
    };

    let next_label = move || {
        if step_index.get() + 1 >= step_count() {
            t_string!(i18n, tutorial.finish).to_string()
        } else {
            t_string!(i18n, tutorial.next).to_string()
        }
    };

    // The lesson to go on with: the next one not completed (wrapping to the start), none
    // only when every lesson is completed.
    let next_lesson = move || progress.with(|p| p.lesson_after(lesson_index.get(), LESSONS.len()));
    let has_next_lesson = move || next_lesson().is_some();
    let done_panel = move || {
        finished.get().then(|| {
            let next_href = format!("#/tutorial/{}", next_lesson().unwrap_or(0) + 1);
            view! {
                <div class="tut-done" data-testid="lesson-done" role="status">
                    <p class="tut-done__title">{text(move || t_string!(i18n, tutorial.lesson_done))}</p>
                    {move || {
                        (!has_next_lesson())
                            .then(|| {
                                view! {
                                    <p class="tut-done__text">
                                        {text(move || t_string!(i18n, tutorial.all_done))}
                                    </p>
                                }
                            })
                    }}
                    <div class="tut-actions">
                        <a class="tut-btn" href="#/tutorial" data-testid="tut-all-lessons">
                            {text(move || t_string!(i18n, tutorial.all_lessons))}
                        </a>
                        {move || {
                            if has_next_lesson() {
                                view! {
                                    <a
                                        class="tut-btn tut-btn--primary"
                                        href=next_href.clone()
                                        data-testid="tut-next-lesson"
                                    >
                                        {text(move || t_string!(i18n, tutorial.next_lesson))}
                                    </a>
                                }
                                    .into_any()
                            } else {
                                view! {
                                    <a class="tut-btn tut-btn--primary" href="#/" data-testid="tut-play-game">
                                        {text(move || t_string!(i18n, tutorial.play_game))}
                                    </a>
                                }
                                    .into_any()
                            }
                        }}
                    </div>
                </div>
            }
        })
    };

    view! {
        <main class="lesson" data-testid="lesson" data-lesson=move || lesson_index.get() + 1>
            <header class="lesson__top">
                <a class="lesson__back" href="#/tutorial" data-testid="tut-back-to-list">
                    "‹ "
                    {text(move || t_string!(i18n, tutorial.all_lessons))}
                </a>
                <h1 class="lesson__title">
                    <span class="lesson__kicker">
                        {move || t_string!(i18n, tutorial.lesson_n, n = lesson_index.get() + 1).to_string()}
                    </span>
                    <span>{move || lesson().title.text(i18n)}</span>
                </h1>
                <div class="lesson__dots" aria-hidden="true">{dots}</div>
            </header>
            <div class="lesson__main">
                <div
                    class="lesson__board"
                    class:lesson__board--still=move || !waiting()
                >
                    <Board
                        position=position
                        highlights=highlights
                        on_house=on_house
                        frame=frame
                        animating=Signal::derive(move || playing.get() && !waiting())
                        on_skip=move |()| sowing_player.skip()
                        marked=marked
                        marked_kazans=marked_kazans
                        drop_numbers=drop_numbers
                    />
                </div>
                <div
                    class="lesson__panel"
                    data-testid="lesson-panel"
                    data-step=move || step_index.get() + 1
                    data-kind=kind_name
                >
                    <p class="lesson__step-of">
                        {move || {
                            t_string!(i18n, tutorial.step_of, n = step_index.get() + 1, total = step_count())
                                .to_string()
                        }}
                    </p>
                    <p class="lesson__text" data-testid="step-text">{move || step.get().text.text(i18n)}</p>
                    {choices}
                    <p class="lesson__hint" data-testid="hint">{hint}</p>
                    {feedback_view}
                    <div
                        class="lesson__narration"
                        data-testid="narration"
                        aria-live="polite"
                        aria-label=text(move || t_string!(i18n, tutorial.narration))
                    >
                        {move || {
                            lines()
                                .into_iter()
                                .map(|l| view! { <p>{text::line(i18n, l)}</p> })
                                .collect_view()
                        }}
                    </div>
                    {player}
                    {done_panel}
                    <div class="tut-actions" class:tut-actions--hidden=move || finished.get()>
                        <button
                            type="button"
                            class="tut-btn"
                            data-testid="tut-try-it"
                            on:click=move |_| try_it()
                        >
                            {text(move || t_string!(i18n, tutorial.try_it))}
                        </button>
                        {move || {
                            let fb = feedback.get();
                            if fb.is_some() && fb != Some(Feedback::Right) {
                                Some(
                                    view! {
                                        <button
                                            type="button"
                                            class="tut-btn tut-btn--primary"
                                            data-testid="tut-retry"
                                            on:click=move |_| retry()
                                        >
                                            {text(move || t_string!(i18n, tutorial.try_again))}
                                        </button>
                                    }
                                        .into_any(),
                                )
                            } else if !asking() && !finished.get() {
                                Some(
                                    view! {
                                        <button
                                            type="button"
                                            class="tut-btn tut-btn--primary"
                                            data-testid="tut-next"
                                            on:click=move |_| go_next()
                                        >
                                            {next_label}
                                        </button>
                                    }
                                        .into_any(),
                                )
                            } else {
                                None
                            }
                        }}
                    </div>
                </div>
            </div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::is_lesson;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn only_the_ten_lessons_are_lessons() {
        assert!(is_lesson(1) && is_lesson(10));
        assert!(!is_lesson(0) && !is_lesson(11) && !is_lesson(255));
    }
}
