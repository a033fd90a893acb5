//! The worker's side of the protocol, without any browser API: runs a [`Request`] on a
//! [`Searcher`] with a clock given by the caller, so plain unit tests cover it.

use toguz_coach::review::{analyse_position, PositionAnalysis, ReviewSettings};
use toguz_engine::search::{Limits, Rng, Searcher, MAX_DEPTH};
use toguz_engine::{House, Position};

use super::protocol::{Reply, Report, Request, Task};

/// The transposition table size, in megabytes (the same as the `toguz` tool's).
pub const TABLE_MB: usize = 16;

/// The time budget of an analysis given no limit at all, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u32 = 1000;

/// The search state that lives in the worker between requests.
pub struct Engine {
    searcher: Searcher,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A fresh engine with a [`TABLE_MB`] table.
    pub fn new() -> Engine {
        Engine {
            searcher: Searcher::new(TABLE_MB),
        }
    }

    /// Runs one request. `now()` is a clock in milliseconds (the browser's
    /// `performance.now()`), read every few thousand nodes for the time budget; `info`
    /// receives the progress replies. Returns the final reply ([`Reply::Done`] or
    /// [`Reply::Error`]).
    pub fn handle(
        &mut self,
        req: &Request,
        now: impl Fn() -> f64,
        mut info: impl FnMut(Reply),
    ) -> Reply {
        let pos: Position = match req.position.parse() {
            Ok(p) => p,
            Err(e) => {
                return Reply::Error {
                    id: Some(req.id),
                    message: format!("bad position '{}': {e}", req.position),
                }
            }
        };
        if req.new_game {
            // Cleared in place (WebAssembly memory never shrinks, so no second table): the
            // same state as a new searcher, so node counts match the `toguz` tool's exactly.
            self.searcher.new_game();
        }
        let now = &now;
        let start = now();
        let budget = |ms: Option<u32>| {
            let end = ms.map(|ms| start + f64::from(ms));
            move |_nodes: u64| end.is_some_and(|end| now() >= end)
        };
        if let Task::Lines {
            lines,
            depth,
            nodes,
            played,
            deepen,
            movetime_ms,
        } = req.task
        {
            let mut stop = budget(movetime_ms);
            let analysis = self.lines(&pos, lines, depth, nodes, played, deepen, &mut stop, |a| {
                info(Reply::Analysis {
                    id: req.id,
                    analysis: a.clone(),
                    done: false,
                });
            });
            return Reply::Analysis {
                id: req.id,
                analysis,
                done: true,
            };
        }
        let result = match req.task {
            Task::Level {
                level,
                seed,
                movetime_ms,
            } => {
                let params = level.params();
                let mut stop = budget(movetime_ms.or(params.movetime_ms));
                let mut rng = Rng::new(seed);
                // The `_dyn` entry points: the search stays compiled in the engine, for speed
                // (this crate is built for size).
                self.searcher
                    .play_level_dyn(&pos, &params, &mut rng, &mut stop)
            }
            Task::Analyse {
                depth,
                nodes,
                movetime_ms,
                info: want_info,
            } => {
                let limits = Limits {
                    depth: depth.unwrap_or(MAX_DEPTH),
                    nodes: nodes.unwrap_or(u64::MAX),
                };
                let movetime = match (depth, nodes, movetime_ms) {
                    (None, None, None) => Some(DEFAULT_MOVETIME_MS),
                    (_, _, ms) => ms,
                };
                let mut stop = budget(movetime);
                let id = req.id;
                self.searcher
                    .search_with_info_dyn(&pos, &limits, &mut stop, &mut |r| {
                        if want_info {
                            info(Reply::Info {
                                id,
                                report: Report::new(r, now() - start),
                            });
                        }
                    })
            }
            // Answered above.
            Task::Lines { .. } => {
                return Reply::Error {
                    id: Some(req.id),
                    message: "unreachable".into(),
                }
            }
        };
        Reply::Done {
            id: req.id,
            report: Report::new(&result, now() - start),
        }
    }

    /// [`Task::Lines`]: one analysis to `depth`, or (`deepen`) one per depth from 1, each
    /// but the last given to `each`, until `depth`, the budget, or a proven result. An
    /// analysis stopped by the budget is dropped for the previous depth's (an empty one if
    /// even depth 1 did not finish).
    #[allow(clippy::too_many_arguments)]
    fn lines(
        &mut self,
        pos: &Position,
        lines: u8,
        depth: u32,
        nodes: Option<u64>,
        played: Option<House>,
        deepen: bool,
        stop: &mut dyn FnMut(u64) -> bool,
        mut each: impl FnMut(&PositionAnalysis),
    ) -> PositionAnalysis {
        let depth = depth.clamp(1, MAX_DEPTH);
        let mut last: Option<PositionAnalysis> = None;
        for d in if deepen { 1 } else { depth }..=depth {
            if last.is_some() && stop(0) {
                break;
            }
            let settings = ReviewSettings {
                depth: d,
                nodes: nodes.unwrap_or(u64::MAX),
                lines: usize::from(lines.max(1)),
            };
            let Some(a) = analyse_position(&mut self.searcher, pos, played, &settings, &mut *stop)
            else {
                break;
            };
            // Deepening further changes nothing once the search ends early (a proven result,
            // the node cap) or there is no move.
            let finished = a.lines.is_empty() || a.depth < d;
            if let Some(prev) = last.replace(a) {
                each(&prev);
            }
            if finished {
                break;
            }
        }
        last.unwrap_or(PositionAnalysis {
            lines: Vec::new(),
            played: None,
            depth: 0,
            nodes: 0,
        })
    }

    /// Runs a request given as JSON text; a message that is not a request gets an anonymous
    /// [`Reply::Error`].
    pub fn handle_json(
        &mut self,
        text: &str,
        now: impl Fn() -> f64,
        info: impl FnMut(Reply),
    ) -> Reply {
        match Request::from_json(text) {
            Ok(req) => self.handle(&req, now, info),
            Err(e) => Reply::Error {
                id: None,
                message: e.to_string(),
            },
        }
    }

    /// A search through [`Engine::handle`], then a cleared searcher: the first search in a
    /// new WebAssembly instance runs slower (the browser compiles the hot functions fully only
    /// once they have run a while), and this pays that cost before the worker says it is
    /// ready. Depth 10 from the start is about 110,000 nodes, some 20-40 ms; depth 6 was too
    /// short for it, and the first real search ran at 78% of native against 85% for the rest.
    pub fn warm_up(&mut self, now: impl Fn() -> f64) {
        let req = Request {
            id: 0,
            position: Position::start().to_string(),
            task: Task::depth(10),
            new_game: true,
        };
        self.handle(&req, now, |_| {});
        self.searcher.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use toguz_engine::search::Level;

    const MIDDLEGAME: &str = "4,15,1,15,5,3,2,15,4/15,3,4,14,14,3,0,5,2 24/14 -/- b";
    const OTHER_MIDDLEGAME: &str = "0,3,6,7,1,4,17,1,3/1,3,6,18,5,1,14,4,2 32/34 -/- w";

    fn request(id: u32, position: &str, task: Task) -> Request {
        Request {
            id,
            position: position.into(),
            task,
            new_game: true,
        }
    }

    fn done(reply: Reply) -> Report {
        match reply {
            Reply::Done { report, .. } => report,
            other => panic!("expected done, got {other:?}"),
        }
    }

    #[test]
    fn fixed_depth_matches_the_engine() {
        let mut e = Engine::new();
        let r = done(e.handle(&request(1, MIDDLEGAME, Task::depth(6)), || 0.0, |_| {}));
        let pos: Position = MIDDLEGAME.parse().unwrap();
        let native = Searcher::new(TABLE_MB).search(&pos, &Limits::depth(6), |_| false);
        assert_eq!(
            (r.best, r.score, r.nodes),
            (native.best, native.score, native.nodes)
        );
        assert_eq!(r.depth, 6);
    }

    #[test]
    fn a_new_game_searches_as_a_new_searcher() {
        let mut e = Engine::new();
        e.warm_up(|| 0.0);
        e.handle(
            &request(1, OTHER_MIDDLEGAME, Task::depth(7)),
            || 0.0,
            |_| {},
        );
        let r = done(e.handle(&request(2, MIDDLEGAME, Task::depth(7)), || 0.0, |_| {}));
        let pos: Position = MIDDLEGAME.parse().unwrap();
        let native = Searcher::new(TABLE_MB).search(&pos, &Limits::depth(7), |_| false);
        assert_eq!(
            (r.best, r.score, r.nodes),
            (native.best, native.score, native.nodes)
        );
    }

    #[test]
    fn info_after_each_iteration_when_asked() {
        let mut e = Engine::new();
        let mut infos = Vec::new();
        let task = Task::Analyse {
            depth: Some(5),
            nodes: None,
            movetime_ms: None,
            info: true,
        };
        let reply = e.handle(&request(9, MIDDLEGAME, task), || 0.0, |r| infos.push(r));
        assert_eq!(reply.id(), Some(9));
        let depths: Vec<u32> = infos
            .iter()
            .map(|r| match r {
                Reply::Info { id: 9, report } => report.depth,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn movetime_reads_the_clock() {
        // A clock that advances 1 ms per reading: the search stops after ~50 readings.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let mut e = Engine::new();
        let r = done(e.handle(&request(2, MIDDLEGAME, Task::movetime(50)), now, |_| {}));
        assert!(r.best.is_some());
        assert!(r.depth < MAX_DEPTH);
    }

    #[test]
    fn levels_give_legal_moves_and_the_seed_decides() {
        let pos: Position = MIDDLEGAME.parse().unwrap();
        for level in [Level::of(1), Level::of(4), Level::of(5)] {
            let task = Task::Level {
                level,
                seed: 42,
                movetime_ms: None,
            };
            let a = done(Engine::new().handle(&request(1, MIDDLEGAME, task), || 0.0, |_| {}));
            let b = done(Engine::new().handle(&request(1, MIDDLEGAME, task), || 0.0, |_| {}));
            let best = a.best.unwrap();
            assert!(pos.legal_moves().any(|h| h == best), "{level}");
            assert_eq!(a.best, b.best);
        }
    }

    #[test]
    fn errors_name_the_request() {
        let mut e = Engine::new();
        let r = e.handle(&request(5, "nonsense", Task::depth(3)), || 0.0, |_| {});
        assert!(matches!(r, Reply::Error { id: Some(5), .. }));
        let r = e.handle_json("{", || 0.0, |_| {});
        assert!(matches!(r, Reply::Error { id: None, .. }));
    }

    fn lines_task(lines: u8, depth: u32, played: Option<u8>, deepen: bool) -> Task {
        Task::Lines {
            lines,
            depth,
            nodes: None,
            played: played.and_then(House::new),
            deepen,
            movetime_ms: None,
        }
    }

    #[test]
    fn lines_are_the_coachs_analysis() {
        let pos: Position = MIDDLEGAME.parse().unwrap();
        let played = pos.legal_moves().last();
        let task = lines_task(1, 6, played.map(|h| h.get()), false);
        let reply = Engine::new().handle(&request(4, MIDDLEGAME, task), || 0.0, |_| {});
        let settings = ReviewSettings {
            depth: 6,
            nodes: u64::MAX,
            lines: 1,
        };
        let native = analyse_position(
            &mut Searcher::new(TABLE_MB),
            &pos,
            played,
            &settings,
            |_| false,
        );
        assert_eq!(
            reply,
            Reply::Analysis {
                id: 4,
                analysis: native.unwrap(),
                done: true
            }
        );
    }

    #[test]
    fn deepening_lines_report_each_depth_then_finish() {
        let mut infos = Vec::new();
        let reply = Engine::new().handle(
            &request(5, MIDDLEGAME, lines_task(3, 5, None, true)),
            || 0.0,
            |r| infos.push(r),
        );
        let depths: Vec<(u32, usize, bool)> = infos
            .iter()
            .chain([&reply])
            .map(|r| match r {
                Reply::Analysis { analysis, done, .. } => {
                    (analysis.depth, analysis.lines.len(), *done)
                }
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            depths,
            vec![
                (1, 3, false),
                (2, 3, false),
                (3, 3, false),
                (4, 3, false),
                (5, 3, true)
            ]
        );
        assert!(reply.is_final() && !infos[0].is_final());
    }

    #[test]
    fn a_spent_budget_keeps_the_last_complete_depth() {
        // A clock that advances 1 ms per reading, a 30 ms budget.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let task = Task::Lines {
            lines: 3,
            depth: 30,
            nodes: None,
            played: None,
            deepen: true,
            movetime_ms: Some(30),
        };
        let reply = Engine::new().handle(&request(6, MIDDLEGAME, task), now, |_| {});
        let Reply::Analysis {
            analysis,
            done: true,
            ..
        } = reply
        else {
            panic!("{reply:?}")
        };
        assert!(
            analysis.depth >= 1 && analysis.depth < 30,
            "{}",
            analysis.depth
        );
        assert_eq!(analysis.lines.len(), 3);
    }

    #[test]
    fn a_final_position_has_no_move() {
        let over = "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1 82/79 -/- w";
        let r = done(Engine::new().handle(&request(1, over, Task::depth(3)), || 0.0, |_| {}));
        assert_eq!(r.best, None);
    }
}
