//! The search worker (built by Trunk as `worker.js` and `worker_bg.wasm`, started by
//! `public/worker_loader.js`): the computer opponent thinks here, off the page's main thread. It
//! listens for requests and answers them with [`Engine`], one at a time, in order. The protocol
//! and the request handler are `toguz_app_core::ai`; the page's side is the app's
//! `platform::ai::client`.

/// The worker's allocator: talc, as the app's (the root crate's `src/main.rs`), smaller than the
/// standard library's dlmalloc: about 1 KB of the worker's download. The search allocates only
/// its table and a few vectors an iteration, so the allocator does not show in its speed.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the search worker runs only in a browser (wasm32, built by Trunk)");
}

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use toguz_app_core::ai::handler::Engine;
    use toguz_app_core::ai::protocol::Reply;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
        // Posting a string cannot fail (it is always cloneable).
        let _ = scope.post_message(&JsValue::from_str(&reply.to_json()));
    }

    /// Starts the worker: warms the search up, installs the message handler, then posts
    /// [`Reply::Ready`].
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
            // Messages are handled one at a time (the search blocks this thread), so the
            // engine is never borrowed twice.
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
}
