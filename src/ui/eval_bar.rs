//! The evaluation bar, one for every screen that shows it (play, the review, the analysis
//! board): White's share is White's winning chances (`toguz_app_core::eval_bar`, where the
//! formula and the reason for it are), and the evaluation is written on it.

use leptos::prelude::*;
use toguz_engine::search::Score;

use crate::i18n::*;
use crate::services::words;
use toguz_app_core::eval_bar::white_share;

/// The evaluation bar for `eval`, from White's view (`None`: not known yet, an even bar and
/// "…").
#[component]
pub fn EvalBar(#[prop(into)] eval: Signal<Option<Score>>) -> impl IntoView {
    let i18n = use_i18n();
    let share = move || eval.get().map_or(50, white_share);
    let label = move || match eval.get() {
        Some(s) => words::eval(i18n.get_locale(), s),
        None => "…".to_string(),
    };
    view! {
        <div
            class="eval-bar"
            data-testid="eval-bar"
            data-score=move || eval.get().map(|s| s.get().to_string()).unwrap_or_default()
            role="img"
            aria-label=move || td_string!(i18n.get_locale(), common.eval_label, value = label())
        >
            <div class="eval-bar__white" style=move || format!("width:{}%", share())></div>
            <span class="eval-bar__text">{label}</span>
        </div>
    }
}
