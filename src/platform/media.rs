//! Media queries: what the system asks of the page.

/// True when the system asks for reduced motion (`prefers-reduced-motion: reduce`): moves
/// are then shown at once, without animation.
pub fn prefers_reduced_motion() -> bool {
    matches("(prefers-reduced-motion: reduce)")
}

/// True when the page matches the media `query` now.
pub fn matches(query: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}
