//! The editor's screen: the shared board with the selection, the count of the selected place,
//! the kazans, tuzes and side to move, quick setups, undo and redo, the position string, and
//! "Play from here" and "Share link". Every change goes through the model
//! ([`crate::core::editor::Editor`]); the engine's check of the setup is shown next to what
//! causes it.

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::{House, Position, Setup, Side, Square};
use toguz_store::EditorDraft;
use wasm_bindgen::JsCast;

use super::{link, text};
use crate::core::anim::{Frame, Step};
use crate::core::editor::{self, Cause, Editor, Spot, MAX_COUNT};
use crate::core::game::Mode;
use crate::i18n::*;
use crate::platform::files::copy_text;
use crate::services::launch::{Launch, Launcher};
use crate::services::routes::{Route, Routes};
use crate::services::words;
use crate::services::words::text;
use crate::ui::{Board, Button, Highlights, LevelChips, Look, SquareSet, ToggleChip};

/// The frame the board draws for a setup, which may be illegal (the board's own frame is
/// built from a legal position only).
pub fn frame_of(setup: &Setup) -> Frame {
    let mut houses = [0; 18];
    houses[..9].copy_from_slice(&setup.houses.white);
    houses[9..].copy_from_slice(&setup.houses.black);
    Frame {
        houses,
        kazans: [setup.kazans.white, setup.kazans.black],
        tuz: [
            editor::tuz_square(setup, Side::White),
            editor::tuz_square(setup, Side::Black),
        ],
        hand: 0,
        step: Step::Still,
    }
}

/// The editor's state as stored.
fn draft_of(e: &Editor) -> EditorDraft {
    EditorDraft {
        setup: e.setup(),
        undo: e.undo_history().to_vec(),
        redo: e.redo_history().to_vec(),
    }
}

/// The house or kazan of a board element, from its `data-testid` (`house-w-3`, `kazan-b`).
fn spot_of_testid(id: &str) -> Option<Spot> {
    let side = |c: &str| match c {
        "w" => Some(Side::White),
        "b" => Some(Side::Black),
        _ => None,
    };
    let mut parts = id.split('-');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some("house"), Some(s), Some(n), None) => {
            let house = House::new(n.parse().ok()?)?;
            Some(Spot::House(Square::new(side(s)?, house)))
        }
        (Some("kazan"), Some(s), None, None) => Some(Spot::Kazan(side(s)?)),
        _ => None,
    }
}

/// The house or kazan under an element (the element itself or one of its parents).
fn spot_at(element: Option<web_sys::Element>) -> Option<Spot> {
    let el = element?
        .closest("[data-testid^='house-'], [data-testid^='kazan-']")
        .ok()
        .flatten()?;
    spot_of_testid(&el.get_attribute("data-testid")?)
}

fn event_spot(ev: &web_sys::Event) -> Option<Spot> {
    spot_at(
        ev.target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
    )
}

/// A pointer pressed on a house or kazan, maybe dragging its korgools.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    from: Spot,
    pointer: i32,
    x: i32,
    y: i32,
    moving: bool,
}

/// The position editor. `open`: a position string to open (from a link or "Edit position").
#[component]
pub fn EditorScreen(
    /// A position string to put on the board (its own undo step), if any.
    open: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let routes = Routes::get();
    let from_storage = crate::platform::storage::load::<EditorDraft>(toguz_store::EDITOR_KEY)
        .map(|d| Editor::with_history(d.setup, d.undo, d.redo))
        .unwrap_or_default();
    let model = RwSignal::new(from_storage);
    // Opened from a link: the parser's error, if the string does not read.
    let link_failed = RwSignal::new(false);
    if let Some(text) = open {
        model.update(|m| {
            if m.open_text(&text).is_err() {
                link_failed.set(true);
            }
        });
        routes.replace(&Route::Editor(None));
    }
    // Every change is kept (a reload comes back to it).
    Effect::new(move |_| {
        model.with(|m| crate::platform::storage::save(toguz_store::EDITOR_KEY, &draft_of(m)))
    });

    let setup = Memo::new(move |_| model.with(Editor::setup));
    let problem = Memo::new(move |_| model.with(Editor::problem));
    let position = Memo::new(move |_| model.with(|m| m.position().ok()));
    let selected = Memo::new(move |_| model.with(Editor::selected));
    let frame = Signal::derive(move || Some(frame_of(&setup.get())));
    // The board shows the frame; its `position` is the engine's when the setup is legal.
    let board_position = Signal::derive(move || position.get().unwrap_or_else(Position::start));
    let all_houses: SquareSet = Side::ALL
        .into_iter()
        .flat_map(|s| House::ALL.map(|h| Square::new(s, h)))
        .collect();
    let highlights = Signal::derive(move || Highlights {
        playable: all_houses,
        ..Highlights::default()
    });
    let on_house = Callback::new(move |sq: Square| {
        model.update(|m| m.select(Some(Spot::House(sq))));
    });

    // The selection and the house an error is about, marked on the board's houses.
    let board_ref = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let sel = selected.get();
        let bad = problem.get().and_then(|p| match p.cause() {
            Cause::House(sq) => Some(Spot::House(sq)),
            Cause::Kazan(side) => Some(Spot::Kazan(side)),
            _ => None,
        });
        let Some(root) = board_ref.get() else { return };
        let root: &web_sys::Element = root.as_ref();
        if let Ok(list) =
            root.query_selector_all("[data-testid^='house-'], [data-testid^='kazan-']")
        {
            for i in 0..list.length() {
                let Some(el) = list
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                else {
                    continue;
                };
                let spot = el
                    .get_attribute("data-testid")
                    .and_then(|t| spot_of_testid(&t));
                let classes = el.class_list();
                let _ = classes.toggle_with_force("editor-selected", spot.is_some() && spot == sel);
                let _ = classes.toggle_with_force("editor-bad", spot.is_some() && spot == bad);
                if spot.is_some() && spot == sel {
                    let _ = el.set_attribute("aria-current", "true");
                } else {
                    let _ = el.remove_attribute("aria-current");
                }
            }
        }
    });

    // Dragging korgools between houses and kazans (a pointer: mouse, pen or touch).
    let drag = StoredValue::new(None::<Drag>);
    let drag_over = RwSignal::new(None::<Spot>);
    let swallow_click = StoredValue::new(false);
    let on_pointerdown = move |ev: web_sys::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        if let Some(from) = event_spot(&ev) {
            drag.set_value(Some(Drag {
                from,
                pointer: ev.pointer_id(),
                x: ev.client_x(),
                y: ev.client_y(),
                moving: false,
            }));
        }
    };
    let spot_under = |ev: &web_sys::PointerEvent| {
        let doc = web_sys::window().and_then(|w| w.document())?;
        spot_at(doc.element_from_point(ev.client_x() as f32, ev.client_y() as f32))
    };
    let on_pointermove = move |ev: web_sys::PointerEvent| {
        let Some(mut d) = drag.get_value() else {
            return;
        };
        if d.pointer != ev.pointer_id() {
            return;
        }
        if !d.moving && (ev.client_x() - d.x).abs() + (ev.client_y() - d.y).abs() > 8 {
            d.moving = true;
            drag.set_value(Some(d));
        }
        if d.moving {
            ev.prevent_default();
            let over = spot_under(&ev).filter(|s| *s != d.from);
            if drag_over.get_untracked() != over {
                drag_over.set(over);
            }
        }
    };
    let on_pointerup = move |ev: web_sys::PointerEvent| {
        let Some(d) = drag.get_value() else { return };
        drag.set_value(None);
        drag_over.set(None);
        if d.pointer != ev.pointer_id() {
            return;
        }
        if !d.moving {
            // A tap on a kazan selects it (the board reports taps on houses itself).
            if let Spot::Kazan(_) = d.from {
                model.update(|m| m.select(Some(d.from)));
            }
            return;
        }
        swallow_click.set_value(true);
        if let Some(to) = spot_under(&ev) {
            model.update(|m| {
                let n = m.count(d.from);
                m.move_korgools(d.from, to, n);
            });
        }
    };
    let on_pointercancel = move |_: web_sys::PointerEvent| {
        drag.set_value(None);
        drag_over.set(None);
    };
    let on_click_capture = move |ev: web_sys::MouseEvent| {
        if swallow_click.get_value() {
            swallow_click.set_value(false);
            ev.stop_propagation();
            ev.prevent_default();
        }
    };
    let on_board_key = move |ev: web_sys::KeyboardEvent| {
        let changed = match ev.key().as_str() {
            "+" | "=" => {
                model.update(|m| {
                    m.plus();
                });
                true
            }
            "-" | "_" => {
                model.update(|m| {
                    m.minus();
                });
                true
            }
            _ => false,
        };
        if changed {
            ev.prevent_default();
        }
    };
    // Undo and redo from the keyboard, outside the text fields.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || crate::platform::dom::typing_in_field(&ev) {
            return;
        }
        let ctrl = ev.ctrl_key() || ev.meta_key();
        let key = ev.key().to_lowercase();
        let done = match key.as_str() {
            "z" if ctrl && !ev.shift_key() => {
                model.update(|m| {
                    m.undo();
                });
                true
            }
            "y" if ctrl => {
                model.update(|m| {
                    m.redo();
                });
                true
            }
            "z" if ctrl && ev.shift_key() => {
                model.update(|m| {
                    m.redo();
                });
                true
            }
            _ => false,
        };
        if done {
            ev.prevent_default();
        }
    });
    on_cleanup(move || keys.remove());

    let status = move || {
        let locale = i18n.get_locale();
        match position.get() {
            Some(p) => td_string!(
                locale,
                editor.valid,
                to_move = words::to_move(locale, p.turn())
            ),
            None => td_string!(locale, editor.cannot_play).to_string(),
        }
    };
    // The problem, shown by the part of the editor that causes it.
    let error_at = move |here: fn(Cause) -> bool| {
        move || {
            problem.get().filter(|p| here(p.cause())).map(|p| {
                let kind = p.kind();
                view! {
                    <p class="editor__error" data-testid="editor-error" data-kind=kind role="alert">
                        {move || text::problem(i18n.get_locale(), &p)}
                    </p>
                }
            })
        }
    };

    view! {
        <main class="screen editor" data-testid="editor-screen">
            <h1 class="screen__title">{text(move || t_string!(i18n, editor.title))}</h1>
            <p class="editor__intro">{text(move || t_string!(i18n, editor.intro))}</p>
            <p
                class="editor__status"
                class:editor__status--bad=move || position.with(Option::is_none)
                data-testid="editor-status"
                role="status"
            >
                {status}
            </p>
            <div class="editor__layout">
                <section class="editor__board-area">
                    <div
                        class="editor__board"
                        class:editor__board--dragging=move || drag_over.with(Option::is_some)
                        data-testid="editor-board"
                        data-setup=move || setup.get().to_string()
                        node_ref=board_ref
                        on:pointerdown=on_pointerdown
                        on:pointermove=on_pointermove
                        on:pointerup=on_pointerup
                        on:pointercancel=on_pointercancel
                        on:click:capture=on_click_capture
                        on:keydown=on_board_key
                    >
                        <Board
                            position=board_position
                            highlights=highlights
                            on_house=on_house
                            frame=frame
                            animating=Signal::derive(|| false)
                        />
                    </div>
                    <p class="editor__hint">{text(move || t_string!(i18n, editor.keys_hint))}</p>
                    <SelectedTools model=model />
                    {error_at(|c| matches!(c, Cause::House(_)))}
                </section>
                <div class="editor__panels">
                    <KazanPanel model=model />
                    {error_at(|c| matches!(c, Cause::Total | Cause::Kazan(_)))}
                    <TuzPanel model=model />
                    {error_at(|c| matches!(c, Cause::Tuz(_) | Cause::Tuzes | Cause::Turn))}
                    <QuickPanel model=model />
                    <PositionPanel model=model link_failed=link_failed />
                    <PlayPanel model=model />
                </div>
            </div>
        </main>
    }
}

/// The selected house or kazan: its name, − and +, and its count to type.
#[component]
fn SelectedTools(model: RwSignal<Editor>) -> impl IntoView {
    let i18n = use_i18n();
    let selected = Memo::new(move |_| model.with(Editor::selected));
    let count = Memo::new(move |_| model.with(|m| m.selected().map(|s| m.count(s))));
    let name = move || {
        let locale = i18n.get_locale();
        selected.get().map(|spot| {
            let setup = model.with(Editor::setup);
            let tuz_owner = match spot {
                Spot::House(sq) => Side::ALL
                    .into_iter()
                    .find(|&o| editor::tuz_square(&setup, o) == Some(sq)),
                Spot::Kazan(_) => None,
            };
            text::spot_name(locale, spot, count.get().unwrap_or(0), tuz_owner)
        })
    };
    let short_name = move || {
        let locale = i18n.get_locale();
        selected.get().map(|spot| match spot {
            Spot::House(sq) => text::tuz_house(locale, sq),
            Spot::Kazan(side) => text::kazan(locale, side),
        })
    };
    view! {
        <div class="editor__selected">
            <p class="editor__selected-name" data-testid="editor-selected" aria-live="polite">
                {move || match name() {
                    Some(n) => td_string!(i18n.get_locale(), editor.selected, name = n),
                    None => td_string!(i18n.get_locale(), editor.nothing_selected).to_string(),
                }}
            </p>
            <div class="editor__stepper">
                <Button
                    class="editor__step"
                    testid="editor-minus"
                    aria_label=text(move || t_string!(i18n, editor.minus))
                    disabled=move || { count.get().is_none_or(|c| c == 0) }
                    on_click=move |_| {
                        model.update(|m| {
                            m.minus();
                        })
                    }
                >
                    "−"
                </Button>
                <input
                    type="number"
                    class="editor__count"
                    data-testid="editor-count"
                    min="0"
                    max=MAX_COUNT.to_string()
                    inputmode="numeric"
                    aria-label=move || {
                        short_name()
                            .map(|n| td_string!(i18n.get_locale(), editor.count_of, name = n))
                            .unwrap_or_else(|| t_string!(i18n, editor.nothing_selected).to_string())
                    }
                    disabled=move || selected.get().is_none()
                    prop:value=move || count.get().map(|c| c.to_string()).unwrap_or_default()
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        if let (Some(spot), Ok(n)) = (selected.get_untracked(), v.trim().parse::<u32>()) {
                            model.update(|m| {
                                m.set_count(spot, n.min(u32::from(MAX_COUNT)) as u8);
                            });
                        }
                    }
                />
                <Button
                    class="editor__step"
                    testid="editor-plus"
                    aria_label=text(move || t_string!(i18n, editor.plus))
                    disabled=move || { count.get().is_none_or(|c| c >= MAX_COUNT) }
                    on_click=move |_| {
                        model.update(|m| {
                            m.plus();
                        })
                    }
                >
                    "+"
                </Button>
            </div>
        </div>
    }
}

/// The kazans' counts, the total, and "fill the kazans".
#[component]
fn KazanPanel(model: RwSignal<Editor>) -> impl IntoView {
    let i18n = use_i18n();
    let missing = Memo::new(move |_| model.with(Editor::missing));
    let to_white = RwSignal::new(None::<u8>);
    // Half of the missing korgools to each side unless the player chose.
    let share = Memo::new(move |_| {
        let m = missing.get().max(0) as u8;
        to_white.get().map_or(m / 2, |w| w.min(m))
    });
    let kazan = move |side: Side| {
        let spot = Spot::Kazan(side);
        let value = Memo::new(move |_| model.with(|m| m.count(spot)));
        let id = format!("editor-kazan-{}", side.letter());
        view! {
            <div class="editor__kazan">
                <label class="editor__label" for=id.clone()>
                    {move || text::kazan(i18n.get_locale(), side)}
                </label>
                <div class="editor__stepper">
                    <Button
                        class="editor__step"
                        testid=format!("editor-kazan-{}-minus", side.letter())
                        aria_label=move || {
                            format!("{}: {}", text::kazan(i18n.get_locale(), side), t_string!(i18n, editor.minus))
                        }
                        disabled=move || value.get() == 0
                        on_click=move |_| {
                            model.update(|m| {
                                m.step(spot, -1);
                            })
                        }
                    >
                        "−"
                    </Button>
                    <input
                        type="number"
                        class="editor__count"
                        id=id.clone()
                        data-testid=id
                        min="0"
                        max=MAX_COUNT.to_string()
                        inputmode="numeric"
                        prop:value=move || value.get().to_string()
                        on:input=move |ev| {
                            if let Ok(n) = event_target_value(&ev).trim().parse::<u32>() {
                                model.update(|m| {
                                    m.set_count(spot, n.min(u32::from(MAX_COUNT)) as u8);
                                });
                            }
                        }
                    />
                    <Button
                        class="editor__step"
                        testid=format!("editor-kazan-{}-plus", side.letter())
                        aria_label=move || {
                            format!("{}: {}", text::kazan(i18n.get_locale(), side), t_string!(i18n, editor.plus))
                        }
                        disabled=move || { value.get() >= MAX_COUNT }
                        on_click=move |_| {
                            model.update(|m| {
                                m.step(spot, 1);
                            })
                        }
                    >
                        "+"
                    </Button>
                </div>
            </div>
        }
    };
    view! {
        <section class="editor__panel" aria-labelledby="editor-kazans-title">
            <h2 class="editor__panel-title" id="editor-kazans-title">{text(move || t_string!(i18n, editor.kazans))}</h2>
            <div class="editor__kazans">{kazan(Side::White)} {kazan(Side::Black)}</div>
            <p class="editor__total" data-testid="editor-total" data-total=move || model.with(Editor::total)>
                {move || td_string!(i18n.get_locale(), editor.total, total = model.with(Editor::total))}
                {move || {
                    let m = missing.get();
                    let locale = i18n.get_locale();
                    if m > 0 {
                        format!(" · {}", td_string!(locale, editor.missing, n = m))
                    } else if m < 0 {
                        format!(" · {}", td_string!(locale, editor.surplus, n = -m))
                    } else {
                        String::new()
                    }
                }}
            </p>
            <Show when=move || { missing.get() > 0 }>
                <div class="editor__fill">
                    <label class="editor__label" for="editor-fill-white">
                        {text(move || t_string!(i18n, editor.fill_to_white))}
                    </label>
                    <input
                        type="range"
                        id="editor-fill-white"
                        data-testid="editor-fill-white"
                        min="0"
                        max=move || missing.get().max(0).to_string()
                        prop:value=move || share.get().to_string()
                        aria-valuetext=move || {
                            let w = share.get();
                            let b = missing.get().max(0) as u8 - w;
                            td_string!(i18n.get_locale(), editor.fill_split, white = w, black = b)
                        }
                        on:input=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                                to_white.set(Some(n));
                            }
                        }
                    />
                    <span class="editor__split" data-testid="editor-fill-split">
                        {move || {
                            let w = share.get();
                            let b = missing.get().max(0) as u8 - w;
                            td_string!(i18n.get_locale(), editor.fill_split, white = w, black = b)
                        }}
                    </span>
                    <Button
                        testid="btn-editor-fill"
                        on_click=move |_| {
                            let w = share.get_untracked();
                            model.update(|m| {
                                m.fill_kazans(w);
                            });
                            to_white.set(None);
                        }
                    >
                        {text(move || t_string!(i18n, editor.fill))}
                    </Button>
                </div>
            </Show>
        </section>
    }
}

/// Each side's tuz and the side to move.
#[component]
fn TuzPanel(model: RwSignal<Editor>) -> impl IntoView {
    let i18n = use_i18n();
    let tuz_select = move |owner: Side| {
        let value = Memo::new(move |_| model.with(|m| m.setup().tuz[owner]));
        let id = format!("editor-tuz-{}", owner.letter());
        let options = move || {
            let locale = i18n.get_locale();
            let current = value.get();
            let mut opts = vec![view! {
                <option value="" selected=current.is_none()>
                    {td_string!(locale, editor.no_tuz)}
                </option>
            }
            .into_any()];
            for h in House::ALL {
                let n = h.get();
                opts.push(
                    view! {
                        <option value=n.to_string() selected=current == Some(n)>
                            {text::tuz_house(locale, Square::new(owner.opponent(), h))}
                        </option>
                    }
                    .into_any(),
                );
            }
            // A number that is no house (from a pasted string) shows as it is.
            if let Some(n) = current.filter(|&n| House::new(n).is_none()) {
                opts.push(
                    view! {
                        <option value=n.to_string() selected=true>
                            {td_string!(locale, editor.tuz_invalid, n = n)}
                        </option>
                    }
                    .into_any(),
                );
            }
            opts
        };
        view! {
            <label class="editor__field">
                <span class="editor__label">
                    {move || td_string!(i18n.get_locale(), editor.tuz_of, side_of = words::side_of(i18n.get_locale(), owner))}
                </span>
                <select
                    class="select"
                    id=id.clone()
                    data-testid=id
                    prop:value=move || value.get().map(|n| n.to_string()).unwrap_or_default()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        let house = v.parse::<u8>().ok();
                        model.update(|m| {
                            m.set_tuz(owner, house);
                        });
                    }
                >
                    {options}
                </select>
            </label>
        }
    };
    let turn = Memo::new(move |_| model.with(|m| m.setup().turn));
    view! {
        <section class="editor__panel" aria-labelledby="editor-tuz-title">
            <h2 class="editor__panel-title" id="editor-tuz-title">{text(move || t_string!(i18n, editor.tuz_and_turn))}</h2>
            <div class="editor__fields">
                {tuz_select(Side::White)}
                {tuz_select(Side::Black)}
                <label class="editor__field">
                    <span class="editor__label">{text(move || t_string!(i18n, editor.side_to_move))}</span>
                    <select
                        class="select"
                        data-testid="editor-side"
                        prop:value=move || turn.get().letter().to_string()
                        on:change=move |ev| {
                            let side = if event_target_value(&ev) == "b" { Side::Black } else { Side::White };
                            model.update(|m| {
                                m.set_turn(side);
                            });
                        }
                    >
                        {Side::ALL
                            .into_iter()
                            .map(|s| {
                                view! {
                                    <option value=s.letter().to_string() selected=move || turn.get() == s>
                                        {move || words::side(i18n.get_locale(), s)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
        </section>
    }
}

/// Start position, empty board, mirror; undo and redo.
#[component]
fn QuickPanel(model: RwSignal<Editor>) -> impl IntoView {
    let i18n = use_i18n();
    let can_undo = Memo::new(move |_| model.with(Editor::can_undo));
    let can_redo = Memo::new(move |_| model.with(Editor::can_redo));
    view! {
        <section class="editor__panel" aria-labelledby="editor-quick-title">
            <h2 class="editor__panel-title" id="editor-quick-title">{text(move || t_string!(i18n, editor.quick))}</h2>
            <div class="editor__buttons">
                <Button
                    testid="btn-editor-start"
                    on_click=move |_| {
                        model.update(|m| {
                            m.reset_to_start();
                        })
                    }
                >
                    {text(move || t_string!(i18n, editor.start))}
                </Button>
                <Button
                    testid="btn-editor-empty"
                    on_click=move |_| {
                        model.update(|m| {
                            m.clear();
                        })
                    }
                >
                    {text(move || t_string!(i18n, editor.empty))}
                </Button>
                <Button
                    testid="btn-editor-mirror"
                    on_click=move |_| {
                        model.update(|m| {
                            m.mirror();
                        })
                    }
                >
                    {text(move || t_string!(i18n, editor.mirror))}
                </Button>
            </div>
            <div class="editor__buttons" role="group" aria-label=text(move || t_string!(i18n, editor.history))>
                <Button
                    testid="btn-editor-undo"
                    keyshortcuts="Control+Z"
                    disabled=move || !can_undo.get()
                    on_click=move |_| {
                        model.update(|m| {
                            m.undo();
                        })
                    }
                >
                    {text(move || t_string!(i18n, common.undo))}
                </Button>
                <Button
                    testid="btn-editor-redo"
                    keyshortcuts="Control+Y"
                    disabled=move || !can_redo.get()
                    on_click=move |_| {
                        model.update(|m| {
                            m.redo();
                        })
                    }
                >
                    {text(move || t_string!(i18n, common.redo))}
                </Button>
            </div>
        </section>
    }
}

/// The position string (typed or pasted), copy, and the share link.
#[component]
fn PositionPanel(model: RwSignal<Editor>, link_failed: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let copied = RwSignal::new(false);
    let share = RwSignal::new(None::<String>);
    // A change of the board makes an older link or "copied" stale.
    Effect::new(move |prev: Option<Setup>| {
        let now = model.with(Editor::setup);
        if prev.is_some_and(|p| p != now) {
            copied.set(false);
            share.set(None);
        }
        now
    });
    let error = Memo::new(move |_| model.with(|m| m.text_error().cloned()));
    Effect::new(move |_| {
        if error.with(Option::is_none) {
            link_failed.set(false);
        }
    });
    view! {
        <section class="editor__panel" aria-labelledby="editor-position-title">
            <h2 class="editor__panel-title" id="editor-position-title">
                <label for="editor-position">{text(move || t_string!(i18n, editor.position))}</label>
            </h2>
            <p class="editor__hint" id="editor-position-hint">{text(move || t_string!(i18n, editor.position_hint))}</p>
            <input
                type="text"
                class="editor__position"
                id="editor-position"
                data-testid="editor-position"
                spellcheck="false"
                autocomplete="off"
                aria-describedby="editor-position-hint"
                aria-invalid=move || error.with(Option::is_some).to_string()
                prop:value=move || model.with(Editor::text)
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    model.update(|m| {
                        let _ = m.type_text(&v);
                    });
                }
                on:blur=move |_| model.update(Editor::leave_text)
            />
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="editor__error" data-testid="editor-position-error" role="alert">
                                {move || {
                                    let locale = i18n.get_locale();
                                    let detail = text::parse_error(locale, &e);
                                    if link_failed.get() {
                                        td_string!(locale, editor.link_error, error = detail)
                                    } else {
                                        td_string!(locale, editor.string_error, error = detail)
                                    }
                                }}
                            </p>
                        }
                    })
            }}
            <div class="editor__buttons">
                <Button
                    testid="btn-editor-copy"
                    on_click=move |_| {
                        copied.set(copy_text(&model.with_untracked(Editor::position_string)));
                    }
                >
                    {move || {
                        if copied.get() {
                            t_string!(i18n, editor.copied).to_string()
                        } else {
                            t_string!(i18n, editor.copy).to_string()
                        }
                    }}
                </Button>
                <Button
                    testid="btn-editor-share"
                    on_click=move |_| {
                        let url = link::position_link(&model.with_untracked(Editor::position_string));
                        copy_text(&url);
                        share.set(Some(url));
                    }
                >
                    {text(move || t_string!(i18n, editor.share))}
                </Button>
            </div>
            <Show when=move || share.with(Option::is_some)>
                <label class="editor__share">
                    <span class="editor__hint">{text(move || t_string!(i18n, editor.share_hint))}</span>
                    <input
                        type="text"
                        readonly
                        class="editor__position"
                        data-testid="editor-share-link"
                        prop:value=move || share.get().unwrap_or_default()
                        on:focus=move |ev| {
                            if let Some(input) = ev
                                .target()
                                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                            {
                                input.select();
                            }
                        }
                    />
                </label>
            </Show>
        </section>
    }
}

/// "Play from here": against the computer (side and level) or two players.
#[component]
fn PlayPanel(model: RwSignal<Editor>) -> impl IntoView {
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let vs_computer = RwSignal::new(true);
    let human = RwSignal::new(Side::White);
    let level = RwSignal::new(Level::Medium);
    let playable = Memo::new(move |_| model.with(|m| m.position().is_ok()));
    let problem = Memo::new(move |_| model.with(Editor::problem));
    let chip =
        move |pressed: Signal<bool>, testid: String, label: Signal<String>, on: Callback<()>| {
            view! {
                <ToggleChip testid=testid pressed=pressed on_press=on>
                    {label}
                </ToggleChip>
            }
        };
    let play = move |_| {
        let Ok(position) = model.with_untracked(Editor::position) else {
            return;
        };
        let mode = if vs_computer.get_untracked() {
            Mode::Computer {
                human: human.get_untracked(),
                level: level.get_untracked(),
            }
        } else {
            Mode::TwoPlayers
        };
        // The play feature starts the game and shows its screen.
        let _ = launcher.launch(Launch::Position {
            start: position,
            mode,
        });
    };
    view! {
        <section class="editor__panel" aria-labelledby="editor-play-title">
            <h2 class="editor__panel-title" id="editor-play-title">{text(move || t_string!(i18n, editor.play_title))}</h2>
            <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.opponent))>
                {chip(
                    Signal::derive(move || vs_computer.get()),
                    "editor-vs-computer".into(),
                    words::text(move || t_string!(i18n, common.vs_computer)),
                    Callback::new(move |()| vs_computer.set(true)),
                )}
                {chip(
                    Signal::derive(move || !vs_computer.get()),
                    "editor-two-players".into(),
                    words::text(move || t_string!(i18n, common.mode_two_players)),
                    Callback::new(move |()| vs_computer.set(false)),
                )}
            </div>
            <Show when=move || vs_computer.get()>
                <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.your_side))>
                    <span class="settings__label">{text(move || t_string!(i18n, common.you_play))}</span>
                    {Side::ALL
                        .into_iter()
                        .map(|s| {
                            chip(
                                Signal::derive(move || human.get() == s),
                                format!("editor-human-{}", s.letter()),
                                words::text(move || words::side(i18n.get_locale(), s)),
                                Callback::new(move |()| human.set(s)),
                            )
                        })
                        .collect_view()}
                </div>
                <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.level))>
                    <span class="settings__label">{text(move || t_string!(i18n, common.level))}</span>
                    <LevelChips level=level testid_prefix="editor-level-" />
                </div>
            </Show>
            <div class="editor__buttons">
                <Button
                    look=Look::Primary
                    testid="btn-editor-play"
                    disabled=move || !playable.get()
                    describedby=move || problem.get().map(|_| "editor-cannot-play")
                    on_click=play
                >
                    {text(move || t_string!(i18n, editor.play))}
                </Button>
                // The analysis board on a copy; its "back to the game" returns to the editor,
                // whose draft keeps the position.
                <Button
                    testid="btn-analyse"
                    disabled=move || !playable.get()
                    on_click=move |_| {
                        if let Ok(p) = model.with_untracked(Editor::position) {
                            routes.go(Route::Analysis {
                                position: p.to_string(),
                                back: Route::Editor(None).to_hash(),
                            });
                        }
                    }
                >
                    {text(move || t_string!(i18n, review.analyse))}
                </Button>
            </div>
            <Show when=move || !playable.get()>
                <p class="editor__hint" id="editor-cannot-play">{text(move || t_string!(i18n, editor.cannot_play))}</p>
            </Show>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn testid(spot: Spot) -> String {
        match spot {
            Spot::House(sq) => format!("house-{}-{}", sq.side().letter(), sq.house()),
            Spot::Kazan(side) => format!("kazan-{}", side.letter()),
        }
    }

    #[wasm_bindgen_test]
    fn the_board_draws_any_setup_even_an_illegal_one() {
        let s: Setup = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 5/70 -/1 b"
            .parse()
            .unwrap();
        let f = frame_of(&s);
        assert_eq!(f.houses[0], 0);
        assert_eq!(f.houses[17], 9);
        assert_eq!(f.kazans, [5, 70]);
        assert_eq!(
            f.tuz[1],
            Some(Square::new(Side::White, House::new(1).unwrap()))
        );
        let p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b"
            .parse()
            .unwrap();
        assert_eq!(frame_of(&p.into()), Frame::of(&p));
    }

    #[wasm_bindgen_test]
    fn board_elements_name_their_place() {
        for spot in [
            Spot::House(Square::new(Side::Black, House::new(9).unwrap())),
            Spot::House(Square::new(Side::White, House::new(1).unwrap())),
            Spot::Kazan(Side::White),
            Spot::Kazan(Side::Black),
        ] {
            assert_eq!(spot_of_testid(&testid(spot)), Some(spot));
        }
        assert_eq!(spot_of_testid("house-w-0"), None);
        assert_eq!(spot_of_testid("house-x-1"), None);
        assert_eq!(spot_of_testid("kazan-w-1"), None);
        assert_eq!(spot_of_testid("board"), None);
    }
}
