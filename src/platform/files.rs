//! Files and the clipboard: a download offered, text copied.

use wasm_bindgen::JsCast;

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), wasm_bindgen::JsValue> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "")?;
    document.body().ok_or("no body")?.append_child(&a)?;
    a.click();
    a.remove();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Puts `text` on the clipboard; false if the browser refused.
pub fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &"clipboard".into()) else {
        return false;
    };
    if clipboard.is_undefined() {
        return false;
    }
    let Ok(write) = js_sys::Reflect::get(&clipboard, &"writeText".into()) else {
        return false;
    };
    match write.dyn_ref::<js_sys::Function>() {
        Some(f) => {
            if let Ok(promise) = f.call1(&clipboard, &text.into()) {
                // A refusal arrives later: swallow it (the link stays shown to copy by hand).
                if let Ok(p) = promise.dyn_into::<js_sys::Promise>() {
                    let ignore =
                        wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(
                            |_: wasm_bindgen::JsValue| {},
                        );
                    let _ = p.catch(&ignore);
                    ignore.forget();
                }
                true
            } else {
                false
            }
        }
        None => false,
    }
}
