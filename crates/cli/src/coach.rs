//! The coaching subcommands: `review` (a game's moves classified, accuracy, reasons) and
//! `puzzles` (mine, verify, stats), over the `toguz-coach` crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use toguz_coach::puzzle::{
    mine_game, parse_puzzles, rate, selfplay_positions, verify, write_puzzles, MineSettings,
    Puzzle, Theme, VERIFY_DEPTH,
};
use toguz_coach::review::{
    analyse_position, review_game, GameReview, MoveClass, Reason, ReviewSettings, DEFAULT_DEPTH,
    DEFAULT_NODES,
};
use toguz_engine::record::read_games;
use toguz_engine::search::{Level, Score, Searcher};
use toguz_engine::{House, Side};

/// Transposition table of the review's and the miner's searcher, in megabytes.
const HASH_MB: usize = 16;

/// Arguments of `toguz review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record file (PlayOK/TGK, several games allowed).
    pub file: PathBuf,
    /// Review only this game of the file (1-based); default all.
    #[arg(long)]
    pub game: Option<usize>,
    /// Search depth per position.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Node limit per position.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Print only each game's summary (accuracy, classes, time), not every move.
    #[arg(long)]
    pub summary: bool,
}

/// English words for a reason (the app has its own, translated).
fn reason_text(r: &Reason) -> String {
    match *r {
        Reason::LetsOpponentReach82 => "lets the opponent reach 82".into(),
        Reason::MissesWin => "misses the win".into(),
        Reason::GivesAwayCapture { count } => format!("gives away a capture of {count}"),
        Reason::GivesAwayTuz => "gives away a tuz".into(),
        Reason::MissesCapture { count } => format!("misses a capture of {count}"),
        Reason::MissesTuz => "misses a tuz".into(),
        Reason::AllowsForcedLoss { plies } => format!("allows a forced loss in {plies}"),
        Reason::MissesForcedWin { plies } => format!("misses a forced win in {plies}"),
    }
}

fn moves_text(moves: &[House]) -> String {
    moves
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn side_letter(s: Side) -> char {
    s.letter().to_ascii_uppercase()
}

fn pct(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.1}"))
}

/// Prints a review, one line per move unless `summary`.
fn print_review(r: &GameReview, summary: bool) {
    if !summary {
        for m in &r.moves {
            let eval: Score = r.evals[m.ply + 1];
            let mut line = format!(
                "{:>3} {} {} {:<10} loss {:>5.2} eval {:>8}",
                m.ply + 1,
                side_letter(m.side),
                m.played,
                m.class.name(),
                m.loss.korgools(),
                eval.to_string(),
            );
            if m.class != MoveClass::Best {
                line.push_str(&format!(
                    " best {} ({}) line {}",
                    m.best.mv,
                    m.best.score,
                    moves_text(&m.best.pv)
                ));
            }
            let reasons: Vec<String> = m.reasons.iter().map(reason_text).collect();
            if !reasons.is_empty() {
                line.push_str(&format!(": {}", reasons.join("; ")));
            }
            println!("{line}");
        }
    }
    println!(
        "accuracy white {} black {}",
        pct(r.accuracy.white),
        pct(r.accuracy.black)
    );
    for side in Side::ALL {
        let c = r.counts[side];
        let parts: Vec<String> = MoveClass::ALL
            .iter()
            .map(|k| format!("{} {}", k.name(), c[k.index()]))
            .collect();
        println!("{} {}", side, parts.join(" "));
    }
}

/// `toguz review`: reviews each game of a record file.
pub fn review(a: ReviewArgs) -> ExitCode {
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    let settings = ReviewSettings {
        depth: a.depth,
        nodes: a.nodes,
        ..ReviewSettings::default()
    };
    let games = read_games(&text);
    if let Some(n) = a.game {
        if n == 0 || n > games.len() {
            eprintln!("no game {n}: the file has {}", games.len());
            return ExitCode::from(2);
        }
    }
    let mut status = ExitCode::SUCCESS;
    for (i, g) in games.iter().enumerate() {
        if a.game.is_some_and(|n| n != i + 1) {
            continue;
        }
        let (record, game) = match g {
            Ok(x) => x,
            Err(e) => {
                println!(
                    "game {}: error move {} {}: {}",
                    i + 1,
                    e.ply,
                    e.token,
                    e.kind
                );
                status = ExitCode::from(1);
                continue;
            }
        };
        let moves: Vec<House> = game.moves().iter().map(|m| m.house).collect();
        let start = Instant::now();
        let mut searcher = Searcher::new(HASH_MB);
        let mut analyses = Vec::with_capacity(moves.len());
        let mut nodes = 0;
        let mut min_depth = u32::MAX;
        for (ply, &m) in moves.iter().enumerate() {
            let pos = game.positions()[ply];
            let an = analyse_position(&mut searcher, &pos, Some(m), &settings, |_| false)
                .expect("never cancelled");
            nodes += an.nodes;
            min_depth = min_depth.min(an.depth);
            analyses.push(an);
        }
        let elapsed = start.elapsed();
        println!(
            "game {}: {} ({}) - {} ({}), {} plies, result {}",
            i + 1,
            record.tag("White").unwrap_or("?"),
            record.tag("WhiteElo").unwrap_or("?"),
            record.tag("Black").unwrap_or("?"),
            record.tag("BlackElo").unwrap_or("?"),
            moves.len(),
            record.result.map_or("*", |r| r.as_str())
        );
        match review_game(&game.start(), &moves, &analyses) {
            Ok(r) => print_review(&r, a.summary),
            Err(e) => {
                println!("error: {e}");
                status = ExitCode::from(1);
            }
        }
        let depths: f64 =
            analyses.iter().map(|x| f64::from(x.depth)).sum::<f64>() / analyses.len().max(1) as f64;
        println!(
            "time {:.2} s nodes {nodes} depth {} (mean {depths:.1}, least {})",
            elapsed.as_secs_f64(),
            settings.depth,
            if min_depth == u32::MAX { 0 } else { min_depth }
        );
    }
    status
}

/// Arguments of `toguz puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    pub command: PuzzlesCommand,
}

/// What `toguz puzzles` does.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Mine puzzles from record files and from engine self-play, verify them, write the file.
    Mine(MineArgs),
    /// Re-verify every puzzle of a file at the verification depth and report the time.
    Verify(VerifyArgs),
    /// Count a file's puzzles by theme and rating.
    Stats(StatsArgs),
}

/// Arguments of `toguz puzzles mine`.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// Record files to mine (PlayOK/TGK).
    #[arg(long = "records", num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// Self-play games to play and mine (Easy, Medium and Hard against each other).
    #[arg(long, default_value_t = 0)]
    pub selfplay: u64,
    /// The first self-play seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Verification depth.
    #[arg(long, default_value_t = VERIFY_DEPTH)]
    pub depth: u32,
    /// The most puzzles from one game.
    #[arg(long, default_value_t = 4)]
    pub per_game: usize,
    /// Skip the first N games of each record file (to resume or to split the work).
    #[arg(long, default_value_t = 0)]
    pub skip_games: usize,
    /// Mine at most N games of each record file.
    #[arg(long)]
    pub max_games: Option<usize>,
    /// Write the puzzles here (sorted by rating, with a header); default: standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Arguments of `toguz puzzles verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The puzzle file.
    #[arg(default_value = "public/puzzles.tsv")]
    pub file: PathBuf,
    /// Verification depth.
    #[arg(long, default_value_t = VERIFY_DEPTH)]
    pub depth: u32,
    /// Write the puzzles that verify to this file (sorted, with the header), their ratings
    /// recomputed by the current formula.
    #[arg(long)]
    pub keep: Option<PathBuf>,
}

/// Arguments of `toguz puzzles stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The puzzle file.
    #[arg(default_value = "public/puzzles.tsv")]
    pub file: PathBuf,
}

/// `toguz puzzles ...`.
pub fn puzzles(a: PuzzlesArgs) -> ExitCode {
    match a.command {
        PuzzlesCommand::Mine(m) => mine(m),
        PuzzlesCommand::Verify(v) => verify_file(v),
        PuzzlesCommand::Stats(s) => stats(s),
    }
}

/// The header of the puzzle file.
const HEADER: &str = "\
# Toguz Korgool puzzles, mined and verified by `toguz puzzles mine` (docs/coach.md).
# id\tposition\tsolution (player, reply, player...)\tthemes\trating\tsource
";

fn source_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

fn mine(a: MineArgs) -> ExitCode {
    let settings = MineSettings {
        depth: a.depth,
        per_game: a.per_game,
        ..MineSettings::default()
    };
    let start = Instant::now();
    let mut searcher = Searcher::new(HASH_MB);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |found: Vec<Puzzle>, puzzles: &mut Vec<Puzzle>| {
        for p in found {
            if seen.insert(p.position) {
                puzzles.push(p);
            }
        }
    };
    for path in &a.records {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        let name = source_name(path);
        let games = read_games(&text);
        let last = a
            .max_games
            .map_or(games.len(), |n| (a.skip_games + n).min(games.len()));
        for (i, g) in games.iter().enumerate().take(last).skip(a.skip_games) {
            let Ok((_, game)) = g else { continue };
            searcher.new_game();
            let found = mine_game(
                &mut searcher,
                game.positions(),
                &settings,
                &format!("{name}#{}", i + 1),
            );
            eprintln!(
                "{name} game {}: {} puzzles ({} in all, {:.0} s)",
                i + 1,
                found.len(),
                puzzles.len() + found.len(),
                start.elapsed().as_secs_f64()
            );
            add(found, &mut puzzles);
            // Saved after each game, so that a long run can be stopped and kept.
            if a.out.is_some() {
                if let Err(code) = save(&mut puzzles, a.out.as_deref()) {
                    return code;
                }
            }
        }
    }
    let levels = [Level::of(1), Level::of(4), Level::of(5)];
    for k in 0..a.selfplay {
        let seed = a.seed + k;
        let white = levels[(seed % 3) as usize];
        let black = levels[((seed / 3) % 3) as usize];
        let positions = selfplay_positions(white, black, seed, 300);
        searcher.new_game();
        let found = mine_game(
            &mut searcher,
            &positions,
            &settings,
            &format!("selfplay-{white}-{black}:{seed}"),
        );
        eprintln!(
            "selfplay {seed} ({white} - {black}): {} puzzles ({} in all, {:.0} s)",
            found.len(),
            puzzles.len() + found.len(),
            start.elapsed().as_secs_f64()
        );
        add(found, &mut puzzles);
    }
    // The final check is the one `verify` and the tests make: a fresh searcher per puzzle
    // (the miner's searcher was warm from the game, which can tip a close second best).
    let before = puzzles.len();
    puzzles.retain(|p| verify(&mut Searcher::new(HASH_MB), p, a.depth).is_ok());
    eprintln!("{} of {before} verify afresh", puzzles.len());
    if let Err(code) = save(&mut puzzles, a.out.as_deref()) {
        return code;
    }
    eprintln!(
        "{} puzzles in {:.1} s",
        puzzles.len(),
        start.elapsed().as_secs_f64()
    );
    print_stats(&puzzles, &mut std::io::stderr());
    ExitCode::SUCCESS
}

/// Sorts the puzzles by rating (then id) and writes them with the header to `out`, or to
/// standard output.
fn save(puzzles: &mut [Puzzle], out: Option<&Path>) -> Result<(), ExitCode> {
    puzzles.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    let text = format!("{HEADER}{}", write_puzzles(puzzles));
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| {
            eprintln!("{}: {e}", path.display());
            ExitCode::from(2)
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn read_file(path: &Path) -> Result<Vec<Puzzle>, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        ExitCode::from(2)
    })?;
    parse_puzzles(&text).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        ExitCode::from(1)
    })
}

fn verify_file(a: VerifyArgs) -> ExitCode {
    let puzzles = match read_file(&a.file) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let start = Instant::now();
    let mut bad = 0;
    let mut good = Vec::new();
    for p in &puzzles {
        // A fresh searcher per puzzle: the result does not depend on the order.
        match verify(&mut Searcher::new(HASH_MB), p, a.depth) {
            Ok(unique) => {
                let mut q = p.clone();
                if a.keep.is_some() {
                    q.rating = rate(&q.position, &q.solution, unique, a.depth);
                }
                good.push(q);
            }
            Err(e) => {
                bad += 1;
                println!("{} {}: {e}", p.id, p.source);
            }
        }
    }
    if let Some(path) = &a.keep {
        if let Err(code) = save(&mut good, Some(path)) {
            return code;
        }
    }
    println!(
        "verified {} puzzles at depth {}: {} failed, {:.1} s",
        puzzles.len(),
        a.depth,
        bad,
        start.elapsed().as_secs_f64()
    );
    if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_stats(puzzles: &[Puzzle], out: &mut impl std::io::Write) {
    let mut themes: BTreeMap<Theme, usize> = BTreeMap::new();
    let mut ratings: BTreeMap<u16, usize> = BTreeMap::new();
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    let mut sources: BTreeMap<String, usize> = BTreeMap::new();
    for p in puzzles {
        for t in &p.themes {
            *themes.entry(*t).or_default() += 1;
        }
        *ratings.entry(p.rating / 200 * 200).or_default() += 1;
        *lengths.entry(p.player_moves()).or_default() += 1;
        let src = p.source.split(['#', ':']).next().unwrap_or("").to_string();
        *sources.entry(src).or_default() += 1;
    }
    let _ = writeln!(out, "puzzles {}", puzzles.len());
    let t: Vec<String> = themes.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "themes: {}", t.join(", "));
    let r: Vec<String> = ratings
        .iter()
        .map(|(k, v)| format!("{k}-{} {v}", k + 199))
        .collect();
    let _ = writeln!(out, "ratings: {}", r.join(", "));
    let l: Vec<String> = lengths.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "player moves: {}", l.join(", "));
    let s: Vec<String> = sources.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let _ = writeln!(out, "sources: {}", s.join(", "));
}

fn stats(a: StatsArgs) -> ExitCode {
    match read_file(&a.file) {
        Ok(p) => {
            print_stats(&p, &mut std::io::stdout());
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
