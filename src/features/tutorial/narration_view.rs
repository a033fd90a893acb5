//! The sowing's parts of the lesson panel: what is said at the frame shown, and the
//! player's controls (restart, step back, play or pause, step forward, the frame's number).

use leptos::prelude::*;

use super::host::LessonHost;
use super::text;
use crate::i18n::*;
use crate::services::words;
use crate::ui::Sowing;

const ICON_RESTART: &str = "M5 5h2v14H5zM19 5v14L8 12z";
const ICON_BACK: &str = "M15 5v14L4 12zM17 5h2.5v14H17z";
const ICON_PLAY: &str = "M7 4.5v15L19.5 12z";
const ICON_PAUSE: &str = "M6.5 5h4v14h-4zM13.5 5h4v14h-4z";
const ICON_FORWARD: &str = "M9 5v14l11-7zM4.5 5H7v14H4.5z";

/// A small player icon (drawn, so that no font needs the glyph).
fn icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="tut-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=path fill="currentColor"></path>
        </svg>
    }
}

/// What is said at the frame shown, read out politely.
#[component]
pub(super) fn Narration(host: LessonHost) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div
            class="lesson__narration"
            data-testid="narration"
            aria-live="polite"
            aria-label=words::text(move || t_string!(i18n, tutorial.narration))
        >
            {move || {
                host.lines()
                    .into_iter()
                    .map(|l| view! { <p>{text::line(i18n, l)}</p> })
                    .collect_view()
            }}
        </div>
    }
}

/// One button of the player: its icon, its name, and when it is disabled.
#[component]
fn PlayerButton(
    /// The button's `data-testid`.
    testid: &'static str,
    /// Its name (label and tooltip).
    label: Signal<String>,
    /// The icon's path.
    path: &'static str,
    /// Disabled while true.
    disabled: Signal<bool>,
    /// What it does.
    on_click: Callback<()>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="tut-player__btn"
            data-testid=testid
            aria-label=label
            title=label
            disabled=disabled
            on:click=move |_| on_click.run(())
        >
            {icon(path)}
        </button>
    }
}

/// The sowing's controls, while there is a sowing: restart, step back, play or pause, step
/// forward, and "frame / frames".
#[component]
pub(super) fn SowingControls(sowing: Sowing) -> impl IntoView {
    let i18n = use_i18n();
    let shown = Memo::new(move |_| sowing.with(|p| !p.is_empty()));
    let at_start = Signal::derive(move || sowing.with(|p| p.at_start()));
    let at_end = Signal::derive(move || sowing.with(|p| p.at_end()));
    let playing = sowing.playing();
    let controls = move || {
        view! {
            <div class="tut-player" role="group">
                <PlayerButton
                    testid="tut-restart"
                    label=words::text(move || t_string!(i18n, tutorial.restart))
                    path=ICON_RESTART
                    disabled=at_start
                    on_click=Callback::new(move |()| sowing.restart())
                />
                <PlayerButton
                    testid="tut-back"
                    label=words::text(move || t_string!(i18n, tutorial.step_back))
                    path=ICON_BACK
                    disabled=at_start
                    on_click=Callback::new(move |()| sowing.back())
                />
                <button
                    type="button"
                    class="tut-player__btn tut-player__btn--main"
                    data-testid="tut-play"
                    data-playing=move || playing.get().to_string()
                    aria-label=move || {
                        if playing.get() {
                            t_string!(i18n, tutorial.pause).to_string()
                        } else {
                            t_string!(i18n, tutorial.play).to_string()
                        }
                    }
                    on:click=move |_| sowing.toggle()
                >
                    {move || icon(if playing.get() { ICON_PAUSE } else { ICON_PLAY })}
                </button>
                <PlayerButton
                    testid="tut-forward"
                    label=words::text(move || t_string!(i18n, tutorial.step_forward))
                    path=ICON_FORWARD
                    disabled=at_end
                    on_click=Callback::new(move |()| sowing.forward())
                />
                <span class="tut-player__count" data-testid="tut-frame">
                    {move || sowing.with(|p| format!("{} / {}", p.at() + 1, p.len()))}
                </span>
            </div>
        }
    };
    move || shown.get().then(controls)
}
