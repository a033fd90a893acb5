//! Practice positions: late positions of real games that the side to move wins, or holds to at
//! least a draw, with best play, verified by the search to [`VERIFY_DEPTH`]. The player plays
//! them out against the computer: winning a won position is a skill of its own.
//!
//! A position is kept when, searched to [`VERIFY_DEPTH`], the side to move:
//! - wins by force, or is at least [`WON`] ahead (goal [`Goal::Win`]);
//! - or, behind in the kazans by [`BEHIND`] or more, is no worse than [`HOLD`] (goal
//!   [`Goal::Draw`]: hold at least the draw).
//!
//! The file (`public/practice.tsv`) has one position a line, tab-separated, and `#` comment
//! lines: `id`, `position`, `theme`, `goal`, `score` (hundredths of a korgool for the side to
//! move, or `win N` for a forced win in N plies), `depth` (of the verification), `source` (the
//! record file, the game, 1-based, and the ply).
//!
//! ```
//! use toguz_coach::practice::{parse_practice, write_practice};
//! let text = "# c\n0a1b2c3d\t0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w\tconvert\twin\t1800\t16\tkorgol.pgn#1:90\n";
//! let set = parse_practice(text).unwrap();
//! assert_eq!(parse_practice(&write_practice(&set)).unwrap(), set);
//! ```

use core::fmt;

use serde::{Deserialize, Serialize};
use toguz_engine::hash::fnv1a_32;
use toguz_engine::search::{Limits, Score, Searcher};
use toguz_engine::{Position, Side};

/// The depth of the verification.
pub const VERIFY_DEPTH: u32 = 16;
/// A node limit per verification (a search cut short of the depth does not verify, unless it
/// found a forced result).
pub const VERIFY_NODES: u64 = 40_000_000;
/// The evaluation from which a position counts as won (hundredths of a korgool).
pub const WON: i32 = 1_500;
/// The lowest evaluation of a position to hold (hundredths of a korgool).
pub const HOLD: i32 = -50;
/// How far behind in the kazans the side to move is in a position to defend.
pub const BEHIND: u8 = 4;
/// How far ahead in the kazans the side to move is in a position to convert.
pub const AHEAD: u8 = 6;
/// The fewest plies to a forced win in a practice position.
pub const MIN_PLIES_TO_WIN: i32 = 9;
/// The most korgools left on the board in a practice position (a late middlegame or an
/// endgame: a game that can be played out).
pub const MAX_BOARD: u32 = 70;

/// What a position practises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// An endgame where the side to move owns a tuz, which keeps feeding its kazan.
    TuzEndgame,
    /// A lead in the kazans to bring home.
    Convert,
    /// Behind in the kazans, with a position that holds.
    Defend,
}

impl Theme {
    /// Every theme, in the order the screen lists them.
    pub const ALL: [Theme; 3] = [Theme::TuzEndgame, Theme::Convert, Theme::Defend];

    /// The theme's name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Theme::TuzEndgame => "tuz_endgame",
            Theme::Convert => "convert",
            Theme::Defend => "defend",
        }
    }

    /// The theme named `name`.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// What the player must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Win the game.
    Win,
    /// At least draw it.
    Draw,
}

impl Goal {
    /// The goal's name in the file.
    pub fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }
}

/// One practice position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    /// A short id from the position (FNV-1a of its string, hex).
    pub id: String,
    /// The position, the player to move.
    pub position: Position,
    /// What it practises.
    pub theme: Theme,
    /// What the player must reach.
    pub goal: Goal,
    /// The verification's score for the side to move.
    pub score: Score,
    /// The verification's depth.
    pub depth: u32,
    /// Where it comes from: `<file>#<game>:<ply>`.
    pub source: String,
}

/// The theme of `pos` as a practice position, from the board alone: none when it is too
/// early in the game or the kazans say nothing.
pub fn theme_of(pos: &Position) -> Option<Theme> {
    if pos.is_over() {
        return None;
    }
    let me = pos.turn();
    let (mine, theirs) = (pos.kazan(me), pos.kazan(me.opponent()));
    let board = 162 - u32::from(mine) - u32::from(theirs);
    if board > MAX_BOARD {
        return None;
    }
    if pos.tuz(me).is_some() && board <= 50 && mine >= theirs {
        Some(Theme::TuzEndgame)
    } else if mine >= theirs + AHEAD {
        Some(Theme::Convert)
    } else if theirs >= mine + BEHIND {
        Some(Theme::Defend)
    } else {
        None
    }
}

/// The goal the search gives `pos` at `depth` for its theme, with the score and the depth
/// reached; none when the position does not verify.
pub fn verify(
    searcher: &mut Searcher,
    pos: &Position,
    theme: Theme,
    depth: u32,
) -> Option<(Goal, Score, u32)> {
    let limits = Limits {
        depth,
        nodes: VERIFY_NODES,
    };
    let r = searcher.search(pos, &limits, |_| false);
    let forced = r.score.is_decisive();
    if r.depth < depth && !forced {
        return None;
    }
    let s = r.score.get();
    // A win forced within a few plies is a puzzle, not a game to play out.
    if r.score
        .plies_to_end()
        .is_some_and(|p| (0..MIN_PLIES_TO_WIN).contains(&p))
    {
        return None;
    }
    let goal = if (forced && s > 0) || s >= WON {
        Goal::Win
    } else if theme == Theme::Defend && s >= HOLD && !forced {
        Goal::Draw
    } else {
        return None;
    };
    Some((goal, r.score, r.depth))
}

/// The practice position of `pos` if it is one at `depth`.
pub fn practice_at(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
    source: &str,
) -> Option<Practice> {
    let theme = theme_of(pos)?;
    let (goal, score, depth) = verify(searcher, pos, theme, depth)?;
    Some(Practice {
        id: format!("{:08x}", fnv1a_32(pos.to_string().bytes())),
        position: *pos,
        theme,
        goal,
        score,
        depth,
        source: source.to_string(),
    })
}

/// Why a line of the file does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PracticeError {
    /// The line, 1-based.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PracticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for PracticeError {}

fn score_text(score: Score) -> String {
    match score.plies_to_end() {
        Some(p) if p > 0 => format!("win {p}"),
        Some(p) => format!("loss {}", -p),
        None => score.get().to_string(),
    }
}

fn parse_score(text: &str) -> Option<Score> {
    if let Some(p) = text.strip_prefix("win ") {
        return p.parse().ok().map(Score::win_in);
    }
    if let Some(p) = text.strip_prefix("loss ") {
        return p.parse().ok().map(Score::loss_in);
    }
    text.parse().ok().map(Score::from_raw)
}

/// Reads a practice file.
pub fn parse_practice(text: &str) -> Result<Vec<Practice>, PracticeError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |reason: &str| PracticeError {
            line: line_no,
            reason: reason.to_string(),
        };
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 7 {
            return Err(err("seven tab-separated fields expected"));
        }
        let position: Position = f[1].parse().map_err(|e| err(&format!("position: {e}")))?;
        let theme = Theme::from_name(f[2]).ok_or_else(|| err("unknown theme"))?;
        let goal = match f[3] {
            "win" => Goal::Win,
            "draw" => Goal::Draw,
            _ => return Err(err("unknown goal")),
        };
        let score = parse_score(f[4]).ok_or_else(|| err("unreadable score"))?;
        let depth = f[5].parse().map_err(|_| err("unreadable depth"))?;
        if f[0].is_empty() || f[6].is_empty() {
            return Err(err("empty id or source"));
        }
        out.push(Practice {
            id: f[0].to_string(),
            position,
            theme,
            goal,
            score,
            depth,
            source: f[6].to_string(),
        });
    }
    Ok(out)
}

/// Writes a practice file (with its header comment).
pub fn write_practice(set: &[Practice]) -> String {
    let mut out = String::from(
        "# Toguz Korgool practice positions, mined and verified by `toguz practice` (docs/coach.md).\n\
         # id\tposition\ttheme\tgoal\tscore\tdepth\tsource\n",
    );
    for p in set {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            p.id,
            p.position,
            p.theme.name(),
            p.goal.name(),
            score_text(p.score),
            p.depth,
            p.source
        ));
    }
    out
}

/// The side a practice position is played by.
pub fn player(p: &Practice) -> Side {
    p.position.turn()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_early_position_is_no_practice() {
        assert_eq!(theme_of(&Position::start()), None);
    }

    #[test]
    fn the_kazans_and_the_tuz_give_the_theme() {
        // 56 on the board: White 14 ahead, or 14 behind.
        let convert: Position = "2,3,4,0,5,6,1,2,3/4,1,2,3,0,5,6,7,2 60/46 -/- w"
            .parse()
            .unwrap();
        assert_eq!(theme_of(&convert), Some(Theme::Convert));
        let defend: Position = "2,3,4,0,5,6,1,2,3/4,1,2,3,0,5,6,7,2 46/60 -/- w"
            .parse()
            .unwrap();
        assert_eq!(theme_of(&defend), Some(Theme::Defend));
        // 47 on the board, White ahead and owning Black's house 3.
        let tuz: Position = "2,3,4,0,5,6,1,2,3/4,1,0,3,0,5,6,0,2 60/55 3/- w"
            .parse()
            .unwrap();
        assert_eq!(theme_of(&tuz), Some(Theme::TuzEndgame));
        // Too many korgools left: not yet a game to play out.
        let early: Position = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w"
            .parse()
            .unwrap();
        assert_eq!(theme_of(&early), None);
    }

    #[test]
    fn a_lost_position_does_not_verify_and_a_won_one_does() {
        let mut s = Searcher::new(4);
        // White 34 ahead, far more on its side: +26.8 at depth 12.
        let won: Position = "2,3,4,0,5,6,1,2,3/4,1,2,3,0,5,6,7,2 70/36 -/- w"
            .parse()
            .unwrap();
        let (goal, score, _) = verify(&mut s, &won, Theme::Convert, 8).unwrap();
        assert_eq!(goal, Goal::Win);
        assert!(score.get() >= WON);
        // A win forced at once is a puzzle, not a game to play out.
        let at_once: Position = "0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w"
            .parse()
            .unwrap();
        assert_eq!(verify(&mut s, &at_once, Theme::Convert, 8), None);
        // White, 36 behind, with one korgool left against Black's 45: lost by force.
        let lost: Position = "0,0,0,0,0,0,0,0,1/5,5,5,5,5,5,5,5,5 40/76 -/- w"
            .parse()
            .unwrap();
        assert_eq!(verify(&mut s, &lost, Theme::Defend, 8).map(|v| v.0), None);
    }

    #[test]
    fn the_file_reads_what_it_writes_and_refuses_a_bad_line() {
        let p = Practice {
            id: "00000001".into(),
            position: "0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 80/71 -/- w"
                .parse()
                .unwrap(),
            theme: Theme::Convert,
            goal: Goal::Win,
            score: Score::win_in(1),
            depth: 16,
            source: "korgol.pgn#3:101".into(),
        };
        let text = write_practice(std::slice::from_ref(&p));
        assert_eq!(parse_practice(&text).unwrap(), vec![p]);
        let bad = "x\tnot a position\tconvert\twin\t10\t16\ts\n";
        assert_eq!(parse_practice(bad).unwrap_err().line, 1);
    }

    #[test]
    fn the_shipped_positions_read_keep_their_theme_and_still_hold_their_goal() {
        let text = include_str!("../../../public/practice.tsv");
        let set = parse_practice(text).unwrap();
        assert!(set.len() >= 20, "{} positions", set.len());
        for theme in Theme::ALL {
            assert!(
                set.iter().filter(|p| p.theme == theme).count() >= 5,
                "{theme:?}"
            );
        }
        let mut s = Searcher::new(16);
        for p in &set {
            assert_eq!(theme_of(&p.position), Some(p.theme), "{}", p.id);
            // A forced result may be proven before the depth.
            assert!(
                p.depth >= VERIFY_DEPTH || p.score.is_decisive(),
                "{}: verified at {}",
                p.id,
                p.depth
            );
            assert_eq!(
                p.id,
                format!("{:08x}", fnv1a_32(p.position.to_string().bytes()))
            );
            // A shallower search agrees (the file's depth is `toguz practice verify`'s).
            s.new_game();
            assert_eq!(
                verify(&mut s, &p.position, p.theme, 10).map(|v| v.0),
                Some(p.goal),
                "{}",
                p.id
            );
        }
    }
}
