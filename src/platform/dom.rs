//! The page itself: attributes of the root element, the browser's languages, key events.

use toguz_app_core::startup::FIRST_INPUT;
use wasm_bindgen::JsCast;

/// Sets an attribute of `<html>` (`data-theme`, `lang`).
pub fn set_root_attribute(name: &str, value: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        // Only a change: setting an attribute to the value it has still makes the browser
        // re-check every rule that reads it (`lang`, read by `:lang()`: 328 of the 346 style
        // invalidations a first visit's start scheduled).
        if root.get_attribute(name).as_deref() != Some(value) {
            let _ = root.set_attribute(name, value);
        }
    }
}

/// Removes the shell (`index.html`'s empty board, drawn before the app's wasm came), which
/// shows the app mounted behind it (hidden until then: `style/shell.css`).
pub fn remove_shell() {
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("shell"))
    {
        shell.remove();
    }
}

/// Sets the page's `<title>` (a change only).
pub fn set_title(title: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        if d.title() != title {
            d.set_title(title);
        }
    }
}

/// The browser's preferred languages, best first (`navigator.languages`).
pub fn browser_languages() -> Vec<String> {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let mut wanted: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if wanted.is_empty() {
        wanted.extend(nav.language());
    }
    wanted
}

/// True when a key event goes to a text field (its keys are the player's text, not commands).
pub fn typing_in_field(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| match el.tag_name().as_str() {
            "TEXTAREA" | "SELECT" => true,
            // A ticked box or a radio button takes no letters: the shortcuts still work there.
            "INPUT" => !matches!(
                el.get_attribute("type").as_deref(),
                Some("checkbox" | "radio" | "button")
            ),
            _ => el.has_attribute("contenteditable"),
        })
}

/// The URL's hash (`#/library`), empty if none.
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Sets the URL's hash (a new history entry).
pub fn set_location_hash(hash: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(hash);
    }
}

/// Writes `hash` into the address without a new history entry and without a `hashchange`
/// (the editor, once it has read the position of its route, drops it from the address so that
/// a reload does not open it again).
pub fn replace_location_hash(hash: &str) {
    if let Some(w) = web_sys::window() {
        if let (Ok(history), Ok(path), Ok(search)) =
            (w.history(), w.location().pathname(), w.location().search())
        {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}{search}{hash}")),
            );
        }
    }
}

/// The URL's query (`?share=...`), empty if none.
pub fn location_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The document's base URL without its query and hash (the app's address, under its
/// sub-path if any).
pub fn base_url() -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    base.split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The query parameter `name` of the page's address, if it has one.
pub fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// Takes the query parameter `name` out of the address (without a new history entry,
/// keeping the path, the other parameters and the hash) and gives its value, if it had one.
/// Inlined: its callers are in different parts, and one copy shared by them would be the first
/// visit's.
#[inline(always)]
pub fn take_query_param(name: &str) -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    let params = web_sys::UrlSearchParams::new_with_str(&location.search().ok()?).ok()?;
    let value = params.get(name)?;
    params.delete(name);
    let rest = String::from(params.to_string());
    let query = if rest.is_empty() {
        String::new()
    } else {
        format!("?{rest}")
    };
    let path = location.pathname().ok()?;
    let hash = location.hash().unwrap_or_default();
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}{hash}")),
        );
    }
    Some(value)
}

/// Selects the text of the input `selector` finds (for the player to copy it by hand when
/// the clipboard is refused).
pub fn select_text(selector: &str) {
    use wasm_bindgen::JsCast;
    let input = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok());
    if let Some(input) = input {
        input.select();
    }
}

/// Scrolls the page back to its top (a new screen starts there).
pub fn scroll_to_top() {
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// Focuses `element` where it is, without scrolling the page to it.
pub fn focus_without_scroll(element: &web_sys::HtmlElement) {
    use wasm_bindgen::{JsCast, JsValue};
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &JsValue::TRUE);
    let focus = js_sys::Reflect::get(element, &"focus".into()).ok();
    if let Some(focus) = focus.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = focus.call1(element, &options);
    }
}

/// Scrolls the least needed (the page, and a panel that scrolls) to bring into sight each
/// element the `selectors` find, in order: where they do not all fit, the last one wins.
pub fn bring_into_view(selectors: &[&str]) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
    let _ = js_sys::Reflect::set(&options, &"inline".into(), &"nearest".into());
    for selector in selectors {
        let Some(element) = document.query_selector(selector).ok().flatten() else {
            continue;
        };
        let scroll = js_sys::Reflect::get(&element, &"scrollIntoView".into()).ok();
        if let Some(scroll) = scroll.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
            let _ = scroll.call1(&element, &JsValue::from(options.clone()));
        }
    }
}

/// A new step: brings the top of the element `board` finds into sight when it is above the
/// screen (else leaves the page where it is), and scrolls the content of the one `text` finds
/// back to its top.
///
/// Through `Reflect` rather than web-sys's `getBoundingClientRect` and `scrollTop`: each new
/// binding adds its glue to the first visit's script, which has no room to spare.
pub fn start_at(board: &str, text: &str) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let find = |selector: &str| document.query_selector(selector).ok().flatten();
    let get =
        |target: &JsValue, key: &str| js_sys::Reflect::get(target, &JsValue::from_str(key)).ok();
    if let Some(text) = find(text) {
        let _ = js_sys::Reflect::set(
            &text,
            &JsValue::from_str("scrollTop"),
            &JsValue::from_f64(0.0),
        );
    }
    let Some(board) = find(board) else {
        return;
    };
    let top = get(&board, "getBoundingClientRect")
        .filter(JsValue::is_function)
        .and_then(|f| f.unchecked_into::<js_sys::Function>().call0(&board).ok())
        .and_then(|rect| get(&rect, "top"))
        .and_then(|top| top.as_f64());
    if top.is_some_and(|top| top < 0.0) {
        board.scroll_into_view();
    }
}

/// Scrolls the box `list` finds, by its own scroll and never the page's, just enough that
/// its element `current` finds is in view (a move list following the game). Nothing when
/// either is missing or the element is in view already.
///
/// Through `Reflect`, as [`start_at`], to add no binding's glue to the first visit's script.
pub fn keep_in_box(list: &str, current: &str) {
    use wasm_bindgen::{JsCast, JsValue};
    let Some(list) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(list).ok().flatten())
    else {
        return;
    };
    let Some(item) = list.query_selector(current).ok().flatten() else {
        return;
    };
    let get =
        |target: &JsValue, key: &str| js_sys::Reflect::get(target, &JsValue::from_str(key)).ok();
    let edges = |el: &JsValue| {
        let rect = get(el, "getBoundingClientRect")
            .filter(JsValue::is_function)
            .and_then(|f| f.unchecked_into::<js_sys::Function>().call0(el).ok())?;
        Some((
            get(&rect, "top")?.as_f64()?,
            get(&rect, "bottom")?.as_f64()?,
        ))
    };
    let (Some((top, bottom)), Some((item_top, item_bottom))) = (edges(&list), edges(&item)) else {
        return;
    };
    let by = if item_top < top {
        item_top - top
    } else if item_bottom > bottom {
        (item_bottom - bottom).min(item_top - top)
    } else {
        return;
    };
    let scroll = get(&list, "scrollTop")
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let _ = js_sys::Reflect::set(
        &list,
        &JsValue::from_str("scrollTop"),
        &JsValue::from_f64(scroll + by),
    );
}

thread_local! {
    /// The player has shown up: an [`at_first_input`] listener has seen an input.
    static INPUT_SEEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Calls `f` once the player has shown up: at the first input on the page (see
/// [`FIRST_INPUT`]), or at once if an earlier call's listener saw one (a screen opened by a
/// click). For what the first screen does without but the player will soon want (such as
/// the play screen's parts, the search worker). One listener for all the events, on the
/// window, capturing (a handler that stops an event does not hide it, and an element's
/// scroll, which does not bubble, is seen); it goes at that first input, since scrolls and
/// pointer moves come by the hundred.
pub fn at_first_input(f: impl FnOnce() + 'static) {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;

    if INPUT_SEEN.with(Cell::get) {
        return f();
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let listener = Rc::new(Cell::new(None::<js_sys::Function>));
    let own = listener.clone();
    let mut f = Some(f);
    let first = Closure::<dyn FnMut()>::new(move || {
        INPUT_SEEN.with(|seen| seen.set(true));
        if let (Some(w), Some(me)) = (web_sys::window(), own.take()) {
            for name in FIRST_INPUT {
                let _ = w.remove_event_listener_with_callback_and_bool(name, &me, true);
            }
        }
        if let Some(f) = f.take() {
            f();
        }
    })
    .into_js_value()
    .unchecked_into::<js_sys::Function>();
    for name in FIRST_INPUT {
        let _ = window.add_event_listener_with_callback_and_bool(name, &first, true);
    }
    listener.set(Some(first));
}

/// `f` as a JS function that runs it once. Every caller shares one instance of wasm-bindgen's
/// glue (a boxed closure): each closure type given to `Closure::once_into_js` had its own.
pub fn once(f: Box<dyn FnOnce()>) -> wasm_bindgen::JsValue {
    wasm_bindgen::closure::Closure::once_into_js(f)
}
