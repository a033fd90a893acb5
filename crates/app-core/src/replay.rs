//! The replay of a saved game as a plain value: the positions and moves in effect, the move
//! shown, and the commands that step through them (buttons, keys, the slider, a move in the
//! list). No Leptos: `features::library` draws it and carries out what leaves the screen
//! (play from here, the review, the analysis board).
//!
//! Positions, last moves and the end all come from the engine's `Game`: no rule is
//! re-implemented here.

use toguz_engine::game::Game;
use toguz_engine::{BySide, GameEnd, Position, Side};

use crate::announce::MoveSummary;
use crate::game::notation;
use crate::moves;
use crate::url::query_param;

/// What the line above the board says about the move shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The last move is shown and it ended the game.
    Over(GameEnd),
    /// `turn` is to move, with the kazans as they stand.
    ToMove {
        /// The side to move.
        turn: Side,
        /// Both kazans.
        kazans: BySide<u8>,
    },
}

/// A saved game being replayed. Its moves are fixed; only the move shown changes, through
/// the commands.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    positions: Vec<Position>,
    moves: Vec<MoveSummary>,
    labels: Vec<String>,
    end: Option<GameEnd>,
    offset: usize,
    ply: usize,
}

impl Replay {
    /// The replay of `game`, at its last move. A game kept with moves taken back replays up to
    /// its cursor.
    pub fn new(game: &Game) -> Replay {
        let total = game.ply();
        let played = &game.moves()[..total];
        Replay {
            positions: game.positions()[..=total].to_vec(),
            moves: played.iter().map(|m| MoveSummary::of(&m.outcome)).collect(),
            labels: played.iter().map(|m| notation(&m.outcome)).collect(),
            end: game.result(),
            // Move numbers count from White's first move (a game may start with Black to move).
            offset: usize::from(game.start().turn() == Side::Black),
            ply: total,
        }
    }

    // ----- reading -----

    /// The number of moves (plies) in the game.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// The plies played up to the position shown (0: the start).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        self.positions[self.ply]
    }

    /// The move that led to the position shown, for its marks on the board.
    pub fn last_move(&self) -> Option<MoveSummary> {
        self.ply.checked_sub(1).map(|i| self.moves[i])
    }

    /// The line above the board: the result once the last move is shown, else who is to move.
    pub fn status(&self) -> Status {
        match self.shown_end() {
            Some(end) => Status::Over(end),
            None => {
                let p = self.position();
                Status::ToMove {
                    turn: p.turn(),
                    kazans: p.kazans(),
                }
            }
        }
    }

    /// The kazans as they stand at the move shown (the final count once the game has ended).
    pub fn score(&self) -> BySide<u8> {
        self.shown_end()
            .map_or_else(|| self.position().kazans(), |e| e.kazans)
    }

    /// The counter under the board, in moves as the list numbers them (a move: White's ply and
    /// Black's): (the move shown, the last move).
    pub fn counter(&self) -> (usize, usize) {
        moves::counter(self.first(), self.ply, self.total())
    }

    fn first(&self) -> Side {
        if self.offset == 1 {
            Side::Black
        } else {
            Side::White
        }
    }

    /// The move list: one item per move number, with the plies (1-based) it holds.
    pub fn pairs(&self) -> Vec<(usize, Vec<usize>)> {
        let sides: Vec<Side> = self.moves.iter().map(|m| m.side).collect();
        move_pairs(&sides, self.offset)
    }

    /// The notation of ply `n` (1-based).
    pub fn label(&self, n: usize) -> &str {
        &self.labels[n - 1]
    }

    /// The move that led to the position shown, as a caption: "12. 76(10)" for White's ply,
    /// "12... 33" for Black's (a picture of the position says what was played); `None` at the
    /// start.
    pub fn caption(&self) -> Option<String> {
        self.last_move()?;
        Some(moves::numbered(
            self.first(),
            self.ply - 1,
            self.label(self.ply),
        ))
    }

    /// The position shown is the start.
    pub fn at_start(&self) -> bool {
        self.ply == 0
    }

    /// The position shown is after the last move.
    pub fn at_end(&self) -> bool {
        self.ply == self.total()
    }

    fn shown_end(&self) -> Option<GameEnd> {
        self.end.filter(|_| self.at_end())
    }

    // ----- commands -----

    /// Shows the position after ply `n` (clamped to the game).
    pub fn go(&mut self, n: usize) {
        self.ply = n.min(self.total());
    }

    /// `delta` plies forward (or back, when negative), within the game.
    pub fn step(&mut self, delta: isize) {
        self.go(self.ply.saturating_add_signed(delta));
    }

    /// The command of a key (`KeyboardEvent.key`): arrows step, Home and End jump to the
    /// start and the end. False when the key is not one of them.
    pub fn key(&mut self, key: &str) -> bool {
        let to = ply_for_key(key, self.ply, self.total());
        if let Some(n) = to {
            self.go(n);
        }
        to.is_some()
    }
}

/// Where a key (`KeyboardEvent.key`) takes a screen that steps through `total` plies from
/// `ply`: the arrows one ply back or on, Home to the start, End to the last move. `None` for
/// any other key. The replay and the review step alike.
pub fn ply_for_key(key: &str, ply: usize, total: usize) -> Option<usize> {
    match key {
        "ArrowLeft" => Some(ply.saturating_sub(1)),
        "ArrowRight" => Some((ply + 1).min(total)),
        "Home" => Some(0),
        "End" => Some(total),
        _ => None,
    }
}

/// The side that plays ply `i` (0-based) of a game whose first ply is `first`'s.
pub fn mover(first: Side, i: usize) -> Side {
    if i.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}

/// The ply asked for by `ply=N` in the address (the analysis board's way back to the move it
/// came from), if it is one of the game's.
pub fn ply_in_hash(hash: &str, total: usize) -> Option<usize> {
    query_param(hash, "ply")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n <= total)
}

/// Where a review was opened from, and so where its way back leads: the library's list, the
/// game just played, or the game's replay (the default: an address without `from=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewFrom {
    Library,
    Game,
    Replay,
}

impl ReviewFrom {
    /// Where the review's address (`from=library` or `from=game`) says it was opened from.
    pub fn of_hash(hash: &str) -> ReviewFrom {
        match query_param(hash, "from").as_deref() {
            Some("library") => ReviewFrom::Library,
            Some("game") => ReviewFrom::Game,
            _ => ReviewFrom::Replay,
        }
    }

    /// What an address adds to its query to say so (nothing for the replay).
    pub fn param(self) -> &'static str {
        match self {
            ReviewFrom::Library => "from=library",
            ReviewFrom::Game => "from=game",
            ReviewFrom::Replay => "",
        }
    }

    /// The review's address of game `review` (its `#/review/<id>`), opened from here, at
    /// `ply` if given.
    pub fn review_hash(self, review: &str, ply: Option<usize>) -> String {
        let mut params: Vec<String> = ply.map(|p| format!("ply={p}")).into_iter().collect();
        if self != ReviewFrom::Replay {
            params.push(self.param().to_string());
        }
        if params.is_empty() {
            review.to_string()
        } else {
            format!("{review}?{}", params.join("&"))
        }
    }
}

/// The number of the move that ply `n` (1-based; 0 = the start, move 0) belongs to, when the
/// game's first ply is Black's if `offset` is 1: moves are numbered as White's ply and Black's.
pub fn move_number(n: usize, offset: usize) -> usize {
    let first = if offset == 1 {
        Side::Black
    } else {
        Side::White
    };
    moves::counter(first, n, n).0
}

/// The plies (1-based) grouped by move number, from the side of each ply in order.
pub fn move_pairs(sides: &[Side], offset: usize) -> Vec<(usize, Vec<usize>)> {
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, &side) in sides.iter().enumerate() {
        let n = i + 1;
        match out.last_mut() {
            Some((_, plies)) if side == Side::Black => plies.push(n),
            _ => out.push((move_number(n, offset), vec![n])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{EndReason, GameResult, House, Square};

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn game(moves: &[u8]) -> Game {
        let mut g = Game::new();
        for &m in moves {
            g.play(h(m)).unwrap();
        }
        g
    }

    #[test]
    fn moves_are_counted_as_the_list_numbers_them() {
        use Side::{Black, White};
        // Ten plies from the start: five moves, a pair each.
        let sides = [White, Black].repeat(5);
        let pairs = move_pairs(&sides, 0);
        assert_eq!(pairs.len(), 5);
        assert_eq!(pairs[0], (1, vec![1, 2]));
        assert_eq!(pairs[4], (5, vec![9, 10]));
        assert_eq!(
            (move_number(10, 0), move_number(9, 0), move_number(0, 0)),
            (5, 5, 0)
        );
        // From a position with Black to move: "1... 2. 3." and the counter agrees.
        let sides = [Black, White, Black, White];
        let pairs = move_pairs(&sides, 1);
        assert_eq!(pairs, vec![(1, vec![1]), (2, vec![2, 3]), (3, vec![4])]);
        assert_eq!(move_number(4, 1), 3);
    }

    #[test]
    fn a_replay_opens_at_the_last_move() {
        let r = Replay::new(&game(&[9, 2, 8]));
        assert_eq!((r.ply(), r.total()), (3, 3));
        assert!(r.at_end() && !r.at_start());
        assert_eq!(r.position(), game(&[9, 2, 8]).position());
        assert_eq!(r.counter(), (2, 2));
        assert_eq!(r.pairs(), vec![(1, vec![1, 2]), (2, vec![3])]);
    }

    #[test]
    fn steps_stay_within_the_game() {
        let mut r = Replay::new(&game(&[9, 2, 8]));
        r.step(1);
        assert_eq!(r.ply(), 3);
        r.step(-5);
        assert_eq!(r.ply(), 0);
        r.step(-1);
        assert!(r.at_start());
        r.go(99);
        assert!(r.at_end());
    }

    #[test]
    fn the_arrows_home_and_end_step_through_the_moves() {
        let mut r = Replay::new(&game(&[9, 2, 8]));
        assert!(r.key("Home"));
        assert_eq!(r.ply(), 0);
        assert!(r.key("ArrowRight") && r.key("ArrowRight"));
        assert_eq!(r.ply(), 2);
        assert!(r.key("ArrowLeft"));
        assert_eq!(r.ply(), 1);
        assert!(r.key("End"));
        assert_eq!(r.ply(), 3);
        assert!(!r.key("a"));
        assert_eq!(r.ply(), 3);
    }

    #[test]
    fn keys_never_leave_the_game() {
        assert_eq!(ply_for_key("ArrowLeft", 0, 5), Some(0));
        assert_eq!(ply_for_key("ArrowRight", 5, 5), Some(5));
        assert_eq!(ply_for_key("ArrowRight", 2, 5), Some(3));
        assert_eq!(ply_for_key("End", 2, 5), Some(5));
        assert_eq!(ply_for_key("Enter", 2, 5), None);
    }

    #[test]
    fn plies_alternate_from_the_first_mover() {
        assert_eq!(mover(Side::White, 0), Side::White);
        assert_eq!(mover(Side::White, 3), Side::Black);
        assert_eq!(mover(Side::Black, 0), Side::Black);
        assert_eq!(mover(Side::Black, 1), Side::White);
        // The review's list numbers its moves as the replay's does.
        assert_eq!((move_number(1, 1), move_number(2, 1)), (1, 2));
    }

    #[test]
    fn the_last_move_is_read_from_the_engine() {
        let mut r = Replay::new(&game(&[9, 2]));
        r.go(1);
        let m = r.last_move().expect("a move is shown");
        // White's 9 from the start: the last korgool on Black's 8.
        assert_eq!(m.from_square(), Square::new(Side::White, h(9)));
        assert_eq!(m.last, Square::new(Side::Black, h(8)));
        assert_eq!(r.label(1), notation(&game(&[9]).moves()[0].outcome));
        r.go(0);
        assert_eq!(r.last_move(), None);
    }

    #[test]
    fn the_status_tells_the_result_only_at_the_end() {
        // The game of the engine's doctest that reaches 82.
        let g = game(&[9, 2, 8, 1, 7, 2, 6, 1, 9, 2, 5]);
        let mut r = Replay::new(&g);
        let Status::Over(end) = r.status() else {
            panic!("the game is over at its last move");
        };
        assert_eq!(end.reason, EndReason::Reached82);
        assert_eq!(end.result, GameResult::Win(Side::White));
        assert_eq!(r.score(), end.kazans);
        r.step(-1);
        let p = r.position();
        assert_eq!(
            r.status(),
            Status::ToMove {
                turn: p.turn(),
                kazans: p.kazans()
            }
        );
        assert_eq!(r.score(), p.kazans());
    }

    #[test]
    fn a_game_from_black_to_move_numbers_its_first_move_one() {
        let start: Position = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- b"
            .parse()
            .unwrap();
        let mut g = Game::from_position(start, Default::default());
        g.play(h(1)).unwrap();
        g.play(h(1)).unwrap();
        let r = Replay::new(&g);
        assert_eq!(r.pairs(), vec![(1, vec![1]), (2, vec![2])]);
        assert_eq!(r.counter(), (2, 2));
    }

    #[test]
    fn the_address_may_ask_for_a_move() {
        assert_eq!(ply_in_hash("#/replay/abc?ply=4", 10), Some(4));
        assert_eq!(ply_in_hash("#/replay/abc?ply=11", 10), None);
        assert_eq!(ply_in_hash("#/replay/abc", 10), None);
        assert_eq!(ply_in_hash("#/replay/abc?ply=x", 10), None);
        assert_eq!(ply_in_hash("#/review/abc?from=game&ply=4", 10), Some(4));
        assert_eq!(ply_in_hash("#/review/abc?ply=4&from=game", 10), Some(4));
    }

    #[test]
    fn a_review_knows_where_it_was_opened_from_and_keeps_it_on_the_way_back_from_the_analysis() {
        assert_eq!(ReviewFrom::of_hash("#/review/g"), ReviewFrom::Replay);
        assert_eq!(
            ReviewFrom::of_hash("#/review/g?from=library"),
            ReviewFrom::Library
        );
        assert_eq!(
            ReviewFrom::of_hash("#/review/g?ply=3&from=game"),
            ReviewFrom::Game
        );
        assert_eq!(
            ReviewFrom::of_hash("#/review/g?from=nowhere"),
            ReviewFrom::Replay
        );
        let back = ReviewFrom::Game.review_hash("#/review/g", Some(12));
        assert_eq!(back, "#/review/g?ply=12&from=game");
        assert_eq!(ReviewFrom::of_hash(&back), ReviewFrom::Game);
        assert_eq!(ply_in_hash(&back, 20), Some(12));
        assert_eq!(
            ReviewFrom::Replay.review_hash("#/review/g", None),
            "#/review/g"
        );
        assert_eq!(
            ReviewFrom::Library.review_hash("#/review/g", None),
            "#/review/g?from=library"
        );
    }

    #[test]
    fn a_caption_names_the_move_just_played_as_the_list_numbers_it() {
        let mut replay = Replay::new(&game(&[7, 3]));
        replay.go(0);
        assert_eq!(replay.caption(), None);
        replay.go(1);
        assert_eq!(replay.caption().as_deref(), Some("1. 76(10)"));
        replay.go(2);
        assert!(replay.caption().unwrap().starts_with("1... 3"));
    }
}
