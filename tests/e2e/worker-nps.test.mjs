// The shipped search worker visits exactly the nodes of the native search on the same
// positions and depth (so their speeds compare like for like), and reports its speed. The speed itself is measured by `node tests/e2e/nps.mjs` (docs/BENCHMARKS.md).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser } from "./board-page.mjs";
import { browserBench, nativeBench, totalNps } from "./nps.mjs";

const DEPTH = 11;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test(`bench in the worker: the same nodes and moves as the native search at depth ${DEPTH}`, async () => {
  const wasm = await browserBench(browser, DEPTH);
  assert.equal(wasm.length, 4);
  const native = nativeBench(
    wasm.map((l) => l.position),
    DEPTH,
  );
  for (const [i, w] of wasm.entries()) {
    const n = native[i];
    assert.equal(w.depth, DEPTH);
    assert.equal(w.nodes, n.nodes, `nodes of ${w.position}`);
    assert.equal(w.best, n.best, `move of ${w.position}`);
    assert.ok(w.nps > 0);
  }
  const [tw, tn] = [totalNps(wasm), totalNps(native)];
  console.log(`depth ${DEPTH}: wasm ${tw} nps, native ${tn} nps (${((100 * tw) / tn).toFixed(0)}%, one short run)`);
});
