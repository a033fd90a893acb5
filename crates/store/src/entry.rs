//! What the library keeps: one [`GameEntry`] per game (its own key) and an [`Index`] of
//! [`Summary`] lines that lists them without reading every game.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use toguz_engine::game::Game;
use toguz_engine::notation::NotatedMove;
use toguz_engine::search::{Level, Score};
use toguz_engine::{BySide, EndReason, GameResult, Side};

use crate::versioned::Schema;

/// How many moves of a game its summary keeps as its opening.
pub const OPENING_PLIES: usize = 6;

/// Who plays which side (the app's mode, as stored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// A person against the computer.
    Computer {
        /// The person's side.
        human: Side,
        /// The computer's level.
        level: Level,
    },
    /// Two people on one device (also imported games).
    #[default]
    TwoPlayers,
    /// The computer against itself.
    Watch {
        /// Both sides' level.
        level: Level,
    },
    /// A friend on another device, the moves sent by link (`crate::link`): this device
    /// plays `me` only.
    Link {
        /// This player's side.
        me: Side,
    },
}

impl Mode {
    /// The level of the computer playing `side`, or `None` when a person plays it.
    pub fn computer(self, side: Side) -> Option<Level> {
        match self {
            Mode::Computer { human, level } if human != side => Some(level),
            Mode::Watch { level } => Some(level),
            _ => None,
        }
    }

    /// True when a person plays `side` on this device (a friend by link plays elsewhere).
    pub fn is_human(self, side: Side) -> bool {
        match self {
            Mode::Link { me } => side == me,
            _ => self.computer(side).is_none(),
        }
    }

    /// The one side the person on this device plays, against the computer or a friend by
    /// link; `None` when a person plays both sides, or none.
    pub fn own_side(self) -> Option<Side> {
        match self {
            Mode::Computer { human, .. } => Some(human),
            Mode::Link { me } => Some(me),
            Mode::TwoPlayers | Mode::Watch { .. } => None,
        }
    }

    /// Whether the landing preview may be shown: not against the two strongest levels, 7 and
    /// 8, where it would help too much.
    pub fn allows_preview(self) -> bool {
        !matches!(self, Mode::Computer { level, .. } if level.number() >= 7)
    }
}

/// The players' names; empty means the app's default name for the mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Players {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
}

/// The chess clock, as stored: the time left on both sides and whose time was running
/// (it starts again from the moment the game is resumed: time with the app closed is free).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// Starting time per side, in milliseconds.
    pub base_ms: u64,
    /// Added after each move, in milliseconds.
    pub increment_ms: u64,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// The side whose time was running.
    pub running: Option<Side>,
    /// A simple delay (Bronstein) after each move, in milliseconds.
    #[serde(default)]
    pub delay_ms: u64,
    /// True under the federation's time-out rule: a time-out gives the board to the
    /// opponent and the kazans decide; false: a time-out loses.
    #[serde(default)]
    pub counted: bool,
}

/// One saved game: the engine's game (the whole history with undo/redo) and everything the
/// play screen needs to resume it exactly. Stored packed (its serde form is in `packed.rs`); its readable
/// form is [`WideEntry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    /// The game's id (its key is `toguz.game.<id>`).
    pub id: String,
    /// Created, in milliseconds since 1970.
    pub created: u64,
    /// Last changed, in milliseconds since 1970.
    pub updated: u64,
    /// The players' names.
    pub players: Players,
    /// Who plays which side.
    pub mode: Mode,
    /// The game: start, every move (also those taken back), the cursor, an end by resignation,
    /// agreement, repetition or time.
    pub game: Game,
    /// The clock, when the game has one.
    pub clock: Option<SavedClock>,
    /// Black's row at the bottom.
    pub flipped: bool,
    /// Tags of an imported record (event, site, date, ...), written back on export.
    pub tags: Vec<(String, String)>,
    /// True for a game read from a record.
    pub imported: bool,
    /// For an imported game that ended by a resignation or an agreement: true when its record
    /// said so (a `Termination` tag). A record that gives only its result (a PlayOK record's
    /// `1-0` in a position not over) says nothing of why: a resignation, or the time?
    pub end_stated: bool,
    /// The evaluations an imported record carried as `[%eval ...]` comments (White's view),
    /// one per move (`None` for a move without one): written back on export when the game has
    /// no review of its own. Empty for most games.
    pub evals: Vec<Option<Score>>,
    /// For a game with a friend by link: its id, shared by both players' copies (see
    /// [`GameEntry::link`]).
    pub link_id: Option<String>,
    /// For a game with a friend by link: the side of the player who invited.
    pub inviter: Option<Side>,
}

/// A saved game in readable JSON: the stored form of schema versions 1 to 4, and a game's form
/// in a backup (`docs/BACKUP.md`). Every field of [`GameEntry`], named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WideEntry {
    /// The game's id (its key is `toguz.game.<id>`).
    #[serde(default)]
    pub id: String,
    /// Created, in milliseconds since 1970.
    #[serde(default)]
    pub created: u64,
    /// Last changed, in milliseconds since 1970.
    #[serde(default)]
    pub updated: u64,
    /// The players' names.
    #[serde(default)]
    pub players: Players,
    /// Who plays which side.
    #[serde(default)]
    pub mode: Mode,
    /// The game: start, every move (also those taken back), the cursor, an end by resignation,
    /// agreement, repetition or time.
    pub game: Game,
    /// The clock, when the game has one.
    #[serde(default)]
    pub clock: Option<SavedClock>,
    /// Black's row at the bottom.
    #[serde(default)]
    pub flipped: bool,
    /// Tags of an imported record (event, site, date, ...), written back on export.
    #[serde(default)]
    pub tags: Vec<(String, String)>,
    /// True for a game read from a record.
    #[serde(default)]
    pub imported: bool,
    /// For an imported game that ended by a resignation or an agreement: true when its record
    /// said so (a `Termination` tag). A record that gives only its result (a PlayOK record's
    /// `1-0` in a position not over) says nothing of why: a resignation, or the time?
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub end_stated: bool,
    /// The evaluations an imported record carried as `[%eval ...]` comments (White's view),
    /// one per move (`None` for a move without one): written back on export when the game has
    /// no review of its own. Empty for most games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evals: Vec<Option<Score>>,
    /// For a game with a friend by link: its id, shared by both players' copies (see
    /// [`GameEntry::link`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_id: Option<String>,
    /// For a game with a friend by link: the side of the player who invited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inviter: Option<Side>,
}

impl From<WideEntry> for GameEntry {
    fn from(w: WideEntry) -> GameEntry {
        GameEntry {
            id: w.id,
            created: w.created,
            updated: w.updated,
            players: w.players,
            mode: w.mode,
            game: w.game,
            clock: w.clock,
            flipped: w.flipped,
            tags: w.tags,
            imported: w.imported,
            end_stated: w.end_stated,
            evals: w.evals,
            link_id: w.link_id,
            inviter: w.inviter,
        }
    }
}

impl From<GameEntry> for WideEntry {
    fn from(e: GameEntry) -> WideEntry {
        WideEntry {
            id: e.id,
            created: e.created,
            updated: e.updated,
            players: e.players,
            mode: e.mode,
            game: e.game,
            clock: e.clock,
            flipped: e.flipped,
            tags: e.tags,
            imported: e.imported,
            end_stated: e.end_stated,
            evals: e.evals,
            link_id: e.link_id,
            inviter: e.inviter,
        }
    }
}

/// What a game with a friend by link keeps besides the game: which game of which friend. Kept
/// with the entry: the link's format (`link.rs`) reads entries, so entries do not read it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkInfo {
    /// The game's id, shared by both players' copies (base64url of
    /// [`ID_BYTES`](crate::link::ID_BYTES) random bytes).
    pub id: String,
    /// The side of the player who invited.
    pub inviter: Side,
}

impl GameEntry {
    /// A new entry for `game`.
    pub fn new(id: String, now: u64, mode: Mode, game: Game) -> GameEntry {
        GameEntry {
            id,
            created: now,
            updated: now,
            players: Players::default(),
            mode,
            game,
            clock: None,
            flipped: false,
            tags: Vec::new(),
            imported: false,
            end_stated: false,
            evals: Vec::new(),
            link_id: None,
            inviter: None,
        }
    }

    /// True when `other` records the same game: the same start, moves, result, players and
    /// record tags (in any order, an unknown "?" as none: an export writes the seven tags TGK
    /// readers want), and (unless both were imported, whose dates are in their tags) created in
    /// the same second. Importing a file twice finds every game of it this way.
    pub fn same_game(&self, other: &GameEntry) -> bool {
        let moves = |e: &GameEntry| {
            e.game.moves()[..e.game.ply()]
                .iter()
                .map(|m| m.house)
                .collect::<Vec<_>>()
        };
        self.players == other.players
            && known_tags(self) == known_tags(other)
            && ((self.imported && other.imported) || self.created / 1000 == other.created / 1000)
            && self.game.start() == other.game.start()
            && self.game.result() == other.game.result()
            && moves(self) == moves(other)
    }

    /// For a game with a friend by link: which game, whose invitation. (Two plain fields in
    /// storage: fewer kinds of value for the first visit's code to read.)
    pub fn link(&self) -> Option<LinkInfo> {
        Some(LinkInfo {
            id: self.link_id.clone()?,
            inviter: self.inviter?,
        })
    }

    /// Makes this a game with a friend by link (or not, with `None`).
    pub fn set_link(&mut self, link: Option<LinkInfo>) {
        (self.link_id, self.inviter) = match link {
            Some(l) => (Some(l.id), Some(l.inviter)),
            None => (None, None),
        };
    }

    /// Why the game ended, when that is known: by the rules (82 korgools, no move left), or
    /// by the players (resignation, time, agreement, repetition) as played here or as an
    /// imported record states it. `None` for a game not over, and for an imported one whose
    /// record gives a result the rules did not, and no reason: better nothing than a guess.
    pub fn end_reason(&self) -> Option<EndReason> {
        let reason = self.game.result()?.reason;
        let guessed = self.imported
            && !self.end_stated
            && matches!(reason, EndReason::Resignation | EndReason::AgreedDraw);
        (!guessed).then_some(reason)
    }

    /// Its line in the index.
    pub fn summary(&self) -> Summary {
        let end = self.game.result();
        Summary {
            id: self.id.clone(),
            created: self.created,
            updated: self.updated,
            players: self.players.clone(),
            mode: self.mode,
            result: end.map(|e| e.result),
            reason: self.end_reason(),
            kazans: end.map_or(self.game.position().kazans(), |e| e.kazans),
            moves: self.game.ply(),
            first: self.game.start().turn(),
            imported: self.imported,
            opening: None,
        }
    }

    /// Its line in the index with its opening, for what the library itself writes (imports,
    /// renames, undone deletes). The play screen's saves leave the opening out, so that the
    /// first download need not write moves; [`crate::Library::index_with_openings`] adds it.
    pub fn summary_with_opening(&self) -> Summary {
        Summary {
            opening: Some(self.opening()),
            ..self.summary()
        }
    }

    /// The first [`OPENING_PLIES`] moves as written (`"76(10) 87(2) 99"`), what the library
    /// searches when a player looks for an opening.
    pub fn opening(&self) -> String {
        self.game.moves()[..self.game.ply()]
            .iter()
            .take(OPENING_PLIES)
            .map(|m| NotatedMove::of(&m.outcome).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Schema for GameEntry {
    const KIND: &'static str = "game";
    /// Version 2 added games with a friend by link (`Mode::Link` and the `link` field);
    /// version 3 names the computer's level by its number, 1 to 8; version 4 numbers the
    /// levels of the ladder re-spaced after version 3; version 5 packs the game
    /// (`packed.rs`): versions 1 to 4 are [`WideEntry`].
    const VERSION: u32 = 5;
    /// Version 0: the bare `{"game":…,"mode":…}` the app kept in `sessionStorage` across an
    /// update's reload before the library existed.
    const BARE: bool = true;

    fn upgrade(from: u32, data: Value) -> Result<Value, String> {
        match from {
            // The fields of version 0 are a subset of version 1's, with the same meaning.
            0 if data.get("game").is_some() => Ok(data),
            0 => Err("no game".into()),
            // Version 2 only added a mode and a field that version 1 never had.
            1 => Ok(data),
            2 => Ok(number_the_level(data, "mode")),
            3 => Ok(renumber_the_level(data, "mode")),
            4 => {
                let wide: WideEntry = serde_json::from_value(data).map_err(|e| e.to_string())?;
                serde_json::to_value(GameEntry::from(wide)).map_err(|e| e.to_string())
            }
            _ => Err(format!("no migration from version {from}")),
        }
    }
}

/// An entry's record tags that say something, sorted: "?" and an unknown date are no tag.
fn known_tags(e: &GameEntry) -> Vec<(&str, &str)> {
    let mut tags: Vec<(&str, &str)> = e
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .filter(|(_, v)| !matches!(*v, "?" | "????.??.??" | ""))
        .collect();
    tags.sort_unstable();
    tags
}

/// `data` with the level of its mode (under `key`) as a number: the four named levels of
/// versions before the eight (`"easy"`, ..., `"expert"`) become the nearest numbered level of
/// version 3's ladder (1, 6, 7 and 8), which the next step renumbers.
/// A version bump rather than only a lenient reader, so that an older app still open in
/// another tab refuses the new form with "written by a newer version" instead of calling it
/// damaged.
fn number_the_level(mut data: Value, key: &str) -> Value {
    const NAMED: [(&str, u8); 4] = [("easy", 1), ("medium", 6), ("hard", 7), ("expert", 8)];
    if let Some(level) = mode_level(&mut data, key) {
        let named = level
            .as_str()
            .and_then(|s| NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(s)));
        if let Some(&(_, n)) = named {
            *level = Value::from(n);
        }
    }
    data
}

/// `data` with the level of its mode (under `key`) renumbered from version 3's ladder to
/// today's: each former level becomes the level that plays most like it (measured by matches,
/// `docs/ratings.md`), so a game resumed after the update meets about the same opponent.
fn renumber_the_level(mut data: Value, key: &str) -> Value {
    const NEAREST: [u8; 8] = [1, 2, 2, 3, 3, 4, 5, 8];
    if let Some(level) = mode_level(&mut data, key) {
        let nearest = level
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .and_then(|n| NEAREST.get(n.checked_sub(1)?));
        if let Some(&n) = nearest {
            *level = Value::from(n);
        }
    }
    data
}

/// The `level` of the mode under `key`, whatever the mode's variant.
fn mode_level<'a>(data: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    data.get_mut(key)
        .and_then(Value::as_object_mut)
        .and_then(|m| m.values_mut().next())
        .and_then(|m| m.get_mut("level"))
}

fn white() -> Side {
    Side::White
}

fn is_white(side: &Side) -> bool {
    *side == Side::White
}

/// A game's line in the library's index.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The game's id.
    pub id: String,
    /// Created, in milliseconds since 1970.
    pub created: u64,
    /// Last changed, in milliseconds since 1970.
    pub updated: u64,
    /// The players' names.
    pub players: Players,
    /// Who plays which side.
    pub mode: Mode,
    /// The result, when the game is over at its cursor.
    pub result: Option<GameResult>,
    /// Why it ended, when that is known ([`GameEntry::end_reason`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<EndReason>,
    /// The kazans (at the end, after any collection).
    pub kazans: BySide<u8>,
    /// Moves played (up to the cursor).
    pub moves: usize,
    /// The side that made the first of them (Black for a game set up with Black to move).
    #[serde(default = "white", skip_serializing_if = "is_white")]
    pub first: Side,
    /// True for a game read from a record.
    #[serde(default)]
    pub imported: bool,
    /// Its first moves, [`GameEntry::opening`]; `None` when written by a save of the play
    /// screen or before it was kept (`Library::index_with_openings` fills it in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<String>,
}

impl Summary {
    /// True when the game is over.
    pub fn finished(&self) -> bool {
        self.result.is_some()
    }

    /// For a game with a friend by link not over yet: whether it is this player's turn (such
    /// a game starts from the usual position, White first, and turns alternate).
    pub fn my_turn(&self) -> Option<bool> {
        let turn = if self.moves.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        };
        match self.mode {
            Mode::Link { me } if !self.finished() => Some(turn == me),
            _ => None,
        }
    }
}

/// The library's index: every game's summary, and which tab last wrote each game. Stored
/// packed, each text once (its serde form is in `packed.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Index {
    /// The games, in no particular order.
    pub games: Vec<Summary>,
    /// For each game being played, the tab that plays it (a tab never overwrites a game
    /// another tab has taken over: it carries on under a new id).
    pub owners: Vec<(String, String)>,
}

/// The index as versions 1 to 3 stored it: a readable line a game.
#[derive(Deserialize)]
struct WideIndex {
    games: Vec<Summary>,
    #[serde(default)]
    owners: Vec<(String, String)>,
}

impl Index {
    /// The tab playing game `id`.
    pub fn owner(&self, id: &str) -> Option<&str> {
        self.owners
            .iter()
            .find(|(g, _)| g == id)
            .map(|(_, t)| t.as_str())
    }

    /// Records that `tab` plays game `id`.
    pub fn set_owner(&mut self, id: &str, tab: &str) {
        self.owners.retain(|(g, _)| g != id);
        self.owners.push((id.to_string(), tab.to_string()));
    }

    /// Puts `summary` in place of the line of the same id, or adds it.
    pub fn upsert(&mut self, summary: Summary) {
        match self.games.iter_mut().find(|s| s.id == summary.id) {
            Some(s) => *s = summary,
            None => self.games.push(summary),
        }
    }

    /// Removes game `id`; returns whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.games.len();
        self.games.retain(|s| s.id != id);
        self.owners.retain(|(g, _)| g != id);
        self.games.len() != before
    }

    /// The line of game `id`.
    pub fn get(&self, id: &str) -> Option<&Summary> {
        self.games.iter().find(|s| s.id == id)
    }

    /// The games, most recently changed first (games imported together: the latest played
    /// first).
    pub fn newest_first(&self) -> Vec<Summary> {
        let mut games = self.games.clone();
        games.sort_by(|a, b| {
            (b.updated, b.created)
                .cmp(&(a.updated, a.created))
                .then(b.id.cmp(&a.id))
        });
        games
    }
}

impl Schema for Index {
    const KIND: &'static str = "index";
    /// Version 2 names the computer's level in each line's mode by its number, 1 to 8;
    /// version 3 numbers the levels of the ladder re-spaced after version 2; version 4 packs
    /// the lines and keeps each text once (`packed.rs`).
    const VERSION: u32 = 4;

    fn upgrade(from: u32, mut data: Value) -> Result<Value, String> {
        let step: fn(Value, &str) -> Value = match from {
            1 => number_the_level,
            2 => renumber_the_level,
            3 => {
                let wide: WideIndex = serde_json::from_value(data).map_err(|e| e.to_string())?;
                let index = Index {
                    games: wide.games,
                    owners: wide.owners,
                };
                return serde_json::to_value(index).map_err(|e| e.to_string());
            }
            _ => return Err(format!("no migration from version {from}")),
        };
        if let Some(games) = data.get_mut("games").and_then(Value::as_array_mut) {
            for g in games.iter_mut() {
                *g = step(g.take(), "mode");
            }
        }
        Ok(data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::versioned::{decode, encode};
    use toguz_engine::House;

    /// A game as a version before the packing stored it (schema version `v`, readable).
    fn wide_text(e: &GameEntry, v: u32) -> String {
        let data = serde_json::to_string(&WideEntry::from(e.clone())).unwrap();
        format!(r#"{{"kind":"game","v":{v},"data":{data}}}"#)
    }

    /// An index as a version before the packing stored it.
    fn wide_index(index: &Index, v: u32) -> String {
        let data = serde_json::json!({ "games": index.games, "owners": index.owners });
        format!(r#"{{"kind":"index","v":{v},"data":{data}}}"#)
    }

    #[test]
    fn a_long_game_packs_into_few_units_and_reads_back_whole() {
        let mut game = Game::new();
        while game.moves().len() < 120 && game.result().is_none() {
            let legal = (1..=9).find(|&h| game.clone().play(House::new(h).unwrap()).is_ok());
            game.play(House::new(legal.unwrap()).unwrap()).unwrap();
        }
        game.go_to(100).unwrap();
        let mut e = GameEntry::new("g".into(), 1_764_000_000_000, Mode::TwoPlayers, game);
        e.updated = 1_764_000_360_000;
        e.players.black = "Айгүл \"🙂\"".into();
        e.tags = vec![
            ("Event".into(), "Club".into()),
            ("Odd tag".into(), "x".into()),
        ];
        e.evals = vec![None, Some(Score::from_eval(-35))];
        e.imported = true;
        let text = encode(&e);
        assert_eq!(decode::<GameEntry>(&text), Ok(e.clone()));
        let packed = text.encode_utf16().count();
        let wide = wide_text(&e, 4).encode_utf16().count();
        assert!(packed * 3 < wide, "{packed} units packed, {wide} readable");
        assert!(!text.chars().any(|c| (0xD800..0xE000).contains(&(c as u32))));
    }

    #[test]
    fn an_entry_round_trips_with_its_history() {
        let mut game = Game::new();
        for h in [7, 3, 5] {
            game.play(House::new(h).unwrap()).unwrap();
        }
        game.undo();
        let mut e = GameEntry::new(
            "g1".into(),
            5,
            Mode::Computer {
                human: Side::Black,
                level: Level::of(5),
            },
            game,
        );
        e.clock = Some(SavedClock {
            base_ms: 300_000,
            increment_ms: 3_000,
            white_ms: 1,
            black_ms: 2,
            running: Some(Side::Black),
            delay_ms: 1_500,
            counted: true,
        });
        e.flipped = true;
        let back: GameEntry = decode(&encode(&e)).unwrap();
        assert_eq!(back, e);
        assert_eq!(back.game.ply(), 2);
        assert_eq!(back.game.moves().len(), 3);
        assert_eq!(back.summary().moves, 2);
    }

    #[test]
    fn a_summary_knows_which_side_moved_first_and_an_old_line_reads_as_white() {
        let start: toguz_engine::Position = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- b"
            .parse()
            .unwrap();
        let mut game = Game::from_position(start, Default::default());
        game.play(House::new(7).unwrap()).unwrap();
        let s = GameEntry::new("g".into(), 5, Mode::TwoPlayers, game).summary();
        assert_eq!((s.first, s.moves), (Side::Black, 1));
        let line = serde_json::to_value(&s).unwrap();
        assert_eq!(line["first"], "Black");
        // A line written before the field: White moved first, and White's is not written.
        let mut old = line.clone();
        old.as_object_mut().unwrap().remove("first");
        let read: Summary = serde_json::from_value(old).unwrap();
        assert_eq!(read.first, Side::White);
        let white = GameEntry::new("w".into(), 5, Mode::TwoPlayers, Game::new()).summary();
        assert!(serde_json::to_value(&white).unwrap().get("first").is_none());
    }

    #[test]
    fn the_old_resume_form_migrates() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let old = serde_json::json!({ "game": game, "mode": "TwoPlayers" }).to_string();
        let e: GameEntry = decode(&old).unwrap();
        assert_eq!(e.game, game);
        assert_eq!(e.mode, Mode::TwoPlayers);
        assert!(e.id.is_empty());
    }

    #[test]
    fn a_version_1_entry_and_index_still_read() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let e = GameEntry::new("g".into(), 5, Mode::TwoPlayers, game);
        let v1 = wide_text(&e, 1);
        assert!(v1.contains("\"v\":1"), "{v1}");
        assert_eq!(decode::<GameEntry>(&v1), Ok(e.clone()));
    }

    #[test]
    fn a_game_and_an_index_that_name_a_former_level_read_as_the_nearest_numbered_one() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let e = GameEntry::new(
            "g".into(),
            5,
            Mode::Computer {
                human: Side::White,
                level: Level::TOP,
            },
            game,
        );
        for (name, n) in [("easy", 1), ("medium", 4), ("hard", 5), ("expert", 8)] {
            let v2 = wide_text(&e, 2).replace("\"level\":8", &format!("\"level\":\"{name}\""));
            assert!(v2.contains(name), "{v2}");
            let back = decode::<GameEntry>(&v2).unwrap();
            assert_eq!(back.mode.computer(Side::Black).map(Level::number), Some(n));
            let data: Value = serde_json::from_str::<Value>(&v2).unwrap()["data"].clone();
            let upgraded = GameEntry::upgrade(3, GameEntry::upgrade(2, data).unwrap()).unwrap();
            assert_eq!(upgraded["mode"]["Computer"]["level"], Value::from(n));
        }
        let mut index = Index::default();
        index.games.push(
            GameEntry::new(
                "w".into(),
                1,
                Mode::Watch { level: Level::TOP },
                Game::new(),
            )
            .summary(),
        );
        let v1 = wide_index(&index, 1).replace("\"level\":8", "\"level\":\"medium\"");
        let data: Value = serde_json::from_str::<Value>(&v1).unwrap()["data"].clone();
        let upgraded = Index::upgrade(1, data).unwrap();
        assert_eq!(
            upgraded["games"][0]["mode"]["Watch"]["level"],
            Value::from(6)
        );
        let back = decode::<Index>(&v1).unwrap();
        assert_eq!(
            back.games[0].mode,
            Mode::Watch {
                level: Level::of(4)
            }
        );
    }

    #[test]
    fn a_game_and_an_index_at_a_level_of_the_former_ladder_read_as_the_level_that_plays_like_it() {
        let mut index = Index::default();
        for (former, now) in [
            (1, 1),
            (2, 2),
            (3, 2),
            (4, 3),
            (5, 3),
            (6, 4),
            (7, 5),
            (8, 8),
        ] {
            let level = Level::new(former).unwrap();
            let e = GameEntry::new(
                "g".into(),
                5,
                Mode::Computer {
                    human: Side::Black,
                    level,
                },
                Game::new(),
            );
            index.games.push(e.summary());
            let v3 = wide_text(&e, 3);
            assert!(v3.contains("\"v\":3"), "{v3}");
            let back = decode::<GameEntry>(&v3).unwrap();
            assert_eq!(
                back.mode.computer(Side::White).map(Level::number),
                Some(now)
            );
            // Today's form is read as it is.
            assert_eq!(decode::<GameEntry>(&encode(&e)).unwrap().mode, e.mode);
        }
        let v2 = wide_index(&index, 2);
        let back = decode::<Index>(&v2).unwrap();
        let levels: Vec<u8> = back
            .games
            .iter()
            .filter_map(|g| g.mode.computer(Side::White).map(Level::number))
            .collect();
        assert_eq!(levels, [1, 2, 2, 3, 3, 4, 5, 8]);
    }

    #[test]
    fn a_game_by_link_keeps_its_id_and_says_whose_turn_it_is() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let mut e = GameEntry::new("g".into(), 5, Mode::Link { me: Side::White }, game);
        e.set_link(Some(LinkInfo {
            id: "AQIDBAUGBwg".into(),
            inviter: Side::White,
        }));
        let back: GameEntry = decode(&encode(&e)).unwrap();
        assert_eq!(back, e);
        assert_eq!(back.summary().my_turn(), Some(false));
        assert!(e.mode.is_human(Side::White) && !e.mode.is_human(Side::Black));
        assert_eq!(e.mode.computer(Side::Black), None);
        assert_eq!(e.mode.own_side(), Some(Side::White));
        assert_eq!(
            GameEntry::new("x".into(), 0, Mode::TwoPlayers, Game::new())
                .summary()
                .my_turn(),
            None
        );
    }

    #[test]
    fn an_illegal_move_in_a_readable_game_is_an_error() {
        let mut game = Game::new();
        game.play(House::new(7).unwrap()).unwrap();
        let e = GameEntry::new("x".into(), 0, Mode::TwoPlayers, game);
        let text = wide_text(&e, 4);
        let bad = text.replace("\"moves\":[7]", "\"moves\":[7,6]");
        assert_ne!(bad, text);
        assert!(matches!(
            decode::<GameEntry>(&bad),
            Err(crate::DecodeError::Migration { from: 4, .. })
        ));
    }
}
