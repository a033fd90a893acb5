//! Links that open a position in the editor: `<app>?position=<position string>`.
//!
//! At start-up, [`take_position_param`] turns such an address into the editor's route
//! (`#/editor/<position>`) without the query, so a reload does not open the link again over
//! the player's later edits; the editor then reads the position from its route. The position
//! in a link may be anything: the editor shows the parser's error for one that does not read.

use crate::services::routes::Route;

/// The query parameter of a position link.
pub const POSITION_PARAM: &str = "position";

/// The query value of a position string: spaces as `+`, the string's own characters
/// (digits, `,`, `/`, `-`, letters) as they are, anything else percent-encoded.
pub fn encode_query(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b' ' => out.push('+'),
            b if b.is_ascii_alphanumeric() || b",/-_.~".contains(&b) => out.push(b as char),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The link that opens `text` in the editor of this app (under its sub-path, if any).
pub fn position_link(text: &str) -> String {
    let base = crate::platform::dom::base_url();
    format!("{base}?{POSITION_PARAM}={}", encode_query(text))
}

/// When the page was opened from a position link: rewrites the address to the editor's route
/// for that position (keeping the path and any other parameter). Call once, before the routes
/// are read.
pub fn take_position_param() {
    if let Some(text) = crate::platform::dom::take_query_param(POSITION_PARAM) {
        crate::platform::dom::replace_location_hash(&Route::Editor(Some(text)).to_hash());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn a_position_reads_plainly_in_its_link() {
        assert_eq!(
            encode_query("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w"),
            "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9+0/0+-/-+w"
        );
        assert_eq!(encode_query("a+b&c#é"), "a%2Bb%26c%23%C3%A9");
    }
}
