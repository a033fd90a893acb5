//! The saved form of a game (JSON, as the app stores it): never panics, and a game that
//! loads saves and loads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_engine::game::Game;

fuzz_target!(|data: &[u8]| {
    if let Ok(g) = serde_json::from_slice::<Game>(data) {
        let json = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
    }
});
