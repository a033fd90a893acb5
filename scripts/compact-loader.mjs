// The parts' loader (`__wasm_split.js`, written by wasm-split-cli) made compact for the first
// visit's download (issue 13), in a release build (scripts/build-app.mjs):
//
//   import { compactLoader, readLoader } from "./compact-loader.mjs";
//   const link = await compactLoader(text);   // after the files' hashed names are in `text`
//   readLoader(link)   // -> [{ part, file, chunks: [n, ...] }] (scripts/size.mjs; either form)
//
// wasm-split writes one block of six lines per part and per shared chunk, the same but for the
// file's name and the chunks it needs: 70 blocks, 22 KB, 2.7 KB gzip. Here its first lines
// (the shared imports, `wrapAsyncCb`, `makeLoad`) stay as they are, and the blocks become one
// function `F` (a file's fetch and instantiation, the blocks' common body), a table `C` of the
// chunks by number and one line per part:
//
//   const C = { 10: makeLoad(F("chunk_10-<hash>"), []), ... };
//   export const __wasm_split_load_ai = P("split_ai-<hash>", [10, 11, 12, 13, 14]);
//
// where `P(f, d)` is `wrapAsyncCb(makeLoad(F(f), d.map((n) => C[n])))`: what each export was
// (but `F` compiles a file from its bytes, where wasm-split's blocks stream it).
// Then terser minifies it (the exports keep their names). The loader's text must have the form
// read here, block by block, or the build fails: a new wasm-split is then read again by hand.
import { minify } from "terser";

const BLOCK =
  /^(?:\/\*[^*\n]*\*\/\n)?(export )?const (__chunk_(\d+)|__wasm_split_load_(\w+)) = (wrapAsyncCb\()?makeLoad\(\(\) => \{\n {4}const src = fetch\(new URL\("\.\/([\w-]+)\.wasm", import\.meta\.url\)\);\n {4}src\.catch\(\(\) => \{\}\);\n {4}return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\n\}\n, \[([\w, ]*)\]\)\)?;\n/;

/** The items of a comma-separated list (`"a, b"`, `"1,2"`, `""`), trimmed. */
const list = (text) =>
  text
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);

/**
 * wasm-split's loader read block by block: its first lines (`head`), its chunks (number and
 * file, without `.wasm`) and its parts (name, file, and the numbers of the chunks each needs).
 * Throws on any block of another form.
 */
export function parseLoader(text) {
  const first = text.search(/^(?:\/\*[^*\n]*\*\/\n)?(?:export )?const (?:__chunk_\d+|__wasm_split_load_\w+) = /m);
  if (first < 0) throw new Error("__wasm_split.js: no part or chunk found");
  const head = text.slice(0, first);
  for (const name of ["function wrapAsyncCb(", "function makeLoad(fetcher, deps)", "function getSharedImports("]) {
    if (!head.includes(name)) throw new Error(`__wasm_split.js: its first lines have no ${name}`);
  }
  const chunks = [];
  const parts = [];
  let rest = text.slice(first);
  while (rest.length > 0) {
    const m = BLOCK.exec(rest);
    if (!m) throw new Error(`__wasm_split.js: a block of an unknown form: ${rest.slice(0, 200)}`);
    const [all, exported, , chunk, part, wrapped, file, deps] = m;
    const needs = list(deps).map((d) => {
      const n = /^__chunk_(\d+)$/.exec(d);
      if (!n) throw new Error(`__wasm_split.js: ${file} needs ${d}`);
      return Number(n[1]);
    });
    if (chunk !== undefined) {
      if (exported || wrapped || needs.length > 0) throw new Error(`__wasm_split.js: chunk ${chunk} is not a plain chunk`);
      if (!file.startsWith(`chunk_${chunk}-`)) throw new Error(`__wasm_split.js: chunk ${chunk} loads ${file}`);
      chunks.push({ n: Number(chunk), file });
    } else {
      if (!exported || !wrapped || !file.startsWith(`split_${part}-`)) {
        throw new Error(`__wasm_split.js: part ${part} has an unknown form`);
      }
      parts.push({ part, file, chunks: needs });
    }
    rest = rest.slice(all.length);
  }
  return { head, chunks, parts };
}

/** The loader's text, compact and minified (see above). */
export async function compactLoader(text) {
  const { head: loaderHead, chunks: chunkList, parts } = parseLoader(text);
  // A part's load fails once all its chunks' loads have settled, not at the first failure:
  // with Promise.all a chunk fetched offline could still be on its way when the part's load
  // had failed, and the player's Retry, online, joined it and failed again (issue 13: seen
  // once in the clean-clone check, pwa.test.mjs). A failed chunk's load is then forgotten
  // (makeLoad), so Retry fetches it anew.
  const all = "await Promise.all(parallelStuff);";
  if (!loaderHead.includes(all)) throw new Error("__wasm_split.js: makeLoad has no Promise.all of its chunks");
  const head = loaderHead.replace(
    all,
    "for (const s of await Promise.allSettled(parallelStuff)) if (s.status === \"rejected\") throw s.reason;",
  );
  // A file is compiled from its bytes, not as it streams in: V8 decodes a streamed module on
  // the page's main thread, chunk by chunk, and bytes on a background thread (the app's wasm
  // too: scripts/build-app.mjs). A part opens a screen or answers the first input, when the
  // page should stay responsive.
  const chunks = chunkList.map(({ n, file }) => `${n}: makeLoad(F(${JSON.stringify(file)}), [])`);
  const exports = parts.map(
    ({ part, file, chunks: needs }) => `export const __wasm_split_load_${part} = P(${JSON.stringify(file)}, [${needs.join(", ")}]);`,
  );
  if (exports.length === 0) throw new Error("__wasm_split.js: no part found");
  const compact = [
    head,
    "const F = (f) => () => {",
    "    const src = fetch(new URL(`./${f}.wasm`, import.meta.url));",
    "    src.catch(() => {});",
    "    return async (imports) => WebAssembly.instantiate(await (await src).arrayBuffer(), imports);",
    "};",
    `const C = { ${chunks.join(", ")} };`,
    "const P = (f, d) => wrapAsyncCb(makeLoad(F(f), d.map((n) => C[n])));",
    ...exports,
    "",
  ].join("\n");
  const min = await minify(compact, {
    module: true,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (!min.code) throw new Error("terser returned no code");
  const readBack = readLoader(min.code);
  if (JSON.stringify(readBack) !== JSON.stringify(parts.map((p) => ({ ...p, file: `${p.file}.wasm` })))) {
    throw new Error("__wasm_split.js: the minified loader does not read back as the parts it was made of");
  }
  return min.code;
}

/**
 * The parts a loader loads, in the compact form (a release build) or wasm-split's own (a debug
 * build): each one's name, file and the numbers of the chunks it needs.
 */
export function readLoader(js) {
  const out = [];
  for (const m of js.matchAll(/export const __wasm_split_load_(\w+)\s*=\s*[\w$]+\("([\w-]+)",\s*\[([\d,\s]*)\]\)/g)) {
    out.push({ part: m[1], file: `${m[2]}.wasm`, chunks: list(m[3]).map(Number) });
  }
  if (out.length > 0) return out;
  return parseLoader(js).parts.map((p) => ({ ...p, file: `${p.file}.wasm` }));
}
