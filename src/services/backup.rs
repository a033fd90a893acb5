//! The whole backup through the [`Saves`] context: everything the app keeps written as one
//! file (`toguz_store::backup`, docs/BACKUP.md), and a file restored, checked whole first,
//! then merged by id, all or nothing.

use leptos::prelude::*;
use toguz_app_core::keep::{Restored, ValueKind};
use toguz_store::backup::{Backup, BackupError, RestoreError};
use toguz_store::library::SETTINGS_KEY;
use toguz_store::{Fault, ReadError, BROWSER_QUOTA};

use crate::platform::storage::{note_read, with_library, AppBackend, PUZZLES_KEY, TUTORIAL_KEY};
use crate::platform::time::now_ms;
use crate::services::saves::Saves;

/// Why a restore changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreProblem {
    /// A backup of this app, damaged.
    Damaged,
    /// Not a backup of this app.
    Foreign,
    /// A backup of a newer version of the app.
    Newer,
    /// It does not fit in the room left.
    NoRoom,
    /// The storage refused (every write was undone).
    Storage,
}

/// What a value restored holds, by its key.
fn kind(key: &str) -> ValueKind {
    match key {
        k if k == PUZZLES_KEY => ValueKind::Puzzles,
        k if k == TUTORIAL_KEY => ValueKind::Lessons,
        k if k == SETTINGS_KEY => ValueKind::Settings,
        _ => ValueKind::Unnamed,
    }
}

impl Saves {
    /// The backup file's text: everything kept now. A value that does not read is left out
    /// and reported (its raw text stays under its backup key).
    pub fn backup(self) -> Result<String, Fault> {
        let (backup, problems) = with_library(|lib| Backup::collect(lib, now_ms()))?;
        for p in problems {
            note_read(ReadError::Corrupt(p));
        }
        self.report_notices();
        Ok(backup.to_text())
    }

    /// Restores a backup file's text: read and checked whole, then merged into the library,
    /// all or nothing; what it added.
    pub fn restore_backup(self, text: &str) -> Result<Restored, RestoreProblem> {
        let backup = Backup::parse(text).map_err(|e| match e {
            BackupError::NotBackup => RestoreProblem::Foreign,
            BackupError::Newer { .. } => RestoreProblem::Newer,
            BackupError::Damaged { .. } => RestoreProblem::Damaged,
        })?;
        let restored = with_library(|lib| {
            // In memory, anything fits until a write says otherwise.
            let quota = match lib.backend() {
                AppBackend::Local => BROWSER_QUOTA,
                AppBackend::Memory(_) => usize::MAX,
            };
            backup.restore(lib, quota)
        });
        self.refresh();
        self.studies_changed.update(|n| *n += 1);
        match restored {
            Ok(r) => Ok(Restored::of(&r, kind)),
            Err(RestoreError::NoRoom(_)) => Err(RestoreProblem::NoRoom),
            Err(RestoreError::Fault(Fault::Full)) => Err(RestoreProblem::NoRoom),
            Err(RestoreError::Fault(_)) => Err(RestoreProblem::Storage),
        }
    }
}
