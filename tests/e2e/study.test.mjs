// The analysis board's tree of moves: a move other than the next starts a variation and the
// main line stays; moves are reached by a press or the arrow keys; comments and glyphs mark a
// move; promote and delete act on the move shown; an engine line is added as a variation;
// screenshots of a deep tree at phone and desktop sizes in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { SIZES, enginePosition, launchBrowser, open as openApp } from "./board-page.mjs";

const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const open = (size, locale = "en-US") =>
  openApp(browser, { size, hash: `#/analysis/${encodeURIComponent(START)}`, locale, waitFor: "analysis-screen" });

/** The tree's moves, in the order shown: [path, text] pairs. */
const treeMoves = (page) =>
  page.$$eval('[data-testid="move-tree"] [data-testid^="tree-move-"]', (els) =>
    els.map((e) => [e.dataset.testid.slice("tree-move-".length), e.textContent.trim()]),
  );

const current = (page) =>
  page.$eval('[data-testid="move-tree"] [aria-current="true"]', (e) => e.dataset.testid.slice("tree-move-".length));

/** The side to move in a position string, and its houses that hold korgools. */
function toMove(position) {
  const side = position.endsWith(" w") ? "w" : "b";
  const rows = position.split(" ")[0].split("/");
  const counts = rows[side === "w" ? 0 : 1].split(",").map(Number);
  return { side, legal: counts.flatMap((n, i) => (n > 0 ? [i + 1] : [])) };
}

/** Plays houses on the board in turn from the position shown. */
async function play(page, board, houses) {
  for (const h of houses) {
    await board.play(toMove(await board.positionString()).side, h);
  }
}

test("variations keep the main line; keys, comments, glyphs, promote and delete", async () => {
  const { context, page, board } = await open(SIZES.desktop);
  await board.board().waitFor();
  await play(page, board, [7, 9, 6, 8]);
  assert.deepEqual((await treeMoves(page)).map((m) => m[0]), ["1", "2", "3", "4"]);
  // Back two plies and try another move: a variation at ply 3, the main line kept.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await current(page), "2");
  await play(page, board, [1]);
  assert.equal(await current(page), "3.1.1");
  assert.deepEqual((await treeMoves(page)).map((m) => m[0]), ["1", "2", "3", "3.1.1", "4"]);
  assert.equal(await board.positionString(), enginePosition([7, 9, 1]));
  // Up and down switch between the moves from one position.
  await page.keyboard.press("ArrowUp");
  assert.equal(await current(page), "3");
  await page.keyboard.press("ArrowDown");
  assert.equal(await current(page), "3.1.1");
  // A press on a move goes there.
  await page.getByTestId("tree-move-4").click();
  assert.equal(await board.positionString(), enginePosition([7, 9, 6, 8]));
  // A comment and a glyph on it; typing arrows in the comment does not move the board.
  await page.getByTestId("comment-input").fill("the usual reply");
  await page.getByTestId("comment-input").press("ArrowLeft");
  await page.getByTestId("comment-input").press("Tab");
  assert.equal(await current(page), "4");
  await page.getByTestId("glyph-interesting").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="tree-move-4"]').textContent.includes("!?"));
  assert.match(await page.getByTestId("move-tree").innerText(), /the usual reply/);
  // Promote the variation: its move becomes the main line's ply 3.
  await page.getByTestId("tree-move-3.1.1").click();
  await page.getByTestId("btn-promote").click();
  assert.equal(await current(page), "3");
  assert.equal(await page.getByTestId("btn-promote").isDisabled(), true);
  assert.deepEqual((await treeMoves(page)).map((m) => m[0]), ["1", "2", "3", "3.1.1", "3.1.2"]);
  // Delete the old main line, now a variation, from its first move.
  await page.getByTestId("tree-move-3.1.1").click();
  await page.getByTestId("btn-delete-variation").click();
  assert.equal(await current(page), "2");
  assert.deepEqual((await treeMoves(page)).map((m) => m[0]), ["1", "2", "3"]);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("an engine line is added as a variation with one press", async () => {
  const { context, page, board } = await open(SIZES.desktop);
  await board.board().waitFor();
  await play(page, board, [7]);
  await page.keyboard.press("ArrowLeft");
  await page.locator('[data-testid="analysis-line-2"][data-house]').waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="analysis-status"]').dataset.depth) >= 4);
  // Its whole principal variation comes in: a variation beside 7, or the main line's
  // continuation if the engine's second choice is 7 itself.
  const before = (await treeMoves(page)).length;
  await page.getByTestId("analysis-add-line-2").click();
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid^="tree-move-"]').length >= n + 2,
    before,
  );
  // The board stays where it was.
  assert.equal(await board.positionString(), START);
  assert.deepEqual(board.errors, []);
  await context.close();
});

/** A tree with variations nested six deep: each a move and its alternative, one level in. */
async function deepTree(page, board) {
  for (let level = 0; level < 6; level++) {
    const { side, legal } = toMove(await board.positionString());
    await board.play(side, legal[0]);
    await page.keyboard.press("ArrowLeft");
    await board.play(side, legal[1]);
  }
  await page.getByTestId("comment-input").fill("a side line six levels deep, with a comment long enough to wrap");
  await page.getByTestId("comment-input").press("Tab");
}

for (const [name, size] of [["phone360", SIZES.phone360], ["landscape", SIZES.landscape], ["desktop", SIZES.desktop]]) {
  for (const locale of ["en-US", "ru-RU"]) {
    test(`a deep tree stays readable: ${name}, ${locale}`, async () => {
      const { context, page, board } = await open(size, locale);
      await board.board().waitFor();
      await deepTree(page, board);
      const tree = page.getByTestId("move-tree");
      await tree.scrollIntoViewIfNeeded();
      // Nothing in the tree runs past its right edge.
      const overflow = await tree.evaluate((t) => {
        const right = t.getBoundingClientRect().right;
        return [...t.querySelectorAll("button")].filter((b) => b.getBoundingClientRect().right > right + 1).length;
      });
      assert.equal(overflow, 0);
      await page.screenshot({ path: `target/screenshots/study-${name}-${locale.slice(0, 2)}.png` });
      assert.deepEqual(board.errors, []);
      await context.close();
    });
  }
}

/** The CLI's count of the PlayOK records after `moves`: [{house, games, white, draws, black}]. */
function cliCount(moves) {
  const files = readdirSync("public/playok").map((f) => `public/playok/${f}`);
  const args = ["explorer", "count", ...files, ...(moves.length ? ["--moves", moves.join(",")] : [])];
  return execFileSync(process.env.TOGUZ_CLI, args, { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const [house, , games, , white, , draws, , black] = line.split(" ").map(Number);
      return { house, games, white, draws, black };
    });
}

/** Whole percents summing to 100, the largest remainders rounded up (as the app rounds). */
function percents({ games, white, draws, black }) {
  const parts = [white, draws, black];
  const out = parts.map((p) => Math.floor((p * 100) / games));
  const order = parts
    .map((p, i) => [(p * 100) % games, i])
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let missing = 100 - out.reduce((a, b) => a + b, 0);
  for (const [r, i] of order) {
    if (missing === 0) break;
    if (r > 0) {
      out[i] += 1;
      missing -= 1;
    }
  }
  return out;
}

test("the explorer's Players tab agrees with the CLI's count of the same games, and a press plays", async () => {
  const { context, page, board } = await open(SIZES.desktop);
  await board.board().waitFor();
  const explorer = page.getByTestId("explorer");
  await explorer.waitFor();
  for (const moves of [[], [7, 9]]) {
    await play(page, board, moves);
    await page.locator('[data-testid^="explorer-move-"]').first().waitFor();
    const shown = await explorer.locator('[data-testid^="explorer-move-"]').evaluateAll((els) =>
      els.map((e) => ({
        house: Number(e.dataset.testid.slice("explorer-move-".length)),
        games: Number(e.dataset.games),
        pct: [Number(e.dataset.white), Number(e.dataset.draw), Number(e.dataset.black)],
      })),
    );
    const counted = cliCount(moves);
    assert.deepEqual(
      shown,
      counted.map((c) => ({ house: c.house, games: c.games, pct: percents(c) })),
      `after ${moves.join(",") || "no move"}`,
    );
  }
  // A press on a move plays it.
  const first = Number(
    (await explorer.locator('[data-testid^="explorer-move-"]').first().getAttribute("data-testid")).split("-").pop(),
  );
  await explorer.locator('[data-testid^="explorer-move-"]').first().click();
  assert.equal(await board.positionString(), enginePosition([7, 9, first]));
  // My games: none has ended in this fresh profile.
  await page.getByTestId("explorer-tab-mine").click();
  await page.getByTestId("explorer-empty").waitFor();
  await page.getByTestId("explorer-tab-engine").click();
  await page.locator('[data-testid^="explorer-move-"], [data-testid="explorer-empty"]').first().waitFor();
  await page.screenshot({ path: "target/screenshots/explorer-desktop-en.png" });
  assert.deepEqual(board.errors, []);
  await context.close();
});

for (const [name, size] of [["phone360", SIZES.phone360], ["landscape", SIZES.landscape]]) {
  for (const locale of ["en-US", "ru-RU"]) {
    test(`the explorer fits: ${name}, ${locale}`, async () => {
      const { context, page, board } = await open(size, locale);
      await board.board().waitFor();
      const explorer = page.getByTestId("explorer");
      await explorer.locator('[data-testid^="explorer-move-"]').first().waitFor();
      await explorer.scrollIntoViewIfNeeded();
      const overflow = await explorer.evaluate((x) => {
        const right = x.getBoundingClientRect().right;
        return [...x.querySelectorAll("button, span")].filter((b) => b.getBoundingClientRect().right > right + 1).length;
      });
      assert.equal(overflow, 0);
      await page.screenshot({ path: `target/screenshots/explorer-${name}-${locale.slice(0, 2)}.png` });
      assert.deepEqual(board.errors, []);
      await context.close();
    });
  }
}
