//! The computer opponent's side without a browser: the JSON messages shared by the page and
//! the Web Worker, and the worker's request handler.
//!
//! - [`protocol`]: the messages ([`Request`], [`Reply`]);
//! - [`handler`]: a request run on the engine's [`Searcher`](toguz_engine::search::Searcher),
//!   with a caller-given clock, so plain unit tests cover it;
//! - [`starts`]: which start of the page's worker is the current one.
//!
//! The worker itself is `platform::ai` (its entry point is `worker/src/main.rs`); screens use
//! `services::ai::use_ai`.

pub mod handler;
pub mod protocol;
pub mod starts;

pub use protocol::{Reply, Report, Request, RequestId, Task};

/// Why the computer gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The search worker could not start, failed, or refused the request (its own words,
    /// technical).
    Failed(String),
}

impl core::fmt::Display for AiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AiError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AiError {}
