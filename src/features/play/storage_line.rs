//! The settings' storage line: how much of `localStorage` the library uses, the site's whole
//! storage (`navigator.storage.estimate()`, where the browser has it) and whether the browser
//! keeps it (`persisted()`). Measured when the settings' part shows, never on the board's
//! first frame.

use leptos::prelude::*;

use crate::i18n::*;
use crate::platform::persist::{estimate, persisted};
use crate::platform::storage::local_used;
use crate::services::words::text;
use toguz_app_core::keep::{millions, short_bytes, Kept, StorageLine};
use toguz_store::BROWSER_QUOTA;

/// The decimal separator of `locale`: Russian, Kyrgyz and Kazakh write a comma.
fn separator(locale: Locale) -> char {
    if locale == Locale::en {
        '.'
    } else {
        ','
    }
}

/// Bytes in words ("3,4 МБ").
fn bytes(locale: Locale, n: u64) -> String {
    let (n, exp) = short_bytes(n, separator(locale));
    match exp {
        1 => td_string!(locale, common.unit_kb, n = n).to_string(),
        2 => td_string!(locale, common.unit_mb, n = n).to_string(),
        _ => td_string!(locale, common.unit_gb, n = n).to_string(),
    }
}

/// The storage line of the settings.
#[component]
pub fn StorageInfo() -> impl IntoView {
    let i18n = use_i18n();
    let line = RwSignal::new(None::<StorageLine>);
    let measure = move || {
        leptos::task::spawn_local(async move {
            let site = estimate().await.map(|e| (e.usage, e.quota));
            let kept = persisted().await;
            let library = local_used().map(|used| (used, BROWSER_QUOTA));
            let _ = line.try_set(Some(StorageLine::of(library, site, kept)));
        });
    };
    measure();
    let library = move || {
        let locale = i18n.get_locale();
        line.with(|l| {
            let l = l.as_ref()?;
            let (used, limit) = l.library?;
            let sep = separator(locale);
            let (used, limit) = (millions(used as u64, sep), millions(limit as u64, sep));
            let percent = l.library_percent();
            Some(
                td_string!(
                    locale,
                    common.storage_library,
                    used = used,
                    limit = limit,
                    percent = percent
                )
                .to_string(),
            )
        })
    };
    let site = move || {
        let locale = i18n.get_locale();
        line.with(|l| {
            let (used, quota) = l.as_ref()?.site?;
            let (used, quota) = (bytes(locale, used), bytes(locale, quota));
            Some(td_string!(locale, common.storage_site, used = used, quota = quota).to_string())
        })
    };
    let kept = move || {
        let locale = i18n.get_locale();
        line.with(|l| match l.as_ref()?.kept {
            Kept::Yes => Some(td_string!(locale, common.storage_kept_yes).to_string()),
            Kept::No => Some(td_string!(locale, common.storage_kept_no).to_string()),
            Kept::Unknown => None,
        })
    };
    let kept_attr = move || {
        line.with(|l| match l.as_ref().map(|l| l.kept) {
            Some(Kept::Yes) => "yes",
            Some(Kept::No) => "no",
            _ => "unknown",
        })
    };
    view! {
        <div class="settings__row settings__storage" data-testid="storage-line" data-kept=kept_attr>
            <span class="settings__label">{text(move || t_string!(i18n, common.storage_title))}</span>
            <span class="settings__storage-text">
                <span data-testid="storage-library">{library}</span>
                " "
                <span data-testid="storage-site">{site}</span>
                " "
                <span data-testid="storage-kept">{kept}</span>
            </span>
        </div>
    }
}
