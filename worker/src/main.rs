//! The search worker (built by Trunk as `worker.js` and `worker_bg.wasm`, started by
//! `public/worker_loader.js`): the computer opponent thinks here, off the page's main thread. The
//! protocol and the client are in `toguz_app::core::ai` and `toguz_app::platform::ai`.

/// The worker's allocator: talc, as the app's (src/main.rs), smaller than the standard library's
/// dlmalloc: about 1 KB of the worker's download, which pays for its search compiled for speed
/// (Cargo.toml). The search allocates only its table and a few vectors an iteration, so the
/// allocator does not show in its speed.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    toguz_app::platform::ai::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the search worker runs only in a browser (wasm32, built by Trunk)");
}
