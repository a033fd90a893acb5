//! Keeping the library safe, without a browser: when to remind the player to back up, what a
//! restore's line says, which words a full storage gets for what was tried, and how the
//! settings' storage line reads. `features::library` and the settings panel choose the words.

use serde::{Deserialize, Serialize};
use toguz_store::Schema;

/// The key of the [`BackupMemo`] (a `toguz_store::Schema` value).
pub const BACKUP_MEMO_KEY: &str = "toguz.backup-memo";

/// New games since the last backup (or the reminder's last dismissal) that bring the reminder.
pub const REMIND_AFTER_GAMES: usize = 50;

/// Days without a backup (or since the reminder's last dismissal) that bring the reminder.
pub const REMIND_AFTER_DAYS: u64 = 30;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A point the reminder counts from: a time and the library's size then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Milliseconds since the epoch.
    pub at: u64,
    /// The games in the library then.
    pub games: usize,
}

/// What the backup reminder remembers: the last backup, and the point it counts from (the
/// last backup, the last dismissal, or the first time it saw games).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BackupMemo {
    /// When the player last wrote a backup.
    pub last_backup: Option<u64>,
    /// Where the counting starts; `None` until the library is first seen with a game.
    pub from: Option<Mark>,
}

impl Schema for BackupMemo {
    const KIND: &'static str = "backup-memo";
    const VERSION: u32 = 1;
}

impl BackupMemo {
    /// The library seen holding `games` at `now`: starts the counting at the first game.
    /// True when the memo changed (to be saved).
    pub fn observe(&mut self, now: u64, games: usize) -> bool {
        if self.from.is_some() || games == 0 {
            return false;
        }
        // A library never backed up counts every game it holds as new.
        self.from = Some(Mark { at: now, games: 0 });
        true
    }

    /// True when the reminder shows: 50 new games, or 30 days, since the last backup or
    /// dismissal, in a library that holds a game.
    pub fn due(&self, now: u64, games: usize) -> bool {
        let Some(from) = self.from else {
            return false;
        };
        games > 0
            && (games.saturating_sub(from.games) >= REMIND_AFTER_GAMES
                || now.saturating_sub(from.at) >= REMIND_AFTER_DAYS * DAY_MS)
    }

    /// A backup was written: the counting starts again.
    pub fn backed_up(&mut self, now: u64, games: usize) {
        self.last_backup = Some(now);
        self.from = Some(Mark { at: now, games });
    }

    /// The reminder was dismissed: it comes back after as many new games or days again.
    pub fn dismissed(&mut self, now: u64, games: usize) {
        self.from = Some(Mark { at: now, games });
    }
}

/// What a restore added, as its line lists it ("312 games, 4 studies, puzzles, settings").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Restored {
    /// Games added or replaced by a longer or newer copy.
    pub games: usize,
    /// Studies added or replaced.
    pub studies: usize,
    /// The puzzle progress (rating, history) taken from the backup.
    pub puzzles: bool,
    /// Lessons done taken from the backup.
    pub lessons: bool,
    /// The settings taken from the backup.
    pub settings: bool,
}

/// One part of a restore's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestoredPart {
    /// `n` games.
    Games(usize),
    /// `n` studies.
    Studies(usize),
    /// The puzzle progress.
    Puzzles,
    /// The lessons done.
    Lessons,
    /// The settings.
    Settings,
}

/// What a stored value restored holds, as a restore's line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// The puzzle progress: rating, history.
    Puzzles,
    /// The tutorial's lessons done.
    Lessons,
    /// The player's settings.
    Settings,
    /// Something the line does not name (the app's flags, this memo).
    Unnamed,
}

impl Restored {
    /// The line of the store's restore (`toguz_store::backup::Restored`), each value written
    /// named by `kind` of its key.
    pub fn of(r: &toguz_store::backup::Restored, kind: impl Fn(&str) -> ValueKind) -> Restored {
        let has = |k: ValueKind| r.values.iter().any(|key| kind(key) == k);
        Restored {
            games: r.games(),
            studies: r.studies,
            puzzles: has(ValueKind::Puzzles),
            lessons: has(ValueKind::Lessons),
            settings: has(ValueKind::Settings),
        }
    }

    /// The parts the line names, in order; empty when the backup added nothing new (restored
    /// twice, say).
    pub fn parts(&self) -> Vec<RestoredPart> {
        let mut parts = Vec::new();
        if self.games > 0 {
            parts.push(RestoredPart::Games(self.games));
        }
        if self.studies > 0 {
            parts.push(RestoredPart::Studies(self.studies));
        }
        if self.puzzles {
            parts.push(RestoredPart::Puzzles);
        }
        if self.lessons {
            parts.push(RestoredPart::Lessons);
        }
        if self.settings {
            parts.push(RestoredPart::Settings);
        }
        parts
    }
}

/// What the player tried when the storage had no room for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// A game in play: it stays on the board for the tab's life.
    Game,
    /// An import of records: nothing was added.
    Import,
    /// A study of the analysis board: it stays on the board for the tab's life.
    Study,
    /// A game's review: it is shown, not kept.
    Review,
    /// A backup restored: nothing was written.
    Restore,
    /// A setting or a progress (puzzles, lessons): kept for the tab's life.
    Other,
}

impl From<toguz_store::Attempt> for Attempt {
    fn from(a: toguz_store::Attempt) -> Attempt {
        match a {
            toguz_store::Attempt::Import { .. } => Attempt::Import,
            toguz_store::Attempt::Study => Attempt::Study,
            toguz_store::Attempt::Game => Attempt::Game,
            toguz_store::Attempt::Restore => Attempt::Restore,
        }
    }
}

/// What the message of a full storage tells the player to do, one sentence each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Export what is only on the board, back up the library, then delete old games.
    ExportBackUpDelete,
    /// Back up the library, then delete old games: a backup first, so nothing deleted is lost.
    BackUpDelete,
    /// Delete old games, then try again: the backup is the file in hand.
    DeleteRetry,
}

impl Attempt {
    /// What the message tells the player to do.
    pub fn advice(self) -> Advice {
        match self {
            Attempt::Game | Attempt::Study => Advice::ExportBackUpDelete,
            Attempt::Import | Attempt::Review | Attempt::Other => Advice::BackUpDelete,
            Attempt::Restore => Advice::DeleteRetry,
        }
    }
}

/// Whether the browser keeps the site's storage when it runs short of space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Persistent: removed only by the player.
    Yes,
    /// Best effort: the browser may remove it (Safari after seven days without a visit).
    No,
    /// The browser does not say.
    Unknown,
}

/// The settings' storage line, in numbers the view puts in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StorageLine {
    /// The library's share of `localStorage`: characters used and the browser's limit.
    pub library: Option<(usize, usize)>,
    /// The whole site's storage from `navigator.storage.estimate()`: bytes used and quota.
    pub site: Option<(u64, u64)>,
    /// Whether it is kept.
    pub kept: Kept,
}

impl StorageLine {
    /// The line from what the browser answered (`None` where it has no such API).
    pub fn of(
        library: Option<(usize, usize)>,
        site: Option<(u64, u64)>,
        persisted: Option<bool>,
    ) -> StorageLine {
        StorageLine {
            library,
            site: site.filter(|&(_, quota)| quota > 0),
            kept: match persisted {
                Some(true) => Kept::Yes,
                Some(false) => Kept::No,
                None => Kept::Unknown,
            },
        }
    }

    /// The library's use as a whole percentage of its limit (0 with no limit known).
    pub fn library_percent(&self) -> u32 {
        match self.library {
            Some((used, limit)) if limit > 0 => percent(used as u64, limit as u64),
            _ => 0,
        }
    }
}

/// `part` of `whole` as a whole percentage, rounded up so that a little reads as 1%, never 0%.
fn percent(part: u64, whole: u64) -> u32 {
    if whole == 0 || part == 0 {
        return 0;
    }
    (part.saturating_mul(100).div_ceil(whole)).min(100) as u32
}

/// A count of characters or bytes in millions, with one decimal ("2.8"), the decimal
/// separator given by the caller's language. Under a tenth of a million, hundredths rounded
/// up ("0.04"): a library that holds something never reads "0.0" beside its "1%".
pub fn millions(n: u64, separator: char) -> String {
    if n > 0 && n < 50_000 {
        return format!("0{separator}{:02}", n.div_ceil(10_000));
    }
    let tenths = (n + 50_000) / 100_000;
    format!("{}{separator}{}", tenths / 10, tenths % 10)
}

/// Bytes in the largest unit that keeps the number short ("812 KB", "3.4 MB", "1.2 GB"):
/// the number and the unit's exponent of 1000 (1 kilo, 2 mega, 3 giga).
pub fn short_bytes(n: u64, separator: char) -> (String, u32) {
    let (unit, exp) = match n {
        0..1_000_000 => (1_000u64, 1),
        1_000_000..1_000_000_000 => (1_000_000, 2),
        _ => (1_000_000_000, 3),
    };
    if exp == 1 {
        return (n.div_ceil(unit).to_string(), exp);
    }
    let tenths = (n * 10 + unit / 2) / unit;
    if tenths >= 100 {
        ((tenths / 10).to_string(), exp)
    } else {
        (format!("{}{separator}{}", tenths / 10, tenths % 10), exp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_800_000_000_000;

    #[test]
    fn the_reminder_waits_for_a_first_game() {
        let mut memo = BackupMemo::default();
        assert!(!memo.observe(NOW, 0));
        assert!(!memo.due(NOW + 90 * DAY_MS, 0));
        assert!(memo.observe(NOW, 1));
        assert!(!memo.observe(NOW, 2), "the counting starts once");
        assert!(!memo.due(NOW, 1));
    }

    #[test]
    fn fifty_new_games_without_a_backup_bring_the_reminder() {
        let mut memo = BackupMemo::default();
        memo.observe(NOW, 3);
        assert!(!memo.due(NOW + DAY_MS, 49));
        assert!(memo.due(NOW + DAY_MS, 50));
    }

    #[test]
    fn thirty_days_without_a_backup_bring_the_reminder() {
        let mut memo = BackupMemo::default();
        memo.observe(NOW, 1);
        assert!(!memo.due(NOW + 29 * DAY_MS, 1));
        assert!(memo.due(NOW + 30 * DAY_MS, 1));
    }

    #[test]
    fn a_backup_starts_the_counting_again() {
        let mut memo = BackupMemo::default();
        memo.observe(NOW, 1);
        memo.backed_up(NOW + 40 * DAY_MS, 120);
        assert_eq!(memo.last_backup, Some(NOW + 40 * DAY_MS));
        assert!(!memo.due(NOW + 41 * DAY_MS, 169));
        assert!(memo.due(NOW + 41 * DAY_MS, 170));
        assert!(memo.due(NOW + 70 * DAY_MS, 120));
    }

    #[test]
    fn a_dismissed_reminder_comes_back_after_as_many_games_or_days() {
        let mut memo = BackupMemo::default();
        memo.observe(NOW, 1);
        assert!(memo.due(NOW, 60));
        memo.dismissed(NOW, 60);
        assert!(!memo.due(NOW + DAY_MS, 60));
        assert_eq!(memo.last_backup, None, "a dismissal is no backup");
        assert!(memo.due(NOW + DAY_MS, 110));
        assert!(memo.due(NOW + 30 * DAY_MS, 60));
    }

    #[test]
    fn deleted_games_never_make_the_count_wrap() {
        let mut memo = BackupMemo::default();
        memo.backed_up(NOW, 100);
        assert!(!memo.due(NOW, 10));
    }

    #[test]
    fn the_memo_reads_back_as_written() {
        let mut memo = BackupMemo::default();
        memo.backed_up(NOW, 7);
        let text = toguz_store::encode(&memo);
        assert_eq!(toguz_store::decode::<BackupMemo>(&text), Ok(memo));
    }

    #[test]
    fn a_restore_names_only_what_it_added() {
        let all = Restored {
            games: 312,
            studies: 4,
            puzzles: true,
            lessons: false,
            settings: true,
        };
        assert_eq!(
            all.parts(),
            [
                RestoredPart::Games(312),
                RestoredPart::Studies(4),
                RestoredPart::Puzzles,
                RestoredPart::Settings
            ]
        );
        assert!(Restored::default().parts().is_empty());
    }

    #[test]
    fn a_restore_counts_games_added_and_updated_and_names_the_values_by_their_kind() {
        let store = toguz_store::backup::Restored {
            games_added: 300,
            games_updated: 12,
            reviews: 40,
            studies: 4,
            values: vec![
                "toguz.puzzles".into(),
                "toguz.pwa".into(),
                "toguz.settings".into(),
            ],
        };
        let kind = |key: &str| match key {
            "toguz.puzzles" => ValueKind::Puzzles,
            "toguz.settings" => ValueKind::Settings,
            "toguz.tutorial" => ValueKind::Lessons,
            _ => ValueKind::Unnamed,
        };
        let line = Restored::of(&store, kind);
        assert_eq!(
            line.parts(),
            [
                RestoredPart::Games(312),
                RestoredPart::Studies(4),
                RestoredPart::Puzzles,
                RestoredPart::Settings
            ]
        );
        // Restored twice: the second writes nothing, and the line says so.
        let again = Restored::of(&toguz_store::backup::Restored::default(), kind);
        assert!(again.parts().is_empty());
    }

    #[test]
    fn a_full_storage_advises_a_backup_before_any_deletion() {
        assert_eq!(Attempt::Import.advice(), Advice::BackUpDelete);
        assert_eq!(Attempt::Review.advice(), Advice::BackUpDelete);
        assert_eq!(Attempt::Other.advice(), Advice::BackUpDelete);
        // A restore is refused whole and the backup stays in hand: make room, then again.
        assert_eq!(Attempt::Restore.advice(), Advice::DeleteRetry);
    }

    #[test]
    fn what_is_only_on_the_board_is_exported_first() {
        for attempt in [Attempt::Game, Attempt::Study] {
            assert_eq!(attempt.advice(), Advice::ExportBackUpDelete);
        }
    }

    #[test]
    fn the_storage_line_says_whether_it_is_kept() {
        let line = StorageLine::of(Some((2_790_000, 5_242_880)), Some((3, 0)), Some(true));
        assert_eq!(line.kept, Kept::Yes);
        assert_eq!(line.site, None, "a quota of zero says nothing");
        assert_eq!(line.library_percent(), 54);
        assert_eq!(StorageLine::of(None, None, None).kept, Kept::Unknown);
        assert_eq!(StorageLine::of(None, None, Some(false)).kept, Kept::No);
        assert_eq!(StorageLine::of(None, None, None).library_percent(), 0);
    }

    #[test]
    fn a_little_used_reads_as_one_percent() {
        assert_eq!(percent(1, 5_242_880), 1);
        assert_eq!(percent(0, 5_242_880), 0);
        assert_eq!(percent(6_000_000, 5_242_880), 100);
    }

    #[test]
    fn sizes_read_in_millions_and_short_units() {
        assert_eq!(millions(2_790_000, '.'), "2.8");
        assert_eq!(millions(5_242_880, ','), "5,2");
        assert_eq!(millions(0, '.'), "0.0");
        // A small library reads as hundredths, never as nothing.
        assert_eq!(millions(38_000, ','), "0,04");
        assert_eq!(millions(1, '.'), "0.01");
        assert_eq!(millions(50_000, '.'), "0.1");
        assert_eq!(short_bytes(812_000, '.'), ("812".into(), 1));
        assert_eq!(short_bytes(1, '.'), ("1".into(), 1));
        assert_eq!(short_bytes(3_420_000, ','), ("3,4".into(), 2));
        assert_eq!(short_bytes(250_000_000, '.'), ("250".into(), 2));
        assert_eq!(short_bytes(1_200_000_000, '.'), ("1.2".into(), 3));
    }
}
