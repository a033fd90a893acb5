//! The counting trainer: a house of a real game's position is marked, and the player says where
//! its last korgool lands, then what it does there (a capture, a tuz, or nothing).
//!
//! Every answer is the engine's ([`Position::try_play`]): this module picks the questions from
//! real games, times a run of [`RUN_MS`], keeps its score and the best score of each stage.

pub mod trainer;

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use toguz_engine::game::Game;
use toguz_engine::search::Rng;
use toguz_engine::{House, MoveOutcome, NoTuzReason, Position, Side, Square};

/// How long a run lasts.
pub const RUN_MS: f64 = 60_000.0;

/// How far the player has to count: the size of the marked house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// 1 to 9 korgools: the last one lands at most eight houses on.
    Short,
    /// 10 to 18: one lap, round to the mover's own side again.
    Lap,
    /// 19 or more: laps, where every house gets more than one and a tuz swallows its share.
    Laps,
}

impl Stage {
    /// The three stages, easiest first.
    pub const ALL: [Stage; 3] = [Stage::Short, Stage::Lap, Stage::Laps];

    /// The stage of a house holding `count` korgools (none for an empty house).
    pub fn of(count: u8) -> Option<Stage> {
        match count {
            0 => None,
            1..=9 => Some(Stage::Short),
            10..=18 => Some(Stage::Lap),
            _ => Some(Stage::Laps),
        }
    }

    /// The stage's name in addresses and test ids (`short`, `lap`, `laps`).
    pub fn key(self) -> &'static str {
        match self {
            Stage::Short => "short",
            Stage::Lap => "lap",
            Stage::Laps => "laps",
        }
    }

    /// The stage named by [`Stage::key`].
    pub fn from_key(key: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.key() == key)
    }

    fn index(self) -> usize {
        match self {
            Stage::Short => 0,
            Stage::Lap => 1,
            Stage::Laps => 2,
        }
    }
}

/// What the last korgool does where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// An even count on the opponent's side: taken into the mover's kazan.
    Capture,
    /// Exactly three on the opponent's side, where a tuz may be made.
    Tuz,
    /// Nothing is taken.
    Nothing,
}

/// Why the last korgool did what it did, for the feedback's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// An even count on the opponent's side, taken.
    Even(u8),
    /// Three on the opponent's side, made a tuz.
    MadeTuz,
    /// Three on the opponent's side, but no tuz could be made there.
    NoTuz(NoTuzReason),
    /// An odd count on the opponent's side stays.
    Odd(u8),
    /// On the mover's own side nothing is ever taken.
    OwnSide,
    /// The last korgool fell into a tuz: it went on into the tuz owner's kazan.
    IntoTuz(Side),
}

/// One question: a position, the house to sow, and the engine's move from there.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The position, its side to move sowing.
    pub position: Position,
    /// The marked house, of the side to move.
    pub house: House,
    /// The engine's move from the marked house: the answers and the sowing shown after a miss.
    pub outcome: MoveOutcome,
}

impl Question {
    /// The question of sowing `house` in `position`; none when that move is not legal.
    pub fn new(position: Position, house: House) -> Option<Question> {
        let mut after = position;
        let outcome = after.try_play(house).ok()?;
        Some(Question {
            position,
            house,
            outcome,
        })
    }

    /// Who sows.
    pub fn side(&self) -> Side {
        self.position.turn()
    }

    /// The stage the marked house belongs to.
    pub fn stage(&self) -> Stage {
        Stage::of(self.outcome.lifted).expect("a legal move lifts korgools")
    }

    /// Where the last korgool lands.
    pub fn landing(&self) -> Square {
        self.outcome.last
    }

    /// What the last korgool does.
    pub fn effect(&self) -> Effect {
        match self.outcome.capture {
            Some(c) if c.tuz => Effect::Tuz,
            Some(_) => Effect::Capture,
            None => Effect::Nothing,
        }
    }

    /// Why it does that.
    pub fn why(&self) -> Why {
        let out = &self.outcome;
        if let Some(c) = out.capture {
            return if c.tuz {
                Why::MadeTuz
            } else {
                Why::Even(c.count)
            };
        }
        if let Some(reason) = out.no_tuz {
            return Why::NoTuz(reason);
        }
        if let Some(owner) = out.drops.last().and_then(|d| d.to_kazan) {
            return Why::IntoTuz(owner);
        }
        if out.last.side() == out.side {
            return Why::OwnSide;
        }
        let mut after = self.position;
        after.play_unchecked(self.house);
        Why::Odd(after.at(out.last))
    }
}

/// The questions of a set of real games, sorted by stage: every position's legal houses, each
/// (position, house) once.
#[derive(Clone, Debug, Default)]
pub struct Deck {
    by_stage: [Vec<(Position, House)>; 3],
    /// Of the third stage, those with a tuz on the board (its swallowing is the lesson there).
    laps_with_tuz: Vec<(Position, House)>,
}

impl Deck {
    /// The questions found in `games`' positions (finished positions have none).
    pub fn from_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> Deck {
        let mut deck = Deck::default();
        let mut seen = HashSet::new();
        for game in games {
            for position in game.positions() {
                for house in position.legal_moves() {
                    if !seen.insert((position.key(), house)) {
                        continue;
                    }
                    let Some(stage) = Stage::of(position.count(position.turn(), house)) else {
                        continue;
                    };
                    deck.by_stage[stage.index()].push((*position, house));
                    let tuz =
                        position.tuz(Side::White).is_some() || position.tuz(Side::Black).is_some();
                    if stage == Stage::Laps && tuz {
                        deck.laps_with_tuz.push((*position, house));
                    }
                }
            }
        }
        deck
    }

    /// How many questions a stage has.
    pub fn len(&self, stage: Stage) -> usize {
        self.by_stage[stage.index()].len()
    }

    /// Whether no stage has a question.
    pub fn is_empty(&self) -> bool {
        self.by_stage.iter().all(Vec::is_empty)
    }

    /// A question of `stage` drawn at random; in the third stage, one with a tuz on the board
    /// every other draw on average. None when the stage has none.
    pub fn draw(&self, stage: Stage, rng: &mut Rng) -> Option<Question> {
        let all = &self.by_stage[stage.index()];
        let from = if stage == Stage::Laps && !self.laps_with_tuz.is_empty() && rng.below(2) == 0 {
            &self.laps_with_tuz
        } else {
            all
        };
        if from.is_empty() {
            return None;
        }
        let (position, house) = from[rng.below(from.len() as u64) as usize];
        Question::new(position, house)
    }
}

/// Where a question of a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The landing house is asked.
    Landing,
    /// The landing was answered; what the last korgool does is asked.
    Effect,
    /// Both were answered: the next question is one step away.
    Answered,
}

/// The judgement of one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer was the engine's.
    pub right: bool,
    /// After a wrong landing: the sowing is to be shown korgool by korgool (the question's
    /// outcome).
    pub show_sowing: bool,
}

/// A timed run of one stage.
#[derive(Clone, Debug)]
pub struct Run {
    stage: Stage,
    ends_at: f64,
    question: Question,
    step: Step,
    right: u32,
    wrong: u32,
    last: Option<Verdict>,
}

impl Run {
    /// A run of `stage` starting at `now` (milliseconds); none when the deck has no question
    /// of that stage.
    pub fn start(deck: &Deck, stage: Stage, rng: &mut Rng, now: f64) -> Option<Run> {
        let question = deck.draw(stage, rng)?;
        Some(Run {
            stage,
            ends_at: now + RUN_MS,
            question,
            step: Step::Landing,
            right: 0,
            wrong: 0,
            last: None,
        })
    }

    /// The run's stage.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The question being asked.
    pub fn question(&self) -> &Question {
        &self.question
    }

    /// What is asked now.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The last answer's judgement (none before the first answer and after [`Run::next`]).
    pub fn last(&self) -> Option<Verdict> {
        self.last
    }

    /// Right answers so far: the run's score.
    pub fn score(&self) -> u32 {
        self.right
    }

    /// Wrong answers so far.
    pub fn wrong(&self) -> u32 {
        self.wrong
    }

    /// Milliseconds left at `now` (0 once over).
    pub fn left_ms(&self, now: f64) -> f64 {
        (self.ends_at - now).max(0.0)
    }

    /// Whether the time is up at `now`.
    pub fn is_over(&self, now: f64) -> bool {
        now >= self.ends_at
    }

    /// The player taps `square` as the landing: judged, or none when the landing is not what is
    /// asked or the time is up.
    pub fn tap(&mut self, square: Square, now: f64) -> Option<Verdict> {
        if self.step != Step::Landing || self.is_over(now) {
            return None;
        }
        let right = square == self.question.landing();
        self.step = Step::Effect;
        Some(self.judge(right, !right))
    }

    /// The player says what the last korgool does: judged, or none when that is not what is
    /// asked or the time is up.
    pub fn answer(&mut self, effect: Effect, now: f64) -> Option<Verdict> {
        if self.step != Step::Effect || self.is_over(now) {
            return None;
        }
        let right = effect == self.question.effect();
        self.step = Step::Answered;
        Some(self.judge(right, false))
    }

    /// The next question, once both answers are in and while time is left: whether one came.
    pub fn next(&mut self, deck: &Deck, rng: &mut Rng, now: f64) -> bool {
        if self.step != Step::Answered || self.is_over(now) {
            return false;
        }
        let Some(question) = deck.draw(self.stage, rng) else {
            return false;
        };
        self.question = question;
        self.step = Step::Landing;
        self.last = None;
        true
    }

    fn judge(&mut self, right: bool, show_sowing: bool) -> Verdict {
        if right {
            self.right += 1;
        } else {
            self.wrong += 1;
        }
        let verdict = Verdict { right, show_sowing };
        self.last = Some(verdict);
        verdict
    }
}

/// The best score of each stage, kept across visits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    #[serde(default)]
    pub short: u32,
    #[serde(default)]
    pub lap: u32,
    #[serde(default)]
    pub laps: u32,
}

impl toguz_store::Schema for Best {
    const KIND: &'static str = "count";
    const VERSION: u32 = 1;
}

impl Best {
    /// The best score of `stage`.
    pub fn of(&self, stage: Stage) -> u32 {
        match stage {
            Stage::Short => self.short,
            Stage::Lap => self.lap,
            Stage::Laps => self.laps,
        }
    }

    /// Keeps `score` for `stage` if it beats the best: whether it did.
    pub fn record(&mut self, stage: Stage, score: u32) -> bool {
        let best = match stage {
            Stage::Short => &mut self.short,
            Stage::Lap => &mut self.lap,
            Stage::Laps => &mut self.laps,
        };
        if score > *best {
            *best = score;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::record;

    /// The records the app fetches for the trainer (public/playok/).
    fn playok_games() -> Vec<Game> {
        let texts = [
            include_str!("../../../../public/playok/avataar.pgn"),
            include_str!("../../../../public/playok/korgol.pgn"),
        ];
        let games: Vec<Game> = texts
            .iter()
            .flat_map(|text| record::read_games(text))
            .filter_map(Result::ok)
            .map(|(_, game)| game)
            .collect();
        assert!(games.len() > 100, "{} games", games.len());
        games
    }

    fn house(n: u8) -> House {
        House::new(n).unwrap()
    }

    #[test]
    fn every_question_of_real_games_is_answered_as_the_engine_plays_it() {
        let deck = Deck::from_games(&playok_games());
        for stage in Stage::ALL {
            let questions = &deck.by_stage[stage.index()];
            assert!(questions.len() > 500, "{stage:?}: {}", questions.len());
            for &(position, h) in questions {
                let q = Question::new(position, h).unwrap();
                assert_eq!(q.stage(), stage);
                let (after, out) = position.play(h).unwrap();
                assert_eq!(q.landing(), out.last);
                let effect = match out.capture {
                    Some(c) if c.tuz => Effect::Tuz,
                    Some(_) => Effect::Capture,
                    None => Effect::Nothing,
                };
                assert_eq!(q.effect(), effect);
                // The words agree with the board after the move.
                match q.why() {
                    Why::Even(n) => assert!(
                        n % 2 == 0
                            && after.kazan(q.side())
                                == position.kazan(q.side()) + n + out.via_tuz()[q.side()]
                    ),
                    Why::MadeTuz => assert_eq!(after.tuz(q.side()), Some(out.last.house())),
                    Why::NoTuz(_) => assert_eq!(after.at(out.last), 3),
                    Why::Odd(n) => assert!(
                        n % 2 == 1 && after.at(out.last) == n && out.last.side() != q.side()
                    ),
                    Why::OwnSide => assert_eq!(out.last.side(), q.side()),
                    Why::IntoTuz(owner) => assert_eq!(position.tuz_owner(out.last), Some(owner)),
                }
            }
        }
        assert!(!deck.laps_with_tuz.is_empty());
    }

    #[test]
    fn the_stages_are_cut_at_nine_and_eighteen() {
        assert_eq!(Stage::of(0), None);
        assert_eq!(Stage::of(1), Some(Stage::Short));
        assert_eq!(Stage::of(9), Some(Stage::Short));
        assert_eq!(Stage::of(10), Some(Stage::Lap));
        assert_eq!(Stage::of(18), Some(Stage::Lap));
        assert_eq!(Stage::of(19), Some(Stage::Laps));
        for stage in Stage::ALL {
            assert_eq!(Stage::from_key(stage.key()), Some(stage));
        }
    }

    #[test]
    fn a_lap_of_eighteen_ends_in_the_house_before_the_marked_one() {
        // 18 korgools from White's house 5: the first back into 5, the last into house 4.
        let p: Position = "9,9,9,9,18,9,9,9,0/9,9,9,9,9,9,9,9,9 0/0 -/- w"
            .parse()
            .unwrap();
        let q = Question::new(p, house(5)).unwrap();
        assert_eq!(q.stage(), Stage::Lap);
        assert_eq!(q.landing(), Square::new(Side::White, house(4)));
        assert_eq!((q.effect(), q.why()), (Effect::Nothing, Why::OwnSide));
    }

    #[test]
    fn an_even_count_is_taken_and_an_odd_one_stays() {
        let q = Question::new(Position::start(), house(7)).unwrap();
        assert_eq!(q.landing(), Square::new(Side::Black, house(6)));
        assert_eq!((q.effect(), q.why()), (Effect::Capture, Why::Even(10)));
        // 4 korgools from White's house 8 end on Black's house 2, which then holds 9: odd.
        let p: Position = "9,9,9,9,9,9,9,4,9/9,8,9,9,9,9,9,9,9 3/3 -/- w"
            .parse()
            .unwrap();
        let q = Question::new(p, house(8)).unwrap();
        assert_eq!(q.landing(), Square::new(Side::Black, house(2)));
        assert_eq!((q.effect(), q.why()), (Effect::Nothing, Why::Odd(9)));
    }

    #[test]
    fn three_on_house_nine_make_no_tuz_and_the_reason_is_given() {
        let p: Position = "9,9,9,9,9,9,9,9,10/9,9,9,9,9,9,9,9,2 3/3 -/- w"
            .parse()
            .unwrap();
        let q = Question::new(p, house(9)).unwrap();
        assert_eq!(
            (q.effect(), q.why()),
            (Effect::Nothing, Why::NoTuz(NoTuzReason::House9))
        );
        let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let q = Question::new(p, house(9)).unwrap();
        assert_eq!((q.effect(), q.why()), (Effect::Tuz, Why::MadeTuz));
    }

    #[test]
    fn an_empty_house_is_no_question() {
        let p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- w"
            .parse()
            .unwrap();
        assert!(Question::new(p, house(1)).is_none());
    }

    fn start_deck() -> Deck {
        let mut game = Game::new();
        for h in [7, 3, 1] {
            game.play(house(h)).unwrap();
        }
        Deck::from_games([&game])
    }

    #[test]
    fn a_run_judges_the_landing_then_the_effect_and_counts_the_right_answers() {
        let deck = start_deck();
        let mut rng = Rng::new(7);
        let mut run = Run::start(&deck, Stage::Short, &mut rng, 0.0).unwrap();
        let q = run.question().clone();
        // The effect is not asked before the landing.
        assert_eq!(run.answer(q.effect(), 1.0), None);
        let v = run.tap(q.landing(), 1.0).unwrap();
        assert_eq!(
            v,
            Verdict {
                right: true,
                show_sowing: false
            }
        );
        // A second tap is not a second answer.
        assert_eq!(run.tap(q.landing(), 2.0), None);
        assert_eq!(run.step(), Step::Effect);
        let wrong = [Effect::Capture, Effect::Tuz, Effect::Nothing]
            .into_iter()
            .find(|&e| e != q.effect())
            .unwrap();
        assert_eq!(
            run.answer(wrong, 3.0),
            Some(Verdict {
                right: false,
                show_sowing: false
            })
        );
        assert_eq!((run.score(), run.wrong()), (1, 1));
        assert!(run.next(&deck, &mut rng, 4.0));
        assert_eq!((run.step(), run.last()), (Step::Landing, None));
    }

    #[test]
    fn a_wrong_landing_shows_the_sowing() {
        let deck = start_deck();
        let mut rng = Rng::new(3);
        let mut run = Run::start(&deck, Stage::Short, &mut rng, 0.0).unwrap();
        let landing = run.question().landing();
        let elsewhere = Square::from_index((landing.index() + 1) % 18).unwrap();
        assert_eq!(
            run.tap(elsewhere, 1.0),
            Some(Verdict {
                right: false,
                show_sowing: true
            })
        );
        assert_eq!(run.score(), 0);
    }

    #[test]
    fn no_answer_counts_once_the_minute_is_up() {
        let deck = start_deck();
        let mut rng = Rng::new(1);
        let mut run = Run::start(&deck, Stage::Short, &mut rng, 1_000.0).unwrap();
        assert_eq!(run.left_ms(31_000.0), 30_000.0);
        let landing = run.question().landing();
        assert!(run.is_over(61_000.0));
        assert_eq!(run.tap(landing, 61_000.0), None);
        assert_eq!(run.left_ms(70_000.0), 0.0);
        assert_eq!(run.score(), 0);
    }

    #[test]
    fn a_stage_without_questions_starts_no_run() {
        let deck = start_deck();
        assert_eq!(deck.len(Stage::Laps), 0);
        assert!(Run::start(&deck, Stage::Laps, &mut Rng::new(1), 0.0).is_none());
    }

    #[test]
    fn the_best_score_of_a_stage_only_goes_up() {
        let mut best = Best::default();
        assert!(best.record(Stage::Lap, 12));
        assert!(!best.record(Stage::Lap, 9));
        assert!(best.record(Stage::Short, 3));
        assert_eq!(
            (
                best.of(Stage::Short),
                best.of(Stage::Lap),
                best.of(Stage::Laps)
            ),
            (3, 12, 0)
        );
        let text = serde_json::to_string(&best).unwrap();
        assert_eq!(serde_json::from_str::<Best>(&text).unwrap(), best);
        assert_eq!(serde_json::from_str::<Best>("{}").unwrap(), Best::default());
    }
}
