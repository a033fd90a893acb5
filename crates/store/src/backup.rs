//! The whole library in one file, and back: games with their reviews, studies, and every other
//! value the app keeps (settings, puzzle progress, lessons done). The format is JSON,
//! versioned, and described field by field in `docs/BACKUP.md`.
//!
//! - [`Backup::collect`] reads everything from the storage;
//! - [`Backup::parse`] reads a file and checks all of it, or names where it is damaged;
//! - [`Backup::restore`] merges it into the storage by id, all or nothing: every write is
//!   undone if one fails, and a backup that does not fit is refused before anything is written.

use core::fmt;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::backend::{units, Backend, Fault};
use crate::entry::{GameEntry, WideEntry};
use crate::library::{
    game_key, game_text, Library, Problem, BACKUP_PREFIX, GAME_PREFIX, INDEX_KEY, PREFIX,
};
use crate::review::{review_key, review_text, SavedReview, REVIEW_PREFIX};
use crate::room::{check, Attempt, NoRoom};
use crate::study::{study_key, SavedStudy, STUDY_PREFIX};
use crate::versioned::encode;

/// What a backup file's `format` says.
pub const BACKUP_FORMAT: &str = "toguz-korgool-backup";
/// The version this build writes, and the newest it reads.
pub const BACKUP_VERSION: u32 = 1;

/// One game of a backup, with its review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BackupGame {
    /// The game, every field named.
    pub game: WideEntry,
    /// Its review, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<SavedReview>,
}

/// A whole library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Backup {
    /// Always [`BACKUP_FORMAT`].
    pub format: String,
    /// The version of the format ([`BACKUP_VERSION`]).
    pub version: u32,
    /// When it was made, in milliseconds since 1970.
    pub created: u64,
    /// The games, newest first.
    pub games: Vec<BackupGame>,
    /// The studies.
    pub studies: Vec<SavedStudy>,
    /// Every other value the app keeps, by key, as the exact text stored (itself a versioned
    /// value: `{"kind":…,"v":…,"data":…}`): `toguz.settings`, `toguz.puzzles`,
    /// `toguz.tutorial`, ...
    pub values: BTreeMap<String, String>,
}

/// Why a file is not restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackupError {
    /// Not a backup of this app (another file, another app's JSON).
    NotBackup,
    /// A backup written by a newer version of the app.
    Newer {
        /// Its version.
        found: u32,
        /// The newest this build reads.
        newest: u32,
    },
    /// A backup, damaged: where, and why.
    Damaged {
        /// The place: `games[12]`, `studies[0]`, `values.toguz.settings`, or a line and column.
        place: String,
        /// What is wrong there.
        reason: String,
    },
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::NotBackup => f.write_str("not a backup of the Toguz Korgool app"),
            BackupError::Newer { found, newest } => write!(
                f,
                "a backup of version {found}, written by a newer app (this one reads up to {newest})"
            ),
            BackupError::Damaged { place, reason } => {
                write!(f, "the backup is damaged at {place}: {reason}")
            }
        }
    }
}

impl std::error::Error for BackupError {}

/// Why a restore wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The storage refused (every write made was undone).
    Fault(Fault),
    /// The backup does not fit in the room left.
    NoRoom(NoRoom),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Fault(e) => e.fmt(f),
            RestoreError::NoRoom(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RestoreError {}

/// What a restore wrote, for the status line ("312 games, 4 studies, puzzles, settings").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Games the library did not have.
    pub games_added: usize,
    /// Games the library had in a shorter or older copy.
    pub games_updated: usize,
    /// Reviews written.
    pub reviews: usize,
    /// Studies added or updated.
    pub studies: usize,
    /// The other values written, by key (`toguz.settings`, `toguz.puzzles`,
    /// `toguz.tutorial`, ...).
    pub values: Vec<String>,
}

impl Restored {
    /// Games added or updated.
    pub fn games(&self) -> usize {
        self.games_added + self.games_updated
    }

    /// True when the restore changed nothing (the backup was already all there).
    pub fn is_empty(&self) -> bool {
        self.games() == 0 && self.reviews == 0 && self.studies == 0 && self.values.is_empty()
    }
}

/// True for a key a backup keeps among its `values`: the app's, and not a game, the index, a
/// review, a study or the raw copy of a damaged value.
pub fn is_value_key(key: &str) -> bool {
    key.starts_with(PREFIX)
        && key != INDEX_KEY
        && ![GAME_PREFIX, BACKUP_PREFIX, REVIEW_PREFIX, STUDY_PREFIX]
            .iter()
            .any(|p| key.starts_with(p))
}

fn damaged(place: impl Into<String>, reason: impl fmt::Display) -> BackupError {
    BackupError::Damaged {
        place: place.into(),
        reason: reason.to_string(),
    }
}

/// True when `text` is a versioned value (`{"kind":…,"v":…,"data":…}`).
fn is_versioned(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| {
        v.get("kind").is_some_and(Value::is_string)
            && v.get("v").is_some_and(Value::is_u64)
            && v.get("data").is_some()
    })
}

/// The keys a restore writes and the text each had before, to undo them.
struct Writes<'a, B: Backend> {
    backend: &'a B,
    before: Vec<(String, Option<String>)>,
}

impl<B: Backend> Writes<'_, B> {
    fn set(&mut self, key: &str, text: &str) -> Result<(), Fault> {
        let old = self.backend.get(key)?;
        self.backend.set(key, text)?;
        self.before.push((key.to_string(), old));
        Ok(())
    }

    fn undo(self) {
        for (key, old) in self.before.into_iter().rev() {
            let _ = match old {
                Some(text) => self.backend.set(&key, &text),
                None => self.backend.remove(&key),
            };
        }
    }
}

impl Backup {
    /// Everything `lib` keeps, made at `now`; the values that do not read are left out and
    /// returned (they are kept under their backup keys as always).
    pub fn collect<B: Backend>(
        lib: &Library<B>,
        now: u64,
    ) -> Result<(Backup, Vec<Problem>), Fault> {
        let (entries, mut problems) = lib.all_games()?;
        let mut games = Vec::with_capacity(entries.len());
        for entry in entries {
            let review = lib.review(&entry.id).ok().flatten();
            games.push(BackupGame {
                game: entry.into(),
                review,
            });
        }
        let (studies, study_problems) = lib.studies()?;
        problems.extend(study_problems);
        let mut values = BTreeMap::new();
        for key in lib.backend().keys()? {
            if is_value_key(&key) {
                if let Some(text) = lib.backend().get(&key)? {
                    values.insert(key, text);
                }
            }
        }
        problems.extend(lib.take_problems());
        let backup = Backup {
            format: BACKUP_FORMAT.into(),
            version: BACKUP_VERSION,
            created: now,
            games,
            studies,
            values,
        };
        Ok((backup, problems))
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a backup file and checks every part of it: each game replays, each study reads,
    /// each value is a versioned value under a key of the app.
    pub fn parse(text: &str) -> Result<Backup, BackupError> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            if text.trim_start().starts_with('{') && text.contains(BACKUP_FORMAT) {
                damaged(format!("line {}, column {}", e.line(), e.column()), e)
            } else {
                BackupError::NotBackup
            }
        })?;
        if value.get("format").and_then(Value::as_str) != Some(BACKUP_FORMAT) {
            return Err(BackupError::NotBackup);
        }
        let version = value
            .get("version")
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .filter(|v| *v > 0)
            .ok_or_else(|| damaged("version", "not a version number"))?;
        if version > BACKUP_VERSION {
            return Err(BackupError::Newer {
                found: version,
                newest: BACKUP_VERSION,
            });
        }
        let list = |name: &str| match value.get(name) {
            Some(Value::Array(items)) => Ok(items.as_slice()),
            None => Ok(&[][..]),
            Some(_) => Err(damaged(name, "not a list")),
        };
        let mut games = Vec::new();
        for (i, g) in list("games")?.iter().enumerate() {
            let game: BackupGame =
                serde_json::from_value(g.clone()).map_err(|e| damaged(format!("games[{i}]"), e))?;
            games.push(game);
        }
        let mut studies = Vec::new();
        for (i, s) in list("studies")?.iter().enumerate() {
            let study: SavedStudy = serde_json::from_value(s.clone())
                .map_err(|e| damaged(format!("studies[{i}]"), e))?;
            if study.study().is_err() {
                return Err(damaged(format!("studies[{i}]"), "its moves do not read"));
            }
            studies.push(study);
        }
        let values: BTreeMap<String, String> = match value.get("values") {
            None => BTreeMap::new(),
            Some(v) => serde_json::from_value(v.clone()).map_err(|e| damaged("values", e))?,
        };
        for (key, text) in &values {
            if !is_value_key(key) {
                return Err(damaged(format!("values.{key}"), "not a key of the app"));
            }
            if !is_versioned(text) {
                return Err(damaged(format!("values.{key}"), "not a versioned value"));
            }
        }
        let created = value.get("created").and_then(Value::as_u64).unwrap_or(0);
        Ok(Backup {
            format: BACKUP_FORMAT.into(),
            version,
            created,
            games,
            studies,
            values,
        })
    }

    /// Merges the backup into `lib`, all or nothing. By id: a game the library lacks is added;
    /// a game it has is replaced only by a longer copy (more moves), or an as long and newer
    /// one; a study likewise when newer; a value when it differs. Restoring the same backup
    /// twice writes nothing the second time. A backup that does not fit beside what the
    /// storage holds (`quota` code units in all) is refused before anything is written.
    pub fn restore<B: Backend>(
        &self,
        lib: &Library<B>,
        quota: usize,
    ) -> Result<Restored, RestoreError> {
        let fault = RestoreError::Fault;
        let (mut index, _) = lib.index().map_err(fault)?;
        let backend = lib.backend();
        let mut done = Restored::default();
        // Every write planned: key, new text.
        let mut plan: Vec<(String, String)> = Vec::new();
        for BackupGame { game, review } in &self.games {
            let mut entry = GameEntry::from(game.clone());
            if entry.id.is_empty() {
                entry.id = lib.new_id(entry.created);
            }
            let current = lib.game(&entry.id).ok().flatten();
            let take = match &current {
                None => {
                    done.games_added += 1;
                    true
                }
                Some(cur) => {
                    let (new, old) = (entry.game.moves().len(), cur.game.moves().len());
                    let newer = new > old || (new == old && entry.updated > cur.updated);
                    done.games_updated += usize::from(newer);
                    newer
                }
            };
            if take {
                plan.push((game_key(&entry.id), game_text(&entry)));
                index.upsert(entry.summary_with_opening());
            }
            if let Some(review) = review {
                let key = review_key(&entry.id);
                let has = backend.get(&key).map_err(fault)?.is_some();
                if take || !has {
                    plan.push((key, review_text(review)));
                    done.reviews += 1;
                }
            }
        }
        for study in &self.studies {
            let key = study_key(&study.id);
            let newer = match lib.study(&study.id) {
                Ok(Some(cur)) => study.updated > cur.updated,
                _ => true,
            };
            if newer {
                plan.push((key, encode(study)));
                done.studies += 1;
            }
        }
        for (key, text) in &self.values {
            if backend.get(key).map_err(fault)?.as_deref() != Some(text.as_str()) {
                plan.push((key.clone(), text.clone()));
                done.values.push(key.clone());
            }
        }
        if plan.is_empty() {
            return Ok(done);
        }
        plan.push((INDEX_KEY.to_string(), encode(&index)));
        let mut grows = 0i64;
        for (key, text) in &plan {
            let old = backend.get(key).map_err(fault)?;
            let new = units(text) + if old.is_none() { units(key) } else { 0 };
            grows += new as i64 - old.map_or(0, |o| units(&o)) as i64;
        }
        let needed = usize::try_from(grows).unwrap_or(0);
        let used = crate::backend::used_units(backend).map_err(fault)?;
        check(Attempt::Restore, needed, used, quota).map_err(RestoreError::NoRoom)?;
        let mut writes = Writes {
            backend,
            before: Vec::new(),
        };
        for (key, text) in &plan {
            if let Err(f) = writes.set(key, text) {
                writes.undo();
                return Err(RestoreError::Fault(f));
            }
        }
        Ok(done)
    }
}
