//! Records as the TGK app writes them (`tests/data/archive.tgk`): seven tags, one line a move
//! number, `x` after a move that makes a tuz, and no result token: the result stands only in
//! the `Result` tag.

use toguz_engine::{EndReason, GameResult, Side};
use toguz_store::records::SEVEN_TAGS;
use toguz_store::{export, import, Library, Memory};

const ARCHIVE: &str = include_str!("data/archive.tgk");

#[test]
fn a_tgk_archive_reads_each_result_from_its_result_tag() {
    let games = import(ARCHIVE, 0).unwrap();
    let results: Vec<Option<GameResult>> = games
        .iter()
        .map(|e| e.game.result().map(|end| end.result))
        .collect();
    use GameResult::{Draw, Win};
    assert_eq!(
        results,
        [
            Some(Win(Side::White)),
            Some(Win(Side::Black)),
            Some(Win(Side::Black)),
            Some(Draw),
            Some(Win(Side::White)),
            None
        ]
    );
    // Resigned in a position not over (the third even with White ahead on the board): the
    // result as recorded, its reason not guessed.
    for e in &games[..3] {
        assert_eq!(e.game.result().unwrap().reason, EndReason::Resignation);
        assert_eq!(e.summary().reason, None);
        assert!(e.summary().finished());
    }
    assert_eq!(
        games[3].game.result().unwrap().reason,
        EndReason::AgreedDraw
    );
    // Ended on the board: the rules' reason.
    assert_eq!(games[4].summary().reason, Some(EndReason::Reached82));
    // `*`: in progress.
    assert!(!games[5].summary().finished());
    // Tuz moves written `x` read, and the tags are kept.
    assert!(ARCHIVE.contains("x "));
    let tags: Vec<&str> = games[0].tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        tags,
        ["Event", "Site", "Date", "Round", "Count", "TimeControl"]
    );
    assert_eq!(games[0].players.white, "Ерлан Б.");
}

#[test]
fn the_library_counts_the_finished_games_and_skips_them_the_second_time() {
    let lib = Library::new(Memory::new(), "t");
    let added = lib.add_new(import(ARCHIVE, 1).unwrap(), 1).unwrap();
    assert_eq!((added.ids.len(), added.skipped), (6, 0));
    let (index, _) = lib.index().unwrap();
    assert_eq!(index.games.iter().filter(|s| s.finished()).count(), 5);
    assert_eq!(lib.finished_lines().unwrap().len(), 5);
    let again = lib.add_new(import(ARCHIVE, 2).unwrap(), 2).unwrap();
    assert_eq!((again.ids.len(), again.skipped), (0, 6));
}

#[test]
fn an_export_writes_the_seven_tags_and_reads_back_as_the_same_games() {
    let lib = Library::new(Memory::new(), "t");
    lib.add_new(import(ARCHIVE, 1).unwrap(), 1).unwrap();
    let (all, _) = lib.all_games().unwrap();
    let text = export(&all, |_| ("?".into(), "?".into()));
    for record in text.split("\n\n[").map(|r| r.trim_start_matches('[')) {
        let names: Vec<&str> = record
            .lines()
            .take_while(|l| !l.is_empty())
            .map(|l| l.trim_start_matches('[').split(' ').next().unwrap())
            .take(7)
            .collect();
        assert_eq!(names, SEVEN_TAGS, "{record}");
    }
    let back = lib.add_new(import(&text, 3).unwrap(), 3).unwrap();
    assert_eq!((back.ids.len(), back.skipped), (0, 6));
    // A game played here, without an event or a round: "?" for them.
    let mut game = toguz_engine::game::Game::new();
    game.play(toguz_engine::House::new(7).unwrap()).unwrap();
    let own =
        toguz_store::GameEntry::new(String::new(), 1_765_000_000_000, Default::default(), game);
    let text = export([&own], |_| ("Ana".into(), "Bek".into()));
    assert!(text.starts_with(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"2025.12.06\"]\n[Round \"?\"]\n[White \"Ana\"]\n[Black \"Bek\"]\n[Result \"*\"]\n"
    ), "{text}");
}
