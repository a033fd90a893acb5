//! The buttons Share image (`btn-share-image`) and Share as GIF (`btn-share-gif`): the
//! screen gives the pictures at the click, `services::pictures` makes and offers them. While
//! a GIF is made the button counts its frames; if it fails, a line under it says so.

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::pictures::{self, Kind, Progress, Request, Shot};
use crate::services::words::text;
use crate::ui::Button;

/// A button that shares a picture of the board: `shots` gives what to draw at the click (one
/// shot for an image, one per position for a GIF).
#[component]
pub fn SharePicture(
    /// An image or a GIF.
    kind: Kind,
    /// The pictures to make, asked at the click.
    #[prop(into)]
    shots: Callback<(), Vec<Shot>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let progress = RwSignal::new(Progress::Idle);
    let busy = Memo::new(move |_| matches!(progress.get(), Progress::Working { .. }));
    let click = move |()| {
        if busy.get_untracked() {
            return;
        }
        let shots = shots.run(());
        progress.set(Progress::Working {
            done: 0,
            total: shots.len(),
        });
        pictures::request(Request {
            kind,
            shots,
            locale: i18n.get_locale_untracked(),
            progress,
        });
    };
    let label = move || match (kind, progress.get()) {
        (Kind::Gif, Progress::Working { done, total }) => {
            t_string!(i18n, common.gif_progress, done = done + 1, total = total).to_string()
        }
        (Kind::Image, Progress::Working { .. }) => {
            t_string!(i18n, common.picture_working).to_string()
        }
        (Kind::Gif, _) => t_string!(i18n, common.share_gif).to_string(),
        (Kind::Image, _) => t_string!(i18n, common.share_image).to_string(),
    };
    let testid = match kind {
        Kind::Image => "btn-share-image",
        Kind::Gif => "btn-share-gif",
    };
    view! {
        <Button testid=testid disabled=busy on_click=click>
            {label}
        </Button>
        <Show when=move || progress.get() == Progress::Failed>
            <p class="share-picture__error" role="alert" data-testid="picture-error">
                {text(move || t_string!(i18n, common.picture_failed))}
            </p>
        </Show>
    }
}
