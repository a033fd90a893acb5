//! The study board: the analysis board's moves kept as a tree (the engine's
//! [`Study`]), a cursor on it, and the move list the view draws.
//!
//! A move other than the next one starts a variation and nothing is lost; ← / → walk the line,
//! ↑ / ↓ switch between the moves played from the same position; the move shown can carry a
//! comment and a glyph, be promoted toward the main line or be deleted with what follows it.

use toguz_engine::record::{number_text, numbering};
use toguz_engine::study::{Glyph, NodeId, Path, Study, ROOT};
use toguz_engine::{House, Position};

/// The tree and the move shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyBoard {
    study: Study,
    at: NodeId,
}

/// One move in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// Its node.
    pub node: NodeId,
    /// Its place in the tree, as test ids and links write it (`3.1.2`).
    pub path: String,
    /// The move number when it is written (`3.`, `3...`), else empty.
    pub number: String,
    /// The move as the record writes it, with its glyph (`76(10)!?`).
    pub text: String,
    /// Its comment (empty if none).
    pub comment: String,
    /// Whether it is the move shown.
    pub current: bool,
}

/// A run of moves on one line of the list; `depth` 0 is the main line, 1 a variation in it,
/// and so on (the view indents by it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeBlock {
    /// How deep in variations.
    pub depth: usize,
    /// The moves, in order.
    pub moves: Vec<TreeMove>,
}

impl StudyBoard {
    /// An empty board on `start`.
    pub fn new(start: Position) -> StudyBoard {
        StudyBoard::from_study(Study::new(start))
    }

    /// A board on a study, at its start.
    pub fn from_study(study: Study) -> StudyBoard {
        StudyBoard { study, at: ROOT }
    }

    /// The tree.
    pub fn study(&self) -> &Study {
        &self.study
    }

    /// The move shown (the root at the start).
    pub fn at(&self) -> NodeId {
        self.at
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        self.study.position(self.at)
    }

    /// The move that led to the position shown: the position before it and its house.
    pub fn last_move(&self) -> Option<(Position, House)> {
        let parent = self.study.parent(self.at)?;
        let house = self.study.notation(self.at)?.from;
        Some((self.study.position(parent), house))
    }

    /// Plays `house` from the position shown: the next move if it is that one, a move already
    /// tried there, or a new variation. False when the rules refuse it.
    pub fn play(&mut self, house: House) -> bool {
        match self.study.play(self.at, house) {
            Ok(n) => {
                self.at = n;
                true
            }
            Err(_) => false,
        }
    }

    /// Adds a line of moves (the engine's) after the move shown, as a variation if another
    /// move is already there; the board stays where it is. False if a move was refused (the
    /// legal ones before it stay).
    pub fn add_line(&mut self, houses: &[House]) -> bool {
        self.study.play_line(self.at, houses).is_ok()
    }

    /// One move back; false at the start.
    pub fn back(&mut self) -> bool {
        match self.study.parent(self.at) {
            Some(p) => {
                self.at = p;
                true
            }
            None => false,
        }
    }

    /// The line's next move; false at its end.
    pub fn forward(&mut self) -> bool {
        match self.study.next(self.at) {
            Some(n) => {
                self.at = n;
                true
            }
            None => false,
        }
    }

    /// To the previous (`up`) or next move played from the same position as the one shown;
    /// false when there is none that way.
    pub fn switch(&mut self, up: bool) -> bool {
        let siblings = self.study.siblings(self.at);
        let i = siblings.iter().position(|&s| s == self.at).unwrap_or(0);
        let j = if up { i.checked_sub(1) } else { Some(i + 1) };
        match j.and_then(|j| siblings.get(j)) {
            Some(&n) => {
                self.at = n;
                true
            }
            None => false,
        }
    }

    /// To the start of the tree.
    pub fn first(&mut self) {
        self.at = ROOT;
    }

    /// To the end of the line shown.
    pub fn last(&mut self) {
        while self.forward() {}
    }

    /// To a move of the list; false if it is no longer in the tree.
    pub fn go(&mut self, node: NodeId) -> bool {
        let ok = self.study.contains(node);
        if ok {
            self.at = node;
        }
        ok
    }

    /// To the main line's ply `n` (its end if shorter; 0 is the start).
    pub fn go_ply(&mut self, n: usize) {
        let line = self.study.mainline();
        self.at = n
            .checked_sub(1)
            .and_then(|i| line.get(i).or(line.last()).copied())
            .unwrap_or(ROOT);
    }

    /// To a move by its place (`3.1.2`); false if there is none there.
    pub fn go_path(&mut self, path: &str) -> bool {
        match path.parse::<Path>().ok().and_then(|p| self.study.find(&p)) {
            Some(n) => {
                self.at = n;
                true
            }
            None => false,
        }
    }

    /// Whether the move shown is in a variation (so it can be promoted).
    pub fn in_variation(&self) -> bool {
        !self.study.on_mainline(self.at)
    }

    /// Makes the line of the move shown the main line; false if it already is.
    pub fn promote(&mut self) -> bool {
        self.study.make_mainline(self.at)
    }

    /// Deletes the move shown and what follows it, and shows the position before it; false
    /// at the start.
    pub fn delete(&mut self) -> bool {
        match self.study.delete(self.at) {
            Some(p) => {
                self.at = p;
                true
            }
            None => false,
        }
    }

    /// The comment on the move shown (before the first move at the start).
    pub fn comment(&self) -> &str {
        self.study.comment(self.at)
    }

    /// Sets the comment on the move shown.
    pub fn set_comment(&mut self, text: &str) {
        self.study.set_comment(self.at, text);
    }

    /// The glyph on the move shown.
    pub fn glyph(&self) -> Option<Glyph> {
        self.study.glyph(self.at)
    }

    /// Sets `glyph` on the move shown, or clears it if it is the one there already.
    pub fn toggle_glyph(&mut self, glyph: Glyph) {
        let next = (self.glyph() != Some(glyph)).then_some(glyph);
        self.study.set_glyph(self.at, next);
    }

    /// (the ply shown, the ply at the end of the line shown).
    pub fn counts(&self) -> (usize, usize) {
        let end = self
            .study
            .line_from(self.at)
            .last()
            .map_or(self.study.ply(self.at), |&n| self.study.ply(n));
        (self.study.ply(self.at), end)
    }

    /// The counter under the board, as every screen counts: (the number of the move shown,
    /// the length of its line in moves), as the move list numbers them; move 0 at the start.
    pub fn counter(&self) -> (usize, usize) {
        let (at, end) = self.counts();
        crate::moves::counter(self.study.start().turn(), at, end)
    }

    /// The move list: the main line in blocks, each variation in its own block after the move
    /// it replaces, nested by depth, as lichess lays out its analysis.
    pub fn blocks(&self) -> Vec<TreeBlock> {
        let mut out = Vec::new();
        self.line_blocks(ROOT, None, 0, &mut out);
        out
    }

    /// The blocks of the line after `from`, starting with `first` when the line is a
    /// variation (its first move, which is not `from`'s first continuation).
    fn line_blocks(
        &self,
        from: NodeId,
        first: Option<NodeId>,
        depth: usize,
        out: &mut Vec<TreeBlock>,
    ) {
        let mut block = TreeBlock {
            depth,
            moves: Vec::new(),
        };
        let mut numbered = true;
        let mut next = first.or_else(|| self.study.next(from));
        let mut parent = from;
        while let Some(n) = next {
            block.moves.push(self.tree_move(n, numbered));
            numbered = !self.study.comment(n).is_empty();
            // The variations of this move follow it, each in its own block; only the main
            // line's own continuation has them listed here (a variation's first move is
            // listed by the block of the line it branches from).
            let is_first = first == Some(n);
            let alternatives: Vec<NodeId> = if is_first {
                Vec::new()
            } else {
                self.study.children(parent)[1..].to_vec()
            };
            if !alternatives.is_empty() {
                out.push(std::mem::replace(
                    &mut block,
                    TreeBlock {
                        depth,
                        moves: Vec::new(),
                    },
                ));
                for v in alternatives {
                    self.line_blocks(parent, Some(v), depth + 1, out);
                }
                numbered = true;
            }
            parent = n;
            next = self.study.next(n);
        }
        if !block.moves.is_empty() {
            out.push(block);
        }
    }

    fn tree_move(&self, n: NodeId, numbered: bool) -> TreeMove {
        let s = &self.study;
        let (first, index) = (s.start().turn(), s.ply(n) - 1);
        let number = if numbered || !numbering(first, index).1 {
            number_text(first, index)
        } else {
            String::new()
        };
        let mut text = s.notation(n).map(|m| m.to_string()).unwrap_or_default();
        if let Some(g) = s.glyph(n) {
            text.push_str(g.as_str());
        }
        TreeMove {
            node: n,
            path: s.path(n).to_string(),
            number,
            text,
            comment: s.comment(n).to_string(),
            current: n == self.at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn texts(b: &StudyBoard) -> Vec<(usize, String)> {
        b.blocks()
            .iter()
            .map(|bl| {
                let words: Vec<String> = bl
                    .moves
                    .iter()
                    .map(|m| format!("{}{}", m.number, m.text))
                    .collect();
                (bl.depth, words.join(" "))
            })
            .collect()
    }

    #[test]
    fn trying_another_move_keeps_the_main_line_and_starts_a_variation() {
        let mut b = StudyBoard::new(Position::start());
        assert!(b.play(h(7)) && b.play(h(9)) && b.play(h(6)));
        b.first();
        b.forward();
        assert!(b.play(h(1)));
        assert!(b.in_variation());
        assert_eq!(
            texts(&b),
            [
                (0, "1.76(10) 98".to_string()),
                (1, "1...11(10)".to_string()),
                (0, "2.66".to_string())
            ]
        );
        assert_eq!(b.counts(), (2, 2));
        assert!(b.back());
        assert!(b.forward(), "forward follows the main line");
        assert!(b.blocks()[0].moves[1].current);
    }

    #[test]
    fn the_counter_counts_moves_as_the_list_numbers_them() {
        let mut b = StudyBoard::new(Position::start());
        assert_eq!(b.counter(), (0, 0));
        assert!(b.play(h(7)) && b.play(h(9)) && b.play(h(6)));
        // Three plies from White's first: moves 1 and 2, the second shown.
        assert_eq!(b.counter(), (2, 2));
        b.first();
        b.forward();
        assert_eq!(b.counter(), (1, 2));
        // From a position with Black to move, Black's first move is move 1 and White's reply
        // move 2, as the list writes `1... 2.`.
        let mut black = StudyBoard::new(Position::start());
        black.play(h(7));
        let mut from_black = StudyBoard::new(black.position());
        assert!(from_black.play(h(9)) && from_black.play(h(6)));
        assert_eq!(from_black.counter(), (2, 2));
        from_black.back();
        assert_eq!(from_black.counter(), (1, 2));
    }

    #[test]
    fn up_and_down_switch_between_the_moves_from_one_position() {
        let mut b = StudyBoard::new(Position::start());
        b.play(h(7));
        b.first();
        b.play(h(9));
        b.first();
        b.play(h(8));
        assert!(b.switch(true));
        assert_eq!(b.last_move().unwrap().1, h(9));
        assert!(b.switch(true));
        assert!(!b.switch(true), "the main line's move is the first");
        assert!(b.switch(false) && b.switch(false) && !b.switch(false));
    }

    #[test]
    fn paths_reach_moves_and_promote_and_delete_act_on_the_move_shown() {
        let mut b = StudyBoard::new(Position::start());
        b.play(h(7));
        b.play(h(9));
        b.first();
        b.play(h(9));
        b.play(h(1));
        assert!(b.go_path("1.1.2"));
        assert!(b.promote());
        assert!(!b.in_variation());
        assert_eq!(texts(&b)[0], (0, "1.98(10)".to_string()));
        assert!(b.go_path("1.1.1"));
        assert!(b.delete());
        assert_eq!(b.at(), ROOT);
        assert!(!b.go_path("1.1.1"));
        assert_eq!(texts(&b), [(0, "1.98(10) 11(10)".to_string())]);
        assert!(!b.delete(), "the start stays");
    }

    #[test]
    fn comments_and_glyphs_mark_the_move_shown_and_number_the_next() {
        let mut b = StudyBoard::new(Position::start());
        b.set_comment("the start");
        b.play(h(7));
        b.toggle_glyph(Glyph::Good);
        b.set_comment("  the   usual ");
        b.play(h(9));
        assert_eq!(texts(&b), [(0, "1.76(10)! 1...98".to_string())]);
        assert_eq!(b.blocks()[0].moves[0].comment, "the usual");
        b.back();
        b.toggle_glyph(Glyph::Good);
        assert_eq!(b.glyph(), None);
        assert_eq!(b.study().comment(ROOT), "the start");
    }

    #[test]
    fn an_engine_line_is_added_without_moving_the_board() {
        let mut b = StudyBoard::new(Position::start());
        b.play(h(7));
        b.first();
        assert!(b.add_line(&[h(9), h(1)]));
        assert_eq!(b.at(), ROOT);
        assert_eq!(texts(&b)[1], (1, "1.98(10) 11(10)".to_string()));
    }

    #[test]
    fn nested_variations_nest_in_the_list() {
        let mut b = StudyBoard::new(Position::start());
        b.play(h(7));
        b.play(h(9));
        b.play(h(6));
        b.first();
        b.play(h(9)); // a variation at ply 1
        b.play(h(1));
        b.play(h(2));
        b.back();
        b.play(h(3)); // a variation inside it, at its ply 3
        let t = texts(&b);
        assert_eq!(t.iter().map(|x| x.0).collect::<Vec<_>>(), [0, 1, 2, 0]);
        let paths: Vec<String> = b.blocks()[2].moves.iter().map(|m| m.path.clone()).collect();
        assert_eq!(paths, ["1.1.3.1.1"]);
    }
}
