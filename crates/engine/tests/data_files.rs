//! The files of valid and invalid inputs under `tests/data/`: positions, moves, records.

use std::path::{Path, PathBuf};

use toguz_engine::Position;
use toguz_engine::notation::NotatedMove;
use toguz_engine::record::{Record, read, write};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// Lines that are not blank and not `#` comments.
fn lines(rel: &str) -> Vec<String> {
    std::fs::read_to_string(data(rel))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// `<expected> TAB <input>` lines.
fn pairs(rel: &str) -> Vec<(String, String)> {
    lines(rel)
        .into_iter()
        .map(|l| {
            let (a, b) = l.split_once('\t').unwrap_or((l.as_str(), ""));
            (a.to_string(), b.to_string())
        })
        .collect()
}

#[test]
fn valid_positions() {
    let all = lines("positions/valid.txt");
    assert!(all.len() >= 5);
    for s in all {
        let p: Position = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(p.to_string(), s);
    }
}

#[test]
fn invalid_positions() {
    for (want, s) in pairs("positions/invalid.txt") {
        let e = s.parse::<Position>().expect_err(&s);
        assert!(
            format!("{e:?}").starts_with(&want),
            "{s}: {e:?}, expected {want}"
        );
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn valid_moves() {
    for (s, back) in pairs("moves/valid.txt") {
        let m: NotatedMove = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(m.to_string(), back);
    }
}

#[test]
fn invalid_moves() {
    for (want, s) in pairs("moves/invalid.txt") {
        let e = s.parse::<NotatedMove>().expect_err(&s);
        assert!(
            format!("{e:?}").starts_with(&want),
            "{s}: {e:?}, expected {want}"
        );
    }
}

fn pgn_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(data(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    v.sort();
    assert!(!v.is_empty());
    v
}

#[test]
fn valid_records_read_and_round_trip() {
    for f in pgn_files("records/valid") {
        let text = std::fs::read_to_string(&f).unwrap();
        let games: Vec<Record> = read(&text)
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert!(games.len() >= 5);
        let again = write(&games);
        let back: Vec<Record> = read(&again).into_iter().collect::<Result<_, _>>().unwrap();
        assert_eq!(back, games);
        assert_eq!(write(&back), again);
    }
}

/// Each invalid record starts with `; expect <game> <ply> <token> <error>`.
#[test]
fn invalid_records_name_game_move_token() {
    for f in pgn_files("records/invalid") {
        let text = std::fs::read_to_string(&f).unwrap();
        let first = text.lines().next().unwrap();
        let want: Vec<&str> = first
            .strip_prefix("; expect ")
            .unwrap_or_else(|| panic!("{}: no expect line", f.display()))
            .split(' ')
            .collect();
        let [game, ply, token, kind] = want[..] else {
            panic!("{}: bad expect line", f.display());
        };
        let results = read(&text);
        let game: usize = game.parse().unwrap();
        for (i, r) in results.iter().enumerate() {
            assert_eq!(r.is_ok(), i + 1 != game, "{}: game {}", f.display(), i + 1);
        }
        let e = results[game - 1].clone().unwrap_err();
        let name = f.display();
        assert_eq!(e.game, game, "{name}: {e}");
        assert_eq!(e.ply, ply.parse::<usize>().unwrap(), "{name}: {e}");
        assert!(e.token.starts_with(token), "{name}: {e}");
        assert!(format!("{:?}", e.kind).starts_with(kind), "{name}: {e:?}");
        assert!(e.to_string().contains(&format!("game {game}")));
    }
}

/// Inputs the fuzzer found (`records/regressions/`): they read without panicking, and the
/// games that read write back the same.
#[test]
fn record_regressions() {
    for f in pgn_files("records/regressions") {
        let bytes = std::fs::read(&f).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let good: Vec<Record> = read(&text).into_iter().filter_map(Result::ok).collect();
        let back: Vec<Record> = read(&write(&good))
            .into_iter()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(back, good, "{}", f.display());
    }
}
