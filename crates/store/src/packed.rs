//! The stored forms of a game and of the index, packed ([`crate::pack`]): a few hundred code
//! units for a long game where its readable JSON ([`crate::entry::WideEntry`]) takes over a
//! thousand.
//!
//! - A game is a JSON array of strings: its packed bits first, then its texts in the order the
//!   bits name them (id, players, tag values, link id, evaluations). Texts stay plain JSON
//!   strings: any character survives, and a name costs its own length.
//! - The index keeps each text once in its `strings` table (players' names, openings); each
//!   line is one string: a unit giving the length of its packed part, that part, then the id.

use serde::{Deserialize, Serialize};
use toguz_engine::game::{Game, Rules, SavedEnd, SavedGame};
use toguz_engine::search::{Level, Score};
use toguz_engine::{BySide, EndReason, GameResult, House, Setup, Side};

use crate::entry::{GameEntry, Index, Mode, Players, SavedClock, Summary};
use crate::pack::{Reader, Unpack, Writer};

/// Tag names common in records, stored as their number in this list (a name not in it is
/// stored as text). Append only: the numbers are stored.
const TAG_NAMES: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Time",
    "TimeControl",
    "WhiteElo",
    "BlackElo",
    "WhiteTitle",
    "BlackTitle",
    "Count",
    "Comment",
    "Annotator",
    "Variant",
];

/// Append only: the numbers are stored (in 3 bits: this list is full).
const REASONS: [EndReason; 7] = [
    EndReason::Reached82,
    EndReason::NoMoves,
    EndReason::Resignation,
    EndReason::AgreedDraw,
    EndReason::Repetition,
    EndReason::Time,
    EndReason::TimeCounted,
];

fn side_bit(s: Side) -> bool {
    s == Side::Black
}

fn side_of(black: bool) -> Side {
    if black {
        Side::Black
    } else {
        Side::White
    }
}

fn write_mode(w: &mut Writer, mode: Mode) {
    match mode {
        Mode::TwoPlayers => w.bits(0, 2),
        Mode::Computer { human, level } => {
            w.bits(1, 2);
            w.flag(side_bit(human));
            w.bits(u64::from(level.number()), 4);
        }
        Mode::Watch { level } => {
            w.bits(2, 2);
            w.bits(u64::from(level.number()), 4);
        }
        Mode::Link { me } => {
            w.bits(3, 2);
            w.flag(side_bit(me));
        }
    }
}

fn read_mode(r: &mut Reader) -> Result<Mode, Unpack> {
    let level = |r: &mut Reader| {
        let n = r.bits(4)? as u8;
        Level::new(n).ok_or(Unpack::Range)
    };
    Ok(match r.bits(2)? {
        0 => Mode::TwoPlayers,
        1 => {
            let human = side_of(r.flag()?);
            Mode::Computer {
                human,
                level: level(r)?,
            }
        }
        2 => Mode::Watch { level: level(r)? },
        _ => Mode::Link {
            me: side_of(r.flag()?),
        },
    })
}

fn write_result(w: &mut Writer, result: Option<GameResult>) {
    w.bits(
        match result {
            None => 0,
            Some(GameResult::Win(Side::White)) => 1,
            Some(GameResult::Win(Side::Black)) => 2,
            Some(GameResult::Draw) => 3,
        },
        2,
    );
}

fn read_result(r: &mut Reader) -> Result<Option<GameResult>, Unpack> {
    Ok(match r.bits(2)? {
        0 => None,
        1 => Some(GameResult::Win(Side::White)),
        2 => Some(GameResult::Win(Side::Black)),
        _ => Some(GameResult::Draw),
    })
}

fn write_reason(w: &mut Writer, reason: Option<EndReason>) {
    let n = reason.and_then(|r| REASONS.iter().position(|&x| x == r));
    w.bits(n.map_or(0, |n| n as u64 + 1), 3);
}

fn read_reason(r: &mut Reader) -> Result<Option<EndReason>, Unpack> {
    match r.bits(3)? as usize {
        0 => Ok(None),
        n => REASONS.get(n - 1).copied().map(Some).ok_or(Unpack::Range),
    }
}

fn write_setup(w: &mut Writer, s: &Setup) {
    for side in [s.houses.white, s.houses.black] {
        for h in side {
            w.bits(u64::from(h), 8);
        }
    }
    w.bits(u64::from(s.kazans.white), 8);
    w.bits(u64::from(s.kazans.black), 8);
    w.bits(u64::from(s.tuz.white.unwrap_or(0)), 4);
    w.bits(u64::from(s.tuz.black.unwrap_or(0)), 4);
    w.flag(side_bit(s.turn));
}

fn read_setup(r: &mut Reader) -> Result<Setup, Unpack> {
    let mut houses = [[0u8; 9]; 2];
    for side in &mut houses {
        for h in side.iter_mut() {
            *h = r.bits(8)? as u8;
        }
    }
    let kazans = BySide::new(r.bits(8)? as u8, r.bits(8)? as u8);
    let tuz = |v: u64| (v != 0).then_some(v as u8);
    let tuz = BySide::new(tuz(r.bits(4)?), tuz(r.bits(4)?));
    Ok(Setup {
        houses: BySide::new(houses[0], houses[1]),
        kazans,
        tuz,
        turn: side_of(r.flag()?),
    })
}

/// How many flags a packed game starts with.
const FLAGS: usize = 12;

/// Flags of a packed game, in the order written.
struct Flags {
    flipped: bool,
    imported: bool,
    end_stated: bool,
    clock: bool,
    link: bool,
    evals: bool,
    custom_start: bool,
    rules: bool,
    cursor: bool,
    stopped: bool,
    updated_first: bool,
    inviter: bool,
}

impl Serialize for GameEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        entry_strings(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameEntry {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameEntry, D::Error> {
        let strings = Vec::<String>::deserialize(deserializer)?;
        entry_of_strings(strings).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Index {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        pack_index(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Index {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Index, D::Error> {
        let packed = PackedIndex::deserialize(deserializer)?;
        unpack_index(packed).map_err(serde::de::Error::custom)
    }
}

/// A game's stored form: its packed bits, then its texts.
pub fn entry_strings(e: &GameEntry) -> Vec<String> {
    let saved = e.game.saved();
    let flags = Flags {
        flipped: e.flipped,
        imported: e.imported,
        end_stated: e.end_stated,
        clock: e.clock.is_some(),
        link: e.link_id.is_some(),
        evals: !e.evals.is_empty(),
        custom_start: saved.start != Setup::start(),
        rules: saved.rules.no_first_move_from_house_1,
        cursor: saved.ply.is_some_and(|p| p != saved.moves.len()),
        stopped: saved.end.is_some(),
        updated_first: e.updated < e.created,
        inviter: e.inviter.is_some(),
    };
    let mut w = Writer::new();
    for f in [
        flags.flipped,
        flags.imported,
        flags.end_stated,
        flags.clock,
        flags.link,
        flags.evals,
        flags.custom_start,
        flags.rules,
        flags.cursor,
        flags.stopped,
        flags.updated_first,
        flags.inviter,
    ] {
        w.flag(f);
    }
    w.number(e.created);
    w.number(e.created.abs_diff(e.updated));
    write_mode(&mut w, e.mode);
    if flags.custom_start {
        write_setup(&mut w, &saved.start);
    }
    let houses: Vec<u8> = saved.moves.iter().map(|h| h.get()).collect();
    w.number(houses.len() as u64);
    w.houses(&houses);
    if let (true, Some(ply)) = (flags.cursor, saved.ply) {
        w.number(ply as u64);
    }
    if let Some(end) = saved.end {
        write_reason(&mut w, Some(end.reason));
        write_result(&mut w, Some(end.result));
    }
    if let Some(c) = e.clock {
        for n in [c.base_ms, c.increment_ms, c.white_ms, c.black_ms] {
            w.number(n);
        }
        w.bits(c.running.map_or(0, |s| 1 + u64::from(side_bit(s))), 2);
    }
    let mut texts = vec![
        e.id.clone(),
        e.players.white.clone(),
        e.players.black.clone(),
    ];
    if let Some(inviter) = e.inviter {
        w.flag(side_bit(inviter));
    }
    texts.extend(e.link_id.clone());
    w.number(e.tags.len() as u64);
    for (name, value) in &e.tags {
        match TAG_NAMES.iter().position(|n| n == name) {
            Some(i) => w.number(i as u64 + 1),
            None => {
                w.number(0);
                texts.push(name.clone());
            }
        }
        texts.push(value.clone());
    }
    // The clock's delay and time-out rule come last, only when set: a game without them
    // ends in zero padding, which reads as none (so games packed before them read alike).
    if let Some(c) = e.clock.filter(|c| c.delay_ms > 0 || c.counted) {
        w.flag(true);
        w.number(c.delay_ms);
        w.flag(c.counted);
    }
    if flags.evals {
        // Rare (records with `[%eval]` comments): their JSON as one text.
        texts.push(serde_json::to_string(&e.evals).unwrap_or_default());
    }
    let mut out = vec![w.finish()];
    out.extend(texts);
    out
}

/// A game read back from [`entry_strings`]; a move that cannot be played is an error.
pub fn entry_of_strings(strings: Vec<String>) -> Result<GameEntry, String> {
    let mut texts = strings.into_iter();
    let bits = texts.next().ok_or("no packed game")?;
    let mut text = || texts.next().ok_or_else(|| "a text is missing".to_string());
    let mut r = Reader::new(&bits);
    let e = |u: Unpack| u.to_string();
    let mut f = [false; FLAGS];
    for x in &mut f {
        *x = r.flag().map_err(e)?;
    }
    let [flipped, imported, end_stated, clock, link, evals, custom_start, rules, cursor, stopped, updated_first, has_inviter] =
        f;
    let created = r.number().map_err(e)?;
    let delta = r.number().map_err(e)?;
    let updated = if updated_first {
        created.checked_sub(delta)
    } else {
        created.checked_add(delta)
    }
    .ok_or("a time out of range")?;
    let mode = read_mode(&mut r).map_err(e)?;
    let start = if custom_start {
        read_setup(&mut r).map_err(e)?
    } else {
        Setup::start()
    };
    let count: usize = r.small().map_err(e)?;
    if count > 100_000 {
        return Err("too many moves".into());
    }
    let moves = r
        .houses(count)
        .map_err(e)?
        .into_iter()
        .filter_map(House::new)
        .collect();
    let ply = if cursor {
        Some(r.small().map_err(e)?)
    } else {
        None
    };
    let end = if stopped {
        let reason = read_reason(&mut r).map_err(e)?.ok_or("no end reason")?;
        let result = read_result(&mut r).map_err(e)?.ok_or("no end result")?;
        Some(SavedEnd { reason, result })
    } else {
        None
    };
    let saved = SavedGame {
        start,
        moves,
        ply,
        end,
        rules: Rules {
            no_first_move_from_house_1: rules,
        },
    };
    let game = Game::try_from(saved).map_err(|err| err.to_string())?;
    let clock = if clock {
        let mut n = [0u64; 4];
        for x in &mut n {
            *x = r.number().map_err(e)?;
        }
        let running = match r.bits(2).map_err(e)? {
            0 => None,
            1 => Some(Side::White),
            _ => Some(Side::Black),
        };
        Some(SavedClock {
            base_ms: n[0],
            increment_ms: n[1],
            white_ms: n[2],
            black_ms: n[3],
            running,
            delay_ms: 0,
            counted: false,
        })
    } else {
        None
    };
    let id = text()?;
    let players = Players {
        white: text()?,
        black: text()?,
    };
    let inviter = if has_inviter {
        Some(side_of(r.flag().map_err(e)?))
    } else {
        None
    };
    let link_id = if link { Some(text()?) } else { None };
    let tag_count: usize = r.small().map_err(e)?;
    let mut tags = Vec::with_capacity(tag_count.min(64));
    for _ in 0..tag_count {
        let code: usize = r.small().map_err(e)?;
        let name = match code {
            0 => text()?,
            n => TAG_NAMES
                .get(n - 1)
                .ok_or("an unknown tag number")?
                .to_string(),
        };
        tags.push((name, text()?));
    }
    let clock = read_clock_rules(&mut r, clock).map_err(e)?;
    let evals: Vec<Option<Score>> = if evals {
        serde_json::from_str(&text()?).map_err(|err| err.to_string())?
    } else {
        Vec::new()
    };
    Ok(GameEntry {
        id,
        created,
        updated,
        players,
        mode,
        game,
        clock,
        flipped,
        tags,
        imported,
        end_stated,
        evals,
        link_id,
        inviter,
    })
}

/// The clock's delay and time-out rule, when the bits end with them (see `entry_strings`).
fn read_clock_rules(
    r: &mut Reader,
    clock: Option<SavedClock>,
) -> Result<Option<SavedClock>, Unpack> {
    let more = match r.flag() {
        Ok(more) => more,
        Err(Unpack::Short) => false,
        Err(err) => return Err(err),
    };
    match clock {
        Some(c) if more => Ok(Some(SavedClock {
            delay_ms: r.number()?,
            counted: r.flag()?,
            ..c
        })),
        _ => Ok(clock),
    }
}

/// The index as stored: texts once in `strings`, each game one packed line.
#[derive(Default, Serialize, Deserialize)]
pub struct PackedIndex {
    /// Players' names and openings, each once; lines name them by position.
    pub strings: Vec<String>,
    /// One line a game (see the module's header).
    pub games: Vec<String>,
    /// For each game being played, the tab playing it.
    #[serde(default)]
    pub owners: Vec<(String, String)>,
}

/// Gives each text its number in the table, adding it once.
#[derive(Default)]
struct Table<'a> {
    strings: Vec<&'a str>,
    numbers: std::collections::HashMap<&'a str, u64>,
}

impl<'a> Table<'a> {
    fn number(&mut self, s: &'a str) -> u64 {
        let next = self.strings.len() as u64;
        let n = *self.numbers.entry(s).or_insert(next);
        if n == next {
            self.strings.push(s);
        }
        n
    }
}

/// The index packed.
pub fn pack_index(index: &Index) -> PackedIndex {
    let mut table = Table::default();
    let games = index
        .games
        .iter()
        .map(|s| {
            let mut w = Writer::new();
            w.number(s.created);
            w.flag(s.updated < s.created);
            w.number(s.created.abs_diff(s.updated));
            w.number(table.number(&s.players.white));
            w.number(table.number(&s.players.black));
            write_mode(&mut w, s.mode);
            write_result(&mut w, s.result);
            write_reason(&mut w, s.reason);
            w.bits(u64::from(s.kazans.white), 8);
            w.bits(u64::from(s.kazans.black), 8);
            w.number(s.moves as u64);
            w.flag(side_bit(s.first));
            w.flag(s.imported);
            w.flag(s.opening.is_some());
            if let Some(o) = &s.opening {
                w.number(table.number(o));
            }
            let bits = w.finish();
            let len = char::from_u32(0x4000 + bits.chars().count() as u32).unwrap_or('\u{4000}');
            let mut line = String::with_capacity(3 + bits.len() + s.id.len());
            line.push(len);
            line.push_str(&bits);
            line.push_str(&s.id);
            line
        })
        .collect();
    PackedIndex {
        strings: table.strings.into_iter().map(str::to_string).collect(),
        games,
        owners: index.owners.clone(),
    }
}

/// The index read back from [`pack_index`]; a line that does not read is an error.
pub fn unpack_index(p: PackedIndex) -> Result<Index, String> {
    let mut games = Vec::with_capacity(p.games.len());
    for (i, line) in p.games.iter().enumerate() {
        let summary = unpack_line(line, &p.strings).map_err(|e| format!("line {i}: {e}"))?;
        games.push(summary);
    }
    Ok(Index {
        games,
        owners: p.owners,
    })
}

fn unpack_line(line: &str, strings: &[String]) -> Result<Summary, String> {
    let mut chars = line.chars();
    let len = chars
        .next()
        .and_then(|c| u32::from(c).checked_sub(0x4000))
        .ok_or("no length")? as usize;
    let rest = chars.as_str();
    let split = rest
        .char_indices()
        .nth(len)
        .map_or(rest.len(), |(at, _)| at);
    let (bits, id) = rest.split_at(split);
    let e = |u: Unpack| u.to_string();
    let text = |n: u64| {
        usize::try_from(n)
            .ok()
            .and_then(|n| strings.get(n))
            .cloned()
            .ok_or_else(|| "a text number out of range".to_string())
    };
    let mut r = Reader::new(bits);
    let created = r.number().map_err(e)?;
    let before = r.flag().map_err(e)?;
    let delta = r.number().map_err(e)?;
    let updated = if before {
        created.checked_sub(delta)
    } else {
        created.checked_add(delta)
    }
    .ok_or("a time out of range")?;
    let players = Players {
        white: text(r.number().map_err(e)?)?,
        black: text(r.number().map_err(e)?)?,
    };
    let mode = read_mode(&mut r).map_err(e)?;
    let result = read_result(&mut r).map_err(e)?;
    let reason = read_reason(&mut r).map_err(e)?;
    let kazans = BySide::new(r.bits(8).map_err(e)? as u8, r.bits(8).map_err(e)? as u8);
    let moves = r.small().map_err(e)?;
    let first = side_of(r.flag().map_err(e)?);
    let imported = r.flag().map_err(e)?;
    let opening = if r.flag().map_err(e)? {
        Some(text(r.number().map_err(e)?)?)
    } else {
        None
    };
    Ok(Summary {
        id: id.to_string(),
        created,
        updated,
        players,
        mode,
        result,
        reason,
        kazans,
        moves,
        first,
        imported,
        opening,
    })
}

/// A finished game's moves for the explorer's "My games": read from the packed bits without
/// replaying them (the explorer replays them once, itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedLine {
    /// Where it started.
    pub start: Setup,
    /// The houses played up to the cursor.
    pub moves: Vec<House>,
}

/// The start and the moves up to the cursor of a packed game (the first of
/// [`entry_strings`]), without replaying them.
pub fn line_of_bits(bits: &str) -> Result<PlayedLine, Unpack> {
    let mut r = Reader::new(bits);
    let mut f = [false; FLAGS];
    for x in &mut f {
        *x = r.flag()?;
    }
    let (custom_start, cursor) = (f[6], f[8]);
    r.number()?;
    r.number()?;
    read_mode(&mut r)?;
    let start = if custom_start {
        read_setup(&mut r)?
    } else {
        Setup::start()
    };
    let count: usize = r.small()?;
    if count > 100_000 {
        return Err(Unpack::Range);
    }
    let mut moves: Vec<House> = r
        .houses(count)?
        .into_iter()
        .filter_map(House::new)
        .collect();
    if cursor {
        let ply: usize = r.small()?;
        moves.truncate(ply);
    }
    Ok(PlayedLine { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{Reader, Writer};
    use crate::versioned::{decode, encode, DecodeError};

    #[test]
    fn every_field_of_a_game_reads_back_even_a_half_set_link() {
        let mut game = Game::from_position(
            "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 9/0 -/- b"
                .parse()
                .unwrap(),
            Rules {
                no_first_move_from_house_1: true,
            },
        );
        game.play(House::new(3).unwrap()).unwrap();
        game.resign(Side::White).unwrap();
        let mut e = GameEntry::new("id".into(), 9, Mode::Link { me: Side::Black }, game);
        e.updated = 3;
        e.inviter = Some(Side::Black);
        e.clock = Some(SavedClock {
            base_ms: 1,
            increment_ms: 0,
            white_ms: u64::MAX,
            black_ms: 7,
            running: None,
            delay_ms: 0,
            counted: false,
        });
        e.tags = vec![("".into(), "".into()), ("Site".into(), "x".into())];
        assert_eq!(decode::<GameEntry>(&encode(&e)), Ok(e.clone()));
        let before = encode(&e);
        e.clock = e.clock.map(|c| SavedClock {
            delay_ms: 2_000,
            counted: true,
            ..c
        });
        assert_eq!(decode::<GameEntry>(&encode(&e)), Ok(e.clone()));
        assert!(encode(&e).len() > before.len());
        e.inviter = None;
        e.link_id = Some("L".into());
        assert_eq!(decode::<GameEntry>(&encode(&e)), Ok(e));
    }

    #[test]
    fn a_draw_on_time_under_the_federations_rule_reads_back() {
        let start = "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,3 81/70 -/- b";
        let mut game = Game::from_position(start.parse().unwrap(), Rules::default());
        let end = game.time_out_counted(Side::White).unwrap();
        assert_eq!(end.result, GameResult::Draw);
        let e = GameEntry::new("t".into(), 0, Mode::TwoPlayers, game);
        let back = decode::<GameEntry>(&encode(&e)).unwrap();
        assert_eq!(back.game.result(), Some(end));
    }

    #[test]
    fn a_packed_move_that_cannot_be_played_or_cut_bits_are_an_error() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let e = GameEntry::new("x".into(), 0, Mode::TwoPlayers, game);
        assert_eq!(decode::<GameEntry>(&encode(&e)), Ok(e.clone()));
        // The packed houses of "7, 1, 1": the third move sows from an empty house.
        let packed = encode(&e);
        let bits = entry_strings(&e)[0].clone();
        let mut w = Writer::new();
        let mut r = Reader::new(&bits);
        for _ in 0..FLAGS {
            w.flag(r.flag().unwrap());
        }
        for _ in 0..2 {
            w.number(r.number().unwrap());
        }
        w.bits(r.bits(2).unwrap(), 2);
        assert_eq!(r.number(), Ok(1));
        w.number(3);
        w.houses(&[7, 1, 1]);
        w.number(0);
        let bad = packed.replacen(&bits, &w.finish(), 1);
        let err = decode::<GameEntry>(&bad).unwrap_err();
        assert!(
            matches!(&err, DecodeError::Invalid(why) if why.contains("move 3")),
            "{err:?}"
        );
        let cut = packed.replacen(&bits, "\u{4000}", 1);
        assert!(matches!(
            decode::<GameEntry>(&cut),
            Err(DecodeError::Invalid(_))
        ));
    }
}
