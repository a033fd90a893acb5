// The release build's own shape, read from dist/ without a browser: the parts' loader names
// every part and chunk the build wrote, index.html ships with the app's start-up and without the
// template's comments, and what the template holds by hand (the shell's mark and names) matches
// its sources. That the parts load and run is what the screens' tests check in the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { readLoader, readPack } from "../../scripts/size.mjs";

const DIST = path.resolve(process.env.E2E_SUBPATH_DIST ?? "dist");
const appDirs = readdirSync(DIST).filter((f) => /^app-[0-9a-f]{16}$/.test(f));
const APP = path.join(DIST, appDirs[0] ?? "app-missing");
const files = readdirSync(APP);
const loader = readFileSync(path.join(APP, "__wasm_split.js"), "utf8");

test("one app folder, and its loader names every part and chunk of the build, each chunk in one pack, and nothing else", () => {
  assert.equal(appDirs.length, 1, `app folders: ${appDirs}`);
  const parts = readLoader(loader);
  assert.deepEqual(parts.map((p) => p.file).sort(), files.filter((f) => /^split_.*\.wasm$/.test(f)).sort());
  assert.deepEqual(files.filter((f) => /^chunk_/.test(f)), [], "a chunk outside the packs");
  const packed = new Map();
  for (const pack of files.filter((f) => /^chunks-[a-z]+\.bin$/.test(f))) {
    for (const n of readPack(readFileSync(path.join(APP, pack)))) {
      assert.ok(!packed.has(`chunk_${n}.wasm`), `chunk_${n}.wasm in two packs`);
      packed.set(`chunk_${n}.wasm`, pack);
    }
  }
  for (const p of parts) {
    assert.equal(p.file, `split_${p.part}.wasm`);
    for (const c of p.chunks) assert.ok(packed.has(c), `${p.part} needs ${c}, in no pack`);
  }
  // The first touch's parts fetch no pack of another part's chunks: "ai" (with the worker)
  // only its own.
  const ai = parts.find((p) => p.part === "ai");
  assert.deepEqual([...new Set(ai.chunks.map((c) => packed.get(c)))], ["chunks-ai.bin"]);
  const needed = new Set(parts.flatMap((p) => p.chunks));
  for (const c of packed.keys()) assert.ok(needed.has(c), `${c} is needed by no part`);
  assert.ok(parts.length >= 9, `only ${parts.length} parts`);
  for (const part of ["library", "tutorial", "editor", "review", "puzzles", "prompts"]) {
    assert.ok(files.includes(`${part}.css`), `no style sheet for the part ${part}`);
  }
});

test("the loader's Promise.all waits for every chunk's load to settle before it fails", async () => {
  // The build puts scripts/hooks/settle-prelude.js before wasm-split's loader.
  assert.match(loader, /allSettled/, "the shipped loader has no settle prelude");
  const prelude = readFileSync("scripts/hooks/settle-prelude.js", "utf8");
  const Shadowed = new Function(`${prelude}\nreturn Promise;`)();
  const events = [];
  const slow = new globalThis.Promise((resolve) => setTimeout(() => resolve(events.push("slow settled")), 30));
  const fast = globalThis.Promise.reject(new Error("offline"));
  await assert.rejects(
    Shadowed.all([fast, slow]).finally(() => events.push("all failed")),
    /offline/,
  );
  assert.deepEqual(events, ["slow settled", "all failed"]);
  assert.deepEqual(await Shadowed.all([1, globalThis.Promise.resolve(2)]), [1, 2]);
});

test("index.html ships the app's start-up, without the template's comments or Trunk's links", () => {
  const html = readFileSync(path.join(DIST, "index.html"), "utf8");
  assert.ok(!html.includes("<!--"), "a comment is left in index.html");
  assert.ok(!/data-trunk|rel="?rust/.test(html), "a Trunk link is left in index.html");
  const doc = parse(html);
  assert.ok(doc.querySelector("#shell"), "no app shell");
  const app = appDirs[0];
  const start = doc.querySelectorAll("script").find((s) => s.rawText.includes(`./${app}/app.js`));
  assert.ok(start, "no start-up module");
  assert.equal(start.getAttribute("type"), "module");
  const preloads = doc.querySelectorAll('link[rel="modulepreload"]').map((l) => l.getAttribute("href"));
  assert.deepEqual(preloads, [`./${app}/app.js`, `./${app}/__wasm_split.js`]);
  const sheets = doc.querySelectorAll('meta[name="part-style"]').map((m) => m.getAttribute("content"));
  assert.ok(sheets.length >= 6 && sheets.every((s) => s.startsWith(`./${app}/`)), `part sheets ${sheets}`);
  // Every URL relative to the page (an unquoted value, as Trunk's minifier writes it).
  assert.match(html, /<base href=("\.\/"|\.\/)>/);
});

test("the template's shell: its mark is icon.svg and its names are the app's titles", () => {
  const doc = parse(readFileSync("index.html", "utf8"));
  const svg = readFileSync("public/icons/icon.svg", "utf8")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim();
  const src = doc.querySelector("img.shell__mark").getAttribute("src");
  assert.ok(src.startsWith("data:image/svg+xml,"));
  assert.equal(decodeURIComponent(src.slice("data:image/svg+xml,".length)).replaceAll("'", '"'), svg);
  const script = doc.querySelectorAll("script").find((s) => s.rawText.includes("shell-name")).rawText;
  const names = JSON.parse(script.match(/const names = (\{[^}]*\});/)[1]);
  const titles = Object.fromEntries(
    readdirSync("locales")
      .sort()
      .map((lang) => [lang, JSON.parse(readFileSync(path.join("locales", lang, "common.json"), "utf8")).app_title]),
  );
  assert.deepEqual(names, titles);
});
