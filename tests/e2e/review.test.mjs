// The post-game review and the analysis board: a PlayOK game of 100+ plies reviewed
// in the worker (progress, graph, classes, accuracy, the time it takes), the hand-made blunder
// 4 1 2? with the engine's better move, learn from your mistakes, the analysis board's three
// lines and its way back, and screenshots at four sizes in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BoardPage, enginePosition, launchBrowser } from "./board-page.mjs";

const SIZES = {
  phone360: { width: 360, height: 780 },
  phone390: { width: 390, height: 844 },
  landscape: { width: 844, height: 390 },
  desktop: { width: 1280, height: 800 },
};
const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const KORGOL = readFileSync("tests/e2e/data/korgol.pgn", "utf8");
/** The first game of korgol.pgn (119 plies). */
const FIRST = KORGOL.split(/(?=\[Event )/).filter((g) => g.trim())[0];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function open(viewport, hash = "", locale = "en-US") {
  const context = await browser.newContext({ viewport, locale, acceptDownloads: true });
  const page = await context.newPage();
  const board = new BoardPage(page);
  await page.goto(new URL(hash, process.env.E2E_BASE_URL ?? "http://127.0.0.1:8080/").href);
  return { context, page, board };
}

async function importGame(page, text) {
  await page.getByTestId("nav-library").click();
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
  await page.getByTestId("library-game").first().waitFor();
}

async function reviewDone(page, timeout = 90_000) {
  await page.locator('[data-testid="review-progress"][data-done="true"]').waitFor({ timeout });
}

async function shots(page, name, lang) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await new BoardPage(page).screenshot(`review-${name}-${lang}-${size}`, { fullPage: false });
  }
}

test("a 119-ply PlayOK game reviewed from the library: progress, graph, classes, accuracy, time", async () => {
  const { context, page, board } = await open(SIZES.desktop, "#/library");
  await importGame(page, FIRST);
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await page.getByTestId("review-screen").waitFor();
  await page.getByTestId("review-progress").waitFor();
  // The board stays usable while the worker analyses.
  await page.getByTestId("review-next").click();
  assert.equal(await page.getByTestId("review-counter").innerText(), "1 / 119");
  await reviewDone(page);
  const ms = Number(await page.getByTestId("review-progress").getAttribute("data-ms"));
  console.log(`review of 119 plies at depth 12: ${ms} ms (${((ms * 100) / 119).toFixed(0)} ms per 100 plies)`);
  // The target is 15 s per 100 plies (4-6 s measured on this two-core machine with the other
  // builds running, docs/BENCHMARKS.md); the check runs two browsers side by side under
  // any load, so it fails only at three times that.
  assert.ok(ms > 0 && (ms * 100) / 119 <= 45_000, `${ms} ms`);
  for (let ply = 1; ply <= 119; ply++) {
    const c = await page.getByTestId(`review-move-${ply}`).getAttribute("data-class");
    assert.ok(CLASSES.includes(c), `move ${ply}: ${c}`);
  }
  for (const side of ["w", "b"]) {
    const a = Number(await page.getByTestId(`review-accuracy-${side}`).innerText());
    assert.ok(a >= 0 && a <= 100, `${side} ${a}`);
  }
  // A click on the graph shows that move.
  await page.getByTestId("review-graph-60").click({ force: true });
  assert.equal(await page.getByTestId("review-counter").innerText(), "60 / 119");
  // Saved: opening it again is instant.
  await page.reload();
  await page.getByTestId("review-screen").waitFor();
  await reviewDone(page, 2000);
  // Exported with the evaluations as [%eval] comments, one per move.
  await page.getByTestId("nav-library").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("library-game").first().getByTestId("game-export").click(),
  ]);
  const exported = readFileSync(await download.path(), "utf8");
  assert.equal(exported.match(/\{\[%eval -?#?[\d.]+\]\}/g)?.length, 119, exported.slice(0, 600));
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("from the end dialog: 4 1 2? is a blunder with the engine's better move; learn from your mistakes finds it", async () => {
  const { context, page, board } = await open(SIZES.phone390);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 4);
  await board.play("b", 1);
  await board.play("w", 2);
  // From the end-of-game dialog (Black resigns).
  await page.getByTestId("btn-resign").click();
  await page.getByTestId("btn-resign-confirm").click();
  await page.getByTestId("end-dialog").waitFor();
  await page.getByTestId("end-dialog").getByTestId("btn-review").click();
  await page.getByTestId("review-screen").waitFor();
  await reviewDone(page);
  const blunder = page.getByTestId("review-move-3");
  assert.equal(await blunder.getAttribute("data-class"), "blunder");
  await blunder.click();
  const best = page.getByTestId("review-best-move");
  const house = Number(await best.getAttribute("data-house"));
  assert.ok(house >= 1 && house <= 9 && house !== 2, `${house}`);
  assert.match(await page.getByTestId("review-reason").innerText(), /capture of \d+/);
  await shots(page, "blunder", "en");
  await page.setViewportSize(SIZES.phone390);
  // Learn from your mistakes: the blunder again is not better, the engine's move is found.
  await page.getByTestId("btn-learn").click();
  const learn = page.getByTestId("learn");
  await learn.waitFor();
  // White's own mistakes, in order: on to the blunder at move 3.
  for (let i = 0; i < 5 && (await learn.getAttribute("data-ply")) !== "3"; i++) {
    await page.getByTestId("learn-next").click();
  }
  assert.equal(await learn.getAttribute("data-ply"), "3");
  assert.equal(await learn.getAttribute("data-state"), "trying");
  await board.house("w", 2).click();
  await page.locator('[data-testid="learn"][data-state="not-better"]').waitFor();
  await page.getByTestId("learn-retry").click();
  await board.house("w", house).click();
  await page.locator('[data-testid="learn"][data-state="found"]').waitFor();
  await board.screenshot("review-learn-en-phone390", { fullPage: false });
  await page.getByTestId("learn-next").click();
  await page.getByTestId("learn-stop").click();
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("the analysis board from the play screen: three lines, tried moves, back to the game", async () => {
  const { context, page, board } = await open(SIZES.desktop);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  const before = await board.positionString();
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  assert.equal(await board.positionString(), before);
  for (const n of [1, 2, 3]) {
    await page.locator(`[data-testid="analysis-line-${n}"][data-house]`).waitFor();
  }
  // The search deepens.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 8);
  const first = Number(await page.getByTestId("analysis-line-1").getAttribute("data-house"));
  await board.house("w", first).click();
  assert.equal(await board.positionString(), enginePosition([7, 3, first]));
  await page.getByTestId("analysis-back").click();
  assert.equal(await board.positionString(), before);
  await page.getByTestId("analysis-forward").click();
  assert.equal(await board.positionString(), enginePosition([7, 3, first]));
  await shots(page, "analysis", "en");
  await page.getByTestId("back-to-game").click();
  await board.board().waitFor();
  await page.waitForFunction((p) => document.querySelector('[data-testid="board"]')?.dataset.position === p, before);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("in Russian: the review and the analysis board", async () => {
  const { context, page, board } = await open(SIZES.phone390, "", "ru-RU");
  await board.board().waitFor();
  await board.setSpeed("instant");
  for (const [side, h] of [["w", 4], ["b", 1], ["w", 2], ["b", 9]]) await board.play(side, h);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await reviewDone(page);
  await page.getByTestId("review-move-3").click();
  assert.match(await page.getByTestId("review-reason").innerText(), /взятие/);
  await shots(page, "blunder", "ru");
  await page.getByTestId("btn-analyse").click();
  await page.locator('[data-testid="analysis-line-3"][data-house]').waitFor();
  await shots(page, "analysis", "ru");
  assert.deepEqual(board.errors, []);
  await context.close();
});
