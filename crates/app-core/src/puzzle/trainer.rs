//! The trainer as a plain value: the puzzle set, the puzzle on the board and the player's try
//! at it, the opponent's answers, the progress, and what the result line says.
//!
//! No Leptos and no browser. Every command answers with the [`Action`]s its host must carry
//! out (fetch the set, sow moves on the board, ask the search worker, save the progress); the
//! host answers back through [`Trainer::fetched`], [`Trainer::opponent_replied`] and
//! [`Trainer::source_failed`]. A search answer carries the token it was asked with: one for a
//! board that started over meanwhile is dropped. Anything random (the next puzzle's draw)
//! comes in as a `salt`.

use std::sync::Arc;

use toguz_coach::puzzle::{parse_puzzles, Puzzle, Theme};
use toguz_coach::rating::Attempt;
use toguz_engine::notation::NotatedMove;
use toguz_engine::{House, MoveOutcome, Position, Side, Square};

use super::progress::{Progress, Status, Trial, Try, Verdict};
use super::source::playok_game;
use crate::anim::{self, Frame, Step};
use crate::announce::MoveSummary;

/// Frames of rest between two moves of a line, so that each can be seen.
pub const PAUSE_FRAMES: usize = 3;

/// The frames of `moves` sown one after another (each move's `anim::frames`), with
/// [`PAUSE_FRAMES`] frames of rest between two moves: the board as the last move left it,
/// nothing happening. `after`: the last frame of a sowing still running that these follow
/// (then they start with a rest too).
pub fn line_frames(moves: &[(Position, MoveOutcome)], after: Option<Frame>) -> Vec<Frame> {
    let mut out = Vec::new();
    let mut last = after;
    for (before, outcome) in moves {
        if let Some(f) = last {
            let rest = Frame {
                step: Step::Still,
                ..f
            };
            out.extend(std::iter::repeat_n(rest, PAUSE_FRAMES));
        }
        let frames = anim::frames(before, outcome);
        last = frames.last().copied();
        out.extend(frames);
    }
    out
}

/// The theme that best says why a puzzle's solution works, when it has several: a tuz or a
/// double threat says more than the capture that comes of it, and an endgame says least.
pub fn main_theme(themes: &[Theme]) -> Option<Theme> {
    const ORDER: [Theme; 6] = [
        Theme::Tuz,
        Theme::DoubleThreat,
        Theme::Capture,
        Theme::Defence,
        Theme::LongSowing,
        Theme::Endgame,
    ];
    ORDER.into_iter().find(|t| themes.contains(t))
}

/// The puzzle set read from the puzzle file's text (or why it was not fetched): an empty set
/// is an error too.
pub fn read_set(text: Result<String, String>) -> Result<Arc<Vec<Puzzle>>, String> {
    match parse_puzzles(&text?) {
        Ok(list) if !list.is_empty() => Ok(Arc::new(list)),
        Ok(_) => Err("empty".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// The puzzle set, once read.
#[derive(Clone, Debug, PartialEq)]
pub enum Set {
    /// Being fetched.
    Loading,
    /// Read.
    Ready(Arc<Vec<Puzzle>>),
    /// Not read: why.
    Failed(String),
}

/// What the result line says after a wrong move about the opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The worker is searching.
    Thinking,
    /// The opponent's best reply.
    Played(MoveSummary),
    /// No reply: the game is over, or the search failed.
    Nothing,
}

/// Opening a puzzle's source game in the replay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SourceState {
    /// Not asked for, or opened.
    #[default]
    Idle,
    /// Being fetched.
    Opening,
    /// It could not be opened.
    Failed,
}

/// One part of the result line, in order (the view puts each in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// "House N is not the move."
    Wrong(House),
    /// The worker searches the opponent's answer.
    Thinking,
    /// The opponent answered with this move.
    Reply(MoveSummary),
    /// "Try again or see the solution."
    WrongThen,
    /// Solved, with no hint.
    Solved,
    /// Solved after the hint showed a move.
    SolvedWithHint,
    /// The solution was shown: its first move (the player's, from where the player was) and
    /// the puzzle's theme that says why it works.
    Shown {
        /// The solution's move, in the notation of the rules.
        first: Option<NotatedMove>,
        /// What the puzzle is about.
        theme: Option<Theme>,
    },
    /// "Right!"
    Right,
    /// "Find the next move."
    FindNext,
    /// The hint is shown on the board.
    HintGiven,
    /// The puzzle was played before: this try does not change the rating.
    NotRated,
}

/// How the result line is marked (`data-result`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing to mark yet.
    None,
    /// A right move (or the puzzle solved).
    Right,
    /// A wrong move.
    Wrong,
}

impl Mark {
    /// Its name in the page: `right`, `wrong` or empty.
    pub fn name(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Right => "right",
            Mark::Wrong => "wrong",
        }
    }
}

/// What the trainer asks its host to do. Carry them out in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Fetch the puzzle file, read it with [`read_set`] and give that to [`Trainer::fetched`].
    FetchSet,
    /// Show the puzzle's id in the address (replacing it: no new history entry).
    ShowId(String),
    /// Stop the search for the opponent's answer: its answer will not be given.
    CancelSearch,
    /// Search the opponent's best move in `position`; give it to
    /// [`Trainer::opponent_replied`] with `token` (`None` if the search failed or could not
    /// start).
    AskReply {
        /// The position after the player's wrong move.
        position: Position,
        /// To give back with the answer.
        token: u32,
    },
    /// Stop the sowing on the board: it shows the trainer's position at once.
    StopSowing,
    /// Skip the running sowing to its end.
    FinishSowing,
    /// Sow `moves` on the board, one after another (each the position before it and the
    /// engine's outcome; their frames are [`line_frames`]); the trainer's position is already
    /// the last one's result.
    Sow {
        /// The moves, in order.
        moves: Vec<(Position, MoveOutcome)>,
        /// After the running sowing, when one runs (instead of in its place).
        queued: bool,
    },
    /// Save the progress.
    SaveProgress,
    /// Fetch PlayOK record `file` and open its game `game` (1-based) in the replay; call
    /// [`Trainer::source_failed`] if that fails.
    OpenSource {
        /// The record file beside the app.
        file: String,
        /// The game in it.
        game: usize,
    },
}

/// The puzzle trainer. Its state is private: read it through the accessors, change it
/// through the commands.
#[derive(Clone, Debug)]
pub struct Trainer {
    set: Set,
    /// The puzzle of the address, opened once the set is read.
    wanted: Option<String>,
    progress: Progress,
    trial: Option<Trial>,
    /// What the board shows when no sowing runs, and the last move's two ends.
    position: Position,
    last: Option<(Square, Square)>,
    answer: Option<Answer>,
    /// The opponent's reply from the puzzle, after a right move.
    replied: Option<MoveSummary>,
    /// The first move of the solution shown, in notation.
    shown: Option<NotatedMove>,
    last_try: Option<Try>,
    missing: Option<String>,
    none_left: bool,
    source: SourceState,
    /// Changes whenever the board starts over: a search answer for an older board is dropped.
    search: u32,
    /// The search in progress: its token and the position searched.
    asked: Option<(u32, Position)>,
}

impl Trainer {
    /// A trainer with the player's `progress`, to open puzzle `wanted` (from the address) or
    /// one near the player's rating once the set is read ([`Trainer::load`] or
    /// [`Trainer::ready`]).
    pub fn new(progress: Progress, wanted: Option<String>) -> Trainer {
        Trainer {
            set: Set::Loading,
            wanted,
            progress,
            trial: None,
            position: Position::start(),
            last: None,
            answer: None,
            replied: None,
            shown: None,
            last_try: None,
            missing: None,
            none_left: false,
            source: SourceState::Idle,
            search: 0,
            asked: None,
        }
    }

    // ----- reading -----

    /// The puzzle set, or where its reading stands.
    pub fn set(&self) -> &Set {
        &self.set
    }

    /// The puzzles, once read.
    pub fn puzzles(&self) -> Option<&Arc<Vec<Puzzle>>> {
        match &self.set {
            Set::Ready(s) => Some(s),
            _ => None,
        }
    }

    /// The puzzle on the board.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzles()?.get(self.trial.as_ref()?.index)
    }

    /// The player's try at it.
    pub fn trial(&self) -> Option<&Trial> {
        self.trial.as_ref()
    }

    /// Where the try stands (`None` before the first puzzle).
    pub fn status(&self) -> Option<Status> {
        self.trial.as_ref().map(|t| t.status)
    }

    /// The player's move is awaited.
    pub fn playing(&self) -> bool {
        self.status() == Some(Status::Playing)
    }

    /// The try is over: solved, or the solution shown.
    pub fn finished(&self) -> bool {
        self.trial.as_ref().is_some_and(Trial::finished)
    }

    /// The position on the board once any sowing has ended.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The last move on the board: the house played and where its last korgool fell.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        self.last
    }

    /// Black's row at the bottom: the player solves with Black.
    pub fn flipped(&self) -> bool {
        self.puzzle().map(Puzzle::player) == Some(Side::Black)
    }

    /// The square the hint makes glow, while it is shown.
    pub fn hint_square(&self) -> Option<Square> {
        let (t, p) = (self.trial.as_ref()?, self.puzzle()?);
        if !(t.hinted && self.playing()) {
            return None;
        }
        let house = t.expected(p)?;
        Some(Square::new(t.position(p).turn(), house))
    }

    /// The player's progress: rating, streak, history, themes.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The last rated try (for the rating's change).
    pub fn last_try(&self) -> Option<&Try> {
        self.last_try.as_ref()
    }

    /// The id of the address that no puzzle has.
    pub fn missing(&self) -> Option<&str> {
        self.missing.as_deref()
    }

    /// No puzzle has the chosen themes.
    pub fn none_left(&self) -> bool {
        self.none_left
    }

    /// Where opening the source game stands.
    pub fn source(&self) -> SourceState {
        self.source
    }

    /// The hint can be asked for: the player's move is awaited, and no hint is shown.
    pub fn can_hint(&self) -> bool {
        self.playing() && !self.trial.as_ref().is_some_and(|t| t.hinted)
    }

    /// The solution can be shown: a puzzle not yet over.
    pub fn can_show(&self) -> bool {
        self.puzzle().is_some() && !self.finished()
    }

    /// The analysis board is offered: once the puzzle is over, so that its engine lines never
    /// give the answer away.
    pub fn can_analyse(&self) -> bool {
        self.finished()
    }

    /// A retry is offered: after a wrong move.
    pub fn can_retry(&self) -> bool {
        matches!(self.status(), Some(Status::Wrong { .. }))
    }

    /// Another puzzle can be drawn: the set is read.
    pub fn can_next(&self) -> bool {
        self.puzzles().is_some()
    }

    /// The prompt's numbers: the player's side, the move to find (1-based) and how many the
    /// puzzle has. None once the puzzle is over: nothing is left to find.
    pub fn prompt(&self) -> Option<(Side, usize, usize)> {
        let (t, p) = (self.trial.as_ref()?, self.puzzle()?);
        if t.finished() {
            return None;
        }
        Some((p.player(), t.step / 2 + 1, p.player_moves()))
    }

    /// How the result line is marked.
    pub fn mark(&self) -> Mark {
        match self.status() {
            Some(Status::Wrong { .. }) => Mark::Wrong,
            Some(Status::Solved) => Mark::Right,
            Some(Status::Playing) if self.trial.as_ref().is_some_and(|t| t.step > 0) => Mark::Right,
            _ => Mark::None,
        }
    }

    /// What the result line says, part by part.
    pub fn feedback(&self) -> Vec<Said> {
        let mut out = Vec::new();
        let Some(t) = &self.trial else {
            return out;
        };
        match t.status {
            Status::Wrong { played } => {
                out.push(Said::Wrong(played));
                match self.answer {
                    Some(Answer::Thinking) => out.push(Said::Thinking),
                    Some(Answer::Played(r)) => out.push(Said::Reply(r)),
                    _ => {}
                }
                out.push(Said::WrongThen);
            }
            Status::Solved => {
                out.extend(self.replied.map(Said::Reply));
                out.push(if t.helped {
                    Said::SolvedWithHint
                } else {
                    Said::Solved
                });
            }
            Status::Shown => out.push(Said::Shown {
                first: self.shown,
                theme: self.puzzle().and_then(|p| main_theme(&p.themes)),
            }),
            Status::Playing => {
                if let Some(r) = self.replied {
                    out.extend([Said::Right, Said::Reply(r), Said::FindNext]);
                }
                if t.hinted {
                    out.push(Said::HintGiven);
                }
            }
        }
        if t.replay && t.finished() {
            out.push(Said::NotRated);
        }
        out
    }

    // ----- the set -----

    /// Fetches the set (again, after a failure).
    pub fn load(&mut self) -> Vec<Action> {
        self.set = Set::Loading;
        vec![Action::FetchSet]
    }

    /// The puzzle file was fetched and read ([`read_set`]), or not: open the puzzle of the
    /// address or one near the player's rating.
    pub fn fetched(&mut self, read: Result<Arc<Vec<Puzzle>>, String>, salt: u64) -> Vec<Action> {
        match read {
            Ok(set) => self.ready(set, salt),
            Err(e) => {
                self.set = Set::Failed(e);
                Vec::new()
            }
        }
    }

    /// The set, read before (kept by the host for the page's life): open the puzzle of the address or one near the player's rating.
    pub fn ready(&mut self, set: Arc<Vec<Puzzle>>, salt: u64) -> Vec<Action> {
        self.set = Set::Ready(set);
        let mut out = Vec::new();
        match self.wanted.clone() {
            Some(id) => self.open_into(&id, salt, &mut out),
            None => self.next_into(salt, &mut out),
        }
        out
    }

    // ----- choosing a puzzle -----

    /// Another puzzle near the player's rating, of the chosen themes (drawn by `salt`).
    pub fn next(&mut self, salt: u64) -> Vec<Action> {
        let mut out = Vec::new();
        self.next_into(salt, &mut out);
        out
    }

    fn next_into(&mut self, salt: u64, out: &mut Vec<Action>) {
        let Some(set) = self.puzzles().cloned() else {
            return;
        };
        let current = self.trial.as_ref().map(|t| t.index);
        match self.progress.pick(&set, current, salt) {
            Some(i) => {
                self.missing = None;
                self.start(i, out);
            }
            None => self.none_left = true,
        }
    }

    /// The puzzle `id` (from the address or the history); another one if the set has none.
    pub fn open(&mut self, id: &str, salt: u64) -> Vec<Action> {
        let mut out = Vec::new();
        self.open_into(id, salt, &mut out);
        out
    }

    fn open_into(&mut self, id: &str, salt: u64, out: &mut Vec<Action>) {
        let Some(set) = self.puzzles().cloned() else {
            return;
        };
        match set.iter().position(|p| p.id == id) {
            Some(i) => {
                self.missing = None;
                self.start(i, out);
            }
            None => {
                self.missing = Some(id.to_string());
                self.next_into(salt, out);
            }
        }
    }

    fn start(&mut self, index: usize, out: &mut Vec<Action>) {
        let Some(id) = self
            .puzzles()
            .and_then(|s| s.get(index))
            .map(|p| p.id.clone())
        else {
            return;
        };
        self.stop_search(out);
        // A puzzle tried before (its solution seen, or analysed once over) is not rated again.
        let t = Trial::new(index).replay_of(self.progress.last_result(&id));
        self.trial = Some(t);
        self.position = self.puzzle().map_or(Position::start(), |p| p.position);
        out.push(Action::StopSowing);
        self.last = None;
        self.answer = None;
        self.replied = None;
        self.shown = None;
        self.none_left = false;
        self.source = SourceState::Idle;
        out.push(Action::ShowId(id));
    }

    // ----- the try -----

    /// The player plays the house at `square` (a click, or a key for the side to move). A
    /// sowing still running ends first. The move is judged by the puzzle: a right one is
    /// answered by the puzzle's reply, a wrong one by the search worker's best move.
    pub fn play(&mut self, square: Square) -> Vec<Action> {
        let mut out = Vec::new();
        let (Some(mut t), Some(p)) = (self.trial.clone(), self.puzzle().cloned()) else {
            return out;
        };
        let before = t.position(&p);
        if square.side() != before.turn() {
            return out;
        }
        out.push(Action::FinishSowing);
        let house = square.house();
        let (verdict, rated) = t.play(&p, house);
        if verdict == Verdict::Ignored {
            return out;
        }
        let mut after = before;
        let Ok(outcome) = after.try_play(house) else {
            return out;
        };
        let mut moves = vec![(before, outcome)];
        self.replied = None;
        if let Verdict::Right { reply } = verdict {
            let mut next = after;
            if let Ok(o) = next.try_play(reply) {
                self.replied = Some(MoveSummary::of(&o));
                moves.push((after, o));
            }
        }
        self.record(&p, rated, &mut out);
        self.trial = Some(t);
        self.sow(moves, false, &mut out);
        if verdict == Verdict::Wrong {
            self.ask_reply(after, &mut out);
        }
        out
    }

    /// The hint: the house to play glows. A miss for the rating.
    pub fn hint(&mut self) -> Vec<Action> {
        let mut out = Vec::new();
        let (Some(mut t), Some(p)) = (self.trial.clone(), self.puzzle().cloned()) else {
            return out;
        };
        let rated = t.hint();
        self.record(&p, rated, &mut out);
        self.trial = Some(t);
        out
    }

    /// Back to the position before the wrong move, to try again.
    pub fn retry(&mut self) -> Vec<Action> {
        let mut out = Vec::new();
        let (Some(mut t), Some(p)) = (self.trial.clone(), self.puzzle().cloned()) else {
            return out;
        };
        self.stop_search(&mut out);
        t.retry();
        self.position = t.position(&p);
        out.push(Action::StopSowing);
        self.last = None;
        self.answer = None;
        self.trial = Some(t);
        out
    }

    /// Plays the rest of the solution on the board, from the position the player is at
    /// (after a wrong move, the one before it). A miss for the rating.
    pub fn show(&mut self) -> Vec<Action> {
        let mut out = Vec::new();
        let (Some(mut t), Some(p)) = (self.trial.clone(), self.puzzle().cloned()) else {
            return out;
        };
        self.stop_search(&mut out);
        let mut pos = t.position(&p);
        let (rest, rated) = t.show(&p);
        self.position = pos;
        self.answer = None;
        self.replied = None;
        let mut moves = Vec::new();
        for h in rest {
            let before = pos;
            match pos.try_play(h) {
                Ok(o) => moves.push((before, o)),
                Err(_) => break,
            }
        }
        self.shown = moves.first().map(|(_, o)| NotatedMove::of(o));
        self.record(&p, rated, &mut out);
        self.trial = Some(t);
        out.push(Action::StopSowing);
        self.sow(moves, false, &mut out);
        out
    }

    /// A key: 1-9 play that house of the side to move, H the hint, R retry (after a wrong
    /// move), S the solution, N the next puzzle. Nothing before the first puzzle.
    pub fn key(&mut self, key: &str, salt: u64) -> Vec<Action> {
        let Some(t) = &self.trial else {
            return Vec::new();
        };
        let wrong = matches!(t.status, Status::Wrong { .. });
        match key {
            "h" | "H" => self.hint(),
            "r" | "R" if wrong => self.retry(),
            "s" | "S" => self.show(),
            "n" | "N" => self.next(salt),
            k => {
                let house = k.parse::<u8>().ok().and_then(House::new);
                let turn = self
                    .puzzle()
                    .zip(self.trial.as_ref())
                    .map(|(p, t)| t.position(p).turn());
                match house.zip(turn) {
                    Some((house, turn)) => self.play(Square::new(turn, house)),
                    None => Vec::new(),
                }
            }
        }
    }

    /// The search worker's best move (`None`: none, or the search failed) for the search of
    /// `token`: played on the board after the wrong move. An answer for an older board is
    /// dropped.
    pub fn opponent_replied(&mut self, token: u32, best: Option<House>) -> Vec<Action> {
        let mut out = Vec::new();
        let after = match self.asked {
            Some((asked, position)) if asked == token && token == self.search => position,
            _ => return out,
        };
        self.asked = None;
        let played = best.and_then(|h| {
            let mut p = after;
            p.try_play(h).ok().map(|o| (after, o))
        });
        match played {
            Some(m) => {
                self.answer = Some(Answer::Played(MoveSummary::of(&m.1)));
                self.sow(vec![m], true, &mut out);
            }
            None => self.answer = Some(Answer::Nothing),
        }
        out
    }

    // ----- themes and the source -----

    /// Turns `theme` on or off in the filter.
    pub fn toggle_theme(&mut self, theme: Theme) -> Vec<Action> {
        self.progress.toggle_theme(theme);
        vec![Action::SaveProgress]
    }

    /// Every theme: the filter emptied.
    pub fn all_themes(&mut self) -> Vec<Action> {
        self.progress.themes.clear();
        vec![Action::SaveProgress]
    }

    /// Opens the PlayOK game the puzzle comes from, if it has one.
    pub fn open_source(&mut self) -> Vec<Action> {
        let Some((file, game)) = self.puzzle().and_then(|p| playok_game(&p.source)) else {
            return Vec::new();
        };
        self.source = SourceState::Opening;
        vec![Action::OpenSource { file, game }]
    }

    /// The source game could not be opened.
    pub fn source_failed(&mut self) {
        self.source = SourceState::Failed;
    }

    // ----- inside -----

    fn stop_search(&mut self, out: &mut Vec<Action>) {
        self.search = self.search.wrapping_add(1);
        self.asked = None;
        out.push(Action::CancelSearch);
    }

    /// The opponent's best answer to a wrong move, from the search worker.
    fn ask_reply(&mut self, after: Position, out: &mut Vec<Action>) {
        if after.is_over() || after.legal_moves().next().is_none() {
            self.answer = Some(Answer::Nothing);
            return;
        }
        self.answer = Some(Answer::Thinking);
        self.asked = Some((self.search, after));
        out.push(Action::AskReply {
            position: after,
            token: self.search,
        });
    }

    /// Puts the last of `moves` on the board and asks for their sowing.
    fn sow(&mut self, moves: Vec<(Position, MoveOutcome)>, queued: bool, out: &mut Vec<Action>) {
        let Some((before, outcome)) = moves.last() else {
            return;
        };
        let mut after = *before;
        after.play_unchecked(outcome.from);
        self.position = after;
        self.last = Some((Square::new(outcome.side, outcome.from), outcome.last));
        out.push(Action::Sow { moves, queued });
    }

    /// Records the first result of the try (`rated`), if this decided it.
    fn record(&mut self, p: &Puzzle, rated: Option<Attempt>, out: &mut Vec<Action>) {
        if let Some(result) = rated {
            self.last_try = Some(self.progress.record(&p.id, p.rating, result));
            out.push(Action::SaveProgress);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = include_str!("../../../../public/puzzles.tsv");
    /// Solved by White's 1.
    const ONE: &str = "1062bc13";
    /// White's 9 solves it; 1 is wrong.
    const FAIL: &str = "196a7642";
    /// Black's 9 solves it.
    const BLACK: &str = "04097bd0";
    /// White's 9, the reply 1, then White's 6.
    const LONG: &str = "0c8c52c5";
    /// White's 4 solves it.
    const HINT: &str = "19da9758";
    /// White's 2 solves it (a tuz).
    const SHOW: &str = "10be7229";

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, h(n))
    }

    fn set() -> Arc<Vec<Puzzle>> {
        Arc::new(parse_puzzles(SET).unwrap())
    }

    /// A new player's trainer on puzzle `id`, and the actions of opening it.
    fn open(id: &str) -> (Trainer, Vec<Action>) {
        let mut t = Trainer::new(Progress::default(), Some(id.into()));
        let a = t.ready(set(), 0);
        assert_eq!(t.puzzle().map(|p| p.id.as_str()), Some(id));
        (t, a)
    }

    fn sown(actions: &[Action]) -> Option<(usize, bool)> {
        actions.iter().find_map(|a| match a {
            Action::Sow { moves, queued } => Some((moves.len(), *queued)),
            _ => None,
        })
    }

    fn asked(actions: &[Action]) -> Option<(Position, u32)> {
        actions.iter().find_map(|a| match a {
            Action::AskReply { position, token } => Some((*position, *token)),
            _ => None,
        })
    }

    fn after(position: Position, houses: &[u8]) -> Position {
        let mut p = position;
        for &n in houses {
            p.try_play(h(n)).unwrap();
        }
        p
    }

    #[test]
    fn opening_a_puzzle_shows_its_id_and_starts_the_board_afresh() {
        let (t, a) = open(ONE);
        assert_eq!(
            a,
            vec![
                Action::CancelSearch,
                Action::StopSowing,
                Action::ShowId(ONE.into())
            ]
        );
        let p = t.puzzle().unwrap().clone();
        assert_eq!(t.position(), p.position);
        assert_eq!(t.status(), Some(Status::Playing));
        assert_eq!(t.prompt(), Some((Side::White, 1, 1)));
        assert_eq!((t.mark(), t.feedback()), (Mark::None, vec![]));
        assert!(t.can_hint() && t.can_show() && !t.can_retry() && t.can_next());
        assert!(!t.flipped());
        assert_eq!(t.last_move(), None);
    }

    #[test]
    fn a_right_move_solves_the_puzzle_raises_the_rating_and_is_sown() {
        let (mut t, _) = open(ONE);
        let start = t.position();
        let a = t.play(sq(Side::White, 1));
        assert_eq!(a[0], Action::FinishSowing);
        assert!(a.contains(&Action::SaveProgress));
        assert_eq!(sown(&a), Some((1, false)));
        assert!(asked(&a).is_none());
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!((t.mark(), t.feedback()), (Mark::Right, vec![Said::Solved]));
        assert_eq!(t.position(), after(start, &[1]));
        assert_eq!(t.last_move().map(|m| m.0), Some(sq(Side::White, 1)));
        let p = t.progress();
        assert!(p.shown_rating() > 1000);
        assert_eq!((p.streak, p.history.len()), (1, 1));
        let last = t.last_try().unwrap();
        assert_eq!((last.before, last.after), (1000, p.shown_rating()));
        assert!(t.finished() && !t.can_show() && !t.can_hint());
    }

    #[test]
    fn a_move_on_the_opponents_row_or_an_empty_house_does_nothing() {
        let (mut t, _) = open(ONE);
        assert!(t.play(sq(Side::Black, 1)).is_empty());
        // White's 3 is empty: the sowing in progress ends, nothing else.
        assert_eq!(t.play(sq(Side::White, 3)), vec![Action::FinishSowing]);
        assert_eq!(t.status(), Some(Status::Playing));
        assert_eq!(t.progress().history.len(), 0);
    }

    #[test]
    fn a_wrong_move_is_answered_by_the_workers_best_reply_and_lowers_the_rating() {
        let (mut t, _) = open(FAIL);
        let start = t.position();
        let a = t.play(sq(Side::White, 1));
        assert_eq!(t.status(), Some(Status::Wrong { played: h(1) }));
        assert!(t.progress().shown_rating() < 1000);
        assert_eq!(t.progress().streak, 0);
        assert_eq!(sown(&a), Some((1, false)));
        let (position, token) = asked(&a).expect("the worker is asked");
        assert_eq!(position, after(start, &[1]));
        assert_eq!(
            t.feedback(),
            vec![Said::Wrong(h(1)), Said::Thinking, Said::WrongThen]
        );
        assert_eq!(t.mark(), Mark::Wrong);
        assert!(t.can_retry() && !t.can_hint());
        // The reply is played after the wrong move, queued behind its sowing.
        let reply = position.legal_moves().next().unwrap();
        let a = t.opponent_replied(token, Some(reply));
        assert_eq!(sown(&a), Some((1, true)));
        let mut expected = position;
        let outcome = expected.try_play(reply).unwrap();
        assert_eq!(t.position(), expected);
        assert_eq!(
            t.feedback(),
            vec![
                Said::Wrong(h(1)),
                Said::Reply(MoveSummary::of(&outcome)),
                Said::WrongThen
            ]
        );
        // The same answer twice is played once.
        assert!(t.opponent_replied(token, Some(reply)).is_empty());
    }

    #[test]
    fn a_retry_goes_back_and_a_solve_after_a_miss_is_not_rated_again() {
        let (mut t, _) = open(FAIL);
        let start = t.position();
        let (_, token) = asked(&t.play(sq(Side::White, 1))).unwrap();
        let rating = t.progress().shown_rating();
        let a = t.retry();
        assert_eq!(a, vec![Action::CancelSearch, Action::StopSowing]);
        assert_eq!((t.position(), t.last_move()), (start, None));
        assert_eq!(t.status(), Some(Status::Playing));
        // The answer to the search before the retry comes too late: dropped.
        assert!(t.opponent_replied(token, Some(h(1))).is_empty());
        assert_eq!(t.position(), start);
        let a = t.play(sq(Side::White, 9));
        assert!(!a.contains(&Action::SaveProgress));
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!(t.progress().shown_rating(), rating);
        assert_eq!(t.progress().streak, 0);
        assert_eq!(t.progress().history.len(), 1);
    }

    #[test]
    fn a_failed_search_leaves_the_wrong_move_without_an_answer() {
        let (mut t, _) = open(FAIL);
        let (_, token) = asked(&t.play(sq(Side::White, 1))).unwrap();
        assert!(t.opponent_replied(token, None).is_empty());
        assert_eq!(t.feedback(), vec![Said::Wrong(h(1)), Said::WrongThen]);
        // An illegal best move is no answer either.
        let (mut t, _) = open(FAIL);
        let (position, token) = asked(&t.play(sq(Side::White, 1))).unwrap();
        // Black's 1 is empty there.
        assert!(position.check(h(1)).is_err());
        assert!(t.opponent_replied(token, Some(h(1))).is_empty());
        assert_eq!(t.position(), position);
        assert_eq!(t.feedback(), vec![Said::Wrong(h(1)), Said::WrongThen]);
    }

    #[test]
    fn a_longer_puzzle_plays_the_stored_reply_and_asks_for_the_next_move() {
        let (mut t, _) = open(LONG);
        let start = t.position();
        assert_eq!(t.prompt(), Some((Side::White, 1, 2)));
        let a = t.play(sq(Side::White, 9));
        assert_eq!(sown(&a), Some((2, false)));
        assert!(!a.contains(&Action::SaveProgress), "not decided yet");
        assert_eq!(t.position(), after(start, &[9, 1]));
        assert_eq!(t.status(), Some(Status::Playing));
        assert_eq!(t.mark(), Mark::Right);
        let reply = match t.feedback()[..] {
            [Said::Right, Said::Reply(r), Said::FindNext] => r,
            ref other => panic!("{other:?}"),
        };
        assert_eq!((reply.side, reply.from), (Side::Black, h(1)));
        assert_eq!(t.prompt(), Some((Side::White, 2, 2)));
        // The keyboard plays the side to move's house.
        t.key("6", 0);
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!(t.position(), after(start, &[9, 1, 6]));
        assert!(t.progress().shown_rating() > 1000);
    }

    #[test]
    fn blacks_puzzle_turns_the_board_and_black_plays_it() {
        let (mut t, _) = open(BLACK);
        assert!(t.flipped());
        assert_eq!(t.prompt(), Some((Side::Black, 1, 1)));
        t.key("9", 0);
        assert_eq!(t.status(), Some(Status::Solved));
    }

    #[test]
    fn the_hint_glows_on_the_solutions_house_and_is_a_miss_once() {
        let (mut t, _) = open(HINT);
        assert_eq!(t.hint_square(), None);
        let a = t.hint();
        assert_eq!(a, vec![Action::SaveProgress]);
        assert_eq!(t.hint_square(), Some(sq(Side::White, 4)));
        assert!(!t.can_hint());
        assert_eq!(t.feedback(), vec![Said::HintGiven]);
        assert!(t.progress().shown_rating() < 1000);
        assert!(t.key("h", 0).is_empty(), "rated once");
        t.play(sq(Side::White, 4));
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!(t.hint_square(), None);
        assert_eq!(t.progress().history.len(), 1);
    }

    #[test]
    fn showing_the_solution_sows_it_from_the_puzzle_and_is_a_miss() {
        let (mut t, _) = open(SHOW);
        let start = t.position();
        let a = t.key("s", 0);
        assert_eq!(a[0], Action::CancelSearch);
        assert!(a.contains(&Action::SaveProgress));
        assert_eq!(sown(&a), Some((1, false)));
        assert_eq!(t.status(), Some(Status::Shown));
        assert_eq!(t.position(), after(start, &[2]));
        // It names the move, and why it works: the puzzle's tuz.
        let mut p = start;
        let first = NotatedMove::of(&p.try_play(h(2)).unwrap());
        assert!(first.tuz, "{first}");
        assert_eq!(
            t.feedback(),
            vec![Said::Shown {
                first: Some(first),
                theme: Some(Theme::Tuz)
            }]
        );
        assert!(t.progress().shown_rating() < 1000);
        assert!(t.finished() && !t.can_show());
        // After a wrong move, from the position before it.
        let (mut t, _) = open(FAIL);
        let start = t.position();
        t.play(sq(Side::White, 1));
        let a = t.show();
        assert!(
            !a.contains(&Action::SaveProgress),
            "rated at the wrong move"
        );
        assert_eq!(t.position(), after(start, &[9]));
    }

    #[test]
    fn the_prompt_goes_once_the_puzzle_is_over() {
        let (mut t, _) = open(ONE);
        assert!(t.prompt().is_some());
        t.play(sq(Side::White, 1));
        assert_eq!(t.prompt(), None, "nothing is left to find beside 'Solved!'");
        let (mut t, _) = open(SHOW);
        t.show();
        assert_eq!(t.prompt(), None);
    }

    #[test]
    fn a_solve_after_the_hint_says_it_was_helped() {
        let (mut t, _) = open(HINT);
        t.hint();
        t.play(sq(Side::White, 4));
        assert_eq!(t.feedback(), vec![Said::SolvedWithHint]);
        // The hint at the first step of a longer puzzle still counts at its end.
        let (mut t, _) = open(LONG);
        t.hint();
        t.play(sq(Side::White, 9));
        t.play(sq(Side::White, 6));
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!(t.feedback().last(), Some(&Said::SolvedWithHint));
    }

    #[test]
    fn the_theme_that_says_most_explains_the_solution() {
        assert_eq!(
            main_theme(&[Theme::Capture, Theme::Defence]),
            Some(Theme::Capture)
        );
        assert_eq!(main_theme(&[Theme::Defence, Theme::Tuz]), Some(Theme::Tuz));
        assert_eq!(
            main_theme(&[Theme::Capture, Theme::DoubleThreat, Theme::Endgame]),
            Some(Theme::DoubleThreat)
        );
        assert_eq!(main_theme(&[]), None);
    }

    #[test]
    fn r_retries_only_after_a_wrong_move_and_keys_wait_for_a_puzzle() {
        let (mut t, _) = open(FAIL);
        assert!(t.key("r", 0).is_empty());
        t.play(sq(Side::White, 1));
        assert!(t.key("R", 0).contains(&Action::StopSowing));
        assert_eq!(t.status(), Some(Status::Playing));
        let mut empty = Trainer::new(Progress::default(), None);
        assert!(empty.key("n", 0).is_empty());
        assert!(empty.key("1", 0).is_empty());
        assert!(empty.status().is_none() && !empty.can_next() && !empty.can_show());
    }

    #[test]
    fn next_draws_another_puzzle_of_the_chosen_themes() {
        let (mut t, _) = open(ONE);
        assert_eq!(t.toggle_theme(Theme::Tuz), vec![Action::SaveProgress]);
        for salt in 0..5 {
            let a = t.key("n", salt);
            let p = t.puzzle().unwrap();
            assert!(p.themes.contains(&Theme::Tuz), "{}", p.id);
            assert_eq!(a.last(), Some(&Action::ShowId(p.id.clone())));
        }
        assert_eq!(t.all_themes(), vec![Action::SaveProgress]);
        assert!(t.progress().themes.is_empty());
        // A set without the chosen theme: none left, the puzzle stays.
        let one: Vec<Puzzle> = set().iter().filter(|p| p.id == ONE).cloned().collect();
        let mut t = Trainer::new(Progress::default(), None);
        t.ready(Arc::new(one), 0);
        t.toggle_theme(Theme::Tuz);
        assert!(t.next(0).is_empty());
        assert!(t.none_left());
        assert_eq!(t.puzzle().map(|p| p.id.as_str()), Some(ONE));
    }

    #[test]
    fn an_unknown_id_opens_another_puzzle_or_is_told_when_none_is_left() {
        let mut t = Trainer::new(Progress::default(), Some("nothere".into()));
        t.ready(set(), 0);
        assert!(t.puzzle().is_some());
        assert!(!t.none_left());
        t.open(ONE, 0);
        assert_eq!(t.missing(), None);
        assert_eq!(t.puzzle().map(|p| p.id.as_str()), Some(ONE));
        // No other puzzle of the chosen themes: the missing id is told.
        let one: Vec<Puzzle> = set().iter().filter(|p| p.id == ONE).cloned().collect();
        let mut t = Trainer::new(Progress::default(), Some("nothere".into()));
        t.ready(Arc::new(one), 0);
        assert_eq!(t.missing(), None, "the one puzzle is opened");
        t.toggle_theme(Theme::Tuz);
        t.open("nothere", 0);
        assert_eq!(t.missing(), Some("nothere"));
        assert!(t.none_left());
    }

    #[test]
    fn the_set_is_fetched_and_a_failure_can_be_loaded_again() {
        let mut t = Trainer::new(Progress::default(), Some(LONG.into()));
        assert_eq!(t.set(), &Set::Loading);
        assert_eq!(t.load(), vec![Action::FetchSet]);
        assert!(t.fetched(read_set(Err("offline".into())), 0).is_empty());
        assert_eq!(t.set(), &Set::Failed("offline".into()));
        assert!(t.fetched(read_set(Ok("# nothing\n".into())), 0).is_empty());
        assert_eq!(t.set(), &Set::Failed("empty".into()));
        assert!(t.fetched(read_set(Ok("not a puzzle".into())), 0).is_empty());
        assert!(matches!(t.set(), Set::Failed(_)));
        t.load();
        let a = t.fetched(read_set(Ok(SET.into())), 0);
        assert_eq!(a.last(), Some(&Action::ShowId(LONG.into())));
        assert!(t.can_next());
    }

    #[test]
    fn a_line_is_sown_move_after_move_with_a_rest_between() {
        let start = Position::start();
        let mut mid = start;
        let first = mid.try_play(h(7)).unwrap();
        let mut end = mid;
        let second = end.try_play(h(3)).unwrap();
        let one = anim::frames(&start, &first);
        let two = anim::frames(&mid, &second);
        let line = line_frames(&[(start, first), (mid, second.clone())], None);
        assert_eq!(line.len(), one.len() + PAUSE_FRAMES + two.len());
        assert_eq!(line[..one.len()], one[..]);
        let rest = &line[one.len()..one.len() + PAUSE_FRAMES];
        assert!(rest
            .iter()
            .all(|f| f.step == Step::Still && f.same_board(one.last().unwrap())));
        assert_eq!(line[one.len() + PAUSE_FRAMES..], two[..]);
        assert!(line.last().unwrap().same_board(&Frame::of(&end)));
        // After a sowing still running: a rest first.
        let reply = line_frames(&[(mid, second)], one.last().copied());
        assert_eq!(reply.len(), PAUSE_FRAMES + two.len());
        assert!(reply[0].same_board(one.last().unwrap()));
        assert!(line_frames(&[], None).is_empty());
    }

    #[test]
    fn the_analysis_board_is_offered_only_once_the_puzzle_is_over() {
        let (mut t, _) = open(FAIL);
        assert!(!t.can_analyse(), "its lines would give the answer away");
        t.play(sq(Side::White, 1));
        assert!(!t.can_analyse(), "a wrong move is not the end");
        t.retry();
        t.play(sq(Side::White, 9));
        assert!(t.can_analyse());
        let (mut t, _) = open(SHOW);
        t.show();
        assert!(t.can_analyse());
    }

    #[test]
    fn a_puzzle_played_before_is_not_rated_again() {
        let (mut t, _) = open(SHOW);
        t.show();
        let rating = t.progress().shown_rating();
        assert!(
            !t.feedback().contains(&Said::NotRated),
            "the first try is rated"
        );
        // Back from the analysis board, the same puzzle: its solution solves it, unrated.
        t.open(SHOW, 0);
        assert_eq!(t.status(), Some(Status::Playing));
        let a = t.play(sq(Side::White, 2));
        assert!(!a.contains(&Action::SaveProgress));
        assert_eq!(t.status(), Some(Status::Solved));
        assert_eq!(t.progress().shown_rating(), rating);
        assert_eq!(t.progress().history.len(), 1);
        assert_eq!(t.feedback().last(), Some(&Said::NotRated));
        // A hint in a replay is no miss either.
        t.open(SHOW, 0);
        assert!(t.hint().is_empty());
        assert_eq!(t.progress().shown_rating(), rating);
    }

    #[test]
    fn the_source_game_opens_in_the_replay_and_a_failure_is_told() {
        let (mut t, _) = open(ONE);
        assert_eq!(
            t.open_source(),
            vec![Action::OpenSource {
                file: "korgol.pgn".into(),
                game: 75
            }]
        );
        assert_eq!(t.source(), SourceState::Opening);
        t.source_failed();
        assert_eq!(t.source(), SourceState::Failed);
        t.next(0);
        assert_eq!(t.source(), SourceState::Idle);
        // A self-play puzzle has no game to open.
        let (mut t, _) = open(FAIL);
        assert!(t.open_source().is_empty());
        assert_eq!(t.source(), SourceState::Idle);
    }
}
