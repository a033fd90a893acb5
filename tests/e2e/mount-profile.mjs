// Where the start-up's main-thread time goes, by function: a CPU profile (Chromium's Profiler
// domain) of a cold load in a fresh context, Lighthouse's phone, no CPU slowdown, as a first
// visit (the welcome opens) or with --returning:
//
//   node tests/e2e/mount-profile.mjs [runs] [--returning]      (FOCUS=<regex> of a function)
//
// with a build served at E2E_BASE_URL. A shipped build has no function names; for a build
// with them (docs/BENCHMARKS.md, "Start-up"): after `trunk build --release`, run wasm-bindgen
// `--target=web --keep-lld-exports --no-typescript --out-name=app` on
// target/wasm-split/release-app/app.wasm into the app folder of a copy of dist/, copy the parts
// and chunks of target/wasm-split/release-app/ beside it and its __wasm_split.js after
// scripts/hooks/settle-prelude.js, and remove the `integrity` attributes from its index.html.
//
// Prints, averaged over the runs: the inclusive time of the app's functions and components,
// the functions just below FOCUS (default `mount_to_body`, the mount's task) with their
// leaves, and the self time of every function. A benchmark, not a test.
import { BASE_URL, LIGHTHOUSE_PHONE, launchBrowser } from "./board-page.mjs";

const RUNS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const returning = process.argv.includes("--returning");
const FOCUS = new RegExp(process.env.FOCUS ?? "mount_to_body");
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

const inclusive = new Map();
const own = new Map();
const below = new Map();
const leaves = new Map();
const browser = await launchBrowser();
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ ...LIGHTHOUSE_PHONE, serviceWorkers: "block", firstVisit: !returning });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
  await cdp.send("Profiler.start");
  await page.goto(BASE_URL);
  await page.locator('[data-testid="house-w-1"][data-count]').waitFor();
  if (!returning) await page.getByTestId("welcome-dialog").waitFor();
  const { profile } = await cdp.send("Profiler.stop");
  await context.close();

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id) => nodes.get(id).callFrame.functionName || "(anonymous)";
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) stack.push(name(id));
    add(own, stack[0], ms);
    for (const f of new Set(stack)) add(inclusive, f, ms);
    const at = stack.findIndex((f) => FOCUS.test(f));
    if (at >= 0) {
      add(below, at > 0 ? stack[at - 1] : "(its own)", ms);
      add(leaves, stack[0], ms);
    }
  }
}
await browser.close();

const show = (title, map, n, filter = () => true) => {
  console.log(`== ${title}`);
  for (const [f, ms] of [...map].filter(([f]) => filter(f)).sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${(ms / RUNS).toFixed(1).padStart(8)} ms  ${f.slice(0, 160)}`);
  }
};
show("inclusive: the app's functions and components", inclusive, 40, (f) => /toguz_app|^app::|component|mount/.test(f));
show(`just below ${FOCUS.source}`, below, 20);
show(`leaves under ${FOCUS.source}`, leaves, 20);
show("self", own, 30);
