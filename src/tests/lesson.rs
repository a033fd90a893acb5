//! Browser tests of a lesson on screen (headless, like every test of the library): the
//! demonstration played, paused, stepped and skipped through the sowing driver, with its
//! narration and drop numbers; a wrong answer explained and shown, then a retry.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use crate::features::tutorial::LessonScreen;
use crate::i18n::I18nContextProvider;
use crate::services::launch::Launcher;
use crate::services::routes::Routes;

/// Lesson `number` from its first step (the progress another test saved is wiped first).
fn mount(number: u8) -> HtmlElement {
    crate::features::tutorial::progress::save(&Default::default());
    let document = web_sys::window().unwrap().document().unwrap();
    let root: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    std::mem::forget(leptos::mount::mount_to(root.clone(), move || {
        Routes::provide();
        Launcher::provide();
        view! { <I18nContextProvider><LessonScreen number=number /></I18nContextProvider> }
    }));
    root
}

fn by_testid(root: &Element, id: &str) -> HtmlElement {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid {id}"))
        .unchecked_into()
}

fn text_of(root: &Element, id: &str) -> String {
    by_testid(root, id).text_content().unwrap_or_default()
}

fn count_of(root: &Element, id: &str) -> String {
    by_testid(root, id).get_attribute("data-count").unwrap()
}

async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

#[wasm_bindgen_test]
async fn a_demonstration_plays_pauses_steps_and_skips_with_its_narration() {
    let root = mount(2);
    settle().await;
    assert_eq!(
        by_testid(&root, "lesson-panel")
            .get_attribute("data-kind")
            .unwrap(),
        "demo"
    );
    assert_eq!(
        by_testid(&root, "tut-play")
            .get_attribute("data-playing")
            .unwrap(),
        "true"
    );
    by_testid(&root, "tut-play").click();
    settle().await;
    assert_eq!(
        by_testid(&root, "tut-play")
            .get_attribute("data-playing")
            .unwrap(),
        "false"
    );
    by_testid(&root, "tut-restart").click();
    settle().await;
    assert_eq!(text_of(&root, "tut-frame"), "1 / 10");
    assert!(text_of(&root, "narration").contains("9 korgools of house 1"));
    assert_eq!(count_of(&root, "house-w-1"), "0", "the pile lifted");
    by_testid(&root, "tut-forward").click();
    settle().await;
    assert_eq!(text_of(&root, "tut-frame"), "2 / 10");
    assert_eq!(count_of(&root, "house-w-1"), "1");
    assert_eq!(
        root.query_selector_all("[data-testid='drop-number']")
            .unwrap()
            .length(),
        1
    );
    by_testid(&root, "tut-back").click();
    settle().await;
    assert_eq!(text_of(&root, "tut-frame"), "1 / 10");
    // Played again, then a tap on the board skips to the end.
    by_testid(&root, "tut-play").click();
    settle().await;
    assert_eq!(
        by_testid(&root, "tut-play")
            .get_attribute("data-playing")
            .unwrap(),
        "true"
    );
    by_testid(&root, "house-w-5").click();
    settle().await;
    assert_eq!(text_of(&root, "tut-frame"), "10 / 10");
    assert_eq!(
        by_testid(&root, "tut-play")
            .get_attribute("data-playing")
            .unwrap(),
        "false"
    );
    assert_eq!(count_of(&root, "house-w-9"), "10");
}

#[wasm_bindgen_test]
async fn a_wrong_landing_is_explained_and_shown_then_tried_again() {
    let root = mount(2);
    settle().await;
    for step in ["2", "3"] {
        by_testid(&root, "tut-next").click();
        settle().await;
        assert_eq!(
            by_testid(&root, "lesson-panel")
                .get_attribute("data-step")
                .unwrap(),
            step
        );
    }
    assert_eq!(
        by_testid(&root, "lesson-panel")
            .get_attribute("data-kind")
            .unwrap(),
        "landing"
    );
    assert!(
        !text_of(&root, "hint").is_empty(),
        "the hint says what to do"
    );
    by_testid(&root, "house-w-5").click();
    settle().await;
    let feedback = by_testid(&root, "feedback");
    assert!(feedback.class_name().contains("tut-feedback--wrong"));
    assert!(text_of(&root, "feedback").contains("opponent's house 1"));
    assert!(
        text_of(&root, "tut-frame").ends_with("/ 9"),
        "the sowing that really happens"
    );
    by_testid(&root, "tut-retry").click();
    settle().await;
    assert!(root
        .query_selector("[data-testid='feedback']")
        .unwrap()
        .is_none());
    assert!(root
        .query_selector("[data-testid='tut-frame']")
        .unwrap()
        .is_none());
    by_testid(&root, "house-b-1").click();
    settle().await;
    assert!(by_testid(&root, "feedback")
        .class_name()
        .contains("tut-feedback--right"));
    assert!(root
        .query_selector("[data-testid='tut-next']")
        .unwrap()
        .is_some());
}
