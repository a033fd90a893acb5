//! Media queries: what the system asks of the page.

/// True when the system asks for reduced motion (`prefers-reduced-motion: reduce`): moves
/// are then shown at once, without animation.
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}
