//! [`Session`]: a study trained as one side, commands in and actions out.
//!
//! The app plays the other side's moves from the tree; at the player's turn the player must
//! find one of the tree's moves there. A right move goes on; a wrong move is shown, then the
//! tree's move is played from the same position and the session waits for
//! [`Session::next`]. Each answer is graded in the [`Schedule`].
//!
//! A line starts at the position due the longest, when one is due; otherwise at the start,
//! and where the other side has several moves the session picks a line that still holds a
//! position never trained, else one at random, the main line most often (three times as
//! likely as each other move), from a seeded generator so that tests repeat.

use toguz_engine::search::Rng;
use toguz_engine::study::{NodeId, Study, ROOT};
use toguz_engine::{House, Position, Side};

use super::schedule::{Schedule, Standing};
use crate::anim::{self, Frame};
use crate::moves;

/// How much likelier the main line is than each other move of the other side.
const MAIN_WEIGHT: u64 = 3;

/// Where the session stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The player is to find the tree's move in the position shown.
    Find,
    /// The player missed: the tree's move was played; [`Session::next`] goes on.
    Missed,
    /// The line has ended; [`Session::next`] starts another.
    Done,
    /// The study has no move of the side trained.
    Nothing,
}

/// What the last answer was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    /// Whether the move was the tree's.
    pub right: bool,
    /// The move tried, in the notation of the rules.
    pub tried: String,
    /// The tree's move there (the one played), in the notation of the rules.
    pub answer: String,
    /// The line up to and with the tree's move, numbered as the record writes it.
    pub line: String,
}

/// What the host does for the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Show these frames on the board, korgool by korgool (a wrong move's, then the tree's).
    Sow(Vec<Frame>),
    /// Keep [`Session::schedule`].
    Save,
}

/// A study trained as one side.
#[derive(Clone, Debug)]
pub struct Session {
    id: String,
    study: Study,
    side: Side,
    schedule: Schedule,
    rng: Rng,
    at: NodeId,
    phase: Phase,
    feedback: Option<Feedback>,
    right: u32,
    wrong: u32,
}

impl Session {
    /// A session on study `id` as `side`, with the kept schedule; [`Session::start`] begins.
    pub fn new(id: &str, study: Study, side: Side, schedule: Schedule, seed: u64) -> Session {
        Session {
            id: id.to_string(),
            study,
            side,
            schedule,
            rng: Rng::new(seed),
            at: ROOT,
            phase: Phase::Nothing,
            feedback: None,
            right: 0,
            wrong: 0,
        }
    }

    /// Where the session stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The side trained.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The position shown (after the last move played).
    pub fn position(&self) -> Position {
        self.study.position(self.at)
    }

    /// The last move played: the position before it and its house (for the board's mark).
    pub fn last_move(&self) -> Option<(Position, House)> {
        let parent = self.study.parent(self.at)?;
        Some((
            self.study.position(parent),
            self.study.notation(self.at)?.from,
        ))
    }

    /// The last answer, until the next one.
    pub fn feedback(&self) -> Option<&Feedback> {
        self.feedback.as_ref()
    }

    /// (right, wrong) answers in this session.
    pub fn score(&self) -> (u32, u32) {
        (self.right, self.wrong)
    }

    /// The schedule, with this session's answers.
    pub fn schedule(&self) -> &Schedule {
        &self.schedule
    }

    /// How many of this study's positions are due at `now`.
    pub fn due(&self, now: u64) -> usize {
        self.schedule.due_in(&self.id, now)
    }

    /// The number of the move to find, as the record writes it (`3.` or `3...`).
    pub fn move_number(&self) -> String {
        moves::number_label(self.study.start().turn(), self.study.ply(self.at))
    }

    /// The line played so far, numbered as the record writes it.
    pub fn line(&self) -> String {
        let mut nodes = Vec::new();
        let mut n = self.at;
        while let Some(p) = self.study.parent(n) {
            nodes.push(n);
            n = p;
        }
        let houses: Vec<House> = nodes
            .iter()
            .rev()
            .filter_map(|&n| self.study.notation(n).map(|m| m.from))
            .collect();
        let start = self.study.start();
        moves::line(start, &houses, start.turn(), 0)
    }

    /// Begins the first line.
    pub fn start(&mut self, now: u64) -> Vec<Action> {
        self.right = 0;
        self.wrong = 0;
        self.begin_line(now)
    }

    /// Goes on: after a miss, the other side's reply; after a line's end, the next line.
    pub fn next(&mut self, now: u64) -> Vec<Action> {
        match self.phase {
            Phase::Missed => {
                self.feedback = None;
                let frames = self.reply(now);
                sow(frames)
            }
            Phase::Done => self.begin_line(now),
            Phase::Find | Phase::Nothing => Vec::new(),
        }
    }

    /// The player plays `house` in the position shown. Ignored unless a move is to be found
    /// and the rules allow it there.
    pub fn play(&mut self, house: House, now: u64) -> Vec<Action> {
        if self.phase != Phase::Find {
            return Vec::new();
        }
        let before = self.position();
        let mut after = before;
        let Ok(outcome) = after.try_play(house) else {
            return Vec::new();
        };
        let mut frames = anim::frames(&before, &outcome);
        let tried = moves::notation(before, house);
        let chosen = self
            .study
            .children(self.at)
            .iter()
            .copied()
            .find(|&c| self.study.notation(c).is_some_and(|m| m.from == house));
        let right = chosen.is_some();
        let node = chosen.unwrap_or_else(|| self.study.children(self.at)[0]);
        self.schedule.answer(&self.id, &before, right, now);
        self.at = node;
        let answer = self
            .study
            .notation(node)
            .map(|m| m.to_string())
            .unwrap_or_default();
        self.feedback = Some(Feedback {
            right,
            tried,
            answer,
            line: self.line(),
        });
        if right {
            self.right += 1;
            frames.extend(self.reply(now));
        } else {
            self.wrong += 1;
            frames.extend(self.tree_move_frames(node));
            self.phase = Phase::Missed;
        }
        let mut actions = vec![Action::Save];
        actions.extend(sow(frames));
        actions
    }

    /// A new line: at the position due the longest, or from the start.
    fn begin_line(&mut self, now: u64) -> Vec<Action> {
        self.feedback = None;
        if self.player_nodes(ROOT).is_empty() {
            self.at = ROOT;
            self.phase = Phase::Nothing;
            return Vec::new();
        }
        self.at = self.most_due(now).unwrap_or(ROOT);
        let frames = self.reply(now);
        sow(frames)
    }

    /// The other side's moves from the node shown until the player's turn (or the line's
    /// end): their frames. Sets the phase.
    fn reply(&mut self, now: u64) -> Vec<Frame> {
        let mut frames = Vec::new();
        loop {
            let children = self.study.children(self.at);
            if children.is_empty() {
                self.phase = Phase::Done;
                return frames;
            }
            if self.study.position(self.at).turn() == self.side {
                self.phase = Phase::Find;
                return frames;
            }
            let next = self.choose(now);
            frames.extend(self.tree_move_frames(next));
            self.at = next;
        }
    }

    /// The frames of the tree's move to `node` from its parent.
    fn tree_move_frames(&self, node: NodeId) -> Vec<Frame> {
        let (Some(parent), Some(m)) = (self.study.parent(node), self.study.notation(node)) else {
            return Vec::new();
        };
        let mut before = self.study.position(parent);
        let from = before;
        match before.try_play(m.from) {
            Ok(outcome) => anim::frames(&from, &outcome),
            Err(_) => Vec::new(),
        }
    }

    /// The other side's move from the node shown: toward a position never trained if one
    /// is left, else at random, the main line most often.
    fn choose(&mut self, now: u64) -> NodeId {
        let children = self.study.children(self.at).to_vec();
        let fresh: Vec<NodeId> = children
            .iter()
            .copied()
            .filter(|&c| self.holds_new(c, now))
            .collect();
        let pool = if fresh.is_empty() { children } else { fresh };
        let first = self.study.children(self.at)[0];
        let weight = |c: NodeId| if c == first { MAIN_WEIGHT } else { 1 };
        let total: u64 = pool.iter().map(|&c| weight(c)).sum();
        let mut pick = self.rng.below(total);
        for &c in &pool {
            if pick < weight(c) {
                return c;
            }
            pick -= weight(c);
        }
        pool[0]
    }

    /// The player's positions in the tree: the nodes where the side trained is to move and
    /// the tree has a move, from `from` down.
    fn player_nodes(&self, from: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            let children = self.study.children(n);
            if !children.is_empty() && self.study.position(n).turn() == self.side {
                out.push(n);
            }
            stack.extend(children.iter().rev());
        }
        out
    }

    /// Whether the tree from `node` holds a position of the player's never trained.
    fn holds_new(&self, node: NodeId, now: u64) -> bool {
        self.player_nodes(node).into_iter().any(|n| {
            self.schedule
                .standing(&self.id, &self.study.position(n), now)
                == Standing::New
        })
    }

    /// The player's position due the longest at `now`, if one is due.
    fn most_due(&self, now: u64) -> Option<NodeId> {
        self.player_nodes(ROOT)
            .into_iter()
            .filter_map(|n| {
                match self
                    .schedule
                    .standing(&self.id, &self.study.position(n), now)
                {
                    Standing::Due(since) => Some((since, n)),
                    _ => None,
                }
            })
            .min()
            .map(|(_, n)| n)
    }
}

fn sow(frames: Vec<Frame>) -> Vec<Action> {
    if frames.is_empty() {
        Vec::new()
    } else {
        vec![Action::Sow(frames)]
    }
}

#[cfg(test)]
mod tests;
