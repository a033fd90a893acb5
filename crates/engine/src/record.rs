//! Game records in PlayOK/TGK style: PGN-like tag pairs, move numbers, `{comments}`, result
//! tokens, several games in one text.
//!
//! ```text
//! [White "avataar"]
//! [Black "monkeydluffi"]
//! [Result "1-0"]
//!
//! 1. 76(10) 98 2. 66 87(4) 3. 12(22) 76(8) 4. 25(34) 78 5.
//! 48(38) 36X ... 62. 45 1-0 {zero}
//! ```
//!
//! Reading replays every move through the engine and checks its notation (landing house,
//! `X`, `(N)`), the move numbers, and that a game finished by the rules carries the result the
//! rules give. Games that end by resignation or time are positions that are not over: any
//! result is accepted for them. A `[FEN "<position string>"]` tag starts a game from that
//! position instead of the start.
//!
//! Writing gives text that reads back to the same [`Record`]: `read(&write(&x)) == x`.
//! Comment text is kept with its whitespace collapsed to single spaces; `{...}` and `;` line
//! comments both read, and a comment is written `{...}` unless its text holds `}`.
//!
//! ```
//! use toguz_engine::record::{read, write, Record};
//! let text = "[White \"a\"]\n[Black \"b\"]\n\n1. 76(10) 98 {a comment} 2. 66 87(4) *\n";
//! let games: Vec<Record> = read(text).into_iter().collect::<Result<_, _>>().unwrap();
//! assert_eq!(games[0].moves.len(), 4);
//! assert_eq!(games[0].moves[1].comments, ["a comment"]);
//! assert_eq!(read(&write(&games)).into_iter().collect::<Result<Vec<_>, _>>().unwrap(), games);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::game::{Game, GameError, Rules};
use crate::notation::{Mismatch, NotatedMove, ParseMoveError};
use crate::position::{GameResult, Position};
use crate::position_str::ParsePositionError;
use crate::types::Side;

/// The tag whose value, a position string, gives a game's start position.
pub const FEN_TAG: &str = "FEN";

/// Width the writer wraps move text at.
const WIDTH: usize = 79;

/// One move of a record with the comments written after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move as written.
    pub notation: NotatedMove,
    /// Comments after the move, before the next one.
    pub comments: Vec<String>,
}

/// One game of a record file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves as written.
    pub moves: Vec<RecordMove>,
    /// The result token: `None` for `*` (unknown or unfinished). A record without one (TGK
    /// writes none) takes its `Result` tag's.
    pub result: Option<GameResult>,
    /// Comments after the result token (PlayOK writes `{zero}` there).
    pub trailing: Vec<String>,
}

/// What went wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// A `{` comment never closed.
    UnterminatedComment,
    /// A `[` tag pair that is not `[Name "value"]`.
    BadTag,
    /// A move number other than the one expected here (`N.` before White's move, `N...`
    /// before Black's).
    BadMoveNumber { expected: String },
    /// A token that is neither a move, a move number, a comment nor a result.
    BadMove(ParseMoveError),
    /// The `FEN` tag is not a position string.
    BadPosition(ParsePositionError),
    /// The move cannot be played.
    Illegal(GameError),
    /// The move was played, but its notation disagrees with what happened.
    Mismatch(Mismatch),
    /// The game ended by the rules with another result than the one written.
    WrongResult {
        written: Option<GameResult>,
        rules: GameResult,
    },
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::UnterminatedComment => f.write_str("comment is never closed with '}'"),
            RecordErrorKind::BadTag => f.write_str("a tag pair must read [Name \"value\"]"),
            RecordErrorKind::BadMoveNumber { expected } => {
                write!(f, "wrong move number, expected {expected}")
            }
            RecordErrorKind::BadMove(e) => write!(f, "not a move: {e}"),
            RecordErrorKind::BadPosition(e) => write!(f, "bad {FEN_TAG} tag: {e}"),
            RecordErrorKind::Illegal(e) => write!(f, "illegal move: {e}"),
            RecordErrorKind::Mismatch(e) => e.fmt(f),
            RecordErrorKind::WrongResult { written, rules } => write!(
                f,
                "the game ended by the rules with {rules}, but the record says {}",
                written.map_or("*", |r| r.as_str())
            ),
        }
    }
}

/// An error in a record, naming the game, the move and the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The game's 1-based index in the text.
    pub game: usize,
    /// The 1-based ply of the move concerned (the next move for a token between moves);
    /// 0 for the tags.
    pub ply: usize,
    /// The move number as a record writes it (`5.` for White, `5...` for Black); empty for tags.
    pub move_number: String,
    /// The offending token.
    pub token: String,
    /// Why.
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if self.ply > 0 {
            write!(f, ", ply {} (move {})", self.ply, self.move_number)?;
        }
        write!(f, ", '{}': {}", self.token, self.kind)
    }
}

impl std::error::Error for RecordError {}

/// Tokens of a record text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    Tag(String, String),
    Comment(String),
    /// `N.` (dots 1) or `N...` (dots 3).
    Number(u32, bool),
    Result(Option<GameResult>),
    Word(String),
    Error(String, RecordErrorKind),
    /// `(`: a variation starts (only when variations are read, see [`tokenize`]).
    Open,
    /// `)`: the variation ends.
    Close,
}

pub(crate) fn result_token(s: &str) -> Option<Option<GameResult>> {
    match s {
        "1-0" => Some(Some(GameResult::Win(Side::White))),
        "0-1" => Some(Some(GameResult::Win(Side::Black))),
        "1/2-1/2" => Some(Some(GameResult::Draw)),
        "*" => Some(None),
        _ => None,
    }
}

fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn parse_tag(inner: &str) -> Option<(String, String)> {
    let inner = inner.trim();
    let name_end = inner.find(|c: char| c.is_whitespace())?;
    let name = &inner[..name_end];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let rest = inner[name_end..].trim_start();
    let body = rest.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = body.chars();
    loop {
        match chars.next()? {
            '\\' => value.push(chars.next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    if !chars.as_str().trim().is_empty() {
        return None;
    }
    Some((name.to_string(), value))
}

/// Splits a word like `12.` / `12...` / `12.76(10)` into a move number and the rest.
pub(crate) fn split_number(w: &str) -> Option<(u32, bool, &str)> {
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 || !w[digits..].starts_with('.') {
        return None;
    }
    let n: u32 = w[..digits].parse().ok()?;
    let dots = w[digits..].bytes().take_while(|&b| b == b'.').count();
    let black = match dots {
        1 => false,
        3 => true,
        _ => return None,
    };
    Some((n, black, &w[digits + dots..]))
}

/// The tokens of a text. With `variations`, a `(` that starts a word opens a variation and a
/// `)` that closes no `(` of its word ends one (a move's `(N)` capture total stays in its word);
/// without, a plain game record reads exactly as PlayOK writes them.
pub(crate) fn tokenize(text: &str, variations: bool) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(c) = rest.chars().next() else {
            return out;
        };
        match c {
            '{' => match rest.find('}') {
                Some(end) => {
                    out.push(Tok::Comment(normalize(&rest[1..end])));
                    rest = &rest[end + 1..];
                }
                None => {
                    out.push(Tok::Error(
                        rest.lines().next().unwrap_or("").to_string(),
                        RecordErrorKind::UnterminatedComment,
                    ));
                    return out;
                }
            },
            ';' => {
                let end = rest.find('\n').unwrap_or(rest.len());
                out.push(Tok::Comment(normalize(&rest[1..end])));
                rest = &rest[end..];
            }
            '[' => {
                let line_end = rest.find('\n').unwrap_or(rest.len());
                let line = &rest[..line_end];
                match line.rfind(']').and_then(|end| {
                    parse_tag(&line[1..end]).map(|(n, v)| (Tok::Tag(n, v), end + 1))
                }) {
                    Some((tok, len)) => {
                        out.push(tok);
                        rest = &rest[len..];
                    }
                    None => {
                        out.push(Tok::Error(line.trim().to_string(), RecordErrorKind::BadTag));
                        rest = &rest[line_end..];
                    }
                }
            }
            '(' if variations => {
                out.push(Tok::Open);
                rest = &rest[1..];
            }
            ')' if variations => {
                out.push(Tok::Close);
                rest = &rest[1..];
            }
            _ => {
                let mut depth = 0usize;
                let end = rest
                    .find(|c: char| {
                        if variations && c == '(' {
                            depth += 1;
                        } else if variations && c == ')' {
                            if depth == 0 {
                                return true;
                            }
                            depth -= 1;
                        }
                        c.is_whitespace() || c == '{' || c == '[' || c == ';'
                    })
                    .unwrap_or(rest.len());
                let word = &rest[..end];
                rest = &rest[end..];
                if let Some(r) = result_token(word) {
                    out.push(Tok::Result(r));
                } else if let Some((n, black, tail)) = split_number(word) {
                    out.push(Tok::Number(n, black));
                    if !tail.is_empty() {
                        out.push(Tok::Word(tail.to_string()));
                    }
                } else {
                    out.push(Tok::Word(word.to_string()));
                }
            }
        }
    }
}

/// Groups tokens into games: a tag after move text or a result starts a new game, and a move
/// after a result starts one too.
pub(crate) fn split_games(toks: Vec<Tok>) -> Vec<Vec<Tok>> {
    let mut games: Vec<Vec<Tok>> = Vec::new();
    let mut cur: Vec<Tok> = Vec::new();
    let mut moved = false;
    let mut ended = false;
    for t in toks {
        let new_game = match &t {
            Tok::Tag(..) => moved || ended,
            Tok::Error(_, RecordErrorKind::BadTag) => moved || ended,
            Tok::Number(..) | Tok::Word(_) | Tok::Result(_) => ended,
            _ => false,
        };
        if new_game && !cur.is_empty() {
            games.push(core::mem::take(&mut cur));
            moved = false;
            ended = false;
        }
        match &t {
            Tok::Number(..) | Tok::Word(_) => moved = true,
            Tok::Result(_) => ended = true,
            _ => {}
        }
        cur.push(t);
    }
    if !cur.is_empty() {
        games.push(cur);
    }
    games
}

/// The number a record writes before ply `index` (0-based) of a game whose first mover is
/// `first`: (move number, is Black's move).
pub fn numbering(first: Side, index: usize) -> (usize, bool) {
    let k = index + usize::from(first == Side::Black);
    (k / 2 + 1, k % 2 == 1)
}

/// [`numbering`] as a record writes it: `5.` before White's move, `5...` before Black's.
pub fn number_text(first: Side, index: usize) -> String {
    let (n, black) = numbering(first, index);
    if black {
        format!("{n}...")
    } else {
        format!("{n}.")
    }
}

impl Record {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag's, or the start of the game.
    pub fn start(&self) -> Result<Position, ParsePositionError> {
        match self.tag(FEN_TAG) {
            Some(s) => s.parse(),
            None => Ok(Position::start()),
        }
    }

    /// A record of a game: its moves in PlayOK notation up to the cursor, and its result
    /// (`*` when not over). A game that does not begin at the start gets a `FEN` tag after `tags`.
    pub fn from_game(game: &Game, tags: Vec<(String, String)>) -> Record {
        let mut tags = tags;
        if game.start() != Position::start() && !tags.iter().any(|(n, _)| n == FEN_TAG) {
            tags.push((FEN_TAG.to_string(), game.start().to_string()));
        }
        Record {
            tags,
            comments: Vec::new(),
            moves: game.moves()[..game.ply()]
                .iter()
                .map(|m| RecordMove {
                    notation: NotatedMove::of(&m.outcome),
                    comments: Vec::new(),
                })
                .collect(),
            result: game.result().map(|e| e.result),
            trailing: Vec::new(),
        }
    }

    /// Replays the record as a game, checking every move's notation and the result.
    /// Errors name game 1.
    pub fn game(&self) -> Result<Game, RecordError> {
        self.replay(1)
    }

    fn replay(&self, index: usize) -> Result<Game, RecordError> {
        let start = self.start().map_err(|e| RecordError {
            game: index,
            ply: 0,
            move_number: String::new(),
            token: self.tag(FEN_TAG).unwrap_or_default().to_string(),
            kind: RecordErrorKind::BadPosition(e),
        })?;
        let first = start.turn();
        let mut game = Game::from_position(start, Rules::default());
        for (i, m) in self.moves.iter().enumerate() {
            let err = |kind| RecordError {
                game: index,
                ply: i + 1,
                move_number: number_text(first, i),
                token: m.notation.to_string(),
                kind,
            };
            let outcome = game
                .play(m.notation.from)
                .map_err(|e| err(RecordErrorKind::Illegal(e)))?;
            m.notation
                .check(outcome)
                .map_err(|e| err(RecordErrorKind::Mismatch(e)))?;
        }
        if let Some(end) = game.position().end()
            && self.result.is_some()
            && self.result != Some(end.result)
        {
            return Err(RecordError {
                game: index,
                ply: self.moves.len(),
                move_number: if self.moves.is_empty() {
                    String::new()
                } else {
                    number_text(first, self.moves.len() - 1)
                },
                token: self.result.map_or("*", |r| r.as_str()).to_string(),
                kind: RecordErrorKind::WrongResult {
                    written: self.result,
                    rules: end.result,
                },
            });
        }
        Ok(game)
    }

    /// Reads one game's tokens (syntax only; `read` then replays it).
    fn from_tokens(toks: Vec<Tok>, index: usize) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        let mut first = Side::White;
        let mut seen_result = false;
        for t in toks {
            let ply = rec.moves.len();
            let err = |token: String, kind| RecordError {
                game: index,
                ply: ply + 1,
                move_number: number_text(first, ply),
                token,
                kind,
            };
            match t {
                Tok::Tag(n, v) => {
                    if n == FEN_TAG
                        && let Ok(p) = v.parse::<Position>()
                    {
                        first = p.turn();
                    }
                    rec.tags.push((n, v));
                }
                Tok::Comment(c) => {
                    if seen_result {
                        rec.trailing.push(c);
                    } else if let Some(m) = rec.moves.last_mut() {
                        m.comments.push(c);
                    } else {
                        rec.comments.push(c);
                    }
                }
                Tok::Number(n, black) => {
                    let (want, want_black) = numbering(first, ply);
                    if n as usize != want || black != want_black {
                        return Err(err(
                            format!("{n}{}", if black { "..." } else { "." }),
                            RecordErrorKind::BadMoveNumber {
                                expected: number_text(first, ply),
                            },
                        ));
                    }
                }
                Tok::Result(r) => {
                    rec.result = r;
                    seen_result = true;
                }
                Tok::Word(w) => match w.parse::<NotatedMove>() {
                    Ok(notation) => rec.moves.push(RecordMove {
                        notation,
                        comments: Vec::new(),
                    }),
                    Err(e) => return Err(err(w, RecordErrorKind::BadMove(e))),
                },
                // Only a study's reading makes these (`tokenize` with variations).
                Tok::Open | Tok::Close => {}
                Tok::Error(token, kind) => {
                    let ply = if rec.moves.is_empty() && kind == RecordErrorKind::BadTag {
                        0
                    } else {
                        ply + 1
                    };
                    return Err(RecordError {
                        game: index,
                        ply,
                        move_number: if ply == 0 {
                            String::new()
                        } else {
                            number_text(first, ply - 1)
                        },
                        token,
                        kind,
                    });
                }
            }
        }
        if !seen_result {
            rec.result = rec.tag("Result").and_then(result_token).flatten();
        }
        Ok(rec)
    }
}

/// Reads every game of a record text, replaying and checking each. One entry per game, in
/// order; an error in one game does not stop the others from reading.
pub fn read(text: &str) -> Vec<Result<Record, RecordError>> {
    split_games(tokenize(text, false))
        .into_iter()
        .enumerate()
        .map(|(i, toks)| {
            let rec = Record::from_tokens(toks, i + 1)?;
            rec.replay(i + 1)?;
            Ok(rec)
        })
        .collect()
}

/// Reads every game and replays it, giving each game's record and the game it plays out to.
pub fn read_games(text: &str) -> Vec<Result<(Record, Game), RecordError>> {
    split_games(tokenize(text, false))
        .into_iter()
        .enumerate()
        .map(|(i, toks)| {
            let rec = Record::from_tokens(toks, i + 1)?;
            let game = rec.replay(i + 1)?;
            Ok((rec, game))
        })
        .collect()
}

/// Writes games one after another, separated by a blank line.
pub fn write(records: &[Record]) -> String {
    records
        .iter()
        .map(Record::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Why a text is not exactly one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseRecordError {
    /// The text holds no game.
    Empty,
    /// The text holds more than one game.
    SeveralGames(usize),
    /// The game does not read.
    Record(RecordError),
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseRecordError::Empty => f.write_str("no game in the text"),
            ParseRecordError::SeveralGames(n) => write!(f, "{n} games where one was expected"),
            ParseRecordError::Record(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseRecordError {}

impl FromStr for Record {
    type Err = ParseRecordError;

    /// Reads exactly one game, replaying and checking it.
    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        let mut games = read(s);
        match games.len() {
            0 => Err(ParseRecordError::Empty),
            1 => games.remove(0).map_err(ParseRecordError::Record),
            n => Err(ParseRecordError::SeveralGames(n)),
        }
    }
}

pub(crate) fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Lays out words in lines no wider than [`WIDTH`] (a longer word gets a line of its own).
pub(crate) struct Wrapper<'a, 'b> {
    pub(crate) f: &'a mut fmt::Formatter<'b>,
    pub(crate) col: usize,
}

impl Wrapper<'_, '_> {
    /// A comment: `{text}`, or a `;` comment to the end of the line when the text holds `}`
    /// (only a `;` comment can).
    pub(crate) fn comment(&mut self, c: &str) -> fmt::Result {
        if c.contains('}') {
            self.word(&format!(";{c}"))?;
            self.f.write_str("\n")?;
            self.col = 0;
            Ok(())
        } else {
            self.word(&format!("{{{c}}}"))
        }
    }

    pub(crate) fn word(&mut self, w: &str) -> fmt::Result {
        if self.col > 0 && self.col + 1 + w.len() > WIDTH {
            self.f.write_str("\n")?;
            self.col = 0;
        }
        if self.col > 0 {
            self.f.write_str(" ")?;
            self.col += 1;
        }
        self.f.write_str(w)?;
        self.col += w.len();
        Ok(())
    }
}

impl fmt::Display for Record {
    /// The record as text: tags, a blank line, the move text ending in the result token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, v) in &self.tags {
            writeln!(f, "[{n} \"{}\"]", escape(v))?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        let first = self.start().map(|p| p.turn()).unwrap_or(Side::White);
        let mut w = Wrapper { f, col: 0 };
        for c in &self.comments {
            w.comment(c)?;
        }
        let mut after_comment = true;
        for (i, m) in self.moves.iter().enumerate() {
            let (_, black) = numbering(first, i);
            if !black || after_comment {
                w.word(&number_text(first, i))?;
            }
            w.word(&m.notation.to_string())?;
            for c in &m.comments {
                w.comment(c)?;
            }
            after_comment = !m.comments.is_empty();
        }
        w.word(self.result.map_or("*", |r| r.as_str()))?;
        for c in &self.trailing {
            w.comment(c)?;
        }
        if w.col > 0 {
            writeln!(w.f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Vec<Record> {
        read(text).into_iter().collect::<Result<_, _>>().unwrap()
    }

    #[test]
    fn reads_numbers_comments_results() {
        let g = ok("1. 76(10) 98 2. 66 {hm} 2... 87(4) 1-0 {zero}\n\n1.76(10) *");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].moves.len(), 4);
        assert_eq!(g[0].moves[2].comments, ["hm"]);
        assert_eq!(g[0].trailing, ["zero"]);
        assert_eq!(g[0].result, Some(GameResult::Win(Side::White)));
        assert_eq!(g[1].result, None);
        assert_eq!(ok(&write(&g)), g);
    }

    #[test]
    fn errors_name_game_ply_token() {
        let r = read("1. 7 *\n\n1. 76(10) 98 2. 66 87(5) *");
        assert!(r[0].is_ok());
        let e = r[1].clone().unwrap_err();
        assert_eq!((e.game, e.ply, e.token.as_str()), (2, 4, "87(5)"));
        assert_eq!(e.move_number, "2...");
        assert!(matches!(
            e.kind,
            RecordErrorKind::Mismatch(Mismatch::CaptureTotal { .. })
        ));
        let e = read("1. 76(10) 2. 98").remove(0).unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::BadMoveNumber { .. }));
        let e = read("[White \"x]\n1. 76").remove(0).unwrap_err();
        assert_eq!(e.kind, RecordErrorKind::BadTag);
        let e = read("1. 76 {oops").remove(0).unwrap_err();
        assert_eq!(e.kind, RecordErrorKind::UnterminatedComment);
    }

    #[test]
    fn fen_tag_and_black_first() {
        let text =
            "[FEN \"9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 10/0 -/- b\"]\n\n1... 98 2. 66 *\n";
        let g = ok(text);
        assert_eq!(g[0].to_string(), text);
    }

    #[test]
    fn line_comment_with_brace() {
        let g = ok("1. 76(10) ; a {b} c\n98 *");
        assert_eq!(g[0].moves[0].comments, ["a {b} c"]);
        assert_eq!(ok(&write(&g)), g);
    }

    #[test]
    fn tag_escapes() {
        let rec = Record {
            tags: vec![("White".into(), "a \"b\" \\c".into())],
            ..Record::default()
        };
        assert_eq!(ok(&rec.to_string()), vec![rec]);
    }
}
