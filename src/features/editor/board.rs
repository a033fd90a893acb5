//! The editor's board: the shared [`Board`] drawing the setup, the selection and the place a
//! problem is about, with the pointer and the keys the editor adds to it (a drag moves a
//! pile; `+` and `-` change the selected place). What they do is decided by the model
//! ([`Editor`] and its [`Drag`]); this reads the browser's events for it.

use leptos::prelude::*;
use toguz_engine::{House, Position, Side, Square};
use wasm_bindgen::JsCast;

use crate::ui::board::spot_at;
use crate::ui::{Board, Highlights, SquareSet};
use toguz_app_core::editor::{self, Drag, Editor, Key, Pointer, Spot};

/// The house or kazan an event happened in.
fn event_spot(ev: &web_sys::Event) -> Option<Spot> {
    let element = ev.target()?.dyn_into::<web_sys::Element>().ok()?;
    spot_at(&element)
}

/// The house or kazan under a pointer (a touch's events go to where it started).
fn spot_under(ev: &web_sys::PointerEvent) -> Option<Spot> {
    let document = web_sys::window()?.document()?;
    spot_at(&document.element_from_point(ev.client_x() as f32, ev.client_y() as f32)?)
}

fn pointer(ev: &web_sys::PointerEvent) -> Pointer {
    Pointer {
        id: ev.pointer_id(),
        x: ev.client_x(),
        y: ev.client_y(),
    }
}

/// The board of the setup being edited; every house can be clicked (and so selected).
#[component]
pub fn EditorBoard(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
    let setup = Memo::new(move |_| model.with(Editor::setup));
    let position = Memo::new(move |_| model.with(|m| m.position().ok()));
    let selected = Memo::new(move |_| model.with(Editor::selected));
    let error_at = Memo::new(move |_| model.with(Editor::error_at));
    let frame = Signal::derive(move || Some(editor::frame_of(&setup.get())));
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

    // Dragging korgools between houses and kazans (a pointer: mouse, pen or touch).
    let drag = StoredValue::new(Drag::default());
    let dragging = RwSignal::new(false);
    let on_pointerdown = move |ev: web_sys::PointerEvent| {
        let on = event_spot(&ev);
        drag.update_value(|d| d.press(on, ev.button() == 0, pointer(&ev)));
    };
    let on_pointermove = move |ev: web_sys::PointerEvent| {
        if !drag
            .try_update_value(|d| d.moved(pointer(&ev)))
            .unwrap_or(false)
        {
            return;
        }
        ev.prevent_default();
        let under = spot_under(&ev);
        if let Some(Some(target)) = drag.try_update_value(|d| d.over(under)) {
            dragging.set(target.is_some());
        }
    };
    let on_pointerup = move |ev: web_sys::PointerEvent| {
        let gesture = drag
            .try_update_value(|d| d.release(pointer(&ev), || spot_under(&ev)))
            .flatten();
        dragging.set(false);
        if let Some(gesture) = gesture {
            model.maybe_update(|m| m.gesture(gesture));
        }
    };
    let on_pointercancel = move |_: web_sys::PointerEvent| {
        drag.update_value(Drag::cancel);
        dragging.set(false);
    };
    let on_click_capture = move |ev: web_sys::MouseEvent| {
        if drag.try_update_value(Drag::take_click) == Some(true) {
            ev.stop_propagation();
            ev.prevent_default();
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if let Some(key) = Key::on_board(&ev.key()) {
            ev.prevent_default();
            model.update(|m| {
                m.key(key);
            });
        }
    };
    view! {
        <div
            class="editor__board"
            class:editor__board--dragging=move || dragging.get()
            data-testid="editor-board"
            data-setup=move || setup.get().to_string()
            on:pointerdown=on_pointerdown
            on:pointermove=on_pointermove
            on:pointerup=on_pointerup
            on:pointercancel=on_pointercancel
            on:click:capture=on_click_capture
            on:keydown=on_key
        >
            <Board
                position=board_position
                highlights=highlights
                on_house=on_house
                frame=frame
                animating=Signal::derive(|| false)
                selected=selected
                error_at=error_at
            />
        </div>
    }
}
