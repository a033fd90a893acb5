// The download of a release build and where its bytes go; with --budget, fails when the first
// visit or the search worker is over its budget.
//
//   node scripts/size.mjs [--dist DIR] [--budget]
//
// Every file of DIR (default dist/), raw and gzip -9 (node's zlib at level 9, as a static host
// serves it), in four groups:
// - the first visit, as a first-time visitor's browser fetches it until the board is
//   playable: index.html and the scripts, style sheets and wasm it loads (the app's glue,
//   its parts' loader and its main wasm, in app-<hash>/), and the parts every newcomer's page
//   fetches at once (FIRST_VISIT_PARTS, with their chunks and style sheets), each
//   response with its headers (HEADER_BYTES): bytes over the wire, as the browser counts them
//   (tests/e2e/first-visit.test.mjs checks the files and the figure against Chromium's);
// - the search worker: its loader, script and wasm, fetched after the board shows, and the
//   part "ai" (the page's side of the worker) with the pack of the chunks it needs;
// - the parts loaded on demand (app-<hash>/split_<part>.wasm, the packs of the chunks they share,
//   app-<hash>/chunks-<pack>.bin,
//   and each part's style sheet app-<hash>/<part>.css): fetched when a screen other than play
//   opens;
// - the rest (icons, manifests, the service worker, the puzzles' data): fetched later.
// All but the first visit are precached for offline use. Then, per part, what opening it first
// downloads: its file, its style sheet and the packs of the chunks it needs, read from the
// parts' loader (scripts/hooks/app.mjs) with a JavaScript parser and from the packs' indexes.
//
// Where the wasm's bytes go, by function and crate: `twiggy top` on cargo's unstripped
// target/wasm32-unknown-unknown/release-app/app.wasm (docs/BENCHMARKS.md).
import { gzipSync } from "node:zlib";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as acorn from "acorn";
import { parse } from "node-html-parser";

// The budgets in gzip bytes (the first visit's over the wire, headers included): the first
// visit is what a newcomer waits for before the board can be played, the worker what the computer needs before its first move. New features fit inside
// them (a screen other than play goes into a part loaded on demand). Never raise one without
// saying why.
//
// The worker's counts the JSON parser the page reads the worker's replies with (serde_json's
// `Value`, in the part "ai"), which the first visit does without: the page reads stored values
// with decoders in a part fetched only when values are stored (src/services/reader.rs).
export const BUDGET = {
  firstVisit: 250 * 1024,
  worker: 100 * 1024,
};
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKER_FILES = ["worker_loader.js", "worker.js", "worker_bg.wasm"];
const ON_DEMAND = /^app-[^/]+\/(split_[^/]*\.wasm|chunks-[a-z]+\.bin|[a-z]+\.css)$/;
/**
 * The parts a first-time visitor's page fetches at once, before the board is playable, each
 * with its chunks and style sheet: none today (the welcome, due on a browser with no settings
 * and no saved game, is in the main module: `app::on_demand::welcome`). A budget is what the
 * visitor gets, so such a part counts in the first visit.
 */
export const FIRST_VISIT_PARTS = [];
/**
 * A response's headers, as a static host sends them (status line, type, length, encoding,
 * caching, date, connection): 225-237 bytes each from scripts/serve-gzip.mjs, as Chromium
 * counts them. Twenty responses are about 4.5 KB of the first visit.
 */
export const HEADER_BYTES = 230;

function filesUnder(root, prefix = "") {
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? filesUnder(root, rel) : [rel];
  });
}

/** The files that index.html loads before the app runs: its icon, style sheets, scripts, the wasm. */
function firstVisitFiles(dist) {
  const doc = parse(readFileSync(path.join(dist, "index.html"), "utf8"));
  const refs = new Set(["index.html"]);
  const add = (url) => url && refs.add(url.replace(/^\.\//, ""));
  for (const link of doc.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"], link[rel="preload"], link[rel="icon"]')) {
    add(link.getAttribute("href"));
  }
  for (const script of doc.querySelectorAll("script[src]")) add(script.getAttribute("src"));
  return refs;
}

/**
 * The parts' loader read with a JavaScript parser: for each exported part (`__wasm_split_load_<part>`),
 * the wasm file its declaration fetches and those of the declarations in its list of
 * dependencies (its chunks).
 * Names may be minified: only the exports' names and the file names are relied on.
 */
export function readLoader(js) {
  const ast = acorn.parse(js, { ecmaVersion: "latest", sourceType: "module" });
  const decls = new Map(); // name -> { files, names }
  const walk = (node, found) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type === "Literal" && typeof node.value === "string" && node.value.endsWith(".wasm")) {
      found.files.push(node.value.replace(/^\.\//, ""));
    }
    // A part's chunks: the declarations named in its load's list of dependencies.
    if (node.type === "ArrayExpression") {
      for (const e of node.elements) if (e?.type === "Identifier") found.names.push(e.name);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "type" || key === "start" || key === "end") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object") walk(child, found);
      }
    }
  };
  const exported = [];
  for (const statement of ast.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const d of declaration.declarations) {
      const found = { files: [], names: [] };
      walk(d.init, found);
      decls.set(d.id.name, found);
      if (statement.type === "ExportNamedDeclaration") exported.push(d.id.name);
    }
  }
  const fileOf = (name) => {
    const files = decls.get(name)?.files ?? [];
    if (files.length !== 1) throw new Error(`the parts' loader: ${name} fetches ${files.length} files`);
    return files[0];
  };
  return exported
    .filter((name) => name.startsWith("__wasm_split_load_"))
    .map((name) => ({
      part: name.slice("__wasm_split_load_".length),
      file: fileOf(name),
      chunks: decls
        .get(name)
        .names.filter((n) => n !== name && decls.get(n)?.files.length === 1)
        .map(fileOf),
    }));
}

export function measure(dist) {
  const all = filesUnder(dist).sort();
  const first = firstVisitFiles(dist);
  const gzipOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const split = parts(dist, all, gzipOf);
  for (const name of FIRST_VISIT_PARTS) {
    const part = split.find((p) => p.part === name);
    if (!part) throw new Error(`no part ${name} in the build: is FIRST_VISIT_PARTS out of date?`);
    for (const f of part.files) first.add(f);
  }
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
  // The part "ai" (the page's code that creates the worker and reads its replies) is fetched
  // when the worker starts: counted with the worker.
  const ai = split.find((p) => p.part === "ai");
  return {
    rows,
    firstVisit: sum("first visit") + rows.filter((r) => r.group === "first visit").length * HEADER_BYTES,
    firstVisitFiles: rows.filter((r) => r.group === "first visit").map((r) => r.file),
    worker: sum("worker") + (ai ? ai.own + ai.sheet + ai.shared : 0),
    onDemand: sum("on demand"),
    later: sum("later"),
    parts: split,
  };
}

/**
 * The chunk numbers in a pack (scripts/hooks/app.mjs: a u32 count, then a (number, length) u32
 * pair per chunk, little-endian, then their bytes), checking that its lengths fill it exactly.
 */
export function readPack(bytes) {
  const count = bytes.readUInt32LE(0);
  const numbers = [];
  let end = 4 + 8 * count;
  for (let i = 0; i < count; i++) {
    numbers.push(bytes.readUInt32LE(4 + 8 * i));
    end += bytes.readUInt32LE(8 + 8 * i);
  }
  if (end !== bytes.length) throw new Error(`a pack of ${bytes.length} bytes whose index says ${end}`);
  return numbers;
}

/**
 * Per part: the gzip bytes of its file, its style sheet and the packs of the chunks it needs
 * (each pack once, fetched whole), and those files.
 */
function parts(dist, all, gzipOf) {
  const loader = all.find((f) => /^app-[^/]+\/__wasm_split\.js$/.test(f));
  if (!loader) return [];
  const dir = path.dirname(loader);
  const packOf = new Map();
  for (const pack of all.filter((f) => f.startsWith(`${dir}/chunks-`))) {
    for (const n of readPack(readFileSync(path.join(dist, pack)))) packOf.set(`chunk_${n}.wasm`, pack);
  }
  const out = readLoader(readFileSync(path.join(dist, loader), "utf8")).map(({ part, file, chunks }) => {
    if (!all.includes(`${dir}/${file}`)) throw new Error(`${loader}: part ${part} is ${file}, which the build lacks`);
    for (const c of chunks) if (!packOf.has(c)) throw new Error(`${loader}: part ${part} needs ${c}, in no pack of the build`);
    const packs = [...new Set(chunks.map((c) => packOf.get(c)))].sort();
    const sheet = all.includes(`${dir}/${part}.css`) ? [`${dir}/${part}.css`] : [];
    return {
      part,
      own: gzipOf(`${dir}/${file}`),
      sheet: sheet.reduce((s, f) => s + gzipOf(f), 0),
      shared: packs.reduce((s, f) => s + gzipOf(f), 0),
      chunks: chunks.length,
      packs: packs.length,
      files: [`${dir}/${file}`, ...sheet, ...packs],
    };
  });
  // Every part file must be found, or the figures above would silently leave parts out.
  const named = all.filter((f) => /^app-[^/]+\/split_.*\.wasm$/.test(f)).length;
  if (out.length !== named) throw new Error(`${loader}: read ${out.length} parts of ${named}: has its form changed?`);
  return out.sort((a, b) => a.part.localeCompare(b.part));
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let dist = path.join(ROOT, "dist");
  let budget = false;
  for (let i = 2; i < process.argv.length; i++) {
    if (process.argv[i] === "--dist") dist = path.resolve(process.argv[++i]);
    else if (process.argv[i] === "--budget") budget = true;
    else throw new Error(`unknown argument ${process.argv[i]}\nusage: node scripts/size.mjs [--dist DIR] [--budget]`);
  }
  const m = measure(dist);
  console.log(`${path.relative(ROOT, dist) || "."}: gzip -9 sizes`);
  for (const group of ["first visit", "worker", "on demand", "later"]) {
    for (const r of m.rows.filter((r) => r.group === group)) {
      console.log(`  ${group.padEnd(12)} ${kb(r.gzip).padStart(10)} ${kb(r.raw).padStart(10)} raw  ${r.file}`);
    }
  }
  for (const p of m.parts) {
    console.log(
      `  part ${p.part.padEnd(10)} ${kb(p.own + p.sheet + p.shared).padStart(10)} when first opened: its file ${kb(p.own)} + its style sheet ${kb(p.sheet)} + its ${p.chunks} shared chunks in ${p.packs} packs ${kb(p.shared)}`,
    );
  }
  const dialogs = m.parts.find((p) => p.part === "dialogs");
  console.log(
    `first visit ${kb(m.firstVisit)} over the wire in ${m.firstVisitFiles.length} responses, the newcomer's welcome and the headers included (budget ${kb(BUDGET.firstVisit)}); worker ${kb(m.worker)} (budget ${kb(BUDGET.worker)}); ` +
      (dialogs ? `the play screen's dialogs, at the first touch ${kb(dialogs.own + dialogs.sheet + dialogs.shared)}; ` : "") +
      `on demand ${kb(m.onDemand)}; later ${kb(m.later)}`,
  );
  if (budget) {
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
