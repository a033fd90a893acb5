//! Links that open a position in the editor: `<app>?position=<position string>`.
//!
//! At start-up, [`take_position_param`] turns such an address into the editor's route
//! (`#/editor/<position>`) without the query, so a reload does not open the link again over
//! the player's later edits; the editor then reads the position from its route. The position
//! in a link may be anything: the editor shows the parser's error for one that does not read.

use crate::services::routes::Route;
use toguz_app_core::url::encode_position_value;

/// The query parameter of a position link.
pub const POSITION_PARAM: &str = "position";

/// The link that opens `text` in the editor of this app (under its sub-path, if any).
pub fn position_link(text: &str) -> String {
    let base = crate::platform::dom::base_url();
    format!("{base}?{POSITION_PARAM}={}", encode_position_value(text))
}

/// When the page was opened from a position link: rewrites the address to the editor's route
/// for that position (keeping the path and any other parameter). Call once, before the routes
/// are read.
pub fn take_position_param() {
    if let Some(text) = crate::platform::dom::take_query_param(POSITION_PARAM) {
        crate::platform::dom::replace_location_hash(&Route::Editor(Some(text)).to_hash());
    }
}
