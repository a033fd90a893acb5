//! The polite live region that reads out every move, capture, tuz and result.

use leptos::prelude::*;

use crate::core::announce::Announcement;
use crate::i18n::*;

/// The polite live region that reads out every move, capture, tuz and result.
#[component]
pub fn LiveRegion(
    /// The last thing to say, with a serial number (the same words said twice are two
    /// announcements).
    #[prop(into)]
    said: Signal<Option<(u32, Announcement)>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div
            class="visually-hidden"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="announcer"
        >
            {move || {
                let locale = i18n.get_locale();
                said
                    .get()
                    .map(|(n, what)| {
                        // Every other message ends with a no-break space: the same words said
                        // twice still change the region's text.
                        let pad = if n % 2 == 1 { "\u{a0}" } else { "" };
                        format!("{}{pad}", crate::services::words::announcement(locale, &what))
                    })
            }}
        </div>
    }
}
