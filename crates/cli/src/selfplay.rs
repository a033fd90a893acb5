//! `toguz selfplay`: games of the engine against itself, written as records, for the opening
//! explorer's engine book.
//!
//! Each move is the engine's choice at a fixed depth (a fixed depth, unlike a move time, gives
//! the same games on any machine). The openings vary the way a strong player's do: in the first
//! plies the move is drawn, by the seeded generator, among the moves that a multi-PV search
//! scores within a margin of the best, so the book shows real alternatives and no random move.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use toguz_engine::game::Game;
use toguz_engine::record::Record;
use toguz_engine::search::{Limits, Rng, Searcher};
use toguz_engine::{GameResult, Position};

/// Games longer than this are scored by the kazans (never seen in practice).
const MAX_PLIES: usize = 1000;

/// Arguments of `toguz selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Number the first game is given (to split a long run in parts that join up).
    #[arg(long, default_value_t = 1)]
    pub first: u32,
    /// Seed of the opening choices; game k of a run uses the seed and k, so a run in parts
    /// (`--first`) makes the same games as one run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engine's depth for every move.
    #[arg(long, default_value_t = 8)]
    pub depth: u32,
    /// Plies at the start in which the move is drawn among the near-best.
    #[arg(long, default_value_t = 10)]
    pub vary_plies: usize,
    /// How far below the best a move may score and still be drawn (hundredths of a korgool).
    #[arg(long, default_value_t = 150)]
    pub margin: i32,
    /// The moves a varied ply chooses among, at most.
    #[arg(long, default_value_t = 3)]
    pub choices: usize,
    /// The record file to write.
    #[arg(long)]
    pub out: PathBuf,
}

/// `toguz selfplay`.
pub fn selfplay(a: SelfplayArgs) -> ExitCode {
    let mut file = match std::fs::File::create(&a.out) {
        Ok(f) => std::io::BufWriter::new(f),
        Err(e) => {
            eprintln!("{}: {e}", a.out.display());
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let mut searcher = Searcher::new(16);
    let mut tally = [0u32; 3];
    for k in a.first..a.first + a.games {
        let mut rng = Rng::new(a.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(k)));
        let (game, result) = play(&a, &mut searcher, &mut rng);
        tally[match result {
            GameResult::Win(toguz_engine::Side::White) => 0,
            GameResult::Draw => 1,
            GameResult::Win(toguz_engine::Side::Black) => 2,
        }] += 1;
        let mut record = Record::from_game(
            &game,
            vec![
                ("Event".into(), format!("toguz selfplay seed {}", a.seed)),
                ("Round".into(), k.to_string()),
                ("White".into(), format!("toguz depth {}", a.depth)),
                ("Black".into(), format!("toguz depth {}", a.depth)),
            ],
        );
        record.result = Some(result);
        if let Err(e) = writeln!(file, "{record}") {
            eprintln!("{}: {e}", a.out.display());
            return ExitCode::from(2);
        }
    }
    if let Err(e) = file.flush() {
        eprintln!("{}: {e}", a.out.display());
        return ExitCode::from(2);
    }
    println!(
        "games {} white {} draws {} black {} time {:.1}s",
        a.games,
        tally[0],
        tally[1],
        tally[2],
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// One game from the start; its result by the rules, a threefold repetition (a draw) or the
/// kazans after [`MAX_PLIES`].
fn play(a: &SelfplayArgs, searcher: &mut Searcher, rng: &mut Rng) -> (Game, GameResult) {
    searcher.new_game();
    let mut game = Game::new();
    let mut seen: HashMap<Position, u32> = HashMap::new();
    loop {
        let pos = game.position();
        if let Some(end) = pos.end() {
            return (game, end.result);
        }
        let count = seen.entry(pos).or_insert(0);
        *count += 1;
        if *count >= 3 {
            return (game, GameResult::Draw);
        }
        if game.ply() >= MAX_PLIES {
            return (game, GameResult::from_kazans(pos.kazans()));
        }
        let limits = Limits::depth(a.depth);
        let house = if game.ply() < a.vary_plies {
            let r = searcher.search_multipv(&pos, &limits, a.choices, |_| false);
            let best = r.lines[0].score.get();
            let near: Vec<_> = r
                .lines
                .iter()
                .filter(|l| best - l.score.get() <= a.margin)
                .collect();
            near[rng.below(near.len() as u64) as usize].mv
        } else {
            searcher
                .search(&pos, &limits, |_| false)
                .best
                .expect("a position that is not over has a move")
        };
        game.play(house).expect("the engine plays legal moves");
    }
}
