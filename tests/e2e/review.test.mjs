// The post-game review and the analysis board: a PlayOK game of 100+ plies reviewed
// in the worker (progress, graph, classes, accuracy, the time it takes), the hand-made blunder
// 4 1 2? with the engine's better move, learn from your mistakes, the analysis board's three
// lines and its way back, and screenshots at four sizes in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  BoardPage,
  SIZES,
  cardAction,
  enginePosition,
  launchBrowser,
  open as openApp,
  playingFrom,
  switchLanguage,
  viewport,
  downloaded,
} from "./board-page.mjs";

/** The sizes of the screenshots, by the name in their files. */
const SHOTS = {
  phone360: SIZES.phone360,
  phone390: SIZES.phone,
  landscape: SIZES.landscape,
  desktop: SIZES.desktop,
};
const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");
/** The first game of korgol.pgn (119 plies). */
const FIRST = KORGOL.split(/(?=\[Event )/).filter((g) => g.trim())[0];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const open = (size, hash = "", locale = "en-US") => openApp(browser, { size, hash, locale, acceptDownloads: true });

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
  for (const [sizeName, size] of Object.entries(SHOTS)) {
    await page.setViewportSize(viewport(size));
    // A frame drawn at the new size.
    await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [size.width, size.height]);
    await new BoardPage(page).screenshot(`review-${name}-${lang}-${sizeName}`, { fullPage: false });
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
  // Counted as the replay and the list count: 119 plies are 60 moves.
  assert.equal(await page.getByTestId("review-counter").innerText(), "Move 1 of 60");
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
  assert.equal(await page.getByTestId("review-counter").innerText(), "Move 30 of 60");
  // The list follows: the move shown is in view inside the list's own box.
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="review-moves"]').getBoundingClientRect();
    const now = document.querySelector('[data-testid="review-move-60"]').getBoundingClientRect();
    return now.top >= list.top - 1 && now.bottom <= list.bottom + 1;
  });
  // The list numbers and writes moves as the record and the play screen do: "30... 43(10)".
  assert.equal(await page.getByTestId("review-moves").locator(".review__num").nth(29).innerText(), "30.");
  const sixtieth = (await page.getByTestId("review-move-60").innerText()).replace(/[?!]+$/, "");
  assert.match(sixtieth, /^[1-9][1-9](X|\(\d+\))?$/);
  assert.match(await page.locator(".review__move-head").innerText(), new RegExp(`^Move 30: Black plays ${sixtieth.replace(/[()]/g, "\\$&")}`));
  // Saved: opening it again is instant.
  await page.reload();
  await page.getByTestId("review-screen").waitFor();
  await reviewDone(page, 2000);
  // Exported with the evaluations as [%eval] comments, one per move.
  await page.getByTestId("nav-library").click();
  const exportButton = await cardAction(page.getByTestId("library-game").first(), "game-export");
  const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  const exported = (await downloaded(download)).toString("utf8");
  assert.equal(exported.match(/\{\[%eval -?#?[\d.]+\]\}/g)?.length, 119, exported.slice(0, 600));

  // Play from here from the review at move 20: a game against the level chosen, from the
  // position the review shows, the player on its side to move.
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await reviewDone(page, 2000);
  await page.getByTestId("review-graph-40").click({ force: true });
  assert.equal(await page.getByTestId("review-counter").innerText(), "Move 20 of 60");
  const at20 = await board.positionString();
  await page.getByTestId("play-from-here-level").selectOption("3");
  await page.getByTestId("btn-play-from-here").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "target/screenshots/play-here-review-desktop-en.png" });
  await page.setViewportSize(viewport(SIZES.phone360));
  await switchLanguage(page, "ky");
  await page.getByTestId("btn-play-from-here").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "target/screenshots/play-here-review-phone360-ky.png" });
  await switchLanguage(page, "en");
  await page.getByTestId("btn-play-from-here").click();
  await playingFrom(page, at20, 3);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("a review stopped by the player promises no estimate; Continue brings it", async () => {
  const { context, page, board } = await open(SIZES.phone, "#/library");
  await importGame(page, FIRST);
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  const estimate = page.getByTestId("review-screen").getByTestId("rating-estimate");
  const estimateIs = (state) =>
    page.waitForFunction(
      (state) => document.querySelector('[data-testid="review-screen"] [data-testid="rating-estimate"]')?.dataset.state === state,
      state,
    );
  // 119 plies take seconds: the run is still going when the screen is there.
  await estimateIs("estimating");
  await page.getByTestId("review-cancel").click();
  await page.getByTestId("review-resume").waitFor();
  assert.match(await page.getByTestId("review-progress").innerText(), /^Analysis stopped after/);
  assert.equal(await estimate.count(), 0, "no estimate while the run is stopped");
  await board.screenshot("review-stopped-phone-en", { fullPage: false });
  await page.getByTestId("review-resume").click();
  await reviewDone(page);
  await estimateIs("shown");
  assert.match(await estimate.getAttribute("data-rating"), /^\d+$/);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("from the end dialog: 4 1 2? is a blunder with the engine's better move; learn from your mistakes finds it", async () => {
  const { context, page, board } = await open(SIZES.phone);
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
  // At the start, the first evaluation explained: White's edge of moving first.
  assert.match(await page.getByTestId("review-start-edge").innerText(), /^White moves first: the engine gives White [+−-]?\d+\.\d at the start/);
  const blunder = page.getByTestId("review-move-3");
  assert.equal(await blunder.getAttribute("data-class"), "blunder");
  await blunder.click();
  const best = page.getByTestId("review-best-move");
  const house = Number(await best.getAttribute("data-house"));
  assert.ok(house >= 1 && house <= 9 && house !== 2, `${house}`);
  // Written as the list writes moves: the house and where it lands.
  assert.match(await best.innerText(), new RegExp(`^Better: ${house}[1-9](X|\\(\\d+\\))?$`));
  assert.match(await page.getByTestId("review-reason").innerText(), /capture of \d+/);
  // The better line: numbered from White's move 2, in the rules' notation.
  assert.match(await page.locator(".review__line").innerText(), new RegExp(`^Line: 2\\. ${house}\\d`));
  await shots(page, "blunder", "en");
  await page.setViewportSize(SIZES.phone);
  // "Show the better move" leaves the game: the board says so, the bar gives the line's value,
  // and one tap comes back.
  const evalText = () => page.getByTestId("eval-bar").innerText();
  const cursor = () => page.locator(".review-graph__now").getAttribute("x1");
  const atBlunder = { eval: await evalText(), cursor: await cursor() };
  assert.equal(await page.getByTestId("review-line-mark").count(), 0);
  await page.getByTestId("btn-show-better").click();
  await page.getByTestId("review-line-mark").waitFor();
  assert.match(await page.getByTestId("review-line-mark").innerText(), /Engine line, not the game/);
  assert.equal(await page.locator(".review__board").getAttribute("data-line"), "true");
  const lineValue = (await page.locator(".review__better").innerText()).match(/\(([^)]+)\)/)[1];
  assert.equal(await evalText(), lineValue);
  assert.notEqual(await evalText(), atBlunder.eval);
  await shots(page, "line", "en");
  await page.setViewportSize(SIZES.phone);
  await page.getByTestId("review-back-to-game").click();
  await page.getByTestId("review-line-mark").waitFor({ state: "detached" });
  assert.equal(await page.locator(".review__board").getAttribute("data-line"), "false");
  assert.deepEqual({ eval: await evalText(), cursor: await cursor() }, atBlunder);
  // The position before the blunder (after move 2), as learning will show it.
  await page.getByTestId("review-move-2").click();
  const beforeBlunder = { eval: await evalText(), cursor: await cursor() };
  await page.getByTestId("review-move-3").click();
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
  // The bar and the graph's cursor are those of the position on the board.
  assert.deepEqual({ eval: await evalText(), cursor: await cursor() }, beforeBlunder);
  await board.house("w", 2).click();
  await page.locator('[data-testid="learn"][data-state="not-better"]').waitFor();
  await page.getByTestId("learn-retry").click();
  await board.house("w", house).click();
  await page.locator('[data-testid="learn"][data-state="found"]').waitFor();
  assert.match(await page.getByTestId("learn-message").innerText(), new RegExp(`^Well found! ${house}[1-9]`));
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
  // The engine's line as a record writes it: numbers, sides, the rules' notation; the board
  // holds the game's two moves, so the line starts at move 2.
  const pv = await page.getByTestId("analysis-line-1").locator(".analysis__pv").innerText();
  assert.match(pv, new RegExp(`^2\\. ${first}\\d(X|\\(\\d+\\))? \\d\\d(X|\\(\\d+\\))? 3\\. \\d\\d`));
  // The game's moves are the tree's main line, the board at its end.
  assert.equal(await page.locator('[data-testid="move-tree"] [aria-current="true"]').getAttribute("data-testid"), "tree-move-2");
  await board.house("w", first).click();
  await page.waitForFunction(() => /^2\.\.\. \d\d/.test(document.querySelector('[data-testid="analysis-line-1"] .analysis__pv')?.innerText ?? ""));
  assert.equal(await board.positionString(), enginePosition([7, 3, first]));
  await page.getByTestId("analysis-back").click();
  assert.equal(await board.positionString(), before);
  await page.getByTestId("analysis-forward").click();
  assert.equal(await board.positionString(), enginePosition([7, 3, first]));
  await shots(page, "analysis", "en");
  await page.getByTestId("back-to-game").click();
  await board.board().waitFor();
  await page.waitForFunction((p) => document.querySelector('[data-testid="board"]')?.dataset.position === p, before);
  // The analysis board's "Play from here against the computer": a new game from there.
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  await page.getByTestId("play-from-here-level").selectOption("2");
  await page.getByTestId("btn-play-from-here").click();
  await playingFrom(page, before, 2);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("in Russian: the review and the analysis board", async () => {
  const { context, page, board } = await open(SIZES.phone, "", "ru-RU");
  await board.board().waitFor();
  await board.setSpeed("instant");
  for (const [side, h] of [["w", 4], ["b", 1], ["w", 2], ["b", 9]]) await board.play(side, h);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await reviewDone(page);
  await page.getByTestId("review-move-3").click();
  assert.match(await page.getByTestId("review-reason").innerText(), /взятие/);
  assert.match(await page.getByTestId("review-counter").innerText(), /^Ход 2 из 2$/);
  await shots(page, "blunder", "ru");
  await page.getByTestId("btn-show-better").click();
  assert.match(await page.getByTestId("review-line-mark").innerText(), /Вариант компьютера, не партия/);
  await shots(page, "line", "ru");
  await page.setViewportSize(SIZES.phone);
  await page.getByTestId("review-back-to-game").click();
  await page.getByTestId("btn-analyse").click();
  await page.locator('[data-testid="analysis-line-3"][data-house]').waitFor();
  await shots(page, "analysis", "ru");
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("the review's way back names where the player came from: the library, the game or the replay", async () => {
  const { context, page, board } = await open(SIZES.phone);
  const back = page.getByTestId("review-back");
  const backIs = async (text, href) => {
    await page.getByTestId("review-screen").waitFor();
    assert.match(await back.innerText(), text);
    assert.equal(await back.getAttribute("href"), href);
  };
  // From the game just finished (Black resigns after three moves).
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 4);
  await board.play("b", 1);
  await board.play("w", 2);
  await page.getByTestId("btn-resign").click();
  await page.getByTestId("btn-resign-confirm").click();
  await page.getByTestId("end-dialog").getByTestId("btn-review").click();
  await backIs(/Back to the game/, "#/");
  // Through the analysis board and back: the review keeps its way back, and its move.
  await page.getByTestId("review-next").click();
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  await page.getByTestId("back-to-game").click();
  await backIs(/Back to the game/, "#/");
  assert.equal(await page.getByTestId("review-counter").innerText(), "Move 1 of 2");
  await back.click();
  await board.board().waitFor();
  // From the library's list.
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await backIs(/Library/, "#/library");
  await back.click();
  await page.getByTestId("library-game").first().waitFor();
  // From the replay.
  await page.getByTestId("library-game").first().getByTestId("game-replay").click();
  await page.getByTestId("replay-screen").getByTestId("btn-review").click();
  await backIs(/Back to the replay/, await page.evaluate(() => location.hash.replace("review", "replay")));
  // The replay's "Play from here against the computer", after two moves.
  await back.click();
  await page.getByTestId("replay-ply").nth(1).click();
  const second = enginePosition([4, 1]);
  await page.waitForFunction((p) => document.querySelector('[data-testid="board"]')?.dataset.position === p, second);
  await page.getByTestId("play-from-here-level").selectOption("5");
  await page.getByTestId("btn-play-from-here").click();
  await playingFrom(page, second, 5);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("an exported game's file is named by its players and the date", async () => {
  const { context, page, board } = await open(SIZES.desktop, "#/library");
  await importGame(page, FIRST);
  const exportButton = await cardAction(page.getByTestId("library-game").first(), "game-export");
  const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
  assert.match(download.suggestedFilename(), /^toguz-korgol-raisn-\d{4}-\d\d-\d\d\.pgn$/);
  assert.deepEqual(board.errors, []);
  await context.close();
});
