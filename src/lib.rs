//! The Toguz Korgool web app (Leptos, client-side rendered) over `toguz_engine`.
//!
//! - [`a11y`]: keyboard navigation of the board, shortcuts, and the live region's announcements;
//! - [`state`]: the game as a plain Rust value (no Leptos), tested natively: modes, preview;
//! - [`clock`]: the optional chess clock;
//! - [`anim`]: the sowing animation's frames from the engine's move outcome;
//! - [`settings`]: the player's settings (speed, preview, evaluation bar, theme), saved;
//! - [`components`]: reusable views, above all the [`components::Board`];
//! - [`pwa`]: offline and install: the service worker's registration, update and install prompts;
//! - [`app`]: the root component, which provides the game state by context;
//! - [`ai`]: the computer opponent in a Web Worker (protocol, client, test and benchmark pages).

pub mod a11y;
pub mod ai;
pub mod anim;
pub mod app;
pub mod clock;
pub mod components;
pub mod pwa;
pub mod settings;
pub mod sound;
pub mod state;

pub use app::App;

/// Mounts the app on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    // `?test-ai` and `?bench=nps` are pages of their own (see `ai::harness`).
    if ai::harness::mount_if_requested() {
        return;
    }
    leptos::mount::mount_to_body(App);
}
