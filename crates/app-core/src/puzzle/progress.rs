//! The player's puzzle progress and the rules of one try, as plain Rust:
//!
//! - [`Progress`]: the puzzle rating (Glicko-2, `toguz_coach::rating`), the streak, the
//!   history of tries and the theme filter, a versioned value (`toguz_store::Schema`) that
//!   `features::puzzles` saves through the storage gateway under `toguz.puzzles`;
//! - [`Progress::pick`]: the next puzzle, near the player's rating;
//! - [`Trial`]: one puzzle being solved: each move judged by `Puzzle::judge`, the first
//!   result rated once (a wrong move, the hint or the solution shown is a miss).

use serde::{Deserialize, Serialize};
use toguz_coach::puzzle::{Judgement, Puzzle, Theme};
use toguz_coach::rating::{Attempt, PlayerRating, PuzzleRating, Rating};
use toguz_engine::{House, Position};

/// The most tries kept in the history (the oldest go first).
pub const HISTORY_MAX: usize = 100;
/// A new player's rating: the middle of the set (most puzzles are rated 700 to 1400), so
/// that the first puzzles are neither the easiest nor the hardest; the deviation is
/// Glicko-2's for a new player (350), so the first results move it quickly.
pub const START_RATING: f64 = 1000.0;
/// How many of the puzzles nearest the player's rating the next one is drawn from (for
/// variety: the nearest alone would always be the same one).
pub const NEAREST: usize = 6;

/// One try at a puzzle, as the history shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Try {
    /// The puzzle's id (`#/puzzles/<id>`).
    pub id: String,
    /// Solved at the first attempt, or failed.
    pub result: Attempt,
    /// The player's rating before the try, rounded.
    pub before: i32,
    /// The player's rating after it, rounded.
    pub after: i32,
}

/// The player's progress in the puzzles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The player's puzzle rating.
    pub rating: PlayerRating,
    /// Puzzles solved in a row, at the first attempt.
    pub streak: u32,
    /// The longest streak.
    pub best: u32,
    /// The tries, oldest first (at most [`HISTORY_MAX`]).
    pub history: Vec<Try>,
    /// The themes chosen (none: every theme).
    #[serde(default)]
    pub themes: Vec<Theme>,
}

impl toguz_store::Schema for Progress {
    const KIND: &'static str = "puzzles";
    const VERSION: u32 = 1;
}

/// A new player's rating: [`START_RATING`], deviation 350, volatility 0.06.
pub fn start_rating() -> PlayerRating {
    PlayerRating(Rating {
        rating: START_RATING,
        ..Rating::default()
    })
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            rating: start_rating(),
            streak: 0,
            best: 0,
            history: Vec::new(),
            themes: Vec::new(),
        }
    }
}

/// True for a rating that Glicko-2 can go on from (a hand-edited or damaged value may not be).
fn sane(r: &Rating) -> bool {
    r.rating.is_finite()
        && (0.0..=4000.0).contains(&r.rating)
        && r.deviation.is_finite()
        && (1.0..=350.0).contains(&r.deviation)
        && r.volatility.is_finite()
        && (0.0..=1.0).contains(&r.volatility)
        && r.volatility > 0.0
}

impl Progress {
    /// The progress cleaned up after reading: a rating Glicko-2 cannot use is started
    /// afresh, the history cut to [`HISTORY_MAX`], the streaks made consistent and the
    /// themes listed once each.
    pub fn fit(mut self) -> Progress {
        if !sane(&self.rating.0) {
            self.rating = start_rating();
        }
        let extra = self.history.len().saturating_sub(HISTORY_MAX);
        self.history.drain(..extra);
        self.best = self.best.max(self.streak);
        let mut themes = Vec::new();
        for t in self.themes {
            if !themes.contains(&t) {
                themes.push(t);
            }
        }
        themes.sort();
        self.themes = themes;
        self
    }

    /// The player's rating, rounded (what the screen shows).
    pub fn shown_rating(&self) -> i32 {
        self.rating.0.rating.round() as i32
    }

    /// Records the result of the first attempt at a puzzle rated `puzzle_rating`: the
    /// player's new rating (one Glicko-2 game against the puzzle), the streak and the history.
    pub fn record(&mut self, id: &str, puzzle_rating: u16, result: Attempt) -> Try {
        let before = self.shown_rating();
        let (rating, _) = self
            .rating
            .after(&PuzzleRating::initial(puzzle_rating), result);
        if sane(&rating.0) {
            self.rating = rating;
        }
        match result {
            Attempt::Solved => {
                self.streak += 1;
                self.best = self.best.max(self.streak);
            }
            Attempt::Failed => self.streak = 0,
        }
        let t = Try {
            id: id.to_string(),
            result,
            before,
            after: self.shown_rating(),
        };
        self.history.push(t.clone());
        let extra = self.history.len().saturating_sub(HISTORY_MAX);
        self.history.drain(..extra);
        t
    }

    /// The last result of puzzle `id`, if it was tried.
    pub fn last_result(&self, id: &str) -> Option<Attempt> {
        self.history
            .iter()
            .rev()
            .find(|t| t.id == id)
            .map(|t| t.result)
    }

    /// True when `puzzle` has one of the chosen themes (every puzzle when none is chosen).
    pub fn wants(&self, puzzle: &Puzzle) -> bool {
        self.themes.is_empty() || puzzle.themes.iter().any(|t| self.themes.contains(t))
    }

    /// Turns `theme` on or off in the filter.
    pub fn toggle_theme(&mut self, theme: Theme) {
        if let Some(i) = self.themes.iter().position(|&t| t == theme) {
            self.themes.remove(i);
        } else {
            self.themes.push(theme);
            self.themes.sort();
        }
    }

    /// The next puzzle (an index into `puzzles`), other than `current`: among the puzzles of
    /// the chosen themes, those never tried first, then those failed last time, then the
    /// solved ones; among them one of the [`NEAREST`] whose rating is nearest the player's,
    /// drawn by `salt`. `None` when no puzzle has the chosen themes.
    pub fn pick(&self, puzzles: &[Puzzle], current: Option<usize>, salt: u64) -> Option<usize> {
        let tier = |i: usize| match self.last_result(&puzzles[i].id) {
            None => 0,
            Some(Attempt::Failed) => 1,
            Some(Attempt::Solved) => 2,
        };
        let wanted: Vec<usize> = (0..puzzles.len())
            .filter(|&i| Some(i) != current && self.wants(&puzzles[i]))
            .collect();
        let best_tier = wanted.iter().map(|&i| tier(i)).min()?;
        let target = self.rating.0.rating;
        let mut near: Vec<(f64, usize)> = wanted
            .into_iter()
            .filter(|&i| tier(i) == best_tier)
            .map(|i| ((f64::from(puzzles[i].rating) - target).abs(), i))
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.truncate(NEAREST);
        let k = (mix(salt) % near.len() as u64) as usize;
        Some(near[k].1)
    }
}

/// A 64-bit mix (splitmix64), so that consecutive salts pick unrelated puzzles.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Where a puzzle being solved stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The player's move is awaited.
    Playing,
    /// The player's move was not the solution's (the board shows what it does).
    Wrong {
        /// The house played.
        played: House,
    },
    /// Every move of the solution found.
    Solved,
    /// The solution was shown.
    Shown,
}

impl Status {
    /// Its name in the page (`data-status`).
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Wrong { .. } => "wrong",
            Status::Solved => "solved",
            Status::Shown => "shown",
        }
    }
}

/// What a move does to a [`Trial`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not a move the player can make now: nothing happens.
    Ignored,
    /// The solution's move; the opponent replies `reply` and the puzzle goes on.
    Right {
        /// The opponent's reply, from the puzzle.
        reply: House,
    },
    /// The solution's last move.
    Solved,
    /// Another move.
    Wrong,
}

/// One puzzle being solved: the step reached, the status, and whether the try was rated.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// The puzzle's index in the set.
    pub index: usize,
    /// The solution index of the player's next move (0, 2, 4, ...).
    pub step: usize,
    /// Where it stands.
    pub status: Status,
    /// The result recorded for this try (once: the first wrong move, hint or solution shown
    /// is a miss; solving without any is a solve).
    pub rated: Option<Attempt>,
    /// True once the hint was asked for at this step.
    pub hinted: bool,
    /// The puzzle was tried before: this try is not rated.
    pub replay: bool,
    /// The hint was asked for at some step of this try.
    pub helped: bool,
}

impl Trial {
    /// A fresh try at puzzle `index`.
    pub fn new(index: usize) -> Trial {
        Trial {
            index,
            step: 0,
            status: Status::Playing,
            rated: None,
            hinted: false,
            replay: false,
            helped: false,
        }
    }

    /// The try made a replay when the puzzle has a result already (`before`): nothing it does
    /// is rated again.
    pub fn replay_of(mut self, before: Option<Attempt>) -> Trial {
        if before.is_some() {
            self.replay = true;
            self.rated = before;
        }
        self
    }

    /// The position the player moves in now.
    pub fn position(&self, puzzle: &Puzzle) -> Position {
        puzzle.position_before(self.step).unwrap_or(puzzle.position)
    }

    /// The house the solution plays now (the hint's house).
    pub fn expected(&self, puzzle: &Puzzle) -> Option<House> {
        puzzle.solution.get(self.step).copied()
    }

    /// The player plays `house`. Returns the verdict and, when this decides the try's rating
    /// for the first time, the result to record.
    pub fn play(&mut self, puzzle: &Puzzle, house: House) -> (Verdict, Option<Attempt>) {
        if self.status != Status::Playing {
            return (Verdict::Ignored, None);
        }
        match puzzle.judge(self.step, house) {
            Judgement::Illegal => (Verdict::Ignored, None),
            Judgement::Correct { reply } => {
                self.step += 2;
                self.hinted = false;
                (Verdict::Right { reply }, None)
            }
            Judgement::Solved => {
                self.status = Status::Solved;
                (Verdict::Solved, self.rate(Attempt::Solved))
            }
            Judgement::Wrong { .. } => {
                self.status = Status::Wrong { played: house };
                (Verdict::Wrong, self.rate(Attempt::Failed))
            }
        }
    }

    /// Back to the position before the wrong move, to try again (rated already).
    pub fn retry(&mut self) {
        if matches!(self.status, Status::Wrong { .. }) {
            self.status = Status::Playing;
        }
    }

    /// The hint: the house to play glows. A miss for the rating.
    pub fn hint(&mut self) -> Option<Attempt> {
        if self.status != Status::Playing {
            return None;
        }
        self.hinted = true;
        self.helped = true;
        self.rate(Attempt::Failed)
    }

    /// Shows the rest of the solution from the current step: the moves to play on the board
    /// (the player's and the replies). A miss for the rating.
    pub fn show(&mut self, puzzle: &Puzzle) -> (Vec<House>, Option<Attempt>) {
        if matches!(self.status, Status::Solved | Status::Shown) {
            return (Vec::new(), None);
        }
        self.status = Status::Shown;
        let rest = puzzle.solution[self.step.min(puzzle.solution.len())..].to_vec();
        self.step = puzzle.solution.len();
        (rest, self.rate(Attempt::Failed))
    }

    /// True once the try is over (solved or shown): the theme can be told.
    pub fn finished(&self) -> bool {
        matches!(self.status, Status::Solved | Status::Shown)
    }

    fn rate(&mut self, result: Attempt) -> Option<Attempt> {
        if self.rated.is_some() {
            return None;
        }
        self.rated = Some(result);
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_coach::puzzle::parse_puzzles;

    const SET: &str = include_str!("../../../../public/puzzles.tsv");

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    /// A puzzle of three moves: 9, the reply 2, then 1 (the coach's doctest).
    fn long() -> Puzzle {
        "ab12cd34\t1,1,1,1,1,1,1,1,1/19,1,1,1,1,1,1,1,1 60/66 -/- w\t9 2 1\tcapture\t1200\thand"
            .parse()
            .unwrap()
    }

    #[test]
    fn a_right_line_solves_once_and_rates_a_solve() {
        let p = long();
        let mut t = Trial::new(0);
        assert_eq!(t.expected(&p), Some(h(9)));
        assert_eq!(t.play(&p, h(9)), (Verdict::Right { reply: h(2) }, None));
        assert_eq!(t.step, 2);
        assert_eq!(t.expected(&p), Some(h(1)));
        assert_eq!(t.position(&p), p.position_before(2).unwrap());
        assert_eq!(t.play(&p, h(1)), (Verdict::Solved, Some(Attempt::Solved)));
        assert!(t.finished());
        assert_eq!(t.play(&p, h(1)).0, Verdict::Ignored);
    }

    #[test]
    fn a_wrong_move_is_a_miss_once_and_can_be_retried() {
        let p = long();
        let mut t = Trial::new(0);
        assert_eq!(t.play(&p, h(8)), (Verdict::Wrong, Some(Attempt::Failed)));
        assert_eq!(t.status, Status::Wrong { played: h(8) });
        // Nothing is played until the retry.
        assert_eq!(t.play(&p, h(9)).0, Verdict::Ignored);
        t.retry();
        assert_eq!(t.status, Status::Playing);
        assert_eq!(t.play(&p, h(9)).0, Verdict::Right { reply: h(2) });
        // Solved after a miss: not rated again.
        assert_eq!(t.play(&p, h(1)), (Verdict::Solved, None));
    }

    #[test]
    fn hint_and_solution_are_misses() {
        let p = long();
        let mut t = Trial::new(0);
        assert_eq!(t.hint(), Some(Attempt::Failed));
        assert!(t.hinted);
        assert_eq!(t.hint(), None);
        assert_eq!(t.play(&p, h(9)).0, Verdict::Right { reply: h(2) });
        assert!(!t.hinted);
        let (rest, rated) = t.show(&p);
        assert_eq!(rest, vec![h(1)]);
        assert_eq!(rated, None);
        assert_eq!(t.status, Status::Shown);
        let mut fresh = Trial::new(0);
        assert_eq!(
            fresh.show(&p),
            (vec![h(9), h(2), h(1)], Some(Attempt::Failed))
        );
        // An illegal house (house 9, emptied by the first move) changes nothing.
        let mut t = Trial::new(0);
        t.play(&p, h(9));
        assert_eq!(t.play(&p, h(9)), (Verdict::Ignored, None));
        assert_eq!(t.step, 2);
    }

    #[test]
    fn the_rating_goes_up_on_a_solve_and_down_on_a_miss() {
        let mut p = Progress::default();
        assert_eq!(p.shown_rating(), 1000);
        let t = p.record("a", 1000, Attempt::Solved);
        assert_eq!((t.before, p.streak, p.best), (1000, 1, 1));
        assert!(t.after > 1000, "{t:?}");
        p.record("b", 1000, Attempt::Solved);
        assert_eq!(p.streak, 2);
        let before = p.shown_rating();
        let t = p.record("c", 1000, Attempt::Failed);
        assert!(t.after < before);
        assert_eq!((p.streak, p.best), (0, 2));
        assert_eq!(p.last_result("c"), Some(Attempt::Failed));
        assert_eq!(p.last_result("z"), None);
        // Glicko-2 as the coach crate has it: the same numbers.
        let (expected, _) = start_rating().after(&PuzzleRating::initial(1000), Attempt::Solved);
        let mut q = Progress::default();
        q.record("a", 1000, Attempt::Solved);
        assert_eq!(q.rating, expected);
        // A harder puzzle solved gains more than an easier one.
        let mut easy = Progress::default();
        let mut hard = Progress::default();
        easy.record("e", 900, Attempt::Solved);
        hard.record("h", 2100, Attempt::Solved);
        assert!(hard.rating.0.rating > easy.rating.0.rating);
    }

    #[test]
    fn the_history_keeps_the_last_tries() {
        let mut p = Progress::default();
        for i in 0..HISTORY_MAX + 7 {
            p.record(&format!("{i}"), 1200, Attempt::Solved);
        }
        assert_eq!(p.history.len(), HISTORY_MAX);
        assert_eq!(p.history[0].id, "7");
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_of_the_themes() {
        let set = parse_puzzles(SET).unwrap();
        let mut p = Progress::default();
        p.rating.0.rating = 1000.0;
        for salt in 0..20 {
            let i = p.pick(&set, None, salt).unwrap();
            // One of the NEAREST nearest: the set has many puzzles within 30 of 1000.
            assert!(
                (i32::from(set[i].rating) - 1000).abs() <= 30,
                "{}",
                set[i].rating
            );
        }
        p.rating.0.rating = 300.0;
        let low = set.iter().map(|p| p.rating).min().unwrap();
        let i = p.pick(&set, None, 3).unwrap();
        assert_eq!(set[i].rating, low);
        // The current puzzle is never picked again at once.
        let one = &set[..2];
        assert_eq!(p.pick(one, Some(0), 5), Some(1));
        // Themes: only puzzles with a chosen theme.
        p.toggle_theme(Theme::LongSowing);
        for salt in 0..10 {
            let i = p.pick(&set, None, salt).unwrap();
            assert!(set[i].themes.contains(&Theme::LongSowing));
        }
        p.toggle_theme(Theme::LongSowing);
        assert!(p.themes.is_empty());
        // Puzzles never tried come first, then those failed, then those solved.
        let two = &set[..2];
        let mut q = Progress::default();
        q.record(&two[0].id, two[0].rating, Attempt::Solved);
        assert_eq!(q.pick(two, None, 0), Some(1));
        q.record(&two[1].id, two[1].rating, Attempt::Failed);
        assert_eq!(q.pick(two, None, 0), Some(1));
        assert_eq!(q.pick(two, Some(1), 0), Some(0));
        assert_eq!(q.pick(&[], None, 0), None);
    }

    #[test]
    fn progress_round_trips_and_damage_is_refused() {
        let mut p = Progress::default();
        p.record("04097bd0", 700, Attempt::Solved);
        p.toggle_theme(Theme::Tuz);
        let text = toguz_store::encode(&p);
        assert!(text.contains("\"kind\":\"puzzles\""), "{text}");
        let back = toguz_store::decode::<Progress>(&text).unwrap();
        assert!((back.rating.0.rating - p.rating.0.rating).abs() < 1e-9);
        assert_eq!(
            (&back.history, &back.themes, back.streak),
            (&p.history, &p.themes, 1)
        );
        for bad in [
            "",
            "{",
            "null",
            "[]",
            // No envelope, another kind, a newer version, a field of the wrong type.
            r#"{"rating":{"rating":1500,"deviation":350,"volatility":0.06}}"#,
            r#"{"kind":"tutorial","v":1,"data":{}}"#,
            r#"{"kind":"puzzles","v":2,"data":{}}"#,
            r#"{"kind":"puzzles","v":1,"data":{"rating":"high","streak":0,"best":0,"history":[]}}"#,
            r#"{"kind":"puzzles","v":1,"data":{"rating":{"rating":1500,"deviation":350,"volatility":0.06},"streak":-1,"best":0,"history":[]}}"#,
        ] {
            assert!(toguz_store::decode::<Progress>(bad).is_err(), "{bad}");
        }
        // Written before the theme filter existed: read with none.
        let old = r#"{"kind":"puzzles","v":1,"data":{"rating":{"rating":1612.5,"deviation":90,"volatility":0.06},"streak":3,"best":2,"history":[{"id":"x","result":"solved","before":1600,"after":1612}]}}"#;
        let p = toguz_store::decode::<Progress>(old).unwrap().fit();
        assert_eq!(p.shown_rating(), 1613);
        assert_eq!((p.streak, p.best), (3, 3));
        assert!(p.themes.is_empty());
        // A rating Glicko-2 cannot go on from starts afresh.
        let odd = r#"{"kind":"puzzles","v":1,"data":{"rating":{"rating":1500,"deviation":0,"volatility":0.06},"streak":0,"best":0,"history":[],"themes":["tuz","tuz","capture"]}}"#;
        let p = toguz_store::decode::<Progress>(odd).unwrap().fit();
        assert_eq!(p.rating, start_rating());
        assert_eq!(p.themes, vec![Theme::Capture, Theme::Tuz]);
    }
}
