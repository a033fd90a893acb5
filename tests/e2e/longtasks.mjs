// The start-up's long tasks on the main thread (what Lighthouse's Total Blocking Time adds up),
// from a Chromium trace of a cold load with the CPU 4x slower (Lighthouse's mobile
// emulation), in a fresh context (no service worker), as a first visit (the welcome dialog
// opens) or with --returning (a returning player: no dialog):
//
//   node tests/e2e/longtasks.mjs [runs] [--returning] [--lighthouse] [--sw]
//
// with dist/ served at E2E_BASE_URL (scripts/serve-gzip.mjs serves it as a static host does).
// Each run prints every task over 50 ms with what took its time, and the sum of their parts
// over 50 ms after the first contentful paint (the blocking time, as Lighthouse counts it,
// though on a real 4x slower CPU, not its simulation); then the median of that sum. Playwright's
// own scripts show up as EvaluateScript tasks. A benchmark, not a test: figures vary with the
// machine's load.
//
// --sw: the service worker allowed (blocked by default), as on a player's first visit and in
// Lighthouse's runs, where its install runs beside the start (see tests/e2e/frame.mjs).
//
// --lighthouse: the trace Lighthouse 12 takes and what its simulation (Lantern) makes of it.
// Lighthouse loads the page with the CPU not slowed, in its phone emulation (412 x 823 at 1.75
// device pixels), and records its trace categories, which include the JavaScript stack of every
// style and layout invalidation (`devtools.timeline.stack`, `timeline.invalidationTracking`):
// the page's tasks take longer than without them. Lantern then keeps the tasks of 10 ms or more
// and multiplies each by 4, or by 2 when it holds a layout (its `layoutTaskMultiplier`: a task
// split so that its layout goes elsewhere counts twice as much for its script). The run prints
// every task of 10 ms or more with that estimate, the blocking time after the first paint
// from it, and the style invalidations the page scheduled.
import { BASE_URL, LIGHTHOUSE_PHONE, SIZES, launchBrowser, viewport } from "./board-page.mjs";

const RUNS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const returning = process.argv.includes("--returning");
const lighthouse = process.argv.includes("--lighthouse");
const serviceWorkers = process.argv.includes("--sw") ? "allow" : "block";
// Lighthouse 12.2.3's (core/gather/gatherers/trace.js, getDefaultTraceCategories).
const LIGHTHOUSE_CATEGORIES = [
  "disabled-by-default-lighthouse",
  "loading",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "blink.console",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.screenshot",
  "disabled-by-default-devtools.timeline.stack",
  "disabled-by-default-devtools.timeline.frame",
  "latencyInfo",
  "disabled-by-default-devtools.timeline.invalidationTracking",
];
const CATEGORIES = lighthouse
  ? LIGHTHOUSE_CATEGORIES
  : ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "loading"];
// Lighthouse's phone, or a phone in portrait.
const DEVICE = lighthouse ? LIGHTHOUSE_PHONE : { viewport: viewport(SIZES.phone) };
const LONG_MS = lighthouse ? 10 : 50;

const browser = await launchBrowser();
const blocking = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({
    ...DEVICE,
    serviceWorkers,
    firstVisit: !returning,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: lighthouse ? 1 : 4 });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(BASE_URL);
  await page.getByTestId("board").waitFor();
  // The trace's window: the load and the two seconds after it, as measured (not a state).
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
    if (e.dur > LONG_MS * 1000) tasks.push(e);
  }
  // Total Blocking Time counts the tasks after the first contentful paint (the shell's).
  const fcp = traceEvents.find((e) => e.name === "firstContentfulPaint" && pids.has(e.pid))?.ts ?? 0;
  let sum = 0;
  console.log(`run ${i + 1}: first contentful paint at ${((fcp - (tasks[0]?.ts ?? fcp)) / 1000).toFixed(0)} ms`);
  for (const task of tasks) {
    const parts = new Map();
    for (const e of slices) {
      if (e !== task && e.name !== "ThreadControllerImpl::RunTask" && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur) {
        parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur);
      }
    }
    const top = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
      .join(", ");
    const counted = task.ts >= fcp;
    // Lantern's estimate: 4x, or 2x for a task that laid the page out.
    const layout = parts.has("Layout");
    const ms = lighthouse ? (task.dur / 1000) * (layout ? 2 : 4) : task.dur / 1000;
    if (counted) sum += Math.max(0, ms - 50);
    const estimate = lighthouse ? ` (Lantern x${layout ? 2 : 4}: ${ms.toFixed(0)} ms)` : "";
    console.log(
      `  task ${(task.dur / 1000).toFixed(0)} ms${estimate} at ${((task.ts - tasks[0].ts) / 1000).toFixed(0)} ms${counted ? "" : " (before it)"}: ${top}`,
    );
  }
  if (lighthouse) {
    const invalidations = traceEvents.filter((e) => e.name === "ScheduleStyleInvalidationTracking" && pids.has(e.pid));
    console.log(`  style invalidations scheduled: ${invalidations.length}`);
  }
  console.log(`  blocking time after the first contentful paint ${sum.toFixed(0)} ms${lighthouse ? " (Lantern's estimate)" : ""}`);
  blocking.push(sum);
}
await browser.close();
blocking.sort((a, b) => a - b);
const how = lighthouse ? "as Lighthouse traces it, Lantern's estimate" : "CPU 4x slower";
console.log(
  `${returning ? "returning player" : "first visit"}, ${how}: blocking time median ${blocking[Math.floor(RUNS / 2)].toFixed(0)} ms ` +
    `(best ${blocking[0].toFixed(0)}) over ${RUNS} runs`,
);
