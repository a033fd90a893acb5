//! The computer-opponent subcommands: `bestmove`, `engine`, `match`.

use std::io::Write;
use std::process::{Command, Stdio};

fn toguz(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_toguz"))
        .args(args)
        .output()
        .expect("run toguz");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn engine(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toguz"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run toguz engine");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn bestmove_at_a_depth() {
    let (ok, out) = toguz(&["bestmove", "--depth", "4"]);
    assert!(ok);
    let w: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(w[0], "bestmove");
    assert!(("1"..="9").contains(&w[1]), "{out}");
    assert_eq!(
        [w[2], w[4], w[6], w[8], w[10]],
        ["score", "depth", "nodes", "nps", "pv"]
    );
    assert_eq!(w[5], "4");
    assert_eq!(w[11], w[1], "the pv starts with the best move");
}

#[test]
fn bestmove_finds_the_win() {
    let (ok, out) = toguz(&[
        "bestmove",
        "--position",
        "0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w",
        "--movetime",
        "50",
    ]);
    assert!(ok);
    assert!(out.starts_with("bestmove 9 score win-in-1 "), "{out}");
}

#[test]
fn bestmove_on_a_final_position_and_bad_input() {
    let (ok, out) = toguz(&[
        "bestmove",
        "--position",
        "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w",
        "--depth",
        "3",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "bestmove none score 0.00");
    let (ok, _) = toguz(&["bestmove", "--position", "not a position"]);
    assert!(!ok);
}

#[test]
fn engine_protocol() {
    let out = engine(
        "isready\nnewgame\nposition startpos moves 7 3\ngo depth 3\n\
         position 0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w\ngo nodes 1000\n\
         position startpos moves 5\ngo level easy\nbogus\nposition startpos moves 0\nquit\ngo depth 1\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "readyok");
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .copied()
        .collect();
    assert_eq!(bestmoves.len(), 3, "{out}");
    assert!(bestmoves[0].len() == "bestmove 1".len());
    assert_eq!(bestmoves[1], "bestmove 9");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{out}"
    );
    assert!(lines.iter().any(|l| l.contains("score win-in-1")), "{out}");
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 2, "{out}");
}

#[test]
fn match_pairs_and_tally() {
    let (ok, out) = toguz(&[
        "match",
        "--white",
        "depth:3",
        "--black",
        "greedy",
        "--games",
        "4",
        "--verbose",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("game 1 depth:3 - greedy "), "{out}");
    assert!(lines[1].starts_with("game 2 greedy - depth:3 "), "{out}");
    let last = lines[4];
    assert!(
        last.starts_with("depth:3 vs greedy: games 4 wins "),
        "{out}"
    );
    let w: Vec<&str> = last.split_whitespace().collect();
    let n: u32 = [w[6], w[8], w[10]]
        .iter()
        .map(|s| s.parse::<u32>().unwrap())
        .sum();
    assert_eq!(n, 4);
    let (ok, _) = toguz(&["match", "--white", "wizard", "--black", "easy"]);
    assert!(!ok);
}

#[test]
fn match_levels_run() {
    let (ok, out) = toguz(&[
        "match", "--white", "easy", "--black", "medium", "--games", "2",
    ]);
    assert!(ok, "{out}");
    assert!(out.contains("games 2 "), "{out}");
}

#[test]
fn a_bare_number_is_a_level_and_a_depth_has_its_own_form() {
    let (ok, out) = toguz(&["match", "--white", "1", "--black", "2", "--games", "2"]);
    assert!(ok, "{out}");
    assert!(out.starts_with("1 vs 2: games 2 "), "{out}");
    let (ok, _) = toguz(&["match", "--white", "9", "--black", "2", "--games", "2"]);
    assert!(!ok, "there is no level 9");
    let (ok, out) = toguz(&[
        "match", "--white", "depth:2", "--black", "greedy", "--games", "2",
    ]);
    assert!(ok, "{out}");
}
