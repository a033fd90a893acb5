//! `toguz backup ls` and `toguz backup export` on a backup made from the library of
//! `crates/store/tests/data/library-v4.json`, and on files that are not backups.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

use toguz_store::{Backend, Backup, Library, Memory};

fn toguz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toguz"))
        .args(args)
        .output()
        .expect("run toguz")
}

/// A file of this test's own under the target directory.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn backup_file(name: &str) -> PathBuf {
    let text = include_str!("../../store/tests/data/library-v4.json");
    let values: BTreeMap<String, String> = serde_json::from_str(text).unwrap();
    let mem = Memory::new();
    for (k, v) in &values {
        mem.set(k, v).unwrap();
    }
    let lib = Library::new(&mem, "cli");
    let (backup, _) = Backup::collect(&lib, 1_765_000_000_000).unwrap();
    file(name, &backup.to_text())
}

#[test]
fn ls_says_what_the_backup_holds() {
    let path = backup_file("ls.json");
    let o = toguz(&["backup", "ls", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "backup version 1 created 2025.12.06");
    assert_eq!(lines[1], "games 6 finished 4 in-progress 2 reviewed 1");
    assert_eq!(lines[2], "studies 1");
    assert_eq!(lines[3], "study st1 Opening 76");
    assert!(lines.contains(&"value toguz.settings settings"), "{out}");
    assert!(lines.contains(&"value toguz.puzzles puzzles"), "{out}");
    assert!(lines.contains(&"value toguz.tutorial tutorial"), "{out}");
}

#[test]
fn export_writes_every_game_as_a_record_that_reads_back() {
    let path = backup_file("export.json");
    let o = toguz(&["backup", "export", path.to_str().unwrap()]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let games = toguz_store::import(&text, 0).unwrap();
    assert_eq!(games.len(), 6);
    for tag in [
        "[White ", "[Black ", "[Result ", "[Date ", "[Event ", "[Round ", "[Site ",
    ] {
        assert_eq!(text.matches(tag).count(), 6, "{tag} in\n{text}");
    }
    let out = file("export.pgn", "");
    let o = toguz(&[
        "backup",
        "export",
        path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
}

#[test]
fn a_file_that_is_no_backup_is_refused_with_the_reason() {
    let pgn = file("not-backup.pgn", "[Event \"x\"]\n\n1. 76 98\n");
    let o = toguz(&["backup", "ls", pgn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a backup"));
    let text = std::fs::read_to_string(backup_file("cut.json")).unwrap();
    let cut = file("cut.json", &text[..text.len() / 3]);
    let o = toguz(&["backup", "export", cut.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("damaged at line 1"));
}
