//! The page's side: [`AiWorker`] owns the search worker, numbers the requests, holds them
//! until the worker is ready, routes the replies to their callbacks, and cancels by
//! terminating the worker and starting a new one.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use toguz_engine::Position;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, PageTransitionEvent, Worker};

use toguz_app_core::ai::protocol::{Reply, Request, RequestId, Task};
use toguz_app_core::ai::starts::Starts;

/// The worker's loader script, public/worker_loader.js (Trunk does not hash the worker's names).
pub const WORKER_SCRIPT: &str = "worker_loader.js";

type Callback = Rc<RefCell<dyn FnMut(&Reply)>>;
/// A listener on the window, by event name.
type PageListener = (&'static str, Closure<dyn FnMut(Event)>);

/// A request not yet finally answered.
struct Pending {
    id: RequestId,
    /// The request as posted (kept to post it again after the page comes back from the
    /// back/forward cache).
    text: String,
    /// Posted to the current worker (otherwise waiting for its `ready`).
    posted: bool,
    on_reply: Callback,
}

/// A running worker and its listeners.
struct Live {
    worker: Worker,
    /// Counts the workers started; replies carry no worker identity, so each worker's
    /// listener checks it is still the current one.
    generation: u64,
    ready: bool,
    spawned_at: f64,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

struct Inner {
    url: String,
    live: Option<Live>,
    /// The current start's generation, and whether it is on its way: the starter was called
    /// and has not yet created its worker (its part may still be loading); requests made
    /// meanwhile wait for it instead of starting again.
    starts: Starts,
    pending: Vec<Pending>,
    next_id: RequestId,
    new_game: bool,
    ready_ms: Option<f64>,
    /// `pagehide` and `pageshow` listeners on the window.
    page_listeners: Vec<PageListener>,
    /// The first worker is to start once the page has loaded and the player has shown up
    /// (unless a request or a cancel starts it before).
    deferred: bool,
    /// Workers in a row that failed before their `ready` (reset by a `ready`).
    start_failures: u32,
}

/// Workers that fail to start are started again this many times, after 200, 400 and 800 ms,
/// before the pending requests are answered with the error: WebKit (Safari) sometimes fails
/// a new worker's `importScripts` just after an offline load, and the next one starts.
const START_RETRIES: u32 = 3;

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(window) = web_sys::window() {
            for (name, listener) in &self.page_listeners {
                let _ = window
                    .remove_event_listener_with_callback(name, listener.as_ref().unchecked_ref());
            }
        }
    }
}

/// What starts the worker of an [`AiWorker`] and a generation (see [`set_starter`]).
pub type Starter = fn(AiWorker, u64);

thread_local! {
    /// The app's starter; none in the library's tests, which start the worker at once.
    static STARTER: Cell<Option<Starter>> = const { Cell::new(None) };
}

/// Sets what starts a worker of an [`AiWorker`]: the app's binary (src/main.rs) fetches the
/// part that holds [`AiWorker::start`] (the worker's creation, its listeners and the replies'
/// reader, kept out of the first visit's download), then calls it, or
/// [`AiWorker::start_failed`] if the part cannot be fetched. Requests made meanwhile wait, as
/// they wait for a new worker's `ready`.
pub fn set_starter(start: Starter) {
    STARTER.with(|s| s.set(Some(start)));
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// The search worker, seen from the page. Cheap to clone (clones share the worker); the
/// worker is terminated when the last clone is dropped, and when the page is hidden
/// (`pagehide`: navigating away or into the back/forward cache, from which it comes back
/// with the unanswered requests posted again).
///
/// `web_sys::Worker` is not `Send`: keep an `AiWorker` in a component through
/// [`crate::services::ai::use_ai`] (a `StoredValue` with local storage), never inside a signal.
///
/// ```ignore
/// use toguz_app::core::ai::{Reply, Task};
/// use toguz_app::platform::ai::AiWorker;
/// use toguz_engine::{search::Level, Position};
/// let ai = AiWorker::new();
/// let task = Task::Level { level: Level::of(4), seed: 1, movetime_ms: None };
/// ai.request(&Position::start(), task, |reply| {
///     if let Reply::Done { report, .. } = reply {
///         // report.best: the house to play
///     }
/// });
/// ```
#[derive(Clone)]
pub struct AiWorker {
    inner: Rc<RefCell<Inner>>,
}

impl Default for AiWorker {
    fn default() -> Self {
        AiWorker::new()
    }
}

impl AiWorker {
    /// Starts the worker from [`AiWorker::default_url`] once the page has loaded and the player
    /// has shown up (see [`AiWorker::with_url`]); it is ready about 100-200 ms later, and
    /// requests made before that wait for it.
    pub fn new() -> AiWorker {
        AiWorker::with_url(AiWorker::default_url())
    }

    /// Starts the worker from the loader script at `url`: after the page's `load` event and
    /// the player's first pointer, key, scroll or click, a frame and a task later, so that its
    /// download and start-up never compete with the first screen; a request made before then
    /// starts it at once.
    pub fn with_url(url: impl Into<String>) -> AiWorker {
        let ai = AiWorker::unstarted(url.into(), true);
        ai.spawn_when_player_shows();
        ai
    }

    /// A worker started by its first request only (then kept, like any other): for searches
    /// the player asks for (hints, the evaluation bar), so that a page that never asks does not
    /// download, compile and run a second worker (about 150 ms of CPU on a desktop, more on a
    /// phone, and the worker's memory).
    pub fn on_demand() -> AiWorker {
        AiWorker::unstarted(AiWorker::default_url(), false)
    }

    /// A worker not started yet, listening to the page: [`AiWorker::spawn`] starts it.
    /// `deferred`: a start at the player's first sign is due (see
    /// [`AiWorker::spawn_when_player_shows`]).
    fn unstarted(url: String, deferred: bool) -> AiWorker {
        let inner = Rc::new(RefCell::new(Inner {
            url,
            live: None,
            starts: Starts::default(),
            pending: Vec::new(),
            next_id: 1,
            new_game: false,
            ready_ms: None,
            start_failures: 0,
            page_listeners: Vec::new(),
            deferred,
        }));
        let ai = AiWorker { inner };
        ai.listen_to_page();
        ai
    }

    /// Calls [`AiWorker::spawn`] once the page has loaded and the player has shown up (the
    /// first pointer, key, scroll or click on the page: `platform::dom::at_first_input`), a
    /// frame and a task after that, unless a worker was started (or stopped on purpose)
    /// meanwhile.
    ///
    /// Not at once after the first paint (as it once was): the worker's part and its
    /// start were the first visit's last long tasks on a phone's CPU (75-150 ms of
    /// Lighthouse's blocking time), spent while the page has nothing to search yet. A request
    /// starts the worker at once, whatever the player did: a resumed game with the computer
    /// to move does not wait for a touch.
    fn spawn_when_player_shows(&self) {
        let Some(window) = web_sys::window() else {
            return self.spawn();
        };
        let weak = Rc::downgrade(&self.inner);
        let start = move || {
            let Some(inner) = weak.upgrade() else { return };
            let due = std::mem::take(&mut inner.borrow_mut().deferred);
            if due {
                AiWorker { inner }.spawn();
            }
        };
        let on_task = crate::platform::dom::once(Box::new(start));
        let on_frame = crate::platform::dom::once(Box::new(move || {
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback(on_task.unchecked_ref());
            }
        }));
        let after_load = crate::platform::dom::once(Box::new(move || {
            crate::platform::dom::at_first_input(move || {
                if let Some(w) = web_sys::window() {
                    let _ = w.request_animation_frame(on_frame.unchecked_ref());
                }
            });
        }));
        let loaded = window
            .document()
            .is_some_and(|d| d.ready_state() == "complete");
        if loaded {
            let _ = after_load
                .unchecked_ref::<js_sys::Function>()
                .call0(&JsValue::NULL);
        } else {
            let _ = window.add_event_listener_with_callback("load", after_load.unchecked_ref());
        }
    }

    /// [`WORKER_SCRIPT`] at the app's root: resolved against the document's base URI, which
    /// the build sets to `./` (`<base data-trunk-public-url>` in `index.html`), so the app also
    /// works under a sub-path.
    pub fn default_url() -> String {
        let base = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.base_uri().ok().flatten());
        base.and_then(|b| web_sys::Url::new_with_base(WORKER_SCRIPT, &b).ok())
            .map_or_else(|| format!("./{WORKER_SCRIPT}"), |u| u.href())
    }

    /// Asks for a search of `position`. `on_reply` receives the [`Reply::Info`] progress
    /// reports (if the task asks for them), then exactly one [`Reply::Done`] or
    /// [`Reply::Error`], unless the request is cancelled first: after [`AiWorker::cancel`]
    /// it is never called again. Requests are answered in order, one at a time.
    pub fn request(
        &self,
        position: &Position,
        task: Task,
        on_reply: impl FnMut(&Reply) + 'static,
    ) -> RequestId {
        self.request_str(position.to_string(), task, on_reply)
    }

    /// [`AiWorker::request`] with the position as text (checked by the worker, which answers
    /// [`Reply::Error`] when it is not a position).
    pub fn request_str(
        &self,
        position: String,
        task: Task,
        on_reply: impl FnMut(&Reply) + 'static,
    ) -> RequestId {
        let (id, needs_spawn) = {
            let mut inner = self.inner.borrow_mut();
            let id = inner.next_id;
            inner.next_id = inner.next_id.wrapping_add(1).max(1);
            let new_game = std::mem::take(&mut inner.new_game);
            let text = Request {
                id,
                position,
                task,
                new_game,
            }
            .to_json();
            let posted = match &inner.live {
                Some(live) if live.ready => {
                    let _ = live.worker.post_message(&JsValue::from_str(&text));
                    true
                }
                _ => false,
            };
            inner.pending.push(Pending {
                id,
                text,
                posted,
                on_reply: Rc::new(RefCell::new(on_reply)),
            });
            (id, inner.starts.needs_start(inner.live.is_some()))
        };
        if needs_spawn {
            self.spawn();
        }
        id
    }

    /// Cancels every unanswered request: their callbacks are dropped, and if any was
    /// outstanding the worker is terminated and a new one started (ready again in
    /// ~100-200 ms). Returns true when something was cancelled.
    pub fn cancel(&self) -> bool {
        let busy = !self.inner.borrow().pending.is_empty();
        if busy {
            let dropped = {
                let mut inner = self.inner.borrow_mut();
                inner.live = None;
                std::mem::take(&mut inner.pending)
            };
            // Dropped outside the borrow: a callback's captures may own a clone of `self`.
            drop(dropped);
            self.spawn();
        }
        busy
    }

    /// Cancels what is running and makes the next request start from a fresh searcher.
    pub fn new_game(&self) {
        self.cancel();
        self.inner.borrow_mut().new_game = true;
    }

    /// Stops the worker now and drops the unanswered requests; the next request starts a
    /// new worker.
    pub fn terminate(&self) {
        let dropped = {
            let mut inner = self.inner.borrow_mut();
            stop(&mut inner);
            inner.deferred = false;
            std::mem::take(&mut inner.pending)
        };
        drop(dropped);
    }

    /// True while a request waits for its final reply.
    pub fn is_thinking(&self) -> bool {
        !self.inner.borrow().pending.is_empty()
    }

    /// True when a worker is running and has said it is ready.
    pub fn is_ready(&self) -> bool {
        self.inner.borrow().live.as_ref().is_some_and(|l| l.ready)
    }

    /// Milliseconds from starting the last worker to its `ready` message.
    pub fn ready_ms(&self) -> Option<f64> {
        self.inner.borrow().ready_ms
    }

    /// Starts a new worker (replacing any), and marks every pending request to be posted
    /// to it when it is ready: through the starter the app set ([`set_starter`]).
    fn spawn(&self) {
        let generation = {
            let mut inner = self.inner.borrow_mut();
            inner.live = None;
            inner.deferred = false;
            for p in &mut inner.pending {
                p.posted = false;
            }
            inner.starts.spawn()
        };
        match STARTER.with(Cell::get) {
            Some(start) => start(self.clone(), generation),
            None => fail_all(&self.inner, "the search is not available"),
        }
    }

    /// The starter's part could not be fetched (offline before the service worker had it):
    /// the pending requests are answered with the error, unless another worker was started
    /// since; the next request tries again.
    pub fn start_failed(&self, generation: u64) {
        let current = self.inner.borrow_mut().starts.failed(generation);
        if current {
            fail_all(&self.inner, "the search could not be loaded");
        }
    }

    /// Creates the worker of `generation` (what [`AiWorker::spawn`] asked for), unless
    /// another was asked for since or this one runs already. Called by the app's starter,
    /// from its part ([`set_starter`]).
    pub fn start(&self, generation: u64) {
        let weak = Rc::downgrade(&self.inner);
        let mut inner = self.inner.borrow_mut();
        let live = inner.live.is_some();
        if !inner.starts.arrive(generation, live) {
            return;
        }
        let worker = match Worker::new(&inner.url) {
            Ok(w) => w,
            Err(e) => {
                let message = format!("cannot start the search worker: {e:?}");
                drop(inner);
                fail_all(&self.inner, &message);
                return;
            }
        };
        let on_message = {
            let weak = weak.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                let text = ev.data().as_string().unwrap_or_default();
                on_message(&weak, generation, &text);
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |ev: ErrorEvent| {
            let Some(inner) = weak.upgrade() else { return };
            if !inner.borrow().starts.is_current(generation) {
                return;
            }
            // Handled here: not reported again as an error of the page.
            ev.prevent_default();
            let failures = {
                let mut inner = inner.borrow_mut();
                let starting = inner.live.as_ref().is_some_and(|l| !l.ready);
                inner.live = None;
                inner.start_failures = if starting {
                    inner.start_failures + 1
                } else {
                    0
                };
                inner.start_failures
            };
            if (1..=START_RETRIES).contains(&failures) {
                retry_start(&inner, generation, 100 << failures);
                return;
            }
            fail_all(
                &inner,
                &format!("the search worker failed: {}", ev.message()),
            );
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        inner.live = Some(Live {
            worker,
            generation,
            ready: false,
            spawned_at: now_ms(),
            _on_message: on_message,
            _on_error: on_error,
        });
    }

    /// Terminates the worker on `pagehide`; starts it again on `pageshow` from the
    /// back/forward cache, posting the unanswered requests again.
    fn listen_to_page(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let hide = {
            let weak = Rc::downgrade(&self.inner);
            Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                if let Some(inner) = weak.upgrade() {
                    stop(&mut inner.borrow_mut());
                }
            })
        };
        let show = {
            let weak = Rc::downgrade(&self.inner);
            Closure::<dyn FnMut(Event)>::new(move |ev: Event| {
                let persisted = ev
                    .dyn_ref::<PageTransitionEvent>()
                    .is_some_and(PageTransitionEvent::persisted);
                if let Some(inner) = weak.upgrade() {
                    // Not a worker that was never started (on demand, not asked yet).
                    let started = inner.borrow().starts.generation() > 0;
                    if persisted && started && inner.borrow().live.is_none() {
                        AiWorker { inner }.spawn();
                    }
                }
            })
        };
        let mut inner = self.inner.borrow_mut();
        for (name, listener) in [("pagehide", hide), ("pageshow", show)] {
            let _ =
                window.add_event_listener_with_callback(name, listener.as_ref().unchecked_ref());
            inner.page_listeners.push((name, listener));
        }
    }
}

/// Handles a message of the worker of `generation`.
fn on_message(weak: &Weak<RefCell<Inner>>, generation: u64, text: &str) {
    let Some(inner) = weak.upgrade() else { return };
    let reply = match Reply::from_json(text) {
        Ok(r) => r,
        Err(e) => Reply::Error {
            id: None,
            message: e.to_string(),
        },
    };
    let callback = {
        let mut guard = inner.borrow_mut();
        let state = &mut *guard;
        let Some(live) = state.live.as_mut().filter(|l| l.generation == generation) else {
            // A reply from a terminated worker.
            return;
        };
        match &reply {
            Reply::Ready => {
                live.ready = true;
                state.start_failures = 0;
                state.ready_ms = Some(now_ms() - live.spawned_at);
                for p in state.pending.iter_mut().filter(|p| !p.posted) {
                    let _ = live.worker.post_message(&JsValue::from_str(&p.text));
                    p.posted = true;
                }
                None
            }
            Reply::Error { id: None, .. } => None,
            _ => {
                let id = reply.id();
                let i = state.pending.iter().position(|p| Some(p.id) == id);
                match i {
                    // A stale reply (its request was cancelled): never delivered.
                    None => None,
                    Some(i) if reply.is_final() => Some(state.pending.remove(i).on_reply),
                    Some(i) => Some(state.pending[i].on_reply.clone()),
                }
            }
        }
    };
    // Called with no borrow held: the callback may request or cancel.
    if let Some(cb) = callback {
        if let Ok(mut f) = cb.try_borrow_mut() {
            f(&reply);
        }
    }
}

/// Starts a worker again after `delay_ms`, unless another has been started since the one of
/// `generation` failed; the pending requests wait for it.
fn retry_start(inner: &Rc<RefCell<Inner>>, generation: u64, delay_ms: i32) {
    let weak = Rc::downgrade(inner);
    let again = Closure::once_into_js(move || {
        let Some(inner) = weak.upgrade() else { return };
        let current = {
            let i = inner.borrow();
            i.starts.is_current(generation) && i.live.is_none()
        };
        if current {
            AiWorker { inner }.spawn();
        }
    });
    let started = web_sys::window().and_then(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), delay_ms)
            .ok()
    });
    if started.is_none() {
        fail_all(inner, "cannot start the search worker again");
    }
}

/// Terminates the worker, and makes a start still on its way (its part loading) a stale one,
/// which then creates no worker.
fn stop(inner: &mut Inner) {
    inner.live = None;
    inner.starts.stop();
}

/// Answers every pending request with an error (the worker could not start or failed).
fn fail_all(inner: &Rc<RefCell<Inner>>, message: &str) {
    let pending = std::mem::take(&mut inner.borrow_mut().pending);
    for p in pending {
        let reply = Reply::Error {
            id: Some(p.id),
            message: message.to_string(),
        };
        if let Ok(mut f) = p.on_reply.try_borrow_mut() {
            f(&reply);
        }
    }
}
