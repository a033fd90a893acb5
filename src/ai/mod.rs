//! The computer opponent, run in a Web Worker so the page never freezes while it thinks.
//!
//! - [`protocol`]: the JSON messages ([`Request`], [`Reply`]) shared by the page and the worker;
//! - [`handler`]: the worker's side without browser APIs (a request run on the engine's
//!   [`Searcher`](toguz_engine::search::Searcher), with a caller-given clock), tested natively;
//! - [`worker`]: the worker's entry point (`src/bin/worker.rs`, built by Trunk);
//! - [`client`]: [`AiWorker`], the page's handle: spawn, `ready` handshake, request ids,
//!   cancel by terminate and respawn, stale replies dropped;
//! - [`use_ai`]: the same for Leptos components, with a `thinking` signal;
//!
//! No test or benchmark code ships: the end-to-end tests drive the built worker through its
//! JSON protocol from a page of their own (`tests/e2e/worker-page.mjs`).
//!
//! A play screen calls it like this:
//!
//! ```no_run
//! use leptos::prelude::*;
//! use toguz_app::ai::use_ai;
//! use toguz_engine::{search::Level, Position};
//!
//! #[component]
//! fn Opponent() -> impl IntoView {
//!     let ai = use_ai();
//!     let think = move |_| {
//!         ai.play(&Position::start(), Level::Hard, 7, |result| match result {
//!             Ok(report) => { /* play report.best, animated like any move */ }
//!             Err(message) => { /* show it */ }
//!         });
//!     };
//!     // On a new game or an undo: ai.new_game() or ai.cancel().
//!     view! {
//!         <button on:click=think>"Think"</button>
//!         <Show when=move || ai.thinking().get()>"Thinking…"</Show>
//!     }
//! }
//! ```

pub mod client;
pub mod handler;
mod hook;
pub mod protocol;
pub mod worker;

pub use client::AiWorker;
pub use hook::{use_ai, Ai};
pub use protocol::{Reply, Report, Request, RequestId, Task};
