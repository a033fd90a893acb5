//! PlayOK/TGK records in and out of the library, and the share link's payload.
//!
//! Import is all or nothing: every game of the text must read (the engine replays and checks
//! each move), or the error names the game, the move and the reason and nothing is added.

use core::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use toguz_engine::game::Game;
use toguz_engine::record::{self, Record, RecordError, FEN_TAG};
use toguz_engine::{EndReason, GameResult, Side};

use crate::entry::{GameEntry, Mode, Players};
use crate::review::SavedReview;
use toguz_coach::review::{eval_comment, parse_eval_comment, review_game};
use toguz_engine::search::Score;

/// The longest record text read (characters): a few thousand games.
pub const MAX_IMPORT_CHARS: usize = 8_000_000;
/// The longest share payload read.
pub const MAX_SHARE_CHARS: usize = 64_000;

/// Tags written from the entry itself rather than kept from an imported record.
const OWN_TAGS: [&str; 5] = ["White", "Black", "Result", "Termination", FEN_TAG];

/// Why records were not imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text holds no game.
    Empty,
    /// The text is longer than [`MAX_IMPORT_CHARS`].
    TooLarge {
        /// Its length in characters.
        chars: usize,
    },
    /// A game does not read: which game, which move, why.
    Record(RecordError),
    /// A share link's payload is not base64url text.
    BadLink,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Empty => f.write_str("no game in the text"),
            ImportError::TooLarge { chars } => write!(
                f,
                "the text is too long ({chars} characters, at most {MAX_IMPORT_CHARS})"
            ),
            ImportError::Record(e) => e.fmt(f),
            ImportError::BadLink => f.write_str("the link does not hold a game record"),
        }
    }
}

impl std::error::Error for ImportError {}

/// Reads every game of a record text as library entries (without ids), or the first error.
/// A result the rules did not give (`1-0` in a position not over) is taken as a resignation,
/// or a loss on time when the `Termination` tag says so; `1/2-1/2` as a draw by agreement.
pub fn import(text: &str, now: u64) -> Result<Vec<GameEntry>, ImportError> {
    let chars = text.chars().count();
    if chars > MAX_IMPORT_CHARS {
        return Err(ImportError::TooLarge { chars });
    }
    let mut entries = Vec::new();
    for read in record::read_games(text) {
        let (rec, game) = read.map_err(ImportError::Record)?;
        entries.push(entry_of(&rec, game, now));
    }
    if entries.is_empty() {
        return Err(ImportError::Empty);
    }
    Ok(entries)
}

fn entry_of(rec: &Record, mut game: Game, now: u64) -> GameEntry {
    let stated = stated_end(rec.tag("Termination"));
    if let (None, Some(result)) = (game.result(), rec.result) {
        let _ = match (result, stated) {
            (GameResult::Win(w), Some(EndReason::Time)) => game.lose_on_time(w.opponent()),
            (GameResult::Win(w), Some(EndReason::TimeCounted)) => {
                game.time_out_counted(w.opponent())
            }
            (GameResult::Draw, Some(EndReason::TimeCounted)) => {
                // Only a side with 81 draws when its time runs out.
                let out = if game.position().kazans().white == 81 {
                    Side::White
                } else {
                    Side::Black
                };
                game.time_out_counted(out)
            }
            (GameResult::Win(w), _) => game.resign(w.opponent()),
            (GameResult::Draw, Some(EndReason::Repetition)) => {
                game.claim_repetition().or_else(|_| game.agree_draw())
            }
            (GameResult::Draw, _) => game.agree_draw(),
        };
    }
    let created = rec
        .tag("Date")
        .and_then(|d| date_ms(d, rec.tag("Time")))
        .unwrap_or(now);
    let mut e = GameEntry::new(String::new(), created, Mode::TwoPlayers, game);
    e.players = Players {
        white: clean_name(rec.tag("White")),
        black: clean_name(rec.tag("Black")),
    };
    e.tags = rec
        .tags
        .iter()
        .filter(|(n, _)| !OWN_TAGS.contains(&n.as_str()))
        .cloned()
        .collect();
    e.imported = true;
    // Whether the record said why the game ended, as the game now ends.
    e.end_stated = e
        .game
        .result()
        .is_some_and(|end| stated == Some(end.reason));
    // `[%eval ...]` comments (an exported review's): kept, to be written back.
    let evals: Vec<Option<Score>> = rec
        .moves
        .iter()
        .map(|m| m.comments.iter().find_map(|c| parse_eval_comment(c)))
        .collect();
    if evals.iter().any(Option::is_some) {
        e.evals = evals;
    }
    e
}

/// The end a `Termination` tag names, as PlayOK, Lichess and this app write it ("time
/// forfeit", "resignation", "agreement", "repetition"); `None` for none, or one that names no
/// end of the players' ("normal": the rules', which the moves themselves show).
fn stated_end(termination: Option<&str>) -> Option<EndReason> {
    let t = termination?.to_ascii_lowercase();
    if t.contains("time") && t.contains("counted") {
        Some(EndReason::TimeCounted)
    } else if t.contains("time") {
        Some(EndReason::Time)
    } else if t.contains("resign") {
        Some(EndReason::Resignation)
    } else if t.contains("repetition") {
        Some(EndReason::Repetition)
    } else if t.contains("agree") {
        Some(EndReason::AgreedDraw)
    } else {
        None
    }
}

/// `?` (PGN's unknown) reads as no name.
fn clean_name(name: Option<&str>) -> String {
    match name.map(str::trim) {
        None | Some("?") | Some("-") => String::new(),
        Some(n) => n.chars().take(80).collect(),
    }
}

/// The tags every record of a TGK reader has, in the order written first ("?" when unknown).
pub const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The record of an entry: the seven tags TGK readers want first (its own or "?"), then its
/// other kept tags, the players (`names` gives the shown name of each side, for empty names),
/// the result and how the game ended, its moves up to the cursor.
pub fn record_of(entry: &GameEntry, names: (&str, &str)) -> Record {
    let kept = |name: &str| {
        entry
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut push = |name: &str, value: String| tags.push((name.to_string(), value));
    for name in ["Event", "Site"] {
        push(name, kept(name).unwrap_or_else(|| "?".into()));
    }
    let date = kept("Date");
    push(
        "Date",
        date.clone()
            .or_else(|| date_tag(entry.created))
            .unwrap_or_else(|| "????.??.??".into()),
    );
    push("Round", kept("Round").unwrap_or_else(|| "?".into()));
    let name = |own: &str, shown: &str| {
        if own.is_empty() {
            shown.to_string()
        } else {
            own.to_string()
        }
    };
    push("White", name(&entry.players.white, names.0));
    push("Black", name(&entry.players.black, names.1));
    let end = entry.game.result();
    let result = end.map_or("*", |e| e.result.as_str());
    push("Result", result.into());
    for (n, v) in &entry.tags {
        if !SEVEN_TAGS.contains(&n.as_str()) {
            tags.push((n.clone(), v.clone()));
        }
    }
    if date.is_none() && kept("Time").is_none() && date_tag(entry.created).is_some() {
        let s = entry.created / 1000 % 86_400;
        let time = format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
        tags.push(("Time".into(), time));
    }
    // An imported record's result without a `Termination` tag reads as a resignation (a win)
    // or an agreement (a draw): for those, write none, so that a record that had none does not
    // get one added (and one that had it reads back the same).
    if let Some(reason) = end.and(entry.end_reason()).and_then(termination) {
        tags.push(("Termination".into(), reason.into()));
    }
    Record::from_game(&entry.game, tags)
}

fn termination(reason: EndReason) -> Option<&'static str> {
    match reason {
        EndReason::Time => Some("time forfeit"),
        EndReason::TimeCounted => Some("time forfeit, board counted"),
        EndReason::Repetition => Some("repetition"),
        EndReason::Resignation => Some("resignation"),
        EndReason::AgreedDraw => Some("agreement"),
        EndReason::Reached82 | EndReason::NoMoves => None,
    }
}

/// The records of several entries as one text (a `.pgn` file).
pub fn export<'a>(
    entries: impl IntoIterator<Item = &'a GameEntry>,
    names: impl Fn(&GameEntry) -> (String, String),
) -> String {
    export_with_evals(entries, names, |_| None)
}

/// [`export`] with evaluations: after each move a `[%eval 2.5]` comment (White's view, as
/// Lichess writes it) from the game's review (`reviews` gives it, if any), or else those the
/// game was imported with.
pub fn export_with_evals<'a>(
    entries: impl IntoIterator<Item = &'a GameEntry>,
    names: impl Fn(&GameEntry) -> (String, String),
    reviews: impl Fn(&GameEntry) -> Option<SavedReview>,
) -> String {
    let records: Vec<Record> = entries
        .into_iter()
        .map(|e| {
            let (w, b) = names(e);
            let mut rec = record_of(e, (&w, &b));
            for (m, eval) in rec.moves.iter_mut().zip(evals_of(e, reviews(e).as_ref())) {
                if let Some(s) = eval {
                    m.comments.push(eval_comment(s));
                }
            }
            rec
        })
        .collect();
    record::write(&records)
}

/// The evaluation after each move of an entry: its review's, if it reads against the game,
/// or else the imported ones.
fn evals_of(entry: &GameEntry, review: Option<&SavedReview>) -> Vec<Option<Score>> {
    let game = &entry.game;
    let moves: Vec<_> = game.moves()[..game.ply()].iter().map(|m| m.house).collect();
    review
        .and_then(|r| review_game(&game.start(), &moves, &r.analyses).ok())
        .filter(|r| r.moves.len() == moves.len())
        .map(|r| r.evals[1..].iter().copied().map(Some).collect())
        .unwrap_or_else(|| entry.evals.clone())
}

/// A share link's payload: the game's record, compact (players, result, start position if
/// not the usual one, and each move as the bare house it starts from: the reader replays
/// them), as base64url text.
pub fn share_payload(entry: &GameEntry, names: (&str, &str)) -> String {
    let rec = record_of(entry, names);
    let mut text = String::new();
    for (n, v) in rec
        .tags
        .iter()
        .filter(|(n, _)| OWN_TAGS.contains(&n.as_str()) || n == "Date")
    {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{n} \"{v}\"]\n"));
    }
    text.push('\n');
    for m in &rec.moves {
        text.push_str(&m.notation.from.get().to_string());
        text.push(' ');
    }
    text.push_str(rec.result.map_or("*", |r| r.as_str()));
    URL_SAFE_NO_PAD.encode(text)
}

/// The games of a share link's payload (see [`share_payload`]).
pub fn read_share(payload: &str, now: u64) -> Result<Vec<GameEntry>, ImportError> {
    if payload.len() > MAX_SHARE_CHARS {
        return Err(ImportError::TooLarge {
            chars: payload.len(),
        });
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(payload.trim().trim_end_matches('='))
        .map_err(|_| ImportError::BadLink)?;
    let text = String::from_utf8(bytes).map_err(|_| ImportError::BadLink)?;
    import(&text, now)
}

/// Milliseconds since 1970 of a PGN date `YYYY.MM.DD` and time `HH:MM:SS` (UTC).
fn date_ms(date: &str, time: Option<&str>) -> Option<u64> {
    let mut d = date.split('.').map(|p| p.parse::<u32>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || !(1..=31).contains(&day) {
        return None;
    }
    let secs = time
        .and_then(|t| {
            let mut p = t.split(':').map(|p| p.parse::<u64>().ok());
            let (h, mi, s) = (p.next()??, p.next()??, p.next().flatten().unwrap_or(0));
            (h < 24 && mi < 60 && s < 60).then_some(h * 3600 + mi * 60 + s)
        })
        .unwrap_or(0);
    let days = days_from_civil(i64::from(y), m, day);
    u64::try_from(days).ok().map(|d| (d * 86_400 + secs) * 1000)
}

/// `YYYY.MM.DD` (UTC) of a time in milliseconds since 1970.
pub fn date_tag(ms: u64) -> Option<String> {
    if ms == 0 {
        return None;
    }
    let (y, m, d) = civil_from_days((ms / 86_400_000) as i64);
    Some(format!("{y:04}.{m:02}.{d:02}"))
}

// Howard Hinnant's algorithms between civil dates and days since 1970-01-01.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {

    #[test]
    fn evaluations_go_out_as_comments_and_come_back() {
        use toguz_coach::review::{analyse_position, ReviewSettings};
        use toguz_engine::search::Searcher;
        use toguz_engine::House;
        let moves: Vec<House> = [4, 1, 2].iter().map(|&h| House::new(h).unwrap()).collect();
        let mut game = Game::new();
        let settings = ReviewSettings {
            depth: 4,
            ..ReviewSettings::default()
        };
        let mut searcher = Searcher::new(1);
        let mut analyses = Vec::new();
        for &m in &moves {
            let pos = game.position();
            analyses.push(
                analyse_position(&mut searcher, &pos, Some(m), &settings, |_| false).unwrap(),
            );
            game.play(m).unwrap();
        }
        let entry = GameEntry::new("g".into(), 0, Mode::TwoPlayers, game);
        let review = SavedReview { depth: 4, analyses };
        let text = export_with_evals(
            [&entry],
            |_| ("a".into(), "b".into()),
            |_| Some(review.clone()),
        );
        assert_eq!(text.matches("[%eval ").count(), 3, "{text}");
        let back = import(&text, 0).unwrap().remove(0);
        assert_eq!(back.evals.len(), 3);
        assert!(back.evals.iter().all(Option::is_some));
        // Without a review, the imported evaluations are written back as they were.
        let again = export_with_evals([&back], |_| ("a".into(), "b".into()), |_| None);
        let comments = |t: &str| {
            t.match_indices("[%eval ")
                .map(|(i, _)| t[i..].split(']').next().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(comments(&again), comments(&text));
        // A plain export has none; an old entry without evaluations reads as before.
        assert!(!export([&entry], |_| ("a".into(), "b".into())).contains("%eval"));
    }
    use super::*;
    use toguz_engine::record::RecordErrorKind;
    use toguz_engine::Side;

    const TWO: &str = "[White \"ana\"]\n[Black \"bek\"]\n[Date \"2025.08.22\"]\n[Result \"0-1\"]\n\n1. 76(10) 98 2. 66 87(4) 0-1\n\n[White \"?\"]\n[Black \"x\"]\n\n1. 76(10) *\n";

    #[test]
    fn import_names_results_and_dates() {
        let games = import(TWO, 5).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].players.white, "ana");
        assert_eq!(games[0].game.ply(), 4);
        let end = games[0].game.result().unwrap();
        assert_eq!(end.result, GameResult::Win(Side::Black));
        assert_eq!(end.reason, EndReason::Resignation);
        assert_eq!(date_tag(games[0].created).unwrap(), "2025.08.22");
        assert_eq!(games[1].players.white, "");
        assert_eq!(games[1].created, 5);
        assert!(games[1].game.result().is_none());
        assert!(games.iter().all(|g| g.imported));
    }

    #[test]
    fn export_adds_no_termination_an_imported_record_did_not_have() {
        let games = import(TWO, 5).unwrap();
        let text = export(&games[..1], |_| ("a".into(), "b".into()));
        assert!(!text.contains("Termination"), "{text}");
        let timed = TWO.replace(
            "[Result \"0-1\"]",
            "[Result \"0-1\"]\n[Termination \"time forfeit\"]",
        );
        let games = import(&timed, 5).unwrap();
        assert_eq!(games[0].game.result().unwrap().reason, EndReason::Time);
        let text = export(&games[..1], |_| ("a".into(), "b".into()));
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        // A game played in the app says how it ended.
        let mut own = games[1].clone();
        own.imported = false;
        own.game.resign(Side::White).unwrap();
        let text = export([&own], |_| ("a".into(), "b".into()));
        assert!(text.contains("[Termination \"resignation\"]"), "{text}");
    }

    #[test]
    fn a_bad_move_names_the_game_and_move_and_nothing_is_imported() {
        let bad = TWO.replace("1. 76(10) *", "1. 76(10) 98 2. 66 87(5) *");
        let Err(ImportError::Record(e)) = import(&bad, 0) else {
            panic!("imported")
        };
        assert_eq!((e.game, e.ply, e.move_number.as_str()), (2, 4, "2..."));
        assert_eq!(e.token, "87(5)");
        assert!(matches!(e.kind, RecordErrorKind::Mismatch(_)));
        assert_eq!(import("   ", 0), Err(ImportError::Empty));
        assert_eq!(import("", 0), Err(ImportError::Empty));
    }

    #[test]
    fn export_and_import_give_the_same_games() {
        let games = import(TWO, 1_755_891_425_123).unwrap();
        let text = export(&games, |_| ("White".into(), "Black".into()));
        let again = import(&text, 9).unwrap();
        assert_eq!(again.len(), 2);
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(a.game, b.game);
            assert_eq!(a.game.result(), b.game.result());
            assert_eq!(a.created / 1000, b.created / 1000);
        }
        assert_eq!(again[0].players, games[0].players);
        assert_eq!(again[1].players.white, "White");
        // The record said no more than "0-1": no Termination is made up for it.
        assert!(!text.contains("Termination"), "{text}");
    }

    #[test]
    fn an_imported_result_says_why_only_when_the_board_or_the_record_does() {
        let all = [
            include_str!("../../../public/playok/korgol.pgn"),
            include_str!("../../../public/playok/avataar.pgn"),
        ]
        .map(|text| import(text, 0).unwrap())
        .concat();
        let count = |reason: Option<EndReason>| {
            all.iter()
                .filter(|e| e.game.result().is_some() && e.end_reason() == reason)
                .count()
        };
        // PlayOK writes no Termination tag: the board says when 82 korgools were reached or
        // a player had no move; a result it did not give (a resignation? the time?) says
        // nothing of why.
        let (by_82, by_no_move, unknown) = (
            count(Some(EndReason::Reached82)),
            count(Some(EndReason::NoMoves)),
            count(None),
        );
        println!("PlayOK games: {by_82} reached 82, {by_no_move} no move, {unknown} not said");
        assert!(by_82 > 0 && unknown > 0, "{by_82} {unknown}");
        assert_eq!(by_82 + by_no_move + unknown, all.len());
        for e in &all {
            assert_eq!(
                e.summary().reason,
                e.end_reason(),
                "the library card's reason"
            );
        }
        // A record that says why: the reason is kept, and written back on export.
        for (tag, reason) in [
            ("resignation", EndReason::Resignation),
            ("Black resigned", EndReason::Resignation),
            ("time forfeit", EndReason::Time),
            ("time forfeit, board counted", EndReason::TimeCounted),
            ("Time forfeit", EndReason::Time),
        ] {
            let text = TWO.replace(
                "[Result \"0-1\"]",
                &format!("[Result \"0-1\"]\n[Termination \"{tag}\"]"),
            );
            let game = import(&text, 0).unwrap().remove(0);
            assert_eq!(game.end_reason(), Some(reason), "{tag}");
            let back = import(&export([&game], |_| ("a".into(), "b".into())), 0).unwrap();
            assert_eq!(
                back[0].end_reason(),
                Some(reason),
                "{tag} after a round trip"
            );
        }
        // "normal" names no end of the players': the result stays without a reason.
        let normal = TWO.replace(
            "[Result \"0-1\"]",
            "[Result \"0-1\"]\n[Termination \"normal\"]",
        );
        assert_eq!(import(&normal, 0).unwrap()[0].end_reason(), None);
        assert_eq!(import(TWO, 0).unwrap()[0].end_reason(), None);
        // A game played here knows how it ended.
        let mut own = import(TWO, 0).unwrap().remove(1);
        own.imported = false;
        own.game.resign(Side::White).unwrap();
        assert_eq!(own.end_reason(), Some(EndReason::Resignation));
    }

    #[test]
    fn time_losses_survive_a_round_trip() {
        let mut game = Game::new();
        game.play(toguz_engine::House::new(7).unwrap()).unwrap();
        game.lose_on_time(Side::Black).unwrap();
        let e = GameEntry::new("x".into(), 1_700_000_000_000, Mode::TwoPlayers, game);
        let text = export([&e], |_| ("a".into(), "b".into()));
        let back = import(&text, 0).unwrap();
        assert_eq!(back[0].game, e.game);
    }

    #[test]
    fn share_links_round_trip_and_refuse_junk() {
        let games = import(TWO, 5).unwrap();
        let payload = share_payload(&games[0], ("", ""));
        assert!(payload
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let back = read_share(&payload, 0).unwrap();
        assert_eq!(back[0].game, games[0].game);
        assert_eq!(back[0].game.result(), games[0].game.result());
        // Every korgol.pgn game fits a link of a few hundred characters.
        let all = import(include_str!("../../../public/playok/korgol.pgn"), 0).unwrap();
        let longest = all
            .iter()
            .map(|g| {
                let p = share_payload(g, ("", ""));
                assert_eq!(read_share(&p, 0).unwrap()[0].game, g.game);
                p.len()
            })
            .max()
            .unwrap();
        println!("longest share payload of korgol.pgn: {longest} characters");
        assert!(longest < 700, "{longest}");
        assert_eq!(back[0].players, games[0].players);
        assert_eq!(read_share("%%%", 0), Err(ImportError::BadLink));
        assert_eq!(
            read_share(&URL_SAFE_NO_PAD.encode([0xff, 0xfe]), 0),
            Err(ImportError::BadLink)
        );
    }

    #[test]
    fn dates() {
        assert_eq!(date_ms("1970.01.02", None), Some(86_400_000));
        assert_eq!(
            date_ms("2025.08.22", Some("19:37:05")),
            Some(1_755_891_425_000)
        );
        assert_eq!(date_ms("????.??.??", None), None);
        assert_eq!(date_tag(1_755_891_425_000).unwrap(), "2025.08.22");
        assert_eq!(date_tag(0), None);
        for days in [0, 59, 60, 365, 10_000, 20_000, 40_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }
}
