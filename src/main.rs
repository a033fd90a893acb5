//! Entry point of the web app (built and split by the Trunk hook scripts/hooks/app.mjs).
//!
//! Two parts loaded on demand are started here, through hooks the library offers: the search
//! worker's start (`platform::ai::client::set_starter`) and the making of pictures
//! (`services::pictures::set_maker`). The library's tests set their own hooks (a start held on
//! its way, no maker), which a `part_fn!` function inside the library would not let them do.
//! The screens' parts are declared beside the screens (`toguz_app::platform::split`).

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use toguz_app::platform::ai::AiWorker;
use toguz_app::platform::split::now;
use toguz_app::services::pictures::Request;

/// The app's allocator: talc, smaller than the standard library's dlmalloc (7.5 KB of code
/// before wasm-opt): the first visit's download 1.1 KB less. The search worker's binary
/// (crates/worker/src/main.rs) sets its own.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // The search worker's creation and the reader of its replies, in a part of their own, out
    // of the first visit's download: fetched when the first worker starts (at the player's
    // first pointer, key, scroll or click, or at the first request), from the service worker's
    // cache once it has it.
    toguz_app::platform::ai::client::set_starter(|worker, generation| {
        leptos::task::spawn_local(async move {
            let started = preload_ai_start().await.is_ok()
                && now(ai_start(worker.clone(), generation)).is_some();
            if !started {
                worker.start_failed(generation);
            }
        });
    });
    // Share image and Share as GIF: the rasteriser and the GIF encoder in a part of their own,
    // fetched at the first click on either (from the service worker's cache once it has it).
    toguz_app::services::pictures::set_maker(|request| {
        leptos::task::spawn_local(async move {
            let (busy, failed) = (request.busy, request.failed);
            if make_picture(request).await.is_err() {
                let _ = busy.try_set(false);
                let _ = failed.try_set(true);
            }
        });
    });
    toguz_app::mount();
}

/// Creates a search worker (`AiWorker::start`: the worker, its listeners and the reader of its
/// replies), in a part of its own, fetched when the first worker starts.
#[wasm_split(ai, wasm_split_path = ::leptos::wasm_split, preload(preload_ai_start), fallible)]
fn ai_start(worker: AiWorker, generation: u64) -> Result<(), SplitLoaderError> {
    worker.start(generation);
    Ok(())
}

/// Makes a picture of the board (Share image, Share as GIF) and offers it, in a part of its
/// own, fetched at the first click: the rasteriser, the GIF encoder and its colour quantiser.
#[wasm_split(pictures, wasm_split_path = ::leptos::wasm_split, preload(preload_pictures), fallible)]
fn make_picture(request: Request) -> Result<(), SplitLoaderError> {
    leptos::task::spawn_local(toguz_app::services::pictures::carry_out(request));
    Ok(())
}
