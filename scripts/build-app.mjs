// Builds the app's wasm split in parts (issue 13), for scripts/build.mjs, which ran cargo
// (build.rs links the `app` binary with --emit-relocs) and runs scripts/post-build.mjs after
// this; cargo-leptos's pipeline with --split (0.3.11):
//
//   import { buildApp } from "./build-app.mjs";
//   const startUp = await buildApp({ dir, release, targetDir });   // tags for <!-- @app -->
//
// 1. (cargo: done by scripts/build.mjs.)
// 2. wasm-split-cli (crate wasm_split_cli_support, pinned in scripts/lib.sh) cuts
//    <cargo's target dir>/wasm32-unknown-unknown/<profile>/app.wasm into the main module, one file per part
//    (split_<part>.wasm: the `#[wasm_split(<part>)]` functions of src/app/on_demand.rs and all
//    that only they reach) and shared chunks (chunk_<n>.wasm: code that several parts share
//    and the main module does not), plus __wasm_split.js, which fetches and links them.
// 3. wasm-bindgen --keep-lld-exports --no-demangle on the main module (the parts link to its
//    exports), wasm-streams' classes dropped from its exports and glue
//    (scripts/drop-stream-classes.mjs), then wasm-opt -Oz (binaryen 132, node_modules/.bin) on it and on every part
//    and chunk, as cargo-leptos does (release only): the parts and chunks in one process,
//    through binaryen's API (scripts/wasm-opt-parts.mjs), beside the main module's command;
//    then (release only) the main module's imports from app.js renamed short in both files and
//    app.js minified (scripts/minify-glue.mjs), and __wasm_split.js made compact and minified
//    (scripts/compact-loader.mjs, after step 4's names are in it).
// 4. Content-hashed names: each part and chunk by its own bytes (rewritten into
//    __wasm_split.js); app.js, its wasm and __wasm_split.js import each other, so they share
//    one hash of the three. All URLs are relative: the same dist/ works under any sub-path.
// 5. Returns the module preloads, the wasm's preload and the start-up module (the wasm compiled
//    off the main thread), which
//    scripts/build.mjs puts in place of index.html's <!-- @app --> marker. scripts/post-build.mjs then adds the
//    start-up module's hash to the CSP and lists every file (the parts too) for the service
//    worker's precache.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { compactLoader } from "./compact-loader.mjs";
import { dropStreamClasses } from "./drop-stream-classes.mjs";
import { shrinkGlue } from "./minify-glue.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TARGET = "wasm32-unknown-unknown";
/**
 * wasm-opt's passes that drop the custom sections no browser reads: the toolchain's names
 * (`producers`) and the features the linker saw (`target_features`, which wasm-opt reads when it
 * loads the module). About 290 bytes in each of the 40 files, 6.3 KB gzip of the parts in all.
 */
export const STRIP = ["--strip-producers", "--strip-target-features"];
/**
 * `TOGUZ_WASM_NAMES=1 node scripts/build.mjs`: the main module keeps its functions' names
 * (wasm-opt -g; about 380 KB more, raw), so that a CPU profile of the page names them. For
 * measurements only: never a build that ships.
 */
const NAMES = process.env.TOGUZ_WASM_NAMES ? ["-g"] : [];

/** The first 16 hex digits of the sha256 of `data`, in order: a content-hashed file name. */
export function contentHash(...data) {
  const h = createHash("sha256");
  for (const d of data) h.update(d);
  return h.digest("hex").slice(0, 16);
}

/** A Subresource Integrity value for `data`. */
export const sri = (data) => `sha384-${createHash("sha384").update(data).digest("base64")}`;

/**
 * Splits, binds and optimises cargo's `app.wasm` into `dir`; returns the start-up tags for
 * index.html. `release`: wasm-opt each file; `targetDir`: cargo's target directory.
 */
export async function buildApp({ dir, release, targetDir }) {
  const profile = release ? "release" : "debug";
  const work = path.join(targetDir, "wasm-split", profile);
  const times = {};
  const timed = async (name, f) => {
    const start = performance.now();
    const out = await f();
    times[name] = ((performance.now() - start) / 1000).toFixed(1);
    return out;
  };
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });

  // 2. wasm-split
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, "bindgen"), { recursive: true });
  const input = path.join(targetDir, TARGET, profile, "app.wasm");
  await timed("wasm-split", () => run("wasm-split-cli", [input, work, "--target", "web", "--out-name", "app"]));
  const parts = readdirSync(work)
    .filter((f) => /^(split|chunk)_.*\.wasm$/.test(f))
    .sort();
  if (parts.length === 0) throw new Error("wasm-split made no part: no #[wasm_split] function reached?");

  // 3. wasm-bindgen, wasm-opt
  await timed("wasm-bindgen", () =>
    run("wasm-bindgen", [
      "--target=web",
      "--keep-lld-exports",
      "--no-demangle",
      "--no-typescript",
      `--out-dir=${path.join(work, "bindgen")}`,
      "--out-name=app",
      path.join(work, "app.wasm"),
    ]),
  );
  const mainWasm = path.join(work, "bindgen", "app_bg.wasm");
  // wasm-streams' exported classes out (scripts/drop-stream-classes.mjs), before wasm-opt drops
  // what only they reached.
  {
    const glue = path.join(work, "bindgen", "app.js");
    const out = dropStreamClasses({ js: readFileSync(glue, "utf8"), wasm: readFileSync(mainWasm) });
    writeFileSync(glue, out.js);
    writeFileSync(mainWasm, out.wasm);
  }
  if (release) {
    // The main module by the wasm-opt command; beside it, the parts and chunks in one process
    // (scripts/wasm-opt-parts.mjs: the command's start-up, once per file, was most of their
    // time).
    const exec = promisify(execFile);
    await timed("wasm-opt", () =>
      Promise.all([
        exec("wasm-opt", ["-Oz", ...STRIP, ...NAMES, `--output=${mainWasm}`, mainWasm], { cwd: ROOT }),
        exec(process.execPath, [
          path.join(ROOT, "scripts", "wasm-opt-parts.mjs"),
          ...parts.map((f) => path.join(work, f)),
        ]),
      ]),
    );
  }

  // 4. names
  let link = readFileSync(path.join(work, "__wasm_split.js"), "utf8");
  for (const f of parts) {
    const bytes = readFileSync(path.join(work, f));
    const named = `${f.replace(/\.wasm$/, "")}-${contentHash(bytes)}.wasm`;
    const ref = `"./${f}"`;
    if (!link.includes(ref)) throw new Error(`__wasm_split.js does not name ${f}`);
    link = link.replaceAll(ref, `"./${named}"`);
    writeFileSync(path.join(dir, named), bytes);
  }
  let js = readFileSync(path.join(work, "bindgen", "app.js"), "utf8");
  let wasm = readFileSync(mainWasm);
  if (release) {
    // The glue's import names shortened in both files and the glue minified
    // (scripts/minify-glue.mjs): 5.5 KB less of glue and 4.6 KB of wasm on the first visit.
    // The loader made compact and minified (scripts/compact-loader.mjs): 0.8 KB less.
    ({ js, wasm } = await timed("minify", () => shrinkGlue({ js, wasm, from: "./app_bg.js", module: true })));
    link = await compactLoader(link);
  }
  const id = contentHash(js, link, wasm);
  const names = { js: `app-${id}.js`, wasm: `app-${id}_bg.wasm`, link: `__wasm_split-${id}.js` };
  // (`from"./x.js"` once minified.)
  const importOf = (file) => new RegExp(`from\\s*(["'])\\./${file.replaceAll(".", "\\.")}\\1`, "g");
  if (!importOf("__wasm_split.js").test(js)) throw new Error("app.js does not import __wasm_split.js");
  js = js.replace(importOf("__wasm_split.js"), `from "./${names.link}"`);
  if (!importOf("app.js").test(link)) throw new Error("__wasm_split.js does not import app.js");
  link = link.replace(importOf("app.js"), `from "./${names.js}"`);
  writeFileSync(path.join(dir, names.js), js);
  writeFileSync(path.join(dir, names.link), link);
  writeFileSync(path.join(dir, names.wasm), wasm);

  console.log(
    `build-app: ${names.wasm} and ${parts.length} parts loaded on demand; ` +
      Object.entries(times)
        .map(([k, v]) => `${k} ${v} s`)
        .join(", "),
  );
  // 5. the start-up. The wasm is compiled from its bytes (WebAssembly.instantiate), not as it
  // streams in: V8 decodes a streamed module on the page's main thread, chunk by chunk (a task
  // of 21-57 ms before a first visit's mount in Chromium's traces, 80-230 ms in Lighthouse's 4x
  // estimate; 4-22 ms on a reload), and a module from its bytes on a background thread. The
  // cold load's time is the same (the functions compile lazily, at their first call, either
  // way), and a reload reuses the compiled module from V8's cache in both forms (traced: no
  // lazy compilation then). A failed fetch gives init() the response, which it reports.
  return [
    `<link rel="modulepreload" href="./${names.js}" crossorigin="anonymous" integrity="${sri(js)}">`,
    `<link rel="modulepreload" href="./${names.link}" crossorigin="anonymous" integrity="${sri(link)}">`,
    `<link rel="preload" href="./${names.wasm}" crossorigin="anonymous" as="fetch" type="application/wasm">`,
    `<script type="module">
import init from './${names.js}';
await init({ module_or_path: fetch('./${names.wasm}').then((r) => r.ok ? r.arrayBuffer() : r) });
</script>`,
  ].join("\n    ");
}
