//! [`Schedule`]: when each position of a trained study comes back, by spaced repetition.
//!
//! A card is one of the player's positions in a study: the study's id and the position's text,
//! which names the side to move, the side the player trains. Each answer is graded by FSRS
//! (the `rs-fsrs` crate, its default weights): a right move as "good", a wrong one as "again".
//! A new card answered right comes back in ten minutes, then in days that grow with each right
//! answer; a wrong answer brings it back within minutes.
//!
//! Counting what is due reads only the stored times, so the Learn screen can show the count
//! without the scheduler's code.

use chrono::{DateTime, Utc};
use rs_fsrs::{Card as Memory, Parameters, Rating, State, FSRS};
use serde::{Deserialize, Serialize};
use toguz_engine::Position;

/// One card: which position, and what FSRS remembers of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// The study's id.
    pub study: String,
    /// The position, as the rules write it (`houses kazans tuz side`): its side to move is the
    /// side trained.
    pub position: String,
    /// When it is due, in milliseconds since 1970.
    pub due: u64,
    /// When it was last answered, in milliseconds since 1970.
    pub last: u64,
    /// FSRS's stability (days for the recall to fall to 90%).
    pub stability: f64,
    /// FSRS's difficulty (1 to 10).
    pub difficulty: f64,
    /// The interval scheduled at the last answer, in days.
    #[serde(default)]
    pub scheduled_days: i64,
    /// Answers given.
    pub reps: i32,
    /// Wrong answers after it was learned.
    #[serde(default)]
    pub lapses: i32,
    /// FSRS's state: 1 learning, 2 review, 3 relearning.
    pub state: u8,
}

/// Every card, ordered by study and position. Kept whole under one key with the library
/// (and so in the backup).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    #[serde(default)]
    cards: Vec<Card>,
}

impl toguz_store::Schema for Schedule {
    const KIND: &'static str = "train";
    const VERSION: u32 = 1;
}

/// How a card stands at a given time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Never answered.
    New,
    /// Answered, and due since this time (milliseconds since 1970).
    Due(u64),
    /// Answered, and not due before this time.
    Later(u64),
}

impl Schedule {
    /// The cards.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// How many cards are due at `now`, of every study.
    pub fn due_count(&self, now: u64) -> usize {
        self.cards.iter().filter(|c| c.due <= now).count()
    }

    /// How many cards of the studies `ids` (those still in the library) are due at `now`: a
    /// deleted study's cards stay, for an undo, but are not counted.
    pub fn due_among(&self, ids: &[&str], now: u64) -> usize {
        self.cards
            .iter()
            .filter(|c| c.due <= now && ids.contains(&c.study.as_str()))
            .count()
    }

    /// How many cards of study `id` are due at `now`.
    pub fn due_in(&self, id: &str, now: u64) -> usize {
        self.cards
            .iter()
            .filter(|c| c.study == id && c.due <= now)
            .count()
    }

    fn find(&self, study: &str, position: &str) -> Result<usize, usize> {
        self.cards
            .binary_search_by(|c| (c.study.as_str(), c.position.as_str()).cmp(&(study, position)))
    }

    /// How `position` of study `study` stands at `now`.
    pub fn standing(&self, study: &str, position: &Position, now: u64) -> Standing {
        match self.find(study, &position.to_string()) {
            Ok(i) if self.cards[i].due <= now => Standing::Due(self.cards[i].due),
            Ok(i) => Standing::Later(self.cards[i].due),
            Err(_) => Standing::New,
        }
    }

    /// The card of `position` in study `study`, if it was ever answered.
    pub fn card(&self, study: &str, position: &Position) -> Option<&Card> {
        self.find(study, &position.to_string())
            .ok()
            .map(|i| &self.cards[i])
    }

    /// Grades an answer at `now`: a right one grows the card's interval, a wrong one brings
    /// it back soon. Returns the card as it now stands.
    pub fn answer(&mut self, study: &str, position: &Position, right: bool, now: u64) -> &Card {
        let text = position.to_string();
        let i = match self.find(study, &text) {
            Ok(i) => i,
            Err(i) => {
                self.cards.insert(
                    i,
                    Card {
                        study: study.to_string(),
                        position: text,
                        due: now,
                        last: now,
                        stability: 0.0,
                        difficulty: 0.0,
                        scheduled_days: 0,
                        reps: 0,
                        lapses: 0,
                        state: 0,
                    },
                );
                i
            }
        };
        let card = &mut self.cards[i];
        let rating = if right { Rating::Good } else { Rating::Again };
        let next = scheduler().next(memory(card), time(now), rating).card;
        card.due = u64::try_from(next.due.timestamp_millis()).unwrap_or(now);
        card.last = now;
        card.stability = next.stability;
        card.difficulty = next.difficulty;
        card.scheduled_days = next.scheduled_days;
        card.reps = next.reps;
        card.lapses = next.lapses;
        card.state = next.state as u8;
        card
    }

    /// Forgets the cards of study `id` (when it is deleted); whether there were any.
    pub fn forget(&mut self, id: &str) -> bool {
        let before = self.cards.len();
        self.cards.retain(|c| c.study != id);
        self.cards.len() != before
    }

    /// Forgets the cards of every study but `ids` (those still in the library); whether
    /// there were any.
    pub fn keep_studies(&mut self, ids: &[&str]) -> bool {
        let before = self.cards.len();
        self.cards.retain(|c| ids.contains(&c.study.as_str()));
        self.cards.len() != before
    }
}

fn scheduler() -> FSRS {
    FSRS::new(Parameters {
        enable_fuzz: false,
        enable_short_term: true,
        ..Parameters::default()
    })
}

fn time(ms: u64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(i64::try_from(ms).unwrap_or(i64::MAX)).unwrap_or_default()
}

fn memory(card: &Card) -> Memory {
    Memory {
        due: time(card.due),
        stability: card.stability,
        difficulty: card.difficulty,
        elapsed_days: 0,
        scheduled_days: card.scheduled_days,
        reps: card.reps,
        lapses: card.lapses,
        state: match card.state {
            1 => State::Learning,
            2 => State::Review,
            3 => State::Relearning,
            _ => State::New,
        },
        last_review: time(card.last),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::House;

    const MINUTE: u64 = 60_000;
    const DAY: u64 = 24 * 60 * MINUTE;
    const NOW: u64 = 1_800_000_000_000;

    fn after(moves: &[u8]) -> Position {
        let mut p = Position::start();
        for &m in moves {
            p = p.play(House::new(m).unwrap()).unwrap().0;
        }
        p
    }

    #[test]
    fn a_deleted_studys_cards_are_forgotten_and_the_others_kept_whole() {
        let mut s = Schedule::default();
        for (study, moves) in [("a", &[7][..]), ("b", &[7]), ("b", &[7, 9]), ("c", &[3])] {
            s.answer(study, &after(moves), true, NOW);
        }
        let kept = s.clone();
        assert!(!s.forget("z"), "no card of a study never trained");
        assert!(s.forget("b"));
        assert_eq!(
            s.cards()
                .iter()
                .map(|c| c.study.as_str())
                .collect::<Vec<_>>(),
            ["a", "c"]
        );
        assert!(
            !s.keep_studies(&["a", "c", "d"]),
            "every card's study is still there"
        );
        assert!(s.keep_studies(&["c"]));
        assert_eq!(s.cards(), &kept.cards()[3..], "the card kept as it was");
        assert!(s.keep_studies(&[]));
        assert!(s.cards().is_empty());
        // What is left still reads and grades as before: the order the search needs is kept.
        let mut s = kept.clone();
        s.keep_studies(&["b", "c"]);
        assert_eq!(
            s.card("b", &after(&[7, 9])),
            kept.card("b", &after(&[7, 9]))
        );
        assert_eq!(s.standing("a", &after(&[7]), NOW), Standing::New);
    }

    #[test]
    fn a_position_never_answered_is_new_and_not_counted_as_due() {
        let s = Schedule::default();
        assert_eq!(s.standing("s1", &after(&[]), NOW), Standing::New);
        assert_eq!(s.due_count(NOW), 0);
    }

    #[test]
    fn a_right_answer_brings_a_new_position_back_in_minutes_then_in_days_that_grow() {
        let mut s = Schedule::default();
        let p = after(&[7]);
        let first = s.answer("s1", &p, true, NOW).due;
        assert_eq!(first, NOW + 10 * MINUTE);
        assert_eq!(s.standing("s1", &p, NOW), Standing::Later(first));
        let second = s.answer("s1", &p, true, first).due - first;
        assert!(second >= DAY, "learned: days, not minutes ({second} ms)");
        let at = first + second;
        let third = s.answer("s1", &p, true, at).due - at;
        assert!(third > second, "{third} > {second}");
        assert_eq!(s.card("s1", &p).unwrap().reps, 3);
    }

    #[test]
    fn a_wrong_answer_brings_the_position_back_sooner_than_a_right_one() {
        let mut right = Schedule::default();
        let mut wrong = Schedule::default();
        let p = after(&[7, 9]);
        let r = right.answer("s1", &p, true, NOW).due;
        let w = wrong.answer("s1", &p, false, NOW).due;
        assert_eq!(w, NOW + MINUTE);
        assert!(w < r);
        assert_eq!(wrong.due_count(NOW + MINUTE), 1);
        assert_eq!(right.due_count(NOW + MINUTE), 0);
    }

    #[test]
    fn a_learned_position_missed_comes_back_within_minutes_and_counts_a_lapse() {
        let mut s = Schedule::default();
        let p = after(&[7]);
        let mut at = NOW;
        for _ in 0..3 {
            at = s.answer("s1", &p, true, at).due;
        }
        assert!(s.card("s1", &p).unwrap().scheduled_days >= 1);
        let back = s.answer("s1", &p, false, at).due;
        assert!(back - at <= 10 * MINUTE, "{} ms", back - at);
        assert_eq!(s.card("s1", &p).unwrap().lapses, 1);
    }

    #[test]
    fn cards_are_counted_per_study_and_only_for_the_studies_still_kept() {
        let mut s = Schedule::default();
        s.answer("b", &after(&[7]), false, NOW);
        s.answer("a", &after(&[7]), false, NOW);
        s.answer("a", &after(&[9]), true, NOW);
        assert_eq!(s.due_in("a", NOW + MINUTE), 1);
        assert_eq!(s.due_count(NOW + MINUTE), 2);
        let order: Vec<&str> = s.cards().iter().map(|c| c.study.as_str()).collect();
        assert_eq!(order, ["a", "a", "b"]);
        assert_eq!(s.due_among(&["b"], NOW + MINUTE), 1, "a's are not counted");
        assert!(s.forget("a"));
        assert!(!s.forget("a"));
        assert_eq!(s.due_count(NOW + DAY), 1);
    }

    #[test]
    fn the_schedule_reads_back_what_it_wrote_and_an_empty_value_reads_as_empty() {
        let mut s = Schedule::default();
        s.answer("a", &after(&[7]), true, NOW);
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Schedule>(&text).unwrap(), s);
        assert_eq!(
            serde_json::from_str::<Schedule>("{}").unwrap(),
            Schedule::default()
        );
    }
}
