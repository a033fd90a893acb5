//! What a screen shows when what its address names is not there (a game deleted since, a link
//! that does not read): why, and the way back to the library.

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::routes::Route;
use crate::services::words::text;

/// "This game is not in the library" (or `message`, when the screen knows better why), and
/// Back to the library.
#[component]
pub fn NotFound(
    /// The test id of the message.
    testid: &'static str,
    /// Why, in the player's language; by default, that the game is not in the library.
    #[prop(optional, into)]
    message: Option<Signal<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let message = move || match message {
        Some(m) => m.get(),
        None => t_string!(i18n, library.not_found).to_string(),
    };
    view! {
        <p class="library__empty" role="alert" data-testid=testid>
            {message}
        </p>
        <a class="btn" href=Route::Library.to_hash()>
            {text(move || t_string!(i18n, library.back_to_library))}
        </a>
    }
}
