//! Offline and installable: the service worker's registration and the prompts around it.
//!
//! - [`PwaSignals::start`] registers `sw.js` (release builds only: in a debug build a cache-first
//!   worker would hide every rebuild) and follows, for `app::pwa_prompts`:
//!   - "A new version is available — Reload" when an updated worker is waiting. Nothing reloads
//!     until the player agrees; then the [`on_before_update`] callbacks run (the game in
//!     progress is saved), the waiting worker is asked to `skipWaiting`, and the page reloads
//!     when it takes control (`controllerchange`);
//!   - an Install button when the browser offers it (`beforeinstallprompt`);
//!   - on iPhone and iPad Safari, which only installs from the Share menu, a short
//!     "Add to Home Screen" hint, until dismissed.
//! - The worker's script and scope come from the document's base URL (`./` in every build), so
//!   the app works under any sub-path.

use std::cell::{Cell, RefCell};

use crate::platform::storage::{load_current, save, PWA_KEY};
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Event, Navigator, RegistrationOptions, ServiceWorkerContainer, ServiceWorkerRegistration,
    ServiceWorkerUpdateViaCache, Url, Window,
};

pub use toguz_app_core::pwa::PwaFlags;

/// The stored flags (an older version's, under its key or in its form, were upgraded before
/// the mount: `crate::services::upgrade`).
pub fn load_flags() -> PwaFlags {
    load_current(PWA_KEY).unwrap_or_default()
}

thread_local! {
    /// Callbacks run just before the page reloads into a new version.
    static BEFORE_UPDATE: RefCell<Vec<Box<dyn Fn()>>> = RefCell::new(Vec::new());
    /// Set when the player accepted the update: only then does a `controllerchange` reload.
    static ACCEPTED: Cell<bool> = const { Cell::new(false) };
}

/// Registers `f` to run just before the page reloads into a new version of the app (after the
/// player accepted it): save whatever must survive the reload there. Runs synchronously.
pub fn on_before_update(f: impl Fn() + 'static) {
    BEFORE_UPDATE.with(|list| list.borrow_mut().push(Box::new(f)));
}

/// The browser signals the prompts react to.
#[derive(Clone, Copy)]
pub struct PwaSignals {
    /// An updated service worker is installed and waiting.
    pub update_ready: RwSignal<bool>,
    /// The deferred `beforeinstallprompt` event, while the browser offers to install.
    pub install: RwSignal<Option<Event>, LocalStorage>,
    /// Show the iOS "Add to Home Screen" hint.
    pub ios_hint: RwSignal<bool>,
}

impl PwaSignals {
    /// Registers the service worker (release builds only: in a debug build a cache-first
    /// worker would hide every rebuild) and starts following updates and install offers.
    pub fn start() -> PwaSignals {
        let signals = PwaSignals {
            update_ready: RwSignal::new(false),
            install: RwSignal::new_local(None),
            ios_hint: RwSignal::new(false),
        };
        if let Some(window) = web_sys::window() {
            if cfg!(debug_assertions) {
                // A debug build: no worker, so every rebuild shows at once; and none left over
                // from a release build served on the same address earlier.
                unregister_all(&window);
            } else {
                // After the page's `load` event: the worker's precaching (every file of the
                // build) never competes with the first visit's own downloads.
                let w = window.clone();
                after_load(&window, move || {
                    if let Err(e) = register(&w, signals) {
                        web_sys::console::warn_2(&"service worker not registered:".into(), &e);
                    }
                });
            }
            listen_for_install(&window, signals);
            signals.ios_hint.set(ios_needs_hint(&window));
        }
        signals
    }

    /// Shows the browser's install prompt (once per offer).
    pub fn install(self) {
        if let Some(event) = self.install.get_untracked() {
            // `prompt()` may be called once per event; the browser fires a new one if needed.
            if let Ok(prompt) = js_sys::Reflect::get(&event, &"prompt".into()) {
                if let Some(prompt) = prompt.dyn_ref::<js_sys::Function>() {
                    let _ = prompt.call0(&event);
                }
            }
            self.install.set(None);
        }
    }

    /// Hides the iOS hint for good.
    pub fn dismiss_ios_hint(self) {
        self.ios_hint.set(false);
        let mut flags = load_flags();
        flags.ios_hint_dismissed = true;
        save(PWA_KEY, &flags);
    }

    /// Hides the Install button for good ("Not now"); the browser's menu still installs.
    pub fn dismiss_install(self) {
        self.install.set(None);
        let mut flags = load_flags();
        flags.install_dismissed = true;
        save(PWA_KEY, &flags);
    }
}

/// Points `<link rel="manifest">` at `manifest` and sets the page's description.
pub fn set_head(manifest: &str, description: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(Some(link)) = document.query_selector(r#"link[rel="manifest"]"#) {
        if link.get_attribute("href").as_deref() != Some(manifest) {
            let _ = link.set_attribute("href", manifest);
        }
    }
    if let Ok(Some(meta)) = document.query_selector(r#"meta[name="description"]"#) {
        let _ = meta.set_attribute("content", description);
    }
}

/// Runs `f` in a task of its own once the page has loaded (a task later if it already has):
/// never in the app's mount, the first visit's one long task.
fn after_load(window: &Window, f: impl FnOnce() + 'static) {
    let f = super::dom::once(Box::new(f));
    if window
        .document()
        .is_some_and(|d| d.ready_state() == "complete")
    {
        let _ = window.set_timeout_with_callback(f.unchecked_ref());
    } else {
        let _ = window.add_event_listener_with_callback("load", f.unchecked_ref());
    }
}

/// Registers `sw.js` at the app's root and watches for a waiting update.
fn register(window: &Window, signals: PwaSignals) -> Result<(), JsValue> {
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &"serviceWorker".into())? {
        return Ok(());
    }
    let container = navigator.service_worker();
    let base = window
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .ok_or("no base URL")?;
    let script = Url::new_with_base("sw.js", &base)?.href();
    let scope = Url::new_with_base("./", &base)?.href();
    let options = RegistrationOptions::new();
    options.set_scope(&scope);
    // Always ask the server for sw.js itself, never the HTTP cache: that is the update check.
    options.set_update_via_cache(ServiceWorkerUpdateViaCache::None);

    // The page reloads only after the player accepted: a first install also changes controller.
    let on_controller_change = Closure::<dyn Fn()>::new(move || {
        if ACCEPTED.get() {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        }
    });
    container.set_oncontrollerchange(Some(on_controller_change.as_ref().unchecked_ref()));
    on_controller_change.forget();

    let has_controller = {
        let container = container.clone();
        move || container.controller().is_some()
    };
    let on_registered = Closure::<dyn FnMut(JsValue)>::new(move |reg: JsValue| {
        // Where service workers are blocked (a browser policy; Playwright's `serviceWorkers:
        // "block"`), `register` may resolve with nothing: the app then runs without one.
        let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else {
            web_sys::console::warn_1(&"service worker not registered: blocked".into());
            return;
        };
        // An update already waiting (found by an earlier visit that was not reloaded).
        if reg.waiting().is_some() && has_controller() {
            signals.update_ready.set(true);
        }
        watch_updates(&reg, signals, has_controller.clone());
        check_for_updates_when_shown(reg);
    });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(|e: JsValue| {
        web_sys::console::warn_2(&"service worker registration failed:".into(), &e);
    });
    let _ = container
        .register_with_options(&script, &options)
        .then2(&on_registered, &on_error);
    on_registered.forget();
    on_error.forget();
    Ok(())
}

/// Unregisters every service worker of this origin (debug builds).
fn unregister_all(window: &Window) {
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &"serviceWorker".into()).unwrap_or(false) {
        return;
    }
    let on_list = Closure::<dyn FnMut(JsValue)>::new(|list: JsValue| {
        for reg in js_sys::Array::from(&list).iter() {
            let _ = reg
                .unchecked_into::<ServiceWorkerRegistration>()
                .unregister();
        }
    });
    let _ = navigator
        .service_worker()
        .get_registrations()
        .then(&on_list);
    on_list.forget();
}

/// Shows the banner once a new worker has installed while an older one controls the page.
fn watch_updates(
    reg: &ServiceWorkerRegistration,
    signals: PwaSignals,
    has_controller: impl Fn() -> bool + Clone + 'static,
) {
    let registration = reg.clone();
    let on_update_found = Closure::<dyn Fn()>::new(move || {
        let Some(worker) = registration.installing() else {
            return;
        };
        // Only a worker found while another one controls the page is an update. Asked now,
        // not once it is installed: the first worker of a first visit may already have taken
        // control by then (a false "new version" banner, seen in Firefox under load).
        if !has_controller() {
            return;
        }
        let installing = worker.clone();
        let on_state_change = Closure::<dyn Fn()>::new(move || {
            if installing.state() == web_sys::ServiceWorkerState::Installed {
                signals.update_ready.set(true);
            }
        });
        worker.set_onstatechange(Some(on_state_change.as_ref().unchecked_ref()));
        on_state_change.forget();
    });
    reg.set_onupdatefound(Some(on_update_found.as_ref().unchecked_ref()));
    on_update_found.forget();
}

/// Asks the server for a new version whenever the app comes back to the foreground (a phone
/// app may stay open for days; the browser itself checks on each navigation).
fn check_for_updates_when_shown(reg: ServiceWorkerRegistration) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let doc = document.clone();
    let on_visible = Closure::<dyn Fn()>::new(move || {
        if doc.visibility_state() == web_sys::VisibilityState::Visible {
            if let Ok(promise) = reg.update() {
                // Offline, the check fails: nothing to report.
                let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
                let _ = promise.catch(&ignore);
                ignore.forget();
            }
        }
    });
    let _ = document
        .add_event_listener_with_callback("visibilitychange", on_visible.as_ref().unchecked_ref());
    on_visible.forget();
}

/// The player accepted the update: save, then let the waiting worker take over.
pub fn accept_update() {
    BEFORE_UPDATE.with(|list| list.borrow().iter().for_each(|f| f()));
    ACCEPTED.set(true);
    let Some(window) = web_sys::window() else {
        return;
    };
    let container: ServiceWorkerContainer = window.navigator().service_worker();
    let on_registration = Closure::<dyn FnMut(JsValue)>::new(move |reg: JsValue| {
        let waiting = reg
            .dyn_into::<ServiceWorkerRegistration>()
            .ok()
            .and_then(|r| r.waiting());
        match waiting {
            Some(worker) => {
                let message = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&message, &"type".into(), &"SKIP_WAITING".into());
                // The reload follows on `controllerchange`.
                let _ = worker.post_message(&message);
            }
            // Already active (another tab accepted): a reload is enough.
            None => {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            }
        }
    });
    let _ = container.get_registration().then(&on_registration);
    on_registration.forget();
}

/// Keeps the `beforeinstallprompt` event to show an Install button; hides it once installed.
fn listen_for_install(window: &Window, signals: PwaSignals) {
    let on_prompt = Closure::<dyn Fn(Event)>::new(move |event: Event| {
        // Our button instead of the browser's own mini info bar; none once dismissed.
        event.prevent_default();
        if !load_flags().install_dismissed {
            signals.install.set(Some(event));
        }
    });
    let on_installed = Closure::<dyn Fn()>::new(move || signals.install.set(None));
    let _ = window.add_event_listener_with_callback(
        "beforeinstallprompt",
        on_prompt.as_ref().unchecked_ref(),
    );
    let _ = window
        .add_event_listener_with_callback("appinstalled", on_installed.as_ref().unchecked_ref());
    on_prompt.forget();
    on_installed.forget();
}

/// True on iPhone and iPad Safari outside the installed app, unless the hint was dismissed:
/// they fire no `beforeinstallprompt` and install only from the Share menu.
fn ios_needs_hint(window: &Window) -> bool {
    let navigator: Navigator = window.navigator();
    let ua = navigator.user_agent().unwrap_or_default();
    // iPadOS Safari says "Macintosh" but has a touch screen.
    let ios = ua.contains("iPhone")
        || ua.contains("iPad")
        || ua.contains("iPod")
        || (ua.contains("Macintosh") && navigator.max_touch_points() > 1);
    // Chrome, Firefox and Edge on iOS (CriOS, FxiOS, EdgiOS) have their own menus.
    let safari =
        ua.contains("Safari") && !["CriOS", "FxiOS", "EdgiOS"].iter().any(|b| ua.contains(b));
    let standalone = js_sys::Reflect::get(&navigator, &"standalone".into())
        .map(|v| v.is_truthy())
        .unwrap_or(false)
        || window
            .match_media("(display-mode: standalone)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
    let dismissed = load_flags().ios_hint_dismissed;
    ios && safari && !standalone && !dismissed
}
