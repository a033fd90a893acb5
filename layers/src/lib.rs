//! The app's module layers are checked by `tests/layers.rs`, which reads `../src`: a crate of
//! its own so that the check runs natively in seconds, without compiling the app and Leptos.
