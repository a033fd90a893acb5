//! Runs the `toguz` binary: perft, play and replay, their outputs and exit statuses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn toguz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toguz"))
        .args(args)
        .output()
        .expect("run toguz")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn engine_data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/data")
        .join(rel)
}

/// A PlayOK record the app ships (public/playok/).
fn playok(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../public/playok")
        .join(file)
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = toguz(&["perft", "5"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1 9\n2 73\n3 613\n4 5199\n5 43184\n");
    let o = toguz(&[
        "perft",
        "2",
        "--position",
        "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- b",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().next(), Some("1 8"));
}

#[test]
fn play_prints_position_and_result() {
    let o = toguz(&["play", "7"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- b\n"
    );
    // The shortest game of docs/RULES.md, as digits and as notation.
    let want = "11,1,9,9,1,2,3,4,2/3,2,2,0,1,0,1,2,11 88/10 -/- b\nresult 1-0 88-10\n";
    let o = toguz(&[
        "play", "9", "2", "8", "1", "7", "2", "6", "1", "9", "2", "5",
    ]);
    assert_eq!(stdout(&o), want);
    let o = toguz(&[
        "play", "98(10)", "22(10)", "87(22)", "12", "76(36)", "25", "65(52)", "13", "93(70)", "25",
        "54(88)",
    ]);
    assert_eq!(stdout(&o), want);
}

#[test]
fn play_says_where_the_last_korgool_landed_and_what_it_did() {
    let o = toguz(&["play", "--last", "7"]);
    assert_eq!(
        stdout(&o),
        "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- b\nlast b6 capture 10\n"
    );
    let o = toguz(&["play", "--last", "1"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("last w9 nothing"));
    let o = toguz(&[
        "play",
        "--last",
        "--position",
        "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w",
        "9",
    ]);
    assert_eq!(stdout(&o).lines().nth(1), Some("last b2 tuz"));
}

#[test]
fn play_collects_at_the_end() {
    // White to move with an empty row: the game is over, Black collects the 10 on their
    // side, 81:81. The position line is before the collection.
    let o = toguz(&[
        "play",
        "--position",
        "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w",
    ]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w\nresult 1/2-1/2 81-81\n"
    );
}

#[test]
fn play_illegal_move_exits_2() {
    let o = toguz(&["play", "7", "6"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let e = stderr(&o);
    assert!(e.contains("move 2") && e.contains("empty"), "{e}");
    let o = toguz(&["play", "75(10)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("landing"));
    let o = toguz(&["play", "--no-first-move-from-house-1", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let o = toguz(&["play", "--position", "nonsense", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn replay_playok_files() {
    for (file, games) in [("avataar.pgn", 55), ("korgol.pgn", 227)] {
        let path = playok(file);
        let o = toguz(&["replay", path.to_str().unwrap()]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), games);
        for (i, l) in lines.iter().enumerate() {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f[0], (i + 1).to_string());
            assert_eq!(f[1], "ok");
            assert!(f[2].parse::<usize>().is_ok());
            // <n> ok <plies> + 4 position fields, + result and counts when ended by the rules.
            assert!(f.len() == 7 || f.len() == 9, "{l}");
        }
    }
    let o = toguz(&["replay", playok("avataar.pgn").to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out
        .lines()
        .any(|l| l.starts_with("3 ok 182 ") && l.ends_with(" 0-1 79-83")));
    assert!(out
        .lines()
        .any(|l| l.starts_with("10 ok 120 ") && l.ends_with(" 1/2-1/2 81-81")));
}

#[test]
fn replay_reports_errors_and_exits_1() {
    let path = engine_data("records/invalid/capture_total.pgn");
    let o = toguz(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("1 ok 2 "));
    assert!(
        lines[1].starts_with("2 error move 4 87(5): capture total does not match"),
        "{}",
        lines[1]
    );
    let o = toguz(&["replay", "/nonexistent/file.pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).is_empty());
}

#[test]
fn help_on_every_subcommand() {
    for sub in ["perft", "play", "replay", "review", "puzzles", "explorer"] {
        let o = toguz(&[sub, "--help"]);
        assert!(o.status.success(), "{sub}");
        assert!(stdout(&o).contains("Usage: toguz"), "{sub}");
    }
    let o = toguz(&["--help"]);
    assert!(o.status.success());
    let o = toguz(&["bogus"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn review_marks_the_blunder_and_says_why() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("review-blunder.pgn");
    std::fs::write(&file, "[White \"a\"]\n[Black \"b\"]\n\n1. 4 1 2. 2 *\n").unwrap();
    let o = toguz(&["review", file.to_str().unwrap(), "--depth", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let third = out
        .lines()
        .find(|l| l.trim_start().starts_with("3 W 2"))
        .unwrap();
    assert!(third.contains("blunder"), "{out}");
    assert!(third.contains("best 9"), "{out}");
    assert!(third.contains("gives away a capture of 12"), "{out}");
    assert!(out.contains("accuracy white "), "{out}");
    assert!(out.contains("depth 8"), "{out}");
    let o = toguz(&["review", file.to_str().unwrap(), "--game", "2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn puzzles_stats_and_verify_read_the_file() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("puzzles.tsv");
    std::fs::write(
        &file,
        "# test\nab12cd34\t0,2,6,6,1,2,0,2,3/1,17,0,0,8,2,0,12,12 42/46 -/7 w\t9\tcapture\t760\thand\n",
    )
    .unwrap();
    let o = toguz(&["puzzles", "stats", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("themes: capture 1"), "{}", stdout(&o));
    let o = toguz(&["puzzles", "verify", file.to_str().unwrap(), "--depth", "10"]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("verified 1 puzzles at depth 10: 0 failed"));
    std::fs::write(&file, "x\ty\n").unwrap();
    let o = toguz(&["puzzles", "verify", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("line 1: 2 fields"), "{}", stderr(&o));
}

#[test]
fn bestmove_multipv_prints_the_lines() {
    let o = toguz(&["bestmove", "--depth", "6", "--multipv", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("line 1 move "), "{out}");
    assert!(lines[3].starts_with("lines 3 depth 6 "), "{out}");
    // The first line is the plain search's move.
    let single = stdout(&toguz(&["bestmove", "--depth", "6"]));
    let best = single.split_whitespace().nth(1).unwrap();
    assert_eq!(
        lines[0].split_whitespace().nth(3),
        Some(best),
        "{out}\n{single}"
    );
    let o = toguz(&["bestmove", "--multipv", "2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_explorer_book_agrees_with_a_count_straight_from_the_records() {
    let files: Vec<String> = std::fs::read_dir(playok(""))
        .unwrap()
        .map(|f| f.unwrap().path().to_str().unwrap().to_string())
        .collect();
    let book = Path::new(env!("CARGO_TARGET_TMPDIR")).join("players.tkb");
    let mut args = vec!["explorer", "build", "--out", book.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    let o = toguz(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("games 282 "), "{}", stdout(&o));
    for moves in ["", "7,9", "7,9,6,8"] {
        let mut show = vec!["explorer", "show", book.to_str().unwrap()];
        let mut count = vec!["explorer", "count"];
        count.extend(files.iter().map(String::as_str));
        if !moves.is_empty() {
            show.extend(["--moves", moves]);
            count.extend(["--moves", moves]);
        }
        let (s, c) = (toguz(&show), toguz(&count));
        assert!(
            s.status.success() && c.status.success(),
            "{}{}",
            stderr(&s),
            stderr(&c)
        );
        assert!(!stdout(&s).is_empty(), "no games at {moves:?}");
        assert_eq!(stdout(&s), stdout(&c), "at {moves:?}");
    }
    let o = toguz(&["explorer", "show", files[0].as_str()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not an opening book file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn selfplay_games_are_reproducible_records_and_a_run_splits_in_parts() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let run = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args = vec!["selfplay", "--depth", "4", "--out", out.to_str().unwrap()];
        args.extend(extra);
        let o = toguz(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(out).unwrap()
    };
    let whole = run("sp-whole.pgn", &["--games", "3"]);
    assert_eq!(run("sp-again.pgn", &["--games", "3"]), whole);
    let second = run("sp-part.pgn", &["--games", "1", "--first", "2"]);
    assert!(whole.contains(&second), "game 2 alone:\n{second}");
    let games = toguz_engine::record::read_games(&whole);
    assert_eq!(games.len(), 3);
    for g in games {
        let (rec, _) = g.unwrap();
        assert!(rec.result.is_some());
    }
    // The openings vary: three games, at least two different first moves or replies.
    let openings: std::collections::HashSet<String> = whole
        .lines()
        .filter(|l| l.starts_with("1. "))
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(openings.len() >= 2, "{openings:?}");
}

#[test]
fn the_shipped_players_book_is_the_one_the_records_make() {
    let files: Vec<String> = std::fs::read_dir(playok(""))
        .unwrap()
        .map(|f| f.unwrap().path().to_str().unwrap().to_string())
        .collect();
    let book = Path::new(env!("CARGO_TARGET_TMPDIR")).join("players-shipped.tkb");
    let mut args = vec![
        "explorer",
        "build",
        "--max-ply",
        "40",
        "--out",
        book.to_str().unwrap(),
    ];
    args.extend(files.iter().map(String::as_str));
    let o = toguz(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/explorer/players.tkb");
    assert!(
        std::fs::read(&book).unwrap() == std::fs::read(shipped).unwrap(),
        "public/explorer/players.tkb is stale: toguz explorer build public/playok/*.pgn --max-ply 40 --out public/explorer/players.tkb"
    );
}
