//! Browser tests (wasm-bindgen-test, in headless Chromium and Firefox like all the library's
//! tests: `crate::lib`'s configuration): the board renders the engine's counts, a click plays
//! the engine's move, the editor's marks come from the board's props, and the whole app
//! plays, undoes and starts a new game.

use crate::ui::board::spot_at;
use crate::ui::{Board, Highlights};
use leptos::prelude::*;
use toguz_app_core::editor::Spot;
// The board names its houses in the player's language: it needs the translations in context.
use crate::i18n::I18nContextProvider;
use toguz_engine::{House, Position, Side, Square};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

/// The class of the selected house.
const SELECTED: &str = "house--selected";

/// A fresh element in the body to mount into.
fn container() -> HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn by_testid(root: &Element, id: &str) -> HtmlElement {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid {id}"))
        .unchecked_into()
}

fn shown_count(root: &Element, id: &str) -> u8 {
    let el = by_testid(root, id);
    let count = el
        .query_selector(".house__count, .kazan__count")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(el.text_content().unwrap().contains(&count));
    count.trim().parse().unwrap()
}

/// Every house and kazan on screen equals `position`.
fn assert_board_shows(root: &Element, position: &Position) {
    for side in Side::ALL {
        for house in House::ALL {
            let id = format!("house-{}-{}", side.letter(), house);
            assert_eq!(shown_count(root, &id), position.count(side, house), "{id}");
        }
        let id = format!("kazan-{}", side.letter());
        assert_eq!(shown_count(root, &id), position.kazan(side), "{id}");
    }
    assert_eq!(
        by_testid(root, "board").get_attribute("data-position"),
        Some(position.to_string())
    );
}

/// Lets Leptos run the effects scheduled by a signal change.
async fn settle() {
    leptos::task::tick().await;
}

/// The element with `id` once it is there (a dialog's part loads in a few ticks; the app's
/// first screen is built over a few tasks, `services::startup`).
async fn appears(root: &Element, id: &str) -> HtmlElement {
    for _ in 0..100 {
        if root
            .query_selector(&format!("[data-testid='{id}']"))
            .unwrap()
            .is_some()
        {
            break;
        }
        next_task().await;
    }
    by_testid(root, id)
}

/// Lets the browser run the tasks queued before this one (and every effect scheduled).
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

#[wasm_bindgen_test]
fn board_shows_the_start_position() {
    let root = container();
    let position = RwSignal::new(Position::start());
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=position /></I18nContextProvider> }
    }));
    assert_board_shows(&root, &Position::start());
    let korgools = root.query_selector_all(".house .korgool").unwrap().length();
    assert_eq!(korgools, 162);
}

#[wasm_bindgen_test]
async fn clicking_a_house_plays_the_engine_move() {
    let root = container();
    let position = RwSignal::new(Position::start());
    let highlights = Memo::new(move |_| Highlights {
        playable: Highlights::playable_in(&position.get()),
        ..Highlights::default()
    });
    let on_house = Callback::new(move |square: Square| {
        position.update(|p| {
            if square.side() == p.turn() {
                let _ = p.try_play(square.house());
            }
        });
    });
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=position highlights=highlights on_house=on_house /></I18nContextProvider> }
    }));

    let seven = House::new(7).unwrap();
    by_testid(&root, "house-w-7").click();
    settle().await;
    let (expected, _) = Position::start().play(seven).unwrap();
    assert_board_shows(&root, &expected);
    assert_eq!(shown_count(&root, "kazan-w"), 10);

    // Now Black is to move: White's houses look disabled, Black's do not.
    let w1 = by_testid(&root, "house-w-1");
    assert_eq!(w1.get_attribute("aria-disabled").as_deref(), Some("true"));
    let b1 = by_testid(&root, "house-b-1");
    assert_eq!(b1.get_attribute("aria-disabled").as_deref(), Some("false"));

    // A click on White's row does nothing.
    w1.click();
    settle().await;
    assert_board_shows(&root, &expected);
}

/// A mark alone (the landing preview of a hovered house) is drawn on its house, and taken off.
#[wasm_bindgen_test]
async fn a_preview_alone_marks_its_landing_house() {
    let root = container();
    let preview = RwSignal::new(None::<Square>);
    let highlights = Memo::new(move |_| Highlights {
        playable: Highlights::playable_in(&Position::start()),
        preview: preview.get(),
        ..Highlights::default()
    });
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=Position::start() highlights=highlights /></I18nContextProvider> }
    }));
    let marked = |id: &str| by_testid(&root, id).class_list().contains("house--preview");
    assert!(!marked("house-b-6"));
    let b6 = Square::new(Side::Black, House::new(6).unwrap());
    preview.set(Some(b6));
    settle().await;
    assert!(marked("house-b-6"), "the preview's house is marked");
    assert!(!marked("house-b-5"), "no other house is");
    preview.set(None);
    settle().await;
    assert!(!marked("house-b-6"), "the mark goes with the preview");
}

#[wasm_bindgen_test]
async fn the_app_plays_moves_and_undoes_them() {
    let root = container();
    std::mem::forget(leptos::mount::mount_to(root.clone(), crate::app::App));
    // The settings come from their part, at the player's first scroll (or pointer, or key)
    // where they are not in view as the page opens: their slot, built with the live region
    // a few tasks after the mount, listens for it.
    appears(&root, "announcer").await;
    web_sys::window()
        .unwrap()
        .dispatch_event(&web_sys::Event::new("scroll").unwrap())
        .unwrap();
    for _ in 0..10 {
        if root
            .query_selector("[data-testid='speed-instant']")
            .unwrap()
            .is_some()
        {
            break;
        }
        settle().await;
    }
    // No animation: the counts are the engine's at once.
    by_testid(&root, "speed-instant").click();
    settle().await;
    let mut expected = Position::start();
    for (id, house) in [("house-w-7", 7), ("house-b-3", 3), ("house-w-5", 5)] {
        by_testid(&root, id).click();
        settle().await;
        expected.try_play(House::new(house).unwrap()).unwrap();
        assert_board_shows(&root, &expected);
    }
    assert!(by_testid(&root, "turn")
        .text_content()
        .unwrap()
        .contains("Black to move"));
    assert_eq!(by_testid(&root, "move-list").children().length(), 2);

    by_testid(&root, "btn-undo").click();
    settle().await;
    let (after_two, _) = Position::start()
        .play(House::new(7).unwrap())
        .and_then(|(p, _)| p.play(House::new(3).unwrap()))
        .unwrap();
    assert_board_shows(&root, &after_two);

    by_testid(&root, "btn-new-game").click();
    appears(&root, "mode-two").await.click();
    by_testid(&root, "btn-start").click();
    settle().await;
    assert_board_shows(&root, &Position::start());
}

#[wasm_bindgen_test]
fn flipping_puts_black_at_the_bottom() {
    let root = container();
    let flipped = RwSignal::new(true);
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=Signal::stored(Position::start()) flipped=flipped /></I18nContextProvider> }
    }));
    let style = by_testid(&root, "house-b-1")
        .get_attribute("style")
        .unwrap();
    assert!(style.contains("grid-row:4"), "{style}");
    assert!(style.contains("grid-column:1"), "{style}");
}

/// The editor with what its screen needs from the root: the saves, the routes and the
/// launcher.
#[component]
fn EditorAlone() -> impl IntoView {
    crate::services::saves::Saves::start();
    crate::services::routes::Routes::provide();
    crate::services::launch::Launcher::provide();
    view! { <crate::features::editor::EditorScreen open=None /> }
}

/// The selection is drawn by the board with its other marks: setting a tuz, which redraws the
/// house's marks, keeps it (when the editor drew the selection itself, the board's redraw
/// took it off, and nothing else changed to put it back).
#[wasm_bindgen_test]
async fn a_selected_house_keeps_its_selection_mark_when_a_tuz_is_set() {
    let root = container();
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><EditorAlone /></I18nContextProvider> }
    }));
    settle().await;
    // An empty board: its problem (the total) stays the same as the tuz is set.
    by_testid(&root, "btn-editor-empty").click();
    settle().await;
    let house = || by_testid(&root, "house-b-4");
    house().click();
    settle().await;
    let marks = || house().get_attribute("class").unwrap_or_default();
    assert!(marks().contains(SELECTED), "{}", marks());
    // White's tuz in house 4 (a `<select>` has a `value` like an input's).
    let tuz: web_sys::HtmlInputElement = by_testid(&root, "editor-tuz-w").unchecked_into();
    tuz.set_value("4");
    tuz.dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    assert!(
        marks().contains("house--tuz"),
        "the tuz is drawn: {}",
        marks()
    );
    assert!(marks().contains(SELECTED), "still selected: {}", marks());
    assert_eq!(
        house().get_attribute("aria-current").as_deref(),
        Some("true")
    );
}

/// The selection and the place a problem is about are the board's props, drawn on houses and
/// kazans alike.
#[wasm_bindgen_test]
async fn the_board_marks_the_selected_place_and_the_place_in_error() {
    let root = container();
    let b4 = Spot::House(Square::new(Side::Black, House::new(4).unwrap()));
    let selected = RwSignal::new(Some(Spot::Kazan(Side::White)));
    let error_at = RwSignal::new(Some(b4));
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=Position::start() selected=selected error_at=error_at /></I18nContextProvider> }
    }));
    let class = |id: &str| by_testid(&root, id).get_attribute("class").unwrap();
    let current = |id: &str| by_testid(&root, id).get_attribute("aria-current");
    assert!(class("kazan-w").contains("kazan--selected"));
    assert_eq!(current("kazan-w").as_deref(), Some("true"));
    assert!(!class("kazan-b").contains("kazan--selected"));
    assert!(class("house-b-4").contains("house--error"));
    assert!(!class("house-b-4").contains(SELECTED));
    selected.set(Some(b4));
    error_at.set(Some(Spot::Kazan(Side::Black)));
    settle().await;
    assert!(!class("kazan-w").contains("kazan--selected"));
    assert_eq!(current("kazan-w"), None);
    assert!(class("house-b-4").contains(SELECTED));
    assert_eq!(current("house-b-4").as_deref(), Some("true"));
    assert!(!class("house-b-4").contains("house--error"));
    assert!(class("kazan-b").contains("kazan--error"));
    selected.set(None);
    settle().await;
    assert!(!class("house-b-4").contains(SELECTED));
    assert_eq!(current("house-b-4"), None);
}

/// A screen following a pointer over the board learns which house or kazan is under it from
/// the board, whatever part of it the pointer is over.
#[wasm_bindgen_test]
fn the_board_names_the_place_of_its_elements() {
    let root = container();
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        view! { <I18nContextProvider><Board position=Position::start() /></I18nContextProvider> }
    }));
    for (id, spot) in [
        (
            "house-b-9",
            Spot::House(Square::new(Side::Black, House::new(9).unwrap())),
        ),
        (
            "house-w-1",
            Spot::House(Square::new(Side::White, House::new(1).unwrap())),
        ),
        ("kazan-w", Spot::Kazan(Side::White)),
        ("kazan-b", Spot::Kazan(Side::Black)),
    ] {
        let el = by_testid(&root, id);
        assert_eq!(spot_at(&el), Some(spot), "{id}");
        let count = el
            .query_selector(".house__count, .kazan__count")
            .unwrap()
            .unwrap();
        assert_eq!(spot_at(&count), Some(spot), "{id}'s count");
    }
    assert_eq!(spot_at(&by_testid(&root, "board")), None);
    assert_eq!(spot_at(&root), None);
}

/// Share image is a button; with no maker of pictures (no part to load), a click says the
/// picture failed, and the button is free to try again.
#[wasm_bindgen_test]
async fn share_image_says_on_its_button_that_a_picture_failed() {
    use crate::services::pictures::Subject;
    use crate::ui::ShareImage;
    let root = container();
    let el: Element = root.clone().into();
    let _handle = leptos::mount::mount_to(root, || {
        view! {
            <I18nContextProvider>
                <ShareImage subject=|| Subject::Shots(Vec::new()) />
            </I18nContextProvider>
        }
    });
    let button = by_testid(&el, "btn-share-image");
    assert_eq!(button.text_content().unwrap(), "Share image");
    button.click();
    settle().await;
    assert_eq!(button.text_content().unwrap(), "Picture failed: try again");
    assert!(!button.has_attribute("disabled"));
}
