//! `toguz explorer`: the opening explorer's book files, made from record files, and counts
//! made straight from the records to check them.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use toguz_coach::explorer::{Book, BookGame, BookLimits, MoveStats};
use toguz_engine::record::read_games;
use toguz_engine::{House, Position};

#[derive(Args, Debug)]
pub struct ExplorerArgs {
    #[command(subcommand)]
    command: ExplorerCommand,
}

#[derive(Subcommand, Debug)]
enum ExplorerCommand {
    /// Build a book file from record files (finished games only).
    ///
    /// Prints `games <n> positions <n> bytes <n>`.
    Build(BuildArgs),
    /// The moves a book gives for a position, one line each:
    /// `<house> games <n> white <n> draws <n> black <n>`, most played first.
    Show(ShowArgs),
    /// The same lines, counted straight from record files (not through a book): the moves
    /// played in finished games from every occurrence of the position.
    Count(CountArgs),
}

#[derive(Args, Debug)]
struct BuildArgs {
    /// Record files (PGN-style, several games each).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write the book.
    #[arg(long)]
    out: PathBuf,
    /// Leave out positions after more plies than this.
    #[arg(long)]
    max_ply: Option<usize>,
    /// Leave out positions reached in fewer games than this.
    #[arg(long, default_value_t = 1)]
    min_games: u32,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The book file.
    book: PathBuf,
    #[command(flatten)]
    at: At,
}

#[derive(Args, Debug)]
struct CountArgs {
    /// Record files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    at: At,
}

/// The position asked about: a position string, or moves from the start (or both).
#[derive(Args, Debug)]
struct At {
    /// The position (default: the start).
    #[arg(long, value_parser = crate::position_arg)]
    position: Option<Position>,
    /// House digits played from it, e.g. `7,9`.
    #[arg(long, value_delimiter = ',')]
    moves: Vec<u8>,
}

impl At {
    fn position(&self) -> Result<Position, String> {
        let mut p = self.position.unwrap_or_else(Position::start);
        for &m in &self.moves {
            let house = House::new(m).ok_or(format!("{m} is not a house 1-9"))?;
            p = p
                .play(house)
                .map_err(|e| format!("move {m}: {}", e.error))?
                .0;
        }
        Ok(p)
    }
}

pub fn explorer(a: ExplorerArgs) -> ExitCode {
    let result = match a.command {
        ExplorerCommand::Build(b) => build(b),
        ExplorerCommand::Show(s) => show(s),
        ExplorerCommand::Count(c) => count(c),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// The finished games of record files, with their written results.
fn finished_games(files: &[PathBuf]) -> Result<Vec<BookGame>, String> {
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        for (i, g) in read_games(&text).into_iter().enumerate() {
            let (rec, game) = g.map_err(|e| format!("{}: game {}: {e}", f.display(), i + 1))?;
            if let Some(result) = rec.result {
                out.push(BookGame {
                    start: game.start(),
                    moves: game.moves().iter().map(|m| m.house).collect(),
                    result,
                });
            }
        }
    }
    Ok(out)
}

fn build(a: BuildArgs) -> Result<(), String> {
    let games = finished_games(&a.files)?;
    let limits = BookLimits {
        max_ply: a.max_ply.unwrap_or(usize::MAX),
        min_games: a.min_games,
    };
    let book = Book::build(&games, &limits);
    let bytes = book.encode();
    std::fs::write(&a.out, &bytes).map_err(|e| format!("{}: {e}", a.out.display()))?;
    println!(
        "games {} positions {} bytes {}",
        book.games(),
        book.positions(),
        bytes.len()
    );
    Ok(())
}

fn print(moves: &[MoveStats]) {
    for m in moves {
        println!(
            "{} games {} white {} draws {} black {}",
            m.house, m.games, m.white, m.draws, m.black
        );
    }
}

fn show(a: ShowArgs) -> Result<(), String> {
    let bytes = std::fs::read(&a.book).map_err(|e| format!("{}: {e}", a.book.display()))?;
    let book = Book::decode(&bytes).map_err(|e| format!("{}: {e}", a.book.display()))?;
    print(&book.lookup(&a.at.position()?));
    Ok(())
}

/// Counted without the book: each game's positions compared whole, each game counted once
/// per move from the position.
fn count(a: CountArgs) -> Result<(), String> {
    let target = a.at.position()?;
    let mut moves: Vec<MoveStats> = Vec::new();
    for g in finished_games(&a.files)? {
        let mut pos = g.start;
        let mut counted: Vec<House> = Vec::new();
        for &house in &g.moves {
            if pos == target && !counted.contains(&house) {
                counted.push(house);
                let i = match moves.iter().position(|m| m.house == house) {
                    Some(i) => i,
                    None => {
                        moves.push(MoveStats {
                            house,
                            games: 0,
                            white: 0,
                            draws: 0,
                            black: 0,
                        });
                        moves.len() - 1
                    }
                };
                let m = &mut moves[i];
                m.games += 1;
                match g.result {
                    toguz_engine::GameResult::Win(toguz_engine::Side::White) => m.white += 1,
                    toguz_engine::GameResult::Win(toguz_engine::Side::Black) => m.black += 1,
                    toguz_engine::GameResult::Draw => m.draws += 1,
                }
            }
            pos = pos.play(house).map_err(|e| e.error.to_string())?.0;
        }
    }
    moves.sort_by(|a, b| b.games.cmp(&a.games).then(a.house.cmp(&b.house)));
    print(&moves);
    Ok(())
}
