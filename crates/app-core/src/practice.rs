//! Practice positions: late positions of real games, won or held with best play
//! (`toguz_coach::practice`, the set in `public/practice.tsv`), that the player plays out
//! against the computer, and the result kept for each.
//!
//! - [`Kept`]: what is kept (a `toguz_store::Schema` value): each position's best result, the
//!   level chosen, and the practice being played, so that the play screen knows a game it ends
//!   is that practice (even after a reload) and records it once;
//! - [`Screen`]: the practice screen as commands in and actions out: the set fetched and read,
//!   grouped by theme, a level chosen, a position opened.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use toguz_coach::practice::{parse_practice, Goal, Practice, Theme};
use toguz_engine::search::Level;
use toguz_engine::{GameResult, Position, Side};

use crate::game::Mode;

/// The practice set, next to `index.html` (fetched when the screen first opens, precached
/// for offline use).
pub const FILE: &str = "practice.tsv";

/// The level a practice is played against unless the player chooses another: the full
/// strength, against which every position was verified.
pub const LEVEL: Level = Level::TOP;

/// How a practice game ended for the player. Ordered worst first, so the best is the greatest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The computer won.
    Lost,
    /// A draw.
    Drawn,
    /// The player won.
    Won,
}

impl Outcome {
    /// The outcome of a game that ended in `result`, for the player of `player`.
    pub fn of(result: GameResult, player: Side) -> Outcome {
        match result {
            GameResult::Draw => Outcome::Drawn,
            GameResult::Win(side) if side == player => Outcome::Won,
            GameResult::Win(_) => Outcome::Lost,
        }
    }

    /// Whether this outcome reaches `goal`: a win goal wants a win, a draw goal at least a
    /// draw.
    pub fn meets(self, goal: Goal) -> bool {
        match goal {
            Goal::Win => self == Outcome::Won,
            Goal::Draw => self >= Outcome::Drawn,
        }
    }

    /// The outcome's name (the `data-result` of the screen's line).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Lost => "lost",
            Outcome::Drawn => "drawn",
            Outcome::Won => "won",
        }
    }
}

/// A position's kept result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The best outcome reached.
    pub best: Outcome,
    /// The strongest level it was reached against.
    pub level: Level,
    /// The games played to their end.
    pub tries: u32,
}

/// The practice being played on the play screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playing {
    /// The position's id.
    pub id: String,
    /// The position, as text (the game's first position).
    pub start: String,
    /// What the player must reach.
    pub goal: Goal,
    /// The computer's level.
    pub level: Level,
    /// Whether its end was recorded (a game resumed after its end is not recorded twice).
    pub recorded: bool,
}

impl Playing {
    /// Whether a game from `start` in `mode` is this practice: from its position, the player
    /// on the side to move against the computer at its level.
    pub fn is_game(&self, start: &Position, mode: Mode) -> bool {
        start.to_string() == self.start
            && mode
                == Mode::Computer {
                    human: start.turn(),
                    level: self.level,
                }
    }
}

/// What the practice screen keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// Each position's result, by id (a position never tried has none).
    #[serde(default)]
    results: BTreeMap<String, Record>,
    /// The level chosen on the screen (none: [`LEVEL`]).
    #[serde(default)]
    level: Option<Level>,
    /// The practice begun last.
    #[serde(default)]
    playing: Option<Playing>,
}

impl toguz_store::Schema for Kept {
    const KIND: &'static str = "practice";
    const VERSION: u32 = 1;
}

impl Kept {
    /// The result kept for position `id`; none if it was never played to its end.
    pub fn result(&self, id: &str) -> Option<Record> {
        self.results.get(id).copied()
    }

    /// The level chosen.
    pub fn level(&self) -> Level {
        self.level.unwrap_or(LEVEL)
    }

    /// The practice begun last.
    pub fn playing(&self) -> Option<&Playing> {
        self.playing.as_ref()
    }

    /// The practice a game from `start` in `mode` is, if it is the one begun last.
    pub fn practice_of(&self, start: &Position, mode: Mode) -> Option<&Playing> {
        self.playing.as_ref().filter(|p| p.is_game(start, mode))
    }

    /// Begins practice `p` against `level`.
    pub fn begin(&mut self, p: &Practice, level: Level) {
        self.playing = Some(Playing {
            id: p.id.clone(),
            start: p.position.to_string(),
            goal: p.goal,
            level,
            recorded: false,
        });
    }

    /// The practice begun last, begun again: its position and level, for a new game.
    pub fn again(&mut self) -> Option<(Position, Level)> {
        let playing = self.playing.as_mut()?;
        let start = playing.start.parse().ok()?;
        playing.recorded = false;
        Some((start, playing.level))
    }

    /// A game from `start` in `mode` ended in `result`: if it is the practice begun last and
    /// its end is not yet recorded, records it (the best outcome stays) and says how it ended
    /// for the player. Any other game changes nothing.
    pub fn ended(&mut self, start: &Position, mode: Mode, result: GameResult) -> Option<Outcome> {
        let playing = self
            .playing
            .as_mut()
            .filter(|p| !p.recorded && p.is_game(start, mode))?;
        playing.recorded = true;
        let outcome = Outcome::of(result, start.turn());
        let level = playing.level;
        let record = self.results.entry(playing.id.clone()).or_insert(Record {
            best: outcome,
            level,
            tries: 0,
        });
        record.tries += 1;
        if (outcome, level) > (record.best, record.level) {
            record.best = outcome;
            record.level = level;
        }
        Some(outcome)
    }
}

/// A position's line on the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The position.
    pub practice: Practice,
    /// Its kept result (none: not tried).
    pub result: Option<Record>,
}

impl Item {
    /// Whether the kept result reaches the position's goal.
    pub fn done(&self) -> bool {
        self.result
            .is_some_and(|r| r.best.meets(self.practice.goal))
    }
}

/// Where the screen stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The set is being fetched.
    Loading,
    /// The set could not be fetched (the reason, for the notice with its Retry).
    Failed(String),
    /// The set does not read (the line and what is wrong with it).
    Damaged(String),
    /// The list is shown.
    Ready,
}

/// What the host does for the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Fetch [`FILE`] and hand its text to [`Screen::fetched`].
    Fetch,
    /// Keep [`Screen::kept`].
    Save,
    /// Start a game from `start` against the computer at `level`, the player on the side to
    /// move.
    Play {
        /// The first position.
        start: Position,
        /// The computer's level.
        level: Level,
    },
}

/// The practice screen.
#[derive(Clone, Debug)]
pub struct Screen {
    phase: Phase,
    set: Vec<Practice>,
    kept: Kept,
}

impl Screen {
    /// The screen with what was kept, before its set is read.
    pub fn new(kept: Kept) -> Screen {
        Screen {
            phase: Phase::Loading,
            set: Vec::new(),
            kept,
        }
    }

    /// Where the screen stands.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// What is kept.
    pub fn kept(&self) -> &Kept {
        &self.kept
    }

    /// The level chosen.
    pub fn level(&self) -> Level {
        self.kept.level()
    }

    /// Fetches the set (again, after a failure).
    pub fn load(&mut self) -> Vec<Action> {
        self.phase = Phase::Loading;
        vec![Action::Fetch]
    }

    /// The set's text, or why it could not be fetched.
    pub fn fetched(&mut self, text: Result<String, String>) -> Vec<Action> {
        self.phase = match text.map(|t| parse_practice(&t)) {
            Err(reason) => Phase::Failed(reason),
            Ok(Err(e)) => Phase::Damaged(e.to_string()),
            Ok(Ok(set)) => {
                self.set = set;
                Phase::Ready
            }
        };
        Vec::new()
    }

    /// The positions of each theme, in the set's order, the themes in [`Theme::ALL`]'s order
    /// (a theme with none is left out).
    pub fn groups(&self) -> Vec<(Theme, Vec<Item>)> {
        Theme::ALL
            .into_iter()
            .map(|theme| {
                let items = self
                    .set
                    .iter()
                    .filter(|p| p.theme == theme)
                    .map(|p| Item {
                        practice: p.clone(),
                        result: self.kept.result(&p.id),
                    })
                    .collect::<Vec<_>>();
                (theme, items)
            })
            .filter(|(_, items)| !items.is_empty())
            .collect()
    }

    /// How many positions reach their goal, of how many.
    pub fn done(&self) -> (usize, usize) {
        let done = self
            .groups()
            .iter()
            .flat_map(|(_, items)| items.iter())
            .filter(|i| i.done())
            .count();
        (done, self.set.len())
    }

    /// The level of the next practice.
    pub fn choose_level(&mut self, level: Level) -> Vec<Action> {
        if self.kept.level() == level {
            return Vec::new();
        }
        self.kept.level = Some(level);
        vec![Action::Save]
    }

    /// Opens position `id`: it is begun at the level chosen (kept) and played. An unknown id
    /// does nothing.
    pub fn open(&mut self, id: &str) -> Vec<Action> {
        let Some(p) = self.set.iter().find(|p| p.id == id) else {
            return Vec::new();
        };
        let level = self.kept.level();
        self.kept.begin(p, level);
        vec![
            Action::Save,
            Action::Play {
                start: p.position,
                level,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = include_str!("../../../public/practice.tsv");

    fn ready() -> Screen {
        let mut s = Screen::new(Kept::default());
        assert_eq!(s.load(), [Action::Fetch]);
        s.fetched(Ok(SET.to_string()));
        s
    }

    fn first(s: &Screen, theme: Theme) -> Practice {
        let groups = s.groups();
        let (_, items) = groups.iter().find(|(t, _)| *t == theme).unwrap();
        items[0].practice.clone()
    }

    fn vs(start: &Position, level: Level) -> Mode {
        Mode::Computer {
            human: start.turn(),
            level,
        }
    }

    #[test]
    fn the_set_reads_into_three_themes_in_order_every_position_untried() {
        let s = ready();
        assert_eq!(*s.phase(), Phase::Ready);
        let groups = s.groups();
        let themes: Vec<Theme> = groups.iter().map(|(t, _)| *t).collect();
        assert_eq!(themes, Theme::ALL);
        assert!(groups.iter().all(|(_, items)| items.len() >= 6));
        assert!(groups
            .iter()
            .flat_map(|(_, i)| i)
            .all(|i| i.result.is_none()));
        assert_eq!(s.done(), (0, 24));
    }

    #[test]
    fn a_win_goal_needs_a_win_and_a_draw_goal_at_least_a_draw() {
        assert!(Outcome::Won.meets(Goal::Win));
        assert!(!Outcome::Drawn.meets(Goal::Win));
        assert!(!Outcome::Lost.meets(Goal::Win));
        assert!(Outcome::Won.meets(Goal::Draw));
        assert!(Outcome::Drawn.meets(Goal::Draw));
        assert!(!Outcome::Lost.meets(Goal::Draw));
    }

    #[test]
    fn the_outcome_is_the_player_s_the_side_to_move_at_the_start() {
        assert_eq!(
            Outcome::of(GameResult::Win(Side::Black), Side::Black),
            Outcome::Won
        );
        assert_eq!(
            Outcome::of(GameResult::Win(Side::White), Side::Black),
            Outcome::Lost
        );
        assert_eq!(Outcome::of(GameResult::Draw, Side::White), Outcome::Drawn);
    }

    #[test]
    fn opening_a_position_begins_it_at_level_eight_saves_and_plays_it() {
        let mut s = ready();
        let p = first(&s, Theme::Convert);
        let actions = s.open(&p.id);
        assert_eq!(
            actions,
            [
                Action::Save,
                Action::Play {
                    start: p.position,
                    level: Level::TOP
                }
            ]
        );
        let playing = s.kept().playing().unwrap();
        assert_eq!(playing.id, p.id);
        assert_eq!(playing.goal, Goal::Win);
        assert!(s
            .kept()
            .practice_of(&p.position, vs(&p.position, Level::TOP))
            .is_some());
    }

    #[test]
    fn an_unknown_id_opens_nothing() {
        let mut s = ready();
        assert!(s.open("nope").is_empty());
        assert!(s.kept().playing().is_none());
    }

    #[test]
    fn the_level_chosen_is_kept_and_the_practice_played_against_it() {
        let mut s = ready();
        assert_eq!(s.choose_level(Level::of(2)), [Action::Save]);
        assert!(s.choose_level(Level::of(2)).is_empty());
        let p = first(&s, Theme::Defend);
        assert!(s.open(&p.id).contains(&Action::Play {
            start: p.position,
            level: Level::of(2)
        }));
        assert_eq!(s.kept().level(), Level::of(2));
    }

    #[test]
    fn a_practice_game_s_end_is_recorded_once_with_its_outcome() {
        let mut s = ready();
        let p = first(&s, Theme::TuzEndgame);
        s.open(&p.id);
        let mut kept = s.kept().clone();
        let me = p.position.turn();
        let mode = vs(&p.position, Level::TOP);
        assert_eq!(
            kept.ended(&p.position, mode, GameResult::Win(me)),
            Some(Outcome::Won)
        );
        // Resumed after its end, the same game is not counted again.
        assert_eq!(kept.ended(&p.position, mode, GameResult::Win(me)), None);
        let r = kept.result(&p.id).unwrap();
        assert_eq!((r.best, r.level, r.tries), (Outcome::Won, Level::TOP, 1));
        let s = Screen { kept, ..s };
        assert_eq!(s.done(), (1, 24));
    }

    #[test]
    fn another_game_from_another_position_or_mode_is_not_the_practice() {
        let mut s = ready();
        let p = first(&s, Theme::Convert);
        s.open(&p.id);
        let mut kept = s.kept().clone();
        let me = p.position.turn();
        let win = GameResult::Win(me);
        assert_eq!(
            kept.ended(&Position::start(), vs(&Position::start(), Level::TOP), win),
            None
        );
        assert_eq!(kept.ended(&p.position, Mode::TwoPlayers, win), None);
        assert_eq!(
            kept.ended(&p.position, vs(&p.position, Level::of(3)), win),
            None
        );
        assert_eq!(
            kept.ended(
                &p.position,
                Mode::Computer {
                    human: me.opponent(),
                    level: Level::TOP
                },
                win
            ),
            None
        );
        assert!(kept.result(&p.id).is_none());
    }

    #[test]
    fn the_best_result_stays_and_tries_count_every_end() {
        let mut s = ready();
        let p = first(&s, Theme::Defend);
        let me = p.position.turn();
        let mode = vs(&p.position, Level::TOP);
        s.open(&p.id);
        let mut kept = s.kept().clone();
        kept.ended(&p.position, mode, GameResult::Draw);
        assert_eq!(kept.again(), Some((p.position, Level::TOP)));
        assert_eq!(
            kept.ended(&p.position, mode, GameResult::Win(me.opponent())),
            Some(Outcome::Lost)
        );
        let r = kept.result(&p.id).unwrap();
        assert_eq!((r.best, r.tries), (Outcome::Drawn, 2));
        let item = Item {
            practice: p.clone(),
            result: Some(r),
        };
        // A draw holds a position to defend.
        assert!(item.done());
    }

    #[test]
    fn a_draw_does_not_complete_a_position_to_win() {
        let mut s = ready();
        let p = first(&s, Theme::Convert);
        s.open(&p.id);
        let mut kept = s.kept().clone();
        kept.ended(&p.position, vs(&p.position, Level::TOP), GameResult::Draw);
        let item = Item {
            practice: p.clone(),
            result: kept.result(&p.id),
        };
        assert!(!item.done());
    }

    #[test]
    fn a_win_against_a_weaker_level_is_kept_with_that_level_until_a_stronger_one() {
        let mut s = ready();
        let p = first(&s, Theme::Convert);
        let me = p.position.turn();
        s.choose_level(Level::of(1));
        s.open(&p.id);
        let mut kept = s.kept().clone();
        kept.ended(
            &p.position,
            vs(&p.position, Level::of(1)),
            GameResult::Win(me),
        );
        assert_eq!(kept.result(&p.id).unwrap().level, Level::of(1));
        let mut s = Screen { kept, ..s };
        s.choose_level(Level::TOP);
        s.open(&p.id);
        let mut kept = s.kept().clone();
        kept.ended(
            &p.position,
            vs(&p.position, Level::TOP),
            GameResult::Win(me),
        );
        let r = kept.result(&p.id).unwrap();
        assert_eq!((r.best, r.level, r.tries), (Outcome::Won, Level::TOP, 2));
    }

    #[test]
    fn a_set_that_does_not_read_or_arrive_says_so_and_can_be_fetched_again() {
        let mut s = Screen::new(Kept::default());
        s.fetched(Err("offline".into()));
        assert_eq!(*s.phase(), Phase::Failed("offline".into()));
        s.fetched(Ok("x\ty\n".into()));
        assert!(matches!(s.phase(), Phase::Damaged(reason) if reason.starts_with("line 1")));
        assert_eq!(s.load(), [Action::Fetch]);
        assert_eq!(*s.phase(), Phase::Loading);
    }

    #[test]
    fn what_is_kept_reads_back_and_a_value_without_fields_is_empty() {
        let mut s = ready();
        let p = first(&s, Theme::Convert);
        s.open(&p.id);
        let kept = s.kept().clone();
        let text = serde_json::to_string(&kept).unwrap();
        assert_eq!(serde_json::from_str::<Kept>(&text).unwrap(), kept);
        assert_eq!(serde_json::from_str::<Kept>("{}").unwrap(), Kept::default());
    }
}
