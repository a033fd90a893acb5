// The first screen at phone, desktop and landscape sizes: three moves by clicking, checked
// against the engine.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SIZES, enginePositions, launchBrowser, open, parsePosition, viewport } from "./board-page.mjs";

const VIEWPORTS = [SIZES.phone, SIZES.desktop, SIZES.landscape];
// White 7 (captures 10), Black 3, White 5: house numbers of the side to move.
const MOVES = [7, 3, 5];
const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The whole board is on screen at `vp` without scrolling sideways, its houses big enough. */
async function fits(board, vp) {
  const box = await board.board().boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= vp.width, `${vp.name}: board fits: ${JSON.stringify(box)}`);
  const house = await board.house("w", 1).boundingBox();
  assert.ok(house.width >= 30 && house.height >= 44, `${vp.name}: house big enough: ${JSON.stringify(house)}`);
}

// One page turned to each size in place (as a phone turned on its side, or a window resized):
// each size's layout, its start and end screenshots, and one of the three clicks. Moves are
// instant: the sowing's animation is the animation tests' (play.test.mjs).
test(`${VIEWPORTS.map((vp) => `${vp.name} ${vp.width}x${vp.height}`).join(", ")}: three clicked moves, one at each size, match the engine`, async () => {
  const { context, page, board } = await open(browser, {
    size: VIEWPORTS[0],
    settings: { speed: "instant" },
    waitFor: "board",
  });
  assert.equal(await board.positionString(), START);
  assert.deepEqual(await board.readCounts(), {
    houses: { w: Array(9).fill(9), b: Array(9).fill(9) },
    kazans: { w: 0, b: 0 },
  });
  // Every korgool is drawn in its house.
  assert.equal(await board.board().locator(".house .korgool").count(), 162);
  assert.match(await board.turnText(), /White to move/);
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(viewport(vp));
    await fits(board, vp);
    await board.screenshot(`${vp.name}-start`);
  }

  const expected = enginePositions(MOVES);
  const sides = ["w", "b", "w"];
  for (const [i, n] of MOVES.entries()) {
    const vp = VIEWPORTS[i % VIEWPORTS.length];
    await page.setViewportSize(viewport(vp));
    await board.play(sides[i], n);
    const want = parsePosition(expected[i]);
    assert.equal(await board.positionString(), expected[i], `position after move ${i + 1} (${vp.name})`);
    assert.deepEqual(
      await board.readCounts(),
      { houses: want.houses, kazans: want.kazans },
      `counts after move ${i + 1} (${vp.name})`,
    );
  }
  assert.match(await board.turnText(), /Black to move/);
  assert.equal((await page.getByTestId("move-list").locator("li").count()), 2);
  for (const vp of VIEWPORTS) {
    await page.setViewportSize(viewport(vp));
    await fits(board, vp);
    await page.emulateMedia({ colorScheme: "light" });
    await board.screenshot(`${vp.name}-after-3`);
    await page.emulateMedia({ colorScheme: "dark" });
    await board.screenshot(`${vp.name}-after-3-dark`);
  }

  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("a click on the side not to move or an empty house changes nothing", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.phone, waitFor: "board" });
  await board.house("b", 1).click({ force: true });
  assert.equal(await board.positionString(), START);
  assert.equal(await board.house("b", 1).getAttribute("aria-disabled"), "true");
  assert.equal(await board.house("w", 1).getAttribute("aria-disabled"), "false");

  await board.play("w", 7);
  await page.getByTestId("btn-undo").click();
  assert.equal(await board.positionString(), START);
  await page.getByTestId("btn-redo").click();
  assert.equal(await board.positionString(), enginePositions([7])[0]);
  await board.newGame({ mode: "two" });
  assert.equal(await board.positionString(), START);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});
