//! The evaluation graph: White's winning chances after each move, the marked moves as dots,
//! the move shown as a line; a click on a move's column shows that move.

use leptos::prelude::*;
use toguz_coach::review::{GameReview, MoveClass};

use crate::i18n::*;
use crate::services::words::text;
use toguz_app_core::review::graph_points;

const W: f64 = 400.0;
const H: f64 = 100.0;

/// The graph over `total` moves; `on_pick(ply)` shows the position after move `ply`.
#[component]
pub fn Graph(
    review: Memo<Option<GameReview>>,
    total: usize,
    #[prop(into)] ply: Signal<usize>,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let step = W / total.max(1) as f64;
    let points = Memo::new(move |_| {
        review.with(|r| {
            r.as_ref()
                .map(|r| graph_points(&r.evals, total, W, H))
                .unwrap_or_default()
        })
    });
    let line = move || {
        points.with(|p| {
            p.iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let area = move || {
        points.with(|p| match (p.first(), p.last()) {
            (Some(_), Some(last)) => {
                let pts: Vec<String> = p.iter().map(|(x, y)| format!("{x},{y}")).collect();
                format!("0,{H} {} {},{H}", pts.join(" "), last.0)
            }
            _ => String::new(),
        })
    };
    let dots = move || {
        let r = review.get();
        let p = points.get();
        r.map(|r| {
            r.moves
                .iter()
                .filter(|m| m.class >= MoveClass::Inaccuracy)
                .filter_map(|m| {
                    let (x, y) = *p.get(m.ply + 1)?;
                    Some(view! {
                        <line x1=x y1=y x2=x y2=y vector-effect="non-scaling-stroke" class=format!("review-graph__dot review-graph__dot--{}", m.class.name()) />
                    })
                })
                .collect_view()
        })
    };
    let columns = (0..=total)
        .map(|i| {
            let x = (i as f64 - 0.5) * step;
            view! {
                <rect
                    class="review-graph__hit"
                    data-testid=format!("review-graph-{i}")
                    x=x.max(0.0)
                    y="0"
                    width=step
                    height=H
                    on:click=move |_| on_pick.run(i)
                />
            }
        })
        .collect_view();
    view! {
        <figure class="review-graph" data-testid="review-graph">
            <svg
                viewBox=format!("0 0 {W} {H}")
                preserveAspectRatio="none"
                role="img"
                aria-label=text(move || t_string!(i18n, review.graph_label))
            >
                <rect class="review-graph__black" x="0" y="0" width=W height=H />
                <polygon class="review-graph__white" points=area />
                <line class="review-graph__mid" x1="0" y1=H / 2.0 x2=W y2=H / 2.0 />
                <polyline class="review-graph__line" points=line />
                <line
                    class="review-graph__now"
                    x1=move || ply.get() as f64 * step
                    x2=move || ply.get() as f64 * step
                    y1="0"
                    y2=H
                />
                {dots}
                {columns}
            </svg>
        </figure>
    }
}
