// Drops wasm-streams' exported classes from a wasm-bindgen output (issue 13), before wasm-opt.
//
// Leptos 0.8 always depends on server_fn, whose browser client links the crate wasm-streams,
// and wasm-streams exports three classes to JavaScript (`IntoUnderlyingSource`,
// `IntoUnderlyingSink`, `IntoUnderlyingByteSource`: Rust streams as JS streams). An export is
// kept whatever the code calls, so every binary carried them, their glue and all they reach
// (wasm-streams' futures, `future_to_promise`), though the app has no server and never makes a
// stream. Here their exports leave the wasm's export section and their classes the glue; then
// wasm-opt drops the code nothing reaches any more. Fails rather than leave half of them.

const NAME = /^(__wbg_)?intounderlying(bytesource|sink|source)_/;
const CLASSES = ["IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource"];

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

function encodeLeb(value) {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
}

/** The wasm without the exports whose names `drop` accepts; the names dropped. */
export function dropExports(wasm, drop) {
  const bytes = new Uint8Array(wasm);
  const out = [bytes.subarray(0, 8)];
  const dropped = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = leb(bytes, at + 1);
    const end = body + size;
    if (id !== 7) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    let [count, p] = leb(bytes, body);
    const kept = [];
    for (let i = 0; i < count; i++) {
      const start = p;
      const [len, nameAt] = leb(bytes, p);
      const name = new TextDecoder().decode(bytes.subarray(nameAt, nameAt + len));
      [, p] = leb(bytes, nameAt + len + 1); // kind, then index
      if (drop(name)) dropped.push(name);
      else kept.push(bytes.subarray(start, p));
    }
    const content = [...encodeLeb(kept.length)];
    for (const k of kept) content.push(...k);
    out.push(Uint8Array.of(7, ...encodeLeb(content.length), ...content));
    at = end;
  }
  return { wasm: Buffer.concat(out), dropped };
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
