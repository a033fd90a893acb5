//! Shown over every screen: storage notices (a value that did not read, with its raw text to
//! download; no storage; storage full; another tab took the game over) and the confirmation
//! of a shared game opened from a link ([`SharePrompt`]: in the library's part, loaded on
//! demand, since it reads records; the root mounts it only when the page has a link's
//! payload, [`opened_from_share_link`]).

use leptos::prelude::*;
use toguz_store::GameEntry;

use super::wording;
use crate::i18n::*;
use crate::platform::files::download;
use crate::platform::time::now_ms;
use crate::services::routes::{Route, Routes};
use crate::services::saves::{backup_text, ImportProblem, Notice, Saves};
use crate::services::words::text;
use crate::ui::{Button, Look, Modal};

/// The query parameter of a share link: `<app>?share=<payload>`.
pub const SHARE_PARAM: &str = "share";

/// The notices. Mount once, inside the [`Saves`] provider.
#[component]
pub fn StorageNotices() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let items = move || {
        saves
            .notices
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, n)| {
                let backup = match &n {
                    Notice::Corrupt {
                        backup: Some(b), ..
                    } => Some(b.clone()),
                    _ => None,
                };
                let kind = match &n {
                    Notice::Corrupt { .. } => "corrupt",
                    Notice::Unavailable => "unavailable",
                    Notice::Full => "full",
                    Notice::Forked => "forked",
                };
                let n2 = n.clone();
                view! {
                    <div class="notice" role="alert" data-testid="storage-notice" data-kind=kind>
                        <p class="notice__text">{move || wording::notice(i18n, &n2)}</p>
                        <div class="notice__actions">
                            {backup
                                .map(|key| {
                                    view! {
                                        <Button
                                            testid="download-backup"
                                            on_click=move |_| download_backup(&key)
                                        >
                                            {text(move || t_string!(i18n, library.download_backup))}
                                        </Button>
                                    }
                                })}
                            <Button
                                look=Look::Quiet
                                testid="notice-dismiss"
                                on_click=move |_| saves.dismiss(i)
                            >
                                {text(move || t_string!(i18n, common.close))}
                            </Button>
                        </div>
                    </div>
                }
            })
            .collect_view()
    };
    view! {
        <aside class="notices" aria-live="polite">
            {items}
        </aside>
    }
}

fn download_backup(key: &str) {
    if let Some(raw) = backup_text(key) {
        let name = format!("{}.txt", key.replace(['/', '\\', ':'], "-"));
        let _ = download(&name, &raw, "text/plain;charset=utf-8");
    }
}

/// True when the page's address carries a shared game (`?share=`): the root then mounts
/// [`SharePrompt`].
pub fn opened_from_share_link() -> bool {
    share_param().is_some()
}

/// The `share` parameter of the page's address, if any.
fn share_param() -> Option<String> {
    crate::platform::dom::query_param(SHARE_PARAM)
}

/// Takes the `share` parameter out of the address (keeping the route), so a reload does not
/// ask again.
fn clear_share_param() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let (Ok(path), Ok(hash)) = (location.pathname(), location.hash()) else {
        return;
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{hash}")),
        );
    }
}

/// The link that opens `payload` in this app (under its sub-path, if any).
pub fn share_link(payload: &str) -> String {
    format!(
        "{}?{SHARE_PARAM}={payload}",
        crate::platform::dom::base_url()
    )
}

/// "Import the shared game?" when the page was opened from a share link, or why its record
/// does not read. Mount once, inside the [`Saves`] provider; in the library's part (src/main.rs).
#[component]
pub fn SharePrompt() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let routes = Routes::get();
    let i18n = use_i18n();
    let payload = share_param();
    let preview: Option<Result<GameEntry, ImportProblem>> = payload.map(|p| {
        toguz_store::read_share(&p, now_ms())
            .map(|mut games| games.remove(0))
            .map_err(ImportProblem::Record)
    });
    let state = RwSignal::new(preview);
    let payload = StoredValue::new(share_param());
    let close = move || {
        clear_share_param();
        state.set(None);
    };
    let confirm = move |_| {
        let Some(p) = payload.get_value() else { return };
        match saves.import_share(&p) {
            Ok(_) => {
                close();
                routes.go(Route::Library);
            }
            Err(e) => state.set(Some(Err(e))),
        }
    };
    let prompt_open = Signal::derive(move || state.with(|s| matches!(s, Some(Ok(_)))));
    let error_open = Signal::derive(move || state.with(|s| matches!(s, Some(Err(_)))));
    let summary = move || {
        state.with(|s| match s {
            Some(Ok(entry)) => {
                let (white, black) = wording::names(i18n, &entry.players, entry.mode);
                let moves = crate::core::moves::length(entry.game.start().turn(), entry.game.ply());
                // Inside a sentence.
                let result =
                    wording::result(i18n, entry.game.result().map(|e| e.result)).to_lowercase();
                t_string!(
                    i18n,
                    library.share_text,
                    white = white,
                    black = black,
                    count = moves,
                    result = result
                )
                .to_string()
            }
            _ => String::new(),
        })
    };
    let problem = move || {
        state.with(|s| match s {
            Some(Err(e)) => wording::import_problem(i18n, e),
            _ => String::new(),
        })
    };
    view! {
        <Modal
            open=prompt_open
            on_close=move |()| close()
            testid="share-prompt"
            labelled_by="share-title"
            class="library-dialog"
        >
            <h2 id="share-title" class="dialog__title">{text(move || t_string!(i18n, library.share_title))}</h2>
            <p class="library-dialog__text">{summary}</p>
            <div class="dialog__actions">
                <Button
                    testid="share-cancel"
                    on_click=move |_| close()
                >
                    {text(move || t_string!(i18n, common.cancel))}
                </Button>
                <Button
                    look=Look::Primary
                    testid="share-import"
                    on_click=confirm
                >
                    {text(move || t_string!(i18n, library.import_do))}
                </Button>
            </div>
        </Modal>
        <Modal
            open=error_open
            on_close=move |()| close()
            testid="share-error"
            labelled_by="share-error-text"
            class="library-dialog"
            role="alertdialog"
        >
            <p id="share-error-text" class="library-dialog__error">{problem}</p>
            <div class="dialog__actions">
                <Button
                    testid="share-error-close"
                    on_click=move |_| close()
                >
                    {text(move || t_string!(i18n, common.close))}
                </Button>
            </div>
        </Modal>
    }
}
