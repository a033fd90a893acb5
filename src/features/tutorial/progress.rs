//! The learner's progress: lessons completed and the step reached in each, saved in
//! localStorage under [`KEY`] with a schema version. Anything unreadable there is ignored
//! and the tutorial starts afresh; reading never panics.
//!
//! Self-contained on purpose (a few lines of storage), so it can move onto a shared storage
//! module later without touching the screens.

use serde::{Deserialize, Serialize};

/// The localStorage key.
pub const KEY: &str = "toguz-tutorial";
/// The schema version written and accepted.
pub const VERSION: u32 = 1;

/// Completed lessons and the current step of each (lessons and steps counted from 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Schema version, [`VERSION`].
    pub version: u32,
    /// Lessons completed, in the order they were completed.
    pub done: Vec<usize>,
    /// The step reached in each lesson (index = lesson; missing = 0).
    pub steps: Vec<usize>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress::new()
    }
}

impl Progress {
    /// A fresh start.
    pub fn new() -> Progress {
        Progress {
            version: VERSION,
            done: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// Reads saved progress; `None` for anything that is not a valid save of this version.
    /// Lessons and steps beyond `sizes` (steps per lesson) are dropped.
    pub fn parse(text: &str, sizes: &[usize]) -> Option<Progress> {
        let p: Progress = serde_json::from_str(text).ok()?;
        if p.version != VERSION {
            return None;
        }
        let mut clean = Progress::new();
        for lesson in p.done {
            if lesson < sizes.len() && !clean.done.contains(&lesson) {
                clean.done.push(lesson);
            }
        }
        clean.steps = sizes
            .iter()
            .enumerate()
            .map(|(i, &n)| p.steps.get(i).copied().filter(|&s| s < n).unwrap_or(0))
            .collect();
        Some(clean)
    }

    /// The saved text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// True when `lesson` is completed.
    pub fn is_done(&self, lesson: usize) -> bool {
        self.done.contains(&lesson)
    }

    /// The step reached in `lesson`.
    pub fn step(&self, lesson: usize) -> usize {
        self.steps.get(lesson).copied().unwrap_or(0)
    }

    /// Records the step reached in `lesson`.
    pub fn set_step(&mut self, lesson: usize, step: usize) {
        if self.steps.len() <= lesson {
            self.steps.resize(lesson + 1, 0);
        }
        self.steps[lesson] = step;
    }

    /// Marks `lesson` completed (its step goes back to the start, for a replay).
    pub fn complete(&mut self, lesson: usize) {
        if !self.is_done(lesson) {
            self.done.push(lesson);
        }
        self.set_step(lesson, 0);
    }

    /// The first lesson not completed, if any.
    pub fn next_lesson(&self, count: usize) -> Option<usize> {
        (0..count).find(|&l| !self.is_done(l))
    }

    /// The lesson to offer after `lesson` (of `count`): the first one not completed after it,
    /// else the first one not completed before it; `None` only when every lesson is completed
    /// (then, and only then, the tutorial says so).
    pub fn lesson_after(&self, lesson: usize, count: usize) -> Option<usize> {
        (lesson + 1..count)
            .chain(0..lesson.min(count))
            .find(|&l| !self.is_done(l))
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Loads the saved progress (in the browser), or a fresh start.
pub fn load(sizes: &[usize]) -> Progress {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|text| Progress::parse(&text, sizes))
        .unwrap_or_default()
}

/// Saves the progress (in the browser); a full or blocked storage is ignored.
pub fn save(progress: &Progress) {
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, &progress.to_json());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: &[usize] = &[5, 3, 4];

    #[test]
    fn round_trip() {
        let mut p = Progress::new();
        p.complete(0);
        p.set_step(2, 3);
        let q = Progress::parse(&p.to_json(), SIZES).unwrap();
        assert!(q.is_done(0) && !q.is_done(1));
        assert_eq!(q.step(2), 3);
        assert_eq!(q.step(1), 0);
        assert_eq!(q.next_lesson(3), Some(1));
    }

    #[test]
    fn every_lesson_is_completed_only_when_each_one_is() {
        // Lesson 10 finished first in a fresh browser: 9 lessons are left, lesson 1 first.
        let mut p = Progress::new();
        p.complete(9);
        assert_eq!(p.lesson_after(9, 10), Some(0));
        assert_eq!(p.lesson_after(3, 10), Some(4));
        for l in 0..9 {
            p.complete(l);
        }
        assert_eq!(p.lesson_after(9, 10), None);
        assert_eq!(p.lesson_after(4, 10), None);
        let mut p = Progress::new();
        p.complete(0);
        p.complete(2);
        assert_eq!(p.lesson_after(0, 3), Some(1));
        assert_eq!(p.lesson_after(2, 3), Some(1));
    }

    #[test]
    fn bad_data_is_a_fresh_start_never_a_panic() {
        for text in [
            "",
            "null",
            "{",
            "[]",
            "{\"version\":2,\"done\":[0],\"steps\":[]}",
            "{\"version\":1,\"done\":\"x\",\"steps\":[]}",
            "{\"version\":1,\"done\":[-1],\"steps\":[]}",
        ] {
            assert_eq!(Progress::parse(text, SIZES), None, "{text}");
        }
        // Out-of-range lessons and steps are dropped, duplicates merged.
        let p = Progress::parse(
            "{\"version\":1,\"done\":[9,1,1],\"steps\":[99,2,3,7]}",
            SIZES,
        )
        .unwrap();
        assert_eq!(p.done, vec![1]);
        assert_eq!(p.steps, vec![0, 2, 3]);
    }
}
