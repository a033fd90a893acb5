// The play screen: a whole PlayOK game by clicking, a game against the computer to the end,
// the landing preview and the sowing animation, all checked against the engine's CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  SIZES,
  enginePosition,
  launchBrowser,
  open,
  parsePosition,
  playokHouses,
  revealSettings,
  viewport,
} from "./board-page.mjs";

const VIEWPORTS = [SIZES.phone, SIZES.desktop];
const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const openBoard = (size) => open(browser, { size, waitFor: "board" });

/** Asserts the page has no sideways scroll. */
async function noSidewaysScroll(page, vp) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= vp.width, `page ${width}px wide in a ${vp.width}px viewport`);
}

/**
 * Whether the move list's current move lies inside the list's own box (on a desktop the list
 * scrolls in a box of its own, and follows the game there).
 */
async function currentMoveInList(page) {
  return page.evaluate(() => {
    const list = document.querySelector('[data-testid="move-list"]').getBoundingClientRect();
    const now = document.querySelector(".move-list__ply--current").getBoundingClientRect();
    return now.top >= list.top - 1 && now.bottom <= list.bottom + 1;
  });
}

// Each game is played once, its first part at a phone's size and the rest at a desktop's
// (the page resized as a window is): every click and check still happens at both sizes.
const [PHONE, DESKTOP] = VIEWPORTS;

test(`${PHONE.name} then ${DESKTOP.name}: a whole PlayOK game clicked in two-player mode ends on the engine's position`, async () => {
  const houses = playokHouses(readFileSync("public/playok/avataar.pgn", "utf8"));
  assert.ok(houses.length > 100, `${houses.length} moves read`);
  const { context, page, board } = await openBoard(PHONE);
  await board.setSpeed("instant");
  let side = "w";
  for (const [i, n] of houses.entries()) {
    await board.play(side, n);
    side = side === "w" ? "b" : "w";
    // At move 30 the list shows the current move; then the rest of the game on a desktop,
    // where the list is a box of its own that follows the game.
    if (i === 59) {
      assert.ok(await currentMoveInList(page), `move 30 is in the list's view (${PHONE.name})`);
      await page.screenshot({ path: `target/screenshots/move-list-30-${PHONE.name}-en.png` });
      await page.setViewportSize(viewport(DESKTOP));
    }
  }
  assert.ok(await currentMoveInList(page), `the last move is in the list's view (${DESKTOP.name})`);
  await page.screenshot({ path: `target/screenshots/move-list-last-${DESKTOP.name}-en.png` });
  const want = enginePosition(houses);
  assert.equal(await board.positionString(), want);
  const counts = await board.readCounts();
  const p = parsePosition(want);
  assert.deepEqual(counts, { houses: p.houses, kazans: p.kazans }, "final counts");
  const plies = await page.getByTestId("move-list").locator(".move-list__ply").count();
  assert.equal(plies, houses.length);
  assert.equal(
    await page.locator(".move-list__ply--current").count(),
    1,
    "the current move is marked",
  );
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test(`${PHONE.name} then ${DESKTOP.name}: against the computer (level 1) to the end of the game`, async () => {
  const { context, page, board } = await openBoard(PHONE);
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "easy" });
  assert.equal(await board.positionString(), START);
  assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
  for (let i = 0; i < 400; i++) {
    const state = await page.waitForFunction(
      () => {
        if (document.querySelector('[data-testid="end-dialog"]')) return "end";
        const board = document.querySelector('[data-testid="board"]');
        if (board.dataset.animating === "true") return false;
        const house = document.querySelector(".house--playable.house--w");
        return house ? house.dataset.testid : false;
      },
      null,
      { timeout: 20000 },
    );
    const value = await state.jsonValue();
    if (value === "end") break;
    // Ten moves clicked on a phone, the rest on a desktop.
    if (i === 10) {
      await board.screenshot(`${PHONE.name}-play-computer`);
      await page.setViewportSize(viewport(DESKTOP));
    }
    if (i === 12) await board.screenshot(`${DESKTOP.name}-play-computer`);
    await page.getByTestId(value).click();
  }
  const dialog = page.getByTestId("end-dialog");
  await dialog.waitFor();
  const result = await page.getByTestId("end-result").innerText();
  // In the player's terms, not the sides': the person played White.
  assert.match(result, /^(You won|You lost|Draw)$/);
  const turn = await board.turnText();
  assert.match(turn, /^(You won|You lost|Draw) \d+:\d+$/, "the score, the person's count first");
  assert.match(
    await page.getByTestId("end-reason").innerText(),
    /82 korgools reached|no korgools left/,
  );
  const counts = await page.getByTestId("end-counts").innerText();
  const [w, b] = counts.match(/\d+/g).map(Number);
  assert.ok(w > 81 || b > 81 || (w === 81 && b === 81), `final counts ${counts}`);
  // The end dialog at both sizes.
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport(vp));
    await board.screenshot(`${vp.name}-end-dialog`, { fullPage: false });
    await noSidewaysScroll(page, vp);
  }
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

for (const vp of VIEWPORTS) {
  test(`${vp.name}: preview on hover, animation, dialogs and dark theme`, async () => {
    const { context, page, board } = await openBoard(vp);
    await board.setSpeed("instant");
    await board.play("w", 7);
    await board.play("b", 3);
    // Hover White's house 5: the engine says where it lands and what it takes.
    const before = parsePosition(await board.positionString());
    const after = parsePosition(enginePosition([7, 3, 5]));
    await board.house("w", 5).hover();
    const preview = await page.getByTestId("preview").innerText();
    const captured = after.kazans.w - before.kazans.w;
    assert.match(preview, captured > 0 ? new RegExp(`captures ${captured}`) : /nothing/);
    const landing = await page.locator(".house--preview").getAttribute("data-testid");
    const [, lside, ln] = landing.split("-");
    assert.match(preview, new RegExp(`${lside === "w" ? "White" : "Black"} ${ln}:`));
    if (captured > 0) assert.equal(after.houses[lside][Number(ln) - 1], 0, "the landing house emptied");
    await board.screenshot(`${vp.name}-preview`);
    await noSidewaysScroll(page, vp);

    // The preview setting turns it off.
    await revealSettings(page);
    await page.getByTestId("opt-preview").uncheck();
    await board.house("w", 4).hover();
    assert.equal(await page.locator(".house--preview").count(), 0);
    await page.getByTestId("opt-preview").check();

    // A disabled house says why.
    await board.house("b", 2).click({ force: true });
    assert.match(await page.getByTestId("message").innerText(), /White's turn/);

    // The animation: data-animating true, then false on the engine's position.
    await board.setSpeed("slow");
    await board.house("w", 5).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="board"]').dataset.animating === "true",
    );
    assert.equal(await board.positionString(), enginePosition([7, 3, 5]), "engine truth at once");
    // Mid-animation: the sowing under way on screen (the houses no longer show the counts
    // from before the move) and not ended.
    await page.waitForFunction((from) => {
      const board = document.querySelector('[data-testid="board"]');
      const shown = [...board.querySelectorAll(".house .house__count")].map((c) => c.textContent.trim()).sort().join();
      return board.dataset.animating === "true" && shown !== from;
    }, [...before.houses.w, ...before.houses.b].map(String).sort().join());
    await board.screenshot(`${vp.name}-mid-animation`);
    await board.waitStill();
    assert.deepEqual(await board.readCounts(), { houses: after.houses, kazans: after.kazans });

    // A tap skips to the end.
    await board.house("b", 1).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="board"]').dataset.animating === "true",
    );
    await board.kazan("w").click();
    await board.waitStill();
    const after4 = parsePosition(enginePosition([7, 3, 5, 1]));
    assert.deepEqual(await board.readCounts(), { houses: after4.houses, kazans: after4.kazans });

    // Undo and redo in two-player mode take back one move each.
    await page.getByTestId("btn-undo").click();
    assert.equal(await board.positionString(), enginePosition([7, 3, 5]));
    await page.getByTestId("btn-redo").click();
    await board.waitStill();
    assert.equal(await board.positionString(), enginePosition([7, 3, 5, 1]));

    // The new game dialog.
    await page.getByTestId("btn-new-game").click();
    await page.getByTestId("new-game-dialog").waitFor();
    await page.getByTestId("mode-computer").click();
    await board.screenshot(`${vp.name}-new-game-dialog`, { fullPage: false });
    await page.getByTestId("btn-cancel").click();

    // Draw offer and acceptance in two-player mode: the end dialog.
    await page.getByTestId("btn-draw").click();
    await page.getByTestId("btn-draw-accept").click();
    await page.getByTestId("end-dialog").waitFor();
    assert.match(await page.getByTestId("end-reason").innerText(), /draw agreed/);
    await page.getByTestId("btn-end-close").click();

    // Dark theme.
    await page.getByTestId("btn-theme").click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), "dark");
    await board.house("w", 9).hover();
    await board.screenshot(`${vp.name}-dark`);
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  });
}

test("against the computer an undo takes back the pair; a hint shows the engine's move", async () => {
  const { context, page, board } = await openBoard(SIZES.phone);
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "medium" });
  await board.play("w", 7);
  // The computer answers.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
  );
  await board.waitStill();
  assert.equal(await page.getByTestId("move-list").locator(".move-list__ply").count(), 2);
  // The hints' worker starts at the first hint: until then the computer's is the only one.
  assert.equal(page.workers().length, 1, "one search worker before a hint");
  await page.getByTestId("btn-undo").click();
  assert.equal(await board.positionString(), START);
  await page.getByTestId("btn-hint").click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="preview"]').textContent.startsWith("Hint"),
  );
  assert.equal(await page.locator(".house--hint").count(), 1);
  assert.equal(page.workers().length, 2, "the hints' worker, started by the hint");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("a chess clock runs for the side to move", async () => {
  const { context, page, board } = await openBoard(SIZES.phone);
  await board.setSpeed("instant");
  await board.newGame({ mode: "two", clock: "5-3" });
  const white = page.getByTestId("clock-w");
  assert.match(await white.innerText(), /White [45]:\d\d/);
  assert.match(await white.getAttribute("class"), /clock--running/);
  await board.play("w", 7);
  assert.match(await page.getByTestId("clock-b").getAttribute("class"), /clock--running/);
  // White got the 3 s increment: more than 5:00 is possible only with it.
  assert.match(await white.innerText(), /White 5:0[0-3]/);
  await board.screenshot("phone-clock");
  // A club's preset with the federation's time-out rule, and a custom time of 1.2 s: when
  // White's time runs out, the korgools on the board go to Black and the kazans decide.
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  await page.getByTestId("mode-two").click();
  await page.getByTestId("clock-15-10").click();
  assert.equal(await page.getByTestId("clock-15-10").getAttribute("aria-pressed"), "true");
  await page.getByTestId("time-out-counted").click();
  await page.getByTestId("clock-custom").click();
  await page.getByTestId("clock-custom-minutes").fill("abc");
  await page.getByTestId("btn-start").click();
  await page.getByTestId("clock-custom-bad").waitFor();
  await page.getByTestId("clock-custom-minutes").fill("0,02");
  await page.getByTestId("clock-custom-increment").fill("0");
  await board.screenshot("phone-clock-custom");
  await page.getByTestId("btn-start").click();
  await page.getByTestId("new-game-dialog").waitFor({ state: "detached" });
  await page.getByTestId("end-dialog").waitFor();
  assert.match(await page.getByTestId("end-reason").innerText(), /korgools on the board went to the opponent/);
  assert.match(await page.getByTestId("end-result").innerText(), /Black/);
  assert.match(await page.getByTestId("end-counts").innerText(), /0\D+162/);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});
