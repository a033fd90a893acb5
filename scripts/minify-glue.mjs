// Shrinks wasm-bindgen's JavaScript glue and the wasm's import names for the download (issue
// 13), in a release build (scripts/build-app.mjs for the app, scripts/build.mjs for the
// search worker):
//
//   import { shrinkGlue } from "./minify-glue.mjs";
//   const { js, wasm } = await shrinkGlue({ js, wasm, from: "./app_bg.js", module: true });
//
// 1. Import names. wasm-bindgen names each function the wasm imports from its glue after the
//    Rust binding and a hash (`__wbg_addEventListener_847fd86b8c33ec43`): 257 of them in the
//    app, each written twice, once in the wasm's import section and once as the key of the
//    glue's imports object, and a hash is 16 hex digits gzip cannot compress. Each import from
//    the glue's module `from` is renamed to a short name (a, b, ... aa, ab, ...) in both files.
//    Only those names change: the exports (which the parts loaded on demand link to), the
//    imports from other modules (`__wasm_split.js`) and the code stay as they are.
// 2. The glue itself, by terser (npm, pinned): whitespace, comments and local names. `module`:
//    an ES module (its exports keep their names); otherwise a classic script, whose top-level
//    names (the worker's `wasm_bindgen`) are kept.
import { minify } from "terser";
import { readImport, readLeb, rewriteSection, writeLeb as leb } from "./wasm-bytes.mjs";

/** The `i`-th short name: a valid identifier, never a keyword (two letters at most here). */
function shortName(i) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let name = "";
  for (i += 1; i > 0; i = Math.floor((i - 1) / letters.length)) {
    name = letters[(i - 1) % letters.length] + name;
  }
  // Two-letter keywords and reserved words would only matter unquoted, but stay clear of them.
  return ["do", "if", "in"].includes(name) ? `${name}$` : name;
}

const utf8 = (s) => [...Buffer.from(s, "utf8")];

/**
 * Renames the function imports of `wasm` from module `from` to short names; returns the new
 * bytes and the names, old -> new. Every other byte of the module is kept as it is.
 */
export function renameImports(wasm, from) {
  const names = new Map();
  // The import section: (module, name, kind, description) for each import.
  const out = rewriteSection(wasm, 2, (bytes, start, end) => {
    const section = [];
    let [count, p] = readLeb(bytes, start);
    section.push(...leb(count));
    for (; count > 0; count--) {
      const { module, name, kind, desc, end: next } = readImport(bytes, p);
      let renamed = name;
      if (module === from && kind === 0) {
        if (names.has(name)) throw new Error(`import ${name} twice`);
        renamed = shortName(names.size);
        names.set(name, renamed);
      }
      section.push(...leb(utf8(module).length), ...utf8(module), ...leb(utf8(renamed).length), ...utf8(renamed));
      section.push(...bytes.subarray(desc, next));
      p = next;
    }
    if (p !== end) throw new Error("the import section did not parse to its end");
    return section;
  });
  return { wasm: out, names };
}

/**
 * The glue `js` and its `wasm`, both smaller: imports from `from` renamed in both (every one
 * must be a key in `js`), then `js` minified. `module`: `js` is an ES module.
 */
export async function shrinkGlue({ js, wasm, from, module }) {
  const renamed = renameImports(wasm, from);
  for (const [old, short] of renamed.names) {
    const key = new RegExp(`(?<![\\w$])${old.replace(/\$/g, "\\$")}(?=\\s*:)`, "g");
    const found = js.match(key)?.length ?? 0;
    if (found !== 1) throw new Error(`the glue names import ${old} ${found} times as a key, not once`);
    js = js.replace(key, short);
    if (js.includes(old)) throw new Error(`the glue names import ${old} other than as its key`);
  }
  return { js: await minifyJs(js, { module }), wasm: renamed.wasm };
}

/** `js` minified by terser; `module`: an ES module (its imports and exports keep their names). */
async function minifyJs(js, { module }) {
  const min = await minify(js, {
    module,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  if (!min.code) throw new Error("terser returned no code");
  return min.code;
}
