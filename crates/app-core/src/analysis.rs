//! The analysis board without a browser: the study it opens on a game shown elsewhere (a
//! replay, a review, the game being played) and its search, which analyses each position
//! shown from depth 1 up and drops what a new position makes stale. Commands in,
//! [`SearchAction`]s out; `features::review::analysis` draws the board, the lines and the bar.

use toguz_coach::review::{for_white, PositionAnalysis};
use toguz_engine::record::FEN_TAG;
use toguz_engine::search::Score;
use toguz_engine::study::Study;
use toguz_engine::study::SETUP_TAG;
use toguz_engine::{House, Position};
use toguz_store::records::record_of;
use toguz_store::study::title_of;
use toguz_store::GameEntry;

use crate::ai::Task;
use crate::review::board_task;
use crate::study::StudyBoard;
use crate::study_keep::Keeper;

/// The board opened on a saved game: the study of its moves (its players as the study's
/// tags), at `ply`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStudy {
    /// The board, at the ply shown.
    pub board: StudyBoard,
    /// What is kept of it: nothing yet, but it remembers the game.
    pub keeper: Keeper,
    /// Its title, from the players.
    pub title: String,
}

impl GameStudy {
    /// The study of `entry`'s game, shown at `ply`.
    pub fn of(entry: &GameEntry, ply: usize) -> GameStudy {
        let mut study = Study::from_game(&entry.game);
        // The tags the game's own record has (players, date, result, where it was played...),
        // but for the ones it does not know ("?") and the start, which the study writes itself.
        let (white, black) = (entry.players.white.trim(), entry.players.black.trim());
        study.tags = record_of(entry, (white, black))
            .tags
            .into_iter()
            .map(|(n, v)| (n, v.trim().to_string()))
            .filter(|(n, v)| {
                !(v.is_empty() || v == "?" || v == "????.??.??" || n == FEN_TAG || n == SETUP_TAG)
            })
            .collect();
        study.result = entry.game.result().map(|e| e.result);
        let title = title_of(&study);
        let keeper = Keeper::unsaved(&study, Some(entry.id.clone()));
        let mut board = StudyBoard::from_study(study);
        board.go_ply(ply);
        GameStudy {
            board,
            keeper,
            title,
        }
    }
}

/// The ply at which the screen of `back` (its hash, `?ply=N` or the game's end) shows
/// `entry`'s game, when the position there is `position`: the analysis board then opens on
/// the game's moves.
pub fn ply_shown(entry: &GameEntry, back: &str, position: Position) -> Option<usize> {
    let total = entry.game.moves().len();
    let ply = crate::replay::ply_in_hash(back, total).unwrap_or_else(|| entry.game.ply());
    (entry.game.positions().get(ply) == Some(&position)).then_some(ply)
}

/// The latest analysis of a position: the position, the lines, whether the search is done.
pub type Lines = (Position, PositionAnalysis, bool);

/// Where the board's search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchStatus {
    /// The position is over: nothing to search.
    Over,
    /// The search has reached this depth.
    Depth(u32),
    /// No line yet.
    Thinking,
}

/// What the board's search asks of its host. Carry them out in order.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchAction {
    /// Cancel the search under way.
    Cancel,
    /// Analyse `position` with `task`; give each analysis to [`BoardSearch::replied`].
    Analyse {
        /// The position shown.
        position: Position,
        /// What the worker is asked.
        task: Task,
    },
}

/// The analysis board's search: the latest lines, of the position shown only.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardSearch {
    latest: Option<Lines>,
}

impl BoardSearch {
    /// The board shows `position`: the search under way is cancelled and its lines dropped;
    /// a position not over is analysed, from depth 1 up.
    pub fn show(&mut self, position: Position) -> Vec<SearchAction> {
        self.latest = None;
        let mut out = vec![SearchAction::Cancel];
        if !position.is_over() {
            out.push(SearchAction::Analyse {
                position,
                task: board_task(None),
            });
        }
        out
    }

    /// An analysis of `position` from the worker (`done`: the search's last).
    pub fn replied(&mut self, position: Position, analysis: PositionAnalysis, done: bool) {
        self.latest = Some((position, analysis, done));
    }

    /// The lines of `shown`, when the latest analysis is of it.
    pub fn lines(&self, shown: Position) -> Option<&Lines> {
        self.latest.as_ref().filter(|l| l.0 == shown)
    }

    /// The evaluation of `shown` from White's view, for the bar: its best line's.
    pub fn eval(&self, shown: Position) -> Option<Score> {
        let (p, a, _) = self.lines(shown)?;
        a.lines.first().map(|l| for_white(l.score, p.turn()))
    }

    /// The engine's moves for `shown`, best first, each with its score from White's side (`+`
    /// good for White), as the bar, the review's graph and the play screen write every
    /// evaluation: a line never reads "-9.8" beside a bar's "+9.8".
    pub fn line_evals(&self, shown: Position) -> Vec<(House, Score)> {
        self.lines(shown)
            .map(|(p, a, _)| {
                a.lines
                    .iter()
                    .map(|l| (l.mv, for_white(l.score, p.turn())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Where the search of `shown` is.
    pub fn status(&self, shown: Position) -> SearchStatus {
        if shown.is_over() {
            return SearchStatus::Over;
        }
        match self.lines(shown) {
            Some((_, a, _)) if a.depth > 0 => SearchStatus::Depth(a.depth),
            _ => SearchStatus::Thinking,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::game::Game;
    use toguz_engine::search::PvLine;
    use toguz_engine::Side;
    use toguz_store::{Mode, Players};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn entry(moves: &[u8], players: (&str, &str)) -> GameEntry {
        let mut game = Game::new();
        for &m in moves {
            game.play(h(m)).unwrap();
        }
        let mut e = GameEntry::new("g1".into(), 0, Mode::default(), game);
        e.players = Players {
            white: players.0.into(),
            black: players.1.into(),
        };
        e
    }

    fn analysis(depth: u32, best: House, score: i32) -> PositionAnalysis {
        PositionAnalysis {
            lines: vec![PvLine {
                mv: best,
                score: Score::from_eval(score),
                depth,
                pv: vec![best],
            }],
            played: None,
            depth,
            nodes: 1,
        }
    }

    #[test]
    fn a_game_opens_as_a_study_of_its_moves_at_the_ply_shown_with_its_players_date_and_result() {
        let mut e = entry(&[7, 3, 1], (" Asel ", ""));
        e.created = 1_765_000_000_000;
        let g = GameStudy::of(&e, 2);
        assert_eq!(g.board.position(), e.game.positions()[2]);
        assert!(g
            .board
            .study()
            .tags
            .contains(&("White".to_string(), "Asel".to_string())));
        assert!(!g.board.study().tags.iter().any(|(t, _)| t == "Black"));
        assert_eq!(g.title, title_of(g.board.study()));
        // Its export keeps the game's record: the date it was played and its result.
        let tags = &g.board.study().tags;
        assert!(
            tags.contains(&("Date".to_string(), "2025.12.06".to_string())),
            "{tags:?}"
        );
        assert!(tags.contains(&("Result".to_string(), "*".to_string())));
        assert_eq!(g.keeper.copy(), None, "not in the library until kept");
    }

    #[test]
    fn the_game_shown_is_found_at_its_ply_or_its_end_only_on_the_same_position() {
        let e = entry(&[7, 3, 1], ("", ""));
        let at_2 = e.game.positions()[2];
        assert_eq!(ply_shown(&e, "#/replay/g1?ply=2", at_2), Some(2));
        let end = e.game.positions()[3];
        assert_eq!(ply_shown(&e, "#/replay/g1", end), Some(3));
        assert_eq!(ply_shown(&e, "#/replay/g1", at_2), None, "another position");
        assert_eq!(
            ply_shown(&e, "#/replay/g1?ply=9", end),
            Some(3),
            "past the end"
        );
    }

    #[test]
    fn a_new_position_cancels_the_search_and_drops_the_old_lines() {
        let mut s = BoardSearch::default();
        let start = Position::start();
        assert_eq!(
            s.show(start),
            vec![
                SearchAction::Cancel,
                SearchAction::Analyse {
                    position: start,
                    task: board_task(None),
                }
            ]
        );
        s.replied(start, analysis(3, h(7), 120), false);
        assert_eq!(s.status(start), SearchStatus::Depth(3));
        let next = start.play(h(7)).unwrap().0;
        s.show(next);
        assert_eq!(s.lines(start), None);
        assert_eq!(s.status(next), SearchStatus::Thinking);
    }

    #[test]
    fn a_late_answer_for_another_position_is_not_shown() {
        let mut s = BoardSearch::default();
        let start = Position::start();
        let next = start.play(h(7)).unwrap().0;
        s.show(next);
        s.replied(start, analysis(5, h(1), 50), true);
        assert_eq!(s.lines(next), None);
        assert_eq!(s.eval(next), None);
        assert_eq!(s.status(next), SearchStatus::Thinking);
    }

    #[test]
    fn the_bar_reads_the_best_line_from_whites_view() {
        let mut s = BoardSearch::default();
        let start = Position::start();
        let black_to_move = start.play(h(7)).unwrap().0;
        assert_eq!(black_to_move.turn(), Side::Black);
        s.show(black_to_move);
        s.replied(black_to_move, analysis(4, h(2), 300), false);
        assert_eq!(s.eval(black_to_move), Some(Score::from_eval(-300)));
        s.show(start);
        s.replied(start, analysis(4, h(7), 300), true);
        assert_eq!(s.eval(start), Some(Score::from_eval(300)));
    }

    #[test]
    fn the_engine_lines_read_from_whites_side_as_the_bar_does() {
        let mut s = BoardSearch::default();
        let black_to_move = Position::start().play(h(7)).unwrap().0;
        s.show(black_to_move);
        // Black, to move, is 3 korgools up on its best line.
        s.replied(black_to_move, analysis(4, h(2), 300), false);
        assert_eq!(
            s.line_evals(black_to_move),
            vec![(h(2), Score::from_eval(-300))]
        );
        assert_eq!(
            s.eval(black_to_move),
            Some(s.line_evals(black_to_move)[0].1)
        );
        assert!(s.line_evals(Position::start()).is_empty());
    }

    #[test]
    fn a_position_over_is_not_searched() {
        let over: Position = "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1 82/79 -/- w"
            .parse()
            .unwrap();
        assert!(over.is_over());
        let mut s = BoardSearch::default();
        assert_eq!(s.show(over), vec![SearchAction::Cancel]);
        assert_eq!(s.status(over), SearchStatus::Over);
    }
}
