//! The app's logic as plain Rust (no Leptos, no browser), tested natively.

pub mod editor;
