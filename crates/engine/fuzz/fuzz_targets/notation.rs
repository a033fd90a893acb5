//! The move notation reader: never panics, and what reads writes back to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_engine::notation::NotatedMove;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = s.parse::<NotatedMove>() {
        assert_eq!(m.to_string().parse::<NotatedMove>(), Ok(m));
    }
});
