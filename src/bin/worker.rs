//! The search worker (built by Trunk as `worker.js` and `worker_bg.wasm`, started by
//! `public/worker_loader.js`): the computer opponent thinks here, off the page's main thread. The
//! protocol and the client are in `toguz_app::core::ai` and `toguz_app::platform::ai`.

#[cfg(target_arch = "wasm32")]
fn main() {
    toguz_app::platform::ai::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the search worker runs only in a browser (wasm32, built by Trunk)");
}
