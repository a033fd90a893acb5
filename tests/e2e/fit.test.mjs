// The review, the analysis board and the editor fit every screen the app is made for: on a
// phone on its side and on a desktop the board stands beside its panel, as on the play
// screen, the tutorial and the puzzles, so the whole board, its own controls and the first
// things of the panel are in sight without scrolling. Screenshots in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BoardPage, SIZES, launchBrowser, open as openApp, switchLanguage, viewport } from "./board-page.mjs";

/** The languages checked: English, and Russian for its longer words. */
const LANGS = ["en", "ru"];
/** Every size, upright and on its side, with the name used in the screenshots' files. */
const ALL = [SIZES.phone360, SIZES.phone, SIZES.landscapeSmall, SIZES.landscape, SIZES.desktop];
const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");
/** The first game of korgol.pgn (119 plies). */
const FIRST = KORGOL.split(/(?=\[Event )/).filter((g) => g.trim())[0];
/** A position in the middle of a game (`toguz play 7 3 9 5 2 8 4 1 6 6 3 2`), with a tuz. */
const MIDDLE = "14,4,2,4,2,3,5,14,5/2,1,0,16,5,2,16,4,16 21/26 3/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Goes to `size` and waits for a frame drawn at it. */
async function resize(page, size) {
  await page.setViewportSize(viewport(size));
  await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [size.width, size.height]);
}

/** The boxes of `testids` that are not wholly inside the viewport, as readable lines. */
async function outside(page, testids) {
  return page.evaluate((ids) => {
    const out = [];
    for (const id of ids) {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) {
        out.push(`${id}: missing`);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) out.push(`${id}: hidden`);
      else if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
        out.push(`${id}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    return out;
  }, testids);
}

/**
 * At every size, in each of LANGS (switched in place), each group of `groups` (test ids) in
 * sight and no sideways scroll; a screenshot. On a phone held upright the screen is a column
 * to scroll: a group must be in sight once its first element is scrolled to the top; on its
 * side and on a desktop, all of them at the top of the page.
 */
async function fits(page, screen, groups) {
  const bad = [];
  for (const size of ALL) {
    await resize(page, size);
    const upright = size.height > size.width;
    for (const lang of LANGS) {
      await switchLanguage(page, lang);
      for (const ids of upright ? groups : [groups.flat()]) {
        await page.evaluate(
          ([ids, upright]) => {
            window.scrollTo(0, 0);
            if (!upright) return;
            const tops = ids
              .map((id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top)
              .filter((t) => t !== undefined);
            window.scrollTo(0, Math.min(...tops) - 8);
          },
          [ids, upright],
        );
        const out = await outside(page, ids);
        if (out.length) bad.push(`${size.width}x${size.height} ${lang}: ${out.join("; ")}`);
      }
      if (await page.evaluate(() => document.documentElement.scrollWidth > innerWidth + 1)) {
        bad.push(`${size.width}x${size.height} ${lang}: the page scrolls sideways`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await new BoardPage(page).screenshot(`fit-${screen}-${lang}-${size.name}`, { fullPage: false });
    }
  }
  assert.deepEqual(bad, [], `${screen}: out of sight`);
}

const HOUSES = ["w", "b"].flatMap((s) => [1, 9].map((n) => `house-${s}-${n}`));

async function importGame(page) {
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(FIRST);
  await page.getByTestId("import-do").click();
  await page.getByTestId("library-game").first().waitFor();
}

// Each screen opened once; at each size both languages are checked, switched in place.
test(`the review: the whole board and its ◀ ▶ in sight at every size (${LANGS.join(", ")})`, async () => {
  const { page, board } = await openApp(browser, { size: SIZES.desktop, hash: "#/library", locale: "en-US" });
  await importGame(page);
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await page.getByTestId("review-screen").waitFor();
  await page.getByTestId("review-next").click();
  await fits(page, "review", [[...HOUSES, "review-prev", "review-next", "review-counter", "eval-bar"]]);
  assert.deepEqual(board.errors, []);
  await page.close();
});

test(`the analysis board: the board, ◀ ▶ and the engine's lines in sight at every size (${LANGS.join(", ")})`, async () => {
  const hash = `#/analysis/${encodeURIComponent(MIDDLE)}`;
  const { page, board } = await openApp(browser, { size: SIZES.desktop, hash, locale: "en-US", waitFor: "analysis-screen" });
  await page.locator('[data-testid="analysis-line-1"][data-house]').waitFor();
  // Upright, the board comes first with ◀ ▶; the engine's lines follow further down.
  const nav = [...HOUSES, "analysis-back", "analysis-forward", "eval-bar"];
  await fits(page, "analysis", [["analysis-line-1", "analysis-line-3"], nav]);
  assert.deepEqual(board.errors, []);
  await page.close();
});

test(`the editor: the board and the selected house's − and + in sight at every size (${LANGS.join(", ")})`, async () => {
  const { page, board } = await openApp(browser, { size: SIZES.desktop, hash: "#/editor", locale: "en-US", waitFor: "editor-board" });
  await page.getByTestId("house-w-4").click();
  await fits(page, "editor", [[...HOUSES, "editor-minus", "editor-plus", "editor-count"]]);
  assert.deepEqual(board.errors, []);
  await page.close();
});
