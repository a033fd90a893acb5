importScripts("./worker.js");wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
