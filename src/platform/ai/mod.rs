//! The search worker in the browser: [`client`]'s [`AiWorker`] is the page's handle (spawn,
//! `ready` handshake, request ids, cancel by terminate and respawn, stale replies dropped). The
//! worker itself is the `toguz-worker` crate (`crates/worker`), built by Trunk from index.html.

pub mod client;

pub use client::AiWorker;
