//! The messages between the app and the search worker, as JSON text.
//!
//! The app posts a [`Request`]; the worker answers [`Reply::Ready`] once when it starts, then
//! for each request zero or more [`Reply::Info`] (one per completed iteration, when asked) and
//! exactly one [`Reply::Done`] or [`Reply::Error`], in the order the requests were posted.
//! (The app's tests run in wasm32, where doc tests do not: this example runs as the unit test
//! `tests::documented_round_trip`.)
//!
//! ```ignore
//! use toguz_app::core::ai::protocol::{Reply, Request, Task};
//! use toguz_engine::search::Level;
//! let req = Request {
//!     id: 7,
//!     position: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into(),
//!     task: Task::Level { level: Level::Hard, seed: 1, movetime_ms: None },
//!     new_game: false,
//! };
//! let text = req.to_json();
//! assert!(text.contains(r#""kind":"level""#) && text.contains(r#""level":"hard""#));
//! assert_eq!(Request::from_json(&text), Ok(req));
//! assert_eq!(Reply::from_json(r#"{"type":"ready"}"#), Ok(Reply::Ready));
//! ```

use serde::{Deserialize, Serialize};
use toguz_coach::review::PositionAnalysis;
use toguz_engine::search::{Level, Score, SearchResult};
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

/// A message from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
json_methods!(Reply);

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The module's documented example.
    #[wasm_bindgen_test]
    fn documented_round_trip() {
        let req = Request {
            id: 7,
            position: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into(),
            task: Task::Level {
                level: Level::Hard,
                seed: 1,
                movetime_ms: None,
            },
            new_game: false,
        };
        let text = req.to_json();
        assert!(text.contains(r#""kind":"level""#) && text.contains(r#""level":"hard""#));
        assert_eq!(Request::from_json(&text), Ok(req));
        assert_eq!(Reply::from_json(r#"{"type":"ready"}"#), Ok(Reply::Ready));
    }

    #[wasm_bindgen_test]
    fn analyse_fields_default_when_missing() {
        let r =
            Request::from_json(r#"{"id":3,"position":"p","task":{"kind":"analyse","depth":5}}"#)
                .unwrap();
        assert_eq!(r.task, Task::depth(5));
        assert!(!r.new_game);
    }

    #[wasm_bindgen_test]
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
            Reply::Error {
                id: None,
                message: "x".into(),
            },
        ] {
            assert_eq!(Reply::from_json(&reply.to_json()), Ok(reply));
        }
    }

    #[wasm_bindgen_test]
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

    #[wasm_bindgen_test]
    fn unknown_messages_are_errors() {
        assert!(Request::from_json("{}").is_err());
        assert!(Reply::from_json(r#"{"type":"bogus"}"#).is_err());
    }
}
