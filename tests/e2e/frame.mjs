// The start-up's longest frame, as a player's browser lives it: no trace, no CPU slowdown. A
// cold load in a fresh context (no service worker) at Lighthouse's phone size, as a first visit
// (the welcome dialog opens) or with --returning; the page's own Long Animation Frames API
// reports the longest frame (the mount is in it) and what it spent:
//
//   node tests/e2e/frame.mjs [rounds] [--returning] [--sw] [URL ...]
//
// --sw: the service worker allowed, as on a player's first visit and in Lighthouse's runs: its
// install (precaching the build) then runs beside the start (registered inside the
// mount, it doubled the mount's task in Lighthouse's traces, which the tools, blocking service
// workers, did not show).
// with each URL a served dist/ (scripts/serve-gzip.mjs), E2E_BASE_URL by default. Several URLs
// are loaded in turn, round after round, so that two builds meet the same load of the machine.
// Per URL it prints the medians and the best of:
// - frame: the longest animation frame, from its first task's start to its paint;
// - script: the scripts' time in it (the wasm's mount and the JavaScript around it);
// - forced: the style and layout that script forced (a dialog's showModal, a focus);
// - render: the frame's rendering after its tasks (style, layout, paint);
// - task: the longest task (over 50 ms only: 0 when every task was shorter).
// A benchmark, not a test. A Chromium trace (tests/e2e/longtasks.mjs, Lighthouse) costs the
// page time at every DOM change it records, so its tasks are longer than these: on the shared build
// host, 115-145 ms traced against 66-75 ms untraced for the same mount. Use this one to
// see what a change saves players, in 30 rounds or more: a median moves by 5 ms between runs.
import { BASE_URL, LIGHTHOUSE_PHONE, launchBrowser } from "./board-page.mjs";

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10);
const returning = process.argv.includes("--returning");
const serviceWorkers = process.argv.includes("--sw") ? "allow" : "block";
const urls = process.argv.slice(2).filter((a) => /^https?:/.test(a));
if (urls.length === 0) urls.push(BASE_URL);

const browser = await launchBrowser();
const figures = new Map(urls.map((url) => [url, []]));
for (let round = 0; round < rounds; round++) {
  for (const url of urls) {
    const context = await browser.newContext({
      ...LIGHTHOUSE_PHONE,
      serviceWorkers,
      firstVisit: !returning,
    });
    await context.addInitScript(() => {
      window.__frames = [];
      window.__tasks = [];
      new PerformanceObserver((list) => window.__frames.push(...list.getEntries().map((e) => e.toJSON()))).observe({
        type: "long-animation-frame",
        buffered: true,
      });
      new PerformanceObserver((list) => window.__tasks.push(...list.getEntries().map((e) => e.duration))).observe({
        type: "longtask",
        buffered: true,
      });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId("board").waitFor();
    // The window in which the frames are recorded, as measured (not a state).
    await page.waitForTimeout(500);
    const { frames, tasks } = await page.evaluate(() => ({ frames: window.__frames, tasks: window.__tasks }));
    await context.close();
    const frame = frames.sort((a, b) => b.duration - a.duration)[0];
    const end = frame ? frame.startTime + frame.duration : 0;
    const sum = (key) => (frame?.scripts ?? []).reduce((total, s) => total + s[key], 0);
    figures.get(url).push({
      frame: frame?.duration ?? 0,
      script: sum("duration"),
      forced: sum("forcedStyleAndLayoutDuration"),
      render: frame?.renderStart ? end - frame.renderStart : 0,
      task: Math.max(0, ...tasks),
    });
  }
}
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`${returning ? "returning player" : "first visit"}, ${rounds} rounds, medians (best), ms:`);
for (const [url, runs] of figures) {
  const parts = ["frame", "script", "forced", "render", "task"].map((key) => {
    const values = runs.map((r) => r[key]);
    return `${key} ${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)})`;
  });
  console.log(`${url}  ${parts.join("  ")}`);
}
