// The opening explorer beside the play screen's board in a game of two players on one device:
// its counts are the Players book's (the CLI's count of the same games), a press plays the
// move as a press on its house would, it is not there against the computer, and the setting
// hides it for good. It fits at phone, landscape and desktop sizes in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { SIZES, enginePosition, launchBrowser, open, revealSettings } from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The CLI's count of the PlayOK records after `moves`: [{house, games}]. */
function cliCount(moves) {
  const files = readdirSync("public/playok").map((f) => `public/playok/${f}`);
  const args = ["explorer", "count", ...files, ...(moves.length ? ["--moves", moves.join(",")] : [])];
  return execFileSync(process.env.TOGUZ_CLI, args, { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [house, , games] = line.split(" ").map(Number);
      return { house, games };
    });
}

const shownMoves = (explorer) =>
  explorer.locator('[data-testid^="explorer-move-"]').evaluateAll((els) =>
    els.map((e) => ({ house: Number(e.dataset.testid.slice("explorer-move-".length)), games: Number(e.dataset.games) })),
  );

test("two players: the explorer follows the board, a press plays; not against the computer; the setting hides it", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop });
  await board.board().waitFor();
  await board.setSpeed("instant");
  const explorer = page.getByTestId("explorer");
  // It comes with the player's first input (here the speed's click), not as the page opens.
  await explorer.locator('[data-testid^="explorer-move-"]').first().waitFor();
  assert.deepEqual(await shownMoves(explorer), cliCount([]));
  // A press on the explorer's first move plays it on the board; the explorer follows.
  const first = (await shownMoves(explorer))[0].house;
  await explorer.getByTestId(`explorer-move-${first}`).click();
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="board"]')?.dataset.position === want,
    enginePosition([first]),
  );
  assert.equal(await board.positionString(), enginePosition([first]));
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="explorer"] [data-testid^="explorer-move-"]').length === n,
    cliCount([first]).length,
  );
  assert.deepEqual(await shownMoves(explorer), cliCount([first]));
  // The moves list has the move, as if the house had been pressed.
  assert.equal(await page.locator('[data-testid="move-list"] .move-list__ply').count(), 1);

  // Against the computer it is not there: help for one side only.
  await board.newGame({ mode: "computer", side: "w", level: 1 });
  await explorer.waitFor({ state: "detached" });
  // Two players again: it is back; the setting turns it off, and off it stays on reload.
  await board.newGame({ mode: "two" });
  await explorer.waitFor();
  await revealSettings(page);
  await page.getByTestId("opt-explorer").click();
  await explorer.waitFor({ state: "detached" });
  await page.reload();
  await board.board().waitFor();
  await revealSettings(page);
  assert.equal(await page.getByTestId("opt-explorer").isChecked(), false);
  assert.equal(await explorer.count(), 0);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("a book still loading when the explorer goes (a game against the computer) is kept, with no error", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop });
  await board.board().waitFor();
  // The Players book is held until the explorer is gone.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/explorer\/players\.tkb$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.mouse.move(5, 5);
  await page.getByTestId("explorer-loading").waitFor();
  await board.newGame({ mode: "computer", side: "w", level: 1 });
  await page.getByTestId("explorer").waitFor({ state: "detached" });
  const arrived = page.waitForResponse(/\/explorer\/players\.tkb$/);
  release();
  await arrived;
  // Two players again: the book is there, from the load that outlived its explorer.
  await board.newGame({ mode: "two" });
  await page.locator('[data-testid="explorer"] [data-testid^="explorer-move-"]').first().waitFor();
  assert.deepEqual(board.errors, []);
  await context.close();
});

for (const [name, size] of [
  ["phone360", SIZES.phone360],
  ["phone390", SIZES.phone],
  ["landscape", SIZES.landscape],
  ["desktop", SIZES.desktop],
]) {
  for (const locale of ["en-US", "ru-RU"]) {
    test(`the play screen's explorer fits: ${name}, ${locale}`, async () => {
      const { context, page, board } = await open(browser, { size, locale });
      await board.board().waitFor();
      // Its box is there before it: empty, as high as the explorer, so that nothing under it
      // moves when it comes (under a finger about to press a setting or a move).
      const boxes = () =>
        page.evaluate(() =>
          [".play-explorer", '[data-testid="move-list"]'].map((sel) => {
            const r = document.querySelector(sel).getBoundingClientRect();
            return [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join();
          }),
        );
      await page.getByTestId("play-explorer-pending").waitFor();
      const held = await boxes();
      // It comes with the player's first input, as the settings do.
      await page.mouse.move(5, 5);
      const explorer = page.getByTestId("explorer");
      await explorer.locator('[data-testid^="explorer-move-"]').first().waitFor();
      assert.deepEqual(await boxes(), held, "the explorer and the moves where the empty box had them");
      // Nothing of the explorer runs out of it, and it does not cover the board.
      const overflow = await explorer.evaluate((x) => {
        const right = x.getBoundingClientRect().right;
        return [...x.querySelectorAll("button, span")].filter((b) => b.getBoundingClientRect().right > right + 1).length;
      });
      assert.equal(overflow, 0);
      const [e, b] = [await explorer.boundingBox(), await board.board().boundingBox()];
      const overlaps = e.x < b.x + b.width && b.x < e.x + e.width && e.y < b.y + b.height && b.y < e.y + e.height;
      assert.equal(overlaps, false, "the explorer overlaps the board");
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(pageWidth <= size.width, `the page is ${pageWidth} px wide at ${size.width}`);
      await board.screenshot(`play-explorer-${name}-${locale.slice(0, 2)}`);
      // A move with fewer moves in the book after it: the box keeps its height.
      await board.setSpeed("instant");
      await board.play("w", 7);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid^="explorer-move-"]').length === 3);
      assert.equal((await boxes())[0], held[0], "the explorer's box after a move");
      assert.deepEqual(board.errors, []);
      await context.close();
    });
  }
}
