//! Pictures in the browser: the theme's colours as the page computes them, an SVG drawn on a
//! canvas (through an `<img>` of a `data:` address: no outside file, so the canvas is never
//! tainted and its pixels can be read), the canvas as PNG or as pixels, and a file handed to
//! the system's share sheet where the browser can share files, else downloaded.
//!
//! Nothing here panics on a missing API: each step is a `Result`, and sharing falls back to
//! the download.

use js_sys::{Array, Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, CanvasRenderingContext2d, HtmlCanvasElement, HtmlImageElement};

/// The value of the page's custom property `name` (`--c-page`), as the root element computes
/// it now (the player's theme, light or dark).
pub fn css_var(name: &str) -> Option<String> {
    let window = web_sys::window()?;
    let root = window.document()?.document_element()?;
    let style = window.get_computed_style(&root).ok()??;
    let value = style.get_property_value(name).ok()?;
    let value = value.trim();
    (!value.is_empty()).then(|| value.to_string())
}

fn document() -> Result<web_sys::Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}

/// A canvas of a fixed size, off the page, that SVG pictures are drawn on.
pub struct Canvas {
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    width: u32,
    height: u32,
}

impl Canvas {
    /// A `width` x `height` canvas.
    pub fn new(width: u32, height: u32) -> Result<Canvas, JsValue> {
        let canvas: HtmlCanvasElement = document()?.create_element("canvas")?.dyn_into()?;
        canvas.set_width(width);
        canvas.set_height(height);
        let context: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2d context"))?
            .dyn_into()?;
        Ok(Canvas {
            canvas,
            context,
            width,
            height,
        })
    }

    /// Draws `svg` (a whole SVG document) over the whole canvas, once the browser has decoded
    /// it.
    pub async fn draw(&self, svg: &str) -> Result<(), JsValue> {
        let img = HtmlImageElement::new()?;
        let data = js_sys::encode_uri_component(svg);
        img.set_src(&format!("data:image/svg+xml;charset=utf-8,{data}"));
        JsFuture::from(img.decode()).await?;
        // Every picture covers the whole canvas with its page: nothing to clear.
        let (w, h) = (f64::from(self.width), f64::from(self.height));
        self.context
            .draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w, h)
    }

    /// The canvas's pixels, RGBA, row by row.
    pub fn rgba(&self) -> Result<Vec<u8>, JsValue> {
        let data =
            self.context
                .get_image_data(0.0, 0.0, f64::from(self.width), f64::from(self.height))?;
        Ok(data.data().0)
    }

    /// The canvas as a PNG file's bytes.
    pub async fn png(&self) -> Result<Blob, JsValue> {
        let canvas = self.canvas.clone();
        let promise = Promise::new(&mut |resolve: Function, reject: Function| {
            let done = Closure::once_into_js(move |blob: JsValue| {
                let _ = if blob.is_null() {
                    reject.call1(&JsValue::NULL, &JsValue::from_str("no PNG"))
                } else {
                    resolve.call1(&JsValue::NULL, &blob)
                };
            });
            let _ = canvas.to_blob_with_type(done.unchecked_ref(), "image/png");
        });
        JsFuture::from(promise).await?.dyn_into()
    }
}

/// Lets the browser run (paint, take input) before the next step of a long task: resolves
/// on a timer of 0 ms.
pub async fn next_turn() {
    let promise = Promise::new(&mut |resolve: Function, _reject: Function| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// A file's bytes as a `Blob` of type `mime`.
pub fn blob_of(bytes: &[u8], mime: &str) -> Result<Blob, JsValue> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let parts = Array::of1(&Uint8Array::from(bytes));
    Blob::new_with_u8_array_sequence_and_options(&parts, &options)
}

/// What became of a file offered to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// The system's share sheet took it.
    Shared,
    /// The player closed the share sheet.
    Cancelled,
    /// Downloaded (no share sheet for files here, or it refused).
    Downloaded,
}

/// Offers `blob` as the file `name` (`title` for the share sheet): the share sheet where the
/// browser can share such a file (`navigator.canShare`), else a download. A share sheet that
/// refuses (the click's permission ran out while the picture was made) falls back to the
/// download.
pub async fn share_or_download(blob: &Blob, name: &str, title: &str) -> Result<Sent, JsValue> {
    let navigator = web_sys::window()
        .ok_or_else(|| JsValue::from_str("no window"))?
        .navigator();
    // The file's options and the share's data as plain objects: the same as `FilePropertyBag`
    // and `ShareData`, without their bindings in the first visit's glue.
    let options = js_sys::Object::new();
    Reflect::set(&options, &"type".into(), &blob.type_().into())?;
    let file = web_sys::File::new_with_blob_sequence_and_options(
        &Array::of1(blob),
        name,
        options.unchecked_ref(),
    )?;
    let data = js_sys::Object::new();
    Reflect::set(&data, &"files".into(), &Array::of1(&file))?;
    Reflect::set(&data, &"title".into(), &title.into())?;
    let can_share = Reflect::get(&navigator, &"canShare".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call1(&navigator, &data).ok())
        .is_some_and(|ok| ok.is_truthy());
    let share = Reflect::get(&navigator, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    if let (true, Some(share)) = (can_share, share) {
        if let Ok(promise) = share.call1(&navigator, &data) {
            match JsFuture::from(Promise::from(promise)).await {
                Ok(_) => return Ok(Sent::Shared),
                Err(e) if error_name(&e) == "AbortError" => return Ok(Sent::Cancelled),
                Err(_) => {}
            }
        }
    }
    download(blob, name)?;
    Ok(Sent::Downloaded)
}

/// Whether the browser's share sheet takes files (`navigator.canShare({ files })`): asked
/// with a small text file, the kind a backup is.
pub fn can_share_files() -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let Some(can_share) = Reflect::get(&navigator, &"canShare".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
    else {
        return false;
    };
    let options = js_sys::Object::new();
    let _ = Reflect::set(&options, &"type".into(), &"application/json".into());
    let Ok(file) = web_sys::File::new_with_str_sequence_and_options(
        &Array::of1(&"{}".into()),
        "toguz.json",
        options.unchecked_ref(),
    ) else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = Reflect::set(&data, &"files".into(), &Array::of1(&file));
    can_share
        .call1(&navigator, &data)
        .is_ok_and(|ok| ok.is_truthy())
}

fn error_name(error: &JsValue) -> String {
    Reflect::get(error, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}

/// Offers `blob` as a download named `name`. Its address is revoked a minute later, once
/// the browser has surely read it.
fn download(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(blob)?;
    let document = document()?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "")?;
    document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?
        .append_child(&a)?;
    a.click();
    a.remove();
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}
