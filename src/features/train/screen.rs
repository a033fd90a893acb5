//! The repertoire trainer's screen (`#/train`): the list of studies, then the side to train,
//! then the session over the board; the parts are `view`'s.

use leptos::prelude::*;

use super::view::board_panel::BoardPanel;
use super::view::panel::{Feedback, Prompt, SessionBar};
use super::view::setup::{Setup, StudyList};
use super::Trainer;
use crate::i18n::*;
use crate::services::words::text;

/// The repertoire trainer, on study `id` if one is given.
#[component]
pub fn TrainScreen(id: Option<String>) -> impl IntoView {
    let i18n = use_i18n();
    let trainer = Trainer::start(id);
    listen_to_keys(trainer);
    let running = Memo::new(move |_| trainer.with(|s| s.is_some()));
    let chosen = Memo::new(move |_| trainer.study_id().is_some());
    let body = move || {
        if running.get() {
            view! {
                <div class="train__main">
                    <BoardPanel />
                    <section class="train__panel" aria-labelledby="train-prompt">
                        <Prompt />
                        <Feedback />
                        <SessionBar />
                        <p class="train__note">{text(move || t_string!(i18n, train.rep_note))}</p>
                    </section>
                </div>
            }
            .into_any()
        } else if chosen.get() {
            view! { <Setup /> }.into_any()
        } else {
            view! { <StudyList /> }.into_any()
        }
    };
    view! {
        <main class="screen train" class:train--running=running data-testid="train-screen">
            <header class="train__top">
                <h1 class="screen__title">{text(move || t_string!(i18n, train.rep_title))}</h1>
                <p class="train__intro">{text(move || t_string!(i18n, train.rep_intro))}</p>
            </header>
            {body}
        </main>
    }
}

/// The trainer's keys while the screen is open (not with a modifier, nor while typing):
/// N or Enter goes on.
fn listen_to_keys(trainer: Trainer) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented()
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.alt_key()
            || crate::platform::dom::typing_in_field(&ev)
        {
            return;
        }
        if matches!(ev.key().as_str(), "n" | "N") {
            trainer.next();
        }
    });
    on_cleanup(move || keys.remove());
}
