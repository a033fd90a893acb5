//! The game library's logic without a browser: which games the filter keeps, how a game's
//! score reads, what the line after an import says, how long "Game deleted" offers its undo,
//! and how a typed name is kept.
//! `features::library` draws the list and chooses the words.

use toguz_engine::{GameResult, Side};
use toguz_store::{Added, GameEntry, Summary};

/// The longest player name kept, in characters.
pub const NAME_MAX: usize = 80;

/// Which games the list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filter {
    /// Every game.
    #[default]
    All,
    /// The games not over yet.
    InProgress,
    /// The games over.
    Finished,
}

impl Filter {
    /// True when the list shows game `s` under this filter.
    pub fn keeps(self, s: &Summary) -> bool {
        match self {
            Filter::All => true,
            Filter::InProgress => !s.finished(),
            Filter::Finished => s.finished(),
        }
    }
}

/// The games of `index` the list shows under `filter`, in the index's order.
pub fn shown(index: &[Summary], filter: Filter) -> Vec<Summary> {
    index.iter().filter(|s| filter.keeps(s)).cloned().collect()
}

/// The kazans as stored, White's first (`"60:58"`).
pub fn score(s: &Summary) -> String {
    format!("{}:{}", s.kazans.white, s.kazans.black)
}

/// The kazans as the result reads them: the winner's first ("Black won · 60:58").
pub fn score_as_read(s: &Summary) -> String {
    match s.result {
        Some(GameResult::Win(Side::Black)) => format!("{}:{}", s.kazans.black, s.kazans.white),
        _ => score(s),
    }
}

/// What the line after an import says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportReport {
    /// Every game of the text was in the library already.
    NothingNew {
        /// The games skipped.
        skipped: usize,
    },
    /// Games were added, and `skipped` (maybe none) were in the library already.
    Added {
        /// The games added.
        added: usize,
        /// The games skipped.
        skipped: usize,
    },
}

impl ImportReport {
    /// The report of an import that succeeded.
    pub fn of(added: &Added) -> ImportReport {
        match added.ids.len() {
            0 => ImportReport::NothingNew {
                skipped: added.skipped,
            },
            n => ImportReport::Added {
                added: n,
                skipped: added.skipped,
            },
        }
    }
}

/// A player's name as typed, as it is kept: without the spaces around it, at most
/// [`NAME_MAX`] characters.
pub fn clean_name(typed: &str) -> String {
    typed.trim().chars().take(NAME_MAX).collect()
}

/// How long "Game deleted" stays with its undo, in milliseconds.
pub const UNDO_MS: u32 = 6000;

/// "Game deleted", with its undo, for [`UNDO_MS`] after a delete: the game deleted last, and
/// the token of its timer, so a timer set for an earlier delete does not close a later one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UndoDelete {
    deleted: Option<GameEntry>,
    token: u32,
}

impl UndoDelete {
    /// A game was deleted: the notice offers it back. Answers the token of the timer to set
    /// for [`UNDO_MS`], to hand back to [`UndoDelete::expired`].
    pub fn deleted(&mut self, entry: GameEntry) -> u32 {
        self.deleted = Some(entry);
        self.token = self.token.wrapping_add(1);
        self.token
    }

    /// The timer set for `token` ran out: the notice closes if it still shows that delete.
    pub fn expired(&mut self, token: u32) {
        if token == self.token {
            self.deleted = None;
        }
    }

    /// The player closed the notice.
    pub fn dismiss(&mut self) {
        self.deleted = None;
    }

    /// The player asked for the game back: answers it, to restore, and closes the notice.
    pub fn undo(&mut self) -> Option<GameEntry> {
        self.deleted.take()
    }

    /// True while the notice shows.
    pub fn shown(&self) -> bool {
        self.deleted.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::BySide;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn game(id: &str, result: Option<GameResult>, kazans: (u8, u8)) -> Summary {
        Summary {
            id: id.into(),
            created: 0,
            updated: 0,
            players: Default::default(),
            mode: Default::default(),
            result,
            kazans: BySide::new(kazans.0, kazans.1),
            moves: 0,
            imported: false,
        }
    }

    #[wasm_bindgen_test]
    fn the_filters_split_finished_games_from_the_rest() {
        let index = [
            game("a", None, (10, 4)),
            game("b", Some(GameResult::Draw), (81, 81)),
            game("c", None, (0, 0)),
        ];
        let ids = |f| {
            shown(&index, f)
                .into_iter()
                .map(|s| s.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(Filter::All), ["a", "b", "c"]);
        assert_eq!(ids(Filter::InProgress), ["a", "c"]);
        assert_eq!(ids(Filter::Finished), ["b"]);
        assert_eq!(Filter::default(), Filter::All);
    }

    #[wasm_bindgen_test]
    fn the_score_reads_with_the_winner_first() {
        let black = game("a", Some(GameResult::Win(Side::Black)), (58, 82));
        assert_eq!(
            (score(&black), score_as_read(&black)),
            ("58:82".into(), "82:58".into())
        );
        let white = game("b", Some(GameResult::Win(Side::White)), (82, 58));
        assert_eq!(score_as_read(&white), "82:58");
        let playing = game("c", None, (10, 20));
        assert_eq!(score_as_read(&playing), "10:20");
    }

    #[wasm_bindgen_test]
    fn an_import_reports_what_it_added_and_skipped() {
        let added = |n: usize, skipped| Added {
            ids: (0..n).map(|i| i.to_string()).collect(),
            skipped,
        };
        assert_eq!(
            ImportReport::of(&added(0, 3)),
            ImportReport::NothingNew { skipped: 3 }
        );
        assert_eq!(
            ImportReport::of(&added(2, 0)),
            ImportReport::Added {
                added: 2,
                skipped: 0
            }
        );
        assert_eq!(
            ImportReport::of(&added(2, 1)),
            ImportReport::Added {
                added: 2,
                skipped: 1
            }
        );
    }

    #[wasm_bindgen_test]
    fn names_are_trimmed_and_cut_at_eighty_characters() {
        assert_eq!(clean_name("  Asel "), "Asel");
        assert_eq!(clean_name(&"ж".repeat(100)).chars().count(), NAME_MAX);
    }

    #[wasm_bindgen_test]
    fn game_deleted_offers_its_undo_until_its_own_timer_runs_out() {
        let entry = |id: &str| {
            GameEntry::new(
                id.into(),
                0,
                Default::default(),
                toguz_engine::game::Game::new(),
            )
        };
        let mut notice = UndoDelete::default();
        assert!(!notice.shown());
        let first = notice.deleted(entry("a"));
        assert!(notice.shown());
        notice.deleted(entry("b"));
        // The first delete's timer does not close the notice of the second.
        notice.expired(first);
        assert!(notice.shown());
        assert_eq!(notice.undo().map(|e| e.id), Some("b".into()));
        assert!(!notice.shown());
        assert_eq!(notice.undo(), None);
        let third = notice.deleted(entry("c"));
        notice.expired(third);
        assert!(!notice.shown());
        notice.deleted(entry("d"));
        notice.dismiss();
        assert!(!notice.shown());
    }
}
