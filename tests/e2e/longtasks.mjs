// The start-up's long tasks on the main thread (what Lighthouse's Total Blocking Time adds up),
// from a Chromium trace of a cold load with the CPU 4x slower (Lighthouse's mobile
// emulation), in a fresh context (no service worker), as a first visit (the welcome dialog
// opens) or with --returning (a returning player: no dialog):
//
//   node tests/e2e/longtasks.mjs [runs] [--returning]
//
// with dist/ served at E2E_BASE_URL (scripts/serve-gzip.mjs serves it as a static host does).
// Each run prints every task over 50 ms with what took its time, and the sum of their parts
// over 50 ms after the first contentful paint (the blocking time, as Lighthouse counts it,
// though on a real 4x slower CPU, not its simulation); then the median of that sum. Playwright's
// own scripts show up as EvaluateScript tasks. A benchmark, not a test: figures vary with the
// machine's load.
import { BASE_URL, launchBrowser } from "./board-page.mjs";

const RUNS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const returning = process.argv.includes("--returning");
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading"];

const browser = await launchBrowser();
const blocking = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: "block",
    firstVisit: !returning,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(BASE_URL);
  await page.getByTestId("board").waitFor();
  await page.waitForTimeout(2000);
  const { traceEvents } = JSON.parse(await browser.stopTracing());
  await context.close();

  // The page's renderer (the process of its main frame, as the trace names it at the start or
  // at the navigation) and its main thread: its top-level tasks, and what ran inside them.
  const pids = new Set();
  for (const e of traceEvents) {
    for (const f of e.args?.data?.frames ?? []) if (!f.parent && f.processId) pids.add(f.processId);
    if (e.name === "CommitLoad" && e.args?.data?.isMainFrame) pids.add(e.pid);
  }
  const main = new Set(
    traceEvents
      .filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain" && pids.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const slices = traceEvents.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`));
  const runs = slices.filter((e) => e.name === "RunTask").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let end = 0;
  for (const e of runs) {
    if (e.ts < end) continue; // nested in the task before
    end = e.ts + e.dur;
    if (e.dur > 50_000) tasks.push(e);
  }
  // Total Blocking Time counts the tasks after the first contentful paint (the shell's).
  const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint" && pids.has(e.pid))?.ts ?? 0;
  let sum = 0;
  console.log(`run ${i + 1}: first contentful paint at ${((fcp - (tasks[0]?.ts ?? fcp)) / 1000).toFixed(0)} ms`);
  for (const task of tasks) {
    const parts = new Map();
    for (const e of slices) {
      if (e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur) parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur);
    }
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
      .join(", ");
    const counted = task.ts >= fcp;
    if (counted) sum += task.dur / 1000 - 50;
    console.log(`  task ${(task.dur / 1000).toFixed(0)} ms at ${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms${counted ? "" : " (before it)"}: ${top}`);
  }
  console.log(`  blocking time after the first contentful paint ${sum.toFixed(0)} ms`);
  blocking.push(sum);
}
await browser.close();
blocking.sort((a, b) => a - b);
console.log(
  `${returning ? "returning player" : "first visit"}, CPU 4x slower: blocking time median ${blocking[Math.floor(RUNS / 2)].toFixed(0)} ms ` +
    `(best ${blocking[0].toFixed(0)}) over ${RUNS} runs`,
);
