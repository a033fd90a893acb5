//! The keyboard shortcuts dialog.

use leptos::prelude::*;

use super::{Dialog, Dialogs};
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::{Button, Look, Modal};

/// The keyboard shortcuts and how to read the moves, in a dialog opened by `?` or the
/// settings' button.
#[component]
pub fn ShortcutsDialog() -> impl IntoView {
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    let close = move || dialogs.open.set(Dialog::Closed);
    let row = move |keys: Vec<AnyView>, what: AnyView| {
        view! {
            <div class="keys__row">
                <dt class="keys__keys">
                    {keys.into_iter().map(|k| view! { <kbd>{k}</kbd> }).collect_view()}
                </dt>
                <dd class="keys__what">{what}</dd>
            </div>
        }
    };
    let k = |text: &'static str| text.into_any();
    view! {
        <Modal
            open=Signal::derive(move || dialogs.open.get() == Dialog::Shortcuts)
            on_close=move |()| close()
            testid="shortcuts-dialog"
            labelled_by="shortcuts-title"
        >
            <h2 id="shortcuts-title" class="dialog__title">{text(move || t_string!(i18n, common.shortcuts))}</h2>
            <dl class="keys">
                {row(vec![k("1"), k("…"), k("9")], text(move || t_string!(i18n, common.key_play)).into_any())}
                {row(vec![k("←"), k("→"), k("↑"), k("↓")], text(move || t_string!(i18n, common.key_arrows)).into_any())}
                {row(
                    vec![k("Enter"), text(move || t_string!(i18n, common.key_space)).into_any()],
                    text(move || t_string!(i18n, common.key_enter)).into_any(),
                )}
                {row(vec![k("U"), k("Ctrl+Z")], text(move || t_string!(i18n, common.undo)).into_any())}
                {row(vec![k("R"), k("Ctrl+Y")], text(move || t_string!(i18n, common.redo)).into_any())}
                {row(vec![k("N")], text(move || t_string!(i18n, common.new_game)).into_any())}
                {row(vec![k("H")], text(move || t_string!(i18n, common.hint)).into_any())}
                {row(vec![k("F")], text(move || t_string!(i18n, common.key_flip)).into_any())}
                {row(vec![k("?")], text(move || t_string!(i18n, common.key_help)).into_any())}
                {row(vec![k("Esc")], text(move || t_string!(i18n, common.key_close)).into_any())}
            </dl>
            <h3 class="dialog__subtitle">{text(move || t_string!(i18n, common.notation_title))}</h3>
            <p class="dialog__text" data-testid="notation-help">{text(move || t_string!(i18n, common.notation_text))}</p>
            <div class="dialog__actions">
                <Button
                    look=Look::Primary
                    testid="btn-shortcuts-close"
                    on_click=move |_| close()
                >
                    {text(move || t_string!(i18n, common.close))}
                </Button>
            </div>
        </Modal>
    }
}
