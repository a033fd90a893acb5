// Finishes the PWA files of a build in place (run by scripts/build.mjs, last):
//
//   node scripts/post-build.mjs DIR
//
// 1. index.html: adds the sha256 of each inline <script> (the app's start-up module, written by
//    scripts/build-app.mjs) to the script-src of the Content-Security-Policy meta tag, and of
//    each <style> element (the style sheets inlined by scripts/build.mjs; the parts' own are
//    files, admitted by 'self') to its style-src-elem, so that no 'unsafe-inline' is needed.
// 2. sw.js: stamps the list of every file of the build and a build id hashing all of them
//    (index.html and the AI worker's unhashed files included), so any change to the build is
//    an update of the service worker.
//
// Idempotent: running it again over a finished dist/ re-stamps it (the e2e update test uses
// this to make a second version from a copy of dist/).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/post-build.mjs DIR");
  process.exit(2);
}
const SW = "sw.js";
const sha256 = (data, encoding) => createHash("sha256").update(data).digest(encoding);

const indexPath = path.join(dir, "index.html");
let html = readFileSync(indexPath, "utf8");

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
  `post-build: ${SW} build ${id}, ${files.length} files precached; ` +
    `CSP: ${inline.length} inline script and ${styles.length} style hash(es)`,
);
