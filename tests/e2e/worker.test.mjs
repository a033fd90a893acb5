// The search worker: the shipped worker files driven through their JSON protocol
// (tests/e2e/worker-page.mjs) answer with legal moves and report errors; in the app, the main
// thread stays responsive during a 2 s Expert search, and an undo cancels the search
// (terminate + respawn) without the stale reply ever being played.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SIZES, launchBrowser, open, parsePosition } from "./board-page.mjs";
import { openWorkerPage, search } from "./worker-page.mjs";

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

/** The houses the side to move may play: its non-empty houses. */
function legalHouses(position) {
  const p = parsePosition(position);
  const row = p.side === "w" ? p.houses.w : p.houses.b;
  return row.flatMap((n, i) => (n > 0 ? [i + 1] : []));
}

/**
 * The app with a long-task observer and a record of the thinking indicator (`__thinking`:
 * performance.now() of each time it appears and disappears) installed before any script
 * runs; a new game against Expert with the player as White, moves instant.
 */
async function openExpertGame() {
  const watch = () => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
    window.__thinking = [];
    let shown = false;
    new MutationObserver(() => {
      const now = !!document.querySelector('[data-testid="thinking"]');
      if (now !== shown) {
        shown = now;
        window.__thinking.push({ shown, at: performance.now() });
      }
    }).observe(document, { childList: true, subtree: true });
  };
  const { context, page, board } = await open(browser, { size: SIZES.phone, initScripts: [watch], waitFor: "board" });
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "expert" });
  return { context, page, board };
}

/** Clicks house `n` of White and resolves with performance.now() just before the click. */
async function playWhite(page, n) {
  const at = await page.evaluate(() => performance.now());
  await page.getByTestId(`house-w-${n}`).click();
  return at;
}

/** Waits for the computer's reply to be on the board (White to move again). */
async function waitForReply(page, timeout = 20_000) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
    null,
    { timeout },
  );
}

test("the worker answers with legal moves: start and middlegames, analysis and levels", async () => {
  const { page, errors } = await openWorkerPage(browser);
  const readyMs = await page.evaluate(() => window.__worker.readyMs());
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
  for (const level of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const { final } = await search(page, MIDDLEGAME_W, { kind: "level", level, seed: 3 });
    assert.equal(final.type, "done", JSON.stringify(final));
    assert.ok(legalHouses(MIDDLEGAME_W).includes(final.report.best), `${level}: ${final.report.best}`);
  }
  const { final: bad } = await search(page, "not a position", { kind: "analyse", depth: 3 });
  assert.equal(bad.type, "error");
  assert.match(bad.message, /bad position/);
  assert.deepEqual(await page.evaluate(() => window.__worker.log.filter((r) => r.type === "worker-error")), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page stays responsive during a 2 s Expert search", async () => {
  const { context, page, board } = await openExpertGame();
  const t0 = await playWhite(page, 7);
  // Count animation frames and the longest gap between two until the computer has replied.
  const result = await page.evaluate(async (t0) => {
    let frames = 0;
    let maxGap = 0;
    let last = performance.now();
    const replied = () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w");
    await new Promise((resolve) => {
      const tick = (t) => {
        frames += 1;
        maxGap = Math.max(maxGap, t - last);
        last = t;
        if (replied()) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const thinking = window.__thinking.filter((e) => e.at >= t0);
    const start = thinking.find((e) => e.shown)?.at;
    const end = thinking.find((e) => !e.shown)?.at;
    // The tasks while the worker searched: from the indicator shown to the task that
    // received the reply (it hides the indicator and plays the move, so it ends after).
    const longTasks = window.__longTasks.filter((e) => e.start >= start && e.start + e.duration <= end);
    return { ms: end - start, frames, maxGap, longTasks, start, end };
  }, t0);
  const fps = (result.frames * 1000) / result.ms;
  console.log(
    `expert: thinking ${result.ms.toFixed(0)} ms; ${result.frames} frames (${fps.toFixed(0)}/s), ` +
      `longest gap ${result.maxGap.toFixed(0)} ms, long tasks ${JSON.stringify(result.longTasks)}`,
  );
  const position = await board.positionString();
  assert.ok(position.endsWith(" w"), position);
  assert.equal(await page.getByTestId("move-list").locator(".move-list__ply").count(), 2);
  assert.ok(result.ms >= 1900, `the Expert search took its time budget (${result.ms} ms)`);
  assert.ok(fps >= 20, `frames kept coming: ${fps.toFixed(1)} per second`);
  // The longest gap between two frames is logged above, not asserted: on a host whose cores
  // other processes fill, the compositor alone can miss a quarter of a second (283 ms failed a
  // run at a load of 10, with no long task on the page's thread). What the page's own thread
  // does is what the search in a worker promises, and the long tasks below measure it.
  // The search runs in the worker: were it on the page's thread, it would be one task of
  // about 2 s, or its slices would fill the search's time. A loaded host can stretch a
  // frame's own work a little past 50 ms (a 52 ms task failed a CI run), so the check is
  // for a freeze, not for the 50 ms line: no task near 200 ms, and the long tasks together
  // a small part of the search's time.
  const longest = Math.max(0, ...result.longTasks.map((e) => e.duration));
  const busy = result.longTasks.reduce((sum, e) => sum + e.duration, 0);
  assert.ok(longest < 200, `no main-thread task near a freeze: ${JSON.stringify(result.longTasks)}`);
  assert.ok(busy < result.ms * 0.1, `long tasks ${busy} ms of a ${result.ms} ms search`);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("an undo cancels the search: a new one is answered, the stale reply is never played", async () => {
  const { context, page, board } = await openExpertGame();
  await playWhite(page, 7);
  await page.getByTestId("thinking").waitFor();
  const afterMove = await board.positionString();
  // On purpose a time: the search has run for a second of its 2 s budget (the timing below
  // counts on it).
  await page.waitForTimeout(1000);
  // Undo while the computer thinks: the search is cancelled (its worker terminated).
  await page.getByTestId("btn-undo").click();
  assert.equal(await board.positionString(), START);
  await page.getByTestId("thinking").waitFor({ state: "detached" });
  // The same move again: the same position asked again, from a new worker. The cancelled
  // search's reply, had it come, would be played about 1 s from now (its 2 s budget ran
  // from the first move); the new search takes its own 2 s.
  const t1 = await playWhite(page, 7);
  assert.equal(await board.positionString(), afterMove);
  await waitForReply(page);
  const answeredMs = (await page.evaluate(() => performance.now())) - t1;
  console.log(`after the undo, the same move was answered in ${answeredMs.toFixed(0)} ms`);
  assert.ok(answeredMs >= 1900, `answered by the new search, not the cancelled one (${answeredMs} ms)`);
  assert.ok(answeredMs < 6000, `answered by the new worker soon (${answeredMs} ms)`);
  // Well past both budgets: only the new search's move was played. On purpose a time: no
  // state says a stale reply will not come.
  await page.waitForTimeout(2500);
  assert.equal(await page.getByTestId("move-list").locator(".move-list__ply").count(), 2);
  assert.equal(await page.locator('[data-testid="thinking"]').count(), 0);
  assert.deepEqual(board.errors, []);
  await context.close();
});
