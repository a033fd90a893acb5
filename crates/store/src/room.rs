//! Room left in storage, known before writing: the code units a batch will take, checked
//! against what the storage holds and its quota, so that a batch that does not fit is refused
//! at once (nothing written, nothing to undo) with an error naming what was tried.

use core::fmt;

use crate::backend::{units, Backend, Fault};
use crate::entry::{GameEntry, Index};
use crate::library::{game_key, game_text, Library};
use crate::study::{study_key, SavedStudy};
use crate::versioned::encode;

/// What Chromium and Firefox give an origin's `localStorage`, in UTF-16 code units.
pub const BROWSER_QUOTA: usize = 5_242_880;

/// What the player tried to store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// An import of this many games (a record file, a share link).
    Import {
        /// Games in the batch.
        games: usize,
    },
    /// A study saved or imported.
    Study,
    /// The game being played, saved after a move.
    Game,
    /// A backup restored.
    Restore,
}

/// A batch that does not fit: what was tried, the code units it needs and those left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoRoom {
    /// What was tried.
    pub attempt: Attempt,
    /// Code units the batch would take.
    pub needed: usize,
    /// Code units left under the quota.
    pub left: usize,
}

impl fmt::Display for NoRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.attempt {
            Attempt::Import { games } => format!("an import of {games} games"),
            Attempt::Study => "a study".into(),
            Attempt::Game => "the game in play".into(),
            Attempt::Restore => "a backup".into(),
        };
        write!(
            f,
            "{what} needs {} code units of storage; {} are left",
            self.needed, self.left
        )
    }
}

impl std::error::Error for NoRoom {}

/// Whether `needed` code units fit beside `used` under `quota`.
pub fn check(attempt: Attempt, needed: usize, used: usize, quota: usize) -> Result<(), NoRoom> {
    let left = quota.saturating_sub(used);
    if needed <= left {
        Ok(())
    } else {
        Err(NoRoom {
            attempt,
            needed,
            left,
        })
    }
}

/// The code units one index line of `entry` can add: its packed line and its texts, each
/// counted as if new (the table may already hold them), with the JSON around them.
fn line_units(entry: &GameEntry) -> usize {
    let one = Index {
        games: vec![entry.summary_with_opening()],
        owners: Vec::new(),
    };
    let packed = crate::packed::pack_index(&one);
    packed
        .games
        .iter()
        .chain(&packed.strings)
        .map(|s| units(s) + 3)
        .sum()
}

impl<B: Backend> Library<B> {
    /// Code units that adding `entries` as new games takes: each game's key and value (ids are
    /// given as [`Library::new_id`] makes them) and its index line.
    pub fn units_to_add(&self, entries: &[GameEntry], now: u64) -> usize {
        let id_units = units(&self.new_id(now)) + 2;
        entries
            .iter()
            .map(|e| units(&game_key("")) + id_units + units(&game_text(e)) + line_units(e))
            .sum()
    }

    /// Code units that saving `entry` adds to what its key holds now (none when it shrinks).
    pub fn units_to_save(&self, entry: &GameEntry) -> Result<usize, Fault> {
        let key = game_key(&entry.id);
        let old = self.backend().get(&key)?;
        let new = units(&game_text(entry)) + line_units(entry);
        Ok(match old {
            Some(old) => new.saturating_sub(units(&old)),
            None => new + units(&key),
        })
    }

    /// Code units that saving `study` adds to what its key holds now.
    pub fn units_of_study(&self, study: &SavedStudy) -> Result<usize, Fault> {
        let key = study_key(&study.id);
        let new = units(&encode(study));
        Ok(match self.backend().get(&key)? {
            Some(old) => new.saturating_sub(units(&old)),
            None => new + units(&key),
        })
    }

    /// Whether `needed` code units fit in this storage under `quota`, counting what every key
    /// holds now (the caller's estimate of `used` may be passed to [`check`] instead).
    pub fn room_for(
        &self,
        attempt: Attempt,
        needed: usize,
        quota: usize,
    ) -> Result<Result<(), NoRoom>, Fault> {
        let used = crate::backend::used_units(self.backend())?;
        Ok(check(attempt, needed, used, quota))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::Memory;
    use crate::entry::Mode;
    use toguz_engine::game::Game;
    use toguz_engine::House;

    fn entry(moves: &[u8]) -> GameEntry {
        let mut g = Game::new();
        for &h in moves {
            g.play(House::new(h).unwrap()).unwrap();
        }
        GameEntry::new(String::new(), 5, Mode::TwoPlayers, g)
    }

    #[test]
    fn an_import_that_does_not_fit_is_refused_before_anything_is_written() {
        let mem = Memory::with_quota(3_000);
        let lib = Library::new(&mem, "tab1");
        lib.save(&mut entry(&[7]), 1).unwrap();
        let used = mem.used();
        let batch: Vec<GameEntry> = (0..40).map(|_| entry(&[7, 3, 5])).collect();
        let needed = lib.units_to_add(&batch, 2);
        let no = lib.room_for(Attempt::Import { games: 40 }, needed, 3_000);
        let no = no.unwrap().unwrap_err();
        assert_eq!(no.attempt, Attempt::Import { games: 40 });
        assert_eq!(no.left, 3_000 - used);
        assert!(no.to_string().starts_with("an import of 40 games needs"));
        assert_eq!(mem.used(), used, "nothing written");
        // A batch said to fit is written whole, in no more than was counted.
        let few = &batch[..3];
        let needed = lib.units_to_add(few, 2);
        assert_eq!(lib.room_for(Attempt::Game, needed, 3_000), Ok(Ok(())));
        lib.add_all(&mut few.to_vec(), 2).unwrap();
        assert!(
            mem.used() <= used + needed,
            "{} > {used} + {needed}",
            mem.used()
        );
    }

    #[test]
    fn a_game_saved_again_needs_only_what_it_grew() {
        let lib = Library::new(Memory::new(), "t");
        let mut e = entry(&[7, 3]);
        let first = lib.units_to_save(&e).unwrap();
        lib.save(&mut e, 1).unwrap();
        assert!(lib.units_to_save(&e).unwrap() < first);
        assert_eq!(
            check(Attempt::Study, 10, 95, 100),
            Err(NoRoom {
                attempt: Attempt::Study,
                needed: 10,
                left: 5
            })
        );
        assert_eq!(check(Attempt::Study, 5, 95, 100), Ok(()));
    }
}
