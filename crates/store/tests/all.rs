//! The crate's integration tests, one binary: each file of this directory is a module here, so
//! that the crate and its generic code are compiled and linked once for them all, not once a file
//! (`cargo test -p toguz-store --test all <name>` runs some).

mod backup;
mod migration;
mod moved;
mod playok;
mod review_size;
mod seeds;
mod ten_thousand;
mod tgk;
