//! What the compiler does not hold inside one crate is checked by `tests/layers.rs`, which
//! reads `../src` and `../crates/*/src` with `syn`: a crate of its own so that the check runs
//! natively in seconds, without compiling the app and Leptos.
