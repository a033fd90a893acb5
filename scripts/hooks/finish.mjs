// Trunk `post_build` hook (Trunk.toml), the build's last step, over the staging dir:
//
// 0. In a release build, the search worker's glue and wasm are shrunk as the app's are
//    (scripts/hooks/shrink.mjs).
// 1. index.html gets the app's start-up in place of its skipped Rust link: module preloads of
//    the app's glue and parts' loader, a preload of its wasm, and the module that starts it
//    (the files scripts/hooks/app.mjs built into app-<hash>/, listed in its `.app.json`). The
//    wasm is compiled from its bytes (WebAssembly.instantiate), not as it streams in: V8 decodes
//    a streamed module on the page's main thread, chunk by chunk, and a module from its bytes
//    on a background thread. A failed fetch gives init() the response, which it reports.
//    Each part's style sheet meta points at its file in that folder.
// 2. The Content-Security-Policy meta gets the sha256 of each inline script (the start-up, the
//    shell's) in script-src and of each style element (the inlined sheets) in style-src-elem,
//    so that no 'unsafe-inline' is needed: Trunk knows nothing of the page's policy. A debug
//    build admits inline scripts, for `trunk serve`'s reload script.
// 3. sw.js gets the list of every file of the build and a build id hashing all of them
//    (index.html and the search worker's unhashed files included), so that any change to the
//    build is an update of the service worker.
//
// Idempotent over a finished build: `node scripts/hooks/finish.mjs DIR` stamps DIR again
// (the service worker's update test makes a second version from a copy of dist/ that way).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { shrink } from "./shrink.mjs";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("usage: node scripts/hooks/finish.mjs DIR (or as a Trunk hook)");
const sha = (algo, data, encoding) => createHash(algo).update(data).digest(encoding);
// 0. The search worker, which Trunk built: its glue's import names (scripts/hooks/shrink.mjs),
// as the app hook does for the app. It links no Leptos, so no wasm-streams exports to drop.
if (process.env.TRUNK_PROFILE === "release") {
  const root = path.dirname(process.env.TRUNK_HTML_FILE);
  await shrink({ js: path.join(dir, "worker.js"), wasm: path.join(dir, "worker_bg.wasm"), from: "./worker_bg.js", module: false, root, streams: false });
}

// The page is edited in place, element by element (node-html-parser finds them and their
// ranges): the rest of Trunk's minified page is kept byte for byte.
const indexPath = path.join(dir, "index.html");
const html = readFileSync(indexPath, "utf8");
const doc = parse(html, { comment: false });
const edits = []; // [start, end, text]
const replace = (element, text) => edits.push([...element.range, text]);
const scripts = doc.querySelectorAll("script:not([src])").map((s) => s.rawText);

// 1. the app's start-up
const appJson = path.join(dir, ".app.json");
if (existsSync(appJson)) {
  const app = JSON.parse(readFileSync(appJson, "utf8"));
  rmSync(appJson);
  const url = (file) => `./${app.dir}/${file}`;
  const integrity = (file) => `sha384-${sha("sha384", readFileSync(path.join(dir, app.dir, file)), "base64")}`;
  const link = doc.querySelector('link[rel="rust"][data-bin="app"]');
  if (!link) throw new Error("index.html has no <link rel=rust data-bin=app> for the app's start-up");
  const start =
    `import init from '${url(app.js)}';` +
    `await init({ module_or_path: fetch('${url(app.wasm)}').then((r) => r.ok ? r.arrayBuffer() : r) });`;
  scripts.push(start);
  replace(
    link,
    `<link rel="modulepreload" href="${url(app.js)}" crossorigin="anonymous" integrity="${integrity(app.js)}">` +
      `<link rel="modulepreload" href="${url(app.loader)}" crossorigin="anonymous" integrity="${integrity(app.loader)}">` +
      `<link rel="preload" href="${url(app.wasm)}" crossorigin="anonymous" as="fetch" type="application/wasm">` +
      `<script type="module">${start}</script>`,
  );
  for (const meta of doc.querySelectorAll('meta[name="part-style"]')) {
    const part = meta.getAttribute("data-part");
    replace(meta, `<meta name="part-style" data-part="${part}" content="${url(`${part}.css`)}">`);
  }
}

// 1b. Trunk inlines each sheet as its own style element, and each would need its own hash in
// the policy below: a run of style elements with only white space between them becomes one
// element holding their texts in the same order (the same cascade). Runs are kept apart where
// something stands between them (the parts' style metas, before which a part's sheet goes).
const styles = doc.querySelectorAll("style");
const styleTexts = [];
for (let i = 0; i < styles.length; ) {
  let j = i + 1;
  while (j < styles.length && html.slice(styles[j - 1].range[1], styles[j].range[0]).trim() === "") j++;
  const text = styles.slice(i, j).map((s) => s.rawText).join("");
  styleTexts.push(text);
  if (j > i + 1) {
    edits.push([styles[i].range[0], styles[j - 1].range[1], `<style>${text}</style>`]);
  }
  i = j;
}

// 2. the Content-Security-Policy
const debug = process.env.TRUNK_PROFILE === "debug";
const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
if (!csp) throw new Error("index.html has no Content-Security-Policy meta tag");
const hashes = {
  "script-src": scripts,
  "style-src-elem": styleTexts,
};
const policy = csp
  .getAttribute("content")
  .split(";")
  .map((d) => d.trim().split(/\s+/))
  .filter((words) => words[0])
  .map((words) => {
    if (!(words[0] in hashes)) return words.join(" ");
    // `trunk serve` writes its reload script into the page as it serves it, with the server's
    // address: no hash made here could match it, so a debug build admits inline scripts.
    if (debug && words[0] === "script-src") return [...words.filter((w) => !w.startsWith("'sha256-")), "'unsafe-inline'"].join(" ");
    const kept = words.filter((w) => !w.startsWith("'sha256-"));
    const added = hashes[words[0]].map((text) => `'sha256-${sha("sha256", text, "base64")}'`);
    return [...kept, ...new Set(added)].join(" ");
  });
replace(csp, `<meta http-equiv="Content-Security-Policy" content="${policy.join("; ")}">`);
let out = html;
for (const [start, end, text] of edits.sort((x, y) => y[0] - x[0])) out = out.slice(0, start) + text + out.slice(end);
writeFileSync(indexPath, out);

// 3. the service worker's precache list and build id
/** Every file under `root`, as sorted paths relative to it with `/` separators. */
function filesUnder(root, prefix = "") {
  return readdirSync(path.join(root, prefix), { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? filesUnder(root, rel) : [rel];
    })
    .sort();
}
const SW = "sw.js";
const files = filesUnder(dir).filter((f) => f !== SW);
const build = createHash("sha256");
for (const file of files) build.update(`${file}\0${sha("sha256", readFileSync(path.join(dir, file)), "hex")}\n`);
const id = build.digest("hex").slice(0, 16);
const swPath = path.join(dir, SW);
const sw = readFileSync(swPath, "utf8");
const stamp = /^const BUILD = .*; \/\/ @build.*$/m;
if (!stamp.test(sw)) throw new Error(`${SW} has no "const BUILD = ...; // @build" line`);
writeFileSync(
  swPath,
  sw.replace(stamp, () => `const BUILD = ${JSON.stringify({ id, files })}; // @build: stamped by scripts/hooks/finish.mjs`),
);
console.log(`finish hook: ${SW} build ${id}, ${files.length} files precached; CSP: ${hashes["script-src"].length} script and ${hashes["style-src-elem"].length} style hashes`);
