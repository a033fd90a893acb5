//! The end-of-game dialog.

use leptos::prelude::*;
use toguz_engine::Side;

use super::end_estimate::EndEstimateSlot;
use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::saves::Saves;
use crate::services::words::{self, text};
use crate::ui::{Button, Look, Modal};

/// The end-of-game dialog: result, reason and final counts (after the animation), and the
/// rating each person's play showed (estimated as the dialog opens, from the game's review),
/// and for a practice game whether its goal was reached (`practice_end`, with the estimate).
#[component]
pub fn EndDialog() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    let saves = expect_context::<Saves>();
    let end = Memo::new(move |_| session.with(|s| s.end()));
    let epoch = Memo::new(move |_| session.with(|s| s.epoch()));
    let open = Memo::new(move |_| session.with(|s| dialogs.end_open(s)));
    let dismiss = move || dialogs.end_dismissed.set(Some(epoch.get_untracked()));
    // Only while the dialog is open: its part is fetched then, and its review starts.
    let estimate = use_context::<EndEstimateSlot>();
    view! {
        <Modal
            open=open
            on_close=move |()| dismiss()
            testid="end-dialog"
            labelled_by="end-title"
            class="dialog--end"
        >
                    {move || {
                        end.get()
                            .map(|e| {
                                let locale = i18n.get_locale();
                                let result = words::result_for(locale, e.result, session.with(|s| s.mode()));
                                view! {
                                    <h2 id="end-title" class="dialog__title" data-testid="end-result">
                                        {result}
                                    </h2>
                                    <p class="dialog__reason" data-testid="end-reason">
                                        {words::reason(locale, e.reason)}
                                    </p>
                                    <p class="dialog__score" data-testid="end-counts">
                                        <span>{words::side(locale, Side::White)} " "</span>
                                        <strong>{e.kazans.white}</strong>
                                        <span>" : "</span>
                                        <strong>{e.kazans.black}</strong>
                                        <span>" " {words::side(locale, Side::Black)}</span>
                                    </p>
                                }
                            })
                    }}
                    <Show when=move || open.get()>
                        {move || estimate.map(|slot| (slot.0)())}
                    </Show>
                    <div class="dialog__actions">
                        <Button
                            testid="btn-end-close"
                            on_click=move |_| dismiss()
                        >
                            {text(move || t_string!(i18n, common.look_at_board))}
                        </Button>
                        // The review of the game (the controls offer it too once this is closed).
                        <Button
                            testid="btn-review"
                            on_click=move |_| {
                                dismiss();
                                session.review(saves);
                            }
                        >
                            {text(move || t_string!(i18n, review.review))}
                        </Button>
                        <Button
                            look=Look::Primary
                            testid="btn-end-new-game"
                            on_click=move |_| {
                                dismiss();
                                dialogs.open.set(Dialog::NewGame);
                            }
                        >
                            {text(move || t_string!(i18n, common.new_game))}
                        </Button>
                    </div>
        </Modal>
    }
}
