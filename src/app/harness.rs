//! Pages outside the normal interface, chosen by the URL's query:
//!
//! - `?test-ai`: a blank page with `window.__toguzAi`, the worker client for the end-to-end
//!   tests (`tests/e2e/worker.test.mjs`):
//!   `request(position, task, newGame?) -> id` (`task` as in [`Task`]'s JSON, e.g.
//!   `{kind: "analyse", depth: 6}` or `{kind: "level", level: "expert", seed: 1}`),
//!   `cancel() -> bool`, `thinking()`, `ready()`, `readyMs()`, and `log`, the array of
//!   every reply delivered to a callback (each with `at`, `performance.now()` on arrival);
//! - `?bench=nps[&depth=N]`: searches fixed middlegame positions to depth N (default
//!   [`BENCH_DEPTH`]) in the worker, each from a fresh searcher, and shows nodes, time and
//!   nodes per second in `data-testid="nps-result"` (JSON in its `data-results` attribute,
//!   `data-done="true"` when finished). `toguz bestmove --position <p> --depth N` gives the
//!   native figures on the same positions.

use leptos::prelude::*;
use toguz_engine::search::BENCH_POSITIONS;
use wasm_bindgen::prelude::*;

use crate::core::ai::{Reply, Task};
use crate::platform::ai::AiWorker;

/// The benchmark's positions: the middlegames of the engine's bench set (the criterion
/// search benchmark uses the same ones).
pub const BENCH_MIDDLEGAMES: [usize; 4] = [3, 6, 10, 16];

/// The benchmark's default depth (a few hundred milliseconds a position natively).
pub const BENCH_DEPTH: u32 = 14;

/// Mounts the page the URL asks for (`?test-ai`, `?bench=nps`) and returns true; false for
/// the normal app.
pub fn mount_if_requested() -> bool {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return false;
    };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return false;
    };
    if params.has("test-ai") {
        install_test_hook();
        leptos::mount::mount_to_body(|| {
            view! { <main data-testid="ai-harness">"Search worker test page"</main> }
        });
        true
    } else if params.get("bench").as_deref() == Some("nps") {
        let depth = params
            .get("depth")
            .and_then(|d| d.parse().ok())
            .unwrap_or(BENCH_DEPTH);
        leptos::mount::mount_to_body(move || view! { <NpsBench depth /> });
        true
    } else {
        false
    }
}

fn set(obj: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(obj, &JsValue::from_str(key), value);
}

/// Sets `window.__toguzAi` (see the module documentation).
fn install_test_hook() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let ai = AiWorker::new();
    let hook = js_sys::Object::new();
    let log = js_sys::Array::new();
    set(&hook, "log", &log);

    let request = {
        let ai = ai.clone();
        Closure::<dyn FnMut(String, JsValue, Option<bool>) -> Result<u32, JsValue>>::new(
            move |position: String, task: JsValue, new_game: Option<bool>| {
                let text = js_sys::JSON::stringify(&task)?;
                let task: Task = serde_json::from_str(&String::from(text))
                    .map_err(|e| JsValue::from_str(&format!("bad task: {e}")))?;
                if new_game == Some(true) {
                    ai.new_game();
                }
                let log = log.clone();
                Ok(ai.request_str(position, task, move |reply: &Reply| {
                    if let Ok(entry) = js_sys::JSON::parse(&reply.to_json()) {
                        let at = web_sys::window()
                            .and_then(|w| w.performance())
                            .map_or(0.0, |p| p.now());
                        set(entry.unchecked_ref(), "at", &JsValue::from_f64(at));
                        log.push(&entry);
                    }
                }))
            },
        )
    };
    set(&hook, "request", &request.into_js_value());
    let f = |ai: &AiWorker, get: fn(&AiWorker) -> JsValue| {
        let ai = ai.clone();
        Closure::<dyn Fn() -> JsValue>::new(move || get(&ai)).into_js_value()
    };
    set(&hook, "cancel", &f(&ai, |a| a.cancel().into()));
    set(&hook, "thinking", &f(&ai, |a| a.is_thinking().into()));
    set(&hook, "ready", &f(&ai, |a| a.is_ready().into()));
    set(&hook, "readyMs", &f(&ai, |a| a.ready_ms().into()));
    set(&window, "__toguzAi", &hook);
}

/// One line of the benchmark.
#[derive(Clone, Debug, serde::Serialize)]
struct BenchLine {
    position: String,
    depth: u32,
    best: Option<u8>,
    nodes: u64,
    ms: f64,
    nps: u64,
}

/// Runs position `i` of [`BENCH_MIDDLEGAMES`], then the next, writing into `out`.
fn bench_step(
    ai: AiWorker,
    depth: u32,
    i: usize,
    out: RwSignal<Vec<BenchLine>>,
    done: RwSignal<bool>,
) {
    let Some(&n) = BENCH_MIDDLEGAMES.get(i) else {
        done.set(true);
        return;
    };
    let position = BENCH_POSITIONS[n].to_string();
    let next = ai.clone();
    ai.new_game();
    ai.request_str(position.clone(), Task::depth(depth), move |reply| {
        if let Reply::Done { report, .. } = reply {
            out.update(|v| {
                v.push(BenchLine {
                    position: position.clone(),
                    depth: report.depth,
                    best: report.best.map(|h| h.get()),
                    nodes: report.nodes,
                    ms: report.elapsed_ms,
                    nps: report.nps(),
                })
            });
        }
        if reply.is_final() {
            bench_step(next.clone(), depth, i + 1, out, done);
        }
    });
}

/// The `?bench=nps` page.
#[component]
fn NpsBench(depth: u32) -> impl IntoView {
    let lines = RwSignal::new(Vec::<BenchLine>::new());
    let done = RwSignal::new(false);
    bench_step(AiWorker::new(), depth, 0, lines, done);
    let text = move || {
        lines.with(|ls| {
            let mut s = String::new();
            for l in ls {
                s += &format!(
                    "depth {} nodes {} ms {:.1} nps {} position {}\n",
                    l.depth, l.nodes, l.ms, l.nps, l.position
                );
            }
            let nodes: u64 = ls.iter().map(|l| l.nodes).sum();
            let ms: f64 = ls.iter().map(|l| l.ms).sum();
            if ms > 0.0 {
                s += &format!(
                    "total nodes {nodes} ms {ms:.1} nps {}\n",
                    (nodes as f64 * 1000.0 / ms) as u64
                );
            }
            s
        })
    };
    let json = move || lines.with(|ls| serde_json::to_string(ls).unwrap_or_default());
    view! {
        <main>
            <h1>"Search speed in the worker, depth " {depth}</h1>
            <pre data-testid="nps-result" data-done=move || done.get().to_string() data-results=json>
                {text}
            </pre>
        </main>
    }
}
