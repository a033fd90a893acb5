//! The messages between the app and the search worker, as JSON text.
//!
//! The app posts a [`Request`]; the worker answers [`Reply::Ready`] once when it starts, then
//! for each request zero or more [`Reply::Info`] (one per completed iteration, when asked) and
//! exactly one [`Reply::Done`] or [`Reply::Error`], in the order the requests were posted.
//!
//! ```
//! use toguz_app_core::ai::protocol::{Reply, Request, Task};
//! use toguz_engine::search::Level;
//! let req = Request {
//!     id: 7,
//!     position: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into(),
//!     task: Task::Level { level: Level::of(5), seed: 1, movetime_ms: None },
//!     new_game: false,
//! };
//! let text = req.to_json();
//! assert!(text.contains(r#""kind":"level""#) && text.contains(r#""level":5"#));
//! assert_eq!(Request::from_json(&text), Ok(req));
//! assert_eq!(Reply::from_json(r#"{"type":"ready"}"#), Ok(Reply::Ready));
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;
use toguz_coach::review::PositionAnalysis;
use toguz_engine::search::{Level, PvLine, Score, SearchResult};
use toguz_engine::House;

/// Identifies a request and every reply to it; the client numbers them from 1.
pub type RequestId = u32;

/// One search to run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in every reply to this request.
    pub id: RequestId,
    /// The position, in the engine's string form (`Position`'s `Display` and `FromStr`).
    pub position: String,
    /// What to do with it.
    pub task: Task,
    /// Start from a fresh searcher (an empty transposition table, no history): set it for the
    /// first move of a game, and for reproducible node counts.
    #[serde(default)]
    pub new_game: bool,
}

/// What the worker does with a position.
///
/// Written with its variant's name in the field `kind`, read through `TaskFields`: serde's
/// derived reader of an internally tagged enum buffers the whole object into its own `Content`
/// tree before it knows the variant, about 10 KB of the worker's code for this one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", try_from = "TaskFields")]
pub enum Task {
    /// Choose a move as a level plays: the level's own depth, nodes and randomness
    /// ([`toguz_engine::search::Searcher::play_level`]), the randomness seeded by `seed`.
    Level {
        /// The playing level.
        level: Level,
        /// Seed of the level's randomness (the same seed, position and level give the same move).
        seed: u64,
        /// A time budget replacing the level's own (Expert: 2000 ms), if any.
        #[serde(default)]
        movetime_ms: Option<u32>,
    },
    /// Analyse with explicit limits, at full strength. With no limit at all, one second.
    Analyse {
        /// The deepest iteration.
        #[serde(default)]
        depth: Option<u32>,
        /// The most nodes.
        #[serde(default)]
        nodes: Option<u64>,
        /// The time budget in milliseconds.
        #[serde(default)]
        movetime_ms: Option<u32>,
        /// Send a [`Reply::Info`] after each completed iteration.
        #[serde(default)]
        info: bool,
    },
    /// The engine's best `lines` moves with their values and lines, and the value of the move
    /// `played` when it is not among them, all to one depth so that they compare
    /// (`toguz_coach::review::analyse_position`): answered by [`Reply::Analysis`]. A review
    /// asks this for each position of a game; the analysis board asks with `deepen`.
    Lines {
        /// How many best moves (1 for a review, 3 for the analysis board).
        lines: u8,
        /// The deepest iteration.
        depth: u32,
        /// The most nodes (each depth's search, when deepening).
        #[serde(default)]
        nodes: Option<u64>,
        /// A move to value as well (the move played, or a try at a marked move).
        #[serde(default)]
        played: Option<House>,
        /// Search depth 1, 2, 3, ... and send each depth's analysis as it completes (the
        /// analysis board: "updated as the search deepens"); otherwise one search to `depth`.
        #[serde(default)]
        deepen: bool,
        /// A time budget in milliseconds (deepening stops after the depth under way).
        #[serde(default)]
        movetime_ms: Option<u32>,
    },
}

/// A [`Task`]'s object as it is read: every variant's fields, those a variant lacks ignored.
/// Read straight from the text (no buffering), then checked by [`Task::try_from`].
#[derive(Deserialize)]
struct TaskFields {
    kind: TaskKind,
    level: Option<Level>,
    seed: Option<u64>,
    movetime_ms: Option<u32>,
    depth: Option<u32>,
    nodes: Option<u64>,
    #[serde(default)]
    info: bool,
    lines: Option<u8>,
    played: Option<House>,
    #[serde(default)]
    deepen: bool,
}

/// The field `kind` of a [`Task`].
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum TaskKind {
    Level,
    Analyse,
    Lines,
}

/// A field that the task's kind requires and that it lacks.
fn required<T>(value: Option<T>, name: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("missing field `{name}`"))
}

impl TryFrom<TaskFields> for Task {
    type Error = String;

    fn try_from(f: TaskFields) -> Result<Task, String> {
        Ok(match f.kind {
            TaskKind::Level => Task::Level {
                level: required(f.level, "level")?,
                seed: required(f.seed, "seed")?,
                movetime_ms: f.movetime_ms,
            },
            TaskKind::Analyse => Task::Analyse {
                depth: f.depth,
                nodes: f.nodes,
                movetime_ms: f.movetime_ms,
                info: f.info,
            },
            TaskKind::Lines => Task::Lines {
                lines: required(f.lines, "lines")?,
                depth: required(f.depth, "depth")?,
                nodes: f.nodes,
                played: f.played,
                deepen: f.deepen,
                movetime_ms: f.movetime_ms,
            },
        })
    }
}

impl Task {
    /// An analysis to a fixed depth, without progress reports.
    pub const fn depth(depth: u32) -> Task {
        Task::Analyse {
            depth: Some(depth),
            nodes: None,
            movetime_ms: None,
            info: false,
        }
    }

    /// An analysis for a time budget, with progress reports.
    pub const fn movetime(ms: u32) -> Task {
        Task::Analyse {
            depth: None,
            nodes: None,
            movetime_ms: Some(ms),
            info: true,
        }
    }
}

/// What a search found (final, or after one iteration).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The move to play; `None` only when the position is final.
    pub best: Option<House>,
    /// The value for the player to move (hundredths of a korgool, or a win/loss-in-N form:
    /// see [`Score`]'s `Display`).
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<House>,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
}

impl Report {
    /// The report of an engine result after `elapsed_ms` milliseconds.
    pub fn new(r: &SearchResult, elapsed_ms: f64) -> Report {
        Report {
            best: r.best,
            score: r.score,
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            pv: r.pv.clone(),
            elapsed_ms,
        }
    }

    /// Nodes per second (0 when no time was measured).
    pub fn nps(&self) -> u64 {
        if self.elapsed_ms > 0.0 {
            (self.nodes as f64 * 1000.0 / self.elapsed_ms) as u64
        } else {
            0
        }
    }
}

/// A message from the worker. Written by serde ([`Reply::to_json`]), read by hand
/// ([`Reply::from_json`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Reply {
    /// The worker is listening: requests posted from now on are answered.
    Ready,
    /// Progress: an iteration of request `id` completed.
    Info {
        /// The request.
        id: RequestId,
        /// The result so far.
        report: Report,
    },
    /// The final result of request `id`.
    Done {
        /// The request.
        id: RequestId,
        /// The result.
        report: Report,
    },
    /// The answer to [`Task::Lines`]: one per depth when deepening (`done` false), then a
    /// last one with `done` true.
    Analysis {
        /// The request.
        id: RequestId,
        /// The lines and the played move's value.
        analysis: PositionAnalysis,
        /// The last reply to the request.
        done: bool,
    },
    /// Request `id` could not be run (`None`: a message that was not a request at all, or the
    /// worker itself failed).
    Error {
        /// The request, when known.
        id: Option<RequestId>,
        /// What went wrong.
        message: String,
    },
}

impl Reply {
    /// The request this reply answers (`None` for [`Reply::Ready`] and anonymous errors).
    pub fn id(&self) -> Option<RequestId> {
        match self {
            Reply::Ready => None,
            Reply::Info { id, .. } | Reply::Done { id, .. } | Reply::Analysis { id, .. } => {
                Some(*id)
            }
            Reply::Error { id, .. } => *id,
        }
    }

    /// True for the last reply to a request ([`Reply::Done`], [`Reply::Error`], or the
    /// [`Reply::Analysis`] marked `done`).
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Reply::Done { .. } | Reply::Error { .. } | Reply::Analysis { done: true, .. }
        )
    }
}

/// A message that is not valid JSON for its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl core::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "bad message: {}", self.0)
    }
}

impl std::error::Error for BadMessage {}

macro_rules! json_methods {
    ($t:ty) => {
        impl $t {
            /// The JSON text posted between the threads.
            pub fn to_json(&self) -> String {
                // Plain data (no maps with non-string keys, no failing Serialize impls).
                serde_json::to_string(self).unwrap_or_default()
            }

            /// Reads the JSON text of a message.
            pub fn from_json(text: &str) -> Result<Self, BadMessage> {
                serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))
            }
        }
    };
}

json_methods!(Request);

impl Reply {
    /// The JSON text posted between the threads.
    pub fn to_json(&self) -> String {
        // Plain data (no maps with non-string keys, no failing Serialize impls).
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the JSON text of a message: the text [`Reply::to_json`] writes; unknown fields
    /// are ignored, and a missing or `null` optional field is `None`, as serde reads them.
    ///
    /// By hand, from a [`Value`] (which the page parses anyway, for its saved data): serde's
    /// derived reader of this internally tagged enum buffers the object before it knows the
    /// variant; with its fields' readers it was about 22 KB of code before wasm-opt, and
    /// reading by hand took 11.6 KB gzip off the first visit. The worker never
    /// reads a reply, so the derive is gone; the tests below check this reader against
    /// serde's writer.
    pub fn from_json(text: &str) -> Result<Self, BadMessage> {
        let v: Value = serde_json::from_str(text).map_err(|e| BadMessage(e.to_string()))?;
        let id = || field(&v, "id", u32_of);
        Ok(match field(&v, "type", Value::as_str)? {
            "ready" => Reply::Ready,
            "info" => Reply::Info {
                id: id()?,
                report: field(&v, "report", report)?,
            },
            "done" => Reply::Done {
                id: id()?,
                report: field(&v, "report", report)?,
            },
            "analysis" => Reply::Analysis {
                id: id()?,
                analysis: field(&v, "analysis", analysis)?,
                done: field(&v, "done", Value::as_bool)?,
            },
            "error" => Reply::Error {
                id: optional(&v, "id", u32_of)?,
                message: field(&v, "message", Value::as_str)?.to_owned(),
            },
            other => return Err(BadMessage(format!("unknown reply type `{other}`"))),
        })
    }
}

/// The field `name` of the object `v`, read by `read`; missing or unreadable is an error.
fn field<'v, T>(
    v: &'v Value,
    name: &str,
    read: fn(&'v Value) -> Option<T>,
) -> Result<T, BadMessage> {
    v.get(name)
        .and_then(read)
        .ok_or_else(|| BadMessage(format!("missing or invalid field `{name}`")))
}

/// An optional field: absent or `null` is `None`, anything else must be readable.
fn optional<'v, T>(
    v: &'v Value,
    name: &str,
    read: fn(&'v Value) -> Option<T>,
) -> Result<Option<T>, BadMessage> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(_) => field(v, name, read).map(Some),
    }
}

// The readers of the fields' values (`None`: not a value of that type).

fn u32_of(v: &Value) -> Option<u32> {
    v.as_u64()?.try_into().ok()
}

fn house(v: &Value) -> Option<House> {
    House::new(v.as_u64()?.try_into().ok()?)
}

/// An optional value inside a value: `null` or absent is `Some(None)`.
fn maybe<T>(v: Option<&Value>, read: fn(&Value) -> Option<T>) -> Option<Option<T>> {
    match v {
        None | Some(Value::Null) => Some(None),
        Some(x) => read(x).map(Some),
    }
}

fn score(v: &Value) -> Option<Score> {
    let raw: i32 = v.as_i64()?.try_into().ok()?;
    // Serialized from a `Score`, so within its range; `from_raw` clamps anything else.
    Some(Score::from_raw(raw))
}

fn houses(v: &Value) -> Option<Vec<House>> {
    v.as_array()?.iter().map(house).collect()
}

fn report(v: &Value) -> Option<Report> {
    Some(Report {
        best: maybe(v.get("best"), house)?,
        score: score(v.get("score")?)?,
        depth: u32_of(v.get("depth")?)?,
        seldepth: u32_of(v.get("seldepth")?)?,
        nodes: v.get("nodes")?.as_u64()?,
        pv: houses(v.get("pv")?)?,
        elapsed_ms: v.get("elapsed_ms")?.as_f64()?,
    })
}

fn pv_line(v: &Value) -> Option<PvLine> {
    Some(PvLine {
        mv: house(v.get("mv")?)?,
        score: score(v.get("score")?)?,
        depth: u32_of(v.get("depth")?)?,
        pv: houses(v.get("pv")?)?,
    })
}

fn analysis(v: &Value) -> Option<PositionAnalysis> {
    Some(PositionAnalysis {
        lines: v
            .get("lines")?
            .as_array()?
            .iter()
            .map(pv_line)
            .collect::<Option<_>>()?,
        played: maybe(v.get("played"), pv_line)?,
        depth: u32_of(v.get("depth")?)?,
        nodes: v.get("nodes")?.as_u64()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module's documented example.
    #[test]
    fn documented_round_trip() {
        let req = Request {
            id: 7,
            position: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into(),
            task: Task::Level {
                level: Level::of(5),
                seed: 1,
                movetime_ms: None,
            },
            new_game: false,
        };
        let text = req.to_json();
        assert!(text.contains(r#""kind":"level""#) && text.contains(r#""level":5"#));
        assert_eq!(Request::from_json(&text), Ok(req));
        assert_eq!(Reply::from_json(r#"{"type":"ready"}"#), Ok(Reply::Ready));
    }

    #[test]
    fn analyse_fields_default_when_missing() {
        let r =
            Request::from_json(r#"{"id":3,"position":"p","task":{"kind":"analyse","depth":5}}"#)
                .unwrap();
        assert_eq!(r.task, Task::depth(5));
        assert!(!r.new_game);
    }

    #[test]
    fn replies_round_trip() {
        let report = Report {
            best: House::new(3),
            score: Score::win_in(5),
            depth: 7,
            seldepth: 12,
            nodes: 1234,
            pv: vec![House::new(3).unwrap(), House::new(9).unwrap()],
            elapsed_ms: 2.5,
        };
        for reply in [
            Reply::Ready,
            Reply::Info {
                id: 1,
                report: report.clone(),
            },
            Reply::Done { id: 2, report },
            Reply::Analysis {
                id: 3,
                analysis: PositionAnalysis {
                    lines: vec![line(3, -250, &[3, 1]), line(9, Score::MIN.get(), &[9])],
                    played: Some(line(5, -900, &[5, 2, 7])),
                    depth: 6,
                    nodes: u64::MAX,
                },
                done: false,
            },
            Reply::Analysis {
                id: u32::MAX,
                analysis: PositionAnalysis {
                    lines: vec![],
                    played: None,
                    depth: 0,
                    nodes: 0,
                },
                done: true,
            },
            Reply::Error {
                id: None,
                message: "x".into(),
            },
            Reply::Error {
                id: Some(4),
                message: "not a position: \"p\"".into(),
            },
        ] {
            assert_eq!(Reply::from_json(&reply.to_json()), Ok(reply));
        }
    }

    fn line(mv: u8, score: i32, pv: &[u8]) -> PvLine {
        PvLine {
            mv: House::new(mv).unwrap(),
            score: Score::from_raw(score),
            depth: 6,
            pv: pv.iter().map(|&h| House::new(h).unwrap()).collect(),
        }
    }

    /// Read as serde reads: unknown fields ignored, optional fields missing or `null`.
    #[test]
    fn replies_read_like_serde() {
        let report =
            r#"{"score":-3,"depth":1,"seldepth":2,"nodes":9,"pv":[],"elapsed_ms":4,"x":1}"#;
        let Ok(Reply::Done { id: 5, report: r }) = Reply::from_json(&format!(
            r#"{{"type":"done","id":5,"report":{report},"extra":[]}}"#
        )) else {
            panic!("not read");
        };
        assert_eq!(
            (r.best, r.score, r.elapsed_ms),
            (None, Score::from_raw(-3), 4.0)
        );
        assert_eq!(
            Reply::from_json(r#"{"type":"error","id":null,"message":"m"}"#),
            Ok(Reply::Error {
                id: None,
                message: "m".into()
            })
        );
        let Ok(Reply::Analysis { analysis, .. }) = Reply::from_json(
            r#"{"type":"analysis","id":1,"done":true,"analysis":{"lines":[],"depth":2,"nodes":3}}"#,
        ) else {
            panic!("not read");
        };
        assert_eq!(analysis.played, None);
    }

    /// Bad input is an error, never a panic nor a wrong value.
    #[test]
    fn bad_replies_are_errors() {
        let report = |best: &str| {
            format!(
                r#"{{"type":"info","id":1,"report":{{"best":{best},"score":0,"depth":1,"seldepth":1,"nodes":1,"pv":[],"elapsed_ms":0}}}}"#
            )
        };
        assert!(Reply::from_json(&report("3")).is_ok());
        for bad in [
            report("0"),
            report("10"),
            report("-1"),
            report("256"),
            report("\"3\""),
            r#"{"type":"done","id":-1,"report":{}}"#.into(),
            r#"{"type":"done","id":4294967296}"#.into(),
            r#"{"type":"analysis","id":1,"analysis":{"lines":[],"depth":2,"nodes":3}}"#.into(),
            r#"{"type":"error","id":"1","message":"m"}"#.into(),
            r#"{"type":"error"}"#.into(),
            r#"{"type":7}"#.into(),
            r#"{"id":1}"#.into(),
            "[]".into(),
            "".into(),
            "{\"type\":\"ready\"".into(),
        ] {
            assert!(Reply::from_json(&bad).is_err(), "{bad}");
        }
    }

    /// A kind's required fields are checked after the object is read flat.
    #[test]
    fn tasks_lacking_a_required_field_are_errors() {
        let task =
            |t: &str| Request::from_json(&format!(r#"{{"id":1,"position":"p","task":{t}}}"#));
        assert_eq!(
            task(r#"{"kind":"lines","lines":3,"depth":4,"played":2,"deepen":true,"nodes":null}"#)
                .map(|r| r.task),
            Ok(Task::Lines {
                lines: 3,
                depth: 4,
                nodes: None,
                played: House::new(2),
                deepen: true,
                movetime_ms: None,
            })
        );
        for bad in [
            r#"{"kind":"level","level":5}"#,
            r#"{"kind":"level","seed":1}"#,
            r#"{"kind":"level","level":0,"seed":1}"#,
            r#"{"kind":"lines","depth":4}"#,
            r#"{"kind":"lines","lines":3}"#,
            r#"{"kind":"lines","lines":3,"depth":4,"played":10}"#,
            r#"{"kind":"search","depth":4}"#,
            r#"{"depth":4}"#,
        ] {
            assert!(task(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn nps_from_nodes_and_time() {
        let mut r = Report::new(
            &SearchResult {
                best: None,
                score: Score::DRAW,
                depth: 0,
                seldepth: 0,
                nodes: 5000,
                pv: vec![],
            },
            0.0,
        );
        assert_eq!(r.nps(), 0);
        r.elapsed_ms = 500.0;
        assert_eq!(r.nps(), 10_000);
    }

    #[test]
    fn unknown_messages_are_errors() {
        assert!(Request::from_json("{}").is_err());
        assert!(Reply::from_json(r#"{"type":"bogus"}"#).is_err());
    }
}
