//! Whether the browser keeps the site's storage: `navigator.storage`'s `persist()`,
//! `persisted()` and `estimate()`. Each is looked up before it is called (older Safari lacks
//! some, and none exists outside a secure context): a missing one answers `None`.
//!
//! Without persistence a browser may clear the site's storage when space runs short, and
//! Safari clears script-written storage after seven days without a visit unless the app is on
//! the home screen. So the app asks when the first game is saved and when it is installed;
//! the browser decides (engagement, installation), and may ask the player (Firefox).

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::platform::pwa::load_flags;
use crate::platform::storage::{save, PWA_KEY};

/// What `navigator.storage.estimate()` says: bytes used and the site's quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Bytes the site uses, all its storage together.
    pub usage: u64,
    /// Bytes the browser lets it use.
    pub quota: u64,
}

/// `navigator.storage`, where the browser has it.
fn manager() -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    let storage = Reflect::get(&navigator, &"storage".into()).ok()?;
    (storage.is_object()).then_some(storage)
}

/// Calls `navigator.storage[name]()` if it is a function, and waits for its promise.
async fn call(name: &str) -> Option<JsValue> {
    let storage = manager()?;
    let f = Reflect::get(&storage, &name.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    let promise = f.call0(&storage).ok()?.dyn_into::<Promise>().ok()?;
    JsFuture::from(promise).await.ok()
}

/// Asks the browser to keep the site's storage; whether it does.
pub async fn persist() -> Option<bool> {
    call("persist").await?.as_bool()
}

/// Whether the browser keeps the site's storage.
pub async fn persisted() -> Option<bool> {
    call("persisted").await?.as_bool()
}

/// The site's storage used and its quota.
pub async fn estimate() -> Option<Estimate> {
    let value = call("estimate").await?;
    let number = |key: &str| {
        Reflect::get(&value, &key.into())
            .ok()
            .and_then(|v| v.as_f64())
            .filter(|n| n.is_finite() && *n >= 0.0)
            .map(|n| n as u64)
    };
    Some(Estimate {
        usage: number("usage")?,
        quota: number("quota")?,
    })
}

/// Asks to keep the storage unless it is kept already.
fn ask() {
    wasm_bindgen_futures::spawn_local(async {
        if persisted().await != Some(true) {
            let _ = persist().await;
        }
    });
}

/// Asks once, at the first game saved: Firefox puts the question to the player each time, so
/// a refusal is not asked again. An install asks again ([`ask_when_installed`]).
pub fn ask_once() {
    let mut flags = load_flags();
    if flags.storage_kept_asked {
        return;
    }
    flags.storage_kept_asked = true;
    save(PWA_KEY, &flags);
    ask();
}

/// Asks again when the app is installed (`appinstalled`): browsers grant persistence to an
/// installed app. Call once at start.
pub fn ask_when_installed() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_installed = Closure::<dyn Fn()>::new(ask);
    let _ = window
        .add_event_listener_with_callback("appinstalled", on_installed.as_ref().unchecked_ref());
    // For the page's life, as the app's own install listener.
    on_installed.forget();
}
