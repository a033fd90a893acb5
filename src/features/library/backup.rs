//! Backup and restore: one file with everything (games with their reviews, studies, puzzle
//! progress, lessons done, settings), saved as a download and, where the browser can share
//! files, sent through the share sheet (how a library moves to a new phone); a file restored,
//! all or nothing, merged by id; and the gentle reminder to back up. When to remind and what a
//! restore's line names are `toguz_app_core::keep`'s.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{
    file_date,
    text::{self},
    Lib, LibDialog,
};
use crate::i18n::*;
use crate::platform::files::download;
use crate::platform::picture::{blob_of, can_share_files, share_or_download, Sent};
use crate::platform::storage::{load, save};
use crate::platform::time::now_ms;
use crate::services::backup::RestoreProblem;
use crate::services::settings::SettingsContext;
use crate::services::words::text;
use crate::ui::{Button, Look, Modal};
use leptos_i18n::I18nContext;
use toguz_app_core::keep::{BackupMemo, Restored, RestoredPart, BACKUP_MEMO_KEY};

/// The backup file's type.
const MIME: &str = "application/json";

/// The file's name: `toguz-backup-YYYY-MM-DD.json`.
fn file_name() -> String {
    format!("toguz-backup-{}.json", file_date())
}

/// A restore's line: what it added, or that it added nothing.
fn restored_line(i18n: I18nContext<Locale>, r: &Restored) -> String {
    let parts: Vec<String> = r
        .parts()
        .into_iter()
        .map(|p| match p {
            RestoredPart::Games(count) => {
                t_string!(i18n, library.restored_games, count = count).to_string()
            }
            RestoredPart::Studies(count) => {
                t_string!(i18n, library.restored_studies, count = count).to_string()
            }
            RestoredPart::Puzzles => t_string!(i18n, library.restored_puzzles).to_string(),
            RestoredPart::Lessons => t_string!(i18n, library.restored_lessons).to_string(),
            RestoredPart::Settings => t_string!(i18n, library.restored_settings).to_string(),
        })
        .collect();
    if parts.is_empty() {
        return t_string!(i18n, library.restored_nothing).to_string();
    }
    let what = parts.join(", ");
    t_string!(i18n, library.restored, what = what).to_string()
}

/// Why a restore changed nothing, in words.
fn problem_line(i18n: I18nContext<Locale>, p: &RestoreProblem) -> String {
    match p {
        RestoreProblem::Damaged => t_string!(i18n, library.restore_damaged).to_string(),
        RestoreProblem::Foreign => t_string!(i18n, library.restore_foreign).to_string(),
        RestoreProblem::Newer => t_string!(i18n, library.restore_newer).to_string(),
        RestoreProblem::NoRoom => text::full(i18n, toguz_app_core::keep::Attempt::Restore),
        RestoreProblem::Storage => t_string!(i18n, library.notice_unavailable).to_string(),
    }
}

/// The reminder's memory, read once per screen.
fn memo() -> BackupMemo {
    load::<BackupMemo>(BACKUP_MEMO_KEY).unwrap_or_default()
}

/// The line of the dialog: the last restore's or backup's outcome.
#[derive(Clone, Debug, PartialEq)]
enum Status {
    None,
    Written,
    Restored(Restored),
    Refused(RestoreProblem),
}

/// The backup dialog: save, share, restore, and what happened.
#[component]
pub fn BackupDialog(lib: Lib, memo_changed: RwSignal<u32>) -> impl IntoView {
    let i18n = use_i18n();
    let settings = SettingsContext::get();
    let status = RwSignal::new(Status::None);
    let open = move || lib.dialog.with(|d| *d == LibDialog::Backup);
    let close = move || {
        lib.dialog.set(LibDialog::None);
        status.set(Status::None);
    };
    let shareable = can_share_files();
    let backed_up = move || {
        let mut m = memo();
        m.backed_up(now_ms(), lib.count());
        save(BACKUP_MEMO_KEY, &m);
        // A shared backup ends after an await: the library may have been left by then (the
        // memo above is saved all the same).
        memo_changed.try_update(|n| *n += 1);
        let _ = status.try_set(Status::Written);
    };
    let on_save = move |_| match lib.saves.backup() {
        Ok(text) => {
            if download(&file_name(), &text, MIME).is_ok() {
                backed_up();
            }
        }
        Err(_) => status.set(Status::Refused(RestoreProblem::Storage)),
    };
    let on_share = move |_| {
        let Ok(text) = lib.saves.backup() else {
            status.set(Status::Refused(RestoreProblem::Storage));
            return;
        };
        let Ok(blob) = blob_of(text.as_bytes(), MIME) else {
            return;
        };
        let title = t_string!(i18n, library.backup).to_string();
        leptos::task::spawn_local(async move {
            if let Ok(Sent::Shared | Sent::Downloaded) =
                share_or_download(&blob, &file_name(), &title).await
            {
                backed_up();
            }
        });
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let promise = file.text();
        input.set_value("");
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(promise)
                .await
                .ok()
                .and_then(|v| v.as_string());
            let outcome = match text {
                Some(text) => lib.saves.restore_backup(&text),
                None => Err(RestoreProblem::Damaged),
            };
            // The file is read after an await: the library may have been left by then.
            let _ = status.try_set(match outcome {
                Ok(r) => {
                    // The restored language, theme and sound take effect without a reload.
                    if r.settings {
                        settings.reload();
                    }
                    Status::Restored(r)
                }
                Err(p) => Status::Refused(p),
            });
        });
    };
    let line = move || match status.get() {
        Status::None => String::new(),
        Status::Written => t_string!(i18n, library.backup_written).to_string(),
        Status::Restored(r) => restored_line(i18n, &r),
        Status::Refused(p) => problem_line(i18n, &p),
    };
    let last = move || {
        memo_changed.track();
        match memo().last_backup {
            Some(at) => {
                let date = text::date(i18n, at);
                t_string!(i18n, library.backup_last, date = date).to_string()
            }
            None => t_string!(i18n, library.backup_never).to_string(),
        }
    };
    view! {
        <Modal
            open=Signal::derive(open)
            on_close=move |()| close()
            testid="backup-dialog"
            labelled_by="backup-title"
            class="library-dialog"
        >
            <h2 id="backup-title" class="dialog__title">
                {text(move || t_string!(i18n, library.backup_title))}
            </h2>
            <p class="dialog__reason">{text(move || t_string!(i18n, library.backup_hint))}</p>
            <p class="backup__last" data-testid="backup-last">{last}</p>
            <div class="backup__actions">
                <Button look=Look::Primary testid="btn-backup" on_click=on_save>
                    {text(move || t_string!(i18n, library.backup_write))}
                </Button>
                {shareable
                    .then(|| {
                        view! {
                            <Button testid="btn-backup-share" on_click=on_share>
                                {text(move || t_string!(i18n, library.backup_share))}
                            </Button>
                        }
                    })}
            </div>
            <p class="dialog__reason">{text(move || t_string!(i18n, library.backup_restore_hint))}</p>
            <label class="btn library-dialog__file">
                {text(move || t_string!(i18n, library.backup_restore))}
                <input
                    type="file"
                    accept=".json,application/json"
                    data-testid="backup-file"
                    on:change=on_file
                />
            </label>
            <p
                class="backup__status"
                class:backup__status--refused=move || matches!(status.get(), Status::Refused(_))
                role="status"
                data-testid="backup-status"
                data-outcome=move || match status.get() {
                    Status::None => "",
                    Status::Written => "written",
                    Status::Restored(_) => "restored",
                    Status::Refused(_) => "refused",
                }
            >
                {line}
            </p>
            <div class="dialog__actions">
                <Button look=Look::Quiet testid="backup-close" on_click=move |_| close()>
                    {text(move || t_string!(i18n, common.close))}
                </Button>
            </div>
        </Modal>
    }
}

/// The reminder to back up, at the top of the library: after 50 new games or 30 days without
/// a backup; "Not now" puts it off for as long again.
#[component]
pub fn BackupReminder(lib: Lib, memo_changed: RwSignal<u32>) -> impl IntoView {
    let i18n = use_i18n();
    let due = move || {
        memo_changed.track();
        let games = lib.count();
        let mut m = memo();
        if m.observe(now_ms(), games) {
            save(BACKUP_MEMO_KEY, &m);
        }
        m.due(now_ms(), games)
    };
    let dismiss = move |_| {
        let mut m = memo();
        m.dismissed(now_ms(), lib.count());
        save(BACKUP_MEMO_KEY, &m);
        memo_changed.update(|n| *n += 1);
    };
    view! {
        <Show when=due>
            <div class="library__reminder" role="note" data-testid="backup-reminder">
                <p>{text(move || t_string!(i18n, library.reminder))}</p>
                <div class="library__reminder-actions">
                    <Button
                        look=Look::Primary
                        testid="reminder-backup"
                        on_click=move |_| lib.dialog.set(LibDialog::Backup)
                    >
                        {text(move || t_string!(i18n, library.reminder_now))}
                    </Button>
                    <Button look=Look::Quiet testid="reminder-dismiss" on_click=dismiss>
                        {text(move || t_string!(i18n, library.reminder_later))}
                    </Button>
                </div>
            </div>
        </Show>
    }
}
