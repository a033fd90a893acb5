//! The rating each person's play in a finished game showed, with its range, or that it is
//! being estimated, or that the game was too short to tell (`toguz_app_core::estimate`).

use leptos::prelude::*;
use toguz_engine::Side;

use crate::i18n::*;
use crate::services::words;
use toguz_app_core::estimate::EstimateState;
use toguz_app_core::game::Mode;

/// The estimate's lines, one per person. Its test id is `rating-estimate`; `data-state` is
/// `estimating`, `failed` or `shown`, and once shown `data-rating`, `data-low` and `data-high`
/// carry the first person's estimate (White's when two people play; each line carries its
/// own). Nothing when no person plays (`state` is `None`).
#[component]
pub fn RatingEstimate(state: Signal<Option<EstimateState>>, mode: Signal<Mode>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let state = state.get()?;
        let locale = i18n.get_locale();
        let mode = mode.get();
        let named = mode.is_human(Side::White) && mode.is_human(Side::Black);
        let first = state.first();
        let (name, lines) = match &state {
            EstimateState::Estimating => (
                "estimating",
                vec![(
                    None,
                    None,
                    td_string!(locale, review.rating_estimating).to_string(),
                )],
            ),
            EstimateState::Failed => (
                "failed",
                vec![(
                    None,
                    None,
                    td_string!(locale, review.rating_failed).to_string(),
                )],
            ),
            EstimateState::Shown { ratings, moves } => (
                "shown",
                [Side::White, Side::Black]
                    .into_iter()
                    .filter_map(|side| {
                        let shown = ratings[side]?;
                        let rating = match shown {
                            toguz_app_core::estimate::RatingShown::About { estimate, .. } => {
                                Some(estimate.rating)
                            }
                            toguz_app_core::estimate::RatingShown::TooShort => None,
                        };
                        let text = words::rating_shown(locale, side, shown, moves[side], named);
                        Some((Some(side), rating, text))
                    })
                    .collect(),
            ),
        };
        Some(view! {
            <div
                class="rating-estimate"
                data-testid="rating-estimate"
                data-state=name
                data-rating=first.map(|e| e.rating.to_string())
                data-low=first.map(|e| e.low.to_string())
                data-high=first.map(|e| e.high.to_string())
                aria-live="polite"
            >
                {lines
                    .into_iter()
                    .map(|(side, rating, text)| {
                        view! {
                            <p
                                class="rating-estimate__line"
                                data-testid=side.map(|s| format!("rating-estimate-{}", s.letter()))
                                data-rating=rating.map(|r| r.to_string())
                            >
                                {text}
                            </p>
                        }
                    })
                    .collect_view()}
            </div>
        })
    }
}
