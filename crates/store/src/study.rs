//! Studies: the analysis board's tree of moves (the engine's [`Study`]), kept in the library
//! (`toguz.study.<id>`) and saved as it changes, exported and imported as text.
//!
//! A study is stored as its text (the record format with variations in parentheses, comments
//! in braces and glyphs after the move): the same text the player exports, so what is kept
//! and what is sent are one format, read by one parser. A text is taken as studies when one of
//! its records has variations or a [`STUDY_TAG`]; anything else is a plain record, imported as
//! games exactly as before ([`crate::records::import`]).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use toguz_engine::record::numbering;
use toguz_engine::study::{Study, StudyError, ROOT};

use crate::backend::{Backend, Fault};
use crate::library::{Added, Library, Problem, ReadError};
use crate::versioned::Schema;

/// Where studies are kept: `toguz.study.<id>`.
pub const STUDY_PREFIX: &str = "toguz.study.";
/// The tag that names a study in its text (and marks a text as a study).
pub const STUDY_TAG: &str = "Study";

/// The key of study `id`.
pub fn study_key(id: &str) -> String {
    format!("{STUDY_PREFIX}{id}")
}

/// One study as the library keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedStudy {
    /// Its id (the key is `toguz.study.<id>`).
    pub id: String,
    /// Created, in milliseconds since 1970.
    pub created: u64,
    /// Last changed, in milliseconds since 1970.
    pub updated: u64,
    /// Its name, shown in the library and written as the text's [`STUDY_TAG`].
    pub title: String,
    /// The saved game it was made from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The tree as text (see the module's header).
    pub text: String,
}

impl Schema for SavedStudy {
    const KIND: &'static str = "study";
    const VERSION: u32 = 1;
}

/// What the library's list shows of a study.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudySummary {
    /// The study's id.
    pub id: String,
    /// Its name.
    pub title: String,
    /// Last changed, in milliseconds since 1970.
    pub updated: u64,
    /// Moves on its main line, counted as games' are: the number of its last move (a White
    /// move and Black's reply are one move).
    pub moves: usize,
    /// Plies off its main line, in variations.
    pub variation_moves: usize,
}

impl SavedStudy {
    /// A study with id `id` made at `now` from `study`.
    pub fn new(id: String, now: u64, title: String, game: Option<String>, study: &Study) -> Self {
        let mut s = SavedStudy {
            id,
            created: now,
            updated: now,
            title,
            game,
            text: String::new(),
        };
        s.set(study);
        s
    }

    /// Keeps `study` as the new content (its title tag kept in step).
    pub fn set(&mut self, study: &Study) {
        let mut study = study.clone();
        set_title(&mut study, &self.title);
        self.text = study.to_string();
    }

    /// The tree. A stored text that no longer reads (edited by hand) is an error, never a
    /// panic; the caller keeps the raw text.
    pub fn study(&self) -> Result<Study, Option<StudyError>> {
        Study::read_one(&self.text)
    }

    /// The library's line for it (`None` if its text does not read).
    pub fn summary(&self) -> Option<StudySummary> {
        let study = self.study().ok()?;
        let plies = study.mainline().len();
        let moves = plies
            .checked_sub(1)
            .map_or(0, |last| numbering(study.start().turn(), last).0);
        Some(StudySummary {
            id: self.id.clone(),
            title: self.title.clone(),
            updated: self.updated,
            moves,
            variation_moves: study.size().saturating_sub(plies + 1),
        })
    }

    /// Renames it: its title, and the title tag in its text. A blank name is refused (the
    /// library would show an empty line): false, nothing changed.
    pub fn rename(&mut self, title: &str) -> bool {
        let title = title.trim();
        let Ok(mut study) = self.study() else {
            return false;
        };
        if title.is_empty() {
            return false;
        }
        title.clone_into(&mut self.title);
        set_title(&mut study, title);
        self.text = study.to_string();
        true
    }
}

/// Sets the study's [`STUDY_TAG`] to `title`, first among its tags.
pub fn set_title(study: &mut Study, title: &str) {
    study.tags.retain(|(n, _)| n != STUDY_TAG);
    if !title.is_empty() {
        study
            .tags
            .insert(0, (STUDY_TAG.to_string(), title.to_string()));
    }
}

/// The title a text gives a study: its [`STUDY_TAG`], else its players, else empty.
pub fn title_of(study: &Study) -> String {
    let tag = |name: &str| {
        study
            .tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim().to_string())
            .filter(|v| !v.is_empty() && v != "?")
    };
    if let Some(t) = tag(STUDY_TAG) {
        return t;
    }
    match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => String::new(),
    }
}

/// Whether a text is studies rather than plain records: it has a [`STUDY_TAG`] or a variation.
/// A variation's `(` stands apart (the notation's `76(10)` writes a count right after the
/// move); comments in braces and tag lines are skipped. Decided from the text alone, so a
/// study whose variation does not read still gets the study parser's exact error.
pub fn is_study_text(text: &str) -> bool {
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if !in_comment && trimmed.starts_with('[') {
            if trimmed.starts_with(&format!("[{STUDY_TAG} ")) {
                return true;
            }
            continue;
        }
        let mut before = ' ';
        for c in line.chars() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                '(' if !in_comment && before.is_whitespace() => return true,
                _ => {}
            }
            before = c;
        }
    }
    false
}

/// A study's text as a link's payload (base64url, as games' share links).
pub fn link_payload(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(text)
}

/// The text of a link's payload; `None` if it is not base64url of UTF-8 text.
pub fn read_link_payload(payload: &str) -> Option<String> {
    let bytes = URL_SAFE_NO_PAD
        .decode(payload.trim().trim_end_matches('='))
        .ok()?;
    String::from_utf8(bytes).ok()
}

/// Every study of a text, all or nothing: the first error's exact place and reason.
pub fn read_studies(text: &str) -> Result<Vec<Study>, Option<StudyError>> {
    let all: Vec<_> = Study::read(text).into_iter().collect::<Result<_, _>>()?;
    if all.is_empty() {
        return Err(None);
    }
    Ok(all)
}

impl<B: Backend> Library<B> {
    /// Saves `study`, stamped `now`.
    pub fn save_study(&self, study: &mut SavedStudy, now: u64) -> Result<(), Fault> {
        study.updated = now;
        self.write(&study_key(&study.id), study)
    }

    /// Study `id`; a value that does not read is backed up and reported.
    pub fn study(&self, id: &str) -> Result<Option<SavedStudy>, ReadError> {
        self.read(&study_key(id))
    }

    /// Every study, the last changed first, and the values that did not read (backed up).
    pub fn studies(&self) -> Result<(Vec<SavedStudy>, Vec<Problem>), Fault> {
        let mut out = Vec::new();
        let mut problems = Vec::new();
        for key in self.backend().keys()? {
            if !key.starts_with(STUDY_PREFIX) {
                continue;
            }
            match self.read::<SavedStudy>(&key) {
                Ok(Some(s)) => out.push(s),
                Ok(None) => {}
                Err(ReadError::Fault(f)) => return Err(f),
                Err(ReadError::Corrupt(p)) => problems.push(p),
            }
        }
        out.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
        Ok((out, problems))
    }

    /// Deletes study `id`, giving it back (for an undo).
    pub fn delete_study(&self, id: &str) -> Result<Option<SavedStudy>, ReadError> {
        let s = self.study(id)?;
        self.backend().remove(&study_key(id))?;
        Ok(s)
    }

    /// Adds each study of an imported text as a new study, at `now`: the ids added, and how
    /// many were in the library already (the same tree, whatever its title: a study exported
    /// and imported again) and were skipped.
    pub fn add_studies(&self, studies: &[Study], now: u64) -> Result<Added, Fault> {
        let (kept, _) = self.studies()?;
        let mut known: Vec<Study> = kept.iter().filter_map(|s| s.study().ok()).collect();
        let mut added = Added {
            ids: Vec::new(),
            skipped: 0,
        };
        for study in studies {
            if known.iter().any(|k| same_tree(k, study)) {
                added.skipped += 1;
                continue;
            }
            let id = self.new_id(now);
            let mut saved = SavedStudy::new(id.clone(), now, title_of(study), None, study);
            self.save_study(&mut saved, now)?;
            added.ids.push(id);
            known.push(study.clone());
        }
        Ok(added)
    }
}

/// Whether two studies hold the same game: the same tree and tags, the title aside.
fn same_tree(a: &Study, b: &Study) -> bool {
    let untitled = |s: &Study| {
        let mut s = s.clone();
        s.tags.retain(|(n, _)| n != STUDY_TAG);
        s
    };
    untitled(a) == untitled(b)
}

/// Whether a study has anything worth keeping: a move or a comment on its start.
pub fn worth_keeping(study: &Study) -> bool {
    study.size() > 1 || !study.comment(ROOT).is_empty()
}

#[cfg(test)]
mod tests;
