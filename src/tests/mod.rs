//! The browser tests of the app's views: they mount the app, a screen or the board with the
//! root's contexts, or use the browser's storage, in the library's one wasm test binary
//! (src/lib.rs). Integration tests under tests/ would compile the library once more.

mod board;
mod lesson;
mod storage;
