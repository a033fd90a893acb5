//! The analysis board (`#/analysis/<position>?back=<hash>`): a free board on a copy of a
//! position, the engine's best three moves with their evaluations and lines as the search
//! deepens, the evaluation bar, and "back to the game" to the screen it came from, where the
//! player was. The moves tried are a tree (`toguz_app_core::study`): another move starts a variation,
//! and each move can carry a comment and a glyph, be promoted or deleted. The study of a game
//! and the search of the position shown are `toguz_app_core::analysis`'s.

use leptos::prelude::*;
use toguz_engine::{Position, Square};

use super::text;
use crate::i18n::*;
use crate::platform::time::now_ms;
use crate::services::ai::use_ai;
use crate::services::pictures::Subject;
use crate::services::record_words::{study_error, study_title};
use crate::services::routes::Route;
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Board, Button, EvalBar, Explorer, Highlights, PlayFromHere, ShareImage};
use leptos_i18n::I18nContext;
use toguz_app_core::ai::Reply;
use toguz_app_core::analysis::{
    ply_shown, BoardSearch, GameStudy, Lines, SearchAction, SearchStatus,
};
use toguz_app_core::announce::MoveSummary;
use toguz_app_core::study::StudyBoard;
use toguz_app_core::study_keep::Keeper;
use toguz_engine::study::{Glyph, Study, StudyError};
use toguz_store::study::{link_payload, read_link_payload, title_of};

/// How the analysis board was opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// On a position (the engine's string form); `back` is the hash to return to (empty: the
    /// play screen). When `back` is a saved game shown at this position (a replay, a review,
    /// the game being played), its moves are the study's main line.
    Position { position: String, back: String },
    /// A saved study; `back` as above (empty: the library).
    Saved { id: String, back: String },
    /// A study sent as a link: its text, base64url.
    Shared(String),
}

impl Opened {
    /// What a route opens (a route of another screen opens the start position).
    pub fn of(route: Route) -> Opened {
        match route {
            Route::Analysis { position, back } => Opened::Position { position, back },
            Route::Study { id, back } => Opened::Saved { id, back },
            Route::SharedStudy(payload) => Opened::Shared(payload),
            _ => Opened::Position {
                position: Position::start().to_string(),
                back: String::new(),
            },
        }
    }
}

/// The analysis board as opened: the board, what is kept of it, where "back" goes.
struct Loaded {
    board: StudyBoard,
    keeper: Keeper,
    title: String,
    shared: bool,
}

#[component]
pub fn AnalysisScreen(opened: Opened) -> impl IntoView {
    let i18n = use_i18n();
    let saves = expect_context::<Saves>();
    let back = match &opened {
        Opened::Position { back, .. } if back.is_empty() => Route::Play.to_hash(),
        Opened::Saved { back, .. } if back.is_empty() => Route::Library.to_hash(),
        Opened::Position { back, .. } | Opened::Saved { back, .. } => back.clone(),
        Opened::Shared(_) => Route::Library.to_hash(),
    };
    let loaded = load(saves, &opened);
    let back_for_study = back.clone();
    view! {
        <main class="screen review analysis" data-testid="analysis-screen">
            <header class="replay__header">
                <a class="btn btn--quiet" href=back data-testid="back-to-game">
                    {text(move || t_string!(i18n, review.back_to_game))}
                </a>
                <h1 class="replay__title">{text(move || t_string!(i18n, review.analysis_title))}</h1>
            </header>
            {match loaded {
                Ok(l) => view! { <Analysis loaded=l back=back_for_study /> }.into_any(),
                Err(message) => view! {
                    <p class="library__empty" data-testid="analysis-bad-position">{move || message(i18n)}</p>
                }.into_any(),
            }}
        </main>
    }
}

/// Why the board could not be opened, in the player's language.
type Failure = Box<dyn Fn(I18nContext<Locale>) -> String + Send + Sync>;

/// Reads what the board opens: a position (with its game's moves when it comes from one), a
/// saved study, or a friend's.
fn load(saves: Saves, opened: &Opened) -> Result<Loaded, Failure> {
    let missing: Failure = Box::new(|i18n| t_string!(i18n, library.not_found).to_string());
    match opened {
        Opened::Position { position, back } => {
            let start: Position = position.parse().map_err(|_| missing)?;
            if let Some(GameStudy {
                board,
                keeper,
                title,
            }) = game_shown(saves, back, start)
            {
                return Ok(Loaded {
                    board,
                    keeper,
                    title,
                    shared: false,
                });
            }
            let board = StudyBoard::new(start);
            let keeper = Keeper::unsaved(board.study(), None);
            Ok(Loaded {
                board,
                keeper,
                title: String::new(),
                shared: false,
            })
        }
        Opened::Saved { id, .. } => {
            let saved = match saves.study(id) {
                Ok(Some(s)) => s,
                Ok(None) | Err(_) => {
                    return Err(Box::new(|i18n| {
                        t_string!(i18n, review.study_missing).to_string()
                    }))
                }
            };
            match saved.study() {
                Ok(study) => Ok(Loaded {
                    title: saved.title.clone(),
                    keeper: Keeper::saved(saved, &study),
                    board: StudyBoard::from_study(study),
                    shared: false,
                }),
                Err(e) => Err(bad_study(e)),
            }
        }
        Opened::Shared(payload) => {
            let text = read_link_payload(payload).ok_or(missing)?;
            let study = Study::read_one(&text).map_err(bad_study)?;
            Ok(Loaded {
                title: title_of(&study),
                keeper: Keeper::unsaved(&study, None),
                board: StudyBoard::from_study(study),
                shared: true,
            })
        }
    }
}

/// "This study does not read", with the parser's place and reason.
fn bad_study(e: Option<StudyError>) -> Failure {
    Box::new(move |i18n| {
        let why = match &e {
            Some(e) => study_error(i18n, e),
            None => t_string!(i18n, library.err_empty).to_string(),
        };
        t_string!(i18n, review.study_bad, why = why).to_string()
    })
}

/// The saved game `back` shows at `position` (a replay or review at its ply, or the game on
/// the play screen), as a study at that ply.
fn game_shown(saves: Saves, back: &str, position: Position) -> Option<GameStudy> {
    let id = match Route::from_hash(back) {
        Route::Replay(id) | Route::Review(id) => id,
        Route::Play => Some(saves.current_id()).filter(|id| !id.is_empty())?,
        _ => return None,
    };
    let entry = saves.game(&id).ok().flatten()?;
    let ply = ply_shown(&entry, back, position)?;
    Some(GameStudy::of(&entry, ply))
}

/// The latest analysis of the position shown, if any.
type Current = Option<Lines>;

#[component]
fn Analysis(loaded: Loaded, back: String) -> impl IntoView {
    let i18n = use_i18n();
    let ai = use_ai();
    let Loaded {
        board,
        keeper,
        title,
        shared,
    } = loaded;
    let board = RwSignal::new(board);
    let keeper = RwSignal::new(keeper);
    autosave(board, keeper, title, back);
    let search = RwSignal::new(BoardSearch::default());
    let flipped = RwSignal::new(false);
    let position = Memo::new(move |_| board.with(StudyBoard::position));
    Effect::new(move |_| {
        let pos = position.get();
        for action in search.try_update(|s| s.show(pos)).unwrap_or_default() {
            match action {
                SearchAction::Cancel => ai.cancel(),
                SearchAction::Analyse { position, task } => {
                    ai.request(&position, task, move |reply| {
                        if let Reply::Analysis { analysis, done, .. } = reply {
                            // The screen may be gone by the time the worker answers.
                            let _ =
                                search.try_update(|s| s.replied(position, analysis.clone(), *done));
                        }
                    });
                }
            }
        }
    });
    let highlights = Signal::derive(move || {
        let last = board.with(|b| {
            b.last_move()
                .and_then(|(mut p, h)| p.try_play(h).ok().as_ref().map(MoveSummary::of))
        });
        Highlights {
            playable: Highlights::playable_in(&position.get()),
            last_from: last.map(|m| m.from_square()),
            last_to: last.map(|m| m.last),
            ..Highlights::default()
        }
    });
    let on_house = Callback::new(move |sq: Square| {
        if sq.side() == position.get_untracked().turn() {
            board.update(|b| {
                b.play(sq.house());
            });
        }
    });
    let current: Memo<Current> = Memo::new(move |_| {
        let pos = position.get();
        search.with(|s| s.lines(pos).cloned())
    });
    let eval = Signal::derive(move || {
        let pos = position.get();
        search.with(|s| s.eval(pos))
    });
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        // Arrows inside the comment move its caret, not the board.
        if ev.default_prevented() || crate::platform::dom::typing_in_field(&ev) {
            return;
        }
        let done = match ev.key().as_str() {
            "ArrowLeft" => board.try_update(StudyBoard::back),
            "ArrowRight" => board.try_update(StudyBoard::forward),
            "ArrowUp" => board.try_update(|b| b.switch(true)),
            "ArrowDown" => board.try_update(|b| b.switch(false)),
            "Home" => board.try_update(|b| {
                b.first();
                true
            }),
            "End" => board.try_update(|b| {
                b.last();
                true
            }),
            _ => None,
        };
        if done.is_some() {
            ev.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());
    let status = move || {
        let pos = position.get();
        match search.with(|s| s.status(pos)) {
            SearchStatus::Over => t_string!(i18n, review.final_).to_string(),
            SearchStatus::Depth(depth) => t_string!(i18n, review.depth, depth = depth).to_string(),
            SearchStatus::Thinking => t_string!(i18n, review.thinking).to_string(),
        }
    };
    view! {
        <div class="review__layout">
            <div class="review__board">
                <EvalBar eval=eval />
                <Board position=position flipped=flipped highlights=highlights on_house=on_house />
                <Nav board=board flipped=flipped />
                <PlayFromHere position=Signal::derive(move || Some(position.get())) />
                <div class="analysis__share">
                    <ShareImage subject=move || {
                        let h = highlights.get_untracked();
                        Subject::Position {
                            position: position.get_untracked(),
                            flipped: flipped.get_untracked(),
                            last: h.last_from.zip(h.last_to),
                        }
                    } />
                </div>
            </div>
            <div class="review__panel">
                <p class="review__hint">{text(move || t_string!(i18n, review.analysis_hint))}</p>
                <p class="analysis__status" role="status" data-testid="analysis-status"
                    data-depth=move || current.get().map(|c| c.1.depth)>
                    {status}
                </p>
                <EngineLines board=board current=current search=search />
                <MoveTree board=board />
                <Tools board=board reading=shared />
                <StudyBar board=board keeper=keeper shared=shared />
                <Explorer
                    position=position
                    on_move=Callback::new(move |h| board.update(|b| { b.play(h); }))
                    evals=Signal::derive(move || {
                        let locale = i18n.get_locale();
                        let pos = position.get();
                        search.with(|s| s.line_evals(pos))
                            .into_iter()
                            .map(|(mv, score)| (mv, text::eval(locale, score)))
                            .collect()
                    })
                />
            </div>
        </div>
    }
}

/// Back, the counter ("Move 2 of 40", as the replay says it), forward and flip under the board.
#[component]
fn Nav(board: RwSignal<StudyBoard>, flipped: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="replay__nav" role="group">
            <Button
                testid="analysis-back"
                aria_label=text(move || t_string!(i18n, review.back))
                disabled=move || board.with(|b| b.counts().0 == 0)
                on_click=move |_| board.update(|b| { b.back(); })
            >
                "◀"
            </Button>
            <span class="replay__counter" data-testid="analysis-counter">
                {move || {
                    let (at, all) = board.with(StudyBoard::counter);
                    t_string!(i18n, library.move_of, ply = at, total = all).to_string()
                }}
            </span>
            <Button
                testid="analysis-forward"
                aria_label=text(move || t_string!(i18n, review.forward))
                disabled=move || board.with(|b| b.counts().0 == b.counts().1)
                on_click=move |_| board.update(|b| { b.forward(); })
            >
                "▶"
            </Button>
            <Button
                testid="analysis-flip"
                aria_label=text(move || t_string!(i18n, library.flip))
                on_click=move |_| flipped.update(|f| *f = !*f)
            >
                "⇅"
            </Button>
        </div>
    }
}

/// The engine's three best moves: a press plays one; "+" adds its whole line as a variation.
#[component]
fn EngineLines(
    board: RwSignal<StudyBoard>,
    current: Memo<Current>,
    search: RwSignal<BoardSearch>,
) -> impl IntoView {
    let i18n = use_i18n();
    let rows = move || {
        let locale = i18n.get_locale();
        let c = current.get();
        // Scores from White's side, as the bar writes them.
        let evals = c
            .as_ref()
            .map(|(p, ..)| search.with(|s| s.line_evals(*p)))
            .unwrap_or_default();
        (0..3usize)
            .map(|i| {
                let line = c.as_ref().and_then(|(_, a, _)| a.lines.get(i).cloned());
                // Numbered from the move on the board (nothing for the lines of a position left).
                let text_line = line.as_ref().zip(c.as_ref()).and_then(|(l, (p, ..))| {
                    let (first, index, now) = board.with(|b| (b.study().start().turn(), b.study().ply(b.at()), b.position()));
                    (now == *p).then(|| toguz_app_core::moves::line(*p, &l.pv, first, index))
                }).unwrap_or_default();
                let score = evals.get(i).map(|&(_, s)| text::eval(locale, s)).unwrap_or_else(|| "…".into());
                let mv = line.as_ref().map(|l| l.mv);
                let pv = line.map(|l| l.pv).unwrap_or_default();
                let has_pv = !pv.is_empty();
                view! {
                    <li class="analysis__line" data-testid=format!("analysis-line-{}", i + 1) data-house=mv.map(|h| h.get())>
                        <Button
                            class="analysis__move"
                            disabled=mv.is_none()
                            on_click=move |_| {
                                if let Some(h) = mv {
                                    board.update(|b| {
                                        b.play(h);
                                    })
                                }
                            }
                        >
                            {mv.map(|h| h.get().to_string()).unwrap_or_else(|| "–".into())}
                        </Button>
                        <strong class="analysis__score">{score}</strong>
                        <span class="analysis__pv">{text_line}</span>
                        <Button
                            class="analysis__add"
                            testid=format!("analysis-add-line-{}", i + 1)
                            disabled=!has_pv
                            aria_label=text(move || t_string!(i18n, review.add_line))
                            on_click=move |_| board.update(|b| { b.add_line(&pv); })
                        >
                            "+"
                        </Button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <ol class="analysis__lines" aria-label=text(move || t_string!(i18n, review.lines_label))>
            {rows}
        </ol>
    }
}

/// The moves tried, as a tree: the main line, each variation indented under the move it
/// replaces; a press on a move goes there.
#[component]
fn MoveTree(board: RwSignal<StudyBoard>) -> impl IntoView {
    let i18n = use_i18n();
    let blocks = Memo::new(move |_| board.with(StudyBoard::blocks));
    let root_comment =
        move || board.with(|b| b.study().comment(toguz_engine::study::ROOT).to_string());
    // The tree follows the move shown inside its own box, never scrolling the page.
    Effect::new(move |_| {
        blocks.track();
        crate::platform::dom::keep_in_box(r#"[data-testid="move-tree"]"#, ".tree__move--current");
    });
    view! {
        <div class="tree" data-testid="move-tree" role="list"
            aria-label=text(move || t_string!(i18n, review.tree_label))>
            <Show when=move || !root_comment().is_empty()>
                <p class="tree__comment tree__comment--start">{root_comment}</p>
            </Show>
            <Show when=move || blocks.with(Vec::is_empty)>
                <p class="tree__empty">{text(move || t_string!(i18n, review.tree_empty))}</p>
            </Show>
            {move || {
                blocks
                    .get()
                    .into_iter()
                    .map(|block| {
                        // Deep trees stop indenting after a few levels, so that a phone keeps
                        // room for the moves; the border still shows the depth.
                        let style = format!("--depth: {}", block.depth.min(6));
                        let moves = block
                            .moves
                            .into_iter()
                            .map(|m| {
                                let node = m.node;
                                let class = if m.current { "tree__move tree__move--current" } else { "tree__move" };
                                let comment = (!m.comment.is_empty()).then(|| {
                                    view! { <span class="tree__comment">{m.comment.clone()}</span> }
                                });
                                view! {
                                    <span class="tree__item" role="listitem">
                                        <button
                                            type="button"
                                            class=class
                                            data-testid=format!("tree-move-{}", m.path)
                                            aria-current=m.current.then_some("true")
                                            on:click=move |_| board.update(|b| { b.go(node); })
                                        >
                                            <span class="tree__num">{m.number.clone()}</span>
                                            {m.text.clone()}
                                        </button>
                                        {comment}
                                    </span>
                                }
                            })
                            .collect_view();
                        let class = if block.depth > 0 { "tree__line tree__line--variation" } else { "tree__line" };
                        view! {
                            <div class=class style=style>
                                {moves}
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// The comment of the move shown and the tools that change the tree. A study opened by link
/// shows a reader's view first: the comment as text, and the tools one press away.
#[component]
fn Tools(board: RwSignal<StudyBoard>, reading: bool) -> impl IntoView {
    let i18n = use_i18n();
    let reading = RwSignal::new(reading);
    let comment = move || board.with(|b| b.comment().to_string());
    view! {
        <Show
            when=move || reading.get()
            fallback=move || view! { <MoveTools board=board /> }
        >
            <Show when=move || !comment().is_empty()>
                <p class="analysis__comment" data-testid="analysis-comment">{comment}</p>
            </Show>
            <div class="analysis__edit">
                <Button testid="btn-study-edit" on_click=move |_| reading.set(false)>
                    {text(move || t_string!(i18n, review.study_edit))}
                </Button>
            </div>
        </Show>
    }
}

/// What can be done to the move shown: its comment, its glyph, promote its variation to the
/// main line, delete it.
#[component]
fn MoveTools(board: RwSignal<StudyBoard>) -> impl IntoView {
    let i18n = use_i18n();
    let at_root = move || board.with(|b| b.at() == toguz_engine::study::ROOT);
    let glyphs = Glyph::ALL
        .into_iter()
        .map(|g| {
            view! {
                <Button
                    class="tree__glyph"
                    testid=format!("glyph-{}", glyph_name(g))
                    pressed=Signal::derive(move || board.with(|b| b.glyph() == Some(g)))
                    disabled=Signal::derive(at_root)
                    aria_label=text(move || glyph_label(i18n, g))
                    on_click=move |_| board.update(|b| b.toggle_glyph(g))
                >
                    {g.as_str()}
                </Button>
            }
        })
        .collect_view();
    view! {
        <div class="tree__tools">
            <label class="tree__comment-label">
                {text(move || {
                    if at_root() {
                        t_string!(i18n, review.comment_start).to_string()
                    } else {
                        t_string!(i18n, review.comment_move).to_string()
                    }
                })}
                <textarea
                    class="tree__comment-input"
                    data-testid="comment-input"
                    rows="2"
                    prop:value=move || board.with(|b| b.comment().to_string())
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        board.update(|b| b.set_comment(&v));
                    }
                ></textarea>
            </label>
            <div class="tree__glyphs" role="group" aria-label=text(move || t_string!(i18n, review.glyphs_label))>
                {glyphs}
            </div>
            <div class="tree__actions">
                <Button
                    testid="btn-promote"
                    disabled=Signal::derive(move || !board.with(StudyBoard::in_variation))
                    on_click=move |_| board.update(|b| { b.promote(); })
                >
                    {text(move || t_string!(i18n, review.promote))}
                </Button>
                <Button
                    testid="btn-delete-variation"
                    disabled=Signal::derive(at_root)
                    on_click=move |_| board.update(|b| { b.delete(); })
                >
                    {text(move || t_string!(i18n, review.delete_move))}
                </Button>
            </div>
        </div>
    }
}

/// A glyph's name in test ids.
fn glyph_name(g: Glyph) -> &'static str {
    match g {
        Glyph::Good => "good",
        Glyph::Mistake => "mistake",
        Glyph::Brilliant => "brilliant",
        Glyph::Blunder => "blunder",
        Glyph::Interesting => "interesting",
        Glyph::Dubious => "dubious",
    }
}

/// A glyph's meaning, read out for it.
fn glyph_label(i18n: I18nContext<Locale>, g: Glyph) -> String {
    match g {
        Glyph::Good => t_string!(i18n, review.glyph_good),
        Glyph::Mistake => t_string!(i18n, review.glyph_mistake),
        Glyph::Brilliant => t_string!(i18n, review.glyph_brilliant),
        Glyph::Blunder => t_string!(i18n, review.glyph_blunder),
        Glyph::Interesting => t_string!(i18n, review.glyph_interesting),
        Glyph::Dubious => t_string!(i18n, review.glyph_dubious),
    }
    .to_string()
}

/// Saves the study at each change once it holds something of the player's (see
/// [`Keeper`]); the first time, the address becomes the study's, so a reload opens it.
fn autosave(board: RwSignal<StudyBoard>, keeper: RwSignal<Keeper>, title: String, back: String) {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let title = StoredValue::new(title);
    let back = StoredValue::new(back);
    Effect::new(move |_| {
        let first = keeper.with_untracked(|k| k.copy().is_none());
        let changed = board.with(|b| {
            keeper
                .try_update_untracked(|k| {
                    k.changed(
                        b.study(),
                        now_ms(),
                        || saves.new_study_id(),
                        || study_title(i18n, &title.get_value(), now_ms()),
                    )
                })
                .flatten()
        });
        if let Some(mut saved) = changed {
            saves.save_study(&mut saved);
            keeper.notify();
            if first {
                let back = back.get_value();
                crate::platform::dom::replace_location_hash(
                    &Route::Study { id: saved.id, back }.to_hash(),
                );
            }
        }
    });
}

/// Where the study stands (saved or not) and what can be done with it: save, export, a link.
#[component]
fn StudyBar(board: RwSignal<StudyBoard>, keeper: RwSignal<Keeper>, shared: bool) -> impl IntoView {
    let i18n = use_i18n();
    let saves = expect_context::<Saves>();
    let said = RwSignal::new(None::<String>);
    // The link made, also shown to copy by hand where the clipboard is refused.
    let link_out = RwSignal::new(None::<String>);
    let saved = move || keeper.with(|k| k.copy().is_some());
    let status = move || {
        if saved() {
            t_string!(i18n, review.study_saved).to_string()
        } else if shared {
            t_string!(i18n, review.study_shared).to_string()
        } else {
            t_string!(i18n, review.study_unsaved).to_string()
        }
    };
    let save = move |_| {
        let mut kept = board.with_untracked(|b| {
            keeper.try_update(|k| {
                k.keep(
                    b.study(),
                    now_ms(),
                    || saves.new_study_id(),
                    || study_title(i18n, &title_of(b.study()), now_ms()),
                )
            })
        });
        if let Some(s) = kept.as_mut() {
            saves.save_study(s);
            crate::platform::dom::replace_location_hash(
                &Route::Study {
                    id: s.id.clone(),
                    back: String::new(),
                }
                .to_hash(),
            );
        }
    };
    let export = move |_| {
        let (text, title) = board.with_untracked(|b| study_text(b.study(), keeper));
        let name = toguz_app_core::study_keep::file_name(&title);
        let _ =
            crate::platform::files::download(&name, &text, "application/x-chess-pgn;charset=utf-8");
    };
    let train_href = move || {
        keeper
            .with(|k| k.copy().map(|s| Route::Train(Some(s.id.clone())).to_hash()))
            .unwrap_or_default()
    };
    let link = move |_| {
        let (text, _) = board.with_untracked(|b| study_text(b.study(), keeper));
        let payload = link_payload(&text);
        let message = if payload.len() > toguz_app_core::study_keep::MAX_LINK_PAYLOAD {
            t_string!(i18n, review.study_too_long).to_string()
        } else {
            let href = crate::platform::dom::base_url() + &Route::SharedStudy(payload).to_hash();
            crate::platform::files::copy_text(&href);
            link_out.set(Some(href));
            t_string!(i18n, review.study_link_copied).to_string()
        };
        said.set(Some(message));
    };
    view! {
        <div class="study-bar" data-testid="study-bar">
            <p class="study-bar__status" role="status" data-testid="study-status" data-saved=move || saved().to_string()>
                {status}
            </p>
            <div class="study-bar__actions">
                <Show when=move || !saved()>
                    <Button testid="btn-study-save" on_click=save>
                        {text(move || t_string!(i18n, review.study_save))}
                    </Button>
                </Show>
                <Button testid="btn-study-export" on_click=export>
                    {text(move || t_string!(i18n, review.study_export))}
                </Button>
                <Button testid="btn-study-link" on_click=link>
                    {text(move || t_string!(i18n, review.study_link))}
                </Button>
                <Show when=saved>
                    <a class="btn" href=train_href data-testid="btn-train-study">
                        {text(move || t_string!(i18n, train.rep_train))}
                    </a>
                </Show>
            </div>
            <p class="study-bar__said" role="status" data-testid="study-said">{move || said.get()}</p>
            <Show when=move || link_out.with(Option::is_some)>
                <input class="study-bar__link" readonly data-testid="study-link-out"
                    prop:value=move || link_out.get().unwrap_or_default() />
            </Show>
        </div>
    }
}

/// The study's text as exported or sent, named by its title, and that title.
fn study_text(study: &Study, keeper: RwSignal<Keeper>) -> (String, String) {
    let title = keeper
        .with_untracked(|k| k.copy().map(|s| s.title.clone()))
        .unwrap_or_else(|| title_of(study));
    let mut study = study.clone();
    toguz_store::study::set_title(&mut study, &title);
    (study.to_string(), title)
}
