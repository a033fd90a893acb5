//! The editor's screen: the shared board with the selection, the count of the selected place,
//! the kazans, tuzes and side to move, quick setups, undo and redo, the position string, and
//! "Play from here" and "Share link". Every change goes through the model
//! ([`toguz_app_core::editor::Editor`]), which also decides what a key, a field or a drag does;
//! the engine's check of the setup is shown next to what causes it. Each part of the screen is
//! a component of its own, in this folder.

use leptos::prelude::*;

use super::board::EditorBoard;
use super::kazans::KazanPanel;
use super::play::PlayPanel;
use super::position::PositionPanel;
use super::quick::QuickPanel;
use super::selected::SelectedTools;
use super::text;
use super::tuz::TuzPanel;
use crate::i18n::*;
use crate::services::routes::{Route, Routes};
use crate::services::saves::Saves;
use crate::services::words;
use crate::services::words::text;
use toguz_app_core::editor::{Cause, Editor, Key};

/// The position editor. `open`: a position string to open (from a link or "Edit position").
#[component]
pub fn EditorScreen(
    /// A position string to put on the board (its own undo step), if any.
    open: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let routes = Routes::get();
    let saves = expect_context::<Saves>();
    let model = RwSignal::new(
        saves
            .editor_draft()
            .map(Editor::from_draft)
            .unwrap_or_default(),
    );
    // Opened from a link: the parser's error, if the string does not read.
    let link_failed = RwSignal::new(false);
    let open_given = open.is_some();
    if let Some(text) = open {
        model.update(|m| {
            if m.open_text(&text).is_err() {
                link_failed.set(true);
            }
        });
        routes.replace(&Route::Editor(None));
    }
    // A position sent by link is mostly to be played: "Play from here" comes first, above the
    // board and its tools (on a phone the panels come two screens down, under the board).
    // One whose position cannot be played opens as usual: its tools come first, to fix it.
    let from_link = open_given
        && !link_failed.get_untracked()
        && model.with_untracked(|m| m.position().is_ok());
    // Every change is kept (a reload comes back to it).
    Effect::new(move |_| model.with(|m| saves.save_editor_draft(&m.draft())));
    // Undo and redo from the keyboard, outside the text fields.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || crate::platform::dom::typing_in_field(&ev) {
            return;
        }
        let ctrl = ev.ctrl_key() || ev.meta_key();
        if let Some(key) = Key::anywhere(&ev.key(), ctrl, ev.shift_key()) {
            ev.prevent_default();
            model.update(|m| {
                m.key(key);
            });
        }
    });
    on_cleanup(move || keys.remove());

    view! {
        <main class="screen editor" data-testid="editor-screen">
            <h1 class="screen__title">{text(move || t_string!(i18n, editor.title))}</h1>
            <p class="editor__intro">{text(move || t_string!(i18n, editor.intro))}</p>
            <Status model=model link_failed=link_failed />
            <div class="editor__layout" class:editor__layout--link=from_link>
                {from_link.then(|| view! { <PlayPanel model=model /> })}
                <section class="editor__board-area">
                    <EditorBoard model=model />
                    <p class="editor__hint">{text(move || t_string!(i18n, editor.keys_hint))}</p>
                    <SelectedTools model=model />
                    <ProblemNote model=model here=|c| matches!(c, Cause::House(_)) />
                </section>
                <div class="editor__panels">
                    <KazanPanel model=model />
                    <ProblemNote model=model here=|c| matches!(c, Cause::Total | Cause::Kazan(_)) />
                    <TuzPanel model=model />
                    <ProblemNote
                        model=model
                        here=|c| matches!(c, Cause::Tuz(_) | Cause::Tuzes | Cause::Turn)
                    />
                    <QuickPanel model=model />
                    <PositionPanel model=model link_failed=link_failed />
                    {(!from_link).then(|| view! { <PlayPanel model=model /> })}
                </div>
            </div>
        </main>
    }
}

/// Whether the setup can be played, and by whom first; first of all, that the position of the
/// link the editor was opened from does not read (the board shows the draft of before, which
/// must not pass for the link's position).
#[component]
fn Status(
    /// The editor.
    model: RwSignal<Editor>,
    /// The position string came from a link that does not read.
    link_failed: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let turn = Memo::new(move |_| model.with(|m| m.position().ok().map(|p| p.turn())));
    let link_error = Memo::new(move |_| {
        if link_failed.get() {
            model.with(|m| m.text_error().cloned())
        } else {
            None
        }
    });
    let status = move || {
        let locale = i18n.get_locale();
        if let Some(e) = link_error.get() {
            let error = text::parse_error(locale, &e);
            return td_string!(locale, editor.link_error, error = error);
        }
        match turn.get() {
            Some(side) => td_string!(locale, editor.valid, to_move = words::to_move(locale, side)),
            // The problem itself, as the part of the editor that causes it says it.
            None => model
                .with(|m| m.problem().map(|p| text::problem(locale, &p)))
                .unwrap_or_default(),
        }
    };
    let bad = move || link_error.with(Option::is_some) || turn.with(Option::is_none);
    view! {
        <p
            class="editor__status"
            class:editor__status--bad=bad
            data-testid="editor-status"
            data-link-failed=move || link_error.with(Option::is_some).to_string()
            role=move || if link_error.with(Option::is_some) { "alert" } else { "status" }
        >
            {status}
        </p>
    }
}

/// The problem of the setup, shown by the part of the editor that causes it (`here`).
#[component]
fn ProblemNote(
    /// The editor.
    model: RwSignal<Editor>,
    /// Whether a problem with this cause is shown here.
    here: fn(Cause) -> bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let problem = Memo::new(move |_| model.with(Editor::problem));
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
}
