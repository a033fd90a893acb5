//! The search worker in the browser.
//!
//! - [`client`]: [`AiWorker`], the page's handle: spawn, `ready` handshake, request ids,
//!   cancel by terminate and respawn, stale replies dropped;
//! - [`worker`]: the worker's entry point (`worker/src/main.rs`, built by Trunk: index.html).

pub mod client;
pub mod worker;

pub use client::AiWorker;
