//! The practice screen (`#/practice`): the level of the computer, then the positions by theme,
//! each with its goal, whose move it is, the kazans, its kept result and its Play button.

use leptos::prelude::*;
use toguz_coach::practice::{Goal, Theme};
use toguz_engine::search::Level;

use super::PracticeHost;
use crate::i18n::*;
use crate::services::words::{self, text};
use crate::ui::{Button, LevelSelect, Look};
use toguz_app_core::practice::{Item, Outcome, Phase, Screen};

/// The practice positions.
#[component]
pub fn PracticeScreen() -> impl IntoView {
    let i18n = use_i18n();
    let host = PracticeHost::start();
    let phase = Memo::new(move |_| host.with(|s| s.phase().clone()));
    // Held as its number, as the menu does (`LevelSelect`).
    let level = RwSignal::new(host.with_untracked(Screen::level).number());
    Effect::new(move |_| host.choose_level(Level::of(level.get())));
    let done = move || {
        let (done, total) = host.with(Screen::done);
        t_string!(i18n, train.practice_done, done = done, total = total).to_string()
    };
    view! {
        <main class="screen practice" data-testid="practice-screen">
            <header class="practice__top">
                <h1 class="screen__title">{text(move || t_string!(i18n, train.practice_title))}</h1>
                <p class="practice__intro">{text(move || t_string!(i18n, train.practice_intro))}</p>
            </header>
            {move || notice(host, phase.get())}
            <Show when=move || phase.get() == Phase::Ready>
                <div class="practice__bar">
                    <p class="practice__done" data-testid="practice-done">{done}</p>
                    <LevelSelect level=level testid="practice-level" />
                </div>
                <Groups />
            </Show>
        </main>
    }
}

/// While the set is fetched, or why it is not there, with a Retry.
fn notice(host: PracticeHost, phase: Phase) -> Option<AnyView> {
    let i18n = use_i18n();
    let failed = |message: Signal<String>| {
        view! {
            <div class="practice__notice" role="alert" data-testid="practice-load-failed">
                <p>{message}</p>
                <Button testid="practice-retry" on_click=move |_| host.load()>
                    {text(move || t_string!(i18n, train.load_again))}
                </Button>
            </div>
        }
        .into_any()
    };
    match phase {
        Phase::Loading => Some(
            view! {
                <p class="practice__notice" role="status" data-testid="practice-loading">
                    {text(move || t_string!(i18n, train.loading))}
                </p>
            }
            .into_any(),
        ),
        Phase::Failed(error) => Some(failed(text(move || {
            t_string!(i18n, train.load_failed, error = error.clone())
        }))),
        Phase::Damaged(error) => Some(failed(text(move || {
            t_string!(i18n, train.practice_damaged, error = error.clone())
        }))),
        Phase::Ready => None,
    }
}

/// The positions, one section per theme, numbered through the whole set.
#[component]
fn Groups() -> impl IntoView {
    let host = PracticeHost::get();
    let i18n = use_i18n();
    move || {
        let mut n = 0;
        host.with(Screen::groups)
            .into_iter()
            .map(|(theme, items)| {
                let heading = format!("practice-{}", theme.name());
                let labelled_by = heading.clone();
                let cards = items
                    .into_iter()
                    .map(|item| {
                        n += 1;
                        view! { <Card item=item n=n /> }
                    })
                    .collect_view();
                view! {
                    <section class="practice__group" aria-labelledby=labelled_by data-testid="practice-group" data-theme=theme.name()>
                        <h2 class="practice__theme" id=heading>{text(move || theme_name(i18n, theme))}</h2>
                        <ul class="practice__list">{cards}</ul>
                    </section>
                }
            })
            .collect_view()
    }
}

/// One position: its number and goal, whose move and the kazans, its kept result, Play.
#[component]
fn Card(item: Item, n: usize) -> impl IntoView {
    let host = PracticeHost::get();
    let i18n = use_i18n();
    let done = item.done();
    let Item { practice, result } = item;
    let position = practice.position;
    let goal = practice.goal;
    let id = StoredValue::new(practice.id.clone());
    let facts = move || {
        let locale = i18n.get_locale();
        let kazans = t_string!(
            i18n,
            common.ann_kazans,
            white = position.kazan(toguz_engine::Side::White),
            black = position.kazan(toguz_engine::Side::Black)
        );
        format!("{} · {kazans}", words::to_move(locale, position.turn()))
    };
    let result_text = move || match result {
        None => t_string!(i18n, train.practice_result_none).to_string(),
        Some(r) => format!(
            "{} · {}",
            outcome_name(i18n, r.best),
            words::level(i18n.get_locale(), r.level)
        ),
    };
    let goal_text = move || match goal {
        Goal::Win => t_string!(i18n, train.practice_goal_win).to_string(),
        Goal::Draw => t_string!(i18n, train.practice_goal_draw).to_string(),
    };
    view! {
        <li class="practice-card" class:practice-card--done=done data-testid="practice-item" data-id=practice.id.clone()>
            <div class="practice-card__head">
                <span class="practice-card__title">{text(move || t_string!(i18n, train.practice_position, n = n))}</span>
                <span class="practice-card__goal" data-goal=goal.name()>{goal_text}</span>
            </div>
            <p class="practice-card__facts">{facts}</p>
            <div class="practice-card__foot">
                <span
                    class="practice-card__result"
                    data-testid="practice-result"
                    data-result=result.map_or("none", |r| r.best.name())
                    data-done=done.to_string()
                >
                    {result_text}
                </span>
                <Button
                    look=Look::Primary
                    testid="practice-open"
                    on_click=move |_| host.open(&id.get_value())
                >
                    {text(move || t_string!(i18n, train.practice_play))}
                </Button>
            </div>
        </li>
    }
}

fn theme_name(i18n: leptos_i18n::I18nContext<Locale>, theme: Theme) -> String {
    match theme {
        Theme::TuzEndgame => t_string!(i18n, train.practice_theme_tuz_endgame),
        Theme::Convert => t_string!(i18n, train.practice_theme_convert),
        Theme::Defend => t_string!(i18n, train.practice_theme_defend),
    }
    .to_string()
}

fn outcome_name(i18n: leptos_i18n::I18nContext<Locale>, outcome: Outcome) -> String {
    match outcome {
        Outcome::Won => t_string!(i18n, train.practice_result_won),
        Outcome::Drawn => t_string!(i18n, train.practice_result_drawn),
        Outcome::Lost => t_string!(i18n, train.practice_result_lost),
    }
    .to_string()
}
