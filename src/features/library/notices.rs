//! Shown on every screen, under the top bar: storage notices (a value that did not read, with
//! its raw text to download; no storage; storage full; another tab took the game over); and
//! the link that shares a game.

use leptos::prelude::*;

use super::text::{self};
use crate::i18n::*;
use crate::platform::files::download;
use crate::services::routes::SHARE_PARAM;
use crate::services::saves::{backup_text, Notice, Saves};
use crate::services::words::text;
use crate::ui::{Button, Look};

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
                    Notice::Full(_) => "full",
                    Notice::Forked => "forked",
                };
                let n2 = n.clone();
                view! {
                    <div class="notice" role="alert" data-testid="storage-notice" data-kind=kind>
                        <p class="notice__text">{move || text::notice(i18n, &n2)}</p>
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

/// The link that opens `payload` in this app (under its sub-path, if any).
pub fn share_link(payload: &str) -> String {
    format!(
        "{}?{SHARE_PARAM}={payload}",
        crate::platform::dom::base_url()
    )
}
