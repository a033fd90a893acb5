// The order of the chunk packs (scripts/hooks/app.mjs, PACK_ORDER), searched on a release
// build: each part's first opening in gzip KB (its file and every pack holding one of its
// chunks, beyond the four packs the play screen has fetched) for the build's order, then for
// the order a greedy search finds, appending each time the part that makes the weighted sum
// smallest. What a part needs is the loader's (size.mjs's readLoader); the chunks' bytes are
// read back from the build's packs, so any order can be tried without a rebuild.
//
//   node scripts/pack-order.mjs [--dist DIR]
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readLoader } from "./size.mjs";

/** The play screen's parts, fetched as the player begins: first in any order. */
const FIRST = ["ai", "reader", "dialogs", "settings"];
/** How much a screen's first opening counts: the tutorial is a newcomer's next screen. */
const WEIGHT = { tutorial: 3, prompts: 2, editor: 2, puzzles: 2, library: 2, review: 2, train: 2 };

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--dist");
const dist = at > 0 ? path.resolve(process.argv[at + 1]) : path.join(root, "dist");
const app = readdirSync(dist).find((f) => /^app-[0-9a-f]+$/.test(f));
const dir = path.join(dist, app);
const parts = readLoader(readFileSync(path.join(dir, "__wasm_split.js"), "utf8"));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

const chunk = new Map();
const builtPacks = new Map();
for (const file of readdirSync(dir).filter((f) => /^chunks-[a-z]+\.bin$/.test(f))) {
  const b = readFileSync(path.join(dir, file));
  const count = b.readUInt32LE(0);
  for (let i = 0, offset = 4 + 8 * count; i < count; i++) {
    const length = b.readUInt32LE(8 + 8 * i);
    const name = `chunk_${b.readUInt32LE(4 + 8 * i)}.wasm`;
    chunk.set(name, b.subarray(offset, offset + length));
    builtPacks.set(name, file.slice("chunks-".length, -".bin".length));
    offset += length;
  }
}
const own = new Map(parts.map((p) => [p.part, gz(readFileSync(path.join(dir, p.file)))]));

/** A chunk's pack with the packs of `order`: the first part that needs it, else "rest". */
function packsOf(order) {
  const packOf = new Map();
  for (const name of order) for (const c of parts.find((p) => p.part === name).chunks) if (!packOf.has(c)) packOf.set(c, name);
  return new Map([...chunk.keys()].map((c) => [c, packOf.get(c) ?? "rest"]));
}

/** Each part's first opening (bytes) with the chunks in the packs `packOf`, and the weighted sum. */
function cost(packOf) {
  const lists = new Map();
  for (const [c, bytes] of chunk) {
    const pack = packOf.get(c);
    lists.set(pack, [...(lists.get(pack) ?? []), bytes]);
  }
  const size = new Map([...lists].map(([pack, list]) => [pack, gz(Buffer.concat(list))]));
  const each = new Map();
  for (const p of parts) {
    const packs = new Set(p.chunks.map((c) => packOf.get(c)));
    let bytes = own.get(p.part);
    for (const pack of packs) if (!FIRST.includes(pack)) bytes += size.get(pack);
    each.set(p.part, bytes);
  }
  const sum = [...each].reduce((s, [part, bytes]) => s + (WEIGHT[part] ?? 1) * bytes, 0);
  return { each, sum };
}

const kb = (n) => (n / 1024).toFixed(0);
const show = (label, packOf) => {
  const { each, sum } = cost(packOf);
  console.log(`${label}\n  weighted sum ${kb(sum)} KB; ${[...each].sort().map(([p, b]) => `${p} ${kb(b)}`).join(", ")}`);
};

show("this build's packs", builtPacks);
show("the play screen's four, then rest", packsOf(FIRST));
const order = [...FIRST];
let left = parts.map((p) => p.part).filter((p) => !FIRST.includes(p));
while (left.length) {
  let best;
  for (const p of left) {
    const { sum } = cost(packsOf([...order, p]));
    if (!best || sum < best.sum) best = { p, sum };
  }
  order.push(best.p);
  left = left.filter((p) => p !== best.p);
}
show(`greedy: ${order.slice(FIRST.length).join(", ")}`, packsOf(order));
