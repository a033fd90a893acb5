//! The game library over a [`Backend`]: one key per game plus an index, so a write is small
//! and a half-written value loses at most that value; corrupt values are moved to a backup
//! key (raw text kept) and reported; two tabs never overwrite each other's game.
//!
//! Keys: `toguz.index` ([`Index`]), `toguz.game.<id>` ([`GameEntry`]), `toguz.settings`
//! (the app's settings), `toguz.backup.<key>` (raw text of a value that did not read).

use core::cell::{Cell, RefCell};
use core::fmt;

use std::collections::{HashMap, HashSet};

use crate::backend::{Backend, Fault};
use crate::entry::{GameEntry, Index, Mode, Players, Summary};
use crate::versioned::{decode, encode, encode_as, is_current, is_older, DecodeError, Schema};

/// Every key of the app starts so.
pub const PREFIX: &str = "toguz.";
/// The index of the library.
pub const INDEX_KEY: &str = "toguz.index";
/// A game's key is this and its id.
pub const GAME_PREFIX: &str = "toguz.game.";
/// A backup's key is this and the key of the value that did not read.
pub const BACKUP_PREFIX: &str = "toguz.backup.";
/// The settings.
pub const SETTINGS_KEY: &str = "toguz.settings";
/// Where settings were kept before values had versions.
pub const LEGACY_SETTINGS_KEY: &str = "toguz-settings";
/// How many tabs' claims the index remembers.
const MAX_OWNERS: usize = 32;

/// What [`Library::add_new`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The ids of the games added.
    pub ids: Vec<String>,
    /// How many games were already in the library (or twice in the text), and not added.
    pub skipped: usize,
}

/// The key of game `id`.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// Where reviews are kept: `toguz.review.<id>` (`crate::review`).
pub const REVIEW_PREFIX: &str = "toguz.review.";

/// The key of the review of game `id`.
pub fn review_key(id: &str) -> String {
    format!("{REVIEW_PREFIX}{id}")
}

/// The stored text of a game in the library: packed, without the id its key already holds.
pub fn game_text(entry: &GameEntry) -> String {
    let mut strings = crate::packed::entry_strings(entry);
    if let Some(id) = strings.get_mut(1) {
        id.clear();
    }
    encode_as::<GameEntry, _>(&strings)
}

/// What [`Library::upgrade_stored`] rewrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    /// Games rewritten in the current form.
    pub games: usize,
    /// Whether the index was.
    pub index: bool,
}

/// A stored value that did not read: where it was, why, and where its raw text is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The key of the value.
    pub key: String,
    /// Why it did not read.
    pub error: DecodeError,
    /// The key its raw text was copied to; `None` if the copy failed (then the value stays).
    pub backup: Option<String>,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.error)?;
        if let Some(b) = &self.backup {
            write!(f, " (kept as {b})")?;
        }
        Ok(())
    }
}

/// Reading a value failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The storage refused.
    Fault(Fault),
    /// The value did not read (its raw text was backed up).
    Corrupt(Problem),
}

impl From<Fault> for ReadError {
    fn from(f: Fault) -> Self {
        ReadError::Fault(f)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Fault(e) => e.fmt(f),
            ReadError::Corrupt(p) => p.fmt(f),
        }
    }
}

/// What a save did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Saved under the entry's id.
    Same,
    /// Another tab had taken the game over: saved under this new id instead.
    Forked {
        /// The id of the game the other tab plays.
        from: String,
    },
}

/// The library of one tab.
pub struct Library<B> {
    backend: B,
    tab: String,
    counter: Cell<u32>,
    /// Every value that did not read since the last [`Library::take_problems`].
    found: RefCell<Vec<Problem>>,
    /// The index this library last wrote or read, with its stored text: while the stored
    /// text is the same, a save takes it without decoding (a newcomer's saves go without the
    /// decoders: [`Backend::decode_current`]).
    last_index: RefCell<Option<(String, Index)>>,
}

impl<B: Backend> Library<B> {
    /// The library over `backend` for the tab named `tab` (a random token per tab).
    pub fn new(backend: B, tab: impl Into<String>) -> Library<B> {
        Library {
            backend,
            tab: tab.into(),
            counter: Cell::new(0),
            found: RefCell::new(Vec::new()),
            last_index: RefCell::new(None),
        }
    }

    /// The storage.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// This tab's name.
    pub fn tab(&self) -> &str {
        &self.tab
    }

    /// A new game id, unique to this tab and moment.
    pub fn new_id(&self, now: u64) -> String {
        let n = self.counter.get().wrapping_add(1);
        self.counter.set(n);
        format!("{}{}{}", base36(now), self.tab, base36(u64::from(n)))
    }

    /// Reads the value of `key`: of any version this build knows, an older one upgraded
    /// ([`decode`]), or, over a backend whose [`Backend::READS_OLDER`] is false, of the current
    /// version only ([`decode_current`]). A value that does not read is copied raw to a backup
    /// key, removed, and reported.
    pub fn read<T: Schema>(&self, key: &str) -> Result<Option<T>, ReadError> {
        if B::READS_OLDER {
            return self.read_any(key);
        }
        let Some(text) = self.backend.get(key)? else {
            return Ok(None);
        };
        match self.backend.decode_current::<T>(&text)? {
            Ok(v) => Ok(Some(v)),
            Err(error) => Err(ReadError::Corrupt(self.quarantine(key, &text, error))),
        }
    }

    /// Reads the index as [`Library::read`] does; the one this library last wrote or read
    /// when the stored text is still its text.
    fn read_index(&self) -> Result<Option<Index>, ReadError> {
        let Some(text) = self.backend.get(INDEX_KEY)? else {
            return Ok(None);
        };
        if let Some((last, index)) = self.last_index.borrow().as_ref() {
            if *last == text {
                return Ok(Some(index.clone()));
            }
        }
        let index = self.read::<Index>(INDEX_KEY)?;
        if let Some(index) = &index {
            *self.last_index.borrow_mut() = Some((text, index.clone()));
        }
        Ok(index)
    }

    /// Writes the index, kept for [`Library::read_index`].
    fn write_index(&self, index: &Index) -> Result<(), Fault> {
        let text = encode(index);
        self.backend.set(INDEX_KEY, &text)?;
        *self.last_index.borrow_mut() = Some((text, index.clone()));
        Ok(())
    }

    /// Reads the value of `key` in any version this build knows, an older one upgraded
    /// ([`decode`]), whatever the backend; as [`Library::read`] otherwise.
    pub fn read_any<T: Schema>(&self, key: &str) -> Result<Option<T>, ReadError> {
        let Some(text) = self.backend.get(key)? else {
            return Ok(None);
        };
        match decode::<T>(&text) {
            Ok(v) => Ok(Some(v)),
            Err(error) => Err(ReadError::Corrupt(self.quarantine(key, &text, error))),
        }
    }

    /// Writes `value` at `key`.
    pub fn write<T: Schema>(&self, key: &str, value: &T) -> Result<(), Fault> {
        self.backend.set(key, &encode(value))
    }

    /// Writes game `entry` under its id's key.
    fn write_game(&self, entry: &GameEntry) -> Result<(), Fault> {
        self.backend.set(&game_key(&entry.id), &game_text(entry))
    }

    /// Rewrites every stored game and the index written by an older version in the current
    /// (packed) form, one value at a time: each write is smaller than the value it replaces, so
    /// a full storage does not stop it, and a value that fails to write stays as it was,
    /// readable. A value that does not read is backed up and reported as by [`Library::read`].
    /// The index is rewritten last: an index in the current form says the games were done,
    /// and the next start reads nothing else.
    pub fn upgrade_stored(&self) -> Result<Upgraded, Fault> {
        let mut done = Upgraded::default();
        let index_text = self.backend.get(INDEX_KEY)?;
        if index_text.as_deref().is_some_and(is_current::<Index>) {
            return Ok(done);
        }
        let keys = self.backend.keys()?;
        for key in keys.iter().filter(|k| k.starts_with(GAME_PREFIX)) {
            let Some(text) = self.backend.get(key)? else {
                continue;
            };
            if is_current::<GameEntry>(&text) {
                continue;
            }
            if let Ok(Some(mut e)) = self.read_any::<GameEntry>(key) {
                e.id = key[GAME_PREFIX.len()..].to_string();
                if self.write_game(&e).is_ok() {
                    done.games += 1;
                }
            }
        }
        if index_text.is_some() || done.games > 0 {
            // An older index is upgraded first (the games' owners are kept with it), then
            // checked against the games as every listing does.
            if let Ok(Some(older)) = self.read_any::<Index>(INDEX_KEY) {
                let _ = self.write(INDEX_KEY, &older);
            }
            let (index, _) = self.index()?;
            done.index = self.write_index(&index).is_ok();
        }
        Ok(done)
    }

    /// Copies the raw text to a backup key and removes the value.
    fn quarantine(&self, key: &str, text: &str, error: DecodeError) -> Problem {
        let mut backup = format!("{BACKUP_PREFIX}{key}");
        let mut n = 1;
        while let Ok(Some(old)) = self.backend.get(&backup) {
            if old == text {
                break;
            }
            n += 1;
            backup = format!("{BACKUP_PREFIX}{key}.{n}");
        }
        let backup = match self.backend.set(&backup, text) {
            Ok(()) => {
                let _ = self.backend.remove(key);
                Some(backup)
            }
            Err(_) => None,
        };
        let problem = Problem {
            key: key.to_string(),
            error,
            backup,
        };
        self.found.borrow_mut().push(problem.clone());
        problem
    }

    /// Every value found not to read (and backed up) since the last call, whatever read it.
    pub fn take_problems(&self) -> Vec<Problem> {
        self.found.borrow_mut().drain(..).collect()
    }

    /// Every backup: its key and the raw text.
    pub fn backups(&self) -> Vec<(String, String)> {
        let keys = self.backend.keys().unwrap_or_default();
        keys.into_iter()
            .filter(|k| k.starts_with(BACKUP_PREFIX))
            .filter_map(|k| {
                let v = self.backend.get(&k).ok().flatten()?;
                Some((k, v))
            })
            .collect()
    }

    /// Reads settings of type `T` from [`SETTINGS_KEY`], or from [`LEGACY_SETTINGS_KEY`]
    /// (moved to the new key).
    pub fn settings<T: Schema>(&self) -> Result<Option<T>, ReadError> {
        if let Some(s) = self.read::<T>(SETTINGS_KEY)? {
            return Ok(Some(s));
        }
        let Some(old) = self.read::<T>(LEGACY_SETTINGS_KEY)? else {
            return Ok(None);
        };
        if self.write(SETTINGS_KEY, &old).is_ok() {
            let _ = self.backend.remove(LEGACY_SETTINGS_KEY);
        }
        Ok(Some(old))
    }

    /// Rewrites the value of `key` in the current form when it is of an older version, or,
    /// when `key` holds none, moves there the value an older version kept under `legacy`
    /// (read as its version 0). A value of today's or a newer version, or one that does not
    /// read, is left for [`Library::read`] to report. True when it wrote.
    pub fn upgrade_value<T: Schema>(&self, key: &str, legacy: Option<&str>) -> Result<bool, Fault> {
        let from = match self.backend.get(key)? {
            Some(text) if !is_older::<T>(&text) => return Ok(false),
            Some(_) => key,
            None => match legacy {
                Some(legacy) => legacy,
                None => return Ok(false),
            },
        };
        match self.read_any::<T>(from) {
            Ok(Some(value)) => {
                self.write(key, &value)?;
                if from != key {
                    let _ = self.backend.remove(from);
                }
                Ok(true)
            }
            Ok(None) | Err(ReadError::Corrupt(_)) => Ok(false),
            Err(ReadError::Fault(f)) => Err(f),
        }
    }

    /// The index, repaired against the game keys: a game key missing from the index (its
    /// index write was lost) is added, a line without its game is dropped, a corrupt index is
    /// backed up and rebuilt from the games. Problems found are returned with it.
    pub fn index(&self) -> Result<(Index, Vec<Problem>), Fault> {
        let mut problems = Vec::new();
        let mut index = match self.read_index() {
            Ok(i) => i.unwrap_or_default(),
            Err(ReadError::Fault(f)) => return Err(f),
            Err(ReadError::Corrupt(p)) => {
                problems.push(p);
                Index::default()
            }
        };
        let ids: HashSet<String> = self
            .backend
            .keys()?
            .into_iter()
            .filter_map(|k| k.strip_prefix(GAME_PREFIX).map(str::to_string))
            .collect();
        let mut changed = false;
        let before = index.games.len();
        index.games.retain(|s| ids.contains(&s.id));
        changed |= index.games.len() != before;
        let listed: HashSet<String> = index.games.iter().map(|s| s.id.clone()).collect();
        for id in &ids {
            if listed.contains(id) {
                continue;
            }
            match self.read::<GameEntry>(&game_key(id)) {
                Ok(Some(mut e)) => {
                    e.id.clone_from(id);
                    index.upsert(e.summary());
                    changed = true;
                }
                Ok(None) => {}
                Err(ReadError::Fault(f)) => return Err(f),
                Err(ReadError::Corrupt(p)) => problems.push(p),
            }
        }
        if changed || !problems.is_empty() {
            let _ = self.write_index(&index);
        }
        Ok((index, problems))
    }

    /// The index to change and write back at once (a save after each move): read as stored,
    /// without the check against every key that listing makes ([`Library::index`], which
    /// finds games whose line was lost and drops lines without a game). No index, or one that
    /// does not read, is rebuilt as there.
    fn index_to_change(&self) -> Result<Index, Fault> {
        match self.read_index() {
            Ok(Some(index)) => Ok(index),
            Err(ReadError::Fault(f)) => Err(f),
            Ok(None) | Err(ReadError::Corrupt(_)) => Ok(self.index()?.0),
        }
    }

    /// [`Library::index`] with every game's opening, for the library's search: a line written
    /// without one (by the play screen, or before openings were kept) gets it from its game,
    /// and the index is written back, so each game is read once.
    pub fn index_with_openings(&self) -> Result<(Index, Vec<Problem>), Fault> {
        let (mut index, mut problems) = self.index()?;
        let mut changed = false;
        // A game that does not read is backed up by `read` and its line dropped.
        let mut unread = Vec::new();
        for line in index.games.iter_mut().filter(|s| s.opening.is_none()) {
            match self.read::<GameEntry>(&game_key(&line.id)) {
                Ok(Some(e)) => line.opening = Some(e.opening()),
                Ok(None) => {}
                Err(ReadError::Fault(f)) => return Err(f),
                Err(ReadError::Corrupt(p)) => {
                    problems.push(p);
                    unread.push(line.id.clone());
                }
            }
            changed = true;
        }
        index.games.retain(|s| !unread.contains(&s.id));
        if changed {
            let _ = self.write_index(&index);
        }
        Ok((index, problems))
    }

    /// Reads game `id`. A game that does not read is backed up, removed from the index and
    /// reported.
    pub fn game(&self, id: &str) -> Result<Option<GameEntry>, ReadError> {
        match self.read::<GameEntry>(&game_key(id)) {
            Ok(e) => Ok(e.map(|mut e| {
                e.id = id.to_string();
                e
            })),
            Err(ReadError::Corrupt(p)) => {
                if let Ok((mut index, _)) = self.index() {
                    if index.remove(id) {
                        let _ = self.write_index(&index);
                    }
                }
                Err(ReadError::Corrupt(p))
            }
            Err(e) => Err(e),
        }
    }

    /// The game with a friend by link of id `link` (`crate::link`), if this library has it: the
    /// most recently changed, should two tabs have forked it.
    pub fn link_game(&self, link: &str) -> Result<Option<GameEntry>, ReadError> {
        let (index, _) = self.index()?;
        for s in index.newest_first() {
            if !matches!(s.mode, Mode::Link { .. }) {
                continue;
            }
            // A copy that does not read is backed up and reported by `game`; the link is then
            // taken as for a game not stored.
            if let Ok(Some(e)) = self.game(&s.id) {
                if e.link_id.as_deref() == Some(link) {
                    return Ok(Some(e));
                }
            }
        }
        Ok(None)
    }

    /// Saves the game this tab plays, at time `now`. If another tab has taken the game over
    /// since, it is saved under a new id (set in `entry`) and both games are kept.
    pub fn save(&self, entry: &mut GameEntry, now: u64) -> Result<Saved, Fault> {
        let mut index = self.index_to_change()?;
        let mut saved = Saved::Same;
        if entry.id.is_empty() {
            entry.id = self.new_id(now);
        } else if index.owner(&entry.id).is_some_and(|t| t != self.tab) {
            saved = Saved::Forked {
                from: entry.id.clone(),
            };
            entry.id = self.new_id(now);
            entry.created = now;
        }
        entry.updated = now;
        self.write_game(entry)?;
        index.upsert(entry.summary());
        self.own(&mut index, &entry.id);
        self.write_index(&index)?;
        Ok(saved)
    }

    /// This tab takes over game `id` (resumed from the library): another tab playing it
    /// carries on under a new id at its next save.
    pub fn claim(&self, id: &str) -> Result<(), Fault> {
        let mut index = self.index_to_change()?;
        self.own(&mut index, id);
        self.write_index(&index)
    }

    fn own(&self, index: &mut Index, id: &str) {
        // A tab plays one game at a time.
        index.owners.retain(|(_, t)| *t != self.tab);
        index.set_owner(id, &self.tab);
        let excess = index.owners.len().saturating_sub(MAX_OWNERS);
        index.owners.drain(..excess);
    }

    /// Deletes game `id`, giving it back (to put back with [`Library::restore`] on undo).
    pub fn delete(&self, id: &str) -> Result<Option<GameEntry>, ReadError> {
        let entry = self.game(id).unwrap_or(None);
        let (mut index, _) = self.index()?;
        index.remove(id);
        self.backend.remove(&game_key(id))?;
        // Its review goes with it (done again if the game is put back).
        self.backend.remove(&review_key(id))?;
        self.write_index(&index)?;
        Ok(entry)
    }

    /// Puts back a deleted game as it was.
    pub fn restore(&self, entry: &GameEntry) -> Result<(), Fault> {
        let (mut index, _) = self.index()?;
        self.write_game(entry)?;
        index.upsert(entry.summary_with_opening());
        self.write_index(&index)
    }

    /// Renames the players of game `id`.
    pub fn rename(&self, id: &str, players: Players) -> Result<Option<GameEntry>, ReadError> {
        let Some(mut entry) = self.game(id)? else {
            return Ok(None);
        };
        entry.players = players;
        let (mut index, _) = self.index()?;
        self.write_game(&entry)?;
        index.upsert(entry.summary_with_opening());
        self.write_index(&index)?;
        Ok(Some(entry))
    }

    /// Adds games (read from records), all or none: on a storage failure the games already
    /// written are removed again. Each gets a new id; the ids are returned.
    pub fn add_all(&self, entries: &mut [GameEntry], now: u64) -> Result<Vec<String>, Fault> {
        let (mut index, _) = self.index()?;
        let mut written: Vec<String> = Vec::new();
        let rollback = |written: &[String]| {
            for id in written {
                let _ = self.backend.remove(&game_key(id));
            }
        };
        for e in entries.iter_mut() {
            e.id = self.new_id(now);
            if e.created == 0 {
                e.created = now;
            }
            e.updated = now;
            if let Err(f) = self.write_game(e) {
                rollback(&written);
                return Err(f);
            }
            written.push(e.id.clone());
            index.upsert(e.summary_with_opening());
        }
        if let Err(f) = self.write_index(&index) {
            rollback(&written);
            return Err(f);
        }
        Ok(written)
    }

    /// Adds the entries that are not in the library yet (see [`GameEntry::same_game`]), nor
    /// earlier in `entries`, all or none: the ids given and how many were skipped as already
    /// there.
    pub fn add_new(&self, entries: Vec<GameEntry>, now: u64) -> Result<Added, Fault> {
        let (index, _) = self.index()?;
        // Lines that may hold the same game, by moves, players and result, and by the first
        // moves where the line has them: only those games are read (decoding one replays it,
        // and a library of 10,000 games with the same few players had dozens a game).
        let mut alike: HashMap<_, Vec<&Summary>> = HashMap::new();
        for s in &index.games {
            alike
                .entry((s.moves, &s.players, s.result))
                .or_default()
                .push(s);
        }
        let mut fresh: Vec<GameEntry> = Vec::new();
        let mut skipped = 0;
        for e in entries {
            let result = e.game.result().map(|end| end.result);
            let opening = e.opening();
            let stored = || {
                alike
                    .get(&(e.game.ply(), &e.players, result))
                    .into_iter()
                    .flatten()
                    .filter(|s| s.opening.as_deref().is_none_or(|o| o == opening))
                    .any(|s| matches!(self.game(&s.id), Ok(Some(g)) if g.same_game(&e)))
            };
            if fresh.iter().any(|f| f.same_game(&e)) || stored() {
                skipped += 1;
            } else {
                fresh.push(e);
            }
        }
        let ids = self.add_all(&mut fresh, now)?;
        Ok(Added { ids, skipped })
    }

    /// Every finished game's start, moves and result, for the explorer's "My games": the
    /// finished games are found in the index and only their moves unpacked, none replayed
    /// (a game that does not read is left out; [`Library::all_games`] reports it).
    pub fn finished_lines(
        &self,
    ) -> Result<Vec<(crate::packed::PlayedLine, toguz_engine::GameResult)>, Fault> {
        let (index, _) = self.index()?;
        self.finished_lines_of(&index.games)
    }

    /// [`Library::finished_lines`] of the games of `lines`, an index already read (the app
    /// holds its own: reading the index again was a tenth of a second at 10,000 games).
    pub fn finished_lines_of(
        &self,
        lines: &[Summary],
    ) -> Result<Vec<(crate::packed::PlayedLine, toguz_engine::GameResult)>, Fault> {
        let mut out = Vec::new();
        for s in lines {
            let Some(result) = s.result else { continue };
            let Some(text) = self.backend.get(&game_key(&s.id))? else {
                continue;
            };
            let line = if is_current::<GameEntry>(&text) {
                packed_bits(&text).and_then(|bits| crate::packed::line_of_bits(bits).ok())
            } else {
                decode::<GameEntry>(&text)
                    .ok()
                    .map(|e| crate::packed::PlayedLine {
                        start: e.game.start().into(),
                        moves: e.game.moves()[..e.game.ply()]
                            .iter()
                            .map(|m| m.house)
                            .collect(),
                    })
            };
            out.extend(line.map(|l| (l, result)));
        }
        Ok(out)
    }

    /// Every game of the library that reads, newest first (for export).
    pub fn all_games(&self) -> Result<(Vec<GameEntry>, Vec<Problem>), Fault> {
        let (index, mut problems) = self.index()?;
        let mut games = Vec::new();
        for s in index.newest_first() {
            match self.game(&s.id) {
                Ok(Some(e)) => games.push(e),
                Ok(None) => {}
                Err(ReadError::Fault(f)) => return Err(f),
                Err(ReadError::Corrupt(p)) => problems.push(p),
            }
        }
        Ok((games, problems))
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The packed bits of a stored game of the current version: its first string, found without
/// parsing the rest (the library's every game is read for the explorer's "My games"). Packed
/// characters are never escaped in JSON, so the string ends at the first quote.
fn packed_bits(text: &str) -> Option<&str> {
    let data = text.split_once(",\"data\":[\"")?.1;
    let bits = data.split_once('"')?.0;
    crate::pack::is_packed(bits).then_some(bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Memory;
    use toguz_engine::game::Game;
    use toguz_engine::House;

    fn game(moves: &[u8]) -> Game {
        let mut g = Game::new();
        for &h in moves {
            g.play(House::new(h).unwrap()).unwrap();
        }
        g
    }

    fn entry(moves: &[u8]) -> GameEntry {
        GameEntry::new(String::new(), 0, Mode::TwoPlayers, game(moves))
    }

    /// Memory whose decoding is counted, and refused while `can` is false.
    struct Counting {
        mem: Memory,
        decoded: Cell<usize>,
        can: Cell<bool>,
    }

    impl Counting {
        /// Empty, its decoders not there yet.
        fn without_decoders() -> Self {
            Counting {
                mem: Memory::new(),
                decoded: Cell::new(0),
                can: Cell::new(false),
            }
        }
    }

    impl Backend for Counting {
        const READS_OLDER: bool = false;
        fn get(&self, key: &str) -> Result<Option<String>, Fault> {
            self.mem.get(key)
        }
        fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
            self.mem.set(key, value)
        }
        fn remove(&self, key: &str) -> Result<(), Fault> {
            self.mem.remove(key)
        }
        fn keys(&self) -> Result<Vec<String>, Fault> {
            self.mem.keys()
        }
        fn decode_current<T: Schema>(&self, text: &str) -> Result<Result<T, DecodeError>, Fault> {
            if !self.can.get() {
                return Err(Fault::Unavailable("no decoders".into()));
            }
            self.decoded.set(self.decoded.get() + 1);
            Ok(crate::versioned::decode_current(text))
        }
    }

    #[test]
    fn a_newcomers_saves_take_the_index_it_wrote_without_decoding_it() {
        let backend = Counting::without_decoders();
        let lib = Library::new(&backend, "t1");
        let mut e = entry(&[1]);
        lib.save(&mut e, 1).unwrap();
        let mut f = entry(&[2]);
        lib.save(&mut f, 2).unwrap();
        e.game = game(&[1, 2]);
        lib.save(&mut e, 3).unwrap();
        assert_eq!(backend.decoded.get(), 0);
        backend.can.set(true);
        let (index, _) = lib.index().unwrap();
        assert_eq!(index.games.len(), 2);
        assert_eq!(backend.decoded.get(), 0);
    }

    #[test]
    fn an_index_another_tab_wrote_is_decoded_and_one_that_cannot_be_is_left_as_it_is() {
        let backend = Counting::without_decoders();
        let mine = Library::new(&backend, "t1");
        let other = Library::new(&backend, "t2");
        let mut e = entry(&[1]);
        mine.save(&mut e, 1).unwrap();
        let mut f = entry(&[2]);
        other.save(&mut f, 2).unwrap_err();
        let text = backend.get(INDEX_KEY).unwrap();
        assert!(backend
            .keys()
            .unwrap()
            .iter()
            .all(|k| !k.starts_with(BACKUP_PREFIX)));
        backend.can.set(true);
        other.save(&mut f, 2).unwrap();
        assert_eq!(backend.decoded.get(), 1);
        mine.save(&mut e, 3).unwrap();
        assert_eq!(backend.decoded.get(), 2);
        assert_ne!(backend.get(INDEX_KEY).unwrap(), text);
        assert_eq!(mine.index().unwrap().0.games.len(), 2);
    }

    #[test]
    fn a_game_by_link_is_found_by_its_link_id_and_two_never_mix() {
        use crate::link::LinkInfo;
        use toguz_engine::Side;
        let lib = Library::new(Memory::new(), "t1");
        let by_link = |moves: &[u8], id: &str| {
            let mut e = entry(moves);
            e.mode = Mode::Link { me: Side::White };
            e.set_link(Some(LinkInfo {
                id: id.into(),
                inviter: Side::White,
            }));
            e
        };
        let (mut a, mut b) = (
            by_link(&[7], "AAAAAAAAAAA"),
            by_link(&[7, 3, 5], "BBBBBBBBBBB"),
        );
        lib.save(&mut a, 1).unwrap();
        lib.save(&mut b, 2).unwrap();
        let found = lib.link_game("AAAAAAAAAAA").unwrap().unwrap();
        assert_eq!(found.game.ply(), 1);
        assert_eq!(lib.link_game("BBBBBBBBBBB").unwrap().unwrap().game.ply(), 3);
        assert_eq!(lib.link_game("CCCCCCCCCCC").unwrap(), None);
        let (index, _) = lib.index().unwrap();
        let turns: Vec<_> = index.newest_first().iter().map(|s| s.my_turn()).collect();
        assert_eq!(turns, [Some(false), Some(false)]);
    }

    #[test]
    fn save_load_list_delete_restore() {
        let lib = Library::new(Memory::new(), "t1");
        let mut e = entry(&[7, 3]);
        assert_eq!(lib.save(&mut e, 100), Ok(Saved::Same));
        assert!(!e.id.is_empty());
        let (index, problems) = lib.index().unwrap();
        assert!(problems.is_empty());
        assert_eq!(index.games.len(), 1);
        assert_eq!(index.games[0].moves, 2);
        assert_eq!(index.owner(&e.id), Some("t1"));
        assert_eq!(lib.game(&e.id).unwrap().unwrap(), e);
        let gone = lib.delete(&e.id).unwrap().unwrap();
        assert!(lib.index().unwrap().0.games.is_empty());
        lib.restore(&gone).unwrap();
        assert_eq!(lib.game(&e.id).unwrap().unwrap(), e);
        let renamed = lib
            .rename(
                &e.id,
                Players {
                    white: "Ana".into(),
                    black: "<b>Bek</b>".into(),
                },
            )
            .unwrap()
            .unwrap();
        assert_eq!(renamed.players.black, "<b>Bek</b>");
        assert_eq!(lib.index().unwrap().0.games[0].players.white, "Ana");
    }

    #[test]
    fn a_corrupt_game_is_backed_up_and_the_rest_kept() {
        let mem = Memory::new();
        let lib = Library::new(&mem, "t1");
        let mut a = entry(&[7]);
        let mut b = entry(&[5]);
        lib.save(&mut a, 1).unwrap();
        lib.save(&mut b, 2).unwrap();
        let key = game_key(&a.id);
        let half = mem.get(&key).unwrap().unwrap()[..40].to_string();
        mem.set(&key, &half).unwrap();
        let err = lib.game(&a.id).unwrap_err();
        let ReadError::Corrupt(p) = err else {
            panic!("not corrupt: {err:?}")
        };
        assert_eq!(p.error, DecodeError::Truncated);
        let backup = p.backup.unwrap();
        assert_eq!(mem.get(&backup).unwrap().unwrap(), half);
        let (index, _) = lib.index().unwrap();
        assert_eq!(index.games.len(), 1);
        assert_eq!(index.games[0].id, b.id);
        assert_eq!(lib.backups(), vec![(backup, half)]);
        assert_eq!(lib.take_problems().len(), 1);
        assert!(lib.take_problems().is_empty());
    }

    #[test]
    fn a_corrupt_index_is_rebuilt_from_the_games() {
        let mem = Memory::new();
        let lib = Library::new(&mem, "t1");
        let mut a = entry(&[7]);
        lib.save(&mut a, 1).unwrap();
        mem.set(INDEX_KEY, "{\"kind\":\"index\",\"v\":1,\"da")
            .unwrap();
        let (index, problems) = lib.index().unwrap();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].key, INDEX_KEY);
        assert_eq!(index.games.len(), 1);
        assert_eq!(index.games[0].id, a.id);
        // A game written whose index write was lost is found again.
        let mut b = entry(&[3]);
        b.id = "lost".into();
        lib.write(&game_key("lost"), &b).unwrap();
        assert_eq!(lib.index().unwrap().0.games.len(), 2);
    }

    #[test]
    fn the_librarys_index_has_every_games_opening_read_once_from_its_game() {
        let mem = Memory::new();
        let lib = Library::new(&mem, "t1");
        // A save of the play screen leaves the opening out.
        let mut a = entry(&[7, 8, 9]);
        lib.save(&mut a, 1).unwrap();
        assert_eq!(lib.index().unwrap().0.games[0].opening, None);
        assert!(!mem.get(INDEX_KEY).unwrap().unwrap().contains("opening"));
        let (index, problems) = lib.index_with_openings().unwrap();
        assert!(problems.is_empty());
        assert_eq!(index.games[0].opening.as_deref(), Some("76(10) 87(2) 99"));
        // Written back, so the games are read once.
        assert!(mem.get(INDEX_KEY).unwrap().unwrap().contains("76(10)"));
        // An imported game has it at once.
        let ids = lib.add_all(&mut [entry(&[9])], 2).unwrap();
        let index = lib.index().unwrap().0;
        assert_eq!(
            index.get(&ids[0]).unwrap().opening.as_deref(),
            Some("98(10)")
        );
    }

    #[test]
    fn a_newer_version_is_kept_not_overwritten() {
        let mem = Memory::new();
        let lib = Library::new(&mem, "t1");
        let future = r#"{"kind":"game","v":7,"data":{"new":"format"}}"#;
        mem.set(&game_key("f"), future).unwrap();
        let (index, problems) = lib.index().unwrap();
        assert!(index.games.is_empty());
        assert_eq!(
            problems[0].error,
            DecodeError::UnknownVersion {
                found: 7,
                newest: GameEntry::VERSION
            }
        );
        assert_eq!(
            mem.get(problems[0].backup.as_ref().unwrap())
                .unwrap()
                .unwrap(),
            future
        );
    }

    #[test]
    fn two_tabs_never_overwrite_each_other() {
        let mem = Memory::new();
        let one = Library::new(&mem, "one");
        let two = Library::new(&mem, "two");
        let mut a = entry(&[7]);
        one.save(&mut a, 1).unwrap();
        // The second tab opens and resumes the same game.
        let mut b = two.game(&a.id).unwrap().unwrap();
        two.claim(&b.id).unwrap();
        b.game.play(House::new(3).unwrap()).unwrap();
        assert_eq!(two.save(&mut b, 2), Ok(Saved::Same));
        // The first tab plays on: its game goes to a new id.
        a.game.play(House::new(5).unwrap()).unwrap();
        let old = a.id.clone();
        assert_eq!(one.save(&mut a, 3), Ok(Saved::Forked { from: old.clone() }));
        assert_ne!(a.id, old);
        let (index, _) = one.index().unwrap();
        assert_eq!(index.games.len(), 2);
        assert_eq!(one.game(&old).unwrap().unwrap().game, b.game);
        assert_eq!(one.game(&a.id).unwrap().unwrap().game, a.game);
        // Each tab goes on saving its own game.
        assert_eq!(one.save(&mut a, 4), Ok(Saved::Same));
        assert_eq!(two.save(&mut b, 5), Ok(Saved::Same));
    }

    #[test]
    fn full_storage_is_a_fault_and_adding_is_all_or_nothing() {
        let mem = Memory::with_quota(2_000);
        let lib = Library::new(&mem, "t");
        let mut a = entry(&[7]);
        lib.save(&mut a, 1).unwrap();
        let used = mem.used();
        let mut many: Vec<GameEntry> = (0..60).map(|_| entry(&[7, 3, 5])).collect();
        assert_eq!(lib.add_all(&mut many, 2), Err(Fault::Full));
        assert_eq!(mem.used(), used, "nothing added");
        assert_eq!(lib.index().unwrap().0.games.len(), 1);
        let mut big = entry(&[7]);
        big.players.white = "x".repeat(3_000);
        assert_eq!(lib.save(&mut big, 3), Err(Fault::Full));
    }

    #[test]
    fn unavailable_storage_is_a_fault() {
        let lib = Library::new(Memory::unavailable(), "t");
        assert!(matches!(lib.index(), Err(Fault::Unavailable(_))));
        assert!(matches!(
            lib.save(&mut entry(&[7]), 1),
            Err(Fault::Unavailable(_))
        ));
    }

    #[test]
    fn adding_the_same_games_again_skips_them() {
        let lib = Library::new(Memory::new(), "t");
        let mut a = entry(&[7, 3, 5]);
        a.created = 1_000_500;
        let mut b = entry(&[1, 2]);
        b.created = 2_000_000;
        let mut c = entry(&[1, 2]);
        c.created = 9_000_000; // same moves, another game (another time)
        let added = lib.add_new(vec![a.clone(), b.clone()], 5).unwrap();
        assert_eq!((added.ids.len(), added.skipped), (2, 0));
        // Again, with the time read back to the second (as an export gives it), and twice
        // in one text: only the new game is added.
        a.created = 1_000_000;
        let added = lib
            .add_new(vec![a.clone(), b.clone(), c.clone(), c.clone()], 6)
            .unwrap();
        assert_eq!((added.ids.len(), added.skipped), (1, 3));
        assert_eq!(lib.index().unwrap().0.games.len(), 3);
        // A game played on differs from the one stored.
        let mut longer = entry(&[7, 3, 5, 1]);
        longer.created = 1_000_000;
        assert!(!longer.same_game(&a));
        let mut renamed = a.clone();
        renamed.players.white = "Aigul".into();
        assert!(!renamed.same_game(&a));
        let added = lib.add_new(vec![longer, renamed], 7).unwrap();
        assert_eq!((added.ids.len(), added.skipped), (2, 0));
    }

    #[test]
    fn ids_differ() {
        let lib = Library::new(Memory::new(), "ab");
        assert_ne!(lib.new_id(5), lib.new_id(5));
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(36), "10");
    }
}
