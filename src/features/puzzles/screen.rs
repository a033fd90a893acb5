//! The trainer's screen (`#/puzzles`, `#/puzzles/<id>`): the puzzle on the shared board, the
//! player's side at the bottom; each move judged by the puzzle (`Puzzle::judge`), sown on the
//! board from the engine's outcome, then the opponent's reply: the puzzle's own in a longer
//! puzzle, the search worker's best after a wrong move. Hint, retry, the solution, next; the
//! rating, the streak, the theme filter and the history.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use toguz_coach::puzzle::{parse_puzzles, Puzzle, Theme};
use toguz_coach::rating::Attempt;
use toguz_engine::{House, MoveOutcome, Position, Side, Square};

use super::progress;
use crate::core::ai::{Reply, Task};
use crate::core::anim::{self, Frame};
use crate::core::puzzle::{Progress, Status, Trial, Try, Verdict};
use crate::i18n::*;
use crate::services::ai::use_ai;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::settings::SettingsContext;
use crate::services::words::{self, text};
use crate::ui::{Board, Button, Highlights, Look, ToggleChip};

/// The puzzle file, next to `index.html` (fetched when the screen first opens, precached by
/// the service worker for offline use).
const FILE: &str = "puzzles.tsv";
/// The search for the opponent's best reply to a wrong move: the depth, and a node cap.
const REPLY_DEPTH: u32 = 10;
const REPLY_NODES: u64 = 2_000_000;
/// Frames held between two moves of a line, so that each can be seen.
const PAUSE_FRAMES: usize = 3;
/// History rows shown.
const HISTORY_SHOWN: usize = 30;

/// The puzzle set, once read (kept for the page's life: leaving and coming back does not
/// fetch it again).
#[derive(Clone)]
enum Loaded {
    Loading,
    Ready(Arc<Vec<Puzzle>>),
    Failed(String),
}

thread_local! {
    static CACHE: std::cell::RefCell<Option<Arc<Vec<Puzzle>>>> = const { std::cell::RefCell::new(None) };
}

/// What the board says after a wrong move about the opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// The worker is searching.
    Thinking,
    /// The opponent's best reply and what it did.
    Played(MoveSummaryLite),
    /// No reply: the game is over, or the search failed.
    None,
}

/// What the text says of a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveSummaryLite {
    house: u8,
    capture: u8,
    tuz: bool,
}

impl MoveSummaryLite {
    fn of(o: &MoveOutcome) -> MoveSummaryLite {
        MoveSummaryLite {
            house: o.from.get(),
            capture: o.capture.map_or(0, |c| c.count),
            tuz: o.capture.is_some_and(|c| c.tuz),
        }
    }
}

/// A reactive flag as one type for every attribute (`disabled`, `hidden`, `class:`): each
/// closure type would get its own rendering code.
fn flag(f: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Signal::derive(f)
}

/// The puzzle trainer.
#[component]
pub fn PuzzlesScreen(
    /// The puzzle to open (from `#/puzzles/<id>`); otherwise one near the player's rating.
    id: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let routes = Routes::get();
    let settings = SettingsContext::get();
    let ai = use_ai();
    let set = RwSignal::new(match CACHE.with(|c| c.borrow().clone()) {
        Some(s) => Loaded::Ready(s),
        None => Loaded::Loading,
    });
    let progress = RwSignal::new(progress::load());
    if let Some(saves) = use_context::<Saves>() {
        saves.report_notices();
    }
    Effect::new(move |first: Option<()>| {
        progress.with(|p| {
            if first.is_some() {
                progress::save(p);
            }
        });
    });

    let trial: RwSignal<Option<Trial>> = RwSignal::new(None);
    let position = RwSignal::new(Position::start());
    let frames: RwSignal<Vec<Frame>> = RwSignal::new(Vec::new());
    let index = RwSignal::new(0usize);
    let last: RwSignal<Option<(Square, Square)>> = RwSignal::new(None);
    let answer = RwSignal::new(None::<Answer>);
    let replied = RwSignal::new(None::<MoveSummaryLite>);
    let last_try: RwSignal<Option<Try>> = RwSignal::new(None);
    let missing = RwSignal::new(None::<String>);
    let none_left = RwSignal::new(false);
    let source_state = RwSignal::new(SourceState::Idle);
    // Bumped whenever the board starts over: a search answer for an older state is dropped.
    let generation = StoredValue::new(0u32);

    let puzzles = move || match set.get() {
        Loaded::Ready(s) => Some(s),
        _ => None,
    };
    let current = Memo::new(move |_| {
        let t = trial.get()?;
        let s = puzzles()?;
        s.get(t.index).cloned()
    });
    let animating = Memo::new(move |_| index.get() + 1 < frames.with(Vec::len));

    let frame_ms = settings.with_untracked(|s| s.speed.frame_ms());
    let instant = frame_ms == 0 || crate::platform::media::prefers_reduced_motion();

    // Plays `moves` on the board, one after another, from the engine's outcomes.
    let animate = move |moves: &[(Position, MoveOutcome)], append: bool| {
        let Some((before, outcome)) = moves.last() else {
            return;
        };
        let mut after = *before;
        after.play_unchecked(outcome.from);
        position.set(after);
        last.set(Some((
            Square::new(outcome.side, outcome.from),
            outcome.last,
        )));
        if instant {
            frames.set(Vec::new());
            index.set(0);
            return;
        }
        let was_running = animating.get_untracked();
        frames.update(|f| {
            if !(append && was_running) {
                f.clear();
            }
            for (before, outcome) in moves {
                if let Some(&hold) = f.last() {
                    f.extend(std::iter::repeat_n(hold, PAUSE_FRAMES));
                }
                f.extend(anim::frames(before, outcome));
            }
        });
        if !(append && was_running) {
            index.set(0);
        }
    };

    let start = move |i: usize| {
        let Some(s) = puzzles() else { return };
        let Some(p) = s.get(i) else { return };
        generation.update_value(|g| *g += 1);
        ai.cancel();
        let t = Trial::new(i);
        position.set(t.position(p));
        frames.set(Vec::new());
        index.set(0);
        last.set(None);
        answer.set(None);
        replied.set(None);
        none_left.set(false);
        source_state.set(SourceState::Idle);
        trial.set(Some(t));
        routes.replace(&Route::Puzzles(Some(p.id.clone())));
    };
    let next = move || {
        let Some(s) = puzzles() else { return };
        let current = trial.get_untracked().map(|t| t.index);
        let salt = crate::platform::time::random_seed();
        match progress.with_untracked(|p| p.pick(&s, current, salt)) {
            Some(i) => {
                missing.set(None);
                start(i);
            }
            None => none_left.set(true),
        }
    };
    let open = move |id: &str| {
        let Some(s) = puzzles() else { return };
        match s.iter().position(|p| p.id == id) {
            Some(i) => {
                missing.set(None);
                start(i);
            }
            None => {
                missing.set(Some(id.to_string()));
                next();
            }
        }
    };

    // The set: fetched once, then the puzzle of the route or one near the rating.
    let wanted = StoredValue::new(id);
    let begin = move || match wanted.get_value() {
        Some(id) => open(&id),
        None => next(),
    };
    let load = move || {
        set.set(Loaded::Loading);
        leptos::task::spawn_local(async move {
            let read = crate::platform::fetch::text(FILE)
                .await
                .and_then(|text| parse_puzzles(&text).map_err(|e| e.to_string()));
            let loaded = match read {
                Ok(list) if !list.is_empty() => {
                    let list = Arc::new(list);
                    CACHE.with(|c| *c.borrow_mut() = Some(list.clone()));
                    Loaded::Ready(list)
                }
                Ok(_) => Loaded::Failed("empty".into()),
                Err(e) => Loaded::Failed(e),
            };
            let ready = matches!(loaded, Loaded::Ready(_));
            if set.try_set(loaded).is_none() && ready {
                begin();
            }
        });
    };
    if matches!(set.get_untracked(), Loaded::Ready(_)) {
        begin();
    } else {
        load();
    }

    let ticker = (!instant)
        .then(|| {
            set_interval_with_handle(
                move || {
                    let len = frames.with_untracked(Vec::len);
                    let i = index.get_untracked();
                    if i + 1 < len {
                        index.set(i + 1);
                    }
                },
                Duration::from_millis(u64::from(frame_ms)),
            )
            .ok()
        })
        .flatten();
    on_cleanup(move || {
        if let Some(t) = ticker {
            t.clear();
        }
    });
    let skip = move || index.set(frames.with_untracked(Vec::len).saturating_sub(1));

    let record = move |p: &Puzzle, result: Option<Attempt>| {
        if let Some(result) = result {
            let t = progress.try_update(|pr| pr.record(&p.id, p.rating, result));
            last_try.set(t);
        }
    };

    // The opponent's best answer to a wrong move, from the search worker.
    let answer_wrong = move |after: Position| {
        if after.is_over() || after.legal_moves().next().is_none() {
            answer.set(Some(Answer::None));
            return;
        }
        answer.set(Some(Answer::Thinking));
        let asked = generation.get_value();
        let task = Task::Analyse {
            depth: Some(REPLY_DEPTH),
            nodes: Some(REPLY_NODES),
            movetime_ms: None,
            info: false,
        };
        let sent = ai.request(&after, task, move |reply| {
            if generation.try_get_value() != Some(asked) {
                return;
            }
            let best = match reply {
                Reply::Done { report, .. } => report.best,
                Reply::Error { .. } => None,
                _ => return,
            };
            let played = best.and_then(|h| {
                let mut p = after;
                p.try_play(h).ok().map(|o| (after, o))
            });
            match played {
                Some(m) => {
                    answer.set(Some(Answer::Played(MoveSummaryLite::of(&m.1))));
                    animate(&[m], true);
                }
                None => answer.set(Some(Answer::None)),
            }
        });
        if sent.is_none() {
            answer.set(Some(Answer::None));
        }
    };

    let play = move |square: Square| {
        let (Some(mut t), Some(p)) = (trial.get_untracked(), current.get_untracked()) else {
            return;
        };
        let before = t.position(&p);
        if square.side() != before.turn() {
            return;
        }
        if animating.get_untracked() {
            skip();
        }
        let house = square.house();
        let (verdict, rated) = t.play(&p, house);
        if verdict == Verdict::Ignored {
            return;
        }
        let mut after = before;
        let Ok(outcome) = after.try_play(house) else {
            return;
        };
        let mut moves = vec![(before, outcome)];
        replied.set(None);
        if let Verdict::Right { reply } = verdict {
            let mut next = after;
            if let Ok(o) = next.try_play(reply) {
                replied.set(Some(MoveSummaryLite::of(&o)));
                moves.push((after, o));
            }
        }
        record(&p, rated);
        trial.set(Some(t));
        animate(&moves, false);
        if verdict == Verdict::Wrong {
            answer_wrong(after);
        }
    };
    let on_house = Callback::new(play);

    let retry = move || {
        let (Some(mut t), Some(p)) = (trial.get_untracked(), current.get_untracked()) else {
            return;
        };
        generation.update_value(|g| *g += 1);
        ai.cancel();
        t.retry();
        position.set(t.position(&p));
        frames.set(Vec::new());
        index.set(0);
        last.set(None);
        answer.set(None);
        trial.set(Some(t));
    };
    let hint = move || {
        let (Some(mut t), Some(p)) = (trial.get_untracked(), current.get_untracked()) else {
            return;
        };
        let rated = t.hint();
        record(&p, rated);
        trial.set(Some(t));
    };
    let show = move || {
        let (Some(mut t), Some(p)) = (trial.get_untracked(), current.get_untracked()) else {
            return;
        };
        // From the position the player is at (after a wrong move: the one before it).
        generation.update_value(|g| *g += 1);
        ai.cancel();
        let mut pos = t.position(&p);
        let (rest, rated) = t.show(&p);
        position.set(pos);
        answer.set(None);
        replied.set(None);
        let mut moves = Vec::new();
        for h in rest {
            let before = pos;
            match pos.try_play(h) {
                Ok(o) => moves.push((before, o)),
                Err(_) => break,
            }
        }
        record(&p, rated);
        trial.set(Some(t));
        frames.set(Vec::new());
        animate(&moves, false);
    };

    // Keys: 1-9 play a house of the side to move, H hint, R retry, S solution, N next.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented()
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.alt_key()
            || crate::platform::dom::typing_in_field(&ev)
        {
            return;
        }
        let Some(t) = trial.get_untracked() else {
            return;
        };
        let key = ev.key();
        match key.as_str() {
            "h" | "H" => hint(),
            "r" | "R" if matches!(t.status, Status::Wrong { .. }) => retry(),
            "s" | "S" => show(),
            "n" | "N" => next(),
            k => {
                let Some(house) = k.parse::<u8>().ok().and_then(House::new) else {
                    return;
                };
                let Some(p) = current.get_untracked() else {
                    return;
                };
                play(Square::new(t.position(&p).turn(), house));
            }
        }
    });
    on_cleanup(move || keys.remove());

    // -- what the board shows --
    let status = Memo::new(move |_| trial.with(|t| t.as_ref().map(|t| t.status)));
    let playing = move || status.get() == Some(Status::Playing);
    let flipped = Signal::derive(move || {
        current.with(|p| p.as_ref().map(Puzzle::player)) == Some(Side::Black)
    });
    let highlights = Signal::derive(move || {
        let mut h = Highlights::default();
        let pos = position.get();
        if playing() && !animating.get() {
            h.playable = Highlights::playable_in(&pos);
        }
        if let Some((from, to)) = last.get() {
            h.last_from = Some(from);
            h.last_to = Some(to);
        }
        let t = trial.get();
        if let (Some(t), Some(p)) = (t, current.get()) {
            if t.hinted && playing() {
                h.hint = t
                    .expected(&p)
                    .map(|house| Square::new(t.position(&p).turn(), house));
            }
        }
        h
    });
    let frame = Signal::derive(move || {
        if animating.get() {
            frames.with(|f| f.get(index.get()).copied())
        } else {
            position.with(anim::collection)
        }
    });

    // -- words --
    let theme_name = move |t: Theme| -> String {
        match t {
            Theme::Capture => t_string!(i18n, puzzles.theme_capture).to_string(),
            Theme::Tuz => t_string!(i18n, puzzles.theme_tuz).to_string(),
            Theme::DoubleThreat => t_string!(i18n, puzzles.theme_double_threat).to_string(),
            Theme::Defence => t_string!(i18n, puzzles.theme_defence).to_string(),
            Theme::Endgame => t_string!(i18n, puzzles.theme_endgame).to_string(),
            Theme::LongSowing => t_string!(i18n, puzzles.theme_long_sowing).to_string(),
        }
    };
    let reply_text = move |r: MoveSummaryLite| -> String {
        if r.tuz {
            t_string!(i18n, puzzles.reply_tuz, house = r.house).to_string()
        } else if r.capture > 0 {
            t_string!(i18n, puzzles.reply_capture, house = r.house, n = r.capture).to_string()
        } else {
            t_string!(i18n, puzzles.reply_plain, house = r.house).to_string()
        }
    };
    let prompt = text(move || {
        let (Some(t), Some(p)) = (trial.get(), current.get()) else {
            return String::new();
        };
        let side = words::to_move(i18n.get_locale(), p.player());
        let total = p.player_moves();
        if total > 1 {
            t_string!(
                i18n,
                puzzles.find_line,
                side = side,
                n = t.step / 2 + 1,
                total = total
            )
            .to_string()
        } else {
            t_string!(i18n, puzzles.find_move, side = side).to_string()
        }
    });
    let result = Memo::new(move |_| match status.get() {
        Some(Status::Wrong { .. }) => "wrong",
        Some(Status::Solved) => "right",
        Some(Status::Playing) if trial.with(|t| t.as_ref().is_some_and(|t| t.step > 0)) => "right",
        _ => "",
    });
    let result_text = text(move || {
        let mut out = String::new();
        let mut say = |s: String| {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&s);
        };
        match status.get() {
            Some(Status::Wrong { played }) => {
                say(t_string!(i18n, puzzles.wrong, house = played.get()).to_string());
                match answer.get() {
                    Some(Answer::Thinking) => {
                        say(t_string!(i18n, puzzles.reply_thinking).to_string())
                    }
                    Some(Answer::Played(r)) => say(reply_text(r)),
                    _ => {}
                }
                say(t_string!(i18n, puzzles.wrong_then).to_string());
            }
            Some(Status::Solved) => {
                if let Some(r) = replied.get() {
                    say(reply_text(r));
                }
                say(t_string!(i18n, puzzles.solved).to_string());
            }
            Some(Status::Shown) => say(t_string!(i18n, puzzles.shown).to_string()),
            Some(Status::Playing) => {
                if let Some(r) = replied.get() {
                    say(t_string!(i18n, puzzles.right).to_string());
                    say(reply_text(r));
                    say(t_string!(i18n, puzzles.find_next).to_string());
                }
                if trial.with(|t| t.as_ref().is_some_and(|t| t.hinted)) {
                    say(t_string!(i18n, puzzles.hint_given).to_string());
                }
            }
            None => {}
        }
        out
    });
    // "Source game": the PlayOK record the puzzle comes from (copied into the build beside
    // the app, fetched on demand), imported into the library and opened in the replay.
    let saves = use_context::<Saves>();
    let open_source = move || {
        let (Some(p), Some(saves)) = (current.get_untracked(), saves) else {
            return;
        };
        let Some((file, game)) = playok_game(&p.source) else {
            return;
        };
        source_state.set(SourceState::Opening);
        leptos::task::spawn_local(async move {
            let text = crate::platform::fetch::text(&format!("playok/{file}")).await;
            match text.ok().and_then(|t| saves.import_one(&t, game)) {
                Some(id) => routes.go(Route::Replay(id)),
                None => {
                    source_state.try_set(SourceState::Failed);
                }
            }
        });
    };
    let finished = move || trial.with(|t| t.as_ref().is_some_and(Trial::finished));
    let meta = move || {
        let p = current.get()?;
        let themes = if finished() {
            let names: Vec<String> = p.themes.iter().map(|&t| theme_name(t)).collect();
            t_string!(i18n, puzzles.themes_of, themes = names.join(", ")).to_string()
        } else {
            t_string!(i18n, puzzles.theme_hidden).to_string()
        };
        let source = source_text(i18n, &p.source);
        Some(view! {
            <dl class="puzzles__meta" data-testid="puzzle-meta" data-id=p.id.clone()>
                <div>
                    <dt>{text(move || t_string!(i18n, puzzles.puzzle))}</dt>
                    <dd>{format!("{} · {}", p.id, p.rating)}</dd>
                </div>
                <div data-testid="puzzle-theme">
                    <dt>{text(move || t_string!(i18n, puzzles.theme))}</dt>
                    <dd>{themes}</dd>
                </div>
                // The analysis board (issue 15) on the position shown; its "back to the game"
                // returns to this puzzle.
                <div>
                    <dt class="visually-hidden">{text(move || t_string!(i18n, review.analyse))}</dt>
                    <dd>
                        <Button
                            look=Look::Quiet
                            testid="btn-puzzle-analyse"
                            on_click={
                                let id = p.id.clone();
                                move |_| {
                                    routes.go(Route::Analysis {
                                        position: position.get_untracked().to_string(),
                                        back: Route::Puzzles(Some(id.clone())).to_hash(),
                                    })
                                }
                            }
                        >
                            {text(move || t_string!(i18n, review.analyse))}
                        </Button>
                    </dd>
                </div>
                <div>
                    <dt>{text(move || t_string!(i18n, puzzles.source))}</dt>
                    <dd data-testid="puzzle-source">
                        {source}
                        {playok_game(&p.source)
                            .map(|_| {
                                view! {
                                    " "
                                    <Button
                                        class="puzzles__source"
                                        look=Look::Quiet
                                        testid="btn-puzzle-source"
                                        disabled=flag(move || source_state.get() == SourceState::Opening)
                                        on_click=move |_| open_source()
                                    >
                                        {text(move || t_string!(i18n, puzzles.source_game))}
                                    </Button>
                                }
                            })}
                        {move || {
                            (source_state.get() == SourceState::Failed)
                                .then(|| {
                                    view! {
                                        <span role="alert" class="puzzles__source-failed">
                                            {text(move || t_string!(i18n, puzzles.source_failed))}
                                        </span>
                                    }
                                })
                        }}
                    </dd>
                </div>
            </dl>
        })
    };

    let rating_delta = move || {
        let t = last_try.get()?;
        let d = t.after - t.before;
        Some(view! {
            <span
                class="puzzles__delta"
                class:puzzles__delta--down={d < 0}
                data-testid="puzzle-rating-delta"
            >
                {if d < 0 { format!("−{}", -d) } else { format!("+{d}") }}
            </span>
        })
    };

    let chips = {
        let all = view! {
            <ToggleChip
                testid="puzzle-theme-all"
                pressed=Signal::derive(move || progress.with(|p| p.themes.is_empty()))
                on_press=move |()| progress.update(|p| p.themes.clear())
            >
                {text(move || t_string!(i18n, puzzles.all_themes))}
            </ToggleChip>
        };
        let each = Theme::ALL
            .into_iter()
            .map(|t| {
                view! {
                    <ToggleChip
                        testid=format!("puzzle-theme-{}", t.name())
                        pressed=Signal::derive(move || progress.with(|p| p.themes.contains(&t)))
                        on_press=move |()| progress.update(|p| p.toggle_theme(t))
                    >
                        {text(move || theme_name(t))}
                    </ToggleChip>
                }
            })
            .collect_view();
        view! { {all} {each} }
    };

    let history = move || {
        let rows: Vec<Try> = progress.with(|p| {
            p.history
                .iter()
                .rev()
                .take(HISTORY_SHOWN)
                .cloned()
                .collect()
        });
        if rows.is_empty() {
            return view! {
                <p class="puzzles__empty" data-testid="puzzle-history-empty">
                    {text(move || t_string!(i18n, puzzles.history_empty))}
                </p>
            }
            .into_any();
        }
        let items = rows
            .into_iter()
            .map(|row| {
                let solved = row.result == Attempt::Solved;
                let id = row.id.clone();
                let href = Route::Puzzles(Some(row.id.clone())).to_hash();
                let d = row.after - row.before;
                view! {
                    <li class="puzzles__try" class:puzzles__try--solved=solved>
                        <a
                            href=href
                            data-testid="puzzle-history-link"
                            data-id=row.id.clone()
                            data-result=if solved { "solved" } else { "failed" }
                            on:click=move |ev| {
                                ev.prevent_default();
                                open(&id);
                            }
                        >
                            <span class="puzzles__mark" aria-hidden="true">{if solved { "✓" } else { "✗" }}</span>
                            <span class="puzzles__try-id">{row.id.clone()}</span>
                            <span class="puzzles__try-result">
                                {text(move || {
                                    if solved {
                                        t_string!(i18n, puzzles.result_solved)
                                    } else {
                                        t_string!(i18n, puzzles.result_failed)
                                    }
                                })}
                            </span>
                            <span class="puzzles__try-rating">
                                {format!("{} ({}{})", row.after, if d < 0 { "−" } else { "+" }, d.abs())}
                            </span>
                        </a>
                    </li>
                }
            })
            .collect_view();
        view! { <ol class="puzzles__history" data-testid="puzzle-history">{items}</ol> }.into_any()
    };

    let notice = move || {
        if let Loaded::Failed(e) = set.get() {
            return Some(view! {
                <div class="puzzles__notice" role="alert" data-testid="puzzle-load-failed">
                    <p>{text(move || t_string!(i18n, puzzles.load_failed, error = e.clone()))}</p>
                    <Button on_click=move |_| load()>
                        {text(move || t_string!(i18n, puzzles.load_again))}
                    </Button>
                </div>
            }
            .into_any());
        }
        if matches!(set.get(), Loaded::Loading) {
            return Some(
                view! {
                    <p class="puzzles__notice" role="status" data-testid="puzzle-loading">
                        {text(move || t_string!(i18n, puzzles.loading))}
                    </p>
                }
                .into_any(),
            );
        }
        if none_left.get() {
            return Some(
                view! {
                    <p class="puzzles__notice" role="status" data-testid="puzzle-none-left">
                        {text(move || t_string!(i18n, puzzles.none_left))}
                    </p>
                }
                .into_any(),
            );
        }
        missing.get().map(|id| {
            view! {
                <p class="puzzles__notice" role="status" data-testid="puzzle-missing">
                    {text(move || t_string!(i18n, puzzles.not_found, id = id.clone()))}
                </p>
            }
            .into_any()
        })
    };

    let is_wrong = move || matches!(status.get(), Some(Status::Wrong { .. }));
    let rating_text = text(move || progress.with(Progress::shown_rating).to_string());
    let streak_text = text(move || progress.with(|p| p.streak).to_string());
    view! {
        <main class="screen puzzles" data-testid="puzzles-screen">
            <header class="puzzles__top">
                <h1 class="screen__title puzzles__title">{text(move || t_string!(i18n, puzzles.title))}</h1>
                <p class="puzzles__stats">
                    <span
                        class="puzzles__stat"
                        data-testid="puzzle-rating"
                        data-rating=rating_text
                    >
                        {text(move || t_string!(i18n, puzzles.rating))}
                        " "
                        <strong>{rating_text}</strong>
                        {rating_delta}
                    </span>
                    <span
                        class="puzzles__stat"
                        data-testid="puzzle-streak"
                        data-streak=streak_text
                    >
                        {text(move || t_string!(i18n, puzzles.streak))}
                        " "
                        <strong>{streak_text}</strong>
                        <span class="puzzles__best">
                            {text(move || t_string!(i18n, puzzles.best, n = progress.with(|p| p.best)))}
                        </span>
                    </span>
                </p>
            </header>
            {notice}
            <div class="puzzles__main" class:puzzles__main--hidden=flag(move || current.with(Option::is_none))>
                <div class="puzzles__board">
                    <Board
                        testid="puzzle-board"
                        position=position
                        flipped=flipped
                        highlights=highlights
                        on_house=on_house
                        frame=frame
                        animating=Signal::derive(move || animating.get())
                        on_skip=move |()| skip()
                    />
                </div>
                <section class="puzzles__panel" aria-labelledby="puzzle-prompt">
                    <p class="puzzles__prompt" id="puzzle-prompt" data-testid="puzzle-prompt">{prompt}</p>
                    <p
                        class="puzzles__result"
                        class:puzzles__result--right=flag(move || result.get() == "right")
                        class:puzzles__result--wrong=flag(move || result.get() == "wrong")
                        data-testid="puzzle-result"
                        data-result=text(move || result.get())
                        data-status=text(move || match status.get() {
                            Some(Status::Playing) | None => "playing",
                            Some(Status::Wrong { .. }) => "wrong",
                            Some(Status::Solved) => "solved",
                            Some(Status::Shown) => "shown",
                        })
                        role="status"
                    >
                        {result_text}
                    </p>
                    <div class="puzzles__actions">
                        <Button
                            testid="btn-puzzle-hint"
                            keyshortcuts="H"
                            disabled=flag(move || !playing() || trial.with(|t| t.as_ref().is_some_and(|t| t.hinted)))
                            on_click=move |_| hint()
                        >
                            {text(move || t_string!(i18n, puzzles.hint))}
                        </Button>
                        <Button
                            testid="btn-puzzle-show"
                            keyshortcuts="S"
                            disabled=flag(move || finished() || current.with(Option::is_none))
                            on_click=move |_| show()
                        >
                            {text(move || t_string!(i18n, puzzles.show))}
                        </Button>
                        <Button
                            look=Look::Primary
                            testid="btn-puzzle-retry"
                            keyshortcuts="R"
                            hidden=flag(move || !is_wrong())
                            on_click=move |_| retry()
                        >
                            {text(move || t_string!(i18n, puzzles.retry))}
                        </Button>
                        <Button
                            primary_when=flag(finished)
                            testid="btn-puzzle-next"
                            keyshortcuts="N"
                            disabled=flag(move || puzzles().is_none())
                            on_click=move |_| next()
                        >
                            {text(move || t_string!(i18n, puzzles.next))}
                        </Button>
                    </div>
                    <p class="puzzles__note">{text(move || t_string!(i18n, puzzles.note))}</p>
                    {meta}
                </section>
            </div>
            <section class="puzzles__more">
                <div class="puzzles__filters">
                    <h2 class="puzzles__heading" id="puzzle-themes">{text(move || t_string!(i18n, puzzles.themes))}</h2>
                    <div class="puzzles__chips" role="group" aria-labelledby="puzzle-themes">
                        {chips}
                    </div>
                </div>
                <div class="puzzles__past">
                    <h2 class="puzzles__heading">{text(move || t_string!(i18n, puzzles.history))}</h2>
                    {history}
                </div>
            </section>
        </main>
    }
}

/// Opening a puzzle's source game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SourceState {
    Idle,
    Opening,
    Failed,
}

/// The PlayOK record file and the game (1-based) of a source `korgol.pgn#62:73`; `None` for
/// a self-play source (its game is not kept).
fn playok_game(source: &str) -> Option<(String, usize)> {
    let (file, rest) = source.split_once('#')?;
    let game = rest.split(':').next()?.parse().ok()?;
    (file.ends_with(".pgn") && !file.contains('/')).then(|| (file.to_string(), game))
}

/// Where a puzzle comes from, in words: a PlayOK game of the repository's records
/// (`korgol.pgn#62:73`: game 62, the position before ply 73) or a game the engine played
/// against itself (`selfplay-medium-easy:28:6`).
fn source_text(i18n: leptos_i18n::I18nContext<Locale>, source: &str) -> String {
    if let Some((file, rest)) = source.split_once('#') {
        let mut parts = rest.split(':');
        let game = parts.next().unwrap_or_default().to_string();
        let ply: usize = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        return t_string!(
            i18n,
            puzzles.source_playok,
            file = file.to_string(),
            game = game,
            n = ply / 2 + 1
        )
        .to_string();
    }
    if let Some(rest) = source.strip_prefix("selfplay-") {
        let locale = i18n.get_locale();
        let mut levels = rest.split(':').next().unwrap_or_default().split('-');
        let name = |l: Option<&str>| {
            let level = match l {
                Some("easy") => toguz_engine::search::Level::Easy,
                Some("medium") => toguz_engine::search::Level::Medium,
                Some("hard") => toguz_engine::search::Level::Hard,
                _ => toguz_engine::search::Level::Expert,
            };
            words::level(locale, level).to_string()
        };
        let white = name(levels.next());
        let black = name(levels.next());
        return t_string!(i18n, puzzles.source_selfplay, white = white, black = black).to_string();
    }
    source.to_string()
}
