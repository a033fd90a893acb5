// The release build's own shape, read from dist/ without a browser: the parts' loader
// (scripts/compact-loader.mjs) names every part and chunk the build wrote, and index.html ships
// without the template's comments. That the parts load and run is what the screens' tests
// check in the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { compactLoader, readLoader } from "../../scripts/compact-loader.mjs";

const DIST = path.resolve(process.env.E2E_SUBPATH_DIST ?? "dist");
const files = readdirSync(DIST);
const loader = readFileSync(path.join(DIST, files.find((f) => /^__wasm_split-.*\.js$/.test(f))), "utf8");

test("the parts' loader names every part and chunk of the build, and nothing else", () => {
  const parts = readLoader(loader);
  const partFiles = files.filter((f) => /^split_.*\.wasm$/.test(f)).sort();
  assert.deepEqual(parts.map((p) => p.file).sort(), partFiles);
  for (const p of parts) {
    assert.ok(p.file.startsWith(`split_${p.part}-`), `${p.part} loads ${p.file}`);
    for (const n of p.chunks) {
      assert.ok(loader.includes(`"chunk_${n}-`), `${p.part}'s chunk ${n} has no file in the loader`);
    }
  }
  const chunkFiles = files.filter((f) => /^chunk_\d+-[0-9a-f]+\.wasm$/.test(f));
  for (const f of chunkFiles) assert.ok(loader.includes(`"${f.replace(/\.wasm$/, "")}"`), `${f} is not in the loader`);
  assert.ok(parts.length >= 9, `only ${parts.length} parts`);
});

test("the compact loader reads wasm-split's form block by block and refuses another", async () => {
  const head = [
    'import { initSync } from "./app.js";',
    "function getSharedImports() {}",
    "function wrapAsyncCb(callee) { return callee; }",
    "function makeLoad(fetcher, deps) {",
    "    const loader = async () => {",
    "        const parallelStuff = deps.map(d => d());",
    "        const instantiate = fetcher();",
    "        await Promise.all(parallelStuff);",
    "        return instantiate(getSharedImports());",
    "    };",
    "    return loader;",
    "}",
    "",
  ].join("\n");
  const block = (name, file, deps, part) =>
    `${part ? "export " : ""}const ${name} = ${part ? "wrapAsyncCb(" : ""}makeLoad(() => {\n` +
    `    const src = fetch(new URL("./${file}.wasm", import.meta.url));\n` +
    "    src.catch(() => {});\n" +
    "    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));\n" +
    `}\n, [${deps}])${part ? ")" : ""};\n`;
  const text =
    head +
    "/* a, b */\n" +
    block("__chunk_3", "chunk_3-0a1b", "") +
    block("__wasm_split_load_a", "split_a-99ff", "__chunk_3", true) +
    block("__wasm_split_load_b", "split_b-1234", "", true);
  const parts = [
    { part: "a", file: "split_a-99ff.wasm", chunks: [3] },
    { part: "b", file: "split_b-1234.wasm", chunks: [] },
  ];
  // wasm-split's own form (a debug build) reads as the same parts as the compact one.
  assert.deepEqual(readLoader(text), parts);
  const js = await compactLoader(text);
  assert.deepEqual(readLoader(js), parts);
  assert.ok(js.includes('"chunk_3-0a1b"'));
  // A part's load waits for all its chunks' loads to settle before it fails (so Retry never
  // joins a chunk's fetch still on its way), and a makeLoad of another form fails the build.
  // (The loader is minified: names differ, the calls stay.)
  assert.match(js, /await Promise\.allSettled\(\w+\)\)if\("rejected"===\w+\.status\)throw \w+\.reason/);
  assert.ok(!js.includes("Promise.all("), "a part's load still fails at its first chunk's failure");
  // Each file is compiled from its bytes (off the main thread), not streamed.
  assert.match(js, /WebAssembly\.instantiate\(await\(await \w+\)\.arrayBuffer\(\),\w+\)/);
  assert.ok(!js.includes("instantiateStreaming"), "a part's file is still streamed");
  await assert.rejects(compactLoader(text.replace("await Promise.all(parallelStuff);", "await parallelStuff;")), /no Promise.all/);
  // A block whose body is not wasm-split's (here a different fetch) fails the build.
  await assert.rejects(compactLoader(text.replace('const src = fetch(new URL("./split_b', 'const src = get(new URL("./split_b')));
});

test("index.html ships without the template's comments", () => {
  const html = readFileSync(path.join(DIST, "index.html"), "utf8");
  assert.ok(!html.includes("<!--"), "a comment is left in index.html");
  assert.match(html, /<div class="shell" id="shell"/);
});
