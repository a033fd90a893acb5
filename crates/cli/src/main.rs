//! `toguz`: the command-line tool over the Toguz Korgool engine.
//!
//! Subcommands are variants of [`Command`]; each runs a handler that returns the exit status.
//! To add one: a variant (with its argument struct) and a line in `main`'s match.

mod ai;
mod backup;
mod coach;
mod explorer;
mod practice;
mod selfplay;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use toguz_engine::game::{Game, Rules};
use toguz_engine::notation::NotatedMove;
use toguz_engine::record::read_games;
use toguz_engine::Position;

/// Toguz Korgool: rules engine tools.
#[derive(Parser, Debug)]
#[command(name = "toguz", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count leaf positions by making every move, for depths 1..N.
    ///
    /// Prints one line `<depth> <nodes>` per depth 1..N (`--time` adds the milliseconds).
    Perft(PerftArgs),
    /// Play moves from a position and print the position after them.
    ///
    /// Line 1 is the position string after the last move (before any end-of-game collection).
    /// When the game is over, line 2 is `result <1-0|0-1|1/2-1/2> <white>-<black>` with the
    /// final kazans after collection. An illegal or wrongly written move exits with status 2
    /// and says on standard error which move and why.
    Play(PlayArgs),
    /// Check every game of a PlayOK/TGK record file.
    ///
    /// Prints one line per game: `<n> ok <plies> <position after the last move>`, followed by
    /// ` <result> <white>-<black>` when the game ended by the rules; or
    /// `<n> error move <k> <token>: <reason>`, where k is the ply (the k-th move of the game;
    /// 0 for an error in the tags). Exit status 1 if any game has an error, 2 if the file
    /// cannot be read.
    Replay(ReplayArgs),
    /// Search a position and print the best move, its score and the principal variation.
    Bestmove(ai::BestmoveArgs),
    /// Run the engine line protocol on standard input/output (docs/engine-protocol.md).
    Engine(ai::EngineArgs),
    /// Play a match between two players (levels, depths, greedy) with colours swapped.
    Match(ai::MatchArgs),
    /// Review games of a record file: each move's class, each side's accuracy, and why.
    ///
    /// One line per move: `<move number> <W|B> <house> <class> loss <korgools> eval <after,
    /// White's view>`, then for a move that is not the best `best <house> (<score>) line
    /// <moves>` and the reasons; then the accuracy, the classes per side, the time, the nodes
    /// and the depth.
    Review(coach::ReviewArgs),
    /// Puzzles: mine them from records and self-play, verify a puzzle file, count it.
    Puzzles(coach::PuzzlesArgs),
    /// The opening explorer's books: build one from records, show a position, count it from
    /// the records themselves.
    Explorer(explorer::ExplorerArgs),
    /// Games of the engine against itself at a fixed depth, with varied openings, written as
    /// a record file (seeded, reproducible): the explorer's engine book is made from them.
    ///
    /// Prints `games <n> white <n> draws <n> black <n> time <s>`.
    Selfplay(selfplay::SelfplayArgs),
    /// The app's backup file: what it holds (`ls`), its games as records (`export`).
    Backup(backup::BackupArgs),
    /// Practice positions: mine them from records (won or held with best play, verified by
    /// the search), or verify a file of them again.
    Practice(practice::PracticeArgs),
}

/// A position string, e.g. "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w" (the start).
fn position_arg(s: &str) -> Result<Position, String> {
    s.parse().map_err(|e| format!("{e}"))
}

#[derive(Args, Debug)]
struct PerftArgs {
    /// The deepest depth N.
    depth: u32,
    /// Start from this position instead of the start of the game.
    #[arg(long, value_parser = position_arg)]
    position: Option<Position>,
    /// Add a third column: milliseconds taken for that depth.
    #[arg(long)]
    time: bool,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// Start from this position instead of the start of the game.
    #[arg(long, value_parser = position_arg)]
    position: Option<Position>,
    /// Forbid house 1 as the first move of a game from the start (an optional rule).
    #[arg(long)]
    no_first_move_from_house_1: bool,
    /// After the other lines, print where the last move's last korgool landed and what it did
    /// there: `last <w|b><house> <capture N|tuz|nothing>` (the counting trainer's answers).
    #[arg(long)]
    last: bool,
    /// Moves: house digits (`7`) or notation (`76(10)`, `91X`), which is checked.
    moves: Vec<String>,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// The record file (PGN-style tag pairs and move text, several games allowed).
    file: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft(a) => perft(a),
        Command::Play(a) => play(a),
        Command::Replay(a) => replay(a),
        Command::Bestmove(a) => ai::bestmove(a),
        Command::Engine(a) => ai::engine(a),
        Command::Match(a) => ai::play_match(a),
        Command::Review(a) => coach::review(a),
        Command::Puzzles(a) => coach::puzzles(a),
        Command::Explorer(a) => explorer::explorer(a),
        Command::Selfplay(a) => selfplay::selfplay(a),
        Command::Backup(a) => backup::backup(a),
        Command::Practice(a) => practice::practice(a),
    }
}

fn perft(a: PerftArgs) -> ExitCode {
    let p = a.position.unwrap_or_else(Position::start);
    for depth in 1..=a.depth {
        let t = Instant::now();
        let nodes = p.perft(depth);
        if a.time {
            println!("{depth} {nodes} {}", t.elapsed().as_millis());
        } else {
            println!("{depth} {nodes}");
        }
    }
    ExitCode::SUCCESS
}

fn play(a: PlayArgs) -> ExitCode {
    let rules = Rules {
        no_first_move_from_house_1: a.no_first_move_from_house_1,
    };
    let mut game = Game::from_position(a.position.unwrap_or_else(Position::start), rules);
    for (i, token) in a.moves.iter().enumerate() {
        let fail = |why: String| {
            eprintln!("move {} '{token}': {why}", i + 1);
            ExitCode::from(2)
        };
        let m: NotatedMove = match token.parse() {
            Ok(m) => m,
            Err(e) => return fail(e.to_string()),
        };
        match game.play(m.from) {
            Ok(outcome) => {
                if let Err(e) = m.check(outcome) {
                    return fail(e.to_string());
                }
            }
            Err(e) => return fail(format!("illegal move: {e}")),
        }
    }
    println!("{}", game.position());
    if let Some(end) = game.result() {
        println!(
            "result {} {}-{}",
            end.result, end.kazans.white, end.kazans.black
        );
    }
    if a.last {
        if let Some(m) = game.last_move() {
            let last = m.outcome.last;
            let what = match m.outcome.capture {
                Some(c) if c.tuz => "tuz".to_string(),
                Some(c) => format!("capture {}", c.count),
                None => "nothing".to_string(),
            };
            println!("last {}{} {what}", last.side().letter(), last.house().get());
        }
    }
    ExitCode::SUCCESS
}

fn replay(a: ReplayArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    let games = read_games(&text);
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let n = i + 1;
        match g {
            Ok((_, game)) => {
                print!("{n} ok {} {}", game.ply(), game.position());
                match game.position().end() {
                    Some(end) => {
                        println!(" {} {}-{}", end.result, end.kazans.white, end.kazans.black)
                    }
                    None => println!(),
                }
            }
            Err(e) => {
                bad += 1;
                println!("{n} error move {} {}: {}", e.ply, e.token, e.kind);
            }
        }
    }
    if bad > 0 {
        eprintln!("{bad} of {} games have errors", games.len());
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
