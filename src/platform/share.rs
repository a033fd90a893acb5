//! Sending a link: the system's share sheet (`navigator.share`), the clipboard, and random
//! bytes for a new game's id (`crypto.getRandomValues`). Each says when the browser lacks it;
//! none panics.

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

fn navigator_member(name: &str) -> Option<(JsValue, JsValue)> {
    let navigator: JsValue = web_sys::window()?.navigator().into();
    let member = Reflect::get(&navigator, &name.into()).ok()?;
    (!member.is_undefined() && !member.is_null()).then_some((navigator, member))
}

/// Whether the browser has a share sheet (phones mostly; few desktops).
pub fn can_share() -> bool {
    navigator_member("share").is_some_and(|(_, f)| f.is_function())
}

/// How sharing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// The sheet was shown and the link handed to an app.
    Done,
    /// The player closed the sheet, or the browser refused (no share sheet).
    NotShared,
}

/// Opens the share sheet with `url` and `text`.
pub async fn share(url: &str, text: &str) -> Shared {
    let Some((navigator, f)) = navigator_member("share") else {
        return Shared::NotShared;
    };
    let data = Object::new();
    let _ = Reflect::set(&data, &"url".into(), &url.into());
    let _ = Reflect::set(&data, &"text".into(), &text.into());
    let Ok(f) = f.dyn_into::<Function>() else {
        return Shared::NotShared;
    };
    let Ok(promise) = f
        .call1(&navigator, &data)
        .and_then(|p| p.dyn_into::<Promise>())
    else {
        return Shared::NotShared;
    };
    match JsFuture::from(promise).await {
        Ok(_) => Shared::Done,
        Err(_) => Shared::NotShared,
    }
}

/// Copies `text` to the clipboard; false if the browser refused.
pub async fn copy(text: &str) -> bool {
    let Some((_, clipboard)) = navigator_member("clipboard") else {
        return false;
    };
    let Ok(write) = Reflect::get(&clipboard, &"writeText".into()) else {
        return false;
    };
    let Ok(write) = write.dyn_into::<Function>() else {
        return false;
    };
    let Ok(promise) = write
        .call1(&clipboard, &text.into())
        .and_then(|p| p.dyn_into::<Promise>())
    else {
        return false;
    };
    JsFuture::from(promise).await.is_ok()
}

/// `N` random bytes from the browser's cryptographic source, or, without one, from
/// `Math.random` (an id needs to be unlikely to repeat, not secret).
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    let filled = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .is_some_and(|c| c.get_random_values_with_u8_array(&mut out).is_ok());
    if !filled {
        for b in &mut out {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    out
}
