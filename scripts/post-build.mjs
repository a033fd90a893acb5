// Trunk post_build hook (see Trunk.toml): finishes the PWA files of a build in place.
//
//   node scripts/post-build.mjs [DIR]     DIR defaults to $TRUNK_STAGING_DIR
//
// 0a. worker_loader.js and the wasm's preload link: nothing for the browser to warn about.
// 0b. index.html: the style sheets Trunk linked are inlined, in order, into one <style>
//    element, and their files leave the build: the first paint (the app shell) then waits for
//    index.html alone, not one more request per sheet.
// 1. index.html: adds the sha256 of each inline <script> (the app's start-up module, written by
//    scripts/build-app.mjs, and the live-reload script under `trunk serve`) to the script-src
//    of the Content-Security-Policy meta tag, and of the <style> element to its
//    style-src-elem, so that no 'unsafe-inline' is needed.
// 2. sw.js: stamps the list of every file of the build and a build id hashing all of them
//    (index.html and the AI worker's unhashed files included), so any change to the build is
//    an update of the service worker.
//
// Idempotent: running it again over a finished dist/ re-stamps it (the e2e update test uses
// this to make a second version from a copy of dist/).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error("usage: node scripts/post-build.mjs DIR (or run as a Trunk hook)");
  process.exit(2);
}
const SW = "sw.js";
const sha256 = (data, encoding) => createHash("sha256").update(data).digest(encoding);

// 0. What the browser would warn about at every load (issue 19):
// - Trunk's worker loader starts the worker's wasm with a bare path, a form wasm-bindgen
//   deprecates ("using deprecated parameters for the initialization function"): pass the object.
// - Trunk puts an integrity hash on the wasm's <link rel="preload" as="fetch">, which Chromium
//   ignores for that destination and says so: keep it on the module preload only.
const loaderPath = path.join(dir, "worker_loader.js");
const loader = readFileSync(loaderPath, "utf8");
writeFileSync(
  loaderPath,
  loader.replace(/wasm_bindgen\(("[^"]*")\)/, (_, url) => `wasm_bindgen({ module_or_path: ${url} })`),
);

// 0b. index.html
const indexPath = path.join(dir, "index.html");
let html = readFileSync(indexPath, "utf8");
html = html.replace(/<link rel="preload"[^>]*\bas="fetch"[^>]*>/g, (link) => link.replace(/ integrity="[^"]*"/, ""));
// index.html's style sheets, inlined
const sheetLink = /<link rel="stylesheet" href="(?:\.\/|[^"]*\/)?([^"/]+\.css)"[^>]*>\s*/g;
const sheets = [...html.matchAll(sheetLink)].map((m) => m[1]);
if (sheets.length > 0) {
  const css = sheets.map((f) => readFileSync(path.join(dir, f), "utf8").trim()).join("\n");
  let first = true;
  html = html.replace(sheetLink, () => {
    if (!first) return "";
    first = false;
    return `<style>\n${css}\n</style>\n    `;
  });
  for (const f of sheets) rmSync(path.join(dir, f));
}

// 1. index.html's Content-Security-Policy
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
  (m) => `'sha256-${sha256(m[1], "base64")}'`,
);
const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${sha256(m[1], "base64")}'`);
const csp = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/;
if (!csp.test(html)) throw new Error("index.html has no Content-Security-Policy meta tag");
html = html.replace(csp, (_, open, policy, close) => {
  const hashes = { "script-src": inline, "style-src-elem": styles };
  const directives = policy.split(";").map((d) => {
    const words = d.trim().split(/\s+/);
    if (!(words[0] in hashes)) return d.trim();
    const kept = words.filter((w) => !w.startsWith("'sha256-"));
    return [...kept, ...new Set(hashes[words[0]])].join(" ");
  });
  return open + directives.filter(Boolean).join("; ") + close;
});
writeFileSync(indexPath, html);

// 2. sw.js
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
const files = filesUnder(dir).filter((f) => f !== SW);
const build = createHash("sha256");
for (const file of files) build.update(`${file}\0${sha256(readFileSync(path.join(dir, file)), "hex")}\n`);
const id = build.digest("hex").slice(0, 16);

const swPath = path.join(dir, SW);
const sw = readFileSync(swPath, "utf8");
const stamp = /^const BUILD = .*; \/\/ @build.*$/m;
if (!stamp.test(sw)) throw new Error(`${SW} has no "const BUILD = ...; // @build" line`);
writeFileSync(
  swPath,
  sw.replace(stamp, `const BUILD = ${JSON.stringify({ id, files })}; // @build: stamped by scripts/post-build.mjs`),
);
console.log(
  `post-build: ${sheets.length} style sheet(s) inlined; ${SW} build ${id}, ${files.length} files precached; ` +
    `CSP: ${inline.length} inline script and ${styles.length} style hash(es)`,
);
