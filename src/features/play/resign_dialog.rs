//! "Resign?": a resignation ends the game and cannot be taken back, so it is asked first.

use leptos::prelude::*;

use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::{Button, Look, Modal};

/// Asks before resigning; "Resign" resigns for the person (or the side to move).
#[component]
pub fn ResignDialog() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    let close = move || dialogs.open.set(Dialog::Closed);
    view! {
        <Modal
            open=Signal::derive(move || dialogs.open.get() == Dialog::Resign)
            on_close=move |()| close()
            testid="resign-dialog"
            labelled_by="resign-title"
        >
            <h2 id="resign-title" class="dialog__title">
                {text(move || t_string!(i18n, common.resign_title))}
            </h2>
            <p class="dialog__reason">{text(move || t_string!(i18n, common.resign_text))}</p>
            <div class="dialog__actions">
                <Button testid="btn-resign-cancel" autofocus=true on_click=move |_| close()>
                    {text(move || t_string!(i18n, common.keep_playing))}
                </Button>
                <Button
                    look=Look::Primary
                    testid="btn-resign-confirm"
                    on_click=move |_| {
                        close();
                        session.resign();
                    }
                >
                    {text(move || t_string!(i18n, common.resign))}
                </Button>
            </div>
        </Modal>
    }
}
