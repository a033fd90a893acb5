//! A lesson of the tutorial as a plain value: the step shown, the learner's answer and what
//! it got, the lesson finished; commands in, [`Action`]s out for the host (show a sowing,
//! save the progress, open a game), as the play session does. No Leptos and no browser: the
//! whole of a lesson's logic is tested below; `features::tutorial` draws it.
//!
//! - the step's types ([`Step`], [`Kind`], ..): what a lesson is made of;
//! - [`lessons`]: the ten lessons as data (positions, steps, text [`keys`], expected answers);
//! - [`check`]: exercises judged by the engine;
//! - [`claims`]: what each step's text states, checked against the engine;
//! - [`narration`]: what is said at each frame of a sowing;
//! - [`progress`]: the lessons completed and the step reached in each.

pub mod check;
pub mod claims;
pub mod keys;
pub mod lessons;
pub mod narration;
pub mod progress;
mod step;

use toguz_engine::{House, Position, Square};

use check::Attempt;
use narration::Sowing;
pub use step::{b, w, Choice, Goal, Kind, Question, Sq, Step};

/// What the learner's last answer got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// Right.
    Right,
    /// Tapped the wrong house: this one.
    Tapped(Sq),
    /// The last korgool actually lands here.
    Lands(Sq),
    /// The move missed the goal (the text explains the goal).
    Missed(Goal),
    /// The right choice was this.
    Answer(Choice),
}

/// What the lesson asks of its host. Carry them out in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Show this sowing on the board (through the sowing driver), narrated drop by drop.
    Show(Sowing),
    /// No sowing on the board: the step's position.
    ClearSowing,
    /// The learner reached this step of the lesson: save it.
    Reached(usize),
    /// The lesson is completed: save it.
    Completed,
    /// Open a two-player game from this position on the play screen.
    Launch(Position),
}

/// What the hint under the task says, while an exercise waits for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Tap a house.
    Tap,
    /// Play a move.
    Play,
    /// Choose an answer.
    Choose,
}

/// What the board marks for the step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The houses the learner can tap or play now.
    pub playable: Vec<Square>,
    /// The house a move starts from.
    pub last_from: Option<Square>,
    /// Where the last korgool lands, once the learner found it.
    pub last_to: Option<Square>,
    /// Houses pointed at.
    pub marked: Vec<Square>,
    /// Both kazans pointed at.
    pub kazans: bool,
}

/// One lesson in progress. `T` names the steps' texts (never read here).
#[derive(Clone, Debug)]
pub struct Lesson<T: 'static> {
    steps: &'static [Step<T>],
    at: usize,
    position: Position,
    feedback: Option<Feedback>,
    chosen: Option<Choice>,
    finished: bool,
}

impl<T: Copy> Lesson<T> {
    /// Opens a lesson (at least one step) at `step`, the one reached before (past the last:
    /// the last), with what to show first.
    pub fn open(steps: &'static [Step<T>], step: usize) -> (Lesson<T>, Vec<Action>) {
        let mut lesson = Lesson {
            steps,
            at: step.min(steps.len().saturating_sub(1)),
            position: Position::default(),
            feedback: None,
            chosen: None,
            finished: false,
        };
        let actions = lesson.enter();
        (lesson, actions)
    }

    // ----- reading -----

    /// The step shown.
    pub fn step(&self) -> Step<T> {
        self.steps[self.at]
    }

    /// The index of the step shown.
    pub fn step_index(&self) -> usize {
        self.at
    }

    /// How many steps the lesson has.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// The step shown is the last.
    pub fn last_step(&self) -> bool {
        self.at + 1 >= self.steps.len()
    }

    /// The step's position.
    pub fn position(&self) -> Position {
        self.position
    }

    /// What the last answer got.
    pub fn feedback(&self) -> Option<Feedback> {
        self.feedback
    }

    /// The choice made, in a question.
    pub fn chosen(&self) -> Option<Choice> {
        self.chosen
    }

    /// Every step is done.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// An exercise not yet answered right.
    pub fn asking(&self) -> bool {
        self.step().kind.is_exercise() && self.feedback != Some(Feedback::Right)
    }

    /// An exercise waiting for an answer (none given, or the last one taken back).
    pub fn waiting(&self) -> bool {
        self.asking() && self.feedback.is_none()
    }

    /// A wrong answer is shown: the learner may try again.
    pub fn can_retry(&self) -> bool {
        self.feedback.is_some() && self.feedback != Some(Feedback::Right)
    }

    /// Nothing is asked: the learner may go on.
    pub fn can_go_next(&self) -> bool {
        !self.asking() && !self.finished
    }

    /// Whether `choice` shows as the right one: the answer after a wrong choice, or the
    /// learner's right choice.
    pub fn choice_right(&self, choice: Choice) -> bool {
        match self.feedback {
            Some(Feedback::Answer(right)) => right == choice,
            Some(Feedback::Right) => self.chosen == Some(choice),
            _ => false,
        }
    }

    /// The hint under the task, while an exercise waits.
    pub fn hint(&self) -> Option<Hint> {
        if !self.waiting() {
            return None;
        }
        match self.step().kind {
            Kind::TapHouse { .. } | Kind::TapLanding { .. } => Some(Hint::Tap),
            Kind::Play { .. } => Some(Hint::Play),
            Kind::Choose { .. } => Some(Hint::Choose),
            Kind::Look { .. } | Kind::Demo { .. } => None,
        }
    }

    /// What the board marks.
    pub fn marks(&self) -> Marks {
        let kind = self.step().kind;
        let right = self.feedback == Some(Feedback::Right);
        let mover = |house: u8| House::new(house).map(|h| Square::new(self.position.turn(), h));
        let playable = match kind {
            _ if !self.waiting() => Vec::new(),
            Kind::TapHouse { .. } | Kind::TapLanding { .. } => Square::ALL.to_vec(),
            Kind::Play { .. } => {
                let side = self.position.turn();
                let moves = self.position.legal_moves();
                moves.map(|h| Square::new(side, h)).collect()
            }
            _ => Vec::new(),
        };
        let (last_from, last_to) = match kind {
            Kind::TapLanding { house, answer } => {
                (mover(house), right.then(|| square(answer)).flatten())
            }
            Kind::Demo { house } => (mover(house), None),
            Kind::Choose { question, .. } => (question.house().and_then(mover), None),
            _ => (None, None),
        };
        let marked = match kind {
            Kind::Look { marks, .. } => marks.iter().filter_map(|m| square(*m)).collect(),
            Kind::TapHouse { answer } if right => square(answer).into_iter().collect(),
            _ => Vec::new(),
        };
        Marks {
            playable,
            last_from,
            last_to,
            marked,
            kazans: matches!(kind, Kind::Look { kazans: true, .. }),
        }
    }

    // ----- commands -----

    /// A house tapped on the board: the answer of a tap or play exercise waiting for one (a
    /// move that cannot be played is no answer).
    pub fn tap(&mut self, square: Square) -> Vec<Action> {
        if !self.waiting() {
            return Vec::new();
        }
        let pos = self.position;
        match self.step().kind {
            Kind::TapHouse { .. } | Kind::TapLanding { .. } => {
                self.answer(Attempt::Tap(check::sq(square)))
            }
            Kind::Play { .. }
                if square.side() == pos.turn() && pos.check(square.house()).is_ok() =>
            {
                self.answer(Attempt::Play(square.house().get()))
            }
            _ => Vec::new(),
        }
    }

    /// An answer chosen, in a question waiting for one.
    pub fn choose(&mut self, choice: Choice) -> Vec<Action> {
        if !self.waiting() {
            return Vec::new();
        }
        self.chosen = Some(choice);
        self.answer(Attempt::Choose(choice))
    }

    /// Takes back a wrong answer: the exercise waits again.
    pub fn retry(&mut self) -> Vec<Action> {
        self.feedback = None;
        self.chosen = None;
        vec![Action::ClearSowing]
    }

    /// On to the next step, or the lesson is finished after the last.
    pub fn go_on(&mut self) -> Vec<Action> {
        if !self.can_go_next() {
            return Vec::new();
        }
        if self.last_step() {
            self.finished = true;
            return vec![Action::Completed];
        }
        self.at += 1;
        let mut out = vec![Action::Reached(self.at)];
        out.extend(self.enter());
        out
    }

    /// Plays on from the step's position, in a game of its own.
    pub fn try_it(&self) -> Vec<Action> {
        vec![Action::Launch(self.position)]
    }

    /// Each step starts afresh: a demonstration is shown (and played), an exercise waits.
    fn enter(&mut self) -> Vec<Action> {
        let step = self.step();
        self.position = check::position(&step).unwrap_or_default();
        self.feedback = None;
        self.chosen = None;
        let demo = match step.kind {
            Kind::Demo { house } => check::play(&self.position, house).ok(),
            _ => None,
        };
        vec![match demo {
            Some((_, outcome)) => Action::Show(narration::sowing(&self.position, &outcome)),
            None => Action::ClearSowing,
        }]
    }

    /// Judges an answer with the engine and shows what it does.
    fn answer(&mut self, attempt: Attempt) -> Vec<Action> {
        let Ok(right) = check::judge(&self.step(), attempt) else {
            return Vec::new();
        };
        self.feedback = Some(if right {
            Feedback::Right
        } else {
            self.wrong(attempt)
        });
        vec![match self.sowing_of(attempt, right) {
            Some(sowing) => Action::Show(sowing),
            None => Action::ClearSowing,
        }]
    }

    /// What a wrong answer got.
    fn wrong(&self, attempt: Attempt) -> Feedback {
        let pos = &self.position;
        // Only data the tests prove right reaches here: the fallback is never seen.
        let fallback = Feedback::Missed(Goal::Capture);
        match (self.step().kind, attempt) {
            (Kind::TapHouse { .. }, Attempt::Tap(t)) => Feedback::Tapped(t),
            (Kind::TapLanding { house, .. }, _) => check::play(pos, house)
                .map_or(fallback, |(_, o)| Feedback::Lands(check::sq(o.last))),
            (Kind::Play { goal, .. }, _) => Feedback::Missed(goal),
            (Kind::Choose { question, .. }, _) => {
                check::answer(question, pos).map_or(fallback, Feedback::Answer)
            }
            _ => fallback,
        }
    }

    /// The sowing an answer shows: the move tapped about or played (with the opponent's
    /// capturing reply after a move that was not safe), or the end of the game asked about.
    fn sowing_of(&self, attempt: Attempt, right: bool) -> Option<Sowing> {
        let kind = self.step().kind;
        let pos = &self.position;
        let shown = match (kind, attempt) {
            (Kind::TapLanding { house, .. }, _) | (_, Attempt::Play(house)) => Some(house),
            (Kind::Choose { question, .. }, _) => question.house(),
            _ => None,
        };
        let Some(house) = shown else {
            return matches!(kind, Kind::Choose { .. }).then(|| narration::ending(pos));
        };
        let (after, outcome) = check::play(pos, house).ok()?;
        let mine = narration::sowing(pos, &outcome);
        let unsafe_move = matches!(
            kind,
            Kind::Play {
                goal: Goal::Safe,
                ..
            }
        ) && !right;
        Some(match check::best_reply_capture(&after) {
            Some((_, reply)) if unsafe_move => mine.then(narration::sowing(&after, &reply)),
            _ => mine,
        })
    }
}

fn square(sq: Sq) -> Option<Square> {
    check::square(sq).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::Side;

    const START: &str = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

    const fn step(position: &'static str, kind: Kind) -> Step<()> {
        Step {
            position,
            text: (),
            kind,
        }
    }

    /// A look, a demonstration of house 7, "tap Black's 2", "where does house 4 land",
    /// "capture", "what does house 7 do", "play a safe move".
    static STEPS: &[Step<()>] = &[
        step(
            START,
            Kind::Look {
                marks: &[w(1), w(9)],
                kazans: true,
            },
        ),
        step(START, Kind::Demo { house: 7 }),
        step(START, Kind::TapHouse { answer: b(2) }),
        step(
            "9,9,9,7,9,9,9,9,9/9,9,9,9,9,9,9,9,9 2/0 -/- w",
            Kind::TapLanding {
                house: 4,
                answer: b(1),
            },
        ),
        step(
            START,
            Kind::Play {
                goal: Goal::Capture,
                answers: &[7],
            },
        ),
        step(
            START,
            Kind::Choose {
                question: Question::WhatHappens(7),
                answer: Choice::Capture,
            },
        ),
        step(
            "0,2,6,1,4,0,13,1,4/1,11,3,1,4,1,7,0,5 54/44 -/- w",
            Kind::Play {
                goal: Goal::Safe,
                answers: &[4],
            },
        ),
    ];

    fn sq(side: Side, house: u8) -> Square {
        Square::new(side, House::new(house).unwrap())
    }

    fn shown(actions: &[Action]) -> Option<&Sowing> {
        actions.iter().find_map(|a| match a {
            Action::Show(s) => Some(s),
            _ => None,
        })
    }

    #[test]
    fn a_lesson_opens_at_the_step_reached_before() {
        let (l, a) = Lesson::open(STEPS, 2);
        assert_eq!(l.step_index(), 2);
        assert_eq!(a, vec![Action::ClearSowing]);
        assert!(l.waiting() && l.asking());
        let (l, _) = Lesson::open(STEPS, 99);
        assert!(l.last_step(), "a step past the end opens the last");
    }

    #[test]
    fn a_look_marks_its_houses_and_lets_the_learner_go_on() {
        let (mut l, _) = Lesson::open(STEPS, 0);
        let marks = l.marks();
        assert_eq!(marks.marked, vec![sq(Side::White, 1), sq(Side::White, 9)]);
        assert!(marks.kazans && marks.playable.is_empty());
        assert!(l.can_go_next() && l.hint().is_none());
        assert!(l.tap(sq(Side::White, 1)).is_empty(), "nothing to answer");
        let a = l.go_on();
        assert_eq!(a[0], Action::Reached(1));
        let demo = shown(&a).expect("the demonstration is shown");
        assert_eq!(demo.frames.len(), 11, "lift, nine drops, the capture");
        assert_eq!(l.marks().last_from, Some(sq(Side::White, 7)));
    }

    #[test]
    fn a_wrong_tap_says_which_house_was_tapped_and_a_retry_asks_again() {
        let (mut l, _) = Lesson::open(STEPS, 2);
        assert_eq!(l.hint(), Some(Hint::Tap));
        assert_eq!(l.marks().playable.len(), 18);
        let a = l.tap(sq(Side::Black, 3));
        assert_eq!(l.feedback(), Some(Feedback::Tapped(b(3))));
        assert_eq!(a, vec![Action::ClearSowing]);
        assert!(l.can_retry() && !l.can_go_next() && !l.waiting());
        assert!(
            l.tap(sq(Side::Black, 2)).is_empty(),
            "no second answer before a retry"
        );
        assert_eq!(l.retry(), vec![Action::ClearSowing]);
        assert!(l.waiting());
        l.tap(sq(Side::Black, 2));
        assert_eq!(l.feedback(), Some(Feedback::Right));
        assert_eq!(l.marks().marked, vec![sq(Side::Black, 2)]);
        assert!(l.can_go_next() && !l.can_retry());
    }

    #[test]
    fn a_wrong_landing_shows_where_the_last_korgool_really_lands() {
        let (mut l, _) = Lesson::open(STEPS, 3);
        assert_eq!(l.marks().last_from, Some(sq(Side::White, 4)));
        let a = l.tap(sq(Side::White, 5));
        assert_eq!(l.feedback(), Some(Feedback::Lands(b(1))));
        assert_eq!(
            shown(&a).unwrap().frames.len(),
            9,
            "lift, seven drops, the capture"
        );
        l.retry();
        l.tap(sq(Side::Black, 1));
        assert_eq!(l.feedback(), Some(Feedback::Right));
        assert_eq!(l.marks().last_to, Some(sq(Side::Black, 1)));
    }

    #[test]
    fn a_move_that_misses_the_goal_is_shown_and_says_the_goal() {
        let (mut l, _) = Lesson::open(STEPS, 4);
        assert_eq!(l.hint(), Some(Hint::Play));
        assert_eq!(l.marks().playable.len(), 9, "the learner's houses");
        assert!(
            l.tap(sq(Side::Black, 1)).is_empty(),
            "not the learner's house"
        );
        assert!(l.waiting());
        let a = l.tap(sq(Side::White, 1));
        assert_eq!(l.feedback(), Some(Feedback::Missed(Goal::Capture)));
        assert!(shown(&a).is_some(), "the move played is shown");
        l.retry();
        l.tap(sq(Side::White, 7));
        assert_eq!(l.feedback(), Some(Feedback::Right));
    }

    #[test]
    fn a_wrong_choice_shows_the_right_one_and_the_move() {
        let (mut l, _) = Lesson::open(STEPS, 5);
        assert_eq!(l.hint(), Some(Hint::Choose));
        let a = l.choose(Choice::Nothing);
        assert_eq!(l.chosen(), Some(Choice::Nothing));
        assert_eq!(l.feedback(), Some(Feedback::Answer(Choice::Capture)));
        assert!(l.choice_right(Choice::Capture) && !l.choice_right(Choice::Nothing));
        assert!(shown(&a).is_some());
        assert!(
            l.choose(Choice::Capture).is_empty(),
            "no second answer before a retry"
        );
        l.retry();
        assert_eq!(l.chosen(), None);
        l.choose(Choice::Capture);
        assert!(l.choice_right(Choice::Capture));
    }

    #[test]
    fn a_move_that_gives_a_capture_away_is_shown_with_the_reply() {
        let (mut l, _) = Lesson::open(STEPS, 6);
        let (wrong, _) = check::play(&l.position(), 9).unwrap();
        assert!(check::best_reply_capture(&wrong).is_some());
        let a = l.tap(sq(Side::White, 9));
        let both = shown(&a).unwrap().frames.len();
        let (_, outcome) = check::play(&l.position(), 9).unwrap();
        let alone = narration::sowing(&l.position(), &outcome).frames.len();
        assert!(both > alone, "{both} frames: the move and the reply");
        l.retry();
        let a = l.tap(sq(Side::White, 4));
        assert_eq!(l.feedback(), Some(Feedback::Right));
        assert_eq!(
            shown(&a).unwrap().frames.len(),
            narration::sowing(&l.position(), &check::play(&l.position(), 4).unwrap().1)
                .frames
                .len(),
            "a safe move alone"
        );
    }

    #[test]
    fn the_last_step_finishes_the_lesson_once() {
        let (mut l, _) = Lesson::open(STEPS, 6);
        assert!(l.go_on().is_empty(), "an exercise is answered first");
        l.tap(sq(Side::White, 4));
        assert_eq!(l.go_on(), vec![Action::Completed]);
        assert!(l.finished() && !l.can_go_next());
        assert!(l.go_on().is_empty());
        assert_eq!(l.try_it(), vec![Action::Launch(l.position())]);
    }
}
