//! The counting screen (`#/count`): the parts of `view`, laid out, over the trainer in
//! context, and the trainer's keys.

use leptos::prelude::*;

use super::view::board_panel::BoardPanel;
use super::view::feedback::{Answers, Feedback, Prompt};
use super::view::flag;
use super::view::stages::{RunBar, Stages};
use super::CountTrainer;
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::Button;
use toguz_app_core::count::trainer::Phase;

/// The counting trainer.
#[component]
pub fn CountScreen() -> impl IntoView {
    let i18n = use_i18n();
    let trainer = CountTrainer::start();
    listen_to_keys(trainer);
    let phase = Memo::new(move |_| trainer.with(|t| t.phase().clone()));
    let not_ready = flag(move || matches!(phase.get(), Phase::Loading | Phase::Failed(_)));
    let running = flag(move || phase.get() == Phase::Running);
    let notice = move || match phase.get() {
        Phase::Loading => Some(
            view! {
                <p class="count__notice" role="status" data-testid="count-loading">
                    {text(move || t_string!(i18n, train.loading))}
                </p>
            }
            .into_any(),
        ),
        Phase::Failed(error) => Some(
            view! {
                <div class="count__notice" role="alert" data-testid="count-load-failed">
                    <p>{text(move || t_string!(i18n, train.load_failed, error = error.clone()))}</p>
                    <Button testid="count-retry" on_click=move |_| trainer.load()>
                        {text(move || t_string!(i18n, train.load_again))}
                    </Button>
                </div>
            }
            .into_any(),
        ),
        _ => None,
    };
    view! {
        <main class="screen count" class:count--running=running data-testid="count-screen">
            <header class="count__top">
                <h1 class="screen__title">{text(move || t_string!(i18n, train.title))}</h1>
                <p class="count__intro">{text(move || t_string!(i18n, train.intro))}</p>
            </header>
            {notice}
            <div class="count__main" class:count__main--hidden=not_ready>
                <BoardPanel />
                <section class="count__panel" aria-labelledby="count-prompt">
                    <RunBar />
                    <Prompt />
                    <Answers />
                    <Feedback />
                    <Stages />
                    <p class="count__note">{text(move || t_string!(i18n, train.note))}</p>
                </section>
            </div>
        </main>
    }
}

/// The trainer's keys while the screen is open (not with a modifier, nor while typing).
fn listen_to_keys(trainer: CountTrainer) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented()
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.alt_key()
            || crate::platform::dom::typing_in_field(&ev)
        {
            return;
        }
        trainer.key(&ev.key());
    });
    on_cleanup(move || keys.remove());
}
