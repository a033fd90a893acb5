// Drops wasm-streams' exported classes from a wasm-bindgen output (issue 13), before wasm-opt.
//
// Leptos 0.8 always depends on server_fn, whose browser client links the crate wasm-streams,
// and wasm-streams exports three classes to JavaScript (`IntoUnderlyingSource`,
// `IntoUnderlyingSink`, `IntoUnderlyingByteSource`: Rust streams as JS streams). An export is
// kept whatever the code calls, so every binary carried them, their glue and all they reach
// (wasm-streams' futures, `future_to_promise`), though the app has no server and never makes a
// stream. Here their exports leave the wasm's export section and their classes the glue; then
// wasm-opt drops the code nothing reaches any more. Fails rather than leave half of them.

import { readLeb, readName, rewriteSection, writeLeb } from "./wasm-bytes.mjs";

const NAME = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;
const CLASSES = ["IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource"];

/** The wasm without the exports whose names `drop` accepts; the names dropped. */
export function dropExports(wasm, drop) {
  const dropped = [];
  // The export section: (name, kind, index) for each export.
  const out = rewriteSection(wasm, 7, (bytes, start, end) => {
    let [count, p] = readLeb(bytes, start);
    const kept = [];
    for (; count > 0; count--) {
      const [name, kind] = readName(bytes, p);
      const [, next] = readLeb(bytes, kind + 1);
      if (drop(name)) dropped.push(name);
      else kept.push(bytes.subarray(p, next));
      p = next;
    }
    if (p !== end) throw new Error("the export section did not parse to its end");
    return Buffer.concat([Buffer.from(writeLeb(kept.length)), ...kept]);
  });
  return { wasm: out, dropped };
}

/**
 * Removes the three classes from wasm-bindgen's glue (`--target web`: `export class X {..}`;
 * `no-modules`, indented in its closure: `class X {..}` and `exports.X = X;`) and their
 * finalization registries.
 */
export function dropClasses(js) {
  for (const c of CLASSES) {
    const head = new RegExp(`^ *(export )?class ${c} \\{$`, "m").exec(js);
    const dispose = new RegExp(
      `^ *if \\(Symbol\\.dispose\\) ${c}\\.prototype\\[Symbol\\.dispose\\] = ${c}\\.prototype\\.free;\\n`,
      "m",
    ).exec(js.slice(head ? head.index : 0));
    if (!head || !dispose) throw new Error(`the glue's class ${c} is not where expected`);
    js = js.slice(0, head.index) + js.slice(head.index + dispose.index + dispose[0].length);
    js = js.replace(new RegExp(`^ *exports\\.${c} = ${c};\\n`, "m"), "");
    const registry = new RegExp(
      `^ *const ${c}Finalization = \\(typeof FinalizationRegistry === 'undefined'\\)\\n[^\\n]*\\n[^\\n]*;\\n`,
      "m",
    );
    if (!registry.test(js)) throw new Error(`the glue's ${c}Finalization is not where expected`);
    js = js.replace(registry, "");
  }
  if (/intounderlying/i.test(js)) throw new Error("the glue still names wasm-streams' classes");
  return js;
}

/** Both at once: the glue and its wasm without wasm-streams' classes. */
export function dropStreamClasses({ js, wasm }) {
  const out = dropExports(wasm, (name) => NAME.test(name));
  if (out.dropped.length === 0) throw new Error("no wasm-streams export found to drop");
  return { js: dropClasses(js), wasm: out.wasm };
}
