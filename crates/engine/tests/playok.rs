//! Replays every game of the PlayOK records (the app ships them in `public/playok/`, where
//! the puzzles link to them): each move's landing house, capture total and tuz mark, and the
//! result of every game that ended by the rules.

use std::path::Path;

use toguz_engine::EndReason;
use toguz_engine::notation::NotatedMove;
use toguz_engine::record::read_games;

#[test]
fn every_playok_game_replays() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/playok");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("public/playok")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "two PlayOK files");
    let (mut games, mut plies, mut by_rules, mut unfinished) = (0, 0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    let mut open_results = std::collections::BTreeMap::new();
    let mut errors = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for r in read_games(&text) {
            games += 1;
            match r {
                Ok((rec, game)) => {
                    plies += game.ply();
                    // PlayOK writes every move in full: exactly the engine's notation.
                    for (m, played) in rec.moves.iter().zip(game.moves()) {
                        assert_eq!(m.notation, NotatedMove::of(&played.outcome));
                    }
                    // PlayOK marks a game that ended with the player to move out of
                    // korgools by a `{zero}` comment after the result.
                    let zero = rec.trailing.iter().any(|c| c == "zero");
                    let no_moves = game
                        .result()
                        .is_some_and(|e| e.reason == EndReason::NoMoves);
                    assert_eq!(zero, no_moves, "{}", file.display());
                    match game.result() {
                        Some(end) => {
                            by_rules += 1;
                            *reasons.entry(format!("{:?}", end.reason)).or_insert(0) += 1;
                            assert!(matches!(
                                end.reason,
                                EndReason::Reached82 | EndReason::NoMoves
                            ));
                            assert_eq!(rec.result, Some(end.result), "{}", file.display());
                            assert_eq!(rec.tag("Result"), Some(end.result.as_str()));
                        }
                        None => {
                            unfinished += 1;
                            let r = rec.result.map_or("*", |r| r.as_str());
                            *open_results.entry(r).or_insert(0) += 1;
                        }
                    }
                }
                Err(e) => errors.push(format!("{}: {e}", file.display())),
            }
        }
    }
    eprintln!(
        "{games} games, {plies} plies: {by_rules} ended by the rules {reasons:?}, \
         {unfinished} unfinished (resignation, time or agreement) {open_results:?}"
    );
    assert!(
        errors.is_empty(),
        "{} errors:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert_eq!(games, 282);
}
