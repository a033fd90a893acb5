// Trunk `build` hook (Trunk.toml): builds the app's wasm, split into the parts loaded on demand.
//
// Why a hook: Trunk builds a Rust binary as cargo, then wasm-bindgen, then wasm-opt, and it
// cannot cut a module into parts (trunk-rs/trunk#1022). wasm-split has to run on cargo's output
// before wasm-bindgen, so index.html marks the app's Rust link `data-trunk-skip` and this hook
// runs cargo-leptos's split pipeline in its place:
//
// 1. cargo builds the `app` binary (build.rs links it with --emit-relocs, which wasm-split
//    needs);
// 2. wasm-split-cli (crate wasm_split_cli_support, pinned in scripts/lib.sh) cuts it into the
//    main module, one file per part (split_<part>.wasm: what only that part's `#[wasm_split]`
//    functions in src/app/on_demand.rs reach), chunks that several parts share, and
//    __wasm_split.js, which fetches and links them;
// 3. wasm-bindgen --target web binds the main module (--keep-lld-exports: the parts link to its
//    exports);
// 4. in a release build: the glue minified and the import names shortened
//    (scripts/hooks/shrink.mjs), then wasm-opt -Oz: the main module by the command, and the
//    parts and chunks through binaryen's API in this process (the command compiles binaryen's
//    own 10 MB wasm at every start: most of the time for a chunk of a few KB); terser minifies
//    the parts' loader;
// 5. the parts' own style sheets (index.html's `<meta name="part-style">`), minified by
//    lightningcss in a release build.
//
// Everything goes into one folder of the staging dir, `app-<hash>/`, named by a hash of all its
// files: the files keep the names wasm-split and wasm-bindgen gave them and import each other
// by those names unchanged, and any change gives the folder a new name, so no cache serves a
// stale file. It writes `.app.json` (the folder and its start-up files) for the post_build hook,
// scripts/hooks/finish.mjs, which puts the start-up into index.html.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import binaryen from "binaryen";
import { transform } from "lightningcss";
import { parse } from "node-html-parser";
import { minify } from "terser";
import { readLoader } from "../size.mjs";
import { shrink } from "./shrink.mjs";

const TARGET = "wasm32-unknown-unknown";
const release = process.env.TRUNK_PROFILE === "release";
// The release build uses Cargo.toml's `release-app` profile: the engine compiled for size, as
// the rest of the app, since the main thread only plays moves with it (the search runs in the
// worker, which Trunk builds with `release`, the engine compiled for speed).
const profile = release ? "release-app" : "debug";
const staging = process.env.TRUNK_STAGING_DIR;
const html = process.env.TRUNK_HTML_FILE;
if (!staging || !html) throw new Error("app.mjs is a Trunk hook: run `trunk build`");
const root = path.dirname(html);
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR ?? "target");
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
const started = performance.now();

// Put before wasm-split's loader (settle-prelude.js): there `Promise.all` waits for every
// chunk's load to settle before it fails. wasm-split's own rejects at the first failed chunk
// while the others may still be on their way, and it keeps a load until it has failed: the
// player's Retry, once back online, then joined those and failed with them. Once all have
// settled, each failed load is forgotten and Retry fetches it anew. Only that module's
// `Promise` is shadowed; the loader's text is not edited.
const SETTLE_PRELUDE = readFileSync(new URL("./settle-prelude.js", import.meta.url), "utf8");
const PACK_PRELUDE = readFileSync(new URL("./pack-prelude.js", import.meta.url), "utf8");

// The chunks come in packs, `chunks-<pack>.bin`: wasm-split writes a chunk for each set of parts
// that share code, 257 of them, most under 1 KB, and a part's first load fetched 12 to 170
// files, each a request costing far more than its bytes (about 6 ms of CPU in Chromium each:
// 257 chunks fetched cost 1.7 s of CPU, a pack of them compiled from memory nothing measurable),
// and through the service worker too. A chunk goes into the pack of the first of these parts,
// in the order the play screen fetches them as the player begins, that needs it, else into
// "rest": a part's first load is at most five requests, and the first touch fetches no chunk
// it does not need (the worker's part "ai" its own chunks alone, as before).
const PACK_ORDER = ["ai", "reader", "dialogs", "settings"];

/** A pack: a u32 count, a (number, length) u32 pair per chunk, little-endian, then their bytes. */
function writePack(chunks) {
  const index = Buffer.alloc(4 + 8 * chunks.length);
  index.writeUInt32LE(chunks.length, 0);
  chunks.forEach(([n, bytes], i) => {
    index.writeUInt32LE(n, 4 + 8 * i);
    index.writeUInt32LE(bytes.length, 8 + 8 * i);
  });
  return Buffer.concat([index, ...chunks.map(([, bytes]) => bytes)]);
}

// 1. cargo. In a release build, the panic locations kept in the wasm name each crate's source
// as `<crate>-<version>/src/...` instead of under this machine's cargo registry (60 bytes of
// `$CARGO_HOME/registry/src/index.crates.io-<hash>/` each, dozens in the main module). Passed as
// `--config`, whose arrays add to .cargo/config.toml's rustflags, where RUSTFLAGS would replace
// them. The workspace's own crates are named without their folder `crates/` (`engine/src/...`).
const registry = path.join(process.env.CARGO_HOME ?? path.join(homedir(), ".cargo"), "registry", "src");
const remaps = release
  ? [...(existsSync(registry) ? readdirSync(registry).map((d) => `--remap-path-prefix=${path.join(registry, d)}/=`) : []), "--remap-path-prefix=crates/="]
  : [];
const remapConfig = remaps.length ? ["--config", `target.${TARGET}.rustflags=${JSON.stringify(remaps)}`] : [];
run("cargo", ["build", "--locked", ...remapConfig, ...(release ? ["--profile", profile] : []), "--target", TARGET, "--bin", "app"]);

// 2. wasm-split
const work = path.join(targetDir, "wasm-split", profile);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
run("wasm-split-cli", [path.join(targetDir, TARGET, profile, "app.wasm"), work, "--target", "web", "--out-name", "app"]);
const parts = readdirSync(work).filter((f) => /^(split|chunk)_.*\.wasm$/.test(f));
if (parts.length === 0) throw new Error("wasm-split made no part: is no #[wasm_split] function reached?");

// 3. wasm-bindgen, into the folder the browser gets
const out = path.join(work, "out");
run("wasm-bindgen", [
  "--target=web",
  "--keep-lld-exports",
  "--no-typescript",
  `--out-dir=${out}`,
  "--out-name=app",
  path.join(work, "app.wasm"),
]);
for (const f of parts) writeFileSync(path.join(out, f), readFileSync(path.join(work, f)));

// 4. the glue's import names and wasm-streams' exports (scripts/hooks/shrink.mjs) and wasm-opt
if (release) {
  await shrink({ js: path.join(out, "app.js"), wasm: path.join(out, "app_bg.wasm"), from: "./app_bg.js", module: true, root, streams: true });
  // The custom sections no browser reads: the toolchain's names and the linker's features.
  const strip = ["strip-producers", "strip-target-features"];
  const main = path.join(out, "app_bg.wasm");
  // After -Oz, flatten and rereloop let a second -Oz find more (about 1 KB on the first
  // visit; a third round 0.5 KB), and the low 1 KB of memory is never used (the stack ends there, the data starts
  // above 1 MB), so loads and stores may fold their offsets (about 0.7 KB).
  const passes = ["--low-memory-unused", "-Oz", "--flatten", "--rereloop", "-Oz", "--flatten", "--rereloop", "-Oz"];
  run("wasm-opt", [...passes, ...strip.map((p) => `--${p}`), `--output=${main}`, main]);
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  for (const f of parts) {
    const module = binaryen.readBinary(readFileSync(path.join(out, f)));
    if (!module.validate()) throw new Error(`${f}: not a valid module`);
    module.optimize();
    module.runPasses(strip);
    writeFileSync(path.join(out, f), module.emitBinary());
    module.dispose();
  }
}

// 5. the chunks into their packs, and the parts' loader: wasm-split's text kept, after the
// preludes (PACK_PRELUDE answers its fetch of a packed chunk from the pack), minified by terser
// in a release build.
{
  const split = readFileSync(path.join(work, "__wasm_split.js"), "utf8");
  const parts = readLoader(split);
  const packOf = new Map();
  for (const name of PACK_ORDER) {
    const part = parts.find((p) => p.part === name);
    if (!part) throw new Error(`no part ${name} to pack chunks for: is PACK_ORDER out of date?`);
    for (const c of part.chunks) if (!packOf.has(c)) packOf.set(c, name);
  }
  const packs = new Map([...PACK_ORDER, "rest"].map((name) => [name, []]));
  for (const c of [...new Set(parts.flatMap((p) => p.chunks))].sort()) {
    const n = Number(c.match(/^chunk_(\d+)\.wasm$/)[1]);
    packs.get(packOf.get(c) ?? "rest").push([n, readFileSync(path.join(out, c))]);
    rmSync(path.join(out, c));
  }
  for (const [name, list] of packs) writeFileSync(path.join(out, `chunks-${name}.bin`), writePack(list));
  const index = Object.fromEntries(PACK_ORDER.map((name) => [name, packs.get(name).map(([n]) => n)]));
  let loader = `const __chunk_packs = ${JSON.stringify(index)};\n${PACK_PRELUDE}${SETTLE_PRELUDE}${split}`;
  if (release) {
    loader = (await minify(loader, { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } })).code;
  }
  writeFileSync(path.join(out, "__wasm_split.js"), loader);
}

// 6. the parts' style sheets
const styles = parse(readFileSync(html, "utf8")).querySelectorAll('meta[name="part-style"]');
for (const meta of styles) {
  const href = meta.getAttribute("content");
  const css = readFileSync(path.join(root, href));
  const code = release ? transform({ filename: href, code: css, minify: true }).code : css;
  writeFileSync(path.join(out, `${meta.getAttribute("data-part")}.css`), code);
}

// The folder, named by its contents.
const files = readdirSync(out).sort();
const hash = createHash("sha256");
for (const f of files) hash.update(`${f}\0`).update(readFileSync(path.join(out, f)));
const dir = `app-${hash.digest("hex").slice(0, 16)}`;
mkdirSync(path.join(staging, dir));
for (const f of files) writeFileSync(path.join(staging, dir, f), readFileSync(path.join(out, f)));
writeFileSync(path.join(staging, ".app.json"), JSON.stringify({ dir, js: "app.js", wasm: "app_bg.wasm", loader: "__wasm_split.js" }));
console.log(`app hook: ${dir}/ with ${parts.length} parts and chunks (${profile}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
