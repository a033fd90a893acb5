//! The browser: the only code that calls web-sys APIs (storage, the search worker, sound,
//! the service worker, media queries, files, the clock, the parts' style sheets). Above it, the app sees plain Rust
//! functions and types.

pub mod ai;
pub mod dom;
pub mod fetch;
pub mod files;
pub mod media;
pub mod persist;
pub mod picture;
pub mod pwa;
pub mod share;
pub mod sound;
pub mod split;
pub mod storage;
pub mod style_sheets;
pub mod time;
