//! The buttons Share image (`btn-share-image`) and Share as GIF (`btn-share-gif`): the
//! screen says what to draw at the click, `services::pictures` makes and offers it. While a
//! GIF is made its button counts the frames; if making fails, the button says so until the
//! next click tries again.
//!
//! The play screen's Share image is in the first visit: it keeps two flags (the drawing, its
//! words and the progress are in the part loaded on demand); Share as GIF is only in the
//! replay, in the library's part.

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::pictures::{self, Kind, Request, Subject};
use crate::services::words::text;
use crate::ui::Button;

/// Share image: a PNG of what `subject` gives at the click.
#[component]
pub fn ShareImage(
    /// What to draw, asked at the click.
    subject: impl Fn() -> Subject + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let busy = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let click = move |()| {
        if !busy.get_untracked() {
            busy.set(true);
            pictures::request(Request {
                kind: Kind::Image,
                subject: subject(),
                locale: i18n.get_locale(),
                busy,
                failed,
                frames: None,
            });
        }
    };
    // A failure is said on the button itself (a click tries again): no line of its own in
    // the first visit's code.
    let label = move || {
        if failed.get() {
            t_string!(i18n, common.picture_failed)
        } else {
            t_string!(i18n, common.share_image)
        }
    };
    // Not disabled while busy (a PNG takes a moment): a second click is ignored.
    view! {
        <Button testid="btn-share-image" on_click=click>
            {text(label)}
        </Button>
    }
}

/// Share as GIF: one frame per picture `subject` gives at the click, its progress counted on
/// the button.
#[component]
pub fn ShareGif(
    /// The pictures, asked at the click.
    subject: impl Fn() -> Subject + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let busy = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let frames = RwSignal::new((0usize, 0usize));
    let click = move |()| {
        if !busy.get_untracked() {
            busy.set(true);
            frames.set((0, 0));
            pictures::request(Request {
                kind: Kind::Gif,
                subject: subject(),
                locale: i18n.get_locale_untracked(),
                busy,
                failed,
                frames: Some(frames),
            });
        }
    };
    let label = move || match frames.get() {
        (done, total) if busy.get() && total > 0 => {
            t_string!(i18n, common.gif_progress, done = done + 1, total = total).to_string()
        }
        _ if failed.get() => t_string!(i18n, common.picture_failed).to_string(),
        _ => t_string!(i18n, common.share_gif).to_string(),
    };
    view! {
        <Button testid="btn-share-gif" disabled=move || busy.get() on_click=click>
            {label}
        </Button>
    }
}
