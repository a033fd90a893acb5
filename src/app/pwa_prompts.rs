//! The prompts around the service worker, at the bottom of the screen: "A new version is
//! available — Reload", the Install button, and the iOS "Add to Home Screen" hint
//! (`platform::pwa` does the browser's side).

use leptos::prelude::*;

use crate::i18n::*;
use crate::platform::pwa::{accept_update, set_head, PwaSignals};
use crate::platform::split::part_fn;
use crate::services::words::text;

/// The update banner, the install button and the iOS hint, as `signals` have them: in the
/// prompts' part (kept out of the first visit), fetched a few seconds after one of them is due
/// (`on_demand::pwa_cards`).
#[component]
pub fn PwaCards(signals: PwaSignals) -> impl IntoView {
    let reload = move |_| accept_update();
    let install = move |_| signals.install();
    let dismiss_ios = move |_| signals.dismiss_ios_hint();
    let i18n = use_i18n();
    view! {
        <aside class="pwa" aria-label=text(move || t_string!(i18n, common.pwa_label))>
            <Show when=move || signals.update_ready.get()>
                <div class="pwa__card pwa__card--update" role="alert" data-testid="pwa-update">
                    <span class="pwa__text">{text(move || t_string!(i18n, common.pwa_update))}</span>
                    <button
                        class="pwa__button pwa__button--primary"
                        data-testid="pwa-update-reload"
                        on:click=reload
                    >
                        {text(move || t_string!(i18n, common.pwa_reload))}
                    </button>
                </div>
            </Show>
            <Show when=move || signals.install.with(Option::is_some)>
                <div class="pwa__card" data-testid="pwa-install">
                    <span class="pwa__text">{text(move || t_string!(i18n, common.pwa_install_text))}</span>
                    <button class="pwa__button pwa__button--primary" on:click=install>
                        {text(move || t_string!(i18n, common.pwa_install))}
                    </button>
                    <button
                        class="pwa__close"
                        aria-label=text(move || t_string!(i18n, common.pwa_not_now))
                        on:click=move |_| signals.dismiss_install()
                    >
                        "×"
                    </button>
                </div>
            </Show>
            <Show when=move || signals.ios_hint.get()>
                <div class="pwa__card" data-testid="pwa-ios-hint">
                    <span class="pwa__text">
                        {text(move || t_string!(i18n, common.pwa_ios_tap))}
                        " "
                        <ShareIcon />
                        " "
                        {text(move || t_string!(i18n, common.pwa_ios_share))}
                        " "
                        <strong>{text(move || t_string!(i18n, common.pwa_ios_add))}</strong>
                    </span>
                    <button
                        class="pwa__close"
                        aria-label=text(move || t_string!(i18n, common.pwa_dismiss))
                        on:click=dismiss_ios
                    >
                        "×"
                    </button>
                </div>
            </Show>
        </aside>
    }
}

/// Points `<link rel="manifest">` at the manifest in `locale` (`manifest.webmanifest` is the
/// English one, `manifest.<lang>.webmanifest` the others: their descriptions differ) and puts
/// the page's description in that language.
pub fn translate_head(locale: Locale) {
    let code = leptos_i18n::Locale::as_str(locale);
    let manifest = if locale == Locale::en {
        "manifest.webmanifest".to_string()
    } else {
        format!("manifest.{code}.webmanifest")
    };
    set_head(&manifest, td_string!(locale, common.description));
}

/// Safari's Share symbol: a box with an arrow out of it.
#[component]
fn ShareIcon() -> impl IntoView {
    view! {
        <svg class="pwa__share" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M10 2v11M6 6l4-4 4 4" fill="none" stroke="currentColor" stroke-width="1.8" />
            <path
                d="M6 9H4v9h12V9h-2"
                fill="none"
                stroke="currentColor"
                stroke-width="1.8"
            />
        </svg>
    }
}

part_fn! {
    /// The service worker's prompts (update, install, the iOS hint), in their own part with
    /// the storage notices: fetched a few seconds after one is due (`on_demand::pwa_cards`).
    prompts, preload preload_pwa_cards,
    pub fn pwa_cards(signals: PwaSignals) -> AnyView {
        view! { <PwaCards signals=signals /> }.into_any()
    }
}
