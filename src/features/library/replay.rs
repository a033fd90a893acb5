//! Replay (`#/replay/<id>`): step through a saved game on the [`Board`], jump to any move,
//! and play on from there as a new game. Positions, last moves and the end all come from the
//! engine's `Game` (its positions and move outcomes): no rule is re-implemented here.

use leptos::prelude::*;
use toguz_engine::{GameResult, Position, Side, Square};
use toguz_store::GameEntry;

use super::wording;
use crate::core::anim;
use crate::core::game::notation;
use crate::i18n::*;
use crate::platform::files::copy_text;
use crate::services::launch::{Launch, Launcher};
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Board, Button, Highlights, Look};

/// The replay screen of game `id`.
#[component]
pub fn ReplayScreen(
    /// The game's id in the library.
    #[prop(into)]
    id: Signal<String>,
) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let entry = Memo::new(move |_| saves.game(&id.get()).ok().flatten());
    view! {
        <main class="screen replay" data-testid="replay-screen">
            {move || match entry.get() {
                Some(e) => view! { <Replay entry=e /> }.into_any(),
                None => {
                    view! {
                        <p class="library__empty" data-testid="replay-missing">
                            {text(move || t_string!(i18n, library.not_found))}
                        </p>
                        <a class="btn" href=Route::Library.to_hash()>
                            {text(move || t_string!(i18n, library.back_to_library))}
                        </a>
                    }
                        .into_any()
                }
            }}
        </main>
    }
}

#[component]
fn Replay(entry: GameEntry) -> impl IntoView {
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let game = entry.game.clone();
    // The moves in effect (a game kept with moves taken back replays up to its cursor).
    let total = game.ply();
    let positions: Vec<Position> = game.positions()[..=total].to_vec();
    let moves: Vec<_> = game.moves()[..total].to_vec();
    let end = game.result();
    // Move numbers count from White's first move (a game may start with Black to move).
    let offset = usize::from(game.start().turn() == Side::Black);
    let (white, black) = wording::names(i18n, &entry.players, entry.mode);
    let flipped = RwSignal::new(entry.flipped);
    // `?ply=N` in the address (the analysis board's way back) opens at that move.
    let at = crate::platform::dom::location_hash()
        .split_once("?ply=")
        .and_then(|(_, n)| n.parse::<usize>().ok())
        .filter(|&n| n <= total);
    let ply = RwSignal::new(at.unwrap_or(total));
    let entry = StoredValue::new(entry);
    let positions = StoredValue::new(positions);
    let moves = StoredValue::new(moves);

    let position = Signal::derive(move || positions.with_value(|p| p[ply.get()]));
    let highlights = Signal::derive(move || {
        let i = ply.get();
        let last = (i > 0).then(|| moves.with_value(|m| m[i - 1].outcome.clone()));
        Highlights {
            last_from: last.as_ref().map(|m| Square::new(m.side, m.from)),
            last_to: last.map(|m| m.last),
            ..Highlights::default()
        }
    });
    // At the end of a game emptied by the rules, the board shows the korgools collected.
    let frame = Signal::derive(move || position.with(anim::collection));
    let step = move |d: isize| {
        ply.update(|p| *p = (*p as isize + d).clamp(0, total as isize) as usize);
    };
    let keys = window_event_listener(leptos::ev::keydown, move |ev| match ev.key().as_str() {
        "ArrowLeft" => step(-1),
        "ArrowRight" => step(1),
        "Home" => ply.set(0),
        "End" => ply.set(total),
        _ => {}
    });
    on_cleanup(move || keys.remove());

    let status = move || {
        let i = ply.get();
        if i == total {
            if let Some(end) = end {
                // The winner's count first, as the result reads ("Black won · 60:58").
                let score =
                    crate::services::words::score_for(&end, crate::core::game::Mode::TwoPlayers);
                let result = match end.result {
                    GameResult::Win(Side::White) => t_string!(i18n, library.result_white),
                    GameResult::Win(Side::Black) => t_string!(i18n, library.result_black),
                    GameResult::Draw => t_string!(i18n, library.result_draw),
                }
                .to_string();
                return format!("{result} · {score}");
            }
        }
        let p = position.get();
        let k = p.kazans();
        let to_move = match p.turn() {
            Side::White => t_string!(i18n, library.white_to_move),
            Side::Black => t_string!(i18n, library.black_to_move),
        }
        .to_string();
        format!("{to_move} · {}:{}", k.white, k.black)
    };
    let score_attr = move || {
        let i = ply.get();
        match end.filter(|_| i == total) {
            Some(e) => format!("{}:{}", e.kazans.white, e.kazans.black),
            None => {
                let k = position.get().kazans();
                format!("{}:{}", k.white, k.black)
            }
        }
    };
    // One item per move number, White's ply and Black's together, so that a pair never wraps
    // in the middle.
    let move_items = move || {
        moves.with_value(|m| {
            let sides: Vec<Side> = m.iter().map(|pm| pm.outcome.side).collect();
            move_pairs(&sides, offset)
                .into_iter()
                .map(|(number, plies)| {
                    let buttons = plies
                        .into_iter()
                        .map(|n| {
                            let label = notation(&m[n - 1].outcome);
                            view! {
                                <button
                                    type="button"
                                    class="replay__ply"
                                    class:replay__ply--current=move || ply.get() == n
                                    aria-current=move || (ply.get() == n).then_some("step")
                                    data-testid="replay-ply"
                                    on:click=move |_| ply.set(n)
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
        })
    };
    let play_from_here = move |_| {
        let _ = launcher.launch(Launch::PlayFrom {
            entry: Box::new(entry.get_value()),
            ply: ply.get_untracked(),
        });
    };
    let copied = RwSignal::new(false);
    let copy_position = move |_| {
        copied.set(copy_text(&position.get_untracked().to_string()));
    };
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
            <p class="replay__status" data-testid="replay-status" data-score=score_attr>
                {status}
            </p>
            <Board position=position flipped=flipped highlights=highlights frame=frame />
            <div class="replay__nav" role="group">
                <Button
                    testid="replay-first"
                    aria_label=text(move || t_string!(i18n, library.first))
                    disabled=move || ply.get() == 0
                    on_click=move |_| ply.set(0)
                >
                    <Icon d="M5 4v12M16 4l-8 6 8 6z" />
                </Button>
                <Button
                    testid="replay-prev"
                    aria_label=text(move || t_string!(i18n, library.prev))
                    disabled=move || ply.get() == 0
                    on_click=move |_| step(-1)
                >
                    <Icon d="M14 4l-8 6 8 6z" />
                </Button>
                <span class="replay__counter" data-testid="replay-counter">
                    {move || {
                        // Counted in moves, as the list numbers them (a move: White's ply and
                        // Black's).
                        let (p, all) = (move_number(ply.get(), offset), move_number(total, offset));
                        t_string!(i18n, library.move_of, ply = p, total = all).to_string()
                    }}
                </span>
                <Button
                    testid="replay-next"
                    aria_label=text(move || t_string!(i18n, library.next))
                    disabled=move || ply.get() == total
                    on_click=move |_| step(1)
                >
                    <Icon d="M6 4l8 6-8 6z" />
                </Button>
                <Button
                    testid="replay-last"
                    aria_label=text(move || t_string!(i18n, library.last))
                    disabled=move || ply.get() == total
                    on_click=move |_| ply.set(total)
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
                prop:value=move || ply.get().to_string()
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<usize>() {
                        ply.set(v.min(total));
                    }
                }
            />
            <div class="replay__actions">
                <Button
                    look=Look::Primary
                    testid="play-from-here"
                    on_click=play_from_here
                >
                    {text(move || t_string!(i18n, library.play_from_here))}
                </Button>
                <Button
                    testid="btn-review"
                    on_click=move |_| {
                    routes.go(Route::Review(entry.with_value(|e| e.id.clone())));
                }
    >
                    {text(move || t_string!(i18n, review.review))}
                </Button>
                <Button
                    testid="btn-analyse"
                    on_click=move |_| {
                    let id = entry.with_value(|e| e.id.clone());
                    // Back to this replay at this move.
                    routes.go(Route::Analysis {
                        position: position.get_untracked().to_string(),
                        back: format!("{}?ply={}", Route::Replay(id).to_hash(), ply.get_untracked()),
                    });
                }
    >
                    {text(move || t_string!(i18n, review.analyse))}
                </Button>
                <Button testid="copy-position" on_click=copy_position>
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
                    on_click=move |_| routes.go(Route::Editor(Some(position.get_untracked().to_string())))
                >
                    {text(move || t_string!(i18n, editor.edit_position))}
                </Button>
                <Button
                    testid="replay-flip"
                    on_click=move |_| flipped.update(|f| *f = !*f)
                >
                    {text(move || t_string!(i18n, library.flip))}
                </Button>
            </div>
            <ol class="replay__moves" data-testid="replay-moves">
                {move_items}
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

/// The number of the move that ply `n` (1-based; 0 = the start, move 0) belongs to, when the
/// game's first ply is Black's if `offset` is 1: moves are numbered as White's ply and Black's.
pub fn move_number(n: usize, offset: usize) -> usize {
    if n == 0 {
        0
    } else {
        (n - 1 + offset) / 2 + 1
    }
}

/// The plies (1-based) grouped by move number, from the side of each ply in order.
pub fn move_pairs(sides: &[Side], offset: usize) -> Vec<(usize, Vec<usize>)> {
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, &side) in sides.iter().enumerate() {
        let n = i + 1;
        match out.last_mut() {
            Some((_, plies)) if side == Side::Black => plies.push(n),
            _ => out.push((move_number(n, offset), vec![n])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn moves_are_counted_as_the_list_numbers_them() {
        use Side::{Black, White};
        // Ten plies from the start: five moves, a pair each.
        let sides = [White, Black].repeat(5);
        let pairs = move_pairs(&sides, 0);
        assert_eq!(pairs.len(), 5);
        assert_eq!(pairs[0], (1, vec![1, 2]));
        assert_eq!(pairs[4], (5, vec![9, 10]));
        assert_eq!(
            (move_number(10, 0), move_number(9, 0), move_number(0, 0)),
            (5, 5, 0)
        );
        // From a position with Black to move: "1... 2. 3." and the counter agrees.
        let sides = [Black, White, Black, White];
        let pairs = move_pairs(&sides, 1);
        assert_eq!(pairs, vec![(1, vec![1]), (2, vec![2, 3]), (3, vec![4])]);
        assert_eq!(move_number(4, 1), 3);
    }
}
