//! How much room a saved review takes beside its game: a real game of PlayOK's `korgol.pgn`
//! reviewed as the app reviews (the review's default depth and node limit, one line), its
//! stored text measured against its readable JSON and the game's. Run by hand (the figure in docs/BENCHMARKS.md):
//!
//!   cargo test -p toguz-store --release --test all review_size:: -- --ignored --nocapture

use toguz_coach::review::{analyse_position, ReviewSettings};
use toguz_engine::search::Searcher;
use toguz_store::library::game_text;
use toguz_store::{review_text, SavedReview};

#[test]
#[ignore = "a measurement: a review at the app's depth takes seconds"]
fn a_saved_review_takes_room_beside_its_game() {
    let text = include_str!("../../../public/playok/korgol.pgn");
    let entry = toguz_store::import(text, 0).unwrap().remove(0);
    let settings = ReviewSettings::default();
    let mut searcher = Searcher::new(16);
    let mut pos = entry.game.start();
    let mut analyses = Vec::new();
    for m in &entry.game.moves()[..entry.game.ply()] {
        analyses.extend(analyse_position(
            &mut searcher,
            &pos,
            Some(m.house),
            &settings,
            |_| false,
        ));
        pos = pos.play(m.house).unwrap().0;
    }
    let plies = analyses.len();
    let review = SavedReview {
        depth: settings.depth,
        analyses,
    };
    let units = |t: &str| t.encode_utf16().count();
    let readable = units(&serde_json::to_string(&review).unwrap());
    let packed = units(&review_text(&review));
    let game = units(&game_text(&entry));
    println!(
        "a review of {plies} plies: {packed} code units packed ({readable} as readable JSON); \
         its game: {game}; reviews of 250 plies that fill 5,242,880 units: {}",
        5_242_880 / (packed * 250 / plies)
    );
    assert!(packed * 10 < readable);
}
