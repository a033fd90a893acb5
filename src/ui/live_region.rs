//! The polite live region that reads out every move, capture, tuz and result.

use leptos::prelude::*;

/// The polite live region that reads out every move, capture, tuz and result: `said`, the
/// words to say with a serial number (the same words said twice are two announcements).
#[component]
pub fn LiveRegion(
    /// The last thing to say, with its serial number.
    #[prop(into)]
    said: Signal<Option<(u32, String)>>,
) -> impl IntoView {
    view! {
        <div
            class="visually-hidden"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="announcer"
        >
            {move || {
                said.get()
                    .map(|(n, words)| {
                        // Every other message ends with a no-break space: the same words said
                        // twice still change the region's text.
                        let pad = if n % 2 == 1 { "\u{a0}" } else { "" };
                        format!("{words}{pad}")
                    })
            }}
        </div>
    }
}
