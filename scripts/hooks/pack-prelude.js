// Put before wasm-split's loader after `__chunk_packs`, `{ <pack>: [chunk numbers] }` for every
// pack but "rest" (scripts/hooks/app.mjs). The shared chunks come in a few pack files, not one
// request each: the loader fetches a chunk as `fetch(new URL("./chunk_<n>.wasm", import.meta.url))`, and
// this module-scoped `fetch` answers that with the chunk's bytes from its pack, fetched once, and
// leaves any other URL to the browser's. A pack starts with its index: a u32 count, then a
// (number, length) u32 pair per chunk, little-endian, then the chunks' bytes in that order. A
// pack that failed is forgotten once it has failed, so that Retry fetches it anew.
const __packs = new Map();
const __pack = (name) => {
  let load = __packs.get(name);
  if (!load) {
    load = globalThis.fetch(new URL(`./${name}`, import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((buffer) => {
        const view = new DataView(buffer);
        const count = view.getUint32(0, true);
        const chunks = new Map();
        for (let i = 0, offset = 4 + 8 * count; i < count; i++) {
          const length = view.getUint32(8 + 8 * i, true);
          chunks.set(view.getUint32(4 + 8 * i, true), buffer.slice(offset, offset + length));
          offset += length;
        }
        return chunks;
      });
    load.catch(() => {
      if (__packs.get(name) === load) __packs.delete(name);
    });
    __packs.set(name, load);
  }
  return load;
};
const __pack_of = new Map(Object.entries(__chunk_packs).flatMap(([pack, ns]) => ns.map((n) => [n, pack])));
const fetch = (url) => {
  const chunk = /\/chunk_(\d+)\.wasm$/.exec(String(url));
  if (!chunk) return globalThis.fetch(url);
  const n = Number(chunk[1]);
  return __pack(`chunks-${__pack_of.get(n) ?? "rest"}.bin`).then((chunks) => {
    if (!chunks.has(n)) throw new Error(`chunk_${n}.wasm is in no pack`);
    return new Response(chunks.get(n), { headers: { "content-type": "application/wasm" } });
  });
};
