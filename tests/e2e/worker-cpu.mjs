// The search worker's speed by CPU time, not by the clock: a built worker (worker.js and
// worker_bg.wasm of a dist/) run in Node's V8 (Chromium's engine) through its JSON protocol, on
// the middlegames of tests/e2e/nps.mjs, each search from a fresh table. The clock swings with the
// other builds on a shared machine; the CPU time of this one thread much less, so two builds
// compare (run them interleaved) where `nps.mjs` cannot tell them apart. The time includes
// clearing the 16 MB table, the same few milliseconds in every build.
//
//   node tests/e2e/worker-cpu.mjs [dist] [depth] [runs]     (defaults: dist 14 2)
// prints, for each position, its nodes and the best CPU seconds of `runs`, then the total.
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { BENCH_MIDDLEGAMES } from "./nps.mjs";

const [dir = "dist", depth = "14", runs = "2"] = process.argv.slice(2);

// The worker's global scope, as much of it as the worker uses: its message handler, postMessage
// and performance.
let onmessage = null;
let reply = null;
globalThis.self = globalThis;
Object.defineProperty(globalThis, "onmessage", {
  set: (f) => (onmessage = f),
  get: () => onmessage,
});
globalThis.postMessage = (text) => (reply = JSON.parse(text));
vm.runInThisContext(`${readFileSync(path.join(dir, "worker.js"), "utf8")}\n;globalThis.wasm_bindgen = wasm_bindgen;`);
await globalThis.wasm_bindgen({ module_or_path: readFileSync(path.join(dir, "worker_bg.wasm")) });

let id = 1;
let [nodes, seconds] = [0, 0];
for (const position of BENCH_MIDDLEGAMES) {
  let best = Infinity;
  for (let r = 0; r < Number(runs); r++) {
    const request = { id: id++, position, task: { kind: "analyse", depth: Number(depth) }, new_game: true };
    const before = process.cpuUsage();
    onmessage({ data: JSON.stringify(request) });
    const used = process.cpuUsage(before);
    if (reply?.type !== "done") throw new Error(`${position}: ${JSON.stringify(reply)}`);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  console.log(position.padEnd(62), String(reply.report.nodes).padStart(9), `${best.toFixed(3)} s`);
  nodes += reply.report.nodes;
  seconds += best;
}
console.log(`total ${nodes} nodes, ${Math.round(nodes / seconds)} nodes per CPU second`);
