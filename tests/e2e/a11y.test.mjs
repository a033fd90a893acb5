// Accessibility: axe-core finds no serious or critical violation (both themes, phone and
// desktop, with the dialogs open), a whole game played with the keyboard alone, the live
// region, the focus ring, markers that do not rely on colour, reduced motion, and the
// contrast of the theme's text colours.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { announced, SIZES, enginePosition, launchBrowser, open as openApp, parsePosition, revealSettings } from "./board-page.mjs";
import { assertNoSeriousViolations } from "./axe.mjs";

const VIEWPORTS = [SIZES.phone, SIZES.desktop];
const THEMES = ["light", "dark"];
/** Screens reached from the top bar: [link testid, screen testid]. */
const OTHER_SCREENS = [
  ["nav-library", "library-screen"],
  ["nav-tutorial", "tutorial"],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A page with saved settings (theme, speed) and, if given, a language. */
function open(size, { theme = "light", speed = "instant", reducedMotion, lang = "en" } = {}) {
  return openApp(browser, {
    size,
    reducedMotion: reducedMotion ?? "no-preference",
    colorScheme: theme,
    settings: { theme, speed },
    lang,
    waitFor: "board",
  });
}

/** The `data-testid` of the element with the keyboard focus. */
function focusedId(page) {
  return page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);
}

for (const vp of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`${vp.name}, ${theme}: axe finds no serious or critical violation on the game screen`, async () => {
      const { context, page, board } = await open(vp, { theme });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
      await assertNoSeriousViolations(page, `${vp.name} ${theme} start`);
      // A game under way: last move marked, preview and hint shown, a tuz on the board.
      for (const [side, n] of [["w", 7], ["b", 3], ["w", 5]]) await board.play(side, n);
      await revealSettings(page);
      await page.getByTestId("opt-eval").check();
      await board.house("b", 4).hover();
      await assertNoSeriousViolations(page, `${vp.name} ${theme} game`);
      await board.screenshot(`a11y-${vp.name}-${theme}-game`);
      for (const dialog of ["new-game", "shortcuts"]) {
        await page.keyboard.press(dialog === "new-game" ? "n" : "?");
        await page.getByTestId(`${dialog}-dialog`).waitFor();
        await assertNoSeriousViolations(page, `${vp.name} ${theme} ${dialog} dialog`);
        await board.screenshot(`a11y-${vp.name}-${theme}-${dialog}`, { fullPage: false });
        await page.keyboard.press("Escape");
        await page.getByTestId(`${dialog}-dialog`).waitFor({ state: "detached" });
      }
      await page.getByTestId("btn-resign").click();
      await page.getByTestId("resign-dialog").waitFor();
      await assertNoSeriousViolations(page, `${vp.name} ${theme} resign dialog`);
      await page.getByTestId("btn-resign-confirm").click();
      await page.getByTestId("end-dialog").waitFor();
      await assertNoSeriousViolations(page, `${vp.name} ${theme} end dialog`);
      await page.keyboard.press("Escape");
      // The other screens: add theirs here as they grow (tutorial lessons, a replay).
      for (const [nav, screen] of OTHER_SCREENS) {
        await page.getByTestId(nav).click();
        await page.getByTestId(screen).waitFor();
        await assertNoSeriousViolations(page, `${vp.name} ${theme} ${screen}`);
        await board.screenshot(`a11y-${vp.name}-${theme}-${screen}`);
      }
      assert.deepEqual(board.errors, [], "no console errors");
      await context.close();
    });
  }
}

/** Moves the focus with the arrows from the focused house to `target` and presses Enter. */
async function arrowTo(page, target) {
  for (let i = 0; i < 40; i++) {
    const at = await focusedId(page);
    if (at === target) break;
    const [, , n] = at.split("-").map((x, i) => (i === 2 ? Number(x) : x));
    const [, tside, tn] = target.split("-");
    const [, side] = at.split("-");
    // Unflipped: White's row at the bottom reads 1..9 left to right, Black's at the top 9..1.
    let key;
    if (side !== tside) key = tside === "b" ? "ArrowUp" : "ArrowDown";
    else if (side === "w") key = Number(tn) > n ? "ArrowRight" : "ArrowLeft";
    else key = Number(tn) > n ? "ArrowLeft" : "ArrowRight";
    await page.keyboard.press(key);
  }
  assert.equal(await focusedId(page), target, "the arrows reach the house");
}

test("a whole game against the computer (level 1) played with the keyboard alone", async () => {
  const vp = VIEWPORTS[1];
  const { context, page, board } = await open(vp);
  // New game: N opens the dialog with the focus inside; Tab and Enter choose; Start.
  await page.keyboard.press("n");
  const dialog = page.getByTestId("new-game-dialog");
  await dialog.waitFor();
  assert.equal(await focusedId(page), "mode-computer", "the focus moves into the dialog");
  await page.keyboard.press("Enter");
  // Tab order: mode (3), side (2), level (4): Easy is the first level.
  const tabTo = async (id) => {
    for (let i = 0; i < 20 && (await focusedId(page)) !== id; i++) await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), id);
  };
  await tabTo("side-w");
  await page.keyboard.press("Enter");
  await tabTo("level-1");
  await page.keyboard.press("Space");
  await tabTo("btn-start");
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
  assert.match(await page.getByTestId("mode").innerText(), /Level 1/);

  // Tab into the board: one stop, the first playable house, the first thing in the Tab order.
  const tabIntoBoard = async () => {
    for (let i = 0; i < 40 && !String(await focusedId(page)).startsWith("house-"); i++) {
      await page.keyboard.press("Tab");
    }
  };
  await tabIntoBoard();
  assert.equal(await focusedId(page), "house-w-1", "the board's tab stop");
  await page.keyboard.press("Tab");
  assert.ok(!(await focusedId(page)).startsWith("house-"), "one Tab leaves the board");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await focusedId(page), "house-w-1");
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  assert.ok(ring.style !== "none" && ring.width >= 2, `focus ring ${JSON.stringify(ring)}`);

  // Eight moves with the arrows, then the digit keys; a game not over at MOVES is resigned
  // with the keyboard (a whole game against Easy ran 10 to over 100 moves, 25-67 s of the
  // check, and a game against Easy played to its end is in play.test.mjs).
  const ARROW_MOVES = 8;
  const MOVES = 14;
  let moves = 0;
  let usedDigits = 0;
  for (let i = 0; moves < MOVES; i++) {
    const state = await page.waitForFunction(
      () => {
        if (document.querySelector('[data-testid="end-dialog"]')) return "end";
        const board = document.querySelector('[data-testid="board"]');
        if (board.dataset.animating === "true") return false;
        const playable = [...document.querySelectorAll(".house--playable.house--w")];
        // The last playable house: the arrows have to travel.
        return playable.length ? playable[playable.length - 1].dataset.testid : false;
      },
      null,
      { timeout: 20000 },
    );
    const target = await state.jsonValue();
    if (target === "end") break;
    const before = await board.positionString();
    // The arrows and Enter or Space for the first moves, some with the digit keys among them;
    // then the digit keys alone to the game's end (the arrows' travel is a round trip a key).
    if (i % 5 === 4 || moves >= ARROW_MOVES) {
      await page.keyboard.press(target.split("-")[2]);
      usedDigits++;
    } else {
      const at = await focusedId(page);
      if (!at?.startsWith("house-")) await tabIntoBoard();
      await arrowTo(page, target);
      await page.keyboard.press(i % 2 ? "Enter" : "Space");
    }
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="board"]').dataset.position !== prev,
      before,
    );
    moves++;
    if (moves === 3) {
      const pattern = /(White|Black) played house \d: \d+ korgools?, the last into (White|Black)'s house \d\./;
      assert.match(await announced(page, pattern), pattern);
      // U takes back the pair (the computer's answer and this move), R plays them again.
      await board.waitStill();
      await page.waitForFunction(() => !document.querySelector('[data-testid="thinking"]'));
      const here = await board.positionString();
      await page.keyboard.press("u");
      await page.waitForFunction((p) => document.querySelector('[data-testid="board"]').dataset.position !== p, here);
      assert.match(await announced(page, /Move taken back/), /Move taken back\. White to move\./);
      await page.keyboard.press("r");
      await page.waitForFunction((p) => document.querySelector('[data-testid="board"]').dataset.position === p, here);
    }
  }
  // Easy's choices vary from game to game, and always playing the last house can leave White
  // with no move in about ten: a whole game, only a short one (it ended at 10 once, on main).
  assert.ok(moves >= 5 && usedDigits > 0, `${moves} moves`);
  if (!(await page.getByTestId("end-dialog").isVisible())) {
    // Resigned: Tab to Resign, Enter; the dialog's focus on Cancel, Tab to confirm, Enter.
    await board.waitStill();
    await page.waitForFunction(() => !document.querySelector('[data-testid="thinking"]'));
    await tabTo("btn-resign");
    await page.keyboard.press("Enter");
    await page.getByTestId("resign-dialog").waitFor();
    assert.equal(await focusedId(page), "btn-resign-cancel", "the resign dialog's focus on Cancel");
    await tabTo("btn-resign-confirm");
    await page.keyboard.press("Enter");
  }
  await page.getByTestId("end-dialog").waitFor();
  assert.equal(await focusedId(page), "btn-end-close", "the end dialog takes the focus");
  const result = await page.getByTestId("end-result").innerText();
  const said = await announced(page, /Game over: (White wins|Black wins|Draw), \d+ to \d+/);
  assert.match(said, /Game over: (White wins|Black wins|Draw), \d+ to \d+/);
  // The dialog says it in the player's terms (the person plays White).
  const told = { "You won": "White wins", "You lost": "Black wins", Draw: "Draw" }[result];
  assert.ok(told && said.includes(told), `"${said}" tells the result "${result}"`);
  // Escape closes it and gives the focus back to the board.
  await page.keyboard.press("Escape");
  await page.getByTestId("end-dialog").waitFor({ state: "detached" });
  assert.match(await focusedId(page), /^(house-|BODY)/);
  await board.screenshot("a11y-keyboard-game-end", { fullPage: false });
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("houses and kazans have names with owner, number and count; the live region tells captures and tuzes", async () => {
  const { context, page, board } = await open(VIEWPORTS[0]);
  // The names as the browser's accessibility tree has them.
  assert.match(await board.house("w", 3).ariaSnapshot(), /button "White house 3: 9 korgools"/);
  assert.match(await board.kazan("b").ariaSnapshot(), /Black's kazan: 0 korgools of the 82 that win/);
  // White 9 from the start captures 10 on Black's 8 (the engine's outcome).
  await board.play("w", 9);
  const want = parsePosition(enginePosition([9]));
  const said = await announced(page, /Black to move\./);
  assert.match(said, new RegExp(`Captures ${want.kazans.w}\\.`));
  assert.match(said, new RegExp(`Kazans: White ${want.kazans.w}, Black 0\\. Black to move\\.`));
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();

  // A tuz: after 6, 1, 5, 6 Black's last korgool makes three in White's house 6 (the engine's
  // position says so), which becomes Black's tuz.
  const line = [6, 1, 5, 6];
  assert.equal(parsePosition(enginePosition(line)).tuz, "-/6");
  const second = await open(VIEWPORTS[0]);
  let side = "w";
  for (const n of line) {
    await second.board.play(side, n);
    side = side === "w" ? "b" : "w";
  }
  const tuz = /Black played house 6: .* White's house 6 becomes Black's tuz\./;
  assert.match(await announced(second.page, tuz), tuz);
  assert.match(await second.board.house("w", 6).ariaSnapshot(), /White house 6: 0 korgools, Black''?s tuz/);
  const mark = second.page.locator(".house--tuz .tuz-mark");
  assert.equal(await mark.count(), 1);
  assert.match(await mark.innerText(), /tuz/i, "a tuz is marked in words, not colour alone");
  assert.deepEqual(second.board.errors, [], "no console errors");
  await second.context.close();
});

test("colour is not the only signal: playable houses, the preview's landing, the hint", async () => {
  const { context, page, board } = await open(VIEWPORTS[1]);
  const numberBorder = (id) =>
    page.evaluate(
      (id) => getComputedStyle(document.querySelector(`[data-testid="${id}"] .house__number`)).borderTopStyle,
      id,
    );
  assert.equal(await numberBorder("house-w-1"), "solid", "a playable house's number is ringed");
  assert.equal(await numberBorder("house-b-1"), "none", "a house that cannot be played has none");
  await board.house("w", 7).hover();
  const marker = await page.evaluate(() => {
    const s = getComputedStyle(document.querySelector(".house--preview"), "::before");
    return { content: s.content, border: s.borderTopStyle };
  });
  assert.notEqual(marker.content, "none", "the landing house has a marker");
  assert.equal(marker.border, "solid");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("reduced motion: moves are instant and no transition lasts", async () => {
  const { context, page, board } = await open(VIEWPORTS[0], { speed: "slow", reducedMotion: "reduce" });
  await page.evaluate(() => {
    window.__animated = false;
    const b = document.querySelector('[data-testid="board"]');
    new MutationObserver(() => {
      if (b.dataset.animating === "true") window.__animated = true;
    }).observe(b, { attributes: true });
  });
  await board.play("w", 7);
  assert.equal(await page.evaluate(() => window.__animated), false, "no sowing animation");
  const durations = await page.evaluate(() =>
    [".house", ".kazan__progress", ".eval-bar__white", ".btn"].map((sel) => {
      const el = document.querySelector(sel);
      return el ? getComputedStyle(el).transitionDuration : "0s";
    }),
  );
  for (const d of durations) assert.match(d, /^0s(, 0s)*$/);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

/** WCAG relative luminance contrast of two `#rrggbb[aa]` colours (the first over the second). */
function contrast(fg, bg) {
  const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(rgb(fg)), lum(rgb(bg))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

test("the themes' text colours meet WCAG AA (4.5:1) on their backgrounds", async () => {
  // Text token on background token, as the stylesheets pair them.
  const PAIRS = [
    ["--c-ink", "--c-page"],
    ["--c-ink-soft", "--c-page"],
    ["--c-danger", "--c-page"],
    ["--c-accent-ink", "--c-page"],
    ["--c-count", "--c-felt"],
    ["--c-house-number", "--c-felt"],
    ["--c-count", "--c-wood-2"],
    ["--c-white-side-ink", "--c-white-side"],
    ["--c-black-side-ink", "--c-black-side"],
  ];
  const rows = [];
  for (const theme of THEMES) {
    const { context, page } = await open(VIEWPORTS[0], { theme });
    const tokens = await page.evaluate((names) => {
      const s = getComputedStyle(document.documentElement);
      return Object.fromEntries(names.map((n) => [n, s.getPropertyValue(n).trim()]));
    }, [...new Set(PAIRS.flat())]);
    for (const [fg, bg] of PAIRS) {
      const ratio = contrast(tokens[fg], tokens[bg]);
      rows.push(`${theme.padEnd(5)} ${fg.padEnd(18)} on ${bg.padEnd(14)} ${ratio.toFixed(2)}:1`);
      assert.ok(ratio >= 4.5, `${theme}: ${fg} ${tokens[fg]} on ${bg} ${tokens[bg]} is ${ratio.toFixed(2)}:1`);
    }
    await context.close();
  }
  console.log(rows.join("\n"));
});
