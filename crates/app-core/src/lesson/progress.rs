//! The learner's progress: lessons completed and the step reached in each, a versioned value
//! of `toguz_store` (the app saves it in the browser). The bare value older versions kept is
//! migrated; a value that does not read is refused with a typed error.

use serde::{Deserialize, Serialize};

/// Completed lessons and the current step of each (lessons and steps counted from 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Lessons completed, in the order they were completed.
    pub done: Vec<usize>,
    /// The step reached in each lesson (index = lesson; missing = 0).
    pub steps: Vec<usize>,
}

impl toguz_store::Schema for Progress {
    const KIND: &'static str = "tutorial";
    const VERSION: u32 = 1;
    /// Version 0: `{"version":1,"done":[..],"steps":[..]}` under `toguz-tutorial`.
    const BARE: bool = true;

    fn upgrade(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match (from, data) {
            (0, serde_json::Value::Object(mut fields)) => {
                match fields.remove("version").and_then(|v| v.as_u64()) {
                    Some(1) => Ok(serde_json::Value::Object(fields)),
                    Some(v) => Err(format!("unknown version {v} of the tutorial's progress")),
                    None => Err("the tutorial's progress has no version".into()),
                }
            }
            (0, _) => Err("the tutorial's progress must be an object".into()),
            (from, _) => Err(format!("no migration from version {from}")),
        }
    }
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
            done: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// The progress as the lessons are now: lessons and steps beyond `sizes` (steps per
    /// lesson) are dropped, duplicates merged.
    pub fn fit(self, sizes: &[usize]) -> Progress {
        let p = self;
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
        clean
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

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: &[usize] = &[5, 3, 4];

    fn read(text: &str) -> Result<Progress, toguz_store::DecodeError> {
        toguz_store::decode::<Progress>(text).map(|p| p.fit(SIZES))
    }

    #[test]
    fn a_saved_progress_reads_back_the_same() {
        let mut p = Progress::new();
        p.complete(0);
        p.set_step(2, 3);
        let q = read(&toguz_store::encode(&p)).unwrap();
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
    fn the_old_form_is_migrated_and_bad_data_refused() {
        for text in [
            "",
            "null",
            "{",
            "[]",
            "{\"version\":2,\"done\":[0],\"steps\":[]}",
            "{\"version\":1,\"done\":\"x\",\"steps\":[]}",
            "{\"version\":1,\"done\":[-1],\"steps\":[]}",
        ] {
            assert!(read(text).is_err(), "{text}");
        }
        // The old form; out-of-range lessons and steps are dropped, duplicates merged.
        let p = read("{\"version\":1,\"done\":[9,1,1],\"steps\":[99,2,3,7]}").unwrap();
        assert_eq!(p.done, vec![1]);
        assert_eq!(p.steps, vec![0, 2, 3]);
        assert!(toguz_store::encode(&p).contains("\"kind\":\"tutorial\""));
    }
}
