// Search speed, browser against native, on the same positions at the same fixed depth:
// the shipped search worker driven through its protocol (tests/e2e/worker-page.mjs: each
// position from a fresh searcher, headless Chromium) and
// `toguz bestmove --position <p> --depth N` (the native CLI, same 16 MB table, fresh searcher).
//
// As a command (with dist/ served at E2E_BASE_URL and the release CLI at TOGUZ_CLI):
//   node tests/e2e/nps.mjs [depth] [runs]
// prints the best of `runs` for each position and the ratio. tests/e2e/worker-nps.test.mjs
// uses the same functions to check that both searches visit exactly the same nodes.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "./board-page.mjs";
import { openWorkerPage, search } from "./worker-page.mjs";

/** The middlegames of the engine's bench set (`BENCH_POSITIONS` 3, 6, 10 and 16). */
export const BENCH_MIDDLEGAMES = [
  "1,1,1,5,6,3,2,3,16/1,6,4,6,1,5,3,17,17 46/18 -/- b",
  "4,15,1,15,5,3,2,15,4/15,3,4,14,14,3,0,5,2 24/14 -/- b",
  "0,3,6,7,1,4,17,1,3/1,3,6,18,5,1,14,4,2 32/34 -/- w",
  "12,2,11,11,1,4,3,14,4/14,4,14,14,4,0,13,1,2 24/10 -/- b",
];

/** One run in the worker: [{position, depth, best, nodes, ms, nps}], each from a fresh searcher. */
export async function browserBench(browser, depth) {
  const { page, errors } = await openWorkerPage(browser);
  try {
    const lines = [];
    for (const position of BENCH_MIDDLEGAMES) {
      const { final } = await search(page, position, { kind: "analyse", depth }, true, 300_000);
      if (final.type !== "done") throw new Error(`${position}: ${JSON.stringify(final)}`);
      const { nodes, elapsed_ms: ms, best } = final.report;
      lines.push({ position, depth: final.report.depth, best, nodes, ms, nps: Math.round((nodes * 1000) / ms) });
    }
    if (errors.length) throw new Error(errors.join("\n"));
    return lines;
  } finally {
    await page.close();
  }
}

/** The native CLI on the same positions: [{position, depth, best, nodes, nps}]. */
export function nativeBench(positions, depth) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  return positions.map((position) => {
    const line = execFileSync(bin, ["bestmove", "--position", position, "--depth", String(depth)], {
      encoding: "utf8",
    });
    const field = (name) => line.match(new RegExp(`\\b${name} (\\S+)`))[1];
    return {
      position,
      depth: Number(field("depth")),
      best: Number(field("bestmove")),
      nodes: Number(field("nodes")),
      nps: Number(field("nps")),
    };
  });
}

/** Total nodes over total time, from per-position nodes and nodes per second. */
export function totalNps(lines) {
  const nodes = lines.reduce((s, l) => s + l.nodes, 0);
  const seconds = lines.reduce((s, l) => s + l.nodes / l.nps, 0);
  return Math.round(nodes / seconds);
}

/** For each position, the run with the highest nodes per second. */
function bestOf(runs) {
  return runs[0].map((_, i) => runs.map((r) => r[i]).reduce((a, b) => (b.nps > a.nps ? b : a)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const depth = Number(process.argv[2] ?? 14);
  const runs = Number(process.argv[3] ?? 3);
  const browser = await launchBrowser();
  const wasmRuns = [];
  const nativeRuns = [];
  // Interleaved, so that a busy machine slows both alike.
  for (let r = 0; r < runs; r++) {
    const wasm = await browserBench(browser, depth);
    wasmRuns.push(wasm);
    nativeRuns.push(nativeBench(wasm.map((l) => l.position), depth));
  }
  await browser.close();
  const wasm = bestOf(wasmRuns);
  const native = bestOf(nativeRuns);
  console.log(`depth ${depth}, best of ${runs} runs; nodes per second:`);
  console.log("position".padEnd(62), "nodes".padStart(9), "wasm".padStart(9), "native".padStart(9), "ratio");
  wasm.forEach((w, i) => {
    const n = native[i];
    const same = w.nodes === n.nodes ? "" : ` (native ${n.nodes} nodes!)`;
    console.log(
      w.position.padEnd(62),
      String(w.nodes).padStart(9),
      String(w.nps).padStart(9),
      String(n.nps).padStart(9),
      `${((100 * w.nps) / n.nps).toFixed(0)}%${same}`,
    );
  });
  const [tw, tn] = [totalNps(wasm), totalNps(native)];
  console.log("total".padEnd(72), String(tw).padStart(9), String(tn).padStart(9), `${((100 * tw) / tn).toFixed(0)}%`);
}
