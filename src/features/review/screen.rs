//! The review screen: the analysis run (progress, cancel), the board at any move, the
//! evaluation graph, each move's class, each side's accuracy, and for the move shown the
//! better move, its line (animated on request) and why.

use std::time::Duration;

use leptos::prelude::*;
use toguz_coach::review::{GameReview, MoveClass};
use toguz_engine::{BySide, House, Position, Side};
use toguz_store::GameEntry;

use super::graph::Graph;
use super::learn::Learn;
use super::text;
use crate::i18n::*;
use crate::platform::time::now;
use crate::services::ai::{use_ai, Ai};
use crate::services::review_run::{ReviewRunner, RunHolder};
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words;
use crate::services::words::text;
use crate::ui::{Board, Button, EvalBar, Highlights, Look, NotFound, PlayFromHere, RatingEstimate};
use toguz_app_core::anim;
use toguz_app_core::announce::MoveSummary;
use toguz_app_core::estimate::EstimateState;
use toguz_app_core::game::{notation, Mode};
use toguz_app_core::learn::Learning;
use toguz_app_core::moves;
use toguz_app_core::replay::{mover, ply_for_key, ply_in_hash, ReviewFrom};
use toguz_app_core::review::{
    better_steps, cost, learners, partial_review, Cost, Line, ReviewRun, Run, Viewing, REVIEW_DEPTH,
};

/// The review screen of saved game `id`.
#[component]
pub fn ReviewScreen(
    /// The game's id in the library.
    #[prop(into)]
    id: Signal<String>,
) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let entry = Memo::new(move |_| saves.game(&id.get()).ok().flatten());
    view! {
        <main class="screen review" data-testid="review-screen">
            {move || match entry.get() {
                Some(e) => view! { <Review entry=e /> }.into_any(),
                None => view! { <NotFound testid="review-missing" /> }.into_any(),
            }}
        </main>
    }
}

/// Where the review screen holds its run: the run and its game's id.
#[derive(Clone, Copy)]
struct Held {
    state: RwSignal<ReviewRun>,
    id: StoredValue<String>,
}

impl RunHolder for Held {
    fn with_run<R>(self, f: impl FnOnce(&mut ReviewRun) -> R) -> Option<R> {
        self.state.try_update(f)
    }

    fn game_id(self) -> Option<String> {
        self.id.try_get_value()
    }
}

/// The game under review and its analysis run (`toguz_app_core::review::ReviewRun`, carried
/// out by `services::review_run`): `Copy`, for the event handlers.
#[derive(Clone, Copy)]
struct Job {
    ai: Ai,
    id: StoredValue<String>,
    start: Position,
    positions: StoredValue<Vec<Position>>,
    moves: StoredValue<Vec<House>>,
    /// Each move, for its marks on the board.
    played: StoredValue<Vec<MoveSummary>>,
    /// Each move in the notation of the rules.
    labels: StoredValue<Vec<String>>,
    state: RwSignal<ReviewRun>,
    /// Where the run is: changes only when the run does, not with each analysis.
    run: Memo<Run>,
    review: Memo<Option<GameReview>>,
    runner: ReviewRunner<Held>,
}

impl Job {
    /// The review of `entry`: the saved one when it is current, else an analysis started now.
    fn open(entry: &GameEntry) -> Job {
        let saves = expect_context::<Saves>();
        let game = &entry.game;
        let total = game.ply();
        let start = game.start();
        let played = &game.moves()[..total];
        let positions = game.positions()[..=total].to_vec();
        let moves: Vec<House> = played.iter().map(|m| m.house).collect();
        let state = RwSignal::new(ReviewRun::new(
            positions.clone(),
            moves.clone(),
            saves.review(&entry.id),
        ));
        let moves = StoredValue::new(moves);
        let review = Memo::new(move |_| {
            // `try_`: an effect of the screen may read this as the screen goes, once the moves
            // are gone.
            state.with(|r| {
                moves
                    .try_with_value(|m| partial_review(&start, m, r.analyses()).ok())
                    .flatten()
            })
        });
        let ai = use_ai();
        let id = StoredValue::new(entry.id.clone());
        let job = Job {
            ai,
            id,
            start,
            positions: StoredValue::new(positions),
            moves,
            played: StoredValue::new(played.iter().map(|m| MoveSummary::of(&m.outcome)).collect()),
            labels: StoredValue::new(played.iter().map(|m| notation(&m.outcome)).collect()),
            state,
            run: Memo::new(move |_| state.with(|r| r.run().clone())),
            review,
            runner: ReviewRunner::new(ai, saves, Held { state, id }),
        };
        job.runner.command(|r| r.open(now()));
        job
    }

    fn total(self) -> usize {
        self.moves.with_value(Vec::len)
    }

    /// The positions analysed so far (tracked).
    fn done(self) -> usize {
        self.state.with(|r| r.analyses().len())
    }

    /// How long the last run took, in milliseconds (tracked).
    fn elapsed_ms(self) -> Option<f64> {
        self.state.with(ReviewRun::elapsed_ms)
    }

    /// Starts (or goes on with) the analysis.
    fn resume(self) {
        self.runner.command(|r| r.resume(now()));
    }

    /// Stops the analysis (what is analysed stays shown).
    fn cancel(self) {
        self.runner.command(ReviewRun::cancel);
    }
}

/// What the review shows: the game's position or the engine's better line
/// (`toguz_app_core::review::Viewing`), the learning mode and the board's orientation. `Copy`, for the
/// event handlers.
#[derive(Clone, Copy)]
struct Shown {
    total: usize,
    view: RwSignal<Viewing>,
    /// The game's position shown (tracked).
    ply: Memo<usize>,
    learning: RwSignal<bool>,
    flipped: RwSignal<bool>,
}

impl Shown {
    fn new(total: usize, at: usize, flipped: bool) -> Shown {
        let view = RwSignal::new(Viewing::new(total, at));
        Shown {
            total,
            view,
            ply: Memo::new(move |_| view.with(|v| v.ply())),
            learning: RwSignal::new(false),
            flipped: RwSignal::new(flipped),
        }
    }

    /// Shows the position after ply `p` (at most the last), leaving the better line.
    fn go(self, p: usize) {
        self.view.update(|v| v.go(p));
    }

    /// Plays out the better move than move `i` and its line, a ply at a time.
    fn show_better(self, job: Job, i: usize) {
        let len = job.review.with_untracked(|r| {
            r.as_ref()
                .and_then(|r| r.moves.get(i))
                .map_or(0, |m| m.best.pv.len())
        });
        let view = self.view;
        view.update(|v| v.show_better(i));
        for (k, ms) in better_steps(len) {
            set_timeout(
                move || {
                    // The review may have been left while the line grows.
                    view.try_update(|v| v.grow(i, k));
                },
                Duration::from_millis(ms),
            );
        }
    }

    /// The better line on the board, when one is shown.
    fn line(self, job: Job) -> Option<Line> {
        let (i, n) = self.view.with(|v| v.line())?;
        let best = job.review.with(|r| {
            r.as_ref()
                .and_then(|r| r.moves.get(i).map(|m| m.best.pv.clone()))
        })?;
        Some(Line::play_out(job.positions.with_value(|p| p[i]), &best, n))
    }
}

/// The review of one game: the header, the progress, the board and the panel beside it.
#[component]
fn Review(entry: GameEntry) -> impl IntoView {
    let i18n = use_i18n();
    let job = Job::open(&entry);
    let total = job.total();
    // `ply=N` in the address (the analysis board's way back) opens at that move; `from=` says
    // where the way back leads.
    let hash = crate::platform::dom::location_hash();
    let at = ply_in_hash(&hash, total).unwrap_or(0);
    let from = ReviewFrom::of_hash(&hash);
    let shown = Shown::new(total, at, entry.flipped);
    let learners = learners(entry.mode);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if shown.learning.get_untracked() {
            return;
        }
        if let Some(p) = ply_for_key(&ev.key(), shown.ply.get_untracked(), total) {
            shown.go(p);
        }
    });
    on_cleanup(move || keys.remove());
    let (white, black) = text::names(i18n, &entry);
    // How the game ended, and why when that is known.
    let ended = entry.game.result().map(|end| (end, entry.end_reason()));
    let id = entry.id.clone();
    let back = match from {
        ReviewFrom::Library => Route::Library,
        ReviewFrom::Game => Route::Play,
        ReviewFrom::Replay => Route::Replay(id),
    };
    view! {
        <header class="replay__header">
            <a class="btn btn--quiet" href=back.to_hash() data-testid="review-back" data-from=from.param()>
                {text(move || match from {
                    ReviewFrom::Library => t_string!(i18n, library.back_to_library),
                    ReviewFrom::Game => t_string!(i18n, review.back_to_game),
                    ReviewFrom::Replay => t_string!(i18n, review.back_to_replay),
                })}
            </a>
            <h1 class="replay__title">
                {text(move || t_string!(i18n, review.title))} ": " <span>{white}</span> " – " <span>{black}</span>
            </h1>
            // How the game ended, in the header: a cell of the screen's grid on a wide screen.
            {ended
                .map(|(end, reason)| {
                    view! {
                        <p class="replay__status" data-testid="review-result">
                            {move || crate::services::words::ended(i18n.get_locale(), &end, reason)}
                        </p>
                    }
                })}
        </header>
        <Progress job=job />
        <div class="review__layout">
            <ReviewBoard job=job shown=shown learners=learners from=from />
            <ReviewPanel job=job shown=shown mode=entry.mode result=entry.game.result().map(|e| e.result) />
        </div>
    }
}

/// The board with its evaluation bar and the buttons under it; the mistakes to learn from in
/// its place while learning.
#[component]
fn ReviewBoard(
    job: Job,
    shown: Shown,
    /// Whose mistakes to learn from.
    learners: BySide<bool>,
    from: ReviewFrom,
) -> impl IntoView {
    let Shown {
        ply,
        learning,
        flipped,
        ..
    } = shown;
    let position = Signal::derive(move || match shown.line(job) {
        Some(line) => line.last_position(),
        None => job.positions.with_value(|p| p[ply.get()]),
    });
    let highlights = Signal::derive(move || {
        let last = match shown.line(job) {
            Some(line) => line.moves.last().copied(),
            None => {
                let i = ply.get();
                (i > 0).then(|| job.played.with_value(|m| m[i - 1]))
            }
        };
        Highlights {
            last_from: last.map(|m| m.from_square()),
            last_to: last.map(|m| m.last),
            ..Highlights::default()
        }
    });
    let frame = Signal::derive(move || position.with(anim::collection));
    let eval_now = Memo::new(move |_| {
        let v = shown.view.get();
        job.review.with(|r| r.as_ref().and_then(|r| v.eval(r)))
    });
    // The learner's mistake on the board: the evaluation and the graph follow it.
    let learn_at = Callback::new(move |i: usize| shown.view.update(|v| v.learn_at(i)));
    view! {
        <div
            class="review__board"
            class:review__board--line=move || shown.view.with(|v| v.in_line())
            data-line=move || shown.view.with(|v| v.in_line()).to_string()
        >
            <EvalBar eval=eval_now />
            <Show
                when=move || learning.get()
                fallback=move || {
                    view! { <Board position=position flipped=flipped highlights=highlights frame=frame /> }
                }
            >
                {move || {
                    let exercise = job.review.with_untracked(|r| {
                        let r = r.as_ref()?;
                        Some(job.positions.with_value(|p| Learning::new(r, p, learners)))
                    })?;
                    let on_close = Callback::new(move |()| learning.set(false));
                    Some(view! {
                        <Learn
                            learning=exercise
                            ai=job.ai
                            first=job.start.turn()
                            flipped=flipped
                            on_at=learn_at
                            on_close=on_close
                        />
                    })
                }}
            </Show>
            <Show when=move || !learning.get()>
                <ReviewNav job=job shown=shown position=position from=from />
            </Show>
        </div>
    }
}

/// Previous, the counter, next, flip, and the analysis board on the position shown.
#[component]
fn ReviewNav(
    job: Job,
    shown: Shown,
    position: Signal<Position>,
    from: ReviewFrom,
) -> impl IntoView {
    let routes = Routes::get();
    let i18n = use_i18n();
    let Shown { total, ply, .. } = shown;
    let analyse = move |_| {
        let pos = position.get_untracked();
        // Back to this review at this move, as from a replay, with its own way back.
        routes.go(Route::Analysis {
            position: pos.to_string(),
            back: from.review_hash(
                &Route::Review(job.id.get_value()).to_hash(),
                Some(ply.get_untracked()),
            ),
        });
    };
    let in_line = move || shown.view.with(|v| v.in_line());
    view! {
        // The engine's line is not the game: said over the board, with the one way back.
        <Show when=in_line>
            <p class="review__off-game" data-testid="review-line-mark" role="status">
                <span>{text(move || t_string!(i18n, review.engine_line))}</span>
                <Button
                    look=Look::Primary
                    testid="review-back-to-game"
                    on_click=move |_| shown.view.update(|v| v.back_to_game())
                >
                    {text(move || t_string!(i18n, review.back_to_game))}
                </Button>
            </p>
        </Show>
        <div class="replay__nav" role="group">
            <Button
                testid="review-prev"
                aria_label=text(move || t_string!(i18n, library.prev))
                disabled=move || ply.get() == 0
                on_click=move |_| shown.go(ply.get_untracked().saturating_sub(1))
            >
                "◀"
            </Button>
            <span class="replay__counter" data-testid="review-counter">
                {move || {
                    let p = ply.get();
                    // In moves as the list numbers them, as the replay counts.
                    let (n, all) = moves::counter(job.start.turn(), p, total);
                    if p == 0 { t_string!(i18n, review.start).to_string() } else { t_string!(i18n, library.move_of, ply = n, total = all).to_string() }
                }}
            </span>
            <Button
                testid="review-next"
                aria_label=text(move || t_string!(i18n, library.next))
                disabled=move || ply.get() == total
                on_click=move |_| shown.go(ply.get_untracked() + 1)
            >
                "▶"
            </Button>
            <Button
                testid="review-flip"
                aria_label=text(move || t_string!(i18n, library.flip))
                on_click=move |_| shown.flipped.update(|f| *f = !*f)
            >
                "⇅"
            </Button>
            <Button testid="btn-analyse" on_click=analyse>
                {text(move || t_string!(i18n, review.analyse))}
            </Button>
        </div>
        <PlayFromHere position=Signal::derive(move || Some(position.get())) />
    }
}

/// Beside the board: the accuracy, the graph, the move shown, "learn from your mistakes" and
/// the move list.
#[component]
fn ReviewPanel(
    job: Job,
    shown: Shown,
    mode: Mode,
    result: Option<toguz_engine::GameResult>,
) -> impl IntoView {
    let i18n = use_i18n();
    // The rating each person's play showed, once the review is whole: the same sums as the
    // end dialog's, on the same analyses (the end dialog saved them). Not while the player has
    // stopped the run: "estimating" would promise what only Continue brings.
    let people = mode.is_human(Side::White) || mode.is_human(Side::Black);
    let estimated = Signal::derive(move || {
        let (stopped, failed) = job
            .run
            .with(|r| (*r == Run::Cancelled, matches!(r, Run::Failed(_))));
        (people && !stopped).then(|| {
            EstimateState::of_run(
                job.review.get().as_ref(),
                job.done(),
                job.total(),
                failed,
                mode,
                result,
            )
        })
    });
    let Shown {
        total,
        ply,
        view: viewing,
        learning,
        ..
    } = shown;
    let go = Callback::new(move |p| shown.go(p));
    let cursor = Signal::derive(move || viewing.with(|v| v.cursor()));
    // The move list (a button per move) is built in a task of its own, after the screen's
    // first render: each stays well under 50 ms on a long game.
    let listed = RwSignal::new(false);
    set_timeout(
        move || {
            let _ = listed.try_set(true);
        },
        Duration::ZERO,
    );
    let learn = move |_| {
        viewing.update(|v| v.back_to_game());
        learning.set(true);
    };
    view! {
        <div class="review__panel">
            <Accuracy review=job.review />
            <RatingEstimate state=estimated mode=Signal::stored(mode) />
            <Graph review=job.review total=total ply=cursor on_pick=go />
            <Show when=move || !learning.get()>
                <MovePanel
                    job=job
                    ply=ply
                    viewing=viewing
                    on_show=Callback::new(move |i| shown.show_better(job, i))
                />
                <Button
                    class="review__learn"
                    look=Look::Primary
                    testid="btn-learn"
                    disabled=move || job.run.get() != Run::Done || total == 0
                    on_click=learn
                >
                    {text(move || t_string!(i18n, review.learn))}
                </Button>
                <Show when=move || listed.get()>
                    <MoveList job=job ply=ply on_pick=go />
                </Show>
                <super::book::ReviewBook id=job.id positions=job.positions moves=job.moves ply=ply on_pick=go />
            </Show>
        </div>
    }
}

/// The progress bar, with Cancel and Continue.
#[component]
fn Progress(job: Job) -> impl IntoView {
    let i18n = use_i18n();
    let total = job.total();
    let done = move || job.done();
    let finished = move || job.run.get() == Run::Done;
    view! {
        <div
            class="review__progress"
            data-testid="review-progress"
            data-done=move || finished().to_string()
            data-ms=move || job.elapsed_ms().map(|ms| format!("{ms:.0}")).unwrap_or_default()
        >
            <progress max=total.max(1) value=done aria-label=text(move || t_string!(i18n, review.title))></progress>
            <span class="review__progress-text" role="status">
                {move || {
                    // In moves as the counter and the list number them.
                    let (done, count) = moves::counter(job.start.turn(), done(), total);
                    match job.run.get() {
                    _ if total == 0 => t_string!(i18n, review.no_moves).to_string(),
                    Run::Running => t_string!(i18n, review.progress, done = done, count = count).to_string(),
                    Run::Done => t_string!(i18n, review.progress_done, count = count, depth = REVIEW_DEPTH).to_string(),
                    Run::Cancelled => t_string!(i18n, review.cancelled, done = done, count = count).to_string(),
                    Run::Failed(why) => t_string!(i18n, review.failed, why = why).to_string(),
                }}}
            </span>
            {move || match job.run.get() {
                Run::Running => view! {
                    <Button testid="review-cancel" on_click=move |_| job.cancel()>
                        {text(move || t_string!(i18n, review.cancel))}
                    </Button>
                }.into_any(),
                Run::Cancelled | Run::Failed(_) => view! {
                    <Button testid="review-resume" on_click=move |_| job.resume()>
                        {text(move || t_string!(i18n, review.resume))}
                    </Button>
                }.into_any(),
                Run::Done => ().into_any(),
            }}
        </div>
    }
}

/// Each side's accuracy.
#[component]
fn Accuracy(review: Memo<Option<GameReview>>) -> impl IntoView {
    let i18n = use_i18n();
    let side = move |side: Side, testid: &'static str| {
        let value = move || {
            review.with(|r| {
                r.as_ref()
                    .and_then(|r| r.accuracy[side])
                    .map(|a| words::decimal_number(i18n.get_locale(), (a * 100.0).round() as i32))
                    .unwrap_or_else(|| "–".into())
            })
        };
        view! {
            <div class="review__accuracy-side">
                <span class="review__accuracy-name">{move || words::side(i18n.get_locale(), side)}</span>
                <strong data-testid=testid>{value}</strong>
            </div>
        }
    };
    view! {
        <section class="review__accuracy" aria-label=text(move || t_string!(i18n, review.accuracy))>
            <h2 class="review__h">{text(move || t_string!(i18n, review.accuracy))}</h2>
            {side(Side::White, "review-accuracy-w")}
            {side(Side::Black, "review-accuracy-b")}
        </section>
    }
}

/// The move shown: its class, what it lost, why, and the better move with its line.
#[component]
fn MovePanel(
    job: Job,
    ply: Memo<usize>,
    viewing: RwSignal<Viewing>,
    on_show: Callback<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    let current = Memo::new(move |_| {
        let p = ply.get();
        if p == 0 {
            return None;
        }
        job.review
            .with(|r| r.as_ref().and_then(|r| r.moves.get(p - 1).cloned()))
    });
    // At the start, what the first evaluation means: White's edge of moving first.
    let start_edge = move || {
        if ply.get() != 0 {
            return None;
        }
        let first = job
            .review
            .with(|r| r.as_ref().and_then(|r| r.evals.first().copied()))?;
        let value = text::eval(i18n.get_locale(), first);
        Some(view! {
            <p class="review__why" data-testid="review-start-edge">
                {t_string!(i18n, review.start_edge, value = value).to_string()}
            </p>
        })
    };
    view! {
        <section class="review__move" data-testid="review-move-panel" aria-live="polite">
            {start_edge}
            {move || current.get().map(|m| {
                let locale = i18n.get_locale();
                let class = m.class;
                let n = moves::number(job.start.turn(), m.ply).0;
                let mv = job.labels.with_value(|l| l[m.ply].clone());
                let head = t_string!(i18n, review.move_label, n = n, side = words::side(locale, m.side), house = mv).to_string();
                let is_best = class == MoveClass::Best;
                // Korgools lost, but never where a forced win was let go: the win is what was lost.
                let lost = match cost(&m) {
                    Cost::Korgools(h) => Some(t_string!(i18n, review.lost, value = text::korgools(locale, h)).to_string()),
                    Cost::MissedWin { .. } | Cost::Nothing => None,
                };
                let why = text::reasons(i18n, &m.reasons);
                let i = m.ply;
                let showing = move || viewing.with(|v| v.line().map(|l| l.0)) == Some(i);
                view! {
                    <p class="review__move-head">
                        <span>{head}</span>
                        " "
                        <span class=format!("review__class review__class--{}", class.name())>{text::class_name(i18n, class)}</span>
                    </p>
                    {lost.map(|l| view! { <p class="review__lost">{l}</p> })}
                    {(!why.is_empty()).then(|| view! { <p class="review__why" data-testid="review-reason">{why}</p> })}
                    {if is_best {
                        view! { <p class="review__best-played">{text(move || t_string!(i18n, review.best_played))}</p> }.into_any()
                    } else {
                        let line = job.positions.with_value(|p| moves::line(p[i], &m.best.pv, job.start.turn(), i));
                        view! {
                            <p class="review__better">
                                <strong data-testid="review-best-move" data-house=m.best.mv.get()>
                                    {t_string!(i18n, review.better, house = job.positions.with_value(|p| moves::notation(p[i], m.best.mv))).to_string()}
                                </strong>
                                " (" {text::eval_words(i18n, m.best.score, m.side)} ")"
                            </p>
                            <p class="review__line">{t_string!(i18n, review.line, line = line).to_string()}</p>
                            <Button
                                testid="btn-show-better"
                                pressed=Signal::derive(showing)
                                on_click=move |_| {
                                    if showing() {
                                        viewing.update(|v| v.back_to_game())
                                    } else {
                                        on_show.run(i)
                                    }
                                }
                            >
                                {text(move || t_string!(i18n, review.show_better))}
                            </Button>
                        }.into_any()
                    }}
                }
            })}
        </section>
    }
}

/// Every move with its class mark, in pairs; a click shows it.
#[component]
fn MoveList(job: Job, ply: Memo<usize>, on_pick: Callback<usize>) -> impl IntoView {
    let i18n = use_i18n();
    let total = job.total();
    let first = job.start.turn();
    let items = move || {
        let review = job.review.get();
        (0..total)
            .map(|i| {
                let m = review.as_ref().and_then(|r| r.moves.get(i));
                let class = m.map(|m| m.class);
                let mv = job.labels.with_value(|l| l[i].clone());
                let side = mover(first, i);
                // Numbered as the record numbers it: "65." before White, "1..." before a first
                // move of Black's.
                let (n, _) = moves::number(first, i);
                let number = moves::number_label(first, i);
                let label = {
                    let locale = i18n.get_locale();
                    let mut l = t_string!(i18n, review.move_label, n = n, side = words::side(locale, side), house = mv.clone()).to_string();
                    if let Some(c) = class {
                        l.push_str(", ");
                        l.push_str(&text::class_name(i18n, c));
                    }
                    l
                };
                view! {
                    {(side == Side::White || i == 0).then(|| view! { <span class="review__num">{number}</span> })}
                    <button
                        type="button"
                        class=move || format!(
                            "review__ply review__ply--{}{}",
                            class.map_or("pending", MoveClass::name),
                            if ply.get() == i + 1 { " review__ply--current" } else { "" },
                        )
                        data-testid=format!("review-move-{}", i + 1)
                        data-class=class.map(MoveClass::name)
                        aria-label=label
                        aria-current=move || (ply.get() == i + 1).then_some("true")
                        on:click=move |_| on_pick.run(i + 1)
                    >
                        {mv}
                        <span class="review__mark">{class.map(text::class_mark)}</span>
                    </button>
                }
            })
            .collect_view()
    };
    // The list follows the move shown inside its own box, never scrolling the page.
    // `try_`: the effect may run once more as the screen goes, after its values.
    Effect::new(move |_| {
        if ply.try_get().is_none() || job.review.try_with(|_| ()).is_none() {
            return;
        }
        crate::platform::dom::keep_in_box(
            r#"[data-testid="review-moves"]"#,
            ".review__ply--current",
        );
    });
    view! { <div class="review__moves" data-testid="review-moves">{items}</div> }
}
