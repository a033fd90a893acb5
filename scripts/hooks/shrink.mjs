// Shrinks a wasm-bindgen output in a release build: the app's (scripts/hooks/app.mjs) and the
// search worker's (scripts/hooks/finish.mjs). Two maintained tools, one step each:
//
// 1. terser minifies the JavaScript glue and mangles the keys of its imports object: the names
//    wasm-bindgen gives the wasm's imports, each a Rust binding and a 16-digit hash
//    (`__wbg_addEventListener_847fd86b8c33ec43`), which gzip cannot compress. Its name cache says
//    which short name each got.
// 2. crates/wasm-trim (walrus) gives the wasm's imports the same names, and, in the app, removes
//    the exports of wasm-streams' three classes (Leptos links the crate; this app never makes a
//    stream) with all that only they reached.
//
// Measured on the first visit: the import names 4.2 KB of wasm and about 3 KB of glue (gzip),
// wasm-streams' exports 1.8 KB; on the worker, the import names 1.0 and 0.7 KB.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { minify } from "terser";

/** The import names wasm-bindgen writes: a binding's name, then a hash. */
const IMPORT_NAME = /^__wb(g|indgen)_\w*_[0-9a-f]{16}$/;
/** The exports of wasm-streams' classes. */
const STREAM_EXPORTS = ["intounderlying", "__wbg_intounderlying"];

/**
 * Shrinks `js` (the glue) and `wasm` (its module) in place. `from`: the module name the wasm
 * imports the glue's functions from; `module`: the glue is an ES module (else a classic script,
 * whose top-level names stay); `root`: the workspace, where cargo runs the tool; `streams`: the
 * module links wasm-streams (through Leptos), whose exports are dropped.
 */
export async function shrink({ js, wasm, from, module, root, streams }) {
  const nameCache = {};
  const min = await minify(readFileSync(js, "utf8"), {
    module,
    ecma: 2020,
    compress: { passes: 2 },
    mangle: { properties: { regex: IMPORT_NAME } },
    nameCache,
    format: { comments: false },
  });
  writeFileSync(js, min.code);
  const names = Object.fromEntries(
    Object.entries(nameCache.props?.props ?? {}).map(([old, short]) => [old.replace(/^\$/, ""), short]),
  );
  if (Object.keys(names).length === 0) throw new Error(`${js}: terser renamed no import`);
  const namesFile = `${wasm}.names.json`;
  writeFileSync(namesFile, JSON.stringify(names));
  execFileSync(
    "cargo",
    [
      "run",
      "--quiet",
      "--locked",
      "-p",
      "toguz-wasm-trim",
      "--",
      wasm,
      wasm,
      "--module",
      from,
      "--rename",
      namesFile,
      ...(streams ? STREAM_EXPORTS : []).flatMap((p) => ["--drop-exports", p]),
    ],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
  );
  rmSync(namesFile);
  return { renamed: Object.keys(names).length, file: path.basename(wasm) };
}
