//! The evaluation bar.

use leptos::prelude::*;

use super::PlaySession;
use crate::i18n::*;
use crate::services::words;

/// The evaluation bar: White's share grows with White's advantage.
#[component]
pub fn EvalBar() -> impl IntoView {
    let session = PlaySession::get();
    let eval = Memo::new(move |_| session.with(|s| s.eval()));
    let i18n = use_i18n();
    let percent = move || crate::services::words::eval_bar_percent(eval.get().unwrap_or(0));
    let text = move || match eval.get() {
        Some(v) => words::eval_number(i18n.get_locale(), v),
        None => "…".to_string(),
    };
    view! {
        <div
            class="eval-bar"
            data-testid="eval-bar"
            data-score=move || eval.get().map(|v| v.to_string()).unwrap_or_default()
            role="img"
            aria-label=move || td_string!(i18n.get_locale(), common.eval_label, value = text())
        >
            <div class="eval-bar__white" style=move || format!("width:{}%", percent())></div>
            <span class="eval-bar__text">{text}</span>
        </div>
    }
}
