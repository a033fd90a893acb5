//! The browser's clock and randomness.

/// Milliseconds since 1970, as the browser's `Date.now()`.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Milliseconds since 1970, whole.
pub fn now_ms() -> u64 {
    now().max(0.0) as u64
}

/// A random number in `[0, 1)`.
pub fn random() -> f64 {
    js_sys::Math::random()
}

/// A random seed for the computer's play.
pub fn random_seed() -> u64 {
    (random() * 1e15) as u64
}
