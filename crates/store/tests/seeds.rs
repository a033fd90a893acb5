//! The fuzz seeds of `engine/fuzz/seeds/store_decode` decode (so the fuzzer starts from
//! values that reach deep into the decoder).

use toguz_store::{decode, read_share, GameEntry, Index};

#[test]
fn fuzz_seeds_decode() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/fuzz/seeds/store_decode/"
    );
    let read = |f: &str| std::fs::read_to_string(format!("{dir}{f}")).unwrap();
    let game: GameEntry = decode(&read("game.json")).unwrap();
    assert_eq!(game.game.ply(), 2);
    assert!(decode::<GameEntry>(&read("legacy_resume.json")).is_ok());
    assert_eq!(decode::<Index>(&read("index.json")).unwrap().games.len(), 1);
    assert_eq!(read_share(&read("share.txt"), 0).unwrap().len(), 1);
}
