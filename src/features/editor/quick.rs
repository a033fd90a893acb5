//! Quick setups (start position, empty board, mirror) and the history (undo, redo).

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::words::text;
use crate::ui::Button;
use toguz_app_core::editor::Editor;

/// Start position, empty board, mirror; undo and redo.
#[component]
pub fn QuickPanel(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
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
