// The search worker, driven through the test page `?test-ai` (window.__toguzAi, see
// src/ai/harness.rs): legal moves, a main thread that stays responsive during a 2 s Expert
// search, and cancel (terminate + respawn) without stale replies.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, launchBrowser, parsePosition } from "./board-page.mjs";

const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";
// Middlegames of the engine's bench set (Black and White to move).
const MIDDLEGAME_B = "4,15,1,15,5,3,2,15,4/15,3,4,14,14,3,0,5,2 24/14 -/- b";
const MIDDLEGAME_W = "0,3,6,7,1,4,17,1,3/1,3,6,18,5,1,14,4,2 32/34 -/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens the test page with a long-task observer installed before any script runs. */
async function openHarness() {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  page.on("response", (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${BASE_URL}?test-ai`);
  await page.waitForFunction(() => window.__toguzAi?.ready());
  return { page, errors };
}

/** Posts a request and resolves with its final reply (and every reply to it). */
async function search(page, position, task, newGame = false) {
  const id = await page.evaluate(([p, t, n]) => window.__toguzAi.request(p, t, n), [position, task, newGame]);
  await page.waitForFunction((id) => window.__toguzAi.log.some((r) => r.id === id && r.type !== "info"), id, {
    timeout: 20_000,
  });
  const replies = await page.evaluate((id) => window.__toguzAi.log.filter((r) => r.id === id), id);
  return { id, final: replies.at(-1), replies };
}

/** The houses the side to move may play: its non-empty houses. */
function legalHouses(position) {
  const p = parsePosition(position);
  const row = p.side === "w" ? p.houses.w : p.houses.b;
  return row.flatMap((n, i) => (n > 0 ? [i + 1] : []));
}

test("the worker answers with legal moves: start and middlegames, analysis and levels", async () => {
  const { page, errors } = await openHarness();
  const readyMs = await page.evaluate(() => window.__toguzAi.readyMs());
  console.log(`worker ready ${readyMs.toFixed(0)} ms after it was started`);
  for (const position of [START, MIDDLEGAME_B, MIDDLEGAME_W]) {
    const { final, replies } = await search(page, position, { kind: "analyse", depth: 8, info: true });
    assert.equal(final.type, "done", JSON.stringify(final));
    assert.ok(legalHouses(position).includes(final.report.best), `${final.report.best} in ${position}`);
    assert.equal(final.report.depth, 8);
    assert.equal(final.report.pv[0], final.report.best);
    assert.deepEqual(
      replies.filter((r) => r.type === "info").map((r) => r.report.depth),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
  }
  for (const level of ["easy", "medium", "hard"]) {
    const { final } = await search(page, MIDDLEGAME_W, { kind: "level", level, seed: 3 });
    assert.equal(final.type, "done", JSON.stringify(final));
    assert.ok(legalHouses(MIDDLEGAME_W).includes(final.report.best), `${level}: ${final.report.best}`);
  }
  const { final: bad } = await search(page, "not a position", { kind: "analyse", depth: 3 });
  assert.equal(bad.type, "error");
  assert.match(bad.message, /bad position/);
  assert.equal(await page.evaluate(() => window.__toguzAi.thinking()), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page stays responsive during a 2 s Expert search", async () => {
  const { page, errors } = await openHarness();
  // Count animation frames and the longest gap between two while the worker searches.
  const result = await page.evaluate(async (position) => {
    const ai = window.__toguzAi;
    const t0 = performance.now();
    const id = ai.request(position, { kind: "level", level: "expert", seed: 1 });
    let frames = 0;
    let maxGap = 0;
    let last = performance.now();
    await new Promise((resolve) => {
      const tick = (t) => {
        frames += 1;
        maxGap = Math.max(maxGap, t - last);
        last = t;
        if (ai.log.some((r) => r.id === id && r.type !== "info")) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const t1 = performance.now();
    const final = ai.log.find((r) => r.id === id && r.type !== "info");
    const longTasks = window.__longTasks.filter((e) => e.start >= t0 && e.start <= t1);
    return { ms: t1 - t0, frames, maxGap, final, longTasks };
  }, MIDDLEGAME_B);
  const fps = (result.frames * 1000) / result.ms;
  console.log(
    `expert: ${result.ms.toFixed(0)} ms, depth ${result.final.report.depth}, ` +
      `${result.final.report.nodes} nodes; ${result.frames} frames (${fps.toFixed(0)}/s), ` +
      `longest gap ${result.maxGap.toFixed(0)} ms, long tasks ${JSON.stringify(result.longTasks)}`,
  );
  assert.equal(result.final.type, "done");
  assert.ok(legalHouses(MIDDLEGAME_B).includes(result.final.report.best));
  assert.ok(result.ms >= 1900, `the Expert search took its time budget (${result.ms} ms)`);
  assert.ok(fps >= 20, `frames kept coming: ${fps.toFixed(1)} per second`);
  assert.ok(result.maxGap < 250, `no frame gap near a freeze: ${result.maxGap} ms`);
  assert.deepEqual(result.longTasks, [], "no main-thread task over 50 ms");
  assert.deepEqual(errors, []);
  await page.close();
});

test("cancel terminates the search, a new request is answered, the stale reply never comes", async () => {
  const { page, errors } = await openHarness();
  const run = await page.evaluate(
    async ([slow, fast]) => {
      const ai = window.__toguzAi;
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      const finalOf = (id) => ai.log.find((r) => r.id === id && r.type !== "info");
      const cancelled = ai.request(slow, { kind: "level", level: "expert", seed: 1 });
      await sleep(300);
      const thinkingBefore = ai.thinking();
      const t0 = performance.now();
      const didCancel = ai.cancel();
      const thinkingAfter = ai.thinking();
      const next = ai.request(fast, { kind: "analyse", depth: 6 });
      while (!finalOf(next)) await sleep(5);
      const answeredMs = performance.now() - t0;
      // Well past the cancelled search's 2 s budget.
      await sleep(2500);
      return {
        cancelled,
        next,
        thinkingBefore,
        didCancel,
        thinkingAfter,
        answeredMs,
        readyMs: ai.readyMs(),
        final: finalOf(next),
        stale: ai.log.filter((r) => r.id === cancelled),
        thinkingEnd: ai.thinking(),
        cancelIdle: ai.cancel(),
      };
    },
    [MIDDLEGAME_B, MIDDLEGAME_W],
  );
  console.log(
    `cancel: new worker ready in ${run.readyMs.toFixed(0)} ms, ` +
      `the next request answered ${run.answeredMs.toFixed(0)} ms after cancel`,
  );
  assert.equal(run.thinkingBefore, true);
  assert.equal(run.didCancel, true);
  assert.equal(run.thinkingAfter, false);
  assert.notEqual(run.next, run.cancelled);
  assert.equal(run.final.type, "done");
  assert.ok(legalHouses(MIDDLEGAME_W).includes(run.final.report.best));
  assert.ok(run.answeredMs < 1500, `answered soon after cancel (${run.answeredMs} ms), not after 2 s`);
  assert.deepEqual(run.stale, [], "no reply to the cancelled request");
  assert.equal(run.thinkingEnd, false);
  assert.equal(run.cancelIdle, false, "cancel with nothing running does nothing");
  assert.deepEqual(errors, []);
  await page.close();
});
