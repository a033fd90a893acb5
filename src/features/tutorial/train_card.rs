//! The Learn screen's card of the repertoire trainer, with how many trained positions of the
//! library's studies are due now (read from the kept schedule's times alone).

use leptos::prelude::*;
use toguz_app_core::train::Schedule;
use toguz_store::study::STUDY_PREFIX;
use toguz_store::Backend as _;

use crate::i18n::*;
use crate::platform::storage::{self, with_library, TRAIN_KEY};
use crate::platform::time::now_ms;
use crate::services::words::text;

/// The card that opens `#/train`, with the positions due (`train-due`).
#[component]
pub fn TrainCard() -> impl IntoView {
    let i18n = use_i18n();
    // The studies' ids from their keys alone: reading every study would bring the library's
    // code into the Learn screen's part.
    let keys = with_library(|lib| lib.backend().keys()).unwrap_or_default();
    let ids: Vec<&str> = keys
        .iter()
        .filter_map(|k| k.strip_prefix(STUDY_PREFIX))
        .collect();
    let due = storage::load::<Schedule>(TRAIN_KEY)
        .unwrap_or_default()
        .due_among(&ids, now_ms());
    view! {
        <li>
            <a class="tut-card" href="#/train" data-testid="learn-train">
                <span class="tut-card__badge" aria-hidden="true">"♞"</span>
                <span class="tut-card__body">
                    <span class="tut-card__title">{text(move || t_string!(i18n, train.rep_card_title))}</span>
                    <span class="tut-card__summary">{text(move || t_string!(i18n, train.rep_card_summary))}</span>
                    <span class="tut-card__status" data-testid="train-due" data-due=due.to_string()>
                        {move || t_string!(i18n, train.rep_due, n = due).to_string()}
                    </span>
                </span>
            </a>
        </li>
    }
}
