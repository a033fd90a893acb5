//! The app's stored values (`toguz-store`): a saved game, the library's index, a share link's
//! payload. Decoding any text never panics, and whatever decodes encodes and decodes back
//! to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_store::{decode, encode, read_share, GameEntry, Index};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(entry) = decode::<GameEntry>(text) {
        let again: GameEntry = decode(&encode(&entry)).expect("a decoded game encodes back");
        assert_eq!(again, entry);
        let _ = entry.summary();
    }
    if let Ok(index) = decode::<Index>(text) {
        let again: Index = decode(&encode(&index)).expect("a decoded index encodes back");
        assert_eq!(again, index);
    }
    let _ = read_share(text, 0);
});
