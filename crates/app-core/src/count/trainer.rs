//! [`Trainer`]: the counting trainer's screen as commands in and actions out. The host (the
//! app's `features::count`) fetches the games, runs the sowings, keeps the best scores and
//! calls [`Trainer::tick`] while a run lasts.

use std::sync::Arc;

use toguz_engine::record;
use toguz_engine::search::Rng;
use toguz_engine::Square;

use super::{Best, Deck, Effect, Question, Run, Stage, Step, Verdict};
use crate::anim::{self, Frame, Step as FrameStep};

/// The records the questions come from, next to `index.html` (the PlayOK games that the
/// puzzles come from too, precached for offline use).
pub const FILES: [&str; 2] = ["playok/avataar.pgn", "playok/korgol.pgn"];

/// Where the screen stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// The games are being fetched.
    Loading,
    /// They could not be fetched (the reason, for the notice with its Retry).
    Failed(String),
    /// A stage is to be chosen and a run started.
    Ready,
    /// A run is on.
    Running,
    /// The minute is up: the run's score, and whether it is the stage's new best.
    Over {
        /// Right answers.
        score: u32,
        /// Wrong answers.
        wrong: u32,
        /// Whether the score beat the stage's best.
        best: bool,
    },
}

/// What the host does for the trainer.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Fetch [`FILES`] and hand their texts to [`Trainer::fetched`].
    Fetch,
    /// Show these frames on the board, korgool by korgool.
    Sow(Vec<Frame>),
    /// Stop the sowing shown.
    StopSowing,
    /// Keep [`Trainer::best`].
    SaveBest,
}

/// The counting trainer.
#[derive(Clone, Debug)]
pub struct Trainer {
    phase: Phase,
    deck: Option<Arc<Deck>>,
    stage: Stage,
    run: Option<Run>,
    best: Best,
    rng: Rng,
    /// What the board holds once a sowing shown has ended (none: the question's position).
    held: Option<Frame>,
}

impl Trainer {
    /// The trainer with the saved best scores, before its games are read.
    pub fn new(best: Best, seed: u64) -> Trainer {
        Trainer {
            phase: Phase::Loading,
            deck: None,
            stage: Stage::Short,
            run: None,
            best,
            rng: Rng::new(seed),
            held: None,
        }
    }

    /// Where the screen stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The stage chosen (for the next run, or the one running).
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The best scores.
    pub fn best(&self) -> Best {
        self.best
    }

    /// The run, once one started (kept after it ends, for its last question).
    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }

    /// The question on the board.
    pub fn question(&self) -> Option<&Question> {
        self.run.as_ref().map(Run::question)
    }

    /// The deck, once read (the host keeps it for the page's life).
    pub fn deck(&self) -> Option<Arc<Deck>> {
        self.deck.clone()
    }

    /// What the board shows once the sowing has ended (none: the question's position).
    pub fn held(&self) -> Option<Frame> {
        self.held
    }

    /// Fetches the games (at the start, and again after a failure).
    pub fn load(&mut self) -> Vec<Action> {
        self.phase = Phase::Loading;
        vec![Action::Fetch]
    }

    /// The games' texts, fetched; or why not.
    pub fn fetched(&mut self, texts: Result<Vec<String>, String>) -> Vec<Action> {
        match texts {
            Ok(texts) => {
                let games: Vec<_> = texts
                    .iter()
                    .flat_map(|text| record::read_games(text))
                    .filter_map(Result::ok)
                    .map(|(_, game)| game)
                    .collect();
                let deck = Deck::from_games(&games);
                if deck.is_empty() {
                    self.phase = Phase::Failed("no games".to_string());
                } else {
                    self.ready(Arc::new(deck));
                }
            }
            Err(error) => self.phase = Phase::Failed(error),
        }
        Vec::new()
    }

    /// A deck read before (the screen opened again).
    pub fn ready(&mut self, deck: Arc<Deck>) {
        self.deck = Some(deck);
        self.phase = Phase::Ready;
    }

    /// Chooses the stage of the next run (not while one is on).
    pub fn choose(&mut self, stage: Stage) {
        if self.phase != Phase::Running {
            self.stage = stage;
        }
    }

    /// Starts a run of the chosen stage at `now` (milliseconds).
    pub fn start(&mut self, now: f64) -> Vec<Action> {
        let Some(deck) = self.deck.clone() else {
            return Vec::new();
        };
        if self.phase == Phase::Running {
            return Vec::new();
        }
        match Run::start(&deck, self.stage, &mut self.rng, now) {
            Some(run) => {
                self.run = Some(run);
                self.phase = Phase::Running;
                self.held = None;
                vec![Action::StopSowing]
            }
            None => Vec::new(),
        }
    }

    /// The player taps a house as the landing. A wrong one is shown: the korgools sown one by
    /// one up to the last (what the last one does is the next question).
    pub fn tap(&mut self, square: Square, now: f64) -> Vec<Action> {
        if let Some(ended) = self.tick(now) {
            return ended;
        }
        let Some(run) = self.run.as_mut() else {
            return Vec::new();
        };
        match run.tap(square, now) {
            Some(Verdict {
                show_sowing: true, ..
            }) => {
                let question = run.question();
                let mut frames = anim::frames(&question.position, &question.outcome);
                frames.retain(|f| !matches!(f.step, FrameStep::Capture { .. } | FrameStep::Tuz(_)));
                self.held = frames.last().copied();
                vec![Action::Sow(frames)]
            }
            _ => Vec::new(),
        }
    }

    /// The player says what the last korgool does; then the whole move is shown.
    pub fn answer(&mut self, effect: Effect, now: f64) -> Vec<Action> {
        if let Some(ended) = self.tick(now) {
            return ended;
        }
        let Some(run) = self.run.as_mut() else {
            return Vec::new();
        };
        if run.answer(effect, now).is_none() {
            return Vec::new();
        }
        let question = run.question();
        let frames = anim::frames(&question.position, &question.outcome);
        // After a wrong landing the drops were shown already: only the capture is left.
        let shown = match self.held {
            Some(held) => frames
                .into_iter()
                .skip_while(|f| *f != held)
                .skip(1)
                .collect(),
            None => frames,
        };
        self.held = Some(anim::Frame::of(&{
            let mut after = question.position;
            after.play_unchecked(question.house);
            after
        }));
        if shown.is_empty() {
            Vec::new()
        } else {
            vec![Action::Sow(shown)]
        }
    }

    /// The next question, once both answers are in.
    pub fn next(&mut self, now: f64) -> Vec<Action> {
        if let Some(ended) = self.tick(now) {
            return ended;
        }
        let (Some(run), Some(deck)) = (self.run.as_mut(), self.deck.as_ref()) else {
            return Vec::new();
        };
        if run.next(deck, &mut self.rng, now) {
            self.held = None;
            vec![Action::StopSowing]
        } else {
            Vec::new()
        }
    }

    /// The clock at `now`: once the minute is up the run ends, its score is kept if it is the
    /// stage's best, and the actions to take are returned (none while time is left).
    pub fn tick(&mut self, now: f64) -> Option<Vec<Action>> {
        if self.phase != Phase::Running {
            return None;
        }
        let run = self.run.as_ref()?;
        if !run.is_over(now) {
            return None;
        }
        let (score, wrong) = (run.score(), run.wrong());
        let best = self.best.record(self.stage, score);
        self.phase = Phase::Over { score, wrong, best };
        Some(if best {
            vec![Action::SaveBest]
        } else {
            Vec::new()
        })
    }

    /// The squares that can be tapped now: every house while the landing is asked.
    pub fn tappable(&self) -> bool {
        self.phase == Phase::Running && self.run.as_ref().is_some_and(|r| r.step() == Step::Landing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real games, as the app fetches them.
    const GAMES: &str = include_str!("../../../../public/playok/avataar.pgn");

    fn ready() -> Trainer {
        let mut t = Trainer::new(Best::default(), 5);
        assert_eq!(t.load(), vec![Action::Fetch]);
        assert_eq!(t.phase(), &Phase::Loading);
        t.fetched(Ok(vec![GAMES.to_string()]));
        assert_eq!(t.phase(), &Phase::Ready);
        t
    }

    fn wrong_square(right: Square) -> Square {
        Square::from_index((right.index() + 1) % 18).unwrap()
    }

    #[test]
    fn the_games_not_fetched_leave_a_reason_and_retry_fetches_again() {
        let mut t = Trainer::new(Best::default(), 1);
        t.load();
        t.fetched(Err("offline".into()));
        assert_eq!(t.phase(), &Phase::Failed("offline".into()));
        assert!(t.start(0.0).is_empty());
        assert_eq!(t.load(), vec![Action::Fetch]);
        t.fetched(Ok(vec!["not a record".into()]));
        assert_eq!(t.phase(), &Phase::Failed("no games".into()));
    }

    #[test]
    fn a_right_landing_shows_nothing_and_the_answer_then_plays_the_whole_move() {
        let mut t = ready();
        assert_eq!(t.start(0.0), vec![Action::StopSowing]);
        assert!(t.tappable());
        let q = t.question().unwrap().clone();
        assert!(t.tap(q.landing(), 10.0).is_empty());
        assert!(!t.tappable());
        let actions = t.answer(q.effect(), 20.0);
        let Action::Sow(frames) = &actions[0] else {
            panic!("{actions:?}")
        };
        assert_eq!(frames.len(), anim::frames(&q.position, &q.outcome).len());
        assert_eq!(t.run().unwrap().score(), 2);
        assert_eq!(t.next(30.0), vec![Action::StopSowing]);
        assert_eq!(t.held(), None);
    }

    #[test]
    fn a_wrong_landing_sows_up_to_the_last_korgool_and_the_answer_adds_the_capture() {
        let mut t = ready();
        t.start(0.0);
        // Draw until a question whose last korgool captures, to see the capture held back.
        while t.question().unwrap().effect() != Effect::Capture {
            let q = t.question().unwrap().clone();
            t.tap(q.landing(), 1.0);
            t.answer(q.effect(), 1.0);
            t.next(1.0);
        }
        let q = t.question().unwrap().clone();
        let actions = t.tap(wrong_square(q.landing()), 2.0);
        let Action::Sow(drops) = &actions[0] else {
            panic!("{actions:?}")
        };
        assert_eq!(drops.len(), q.outcome.drops.len() + 1);
        assert_eq!(
            drops.last().unwrap().at(q.landing()) % 2,
            0,
            "the even count stays on the board"
        );
        let actions = t.answer(Effect::Capture, 3.0);
        let Action::Sow(rest) = &actions[0] else {
            panic!("{actions:?}")
        };
        assert_eq!(rest.len(), 1);
        assert_eq!(rest[0].at(q.landing()), 0);
    }

    #[test]
    fn the_minute_ends_the_run_and_a_better_score_is_kept() {
        let mut t = ready();
        t.choose(Stage::Short);
        t.start(1_000.0);
        let q = t.question().unwrap().clone();
        t.tap(q.landing(), 2_000.0);
        assert_eq!(t.tick(60_999.0), None);
        assert_eq!(t.tick(61_000.0), Some(vec![Action::SaveBest]));
        assert_eq!(
            t.phase(),
            &Phase::Over {
                score: 1,
                wrong: 0,
                best: true
            }
        );
        assert_eq!(t.best().of(Stage::Short), 1);
        // Answers after the minute count for nothing.
        assert!(t.answer(q.effect(), 61_500.0).is_empty());
        assert_eq!(t.run().unwrap().score(), 1);
        // A second run scoring less keeps the best.
        t.start(70_000.0);
        assert_eq!(t.tick(130_000.0), Some(Vec::new()));
        assert_eq!(
            t.phase(),
            &Phase::Over {
                score: 0,
                wrong: 0,
                best: false
            }
        );
        assert_eq!(t.best().of(Stage::Short), 1);
    }

    #[test]
    fn the_stage_is_chosen_before_a_run_not_during_it() {
        let mut t = ready();
        t.choose(Stage::Lap);
        assert_eq!(t.stage(), Stage::Lap);
        t.start(0.0);
        assert_eq!(t.question().unwrap().stage(), Stage::Lap);
        t.choose(Stage::Short);
        assert_eq!(t.stage(), Stage::Lap);
    }
}
