//! `toguz backup`: what an app's backup file holds, and its games as records, so that a
//! player who leaves the app keeps their data (`docs/BACKUP.md`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use toguz_store::{Backup, GameEntry};

#[derive(Args, Debug)]
pub struct BackupArgs {
    #[command(subcommand)]
    command: BackupCommand,
}

#[derive(Subcommand, Debug)]
enum BackupCommand {
    /// What the backup holds: its version and date, the games (finished, in progress, with a
    /// review), the studies and the other values by key.
    ///
    /// Prints `backup version <v> created <date>`, `games <n> finished <n> in-progress <n>
    /// reviewed <n>`, `studies <n>`, then one line per study (`study <id> <title>`) and per
    /// value (`value <key> <kind>`). A file that is not a readable backup exits with status 2
    /// and says why on standard error.
    Ls(FileArgs),
    /// The games as records (PGN-style, with the seven tags TGK readers want), to standard
    /// output or to `-o FILE`.
    Export(ExportArgs),
}

#[derive(Args, Debug)]
struct FileArgs {
    /// The backup file.
    file: PathBuf,
}

#[derive(Args, Debug)]
struct ExportArgs {
    /// The backup file.
    file: PathBuf,
    /// Where to write the records (standard output without it).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn backup(a: BackupArgs) -> ExitCode {
    match a.command {
        BackupCommand::Ls(f) => with_backup(&f.file, |b| {
            list(b);
            ExitCode::SUCCESS
        }),
        BackupCommand::Export(e) => with_backup(&e.file, |b| export(b, e.output.as_ref())),
    }
}

fn with_backup(file: &PathBuf, f: impl FnOnce(&Backup) -> ExitCode) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match Backup::parse(&text) {
        Ok(b) => f(&b),
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

fn list(b: &Backup) {
    let date = toguz_store::records::date_tag(b.created).unwrap_or_else(|| "?".into());
    println!("backup version {} created {date}", b.version);
    let finished = b
        .games
        .iter()
        .filter(|g| g.game.game.result().is_some())
        .count();
    let reviewed = b.games.iter().filter(|g| g.review.is_some()).count();
    println!(
        "games {} finished {finished} in-progress {} reviewed {reviewed}",
        b.games.len(),
        b.games.len() - finished
    );
    println!("studies {}", b.studies.len());
    for s in &b.studies {
        println!("study {} {}", s.id, s.title);
    }
    for (key, text) in &b.values {
        let kind = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v["kind"].as_str().map(str::to_string))
            .unwrap_or_default();
        println!("value {key} {kind}");
    }
}

fn export(b: &Backup, output: Option<&PathBuf>) -> ExitCode {
    let games: Vec<GameEntry> = b.games.iter().map(|g| g.game.clone().into()).collect();
    let reviews: Vec<_> = b.games.iter().map(|g| g.review.clone()).collect();
    let text = toguz_store::export_with_evals(
        &games,
        |e| (e.players.white.clone(), e.players.black.clone()),
        |e| {
            let i = games.iter().position(|g| std::ptr::eq(g, e))?;
            reviews[i].clone()
        },
    );
    match output {
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                ExitCode::from(2)
            }
        },
    }
}
