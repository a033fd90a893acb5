//! Games that a tab of an older build moved aside, brought back.
//!
//! A build that finds a value it cannot read copies its raw text to
//! `toguz.backup.<key>` (or `toguz.backup.<key>.<n>` when that key holds another text) and
//! removes it ([`Library::read`]). A tab of the build before the packed form, left open or
//! reopened from the cache, does so with every game and with the index this build writes: to it
//! they are of an unknown version. Those copies read here, so they are put back: a game under
//! its own key, merged by id as a backup's restore does (the longer copy, or the as long and
//! newer one), and the index's lines rebuilt from the games. A copy that does not read here
//! either (damaged, or from a newer build still) stays where it is.
//!
//! Reviews are packed since: a tab of the build before that moves each packed review it opens
//! aside the same way. Such a copy is put back when the game has no review, and dropped when it
//! has one (a review of the same moves).

use std::collections::HashSet;

use crate::backend::{Backend, Fault};
use crate::entry::{GameEntry, Index};
use crate::library::{game_key, game_text, Library, BACKUP_PREFIX, GAME_PREFIX, INDEX_KEY};
use crate::review::{moved_review_reads, repacked, review_key, REVIEW_PREFIX};
use crate::versioned::{decode, decode_current, is_older};

/// What [`Library::bring_back_moved`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BroughtBack {
    /// Games put back under their own key (the storage had none, or a shorter or older copy).
    pub games: usize,
    /// Copies dropped because the storage already held as long and as new a copy.
    pub kept: usize,
    /// Reviews put back under their own key.
    pub reviews: usize,
}

/// The id of the game a moved copy's key names: the key with its prefix, and the `.<n>` a
/// second copy gets, taken off. Ids are letters and digits.
fn moved_game_id(key: &str) -> Option<&str> {
    moved_id(key, GAME_PREFIX)
}

/// The id a moved copy's key names under `prefix` (a game's or a review's).
fn moved_id<'a>(key: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = key.strip_prefix(BACKUP_PREFIX)?.strip_prefix(prefix)?;
    let id = rest.split('.').next().unwrap_or(rest);
    (!id.is_empty()).then_some(id)
}

/// Whether `key` holds a moved copy of the index (`toguz.backup.toguz.index[.<n>]`).
fn is_moved_index(key: &str) -> bool {
    key.strip_prefix(BACKUP_PREFIX)
        .and_then(|rest| rest.strip_prefix(INDEX_KEY))
        .is_some_and(|n| n.is_empty() || n.strip_prefix('.').is_some_and(is_number))
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `new` replaces `old`: more moves, or as many and changed later.
fn replaces(new: &GameEntry, old: &GameEntry) -> bool {
    let (n, o) = (new.game.moves().len(), old.game.moves().len());
    n > o || (n == o && new.updated > old.updated)
}

impl<B: Backend> Library<B> {
    /// Whether a value kept by an older version is stored where the library reads at start:
    /// an index, a game or a review of an older version (see [`Library::upgrade_stored`] and
    /// [`Library::pack_reviews`]), a game, a review or an index that a tab of an older build
    /// moved to a backup key and that reads (see [`Library::bring_back_moved`]; a backup that
    /// does not read, such as a damaged game's, stays where it is and is no reason). A look at the keys and the index's envelope;
    /// only backups are decoded.
    pub fn holds_older(&self) -> Result<bool, Fault> {
        let backend = self.backend();
        let keys = backend.keys()?;
        for key in keys.iter().filter(|k| k.starts_with(BACKUP_PREFIX)) {
            let reads = |text: String| {
                if moved_game_id(key).is_some() {
                    decode_current::<GameEntry>(&text).is_ok()
                } else if moved_id(key, REVIEW_PREFIX).is_some() {
                    moved_review_reads(&text)
                } else {
                    is_moved_index(key) && decode_current::<Index>(&text).is_ok()
                }
            };
            if backend.get(key)?.is_some_and(reads) {
                return Ok(true);
            }
        }
        if self.holds_older_reviews(&keys)? {
            return Ok(true);
        }
        Ok(match backend.get(INDEX_KEY)? {
            Some(text) => is_older::<Index>(&text),
            // Games without an index: an index write lost, or a library older than the index.
            None => keys.iter().any(|k| k.starts_with(GAME_PREFIX)),
        })
    }

    /// Puts back every game an older build moved to a backup key (see the module), and drops the
    /// moved copies of the index, whose lines the games give again. A copy is removed only once
    /// its game is stored; a storage that refuses a write stops here, nothing lost.
    pub fn bring_back_moved(&self) -> Result<BroughtBack, Fault> {
        let backend = self.backend();
        let mut done = BroughtBack::default();
        let keys = backend.keys()?;
        let mut replaced: HashSet<String> = HashSet::new();
        for key in keys.iter().filter(|k| k.starts_with(BACKUP_PREFIX)) {
            let Some(id) = moved_game_id(key) else {
                continue;
            };
            let Some(text) = backend.get(key)? else {
                continue;
            };
            let Ok(mut moved) = decode::<GameEntry>(&text) else {
                continue;
            };
            moved.id = id.to_string();
            let take = match self.game(id) {
                Ok(Some(current)) => replaces(&moved, &current),
                Ok(None) | Err(_) => true,
            };
            if take {
                backend.set(&game_key(id), &game_text(&moved))?;
                replaced.insert(moved.id.clone());
                done.games += 1;
            } else {
                done.kept += 1;
            }
            backend.remove(key)?;
        }
        if done.games > 0 {
            // The lines of games new to the storage are added by `index`; a replaced game's
            // line is written again here.
            let (mut index, _) = self.index()?;
            for line in index.games.iter_mut().filter(|s| replaced.contains(&s.id)) {
                if let Ok(Some(e)) = self.game(&line.id) {
                    *line = e.summary_with_opening();
                }
            }
            self.write(INDEX_KEY, &index)?;
        }
        for key in keys.iter().filter(|k| k.starts_with(BACKUP_PREFIX)) {
            let Some(id) = moved_id(key, REVIEW_PREFIX) else {
                continue;
            };
            let Some(text) = backend.get(key)? else {
                continue;
            };
            let Some(packed) = repacked(&text) else {
                continue;
            };
            if backend.get(&review_key(id))?.is_none() {
                backend.set(&review_key(id), &packed)?;
                done.reviews += 1;
            }
            backend.remove(key)?;
        }
        for key in keys.iter().filter(|k| is_moved_index(k)) {
            if let Some(text) = backend.get(key)? {
                if decode::<Index>(&text).is_ok() {
                    backend.remove(key)?;
                }
            }
        }
        Ok(done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_copys_key_names_its_game_with_or_without_a_copy_number() {
        assert_eq!(moved_game_id("toguz.backup.toguz.game.abc1"), Some("abc1"));
        assert_eq!(
            moved_game_id("toguz.backup.toguz.game.abc1.2"),
            Some("abc1")
        );
        assert_eq!(moved_game_id("toguz.backup.toguz.study.s"), None);
        assert_eq!(moved_game_id("toguz.game.abc1"), None);
        assert!(is_moved_index("toguz.backup.toguz.index"));
        assert!(is_moved_index("toguz.backup.toguz.index.3"));
        assert!(!is_moved_index("toguz.backup.toguz.indexes"));
    }
}
