//! The review's and the analysis board's screens, in the part "review" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::{AnalysisScreen, Opened, ReviewScreen};
use crate::platform::split::part_fn;
use crate::services::routes::Route;

part_fn! {
    /// The review of a saved game.
    review, preload preload_review,
    pub fn review_screen(id: String) -> AnyView { view! { <ReviewScreen id=id /> }.into_any() }
}

part_fn! {
    /// The analysis board, for the three routes that open it: the route is read in the part,
    /// not on the first visit.
    review, preload preload_analysis,
    pub fn analysis_screen(route: Route) -> AnyView {
        view! { <AnalysisScreen opened=Opened::of(route) /> }.into_any()
    }
}
