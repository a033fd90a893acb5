//! `toguz practice`: the practice positions (`toguz_coach::practice`) mined from record files
//! and verified, or a file of them verified again.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use toguz_coach::practice::{
    parse_practice, practice_at, theme_of, verify, write_practice, Practice, Theme, VERIFY_DEPTH,
};
use toguz_engine::record::read_games;
use toguz_engine::search::Searcher;

/// Transposition table of the verification's searcher, in megabytes.
const HASH_MB: usize = 64;
/// The quick look that picks the positions worth verifying.
const SCAN_DEPTH: u32 = 8;
/// A practice position is at least this many plies before its game's end.
const MIN_PLIES_LEFT: usize = 16;

/// Arguments of `toguz practice`.
#[derive(Args, Debug)]
pub struct PracticeArgs {
    #[command(subcommand)]
    pub command: PracticeCommand,
}

/// What `toguz practice` does.
#[derive(Subcommand, Debug)]
pub enum PracticeCommand {
    /// Mine practice positions from record files, verify them, write the file.
    Mine(MineArgs),
    /// Verify every position of a file again.
    Verify(VerifyArgs),
}

/// Arguments of `toguz practice mine`.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// Record files to mine (PlayOK/TGK).
    #[arg(num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// Verification depth.
    #[arg(long, default_value_t = VERIFY_DEPTH)]
    pub depth: u32,
    /// Positions of each theme to find.
    #[arg(long, default_value_t = 8)]
    pub per_theme: usize,
    /// Write the positions here; default: standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Arguments of `toguz practice verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The practice file.
    #[arg(default_value = "public/practice.tsv")]
    pub file: PathBuf,
    /// Verification depth.
    #[arg(long, default_value_t = VERIFY_DEPTH)]
    pub depth: u32,
}

/// `toguz practice ...`.
pub fn practice(a: PracticeArgs) -> ExitCode {
    match a.command {
        PracticeCommand::Mine(m) => mine(m),
        PracticeCommand::Verify(v) => verify_file(v),
    }
}

fn source_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// One position a game at most, of a theme still short: the latest position of the game with
/// that theme whose quick look already says won (or held), then verified.
fn mine(a: MineArgs) -> ExitCode {
    let start = Instant::now();
    let mut searcher = Searcher::new(HASH_MB);
    let mut scan = Searcher::new(4);
    let mut found: BTreeMap<Theme, Vec<Practice>> = BTreeMap::new();
    let mut seen = HashSet::new();
    'files: for path in &a.records {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let name = source_name(path);
        for (i, g) in read_games(&text).iter().enumerate() {
            if Theme::ALL
                .iter()
                .all(|t| found.get(t).map_or(0, Vec::len) >= a.per_theme)
            {
                break 'files;
            }
            let Ok((_, game)) = g else { continue };
            // From the end back, leaving out the last plies (a game to play out, not a move
            // to find): the first verified position of the game is kept.
            let positions = game.positions();
            let last = positions.len().saturating_sub(MIN_PLIES_LEFT);
            for (ply, pos) in positions.iter().enumerate().take(last).rev() {
                let Some(theme) = theme_of(pos) else { continue };
                if found.get(&theme).map_or(0, Vec::len) >= a.per_theme || !seen.insert(*pos) {
                    continue;
                }
                if verify(&mut scan, pos, theme, SCAN_DEPTH).is_none() {
                    continue;
                }
                searcher.new_game();
                let source = format!("{name}#{}:{ply}", i + 1);
                if let Some(p) = practice_at(&mut searcher, pos, a.depth, &source) {
                    eprintln!(
                        "{source}: {} {} ({:.0} s)",
                        p.theme.name(),
                        p.goal.name(),
                        start.elapsed().as_secs_f64()
                    );
                    found.entry(theme).or_default().push(p);
                    break;
                }
            }
        }
    }
    let set: Vec<Practice> = found.into_values().flatten().collect();
    let text = write_practice(&set);
    match a.out {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
        None => print!("{text}"),
    }
    eprintln!(
        "{} positions in {:.0} s",
        set.len(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn verify_file(a: VerifyArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    let set = match parse_practice(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", a.file.display());
            return ExitCode::from(1);
        }
    };
    let start = Instant::now();
    let mut searcher = Searcher::new(HASH_MB);
    let mut failed = 0;
    for p in &set {
        searcher.new_game();
        match verify(&mut searcher, &p.position, p.theme, a.depth) {
            Some((goal, score, depth)) if goal == p.goal => {
                println!(
                    "{} {} {} depth {depth} score {}",
                    p.id,
                    p.theme.name(),
                    goal.name(),
                    score.get()
                );
            }
            other => {
                failed += 1;
                println!("{} FAILED: {other:?}", p.id);
            }
        }
    }
    eprintln!(
        "{} positions, {failed} failed, {:.0} s",
        set.len(),
        start.elapsed().as_secs_f64()
    );
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
