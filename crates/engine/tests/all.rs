//! The crate's integration tests, one binary: each file of this directory is a module here, so
//! that the crate and its generic code are compiled and linked once for them all, not once a file
//! (`cargo test -p toguz-engine --test all <name>` runs some).

mod data_files;
mod keys;
mod perft;
mod playok;
mod proptests;
mod search;
mod study;
