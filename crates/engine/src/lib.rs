//! Toguz Korgool: the rules, notation and search, as `docs/RULES.md` states them.
//!
//! Pure Rust: no clock, no I/O, no UI text. Builds natively and for wasm32.
//!
//! ```
//! use toguz_engine::{Position, House};
//! let (after, outcome) = Position::start().play(House::new(7).unwrap()).unwrap();
//! assert_eq!(outcome.capture.unwrap().count, 10);
//! assert_eq!(after.to_string(), "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- b");
//! ```
#![forbid(unsafe_code)]

pub mod eval;
pub mod game;
pub mod hash;
pub mod notation;
mod position;
mod position_str;
pub mod record;
pub mod search;
pub mod study;
mod types;

pub use game::{Game, GameError, Rules, SavedGame};
pub use notation::NotatedMove;
pub use position::{
    Capture, Drop, EndReason, GameEnd, GameResult, HALF, MoveError, MoveOutcome, NoTuzReason,
    PlayError, Position, Setup, SetupError, SowResult, TOTAL, WIN,
};
pub use position_str::ParsePositionError;
pub use record::{Record, RecordError};
pub use types::{BySide, House, InvalidHouse, Side, Square};
