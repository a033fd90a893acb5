// The download of a release build and where its bytes go; with --budget, fails when the first
// visit or the search worker is over its budget.
//
//   node scripts/size.mjs [--dist DIR] [--wasm-dir DIR] [--budget] [--top N]
//
// 1. Every file of DIR (default dist/), raw and gzip -9 (node's zlib at level 9, as a static
//    host serves it), in four groups: the first visit (index.html and every script, style
//    sheet and wasm it loads: what the board waits for; __wasm_split-*.js is one, app.js
//    imports it), the search worker (its loader, script and wasm, fetched after the board
//    shows), the parts loaded on demand (split_<part>-*.wasm and the chunk_<n>-*.wasm they
//    share, scripts/build-app.mjs, and each part's style sheet split_<part>-*.css,
//    scripts/build.mjs: fetched when a screen other than play opens), and the rest
//    (icons, manifests, the service worker: fetched later). All but the first visit are
//    precached for offline use. Then, per part, what opening it first downloads: its file, its
//    style sheet and the chunks it needs (read from __wasm_split-*.js). The part "dialogs"
//    (the play screen's dialogs but the welcome, and the words of its live region) is fetched
//    at the player's first pointer, key or scroll on the play screen: the summary line names
//    its download beside the worker's.
//    So is the part "settings" (the play screen's settings panel), but at once where it is in
//    view as the page opens (a desktop). The part "ai" (the page's side of the worker: its
//    creation and the reader of its replies) is fetched when the worker starts, after the
//    first paint: the worker's figure and budget include it (its file and chunks).
// 2. The largest contributors to the app's and the worker's wasm, by crate and by module:
//    code bytes per function, read from the name section of the unstripped release wasm that
//    cargo writes before wasm-split, wasm-bindgen and wasm-opt (the app's: all its parts) (--wasm-dir, default target/wasm32-unknown-
//    unknown/release: {app,worker}.wasm). Shares, not shipped bytes: wasm-opt shrinks the whole afterwards.
//    Generic code is counted in the crate that defines it (`Vec<T>::push` in alloc), except
//    drop glue, counted in the crate of the dropped type; wasm-bindgen's descriptors (removed
//    by wasm-bindgen) are left out.
// 3. --budget: exit 1 when the first visit or the worker is over the budget below.
import { gzipSync } from "node:zlib";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readImport, readLeb as leb, readName as name } from "./wasm-bytes.mjs";
import { readLoader } from "./compact-loader.mjs";

// The budgets in gzip bytes (docs/BENCHMARKS.md): 250 KB for the first visit and 100 KB for
// the worker. They were the goals of the size work, and both are met, so a new feature has to
// fit inside them. On the way there the first visit's budget was a ratchet: the measured size
// plus a margin, lowered after each change that made the download smaller (from 769.6 KB
// before any size work, and 622.5 KB with every screen in one module). Never raise it without
// saying why.
export const BUDGET = {
  firstVisit: 250 * 1024,
  worker: 100 * 1024,
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKER_FILES = ["worker_loader.js", "worker.js", "worker_bg.wasm"];
const ON_DEMAND = /^(split|chunk)_[^/]*\.wasm$|^split_[^/]*\.css$/;

function args(argv) {
  const out = {
    dist: path.join(ROOT, "dist"),
    wasmDir: path.join(path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target"), "wasm32-unknown-unknown/release"),
    budget: false,
    top: 12,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--dist") out.dist = path.resolve(argv[++i]);
    else if (argv[i] === "--wasm-dir") out.wasmDir = path.resolve(argv[++i]);
    else if (argv[i] === "--budget") out.budget = true;
    else if (argv[i] === "--top") out.top = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return out;
}

function filesUnder(root, prefix = "") {
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(root, rel) : [rel];
  });
}

/** The files that index.html loads before the app runs: style sheets, scripts, the wasm. */
function firstVisitFiles(dist, all) {
  const html = readFileSync(path.join(dist, "index.html"), "utf8");
  const refs = new Set(["index.html"]);
  for (const m of html.matchAll(/(?:href|src|from|module_or_path:)\s*=?\s*["']([^"']+)["']/g)) {
    const name = m[1].replace(/^.*\//, "");
    if (/\.(js|css|wasm)$/.test(name) && all.includes(name)) refs.add(name);
  }
  // Trunk's start-up module imports the app's script, which names its wasm.
  for (const name of all) if (/^app-.*_bg\.wasm$/.test(name) && html.includes(name)) refs.add(name);
  return refs;
}

export function measure(dist) {
  const all = filesUnder(dist).sort();
  const first = firstVisitFiles(dist, all);
  const rows = all.map((file) => {
    const data = readFileSync(path.join(dist, file));
    const group = first.has(file)
      ? "first visit"
      : WORKER_FILES.includes(file)
        ? "worker"
        : ON_DEMAND.test(file)
          ? "on demand"
          : "later";
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, group };
  });
  const sum = (g) => rows.filter((r) => r.group === g).reduce((s, r) => s + r.gzip, 0);
  const split = parts(dist, all, rows);
  // The part "ai" (the page's code that creates the worker and reads its replies) is fetched
  // when the worker starts: counted with the worker.
  const ai = split.find((p) => p.part === "ai");
  return {
    rows,
    firstVisit: sum("first visit"),
    worker: sum("worker") + (ai ? ai.own + ai.sheet + ai.shared : 0),
    onDemand: sum("on demand"),
    later: sum("later"),
    parts: split,
  };
}

/**
 * Per part: the gzip bytes of its file and of the chunks it needs, from __wasm_split-*.js (as
 * scripts/compact-loader.mjs writes it in a release build, or as wasm-split-cli does).
 */
function parts(dist, all, rows) {
  const link = all.find((f) => /^__wasm_split-.*\.js$/.test(f));
  if (!link) return [];
  const js = readFileSync(path.join(dist, link), "utf8");
  const gzip = new Map(rows.map((r) => [r.file, r.gzip]));
  const chunkFile = (n) => all.find((f) => f.startsWith(`chunk_${n}-`) && f.endsWith(".wasm"));
  const loads = readLoader(js);
  const out = [];
  for (const { part, file, chunks } of loads) {
    const deps = chunks.map(chunkFile);
    if (deps.some((f) => !f)) throw new Error(`${link}: part ${part} needs a chunk dist/ lacks`);
    const own = gzip.get(file) ?? 0;
    const sheetFile = all.find((f) => f.startsWith(`split_${part}-`) && f.endsWith(".css"));
    const sheet = gzip.get(sheetFile) ?? 0;
    const shared = deps.reduce((s, f) => s + (gzip.get(f) ?? 0), 0);
    out.push({ part, own, sheet, shared, chunks: deps.length });
  }
  // Every part file must be found, or the figures above would silently leave parts out.
  const named = all.filter((f) => /^split_.*\.wasm$/.test(f)).length;
  if (out.length !== named || out.some((p) => !p.own)) {
    throw new Error(`${link}: read ${out.length} parts of ${named}: has its form changed?`);
  }
  return out.sort((a, b) => a.part.localeCompare(b.part));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// --- wasm name section ---

/** Defined functions as {name, size} and the data segments' total size. */
export function wasmFunctions(file) {
  const buf = readFileSync(file);
  let pos = 8;
  let imports = 0;
  const bodies = [];
  const names = new Map();
  let data = 0;
  while (pos < buf.length) {
    const id = buf[pos];
    const [size, start] = leb(buf, pos + 1);
    const end = start + size;
    if (id === 2) {
      let [count, p] = leb(buf, start);
      for (let i = 0; i < count; i++) {
        const imp = readImport(buf, p);
        if (imp.kind === 0) imports++;
        p = imp.end;
      }
    } else if (id === 10) {
      let [count, p] = leb(buf, start);
      for (let i = 0; i < count; i++) {
        const [len, q] = leb(buf, p);
        bodies.push(len + (q - p));
        p = q + len;
      }
    } else if (id === 11) {
      data = size;
    } else if (id === 0) {
      const [section, p0] = name(buf, start);
      if (section === "name") {
        let p = p0;
        while (p < end) {
          const sub = buf[p];
          const [len, q] = leb(buf, p + 1);
          if (sub === 1) {
            let [count, r] = leb(buf, q);
            for (let i = 0; i < count; i++) {
              let index;
              let n;
              [index, r] = leb(buf, r);
              [n, r] = name(buf, r);
              names.set(index, n);
            }
          }
          p = q + len;
        }
      }
    }
    pos = end;
  }
  return {
    functions: bodies.map((size, i) => ({ name: demangle(names.get(imports + i) ?? `func${imports + i}`), size })),
    data,
  };
}

/** Rust's legacy mangling (`_ZN4core3fmt5write17h..E`) to a path; other names unchanged. */
function demangle(sym) {
  if (!sym.startsWith("_ZN")) return sym;
  const parts = [];
  let p = 3;
  while (p < sym.length && sym[p] !== "E") {
    let len = "";
    while (/\d/.test(sym[p])) len += sym[p++];
    if (!len) break;
    parts.push(sym.slice(p, p + Number(len)));
    p += Number(len);
  }
  const codes = { SP: "@", BP: "*", RF: "&", LT: "<", GT: ">", LP: "(", RP: ")", C: "," };
  return parts
    .filter((s) => !/^h[0-9a-f]{16}$/.test(s))
    .map((s) => s.replace(/^_\$/, "$").replace(/\$([A-Z]+)\$/g, (m, c) => codes[c] ?? m).replace(/\.\./g, "::"))
    .join("::");
}

/** The crate and module a function's code belongs to (see the header). */
export function owner(fn) {
  // Rust's v0 mangling (`_RNvNtCs.._4core3fmt..`): the first crate root and the next name.
  if (fn.startsWith("_R")) {
    const m = fn.match(/C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_][A-Za-z0-9_]*)/);
    if (!m) return { krate: "(other)", module: "(other)" };
    const krate = m[2].slice(0, Number(m[1]));
    const rest = fn.slice(m.index + m[0].length - m[2].length + Number(m[1]));
    const next = rest.match(/^(\d+)([A-Za-z_][A-Za-z0-9_]*)/);
    return { krate, module: next ? `${krate}::${next[2].slice(0, Number(next[1]))}` : krate };
  }
  let s = fn
    .replace(/\$u([0-9a-f]{2})\$/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
    .replace(/::h[0-9a-f]{16}$/, "");
  const drop = s.match(/^core::ptr::drop_in_place<(.*)>$/);
  if (drop) s = drop[1];
  // `<Self as Trait>::f`: Self's crate, or the trait's when Self is a type parameter.
  const qualified = s.match(/^<(?:&|mut |dyn |\s)*(.*?) as (.*?)>::/);
  const isPath = (x) => /^[a-z_][a-z0-9_]*::/.test(x);
  if (qualified) s = isPath(qualified[1]) ? qualified[1] : qualified[2];
  s = s.replace(/^[<&(\s]*(?:mut |dyn |impl )?[<&(\s]*/, "");
  const segs = s.split("::").map((x) => x.replace(/[<>,( ].*$/, ""));
  if (segs.length < 2 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(segs[0])) return { krate: "(other)", module: "(other)" };
  return { krate: segs[0], module: `${segs[0]}::${segs[1]}` };
}

function contributors(file, top) {
  // wasm-bindgen's type descriptors run at build time and are removed from the shipped wasm.
  const { functions: all, data } = wasmFunctions(file);
  const functions = all.filter((f) => !f.name.startsWith("__wbindgen_describe"));
  const code = functions.reduce((s, f) => s + f.size, 0);
  const by = (key) => {
    const m = new Map();
    for (const f of functions) {
      const k = owner(f.name)[key];
      m.set(k, (m.get(k) ?? 0) + f.size);
    }
    return [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  };
  const pct = (n) => `${((100 * n) / code).toFixed(1).padStart(5)}%`;
  console.log(`\n${path.relative(ROOT, file)}: code ${kb(code)} in ${functions.length} functions, data ${kb(data)} (raw, before wasm-opt)`);
  console.log("  by crate:");
  for (const [k, n] of by("krate")) console.log(`    ${pct(n)} ${kb(n).padStart(10)}  ${k}`);
  console.log("  by module:");
  for (const [k, n] of by("module")) console.log(`    ${pct(n)} ${kb(n).padStart(10)}  ${k}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const opts = args(process.argv.slice(2));
  const m = measure(opts.dist);
  console.log(`${path.relative(ROOT, opts.dist) || "."}: gzip -9 sizes`);
  for (const group of ["first visit", "worker", "on demand", "later"]) {
    for (const r of m.rows.filter((r) => r.group === group)) {
      console.log(`  ${group.padEnd(12)} ${kb(r.gzip).padStart(10)} ${kb(r.raw).padStart(10)} raw  ${r.file}`);
    }
  }
  for (const p of m.parts) {
    console.log(
      `  part ${p.part.padEnd(10)} ${kb(p.own + p.sheet + p.shared).padStart(10)} when first opened: its file ${kb(p.own)} + its style sheet ${kb(p.sheet)} + ${p.chunks} shared chunks ${kb(p.shared)}`,
    );
  }
  const dialogs = m.parts.find((p) => p.part === "dialogs");
  console.log(
    `first visit ${kb(m.firstVisit)} (budget ${kb(BUDGET.firstVisit)}); worker ${kb(m.worker)} (budget ${kb(BUDGET.worker)}); ` +
      (dialogs ? `the play screen's dialogs, at the first touch ${kb(dialogs.own + dialogs.sheet + dialogs.shared)}; ` : "") +
      `on demand ${kb(m.onDemand)}; later ${kb(m.later)}`,
  );
  for (const bin of ["app", "worker"]) {
    const file = path.join(opts.wasmDir, `${bin}.wasm`);
    if (existsSync(file)) contributors(file, opts.top);
  }
  if (opts.budget) {
    const over = [];
    if (m.firstVisit > BUDGET.firstVisit) over.push(`first visit ${kb(m.firstVisit)} > ${kb(BUDGET.firstVisit)}`);
    if (m.worker > BUDGET.worker) over.push(`worker ${kb(m.worker)} > ${kb(BUDGET.worker)}`);
    if (over.length) {
      console.error(`over budget: ${over.join("; ")}`);
      process.exit(1);
    }
    console.log("within budget");
  }
}
