//! The page itself: attributes of the root element, the browser's languages, key events.

use wasm_bindgen::JsCast;

/// Sets an attribute of `<html>` (`data-theme`, `lang`).
pub fn set_root_attribute(name: &str, value: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute(name, value);
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
