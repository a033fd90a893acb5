//! A study: a game as a tree of moves, with variations, comments and glyphs, and its text in
//! the record format with PGN's additions: variations in parentheses, comments in braces,
//! glyphs after the move.
//!
//! ```text
//! [White "a"]
//!
//! {the start} 1. 76(10)! {the usual} (1. 98 {quieter} 1... 87) 1... 98 2. 66 *
//! ```
//!
//! A variation follows the move it replaces, as in PGN. Every move is replayed through the
//! rules as it is read, in a variation as on the main line, and an error names the move's
//! place in the tree ([`Path`]). The tree lives in one vector (an arena), so neither reading,
//! writing past the reader's nesting limit, nor dropping a deep tree recurses over the moves.
//!
//! ```
//! use toguz_engine::study::{Path, Study, ROOT};
//! let text = "1. 76(10) (1. 98(10) 22(10)) 1... 98 2. 66 *";
//! let study = Study::read_one(text).unwrap();
//! let side = study.find(&"1.1.2".parse::<Path>().unwrap()).unwrap();
//! assert_eq!(study.notation(side).unwrap().to_string(), "22(10)");
//! assert_eq!(study.children(ROOT).len(), 2);
//! assert_eq!(study.to_string(), format!("{text}\n"));
//! assert_eq!(Study::read_one(&study.to_string()).unwrap(), study);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::notation::NotatedMove;
use crate::position::{GameResult, MoveError, Position};
use crate::record::{
    FEN_TAG, RecordErrorKind, Tok, Wrapper, escape, number_text, numbering, split_games, tokenize,
};
use crate::types::{House, Side};

/// PGN's tag that says the game begins at the position of its `FEN` tag.
pub const SETUP_TAG: &str = "SetUp";

/// The deepest nesting of variations a text may have. Writing recurses once per level, so
/// the limit keeps any tree that reads (or that a player could build) far from the stack's end.
pub const MAX_NESTING: usize = 400;

/// A move's mark: how good the move is, in the six glyphs players write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// Every glyph, in the order a menu offers them.
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// As written after a move.
    pub const fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    /// A glyph as written, or as PGN's numeric code (`$1` to `$6`).
    pub fn parse(s: &str) -> Option<Glyph> {
        Some(match s {
            "!" | "$1" => Glyph::Good,
            "?" | "$2" => Glyph::Mistake,
            "!!" | "$3" => Glyph::Brilliant,
            "??" | "$4" => Glyph::Blunder,
            "!?" | "$5" => Glyph::Interesting,
            "?!" | "$6" => Glyph::Dubious,
            _ => return None,
        })
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A node of the tree: the start (the root), or a move and the position after it.
pub type NodeId = usize;

/// The root: the start position, before any move.
pub const ROOT: NodeId = 0;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The move, as the engine writes it after playing it; `None` at the root.
    notation: Option<NotatedMove>,
    /// The position after the move (the start at the root).
    position: Position,
    /// The ply the move is (0 at the root).
    ply: usize,
    parent: Option<NodeId>,
    /// The continuations: the first is the line's own, the others its variations in order.
    children: Vec<NodeId>,
    glyph: Option<Glyph>,
    /// The comment after the move (at the root: before the first move); empty if none.
    comment: String,
}

/// A move's place in the tree, written `3` for the main line's third ply and `3.1.2` for the
/// second ply of the first variation at ply 3 (and so on: `3.1.2.2.1` is the first ply of the
/// second variation at that move). The root is `0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path(pub Vec<usize>);

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// Why a text is not a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadPath;

impl FromStr for Path {
    type Err = BadPath;

    fn from_str(s: &str) -> Result<Path, BadPath> {
        let parts = s
            .split('.')
            .map(|p| p.parse::<usize>().map_err(|_| BadPath))
            .collect::<Result<Vec<_>, _>>()?;
        if parts.len() % 2 == 0 {
            return Err(BadPath);
        }
        Ok(Path(parts))
    }
}

/// What went wrong in a study's text, beyond what a plain record can get wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyErrorKind {
    /// What a plain record can get wrong (a bad move, an illegal one, a bad tag, ...).
    Record(RecordErrorKind),
    /// A `(` with no move before it for the variation to replace.
    VariationWithoutMove,
    /// A `)` that closes no variation.
    UnopenedVariation,
    /// A variation still open at the end of the game.
    UnclosedVariation,
    /// Variations nested deeper than [`MAX_NESTING`].
    TooDeep,
    /// A glyph with no move before it.
    GlyphWithoutMove,
}

impl fmt::Display for StudyErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StudyErrorKind::Record(k) => k.fmt(f),
            StudyErrorKind::VariationWithoutMove => {
                f.write_str("a variation '(' must follow the move it replaces")
            }
            StudyErrorKind::UnopenedVariation => f.write_str("')' closes no variation"),
            StudyErrorKind::UnclosedVariation => f.write_str("a variation is never closed"),
            StudyErrorKind::TooDeep => {
                write!(f, "variations nested deeper than {MAX_NESTING} levels")
            }
            StudyErrorKind::GlyphWithoutMove => f.write_str("a glyph must follow a move"),
        }
    }
}

/// An error in a study's text: the game, where in the tree, the token and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyError {
    /// The game's 1-based index in the text.
    pub game: usize,
    /// The place in the tree of the move concerned (the next move's, for a token between
    /// moves); `0` before the first move.
    pub path: Path,
    /// The move number as a record writes it (`5.` or `5...`); empty for the tags.
    pub move_number: String,
    /// The offending token.
    pub token: String,
    /// Why.
    pub kind: StudyErrorKind,
}

impl fmt::Display for StudyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if self.path.0 != [0] {
            write!(f, ", move {} (at {})", self.move_number, self.path)?;
        }
        write!(f, ", '{}': {}", self.token, self.kind)
    }
}

impl std::error::Error for StudyError {}

/// Why a move was not added to a study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyMoveError {
    /// The node is not in the tree (deleted, or never was).
    NoSuchNode,
    /// The rules refuse the move there.
    Illegal(MoveError),
}

/// A game as a tree of moves. Node ids stay valid until their node is deleted.
#[derive(Clone, Debug)]
pub struct Study {
    /// Tag pairs in order, other than the start position's: a study that does not begin at
    /// the start is written with PGN's `[SetUp "1"]` and `[FEN "<position>"]` from its root,
    /// and those two tags are read into the root, so the position has one home.
    pub tags: Vec<(String, String)>,
    /// The result token written at the end: `None` for `*`.
    pub result: Option<GameResult>,
    /// Comments after the result.
    pub trailing: Vec<String>,
    nodes: Vec<Node>,
}

impl PartialEq for Study {
    /// Two studies are equal when they hold the same tree (the same moves, in the same order,
    /// with the same marks and comments) and the same tags and result: ids may differ.
    fn eq(&self, other: &Study) -> bool {
        if self.tags != other.tags || self.result != other.result || self.trailing != other.trailing
        {
            return false;
        }
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (x, y) = (&self.nodes[a], &other.nodes[b]);
            if x.notation != y.notation
                || x.position != y.position
                || x.glyph != y.glyph
                || x.comment != y.comment
                || x.children.len() != y.children.len()
            {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for Study {}

impl Default for Study {
    fn default() -> Study {
        Study::new(Position::start())
    }
}

impl Study {
    /// An empty study from `start`.
    pub fn new(start: Position) -> Study {
        Study {
            tags: Vec::new(),
            result: None,
            trailing: Vec::new(),
            nodes: vec![Node {
                notation: None,
                position: start,
                ply: 0,
                parent: None,
                children: Vec::new(),
                glyph: None,
                comment: String::new(),
            }],
        }
    }

    /// A study whose main line is a game's moves (from the game's start position).
    pub fn from_game(game: &crate::Game) -> Study {
        let mut s = Study::new(game.start());
        let mut at = ROOT;
        for m in game.moves() {
            at = s.play(at, m.house).expect("a game's moves are legal");
        }
        s
    }

    /// The nodes of the tree, the root with its moves (deleted moves not counted).
    pub fn size(&self) -> usize {
        let mut count = 0;
        let mut stack = vec![ROOT];
        while let Some(n) = stack.pop() {
            count += 1;
            stack.extend_from_slice(&self.nodes[n].children);
        }
        count
    }

    /// The start position.
    pub fn start(&self) -> Position {
        self.nodes[ROOT].position
    }

    /// Whether `id` is a node of the tree.
    pub fn contains(&self, id: NodeId) -> bool {
        let mut n = id;
        loop {
            if n >= self.nodes.len() {
                return false;
            }
            match self.nodes[n].parent {
                None => return n == ROOT,
                Some(p) => {
                    if !self.nodes[p].children.contains(&n) {
                        return false;
                    }
                    n = p;
                }
            }
        }
    }

    /// The position after node `id`'s move (the start at the root).
    pub fn position(&self, id: NodeId) -> Position {
        self.nodes[id].position
    }

    /// The move of node `id` as the record writes it; `None` at the root.
    pub fn notation(&self, id: NodeId) -> Option<NotatedMove> {
        self.nodes[id].notation
    }

    /// The ply node `id`'s move is (0 at the root).
    pub fn ply(&self, id: NodeId) -> usize {
        self.nodes[id].ply
    }

    /// The node before `id`; `None` at the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].parent
    }

    /// The continuations after `id`: the line's own first, then its variations.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    /// The line's own next move after `id`.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].children.first().copied()
    }

    /// The moves played from the same position as `id` (itself among them), in order.
    pub fn siblings(&self, id: NodeId) -> &[NodeId] {
        match self.nodes[id].parent {
            Some(p) => &self.nodes[p].children,
            None => core::slice::from_ref(&ROOT),
        }
    }

    /// The main line: the root's first continuation, its first, and so on.
    pub fn mainline(&self) -> Vec<NodeId> {
        self.line_from(ROOT)
    }

    /// The nodes after `id` following each first continuation.
    pub fn line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut n = id;
        while let Some(c) = self.next(n) {
            out.push(c);
            n = c;
        }
        out
    }

    /// Whether `id` lies on the main line (the root does).
    pub fn on_mainline(&self, id: NodeId) -> bool {
        let mut n = id;
        while let Some(p) = self.nodes[n].parent {
            if self.nodes[p].children[0] != n {
                return false;
            }
            n = p;
        }
        true
    }

    /// The glyph on `id`'s move.
    pub fn glyph(&self, id: NodeId) -> Option<Glyph> {
        self.nodes[id].glyph
    }

    /// Sets or clears the glyph on `id`'s move (the root takes none).
    pub fn set_glyph(&mut self, id: NodeId, glyph: Option<Glyph>) {
        if id != ROOT {
            self.nodes[id].glyph = glyph;
        }
    }

    /// The comment after `id`'s move; at the root, the comment before the first move.
    pub fn comment(&self, id: NodeId) -> &str {
        &self.nodes[id].comment
    }

    /// Sets the comment after `id`'s move (empty: none). Whitespace runs become single
    /// spaces, as the text keeps them.
    pub fn set_comment(&mut self, id: NodeId, text: &str) {
        self.nodes[id].comment = text.split_whitespace().collect::<Vec<_>>().join(" ");
    }

    /// Plays `house` after node `at`: the existing continuation if that move is already there,
    /// else a new one (the line's own if `at` had none, else a new variation, last).
    pub fn play(&mut self, at: NodeId, house: House) -> Result<NodeId, StudyMoveError> {
        if !self.contains(at) {
            return Err(StudyMoveError::NoSuchNode);
        }
        if let Some(&c) = self.nodes[at]
            .children
            .iter()
            .find(|&&c| self.nodes[c].notation.map(|n| n.from) == Some(house))
        {
            return Ok(c);
        }
        let mut after = self.nodes[at].position;
        let outcome = after.try_play(house).map_err(StudyMoveError::Illegal)?;
        Ok(self.push(at, NotatedMove::of(&outcome), after))
    }

    /// Plays a line of moves after `at` (an engine's line, say); gives the last node. The
    /// moves before an illegal one are kept.
    pub fn play_line(&mut self, at: NodeId, houses: &[House]) -> Result<NodeId, StudyMoveError> {
        let mut n = at;
        for &h in houses {
            n = self.play(n, h)?;
        }
        Ok(n)
    }

    fn push(&mut self, parent: NodeId, notation: NotatedMove, position: Position) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            notation: Some(notation),
            position,
            ply: self.nodes[parent].ply + 1,
            parent: Some(parent),
            children: Vec::new(),
            glyph: None,
            comment: String::new(),
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// The variation `id` is in, one level up: the nearest move at or above `id` that is not
    /// its line's own continuation becomes it. Gives false on the main line (nothing to do).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut n = id;
        while let Some(p) = self.nodes[n].parent {
            let i = self.index_in_parent(n);
            if i > 0 {
                let c = self.nodes[p].children.remove(i);
                self.nodes[p].children.insert(0, c);
                return true;
            }
            n = p;
        }
        false
    }

    /// Makes the line through `id` the main line (promotes it level by level).
    pub fn make_mainline(&mut self, id: NodeId) -> bool {
        let mut changed = false;
        while self.promote(id) {
            changed = true;
        }
        changed
    }

    /// Deletes `id`'s move and everything after it; gives the node before it (the root stays).
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let p = self.nodes[id].parent?;
        self.nodes[p].children.retain(|&c| c != id);
        Some(p)
    }

    fn index_in_parent(&self, id: NodeId) -> usize {
        self.nodes[id]
            .parent
            .and_then(|p| self.nodes[p].children.iter().position(|&c| c == id))
            .unwrap_or(0)
    }

    /// The place of `id` in the tree.
    pub fn path(&self, id: NodeId) -> Path {
        let mut segs = Vec::new();
        let mut n = id;
        let mut steps = 0;
        while let Some(p) = self.nodes[n].parent {
            steps += 1;
            let i = self.index_in_parent(n);
            if i == 0 {
                n = p;
            } else {
                segs.push(steps);
                segs.push(i);
                n = self.nodes[p].children[0];
                steps = 0;
            }
        }
        segs.push(steps);
        segs.reverse();
        Path(segs)
    }

    /// The node at a place in the tree.
    pub fn find(&self, path: &Path) -> Option<NodeId> {
        let mut segs = path.0.iter().copied();
        let first = segs.next()?;
        let mut n = ROOT;
        for _ in 0..first {
            n = self.next(n)?;
        }
        while let (Some(v), Some(k)) = (segs.next(), segs.next()) {
            if k == 0 || v == 0 {
                return None;
            }
            let p = self.nodes[n].parent?;
            n = *self.nodes[p].children.get(v)?;
            for _ in 1..k {
                n = self.next(n)?;
            }
        }
        Some(n)
    }

    /// Reads every study of a text (a plain game record reads as a study with no variation).
    pub fn read(text: &str) -> Vec<Result<Study, StudyError>> {
        split_games(tokenize(text, true))
            .into_iter()
            .enumerate()
            .map(|(i, toks)| Study::from_tokens(toks, i + 1))
            .collect()
    }

    /// Reads a text that holds exactly one study; the error of the first game that does not
    /// read, and `None` for a text with no game.
    pub fn read_one(text: &str) -> Result<Study, Option<StudyError>> {
        Study::read(text)
            .into_iter()
            .next()
            .ok_or(None)?
            .map_err(Some)
    }

    fn from_tokens(toks: Vec<Tok>, game: usize) -> Result<Study, StudyError> {
        let mut reader = Reader {
            study: Study::new(Position::start()),
            game,
            first: Side::White,
            at: ROOT,
            last: None,
            outer: Vec::new(),
            pending: Vec::new(),
            ended: false,
            moved: false,
        };
        for t in toks {
            reader.token(t)?;
        }
        reader.finish()
    }
}

/// The state of reading one study: where the next move goes, and the lines left open.
struct Reader {
    study: Study,
    game: usize,
    first: Side,
    /// The node the next move is played after.
    at: NodeId,
    /// The last move read on the current line: a `(` opens a variation to it.
    last: Option<NodeId>,
    /// For each open variation, the `last` of the line it interrupts.
    outer: Vec<NodeId>,
    /// Comments read where no move takes them yet (just after a `(`): the next move's.
    pending: Vec<String>,
    ended: bool,
    moved: bool,
}

impl Reader {
    fn error(&self, token: String, kind: StudyErrorKind) -> StudyError {
        let s = &self.study;
        let before_moves = matches!(
            kind,
            StudyErrorKind::Record(RecordErrorKind::BadTag | RecordErrorKind::BadPosition(_))
        ) && !self.moved;
        // The place the next move would have: after `at` on its line, or a new variation
        // beside the continuations `at` already has.
        let path = if before_moves {
            Path(vec![0])
        } else if let Some(&first) = s.children(self.at).first() {
            let mut p = s.path(first);
            p.0.push(s.children(self.at).len());
            p.0.push(1);
            p
        } else {
            let mut p = s.path(self.at);
            *p.0.last_mut().expect("a path has a first part") += 1;
            p
        };
        StudyError {
            game: self.game,
            path,
            move_number: if before_moves {
                String::new()
            } else {
                number_text(self.first, s.ply(self.at))
            },
            token,
            kind,
        }
    }

    fn token(&mut self, t: Tok) -> Result<(), StudyError> {
        match t {
            Tok::Tag(n, v) => {
                if n == FEN_TAG {
                    match v.parse::<Position>() {
                        Ok(p) if !self.moved => {
                            self.first = p.turn();
                            self.study.nodes[ROOT].position = p;
                        }
                        Ok(_) => {}
                        Err(e) => {
                            return Err(self.error(
                                format!("[{n} \"{v}\"]"),
                                StudyErrorKind::Record(RecordErrorKind::BadPosition(e)),
                            ));
                        }
                    }
                } else if n != SETUP_TAG {
                    self.study.tags.push((n, v));
                }
            }
            Tok::Comment(c) => {
                if self.ended {
                    self.study.trailing.push(c);
                } else if let Some(last) = self.last {
                    append(&mut self.study.nodes[last].comment, &c);
                } else if self.outer.is_empty() {
                    append(&mut self.study.nodes[ROOT].comment, &c);
                } else {
                    self.pending.push(c);
                }
            }
            Tok::Number(n, black) => {
                let ply = self.study.ply(self.at);
                let (want, want_black) = numbering(self.first, ply);
                if n as usize != want || black != want_black {
                    return Err(self.error(
                        format!("{n}{}", if black { "..." } else { "." }),
                        StudyErrorKind::Record(RecordErrorKind::BadMoveNumber {
                            expected: number_text(self.first, ply),
                        }),
                    ));
                }
            }
            Tok::Result(r) => {
                if !self.outer.is_empty() {
                    return Err(self.error(
                        r.map_or("*", |r| r.as_str()).to_string(),
                        StudyErrorKind::UnclosedVariation,
                    ));
                }
                self.study.result = r;
                self.ended = true;
            }
            Tok::Word(w) => self.word(w)?,
            Tok::Open => {
                let Some(last) = self.last else {
                    return Err(self.error("(".into(), StudyErrorKind::VariationWithoutMove));
                };
                if self.outer.len() >= MAX_NESTING {
                    return Err(self.error("(".into(), StudyErrorKind::TooDeep));
                }
                self.outer.push(last);
                self.at = self.study.parent(last).unwrap_or(ROOT);
                self.last = None;
            }
            Tok::Close => {
                let Some(back) = self.outer.pop() else {
                    return Err(self.error(")".into(), StudyErrorKind::UnopenedVariation));
                };
                if self.last.is_none() {
                    // `()`: an empty variation holds nothing to keep.
                    self.pending.clear();
                }
                self.at = back;
                self.last = Some(back);
            }
            Tok::Error(token, kind) => return Err(self.error(token, StudyErrorKind::Record(kind))),
        }
        Ok(())
    }

    fn word(&mut self, w: String) -> Result<(), StudyError> {
        if let Some(g) = Glyph::parse(&w) {
            let Some(last) = self.last else {
                return Err(self.error(w, StudyErrorKind::GlyphWithoutMove));
            };
            self.study.nodes[last].glyph = Some(g);
            return Ok(());
        }
        let cut = w.trim_end_matches(['!', '?']).len();
        let (mv, mark) = w.split_at(cut);
        let glyph = if mark.is_empty() {
            None
        } else {
            Some(Glyph::parse(mark).ok_or_else(|| {
                self.error(
                    w.clone(),
                    StudyErrorKind::Record(RecordErrorKind::BadMove(
                        crate::notation::ParseMoveError::Trailing,
                    )),
                )
            })?)
        };
        let notation: NotatedMove = mv.parse().map_err(|e| {
            self.error(
                w.clone(),
                StudyErrorKind::Record(RecordErrorKind::BadMove(e)),
            )
        })?;
        self.moved = true;
        let mut after = self.study.position(self.at);
        let outcome = after.try_play(notation.from).map_err(|e| {
            self.error(
                w.clone(),
                StudyErrorKind::Record(RecordErrorKind::Illegal(e.into())),
            )
        })?;
        notation.check(&outcome).map_err(|e| {
            self.error(
                w.clone(),
                StudyErrorKind::Record(RecordErrorKind::Mismatch(e)),
            )
        })?;
        let existing = self
            .study
            .children(self.at)
            .iter()
            .copied()
            .find(|&c| self.study.nodes[c].notation.map(|n| n.from) == Some(notation.from));
        let id = match existing {
            Some(c) => c,
            None => self.study.push(self.at, NotatedMove::of(&outcome), after),
        };
        if glyph.is_some() {
            self.study.nodes[id].glyph = glyph;
        }
        for c in core::mem::take(&mut self.pending) {
            append(&mut self.study.nodes[id].comment, &c);
        }
        self.at = id;
        self.last = Some(id);
        Ok(())
    }

    fn finish(self) -> Result<Study, StudyError> {
        if !self.outer.is_empty() {
            return Err(self.error(String::new(), StudyErrorKind::UnclosedVariation));
        }
        let s = &self.study;
        let end = s.mainline().last().and_then(|&n| s.position(n).end());
        if let (Some(end), Some(written)) = (end, s.result)
            && end.result != written
        {
            let last = *s.mainline().last().expect("a game that ended has moves");
            return Err(StudyError {
                game: self.game,
                path: s.path(last),
                move_number: number_text(self.first, s.ply(last) - 1),
                token: written.as_str().to_string(),
                kind: StudyErrorKind::Record(RecordErrorKind::WrongResult {
                    written: Some(written),
                    rules: end.result,
                }),
            });
        }
        Ok(self.study)
    }
}

fn append(comment: &mut String, text: &str) {
    if !comment.is_empty() && !text.is_empty() {
        comment.push(' ');
    }
    comment.push_str(text);
}

impl fmt::Display for Study {
    /// The study as text: tags, a blank line, the move text with its variations, comments and
    /// glyphs, ending in the result token. It reads back to an equal study.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        let set_up = self.start() != Position::start();
        if set_up {
            writeln!(f, "[{SETUP_TAG} \"1\"]")?;
            writeln!(f, "[{FEN_TAG} \"{}\"]", self.start())?;
        }
        if !self.tags.is_empty() || set_up {
            writeln!(f)?;
        }
        let mut items = Vec::new();
        if !self.nodes[ROOT].comment.is_empty() {
            items.push(Item::Comment(self.nodes[ROOT].comment.clone()));
        }
        self.write_line(&mut items, ROOT, true);
        items.push(Item::Word(
            self.result.map_or("*", |r| r.as_str()).to_string(),
        ));
        items.extend(self.trailing.iter().cloned().map(Item::Comment));
        let mut w = Wrapper { f, col: 0 };
        for item in items {
            match item {
                Item::Word(t) => w.word(&t)?,
                Item::Comment(c) => w.comment(&c)?,
            }
        }
        if w.col > 0 {
            writeln!(w.f)?;
        }
        Ok(())
    }
}

/// A piece of a study's move text, before it is laid out in lines.
enum Item {
    Word(String),
    Comment(String),
}

impl Study {
    /// Writes the line after `from`: each move, then the variations that replace it, nested
    /// (one call per level of nesting).
    fn write_line(&self, items: &mut Vec<Item>, from: NodeId, mut number: bool) {
        let mut n = from;
        while let Some(&main) = self.nodes[n].children.first() {
            number = self.write_move(items, main, number, false);
            for &v in &self.nodes[n].children[1..] {
                let after = self.write_move(items, v, true, true);
                self.write_line(items, v, after);
                match items.last_mut() {
                    Some(Item::Word(t)) => t.push(')'),
                    _ => items.push(Item::Word(")".into())),
                }
                number = true;
            }
            n = main;
        }
    }

    /// Writes one move with its number when due (`open`: a variation starts with it), glyph
    /// and comment; gives whether the next move must carry its number (after a comment).
    fn write_move(&self, items: &mut Vec<Item>, id: NodeId, number: bool, open: bool) -> bool {
        let node = &self.nodes[id];
        let first = self.start().turn();
        let (_, black) = numbering(first, node.ply - 1);
        let mut text = String::new();
        if open {
            text.push('(');
        }
        if !black || number {
            text.push_str(&number_text(first, node.ply - 1));
            text.push(' ');
        }
        text.push_str(&node.notation.expect("a move").to_string());
        if let Some(g) = node.glyph {
            text.push_str(g.as_str());
        }
        items.push(Item::Word(text));
        if !node.comment.is_empty() {
            items.push(Item::Comment(node.comment.clone()));
        }
        !node.comment.is_empty()
    }
}
