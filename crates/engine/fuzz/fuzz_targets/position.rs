//! The position string reader: never panics, and what reads writes back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_engine::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = s.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    if let Ok(p) = s.parse::<Position>() {
        let text = p.to_string();
        assert_eq!(text.parse::<Position>(), Ok(p));
        let _ = p.end();
        let _ = p.legal_moves().count();
    }
});
