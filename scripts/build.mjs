// Builds the whole app into dist/: what `trunk build` did, without Trunk (issue 18: installing
// Trunk took 5 min 16 s of a fresh machine's check, and its own step 18 s; everything it did
// here is a copy, a hash or a tool run that this script does with the same tools).
//
//   node scripts/build.mjs [--debug] [--dist DIR]
//
// index.html is the template. Its build links (`<link data-build rel=...>`) say what to do:
//   rel="icon" href=F          F copied under a content-hashed name, linked with its integrity;
//   rel="copy-file" href=F     F copied to the top of the build;
//   rel="copy-dir" href=D      D copied with its name (D's last segment);
//   rel="css" href=F           the sheets, in order, inlined (the app shell's first paint waits
//                              for index.html alone): each run of consecutive ones as one <style>
//                              element, minified by lightningcss in a release build;
//   rel="css-part" data-part=P href=F
//                              the sheet of part P's screens, loaded on demand (issue 13):
//                              minified into split_P-<hash>.css (precached by the service worker
//                              like every file), and in its place in the cascade a
//                              <meta name="part-style" data-part=P content=URL> before which the
//                              app links it when the part loads (src/platform/style_sheets.rs);
//   rel="worker" data-bin=B    the search worker: cargo, wasm-bindgen (no-modules, for
//                              importScripts), wasm-opt -O3, its glue minified
//                              (scripts/minify-glue.mjs), and B_loader.js that starts it;
// and the `<!-- @app -->` marker is where the app's start-up goes (scripts/build-app.mjs: the
// app split by wasm-split into the parts loaded on demand). `<base data-build-public-url>` becomes
// `<base href="./">`: every URL is relative, so the same dist/ works under any sub-path.
// Then scripts/post-build.mjs stamps the CSP hashes and the service worker's file list.
//
// The build goes to a staging folder and replaces DIR (default dist/) only when it succeeded.
// --debug: cargo's dev profile and no wasm-opt (scripts/serve.sh --debug).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "lightningcss";
import { buildApp, contentHash, sri, STRIP } from "./build-app.mjs";
import { dropStreamClasses } from "./drop-stream-classes.mjs";
import { shrinkGlue } from "./minify-glue.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TARGET = "wasm32-unknown-unknown";
// cargo's target directory (scripts/check.sh gives the release build its own, so that it runs
// beside the tests' builds instead of waiting for cargo's lock on target/).
const TARGET_DIR = path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target");

const opts = { debug: false, dist: path.join(ROOT, "dist") };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === "--debug") opts.debug = true;
  else if (a === "--dist") opts.dist = path.resolve(process.argv[++i]);
  else {
    console.error(`unknown argument ${a}\nusage: node scripts/build.mjs [--debug] [--dist DIR]`);
    process.exit(2);
  }
}
const profile = opts.debug ? "debug" : "release";
const started = performance.now();
const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
const attr = (tag, name) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];

const stage = path.join(TARGET_DIR, "build-staging");
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });

let html = readFileSync(path.join(ROOT, "index.html"), "utf8");
const links = [...html.matchAll(/<link data-build\b[^>]*>/g)].map((m) => m[0]);
const workers = links.filter((l) => attr(l, "rel") === "worker").map((l) => attr(l, "data-bin"));

// 1. Both wasm binaries in one cargo run: their (single-threaded) LTO links run side by side.
// build.rs links the app with --emit-relocs for wasm-split. The workspace's crates are compiled
// through clippy (its driver as cargo's workspace wrapper, unless one is set): the build that
// ships is linted (scripts/check.sh sets CLIPPY_ARGS to deny warnings; its tests' build has only
// the library's test configuration), and it is the same build whoever runs it (the wrapper
// takes part in cargo's hashes: without it, the same code came out a few hundred bytes apart).
const cargoEnv = { ...process.env, RUSTC_WORKSPACE_WRAPPER: process.env.RUSTC_WORKSPACE_WRAPPER ?? "clippy-driver" };
execFileSync("cargo", [
  "build",
  "--locked",
  ...(opts.debug ? [] : ["--release"]),
  "--target",
  TARGET,
  "--bin",
  "app",
  ...workers.flatMap((b) => ["--bin", b]),
], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: cargoEnv });

// 2. The build links, in order.
// Minified in a release build (lightningcss, npm): 14.2 -> 9.7 KB gzip of the first visit when
// every sheet was inlined, and a third less for the browser to parse.
const minify = (css, filename) =>
  opts.debug ? css : transform({ filename, code: Buffer.from(css), minify: true }).code.toString();
const styleRuns = []; // the inlined sheets, a run of consecutive `rel="css"` links each
let styleRun = null;
for (const link of links) {
  const rel = attr(link, "rel");
  const href = attr(link, "href");
  let out = "";
  if (rel !== "css") styleRun = null;
  if (rel === "icon") {
    const bytes = readFileSync(path.join(ROOT, href));
    const ext = path.extname(href);
    const name = `${path.basename(href, ext)}-${contentHash(bytes)}${ext}`;
    writeFileSync(path.join(stage, name), bytes);
    const type = attr(link, "type");
    out = `<link rel="icon" href="./${name}"${type ? ` type="${type}"` : ""} integrity="${sri(bytes)}"/>`;
  } else if (rel === "copy-file") {
    cpSync(path.join(ROOT, href), path.join(stage, path.basename(href)));
  } else if (rel === "copy-dir") {
    cpSync(path.join(ROOT, href), path.join(stage, path.basename(href)), { recursive: true });
  } else if (rel === "css") {
    if (!styleRun) {
      styleRun = [];
      out = `<!-- @styles ${styleRuns.length} -->`;
      styleRuns.push(styleRun);
    }
    styleRun.push(readFileSync(path.join(ROOT, href), "utf8").trim());
  } else if (rel === "css-part") {
    const part = attr(link, "data-part");
    const css = minify(readFileSync(path.join(ROOT, href), "utf8").trim(), path.basename(href));
    const name = `split_${part}-${contentHash(css)}.css`;
    writeFileSync(path.join(stage, name), css);
    out = `<meta name="part-style" data-part="${part}" content="./${name}" />`;
  } else if (rel === "worker") {
    await buildWorker(attr(link, "data-bin"));
  } else {
    throw new Error(`index.html: unknown build link ${link}`);
  }
  html = html.replace(link, () => out);
}
styleRuns.forEach((run, i) => {
  const css = minify(run.join("\n"), "index.css");
  html = html.replace(`<!-- @styles ${i} -->`, () => `<style>\n${css}\n</style>`);
});
html = html.replace(/<base data-build-public-url\s*\/?>/, '<base href="./" />');
// The shell's name of the app, in each language: `app_title` of locales/<lang>/common.json.
const names = Object.fromEntries(
  readdirSync(path.join(ROOT, "locales"))
    .sort()
    .map((lang) => [lang, JSON.parse(readFileSync(path.join(ROOT, "locales", lang, "common.json"), "utf8")).app_title]),
);
if (!html.includes("/* @app-names */")) throw new Error("index.html has no /* @app-names */ marker");
html = html.replace("/* @app-names */", () => JSON.stringify(names));
html = html.replace(/\n[ \t]*(?=\n)/g, ""); // the lines of the links that leave nothing
// `<img data-build-inline src="<svg>">`: the image in the page, as a data: URL (the shell's
// mark, issue 13: painted with the first paint, no request; the svg without its comments and
// the white space between its tags).
html = html.replace(/<img\b[^>]*\bdata-build-inline\b[^>]*>/g, (img) => {
  const src = img.match(/\ssrc="([^"]+\.svg)"/)?.[1];
  if (!src) throw new Error(`index.html: ${img} inlines no .svg`);
  const svg = readFileSync(path.join(ROOT, src), "utf8")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim();
  if (/['&]/.test(svg)) throw new Error(`${src}: holds ' or &`);
  // A data: URL's body keeps its < > and spaces (an opaque path); # would start a fragment
  // and ? a query, and % starts an escape.
  const url = `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[%#?]/g, encodeURIComponent)}`;
  return img.replace(/\s*data-build-inline\b/, "").replace(/\ssrc="[^"]+"/, () => ` src="${url}"`);
});

// 3. The app (split in parts) and its start-up, then the CSP and the service worker's list.
const startUp = await buildApp({ dir: stage, release: !opts.debug, targetDir: TARGET_DIR });
const marker = /<!-- @app[^>]*-->/;
if (!marker.test(html)) throw new Error("index.html has no <!-- @app --> marker");
html = html.replace(marker, () => startUp);
// The template's comments (for its readers) and indentation out of the page (issue 13: 1 KB
// gzip of the first visit). A newline stays wherever there was white space, so the document
// has the same white-space text nodes; no script or style has a comment of this form.
for (const block of html.match(/<(script|style)\b[\s\S]*?<\/\1>/g) ?? []) {
  if (block.includes("<!--")) throw new Error("index.html: a script or style holds <!--");
}
html = html.replace(/<!--[\s\S]*?-->/g, "").replace(/\n\s+/g, "\n");
writeFileSync(path.join(stage, "index.html"), html);
run("node", [path.join(ROOT, "scripts/post-build.mjs"), stage]);

rmSync(opts.dist, { recursive: true, force: true });
renameSync(stage, opts.dist);
console.log(`build: ${path.relative(ROOT, opts.dist) || "."} (${profile}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** The search worker: wasm-bindgen for importScripts, wasm-opt, and the loader the app starts. */
async function buildWorker(bin) {
  const wasm = path.join(TARGET_DIR, TARGET, profile, `${bin}.wasm`);
  if (!existsSync(wasm)) throw new Error(`${wasm} is missing`);
  run("wasm-bindgen", ["--target=no-modules", "--no-typescript", `--out-dir=${stage}`, `--out-name=${bin}`, wasm]);
  {
    // wasm-streams' exported classes out (scripts/drop-stream-classes.mjs), before wasm-opt.
    const glue = path.join(stage, `${bin}.js`);
    const bg = path.join(stage, `${bin}_bg.wasm`);
    const out = dropStreamClasses({ js: readFileSync(glue, "utf8"), wasm: readFileSync(bg) });
    writeFileSync(glue, out.js);
    writeFileSync(bg, out.wasm);
  }
  if (!opts.debug) {
    const out = path.join(stage, `${bin}_bg.wasm`);
    run("wasm-opt", ["-O3", ...STRIP, `--output=${out}`, out]);
    // Its glue's import names shortened and the glue minified, as the app's (scripts/minify-glue.mjs).
    const glue = path.join(stage, `${bin}.js`);
    const { js, wasm } = await shrinkGlue({
      js: readFileSync(glue, "utf8"),
      wasm: readFileSync(out),
      from: `./${bin}_bg.js`,
      module: false,
    });
    writeFileSync(glue, js);
    writeFileSync(out, wasm);
  }
  writeFileSync(
    path.join(stage, `${bin}_loader.js`),
    `importScripts("./${bin}.js");wasm_bindgen({ module_or_path: "./${bin}_bg.wasm" });`,
  );
}
