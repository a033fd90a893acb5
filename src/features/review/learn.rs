//! Learn from your mistakes: the board and the words of the exercise
//! (`toguz_app_core::learn`), whose requests it gives the search worker.

use leptos::prelude::*;
use toguz_coach::review::Retry;
use toguz_engine::{House, Side, Square};

use crate::i18n::*;
use crate::services::ai::Ai;
use crate::services::words;
use crate::services::words::text;
use crate::ui::{Board, Button, Highlights, Look};
use toguz_app_core::ai::Reply;
use toguz_app_core::learn::{LearnAction, Learning, Stage};
use toguz_app_core::moves;

/// The exercise (`toguz_app_core::learn::Learning`, built by the review over the game's
/// mistakes); `first`, the side that moved first in the game, to number the moves; `on_at(i)`
/// is told each mistake the board shows, so that the evaluation and the graph show its
/// position too.
#[component]
pub fn Learn(
    learning: Learning,
    ai: Ai,
    first: Side,
    flipped: RwSignal<bool>,
    on_at: Callback<usize>,
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let learning = RwSignal::new(learning);
    let current = Memo::new(move |_| learning.with(Learning::current));
    let stage = Memo::new(move |_| learning.with(Learning::stage));
    Effect::new(move |_| {
        if let Some(i) = current.get() {
            on_at.run(i);
        }
    });
    let shown = Memo::new(move |_| learning.with(Learning::board));
    let position = Signal::derive(move || {
        shown
            .get()
            .map_or_else(toguz_engine::Position::start, |s| s.0)
    });
    let highlights = Signal::derive(move || {
        let mark = shown.get().and_then(|s| s.1);
        let playable = learning
            .with(|l| l.before().filter(|_| l.trying()))
            .map(|p| Highlights::playable_in(&p))
            .unwrap_or_default();
        Highlights {
            playable,
            last_from: mark.map(|m| m.0),
            last_to: mark.map(|m| m.1),
            ..Highlights::default()
        }
    });
    let on_house = Callback::new(move |sq: Square| {
        for action in learning.try_update(|l| l.press(sq)).unwrap_or_default() {
            let LearnAction::Value {
                position,
                house,
                task,
            } = action;
            ai.request(&position, task, move |reply| {
                if let Reply::Analysis {
                    analysis,
                    done: true,
                    ..
                } = reply
                {
                    // The screen may be gone by the time the worker answers.
                    let _ = learning.try_update(|l| l.valued(house, analysis));
                }
            });
        }
    });
    let message = move || {
        let locale = i18n.get_locale();
        let Some((i, before)) = learning.with(|l| l.current().zip(l.before())) else {
            return if learning.with(Learning::is_empty) {
                t_string!(i18n, review.learn_none).to_string()
            } else {
                t_string!(i18n, review.learn_done).to_string()
            };
        };
        // A move in the notation the list and the play screen write.
        let written = |h: House| moves::notation(before, h);
        match stage.get() {
            Stage::Trying => t_string!(
                i18n,
                review.learn_prompt,
                n = moves::number(first, i).0,
                side = words::side(locale, before.turn())
            )
            .to_string(),
            Stage::Judging(_) | Stage::Judged(_, Retry::Illegal) => {
                t_string!(i18n, review.learn_judging).to_string()
            }
            Stage::Judged(h, Retry::Found { .. }) => {
                t_string!(i18n, review.learn_found, house = written(h)).to_string()
            }
            Stage::Judged(h, Retry::NotBetter { loss }) => t_string!(
                i18n,
                review.learn_not_better,
                house = written(h),
                value = super::text::korgools(locale, loss.0)
            )
            .to_string(),
            Stage::Shown => {
                let best = learning
                    .with(Learning::best)
                    .map(written)
                    .unwrap_or_default();
                t_string!(i18n, review.learn_shown, house = best).to_string()
            }
        }
    };
    view! {
        <div class="review__learn-board" data-testid="learn" data-state=move || stage.get().name() data-ply=move || current.get().map(|i| i + 1)>
            <Board position=position flipped=flipped highlights=highlights on_house=on_house />
            <p class="review__learn-msg" role="status" data-testid="learn-message">{message}</p>
            <div class="replay__nav" role="group">
                <Show when=move || learning.with(Learning::can_retry)>
                    <Button testid="learn-retry" on_click=move |_| learning.update(Learning::retry)>
                        {text(move || t_string!(i18n, review.retry))}
                    </Button>
                </Show>
                <Show when=move || learning.with(Learning::can_show)>
                    <Button testid="learn-show" on_click=move |_| learning.update(Learning::show)>
                        {text(move || t_string!(i18n, review.show))}
                    </Button>
                </Show>
                <Show when=move || current.get().is_some()>
                    <Button look=Look::Primary testid="learn-next" on_click=move |_| learning.update(Learning::next)>
                        {text(move || t_string!(i18n, review.next))}
                    </Button>
                </Show>
                <Button testid="learn-stop" on_click=move |_| on_close.run(())>
                    {text(move || t_string!(i18n, review.stop))}
                </Button>
            </div>
        </div>
    }
}
