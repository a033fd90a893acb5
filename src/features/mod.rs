//! The app's screens, one folder each. A feature never imports another: they meet through
//! routes ([`crate::nav`]) and the app-wide contexts.

pub mod editor;
