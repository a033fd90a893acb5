//! The position string (typed or pasted), copy, the share link and Share image.

use leptos::prelude::*;
use toguz_engine::{ParsePositionError, Setup};
use wasm_bindgen::JsCast;

use super::{position_link, text};
use crate::i18n::*;
use crate::platform::files::copy_text;
use crate::services::pictures::{Shot, Subject};
use crate::services::words::{self, text};
use crate::ui::{Button, ShareImage};
use toguz_app_core::editor::{self, Editor};
use toguz_app_core::picture::{Dot, Scene};

/// The position string (typed or pasted), copy, and the share link.
#[component]
pub fn PositionPanel(
    /// The editor.
    model: RwSignal<Editor>,
    /// The position string came from a link that does not read.
    link_failed: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let copied = RwSignal::new(false);
    let share = RwSignal::new(None::<String>);
    let link_copied = RwSignal::new(false);
    // A change of the board makes an older link or "copied" stale.
    Effect::new(move |prev: Option<Setup>| {
        let now = model.with(Editor::setup);
        if prev.is_some_and(|p| p != now) {
            copied.set(false);
            link_copied.set(false);
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
            {move || error.get().map(|e| view! { <ParseError error=e link_failed=link_failed /> })}
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
                        let url = position_link::position_link(&model.with_untracked(Editor::position_string));
                        link_copied.set(copy_text(&url));
                        share.set(Some(url));
                    }
                >
                    // "Copied" once the link is on the clipboard, as Copy says.
                    {move || {
                        if link_copied.get() {
                            t_string!(i18n, editor.copied).to_string()
                        } else {
                            t_string!(i18n, editor.share).to_string()
                        }
                    }}
                </Button>
                <ShareImage subject=move || Subject::Shots(vec![shot(model, i18n.get_locale_untracked())]) />
            </div>
            <Show when=move || share.with(Option::is_some)>
                <ShareLink share=share />
            </Show>
        </section>
    }
}

/// The picture of the board as the editor shows it: the setup, even an illegal one, and its
/// side to move.
fn shot(model: RwSignal<Editor>, locale: Locale) -> Shot {
    let setup = model.with_untracked(Editor::setup);
    Shot {
        scene: Scene {
            frame: editor::frame_of(&setup),
            turn: setup.turn,
            dot: Some(Dot::Side(setup.turn)),
            flipped: false,
            last: None,
        },
        status: words::to_move(locale, setup.turn),
        caption: None,
    }
}

/// Why the position string does not read, in the parser's words.
#[component]
fn ParseError(
    /// The parser's error.
    error: ParsePositionError,
    /// The string came from a link.
    link_failed: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        // A link's error is announced once, by the status at the top.
        <p
            class="editor__error"
            data-testid="editor-position-error"
            role=move || if link_failed.get() { None } else { Some("alert") }
        >
            {move || {
                let locale = i18n.get_locale();
                let detail = text::parse_error(locale, &error);
                if link_failed.get() {
                    td_string!(locale, editor.link_error, error = detail)
                } else {
                    td_string!(locale, editor.string_error, error = detail)
                }
            }}
        </p>
    }
}

/// The share link, selected whole when focused (to copy it by hand).
#[component]
fn ShareLink(
    /// The link.
    share: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
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
    }
}
