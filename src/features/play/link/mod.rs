//! A game with a friend by link, on the play screen: the share panel that gives the link of
//! the game after each move ([`LinkPanel`]: Share, Copy link, QR code), and the opening of a
//! friend's link ([`LinkOpener`]: joins the game, sows the friend's move, or says why the link
//! is refused). The rules of what a link may change are the store's (`toguz_store::link`).
//!
//! A link is the app's address with the game in its query: `<app>?c=<payload>`. The opener
//! takes the payload out of the address ([`take_link_param`]), so a reload does not open it
//! again; the service worker serves the app for any query, so links open offline and
//! in the installed app (whose scope is the app's folder).
//!
//! Both views are in a part loaded on demand (`super::part`, `app::on_demand::link_panel`,
//! `link_opener`), fetched only for a game by link or a link opened; the QR encoder is in a
//! part of its own, fetched when the player first asks for the QR code (`qr`).

mod qr;
mod text;

use leptos::prelude::*;
use leptos::task::spawn_local;
use toguz_store::link::{Taken, LINK_PARAM};

use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::platform::{dom, share};
use crate::services::routes::{Route, Routes};
use crate::services::saves::LinkProblem;
use crate::services::words::text;
use crate::ui::{Button, Look};
use toguz_app_core::game::Mode;

thread_local! {
    /// A friend's link was taken out of this page's address.
    static LINK_TAKEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Takes a friend's link out of the page's address (see the module's header).
pub fn take_link_param() -> Option<String> {
    let payload = dom::take_query_param(LINK_PARAM);
    if payload.is_some() {
        LINK_TAKEN.with(|t| t.set(true));
    }
    payload
}

/// True on a visit that opens a friend's link (its address has one, or had one taken out):
/// the first visit's welcome is not for it, and would cover the link's notices.
pub fn opens_a_link() -> bool {
    LINK_TAKEN.with(std::cell::Cell::get) || dom::query_param(LINK_PARAM).is_some()
}

/// The address that opens `payload` in this app (under its sub-path, if any).
pub fn link_url(payload: &str) -> String {
    format!("{}?{LINK_PARAM}={payload}", dom::base_url())
}

/// The share panel of a game by link, under the board: the link of the game as it stands,
/// and the ways to send it. Its buttons sit in one row (`link-panel__actions`), which takes
/// another as easily.
#[component]
pub fn LinkPanel() -> impl IntoView {
    let session = PlaySession::get();
    let i18n = use_i18n();
    let url = Memo::new(move |_| session.link_payload().map(|p| link_url(&p)));
    // Whose turn, or over: what the panel asks the player to do.
    let state = Memo::new(move |_| {
        session.with(|s| match s.mode() {
            Mode::Link { me } if s.end().is_some() => Some((me, None)),
            Mode::Link { me } => Some((me, Some(s.position().turn() == me))),
            _ => None,
        })
    });
    let copied = RwSignal::new(false);
    let qr_open = RwSignal::new(false);
    let qr = RwSignal::new(None::<String>);
    let qr_failed = RwSignal::new(false);
    // The copy's confirmation is for this link only.
    Effect::new(move |_| {
        url.track();
        copied.set(false);
    });
    // The QR code follows the link while it is shown.
    Effect::new(move |_| {
        let Some(link) = url.get() else { return };
        if !qr_open.get() {
            return;
        }
        spawn_local(async move {
            let svg = qr::svg(link.clone()).await;
            if url.try_get_untracked().flatten().as_deref() != Some(link.as_str()) {
                return;
            }
            let _ = qr_failed.try_set(svg.is_none());
            let _ = qr.try_set(svg);
        });
    });
    let copy = move |_| {
        let Some(link) = url.get_untracked() else {
            return;
        };
        spawn_local(async move {
            let done = share::copy(&link).await;
            let _ = copied.try_set(done);
            if !done {
                dom::select_text("[data-testid=link-out]");
            }
        });
    };
    let send = move |_| {
        let Some(link) = url.get_untracked() else {
            return;
        };
        let message = t_string!(i18n, common.link_share_text).to_string();
        spawn_local(async move {
            let _ = share::share(&link, &message).await;
        });
    };
    let hint = move || {
        let locale = i18n.get_locale();
        match state.get() {
            Some((_, Some(true))) => td_string!(locale, common.link_your_move).to_string(),
            Some((_, Some(false))) => td_string!(locale, common.link_send).to_string(),
            _ => td_string!(locale, common.link_over).to_string(),
        }
    };
    view! {
        <Show when=move || state.with(Option::is_some) && url.with(Option::is_some)>
            <section class="link-panel" data-testid="link-panel" aria-labelledby="link-title">
                <h2 id="link-title" class="link-panel__title">
                    {text(move || t_string!(i18n, common.link_title))}
                </h2>
                <p class="link-panel__hint" data-testid="link-hint">{hint}</p>
                <input
                    class="link-panel__url"
                    data-testid="link-out"
                    readonly
                    aria-label=text(move || t_string!(i18n, common.link_label))
                    prop:value=move || url.get().unwrap_or_default()
                    on:focus=move |_| dom::select_text("[data-testid=link-out]")
                />
                <div class="link-panel__actions">
                    <Show when=share::can_share>
                        <Button look=Look::Primary testid="btn-share-link" on_click=send>
                            {text(move || t_string!(i18n, common.link_share))}
                        </Button>
                    </Show>
                    <Button testid="btn-copy-link" on_click=copy>
                        {text(move || t_string!(i18n, common.link_copy))}
                    </Button>
                    <Button
                        testid="btn-qr"
                        pressed=Signal::derive(move || qr_open.get())
                        on_click=move |_| qr_open.update(|o| *o = !*o)
                    >
                        {text(move || t_string!(i18n, common.link_qr))}
                    </Button>
                    <span class="link-panel__copied" role="status" data-testid="link-copied">
                        {move || copied.get().then(|| t_string!(i18n, common.link_copied))}
                    </span>
                </div>
                <Show when=move || qr_open.get()>
                    <Show
                        when=move || !qr_failed.get()
                        fallback=move || {
                            view! {
                                <p class="link-panel__hint" role="alert">
                                    {text(move || t_string!(i18n, common.screen_load_failed))}
                                </p>
                            }
                        }
                    >
                        <div
                            class="link-panel__qr"
                            data-testid="link-qr"
                            role="img"
                            aria-label=text(move || t_string!(i18n, common.link_qr_label))
                            inner_html=move || qr.get().unwrap_or_default()
                        ></div>
                    </Show>
                </Show>
            </section>
        </Show>
    }
}

/// Opens a friend's link once (taken out of the page's address, so that a reload does not
/// open it again): the game joined or brought up to date on the play screen, with the friend's
/// move sown; or, for a link refused, a message in the player's language (`link-error`) and
/// nothing stored changed.
#[component]
pub fn LinkOpener() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let routes = Routes::get();
    let i18n = use_i18n();
    let problem = RwSignal::new(None::<LinkProblem>);
    let older = RwSignal::new(false);
    let payload = StoredValue::new(take_link_param());
    Effect::new(move |_| {
        let Some(p) = payload.try_update_value(Option::take).flatten() else {
            return;
        };
        match session.open_link(&p) {
            Ok(taken) => {
                dialogs.open.set(Dialog::Closed);
                older.set(taken == Taken::Older);
                // A game over before this link has had its end dialog.
                if taken != Taken::Updated {
                    let ended = session.with_untracked(|s| s.end().is_some().then(|| s.epoch()));
                    dialogs.end_dismissed.set(ended);
                }
                routes.go(Route::Play);
            }
            Err(e) => {
                // The notice comes first: no dialog covers its Close.
                dialogs.open.set(Dialog::Closed);
                problem.set(Some(e));
            }
        }
    });
    let message = move || {
        problem.with(|p| {
            p.as_ref()
                .map(|p| text::link_problem(i18n.get_locale(), p))
                .unwrap_or_default()
        })
    };
    view! {
        <Show when=move || problem.with(Option::is_some)>
            <aside class="notices notices--over">
                <div class="notice" role="alert">
                    <p class="notice__text" data-testid="link-error">{message}</p>
                    <div class="notice__actions">
                        <Button testid="link-error-close" on_click=move |_| problem.set(None)>
                            {text(move || t_string!(i18n, common.close))}
                        </Button>
                    </div>
                </div>
            </aside>
        </Show>
        <Show when=move || older.get()>
            <aside class="notices notices--over">
                <div class="notice" role="status">
                    <p class="notice__text" data-testid="link-older">
                        {text(move || t_string!(i18n, common.link_older))}
                    </p>
                    <div class="notice__actions">
                        <Button testid="link-older-close" on_click=move |_| older.set(false)>
                            {text(move || t_string!(i18n, common.close))}
                        </Button>
                    </div>
                </div>
            </aside>
        </Show>
    }
}
