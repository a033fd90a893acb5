//! The crate's integration tests, one binary: each file of this directory is a module here, so
//! that the crate and its generic code are compiled and linked once for them all, not once a file
//! (`cargo test -p toguz-coach --test all <name>` runs some).

mod estimate;
mod puzzle_file;
mod puzzles;
mod rating;
mod review;
