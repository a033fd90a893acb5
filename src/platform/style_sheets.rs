//! The style sheets of the parts loaded on demand: index.html inlines only the play screen's
//! and the shared rules; each part's sheet (`app-<hash>/<part>.css`) is linked when the part
//! loads. index.html has a `<meta name="part-style" data-part="<part>" content="<url>">` where
//! the sheet is in the cascade (the build's hooks point it at the file); the `<link>` goes
//! right before it, so the rules apply in index.html's order whatever order the parts load in.

use std::cell::{Cell, RefCell};
use std::future::Future;

use js_sys::Promise;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A part's style sheet could not be fetched (offline before the service worker had it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SheetFailed;

/// A sheet linked, loading or loaded.
struct Linked {
    part: &'static str,
    /// Tells this link from a later one of the same part (after a failure).
    id: u32,
    link: web_sys::Element,
    /// Settles on the link's `load` (the rules apply) or `error` event.
    loaded: Promise,
}

thread_local! {
    static LINKED: RefCell<Vec<Linked>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(0) };
}

/// Links the style sheet of `part` (at most once; one that failed is linked anew). Its fetch
/// starts now; the future is ready once its rules apply, or fails if it could not be fetched
/// (its link is then removed). A page without the part's meta (not the build's index.html:
/// the wasm tests) has no sheet to wait for.
pub fn load(part: &'static str) -> impl Future<Output = Result<(), SheetFailed>> {
    let linked = LINKED
        .with(|l| {
            l.borrow()
                .iter()
                .find(|s| s.part == part)
                .map(|s| (s.id, s.loaded.clone()))
        })
        .or_else(|| link(part));
    async move {
        let Some((id, loaded)) = linked else {
            return Ok(());
        };
        if JsFuture::from(loaded).await.is_ok() {
            return Ok(());
        }
        LINKED.with(|l| {
            let mut l = l.borrow_mut();
            if let Some(i) = l.iter().position(|s| s.id == id) {
                l.remove(i).link.remove();
            }
        });
        Err(SheetFailed)
    }
}

/// Inserts the `<link>` of `part`'s sheet before its meta; `None` if there is no such meta.
fn link(part: &'static str) -> Option<(u32, Promise)> {
    let document = web_sys::window()?.document()?;
    let selector = format!(r#"meta[name="part-style"][data-part="{part}"]"#);
    let meta = document.query_selector(&selector).ok()??;
    let href = meta.get_attribute("content")?;
    let link = document.create_element("link").ok()?;
    link.set_attribute("rel", "stylesheet").ok()?;
    link.set_attribute("href", &href).ok()?;
    link.set_attribute("data-part", part).ok()?;
    let element = link.dyn_ref::<web_sys::HtmlElement>()?;
    let loaded = Promise::new(&mut |resolve, reject| {
        element.set_onload(Some(&resolve));
        element.set_onerror(Some(&reject));
    });
    meta.parent_node()?.insert_before(&link, Some(&meta)).ok()?;
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    LINKED.with(|l| {
        l.borrow_mut().push(Linked {
            part,
            id,
            link,
            loaded: loaded.clone(),
        })
    });
    Some((id, loaded))
}
