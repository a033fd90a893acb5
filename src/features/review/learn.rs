//! Learn from your mistakes: at each of the player's mistakes and blunders the board shows the
//! position before it; the player tries a move, the worker values it to the review's depth and
//! `toguz_coach::review::judge_try` judges it against the engine's move; retry, show, next.

use leptos::prelude::*;
use toguz_coach::review::{judge_try, Retry};
use toguz_engine::{House, Position, Square};

use super::screen::Job;
use crate::i18n::*;
use crate::services::words;
use crate::services::words::text;
use crate::ui::{Board, Button, Highlights, Look};
use toguz_app_core::ai::Reply;
use toguz_app_core::moves;
use toguz_app_core::review::board_task;

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Trying,
    Judging(House),
    Judged(House, Retry),
    Shown,
}

/// The exercise over the moves `list` (indexes into the game's moves); `on_at(i)` is told
/// each mistake the board shows, so that the evaluation and the graph show its position too.
#[component]
pub fn Learn(
    job: Job,
    list: Memo<Vec<usize>>,
    flipped: RwSignal<bool>,
    on_at: Callback<usize>,
    on_close: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let k = RwSignal::new(0usize);
    let state = RwSignal::new(State::Trying);
    let current = move || list.with(|l| l.get(k.get()).copied());
    let before = move || current().map(|i| job.positions.with_value(|p| p[i]));
    Effect::new(move |_| {
        if let Some(i) = current() {
            on_at.run(i);
        }
    });
    let after = move |h: House| -> Option<(Position, (Square, Square))> {
        let mut pos = before()?;
        let o = pos.try_play(h).ok()?;
        Some((pos, (Square::new(o.side, o.from), o.last)))
    };
    let shown = Memo::new(move |_| -> Option<(Position, Option<(Square, Square)>)> {
        let pos = before()?;
        let house = match state.get() {
            State::Trying => None,
            State::Judging(h) | State::Judged(h, _) => Some(h),
            State::Shown => {
                let i = current()?;
                job.review.with(|r| r.as_ref().map(|r| r.moves[i].best.mv))
            }
        };
        Some(match house.and_then(after) {
            Some((p, mark)) => (p, Some(mark)),
            None => (pos, None),
        })
    });
    let position = Signal::derive(move || shown.get().map_or_else(Position::start, |s| s.0));
    let highlights = Signal::derive(move || {
        let mark = shown.get().and_then(|s| s.1);
        let trying = state.get() == State::Trying;
        Highlights {
            playable: if trying {
                before()
                    .map(|p| Highlights::playable_in(&p))
                    .unwrap_or_default()
            } else {
                Default::default()
            },
            last_from: mark.map(|m| m.0),
            last_to: mark.map(|m| m.1),
            ..Highlights::default()
        }
    });
    let on_house = Callback::new(move |sq: Square| {
        let (Some(pos), Some(i)) = (before(), current()) else {
            return;
        };
        if state.get_untracked() != State::Trying || sq.side() != pos.turn() {
            return;
        }
        let house = sq.house();
        if pos.check(house).is_err() {
            return;
        }
        let Some(m) = job
            .review
            .with_untracked(|r| r.as_ref().map(|r| r.moves[i].clone()))
        else {
            return;
        };
        state.set(State::Judging(house));
        job.ai.request(&pos, board_task(Some(house)), move |reply| {
            if let Reply::Analysis {
                analysis,
                done: true,
                ..
            } = reply
            {
                if state.get_untracked() != State::Judging(house) {
                    return;
                }
                let verdict = match analysis.line_of(house) {
                    Some(line) => judge_try(&m, house, line.score),
                    None => Retry::Illegal,
                };
                state.set(State::Judged(house, verdict));
            }
        });
    });
    let message = move || {
        let locale = i18n.get_locale();
        let Some(i) = current() else {
            return if list.with(Vec::is_empty) {
                t_string!(i18n, review.learn_none).to_string()
            } else {
                t_string!(i18n, review.learn_done).to_string()
            };
        };
        let side = job.positions.with_value(|p| p[i].turn());
        // A move in the notation the list and the play screen write.
        let written = |h: House| job.positions.with_value(|p| moves::notation(p[i], h));
        match state.get() {
            State::Trying => t_string!(
                i18n,
                review.learn_prompt,
                n = moves::number(job.start.turn(), i).0,
                side = words::side(locale, side)
            )
            .to_string(),
            State::Judging(_) => t_string!(i18n, review.learn_judging).to_string(),
            State::Judged(h, Retry::Found { .. }) => {
                t_string!(i18n, review.learn_found, house = written(h)).to_string()
            }
            State::Judged(h, Retry::NotBetter { loss }) => t_string!(
                i18n,
                review.learn_not_better,
                house = written(h),
                value = super::text::korgools(locale, loss.0)
            )
            .to_string(),
            State::Judged(_, Retry::Illegal) => t_string!(i18n, review.learn_judging).to_string(),
            State::Shown => {
                let best = job.review.with(|r| r.as_ref().map(|r| r.moves[i].best.mv));
                let best = best.map(written).unwrap_or_default();
                t_string!(i18n, review.learn_shown, house = best).to_string()
            }
        }
    };
    let verdict = move || match state.get() {
        State::Judged(_, Retry::Found { .. }) => "found",
        State::Judged(_, Retry::NotBetter { .. }) => "not-better",
        State::Judged(_, Retry::Illegal) => "illegal",
        State::Judging(_) => "judging",
        State::Shown => "shown",
        State::Trying => "trying",
    };
    let next = move |_| {
        k.update(|k| *k += 1);
        state.set(State::Trying);
    };
    view! {
        <div class="review__learn-board" data-testid="learn" data-state=verdict data-ply=move || current().map(|i| i + 1)>
            <Board position=position flipped=flipped highlights=highlights on_house=on_house />
            <p class="review__learn-msg" role="status" data-testid="learn-message">{message}</p>
            <div class="replay__nav" role="group">
                <Show when=move || matches!(state.get(), State::Judged(..) | State::Shown) && current().is_some()>
                    <Button testid="learn-retry" on_click=move |_| state.set(State::Trying)>
                        {text(move || t_string!(i18n, review.retry))}
                    </Button>
                </Show>
                <Show when=move || current().is_some() && state.get() != State::Shown>
                    <Button testid="learn-show" on_click=move |_| state.set(State::Shown)>
                        {text(move || t_string!(i18n, review.show))}
                    </Button>
                </Show>
                <Show when=move || current().is_some()>
                    <Button look=Look::Primary testid="learn-next" on_click=next>
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
