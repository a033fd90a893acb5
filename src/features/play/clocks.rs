//! Both sides' time, when the game has a clock.

use leptos::prelude::*;
use toguz_engine::Side;

use super::PlaySession;
use crate::i18n::*;
use crate::services::words::{self, text};
use toguz_app_core::clock::format_ms;

/// Both sides' time, when the game has a clock; the running one is marked.
#[component]
pub fn Clocks() -> impl IntoView {
    let session = PlaySession::get();
    let i18n = use_i18n();
    let one = move |side: Side| {
        view! {
            <span
                class="clock"
                class:clock--running=move || {
                    session.with(|s| s.clock().and_then(|c| c.running()) == Some(side))
                }
                data-testid=format!("clock-{}", side.letter())
            >
                {text(move || words::side(i18n.get_locale(), side))}
                " "
                <strong>
                    {move || {
                        session.with(|s| s.clock().map(|c| format_ms(c.left(side, s.now()))))
                    }}
                </strong>
            </span>
        }
    };
    view! {
        <Show when=move || session.with(|s| s.clock().is_some())>
            <div class="clocks">{one(Side::White)} {one(Side::Black)}</div>
        </Show>
    }
}
