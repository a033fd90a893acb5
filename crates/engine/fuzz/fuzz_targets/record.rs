//! The record reader: never panics, and every game that reads writes back to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_engine::record::{read, write};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let good: Vec<_> = read(s).into_iter().filter_map(Result::ok).collect();
    let text = write(&good);
    let back: Vec<_> = read(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(back, good);
});
