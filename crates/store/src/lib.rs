//! Saved games and settings of the Toguz Korgool app, independent of the browser.
//!
//! - [`versioned`]: every stored value carries a kind and a schema version; older versions are
//!   upgraded; decoding gives a typed [`DecodeError`], never a panic;
//! - [`entry`]: a saved game ([`GameEntry`]: the engine's game with its whole history, mode,
//!   clock, orientation, players) and the library's [`Index`];
//! - [`backend`]: the key-value storage ([`Backend`]; the app's is `localStorage`, tests use
//!   [`Memory`]) and its [`Fault`]s (unavailable, full);
//! - [`library`]: the [`Library`] over a backend: one key per game plus the index, repair,
//!   backups of values that do not read, two tabs that never overwrite each other's game;
//! - [`editor`]: the position editor's draft ([`EditorDraft`]), kept across reloads;
//! - [`records`]: PlayOK/TGK record import (all or nothing, exact errors), export, share links;
//! - [`pack`], [`packed`]: the compact stored forms of games and of the index;
//! - [`moved`]: games a tab of an older build moved to backup keys, brought back;
//! - [`room`]: the room left in storage, known before writing;
//! - [`backup`]: the whole library in one file (`docs/BACKUP.md`), and its restore.
#![forbid(unsafe_code)]

pub mod backend;
pub mod backup;
pub mod editor;
pub mod entry;
pub mod library;
pub mod link;
pub mod moved;
pub mod pack;
pub mod packed;
pub mod records;
pub mod review;
pub mod room;
pub mod sample;
pub mod study;
pub mod versioned;

pub use backend::{Backend, Fault, Memory};
pub use backup::{Backup, BackupError, BackupGame, RestoreError, Restored};
pub use editor::{EditorDraft, EDITOR_KEY};
pub use entry::{GameEntry, Index, Mode, Players, SavedClock, Summary, WideEntry};
pub use library::{Added, Library, Problem, ReadError, Saved, Upgraded};
pub use moved::BroughtBack;
pub use records::{export, export_with_evals, import, read_share, share_payload, ImportError};
pub use review::{review_key, review_text, SavedReview};
pub use room::{Attempt, NoRoom, BROWSER_QUOTA};
pub use versioned::{decode, decode_current, encode, DecodeError, Schema};
