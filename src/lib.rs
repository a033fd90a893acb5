//! The Toguz Korgool web app (Leptos, client-side rendered) over `toguz_engine`.
//!
//! - [`state`]: the game as a plain Rust value (no Leptos), tested natively;
//! - [`components`]: reusable views, above all the [`components::Board`];
//! - [`app`]: the root component, which provides the game state by context.

pub mod app;
pub mod components;
pub mod state;

pub use app::App;

/// Mounts the app on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
