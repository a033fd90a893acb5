// What the player chose is kept: a game against the computer with no move yet comes back at a
// reload, the new game dialog offers the game on the board again (its level, side, clock), and
// the review comes back from the analysis board at the move it showed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SIZES, launchBrowser, open } from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Waits until the page has loaded everything (the workers too): a reload during a load
 * aborts requests, which the tests count as errors. */
async function settle(page) {
  await page.waitForLoadState("networkidle");
}

const pressed = (page, id) => page.getByTestId(id).getAttribute("aria-pressed");

test("welcome, play the computer (level 1), reload: still against the computer at level 1, and New game offers level 1", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.phone, firstVisit: true });
  await page.getByTestId("welcome-dialog").waitFor();
  await page.getByTestId("welcome-level-1").click();
  await page.getByTestId("welcome-computer").click();
  await page.getByTestId("welcome-dialog").waitFor({ state: "detached" });
  assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
  await settle(page);
  await page.reload();
  await board.board().waitFor();
  assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/, "the mode at the reload");
  assert.equal(await board.positionString(), "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
  // The new game dialog offers the same game, so Start does not quietly change the level.
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  assert.equal(await pressed(page, "mode-computer"), "true");
  assert.equal(await pressed(page, "level-1"), "true");
  assert.equal(await pressed(page, "level-6"), "false");
  assert.equal(await pressed(page, "side-w"), "true");
  await page.getByTestId("btn-start").click();
  await page.getByTestId("new-game-dialog").waitFor({ state: "detached" });
  assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
  // After a Hard game as Black with a clock, the dialog offers that.
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "b", level: "hard", clock: "5-3" });
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  assert.equal(await pressed(page, "level-5"), "true");
  assert.equal(await pressed(page, "side-b"), "true");
  assert.equal(await pressed(page, "clock-5-3"), "true");
  await page.getByTestId("btn-cancel").click();
  // Two players, no move yet: kept at a reload too, not replaced by an older game.
  await board.newGame({ mode: "two" });
  await settle(page);
  await page.reload();
  await board.board().waitFor();
  assert.match(await page.getByTestId("mode").innerText(), /[Tt]wo players/);
  assert.equal(await board.positionString(), "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("review, analysis board, back to the game: the review shows the move it showed before", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop });
  await board.board().waitFor();
  await board.setSpeed("instant");
  for (const [side, h] of [["w", 4], ["b", 1], ["w", 2], ["b", 9], ["w", 7]]) await board.play(side, h);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await page.locator('[data-testid="review-progress"][data-done="true"]').waitFor({ timeout: 90_000 });
  await page.getByTestId("review-move-3").click();
  assert.equal(await page.getByTestId("review-counter").innerText(), "Move 2 of 3");
  const shown = await board.positionString();
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  assert.equal(await board.positionString(), shown);
  await page.getByTestId("back-to-game").click();
  await page.getByTestId("review-screen").waitFor();
  await page.getByTestId("review-counter").getByText("Move 2 of 3").waitFor();
  assert.equal(await board.positionString(), shown);
  assert.deepEqual(board.errors, []);
  await context.close();
});
