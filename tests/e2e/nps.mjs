// Search speed, browser against native, on the same positions at the same fixed depth:
// the app's `?bench=nps` page (the search in the Web Worker, headless Chromium) and
// `toguz bestmove --position <p> --depth N` (the native CLI, same 16 MB table, fresh searcher).
//
// As a command (with dist/ served at E2E_BASE_URL and the release CLI at TOGUZ_CLI):
//   node tests/e2e/nps.mjs [depth] [runs]
// prints the best of `runs` for each position and the ratio. tests/e2e/worker-nps.test.mjs
// uses the same functions to check that both searches visit exactly the same nodes.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { BASE_URL, launchBrowser } from "./board-page.mjs";

/** One run of the `?bench=nps` page: [{position, depth, best, nodes, ms, nps}]. */
export async function browserBench(browser, depth) {
  const page = await browser.newPage();
  try {
    await page.goto(`${BASE_URL}?bench=nps&depth=${depth}`);
    const result = page.locator('[data-testid="nps-result"][data-done="true"]');
    await result.waitFor({ timeout: 300_000 });
    return JSON.parse(await result.getAttribute("data-results"));
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
