//! The computer-opponent subcommands: `bestmove`, `engine` (a line protocol) and `match`.
//!
//! The engine crate never reads a clock; here a move time becomes a `should_stop` callback
//! that looks at [`Instant`].

use std::cell::Cell;
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use toguz_engine::eval::EvalParams;
use toguz_engine::record::Record;
use toguz_engine::search::{
    greedy_move, Level, LevelParams, Limits, Rng, SearchOptions, SearchResult, Searcher,
};
use toguz_engine::{Game, GameResult, House, Position, Side};

/// Transposition table size of each searcher, in megabytes.
const HASH_MB: usize = 16;

fn position_arg(s: &str) -> Result<Position, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// Arguments of `toguz bestmove`.
#[derive(Args, Debug)]
pub struct BestmoveArgs {
    /// The position (default: the start of the game).
    #[arg(long, value_parser = position_arg)]
    pub position: Option<Position>,
    /// Search to this depth (plies).
    #[arg(long, conflicts_with = "movetime")]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (default 1000 when no depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Stop after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Also print the best N moves, one `line` each (a multi-PV search; needs --depth or
    /// --nodes).
    #[arg(long, conflicts_with = "movetime")]
    pub multipv: Option<usize>,
}

/// Arguments of `toguz engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {}

/// Arguments of `toguz match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The first player: a level 1 to 8, a depth (`depth:6`), a former named level (easy,
    /// medium, hard, expert), `greedy`
    /// (one ply, the largest capture), `random`, `nodes:N`, optionally followed by `+` options
    /// for experiments (`+nolmr`, `+noqs`, `+noasp`, `+tuz=600`, `+row=5`, `+mob=10`, ...).
    #[arg(long)]
    pub white: String,
    /// The second player, in the same form.
    #[arg(long)]
    pub black: String,
    /// Games to play, in pairs from the same opening with colours swapped.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Milliseconds per move for `expert` and for `time` players (default: the level's budget).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Random plies played from the start to vary the openings (kept only when balanced).
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Seed of the openings and of the levels' randomness.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one line per game.
    #[arg(long)]
    pub verbose: bool,
    /// Print every move with the position before it to standard error.
    #[arg(long)]
    pub trace: bool,
    /// Write the games to this record file (from the position after the opening), for
    /// `toguz review`.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// `toguz bestmove`: one search, one line.
pub fn bestmove(a: BestmoveArgs) -> ExitCode {
    let pos = a.position.unwrap_or_else(Position::start);
    let limits = Limits {
        depth: a.depth.unwrap_or(toguz_engine::search::MAX_DEPTH),
        nodes: a.nodes.unwrap_or(u64::MAX),
    };
    let movetime = match (a.depth, a.movetime) {
        (_, Some(ms)) => Some(ms),
        (None, None) if a.nodes.is_none() => Some(1000),
        _ => None,
    };
    let mut searcher = Searcher::new(HASH_MB);
    let start = Instant::now();
    if let Some(n) = a.multipv {
        if a.depth.is_none() && a.nodes.is_none() {
            eprintln!("--multipv needs --depth or --nodes");
            return ExitCode::from(2);
        }
        let r = searcher.search_multipv(&pos, &limits, n, |_| false);
        for (i, l) in r.lines.iter().enumerate() {
            println!(
                "line {} move {} score {} depth {} pv {}",
                i + 1,
                l.mv,
                l.score,
                l.depth,
                pv_string(&l.pv)
            );
        }
        println!(
            "lines {} depth {} nodes {} nps {}",
            r.lines.len(),
            r.depth,
            r.nodes,
            nps(r.nodes, start.elapsed())
        );
        return ExitCode::SUCCESS;
    }
    let r = timed_search(&mut searcher, &pos, &limits, movetime, |_| {});
    match r.best {
        Some(_) => {
            println!("{}", bestmove_line(&r, start.elapsed()));
            ExitCode::SUCCESS
        }
        None => {
            println!("bestmove none score {}", r.score);
            ExitCode::SUCCESS
        }
    }
}

/// Nodes per second, from nodes and elapsed time.
fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let us = elapsed.as_micros().max(1);
    (nodes as u128 * 1_000_000 / us) as u64
}

fn pv_string(pv: &[House]) -> String {
    pv.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `bestmove <house> score <s> depth <d> nodes <n> nps <x> pv <moves>`.
fn bestmove_line(r: &SearchResult, elapsed: Duration) -> String {
    format!(
        "bestmove {} score {} depth {} nodes {} nps {} pv {}",
        r.best.map_or_else(|| "none".to_string(), |h| h.to_string()),
        r.score,
        r.depth,
        r.nodes,
        nps(r.nodes, elapsed),
        pv_string(&r.pv)
    )
}

/// A search with an optional move time: it stops when the time is up, and starts no new
/// iteration after half of it (the next one would rarely finish).
fn timed_search(
    searcher: &mut Searcher,
    pos: &Position,
    limits: &Limits,
    movetime: Option<u64>,
    mut info: impl FnMut(&SearchResult),
) -> SearchResult {
    let start = Instant::now();
    let budget = movetime.map(Duration::from_millis);
    let iteration_done_late = Cell::new(false);
    searcher.search_with_info(
        pos,
        limits,
        |_| budget.is_some_and(|b| iteration_done_late.get() || start.elapsed() >= b),
        |r| {
            if let Some(b) = budget {
                iteration_done_late.set(start.elapsed() * 2 >= b);
            }
            info(r);
        },
    )
}

/// `toguz engine`: the line protocol on standard input and output.
pub fn engine(_a: EngineArgs) -> ExitCode {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match run_engine(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// The engine protocol over any reader and writer (see `docs/engine-protocol.md`).
pub fn run_engine(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut searcher = Searcher::new(HASH_MB);
    let mut pos = Position::start();
    let mut rng = Rng::new(1);
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["quit"] => break,
            ["isready"] => writeln!(out, "readyok")?,
            ["newgame"] => {
                searcher.new_game();
                pos = Position::start();
            }
            ["position", rest @ ..] => match parse_position(rest) {
                Ok(p) => pos = p,
                Err(e) => writeln!(out, "info string error: {e}")?,
            },
            ["go", rest @ ..] => match parse_go(rest) {
                Ok(Go::Search { limits, movetime }) => {
                    let start = Instant::now();
                    let mut lines = Vec::new();
                    let r = timed_search(&mut searcher, &pos, &limits, movetime, |r| {
                        lines.push(info_line(r, start.elapsed()));
                    });
                    for l in &lines {
                        writeln!(out, "{l}")?;
                    }
                    finish_go(&mut out, &r, start.elapsed(), lines.is_empty())?;
                }
                Ok(Go::Level(level)) => {
                    let start = Instant::now();
                    let params = level.params();
                    let budget = params
                        .movetime_ms
                        .map(|ms| Duration::from_millis(ms.into()));
                    let r = searcher.play_level(&pos, &params, &mut rng, |_| {
                        budget.is_some_and(|b| start.elapsed() >= b)
                    });
                    finish_go(&mut out, &r, start.elapsed(), true)?;
                }
                Err(e) => writeln!(out, "info string error: {e}")?,
            },
            _ => writeln!(out, "info string error: unknown command '{line}'")?,
        }
        out.flush()?;
    }
    out.flush()
}

fn info_line(r: &SearchResult, elapsed: Duration) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.score,
        r.nodes,
        nps(r.nodes, elapsed),
        elapsed.as_millis(),
        pv_string(&r.pv)
    )
}

/// The final `info` (unless already printed) and `bestmove` lines of a `go`.
fn finish_go(
    out: &mut impl Write,
    r: &SearchResult,
    elapsed: Duration,
    with_info: bool,
) -> io::Result<()> {
    match r.best {
        Some(h) => {
            if with_info {
                writeln!(out, "{}", info_line(r, elapsed))?;
            }
            writeln!(out, "bestmove {h}")
        }
        None => {
            writeln!(out, "info string game over, score {}", r.score)?;
            writeln!(out, "bestmove none")
        }
    }
}

/// `startpos [moves ...]` or `<houses> <kazans> <tuz> <side> [moves ...]`.
fn parse_position(words: &[&str]) -> Result<Position, String> {
    let (mut pos, rest) = match words {
        ["startpos", rest @ ..] => (Position::start(), rest),
        [a, b, c, d, rest @ ..] => (position_arg(&[*a, *b, *c, *d].join(" "))?, rest),
        _ => return Err("expected 'startpos' or a position of four fields".into()),
    };
    let moves = match rest {
        [] => &[][..],
        ["moves", m @ ..] => m,
        _ => return Err(format!("expected 'moves', found '{}'", rest[0])),
    };
    for m in moves {
        // A house digit, or notation such as 76(10) or 91X whose first digit is the house.
        let house = m
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .and_then(|d| House::new(d as u8))
            .ok_or_else(|| format!("'{m}' is not a move (a house 1-9)"))?;
        pos = pos.play(house).map_err(|e| format!("move '{m}': {e}"))?.0;
    }
    Ok(pos)
}

enum Go {
    Search {
        limits: Limits,
        movetime: Option<u64>,
    },
    Level(Level),
}

/// `depth N`, `movetime MS`, `nodes N` (any combination), or `level <name>`.
fn parse_go(words: &[&str]) -> Result<Go, String> {
    if let ["level", name] = words {
        return name.parse().map(Go::Level).map_err(|e| format!("{e}"));
    }
    let mut limits = Limits::default();
    let mut movetime = None;
    let mut it = words.iter();
    while let Some(&key) = it.next() {
        let value = it.next().ok_or_else(|| format!("'{key}' needs a number"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("'{value}' is not a number"))?;
        match key {
            "depth" => limits.depth = n.clamp(1, toguz_engine::search::MAX_DEPTH as u64) as u32,
            "movetime" => movetime = Some(n),
            "nodes" => limits.nodes = n,
            _ => return Err(format!("unknown go parameter '{key}'")),
        }
    }
    if words.is_empty() {
        movetime = Some(1000);
    }
    Ok(Go::Search { limits, movetime })
}

/// A player of a match.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Level(Level),
    /// A person-like level for tuning: `human:depth,miss,long,blind,noise`.
    Human(LevelParams),
    Depth(u32),
    Nodes(u64),
    /// Full strength for the match's move time.
    Time,
    Greedy,
    Random,
}

/// The parameters of `human:depth,miss,long,blind,noise` (a lower level's, to tune the ladder).
fn human_params(text: &str) -> Option<LevelParams> {
    let n: Vec<i32> = text
        .split(',')
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [depth, miss, long, blind, noise] = n[..] else {
        return None;
    };
    let pct = |x: i32| u8::try_from(x).ok().filter(|&p| p <= 100);
    Some(LevelParams {
        depth: u32::try_from(depth).ok()?.clamp(1, 20),
        miss_pct: pct(miss)?,
        long_sowing: u8::try_from(long).ok()?,
        blind_pct: pct(blind)?,
        noise: noise.clamp(0, 3000),
        ..Level::BOTTOM.params()
    })
}

/// A player of a match: what it is, and its search options.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSpec {
    kind: Kind,
    options: SearchOptions,
    name: String,
}

impl core::str::FromStr for PlayerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        let mut parts = s.split('+');
        let head = parts.next().unwrap_or_default().to_ascii_lowercase();
        let kind = if let Ok(l) = head.parse::<Level>() {
            Kind::Level(l)
        } else if let Some(Ok(d)) = head.strip_prefix("depth:").map(str::parse::<u32>) {
            Kind::Depth(d.clamp(1, toguz_engine::search::MAX_DEPTH))
        } else if let Some(h) = head.strip_prefix("human:") {
            Kind::Human(human_params(h).ok_or_else(|| format!("bad human player '{s}'"))?)
        } else if let Some(n) = head.strip_prefix("nodes:") {
            Kind::Nodes(n.parse().map_err(|_| format!("bad node count in '{s}'"))?)
        } else {
            match head.as_str() {
                "time" => Kind::Time,
                "greedy" => Kind::Greedy,
                "random" => Kind::Random,
                _ => return Err(format!("unknown player '{s}'")),
            }
        };
        let mut o = SearchOptions::default();
        for opt in parts {
            let (key, value) = opt.split_once('=').unwrap_or((opt, ""));
            let num = || -> Result<i32, String> {
                value
                    .parse()
                    .map_err(|_| format!("option '{opt}' needs a number"))
            };
            match key {
                "nolmr" => o.lmr = false,
                "lmrmove" => o.lmr_min_move = num()?.max(1) as u32,
                "lmrdepth" => o.lmr_min_depth = num()?.max(1) as u32,
                "nolmrpv" => o.lmr_pv = false,
                "noqs" => o.quiescence = false,
                "noasp" => o.aspiration = false,
                "nott" => o.tt = false,
                "nopvs" => o.pvs = false,
                "qs" => o.qs_depth = num()?.max(0) as u32,
                "tuz" => o.eval.tuz = num()?,
                "row" => o.eval.row = num()?,
                "tuzb" => o.eval.tuz_per_10 = num()?,
                "mob" => o.eval.mobility = num()?,
                "mythreat" => o.eval.my_threat_pct = num()?,
                "threat" => o.eval.their_threat_pct = num()?,
                "kazanonly" => o.eval = EvalParams::KAZAN_ONLY,
                _ => return Err(format!("unknown option '{opt}' in '{s}'")),
            }
        }
        Ok(PlayerSpec {
            kind,
            options: o,
            name: s.to_string(),
        })
    }
}

/// A player with its own searcher.
struct Player {
    spec: PlayerSpec,
    searcher: Searcher,
    rng: Rng,
}

impl Player {
    fn new(spec: PlayerSpec, seed: u64) -> Player {
        let searcher = Searcher::with_options(HASH_MB, spec.options);
        Player {
            spec,
            searcher,
            rng: Rng::new(seed),
        }
    }

    /// The player's move, with the search that chose it.
    fn choose(&mut self, pos: &Position, movetime: Option<u64>) -> SearchResult {
        let start = Instant::now();
        let one = |best: Option<House>| SearchResult {
            best,
            score: toguz_engine::search::Score::DRAW,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: best.into_iter().collect(),
        };
        match self.spec.kind {
            Kind::Greedy => one(greedy_move(pos)),
            Kind::Random => {
                let moves: Vec<House> = pos.legal_moves().collect();
                one((!moves.is_empty()).then(|| moves[self.rng.below(moves.len() as u64) as usize]))
            }
            Kind::Depth(d) => self.searcher.search(pos, &Limits::depth(d), |_| false),
            Kind::Nodes(n) => self.searcher.search(pos, &Limits::nodes(n), |_| false),
            Kind::Time => {
                let ms = movetime.unwrap_or(1000);
                timed_search(
                    &mut self.searcher,
                    pos,
                    &Limits::default(),
                    Some(ms),
                    |_| {},
                )
            }
            Kind::Level(l) => self.play_params(pos, l.params(), movetime, start),
            Kind::Human(p) => self.play_params(pos, p, movetime, start),
        }
    }

    /// A move at a level's parameters, within its time budget if it has one.
    fn play_params(
        &mut self,
        pos: &Position,
        params: LevelParams,
        movetime: Option<u64>,
        start: Instant,
    ) -> SearchResult {
        let budget = movetime
            .or(params.movetime_ms.map(u64::from))
            .filter(|_| params.movetime_ms.is_some());
        match budget {
            Some(ms) if params.noise == 0 && params.blind_pct == 0 => {
                let saved = self.searcher.options.quiescence;
                self.searcher.options.quiescence = params.quiescence;
                let r = timed_search(&mut self.searcher, pos, &params.limits(), Some(ms), |_| {});
                self.searcher.options.quiescence = saved;
                r
            }
            _ => {
                let b = budget.map(Duration::from_millis);
                self.searcher.play_level(pos, &params, &mut self.rng, |_| {
                    b.is_some_and(|b| start.elapsed() >= b)
                })
            }
        }
    }
}

/// The end of one match game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The result.
    pub result: GameResult,
    /// Plies played (opening included).
    pub plies: u32,
    /// Final kazans (after any collection).
    pub kazans: (u8, u8),
    /// Why: `rules`, `repetition` or `length`.
    pub reason: &'static str,
}

/// Games longer than this are scored by the kazans (never seen in practice).
const MAX_PLIES: u32 = 1000;

/// Plays one game from `start` between `white` and `black`.
fn play_game(
    start: Position,
    opening_plies: u32,
    white: &mut Player,
    black: &mut Player,
    movetime: Option<u64>,
    trace: bool,
    moves: &mut Vec<House>,
) -> Finished {
    moves.clear();
    white.searcher.new_game();
    black.searcher.new_game();
    let mut pos = start;
    let mut seen: HashMap<Position, u32> = HashMap::new();
    let mut plies = opening_plies;
    loop {
        if let Some(end) = pos.end() {
            return Finished {
                result: end.result,
                plies,
                kazans: (end.kazans.white, end.kazans.black),
                reason: "rules",
            };
        }
        let count = seen.entry(pos).or_insert(0);
        *count += 1;
        if *count >= 3 || plies >= MAX_PLIES {
            let k = pos.kazans();
            return Finished {
                result: if *count >= 3 {
                    GameResult::Draw
                } else {
                    GameResult::from_kazans(k)
                },
                plies,
                kazans: (k.white, k.black),
                reason: if *count >= 3 { "repetition" } else { "length" },
            };
        }
        let player = if pos.turn() == Side::White {
            &mut *white
        } else {
            &mut *black
        };
        let r = player.choose(&pos, movetime);
        let h = r.best.expect("a position that is not final has a move");
        if trace {
            eprintln!(
                "{plies:4} {pos}  {} plays {h} score {} depth {} nodes {}",
                player.spec.name, r.score, r.depth, r.nodes
            );
        }
        moves.push(h);
        pos = match pos.play(h) {
            Ok((p, _)) => p,
            Err(e) => panic!("{} played an illegal move {h}: {e}", player.spec.name),
        };
        plies += 1;
    }
}

/// The most an opening may favour one side, by a depth-8 search, in hundredths of a korgool.
const BALANCED: i32 = 300;

/// A varied, balanced opening: `plies` random moves from the start, drawn again (up to a few
/// hundred times) until a depth-8 search scores it within [`BALANCED`] of even. Random moves
/// often hand one side ten korgools or more, and a match from such openings measures only who
/// got the better colour.
fn opening(rng: &mut Rng, plies: u32, judge: &mut Searcher) -> Position {
    let mut pos = Position::start();
    for _ in 0..500 {
        pos = Position::start();
        for _ in 0..plies {
            let moves: Vec<House> = pos.legal_moves().collect();
            if moves.is_empty() {
                break;
            }
            let next = pos
                .play(moves[rng.below(moves.len() as u64) as usize])
                .map(|(p, _)| p)
                .unwrap_or(pos);
            if next.is_over() {
                break;
            }
            pos = next;
        }
        let r = judge.search(&pos, &Limits::depth(8), |_| false);
        if r.score.get().abs() <= BALANCED {
            break;
        }
    }
    pos
}

/// The tally of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// The first player's score in percent (a draw is half a point).
    pub fn percent(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            50.0
        } else {
            (self.wins as f64 + self.draws as f64 / 2.0) * 100.0 / n as f64
        }
    }
}

/// One match game as a record, from the position after its opening.
fn match_record(
    start: Position,
    moves: &[House],
    white: &str,
    black: &str,
    result: GameResult,
    round: u32,
) -> String {
    let mut game = Game::from_position(start, Default::default());
    for &h in moves {
        game.play(h).expect("the match played legal moves");
    }
    let mut record = Record::from_game(
        &game,
        vec![
            ("Event".into(), "toguz match".into()),
            ("Round".into(), round.to_string()),
            ("White".into(), white.to_string()),
            ("Black".into(), black.to_string()),
        ],
    );
    record.result = Some(result);
    format!("{record}\n")
}

/// `toguz match`: pairs of games from the same opening with colours swapped.
pub fn play_match(a: MatchArgs) -> ExitCode {
    let specs = (a.white.parse::<PlayerSpec>(), a.black.parse::<PlayerSpec>());
    let (first, second) = match specs {
        (Ok(f), Ok(s)) => (f, s),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut p1 = Player::new(first, a.seed.wrapping_mul(31).wrapping_add(1));
    let mut p2 = Player::new(second, a.seed.wrapping_mul(31).wrapping_add(2));
    let mut rng = Rng::new(a.seed);
    let mut judge = Searcher::new(1);
    let mut tally = Tally::default();
    let start = Instant::now();
    let mut start_pos = Position::start();
    let mut moves = Vec::new();
    let mut records = String::new();
    for game in 0..a.games {
        if game % 2 == 0 {
            start_pos = opening(&mut rng, a.opening_plies, &mut judge);
        }
        let first_is_white = game % 2 == 0;
        let f = if first_is_white {
            play_game(
                start_pos,
                a.opening_plies,
                &mut p1,
                &mut p2,
                a.movetime,
                a.trace,
                &mut moves,
            )
        } else {
            play_game(
                start_pos,
                a.opening_plies,
                &mut p2,
                &mut p1,
                a.movetime,
                a.trace,
                &mut moves,
            )
        };
        let first_side = if first_is_white {
            Side::White
        } else {
            Side::Black
        };
        match f.result {
            GameResult::Draw => tally.draws += 1,
            GameResult::Win(s) if s == first_side => tally.wins += 1,
            GameResult::Win(_) => tally.losses += 1,
        }
        if a.out.is_some() {
            let (w, b) = if first_is_white {
                (&a.white, &a.black)
            } else {
                (&a.black, &a.white)
            };
            records.push_str(&match_record(start_pos, &moves, w, b, f.result, game + 1));
        }
        if a.verbose {
            let (w, b) = if first_is_white {
                (&a.white, &a.black)
            } else {
                (&a.black, &a.white)
            };
            println!(
                "game {} {w} - {b} {} {}-{} plies {} ({})",
                game + 1,
                f.result,
                f.kazans.0,
                f.kazans.1,
                f.plies,
                f.reason
            );
        }
    }
    if let Some(out) = &a.out {
        if let Err(e) = std::fs::write(out, records) {
            eprintln!("{}: {e}", out.display());
            return ExitCode::from(2);
        }
    }
    println!(
        "{} vs {}: games {} wins {} draws {} losses {} score {:.1}% time {:.1}s",
        a.white,
        a.black,
        a.games,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.percent(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
