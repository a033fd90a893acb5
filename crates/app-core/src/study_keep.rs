//! Keeping the analysis board's study in the library: nothing is written for a board the
//! player only looked at; from the first change on, every change is saved under one id, as
//! games are. A study opened from the library, or sent by a friend, counts as changed only
//! when it differs from what was opened.

use toguz_engine::study::Study;
use toguz_store::study::{worth_keeping, SavedStudy};

/// The longest link payload offered (base64url characters): messengers cut longer links;
/// a longer study is sent as its file.
pub const MAX_LINK_PAYLOAD: usize = 6_000;

/// The file name of a study exported under `title`: its letters and digits, other characters
/// as `-`, and `.pgn` (a study with no title: `toguz-study.pgn`).
pub fn file_name(title: &str) -> String {
    let mut name = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('-') && !name.is_empty() {
            name.push('-');
        }
    }
    let name = name.trim_end_matches('-');
    if name.is_empty() {
        "toguz-study.pgn".to_string()
    } else {
        format!("{name}.pgn")
    }
}

/// What has been kept of the study on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keeper {
    /// The library's copy, once there is one.
    saved: Option<SavedStudy>,
    /// The board's text when last kept (or when opened): a change is a different text.
    kept: String,
    /// The saved game the study was made from, if any.
    game: Option<String>,
}

impl Keeper {
    /// A study not in the library (a fresh board, a game's moves, a friend's link).
    pub fn unsaved(study: &Study, game: Option<String>) -> Keeper {
        Keeper {
            saved: None,
            kept: study.to_string(),
            game,
        }
    }

    /// A study opened from the library, with its tree as read.
    pub fn saved(saved: SavedStudy, study: &Study) -> Keeper {
        Keeper {
            game: saved.game.clone(),
            saved: Some(saved),
            kept: study.to_string(),
        }
    }

    /// The library's copy, if kept.
    pub fn copy(&self) -> Option<&SavedStudy> {
        self.saved.as_ref()
    }

    /// The value to write after the board changed: `None` when the tree is as last kept, or
    /// holds nothing worth keeping yet. `new_id` and `title` name a study kept the first time.
    pub fn changed(
        &mut self,
        study: &Study,
        now: u64,
        new_id: impl FnOnce() -> String,
        title: impl FnOnce() -> String,
    ) -> Option<SavedStudy> {
        let text = study.to_string();
        if text == self.kept || (self.saved.is_none() && !worth_keeping(study)) {
            return None;
        }
        Some(self.keep_text(study, text, now, new_id, title))
    }

    /// Keeps the study now, changed or not (the player asked).
    pub fn keep(
        &mut self,
        study: &Study,
        now: u64,
        new_id: impl FnOnce() -> String,
        title: impl FnOnce() -> String,
    ) -> SavedStudy {
        let text = study.to_string();
        self.keep_text(study, text, now, new_id, title)
    }

    fn keep_text(
        &mut self,
        study: &Study,
        text: String,
        now: u64,
        new_id: impl FnOnce() -> String,
        title: impl FnOnce() -> String,
    ) -> SavedStudy {
        self.kept = text;
        let saved = match self.saved.take() {
            Some(mut s) => {
                s.set(study);
                s.updated = now;
                s
            }
            None => SavedStudy::new(new_id(), now, title(), self.game.clone(), study),
        };
        self.saved = Some(saved.clone());
        saved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::study::ROOT;
    use toguz_engine::{House, Position};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    #[test]
    fn a_file_name_keeps_the_titles_letters_in_any_script() {
        assert_eq!(file_name("Ана – Бек"), "Ана-Бек.pgn");
        assert_eq!(
            file_name("Analysis, 04.12.2026 18:30"),
            "Analysis-04-12-2026-18-30.pgn"
        );
        assert_eq!(file_name("../"), "toguz-study.pgn");
        assert_eq!(file_name(""), "toguz-study.pgn");
    }

    #[test]
    fn a_board_only_looked_at_is_not_kept_and_the_first_change_is_kept_once_under_one_id() {
        let mut study = Study::new(Position::start());
        let mut keeper = Keeper::unsaved(&study, None);
        let id = || "s1".to_string();
        let title = || "Study".to_string();
        assert_eq!(keeper.changed(&study, 1, id, title), None);
        let a = study.play(ROOT, h(7)).unwrap();
        let first = keeper.changed(&study, 2, id, title).unwrap();
        assert_eq!(
            (first.id.as_str(), first.created, first.updated),
            ("s1", 2, 2)
        );
        // Unchanged: nothing to write.
        assert_eq!(keeper.changed(&study, 3, || "s2".into(), title), None);
        // A comment is a change; the id stays.
        study.set_comment(a, "the usual start");
        let again = keeper.changed(&study, 4, || "s2".into(), title).unwrap();
        assert_eq!(
            (again.id.as_str(), again.created, again.updated),
            ("s1", 2, 4)
        );
        assert!(again.text.contains("the usual start"), "{}", again.text);
    }

    #[test]
    fn a_game_opened_for_study_is_kept_only_once_the_player_adds_to_it() {
        let mut study = Study::new(Position::start());
        let a = study.play(ROOT, h(7)).unwrap();
        study.play(a, h(9)).unwrap();
        let mut keeper = Keeper::unsaved(&study, Some("g1".into()));
        assert_eq!(
            keeper.changed(&study, 1, || "s".into(), || "A – B".into()),
            None
        );
        study.play(a, h(1)).unwrap();
        let kept = keeper
            .changed(&study, 2, || "s".into(), || "A – B".into())
            .unwrap();
        assert_eq!(kept.game.as_deref(), Some("g1"));
        assert_eq!(kept.title, "A – B");
        assert_eq!(kept.study().unwrap().size(), 4);
    }

    #[test]
    fn a_saved_study_is_written_again_only_when_it_differs_from_what_was_opened() {
        let mut study = Study::new(Position::start());
        study.play(ROOT, h(7)).unwrap();
        let saved = SavedStudy::new("s".into(), 1, "Mine".into(), None, &study);
        let mut opened = saved.study().unwrap();
        let mut keeper = Keeper::saved(saved, &opened);
        let never = || -> String { unreachable!("a saved study keeps its id") };
        assert_eq!(keeper.changed(&opened, 5, never, never), None);
        opened.set_comment(ROOT, "why 7");
        let kept = keeper.changed(&opened, 6, never, never).unwrap();
        assert_eq!(
            (kept.id.as_str(), kept.title.as_str(), kept.updated),
            ("s", "Mine", 6)
        );
        // The player may keep a shared study as it is.
        let shared = Study::new(Position::start());
        let mut keeper = Keeper::unsaved(&shared, None);
        let kept = keeper.keep(&shared, 7, || "n".into(), || "Sent".into());
        assert_eq!(keeper.copy(), Some(&kept));
    }
}
