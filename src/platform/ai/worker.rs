//! The Web Worker's entry point (called by `worker/src/main.rs`): listens for requests and
//! answers them with [`Engine`], one at a time, in order.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::core::ai::handler::Engine;
use crate::core::ai::protocol::Reply;

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    // Posting a string cannot fail (it is always cloneable).
    let _ = scope.post_message(&JsValue::from_str(&reply.to_json()));
}

/// Starts the worker: warms the search up, installs the message handler, then posts
/// [`Reply::Ready`]. Only meaningful inside a dedicated worker.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // `performance.now()`: monotonic, sub-millisecond; `Date.now()` if it is missing.
    let perf = scope.performance();
    let now = move || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now());

    let engine = Rc::new(RefCell::new(Engine::new()));
    engine.borrow_mut().warm_up(&now);

    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        // Messages are handled one at a time (the search blocks this thread), so the engine
        // is never borrowed twice.
        let Ok(mut engine) = engine.try_borrow_mut() else {
            return;
        };
        let done = engine.handle_json(&text, &now, |info| post(&reply_scope, &info));
        post(&reply_scope, &done);
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&scope, &Reply::Ready);
}
