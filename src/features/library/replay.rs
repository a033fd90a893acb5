//! Replay (`#/replay/<id>`): step through a saved game on the [`Board`], jump to any move,
//! and play on from there as a new game (a game sent as a link is replayed the same way:
//! `shared.rs`). The stepping is `toguz_app_core::replay`'s; these are its views.

use leptos::prelude::*;
use toguz_engine::{EndReason, Side};
use toguz_store::GameEntry;

use super::text::{self};
use crate::i18n::*;
use crate::platform::files::copy_text;
use crate::services::launch::{Launch, Launcher};
use crate::services::pictures::{Shot, Subject};
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words::{self, text};
use crate::ui::{Board, Button, Highlights, Look, NotFound, PlayFromHere, ShareGif, ShareImage};
use toguz_app_core::anim;
use toguz_app_core::picture::Scene;
use toguz_app_core::replay::{self as model, Status};

/// The replay screen of game `id`.
#[component]
pub fn ReplayScreen(
    /// The game's id in the library.
    #[prop(into)]
    id: Signal<String>,
) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let entry = Memo::new(move |_| saves.game(&id.get()).ok().flatten());
    view! {
        <main class="screen replay" data-testid="replay-screen">
            {move || match entry.get() {
                Some(e) => view! { <Replay entry=e shared=None /> }.into_any(),
                None => view! { <NotFound testid="replay-missing" /> }.into_any(),
            }}
        </main>
    }
}

/// A game being replayed: the header, the board with the line above it, and the controls
/// below. `shared`: a share link's record, for a game not in the library (no review, which
/// needs a saved game); `children`, what to show between the header and the board (a shared
/// game's bar).
#[component]
pub(super) fn Replay(
    entry: GameEntry,
    shared: Option<String>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let i18n = use_i18n();
    // This replay's own address: where the analysis board's "back" returns.
    let home = match &shared {
        Some(payload) => Route::SharedGame(payload.clone()),
        None => Route::Replay(entry.id.clone()),
    };
    let mut state = model::Replay::new(&entry.game);
    // `?ply=N` in the address (the analysis board's way back) opens at that move.
    if let Some(n) = model::ply_in_hash(&crate::platform::dom::location_hash(), state.total()) {
        state.go(n);
    }
    let replay = RwSignal::new(state);
    let (white, black) = text::names(i18n, &entry.players, entry.mode);
    let flipped = RwSignal::new(entry.flipped);
    let entry = StoredValue::new(entry);

    let position = Signal::derive(move || replay.with(model::Replay::position));
    let highlights = Signal::derive(move || {
        let last = replay.with(model::Replay::last_move);
        Highlights {
            last_from: last.map(|m| m.from_square()),
            last_to: last.map(|m| m.last),
            ..Highlights::default()
        }
    });
    // At the end of a game emptied by the rules, the board shows the korgools collected.
    let frame = Signal::derive(move || position.with(anim::collection));
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        replay.maybe_update(|r| r.key(&ev.key()));
    });
    on_cleanup(move || keys.remove());
    view! {
        <header class="replay__header">
            <a class="btn btn--quiet" href=Route::Library.to_hash() data-testid="back-to-library">
                {text(move || t_string!(i18n, library.back_to_library))}
            </a>
            <h1 class="replay__title" data-testid="replay-players">
                <span>{white}</span>
                " – "
                <span>{black}</span>
            </h1>
        </header>
        {children.map(|c| c())}
        <ReplayStatus replay=replay reason=entry.with_value(GameEntry::end_reason) />
        <Board position=position flipped=flipped highlights=highlights frame=frame />
        <ReplayNav replay=replay />
        <ReplayActions replay=replay entry=entry flipped=flipped home=home.clone() />
        <ReplayMoves replay=replay />
        <ReplayExplorer replay=replay entry=entry home=home />
    }
}

/// The opening explorer for the position shown: its move that is the game's next steps to
/// it; another opens the analysis board there, with the game's moves, to try it.
#[component]
fn ReplayExplorer(
    replay: RwSignal<model::Replay>,
    entry: StoredValue<GameEntry>,
    /// This replay's route, where the analysis board returns.
    home: Route,
) -> impl IntoView {
    let home = StoredValue::new(home);
    let routes = Routes::get();
    let position = Signal::derive(move || replay.with(model::Replay::position));
    let on_move = Callback::new(move |house: toguz_engine::House| {
        let ply = replay.with_untracked(model::Replay::ply);
        let next = entry.with_value(|e| e.game.moves().get(ply).map(|m| m.house));
        if next == Some(house) {
            replay.update(|r| r.go(ply + 1));
            return;
        }
        routes.go(Route::Analysis {
            position: position.get_untracked().to_string(),
            back: format!("{}?ply={ply}", home.with_value(Route::to_hash)),
        });
    });
    view! { <crate::ui::Explorer position=position on_move=on_move /> }
}

/// What the line above the board says: the result at the end of a finished game (and why it
/// ended, when that is known: `reason`), else who is to move, with the kazans.
fn status_text(locale: Locale, status: Status, reason: Option<EndReason>) -> String {
    match status {
        Status::Over(end) => words::ended(locale, &end, reason),
        Status::ToMove { turn, kazans } => {
            let to_move = match turn {
                Side::White => td_string!(locale, library.white_to_move),
                Side::Black => td_string!(locale, library.black_to_move),
            };
            format!("{to_move} · {}:{}", kazans.white, kazans.black)
        }
    }
}

/// The line above the board: the result at the end of a finished game, else who is to move,
/// with the kazans.
#[component]
fn ReplayStatus(
    replay: RwSignal<model::Replay>,
    /// Why the game ended, when that is known ([`GameEntry::end_reason`]).
    reason: Option<EndReason>,
) -> impl IntoView {
    let i18n = use_i18n();
    let status = move || {
        status_text(
            i18n.get_locale(),
            replay.with(model::Replay::status),
            reason,
        )
    };
    let score_attr = move || {
        let k = replay.with(model::Replay::score);
        format!("{}:{}", k.white, k.black)
    };
    view! {
        <p class="replay__status" data-testid="replay-status" data-score=score_attr>
            {status}
        </p>
    }
}

/// The picture of the replay as shown (`ply`: at that ply instead), with the move just played
/// as its caption.
fn shot(replay: &model::Replay, ply: Option<usize>, flipped: bool, locale: Locale) -> Shot {
    let mut r = replay.clone();
    if let Some(n) = ply {
        r.go(n);
    }
    let last = r.last_move().map(|m| (m.from_square(), m.last));
    Shot {
        scene: Scene::of_position(&r.position(), flipped, last),
        status: status_text(locale, r.status(), None),
        caption: r.caption(),
    }
}

/// Share image of the position shown, and Share as GIF of the whole game, a frame a ply.
#[component]
fn ReplayPictures(replay: RwSignal<model::Replay>, flipped: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let image = move || {
        let locale = i18n.get_locale_untracked();
        Subject::Shots(
            replay.with_untracked(|r| vec![shot(r, None, flipped.get_untracked(), locale)]),
        )
    };
    let gif = move || {
        let locale = i18n.get_locale_untracked();
        let flipped = flipped.get_untracked();
        Subject::Shots(replay.with_untracked(|r| {
            (0..=r.total())
                .map(|n| shot(r, Some(n), flipped, locale))
                .collect()
        }))
    };
    view! {
        <ShareImage subject=image />
        <ShareGif subject=gif />
    }
}

/// First, previous, the counter, next, last, and the slider under them.
#[component]
fn ReplayNav(replay: RwSignal<model::Replay>) -> impl IntoView {
    let i18n = use_i18n();
    let total = replay.with_untracked(model::Replay::total);
    let at_start = move || replay.with(model::Replay::at_start);
    let at_end = move || replay.with(model::Replay::at_end);
    let go = move |n: usize| replay.update(|r| r.go(n));
    let step = move |d: isize| replay.update(|r| r.step(d));
    view! {
            <div class="replay__nav" role="group">
                <Button
                    testid="replay-first"
                    aria_label=text(move || t_string!(i18n, library.first))
                    disabled=at_start
                    on_click=move |_| go(0)
                >
                    <Icon d="M5 4v12M16 4l-8 6 8 6z" />
                </Button>
                <Button
                    testid="replay-prev"
                    aria_label=text(move || t_string!(i18n, library.prev))
                    disabled=at_start
                    on_click=move |_| step(-1)
                >
                    <Icon d="M14 4l-8 6 8 6z" />
                </Button>
                <span class="replay__counter" data-testid="replay-counter">
                    {move || {
                        let (p, all) = replay.with(model::Replay::counter);
                        t_string!(i18n, library.move_of, ply = p, total = all).to_string()
                    }}
                </span>
                <Button
                    testid="replay-next"
                    aria_label=text(move || t_string!(i18n, library.next))
                    disabled=at_end
                    on_click=move |_| step(1)
                >
                    <Icon d="M6 4l8 6-8 6z" />
                </Button>
                <Button
                    testid="replay-last"
                    aria_label=text(move || t_string!(i18n, library.last))
                    disabled=at_end
                    on_click=move |_| go(total)
                >
                    <Icon d="M15 4v12M4 4l8 6-8 6z" />
                </Button>
            </div>
            <input
                type="range"
                class="replay__slider"
                data-testid="replay-slider"
                min="0"
                max=total.to_string()
                aria-label=text(move || t_string!(i18n, library.jump))
                prop:value=move || replay.with(model::Replay::ply).to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<usize>() {
                        go(v);
                    }
                }
            />
    }
}

/// What to do from the position shown: play on, review, analyse, copy, edit, flip.
#[component]
fn ReplayActions(
    replay: RwSignal<model::Replay>,
    entry: StoredValue<GameEntry>,
    flipped: RwSignal<bool>,
    /// This replay's route, where the analysis board returns; a shared game's has no review.
    home: Route,
) -> impl IntoView {
    let reviewable = matches!(home, Route::Replay(_));
    let home = StoredValue::new(home);
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let position = move || replay.with_untracked(model::Replay::position);
    let ply = move || replay.with_untracked(model::Replay::ply);
    let id = move || entry.with_value(|e| e.id.clone());
    let play_from_here = move |_| {
        let _ = launcher.launch(Launch::PlayFrom {
            entry: Box::new(entry.get_value()),
            ply: ply(),
        });
    };
    // Back to this replay at this move.
    let analyse = move |_| {
        routes.go(Route::Analysis {
            position: position().to_string(),
            back: format!("{}?ply={}", home.with_value(Route::to_hash), ply()),
        });
    };
    let copied = RwSignal::new(false);
    view! {
            <div class="replay__actions">
                <Button look=Look::Primary testid="play-from-here" on_click=play_from_here>
                    {text(move || t_string!(i18n, library.play_from_here))}
                </Button>
                <Show when=move || reviewable>
                    <Button testid="btn-review" on_click=move |_| routes.go(Route::Review(id()))>
                        {text(move || t_string!(i18n, review.review))}
                    </Button>
                </Show>
                <Button testid="btn-analyse" on_click=analyse>
                    {text(move || t_string!(i18n, review.analyse))}
                </Button>
                <Button
                    testid="copy-position"
                    on_click=move |_| copied.set(copy_text(&position().to_string()))
                >
                    {move || {
                        if copied.get() {
                            t_string!(i18n, library.position_copied).to_string()
                        } else {
                            t_string!(i18n, library.copy_position).to_string()
                        }
                    }}
                </Button>
                // The position editor, opened on the position shown.
                <Button
                    testid="replay-edit-position"
                    on_click=move |_| routes.go(Route::Editor(Some(position().to_string())))
                >
                    {text(move || t_string!(i18n, editor.edit_position))}
                </Button>
                <Button testid="replay-flip" on_click=move |_| flipped.update(|f| *f = !*f)>
                    {text(move || t_string!(i18n, library.flip))}
                </Button>
                <ReplayPictures replay=replay flipped=flipped />
            </div>
            <PlayFromHere position=Signal::derive(move || Some(replay.with(model::Replay::position))) />
    }
}

/// The moves, one item per move number with White's ply and Black's together, so that a pair
/// never wraps in the middle. A click shows the position after that ply.
#[component]
fn ReplayMoves(replay: RwSignal<model::Replay>) -> impl IntoView {
    // Built once: only each button's mark follows the move shown.
    let items = replay.with_untracked(|r| {
        r.pairs()
            .into_iter()
            .map(|(number, plies)| {
                let buttons = plies
                    .into_iter()
                    .map(|n| {
                        let label = r.label(n).to_string();
                        let current = move || replay.with(model::Replay::ply) == n;
                        view! {
                            <button
                                type="button"
                                class="replay__ply"
                                class:replay__ply--current=current
                                aria-current=move || current().then_some("step")
                                data-testid="replay-ply"
                                on:click=move |_| replay.update(|r| r.go(n))
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view();
                view! {
                    <li class="replay__move">
                        <span class="replay__num">{format!("{number}.")}</span>
                        {buttons}
                    </li>
                }
            })
            .collect_view()
    });
    view! {
        <ol class="replay__moves" data-testid="replay-moves">
            {items}
        </ol>
    }
}

/// A small icon of the replay's buttons (the font may lack the media symbols).
#[component]
fn Icon(d: &'static str) -> impl IntoView {
    view! {
        <svg class="replay__icon" viewBox="0 0 20 20" aria-hidden="true">
            <path d=d fill="currentColor" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round" />
        </svg>
    }
}
