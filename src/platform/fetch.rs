//! Fetching a file of the app's own build (the puzzle set, the explorer's books), relative to
//! the page's `<base>`: the service worker answers from its cache offline.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The text of `path` (relative to the app's base URL), or why there is none: the HTTP status,
/// or the browser's error (offline and not cached).
pub async fn text(path: &str) -> Result<String, String> {
    let response = fetch_ok(path).await?;
    let body = JsFuture::from(response.text().map_err(describe)?)
        .await
        .map_err(describe)?;
    body.as_string().ok_or_else(|| "not text".to_string())
}

/// The bytes of `path` (relative to the app's base URL), or why there are none, as [`text`].
pub async fn bytes(path: &str) -> Result<Vec<u8>, String> {
    let response = fetch_ok(path).await?;
    let body = JsFuture::from(response.array_buffer().map_err(describe)?)
        .await
        .map_err(describe)?;
    Ok(js_sys::Uint8Array::new(&body).to_vec())
}

/// The response for `path` when it is a success, else the HTTP status or the browser's error.
async fn fetch_ok(path: &str) -> Result<web_sys::Response, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(path))
        .await
        .map_err(describe)?;
    let response: web_sys::Response = response.dyn_into().map_err(describe)?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    Ok(response)
}

fn describe(e: wasm_bindgen::JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "fetch failed".to_string())
}
