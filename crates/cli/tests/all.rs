//! The crate's integration tests, one binary: each file of this directory is a module here, so
//! that the crate and its generic code are compiled and linked once for them all, not once a file
//! (`cargo test -p toguz-cli --test all <name>` runs some).

mod ai;
mod backup;
mod cli;
