// The puzzle trainer (#/puzzles) on the release build: a puzzle solved (the rating
// goes up), one failed (it goes down and the opponent's best reply is played), retry, hint,
// the solution, next, a longer puzzle with the stored reply, the progress kept over a reload
// and a damaged value, offline after the first visit, and screenshots at four sizes in English
// and Kazakh (target/screenshots/puzzles-*.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { BASE_URL, BoardPage, SCREENSHOTS, SIZES, launchBrowser, open, playingFrom, switchLanguage, viewport } from "./board-page.mjs";
import { assertNoSeriousViolations } from "./axe.mjs";
import { mkdirSync } from "node:fs";
import path from "node:path";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Puzzles of public/puzzles.tsv the tests use (id, position, solution). */
const ONE = { id: "1062bc13", position: "16,4,0,1,4,5,5,0,3/6,0,3,18,3,1,9,3,1 37/43 2/8 w", solution: [1] };
const FAIL = { id: "196a7642", position: "1,0,6,1,3,21,4,5,5/0,6,2,19,1,2,6,0,1 39/40 8/2 w", solution: [9] };
const BLACK = { id: "04097bd0", position: "1,1,4,0,7,0,27,0,0/0,0,2,2,1,1,0,1,8 57/50 1/4 b", solution: [9] };
const LONG = { id: "0c8c52c5", position: "7,4,3,6,2,7,0,3,3/6,3,2,3,0,2,1,5,3 71/31 5/7 w", solution: [9, 1, 6] };
const HINT = { id: "19da9758", position: "2,14,4,13,1,0,3,15,0/0,3,0,3,1,1,17,1,1 63/20 3/6 w", solution: [4] };
const SHOW = { id: "10be7229", position: "2,13,13,13,13,2,0,12,12/12,0,11,1,2,1,2,12,12 24/5 -/7 w", solution: [2] };

/** The position after `moves` from `position`, by the engine's CLI (`toguz play --position`). */
function positionAfter(position, moves) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  const out = execFileSync(bin, ["play", "--position", position, ...moves.map(String)], { encoding: "utf8" });
  return out.split("\n")[0].trim();
}

/** Sowings instant unless `speed` is given (the settings of a returning player). */
function speedScript(speed) {
  return `try { if (!localStorage.getItem("toguz.settings")) localStorage.setItem("toguz-settings", JSON.stringify({ speed: ${JSON.stringify(speed)} })); } catch {}`;
}

class PuzzlePage extends BoardPage {
  board() {
    return this.page.getByTestId("puzzle-board");
  }

  async openPuzzle(p) {
    await this.page.goto(`${BASE_URL}#/puzzles/${p.id}`);
    await this.waitPosition(p.position);
  }

  async waitPosition(position) {
    await this.page.waitForFunction(
      (want) => document.querySelector('[data-testid="puzzle-board"]')?.dataset.position === want,
      position,
      { timeout: 20_000 },
    );
  }

  async waitResult(status) {
    await this.page.waitForFunction(
      (want) => document.querySelector('[data-testid="puzzle-result"]')?.dataset.status === want,
      status,
      { timeout: 20_000 },
    );
  }

  async rating() {
    return Number(await this.page.getByTestId("puzzle-rating").getAttribute("data-rating"));
  }

  async streak() {
    return Number(await this.page.getByTestId("puzzle-streak").getAttribute("data-streak"));
  }

  async puzzleId() {
    return this.page.getByTestId("puzzle-meta").getAttribute("data-id");
  }

  async waitStill() {
    await this.page.waitForFunction(
      () => document.querySelector('[data-testid="puzzle-board"]')?.dataset.animating === "false",
      null,
      { timeout: 20_000 },
    );
  }
}

async function openPage({ speed = "instant", size = SIZES.phone, locale, touch = false, serviceWorkers } = {}) {
  const { context, page, board } = await open(browser, {
    size,
    locale,
    serviceWorkers,
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
    initScripts: [speedScript(speed)],
    navigate: false,
    pageObject: PuzzlePage,
  });
  return { context, page, pz: board };
}

test("a puzzle solved: right, the rating and the streak go up, the theme shows, the history links back", async () => {
  const { context, page, pz } = await openPage({ speed: "fast" });
  await pz.openPuzzle(ONE);
  assert.equal(await pz.rating(), 1000);
  assert.equal(await pz.streak(), 0);
  assert.match(await page.getByTestId("puzzle-prompt").innerText(), /White to move/);
  assert.match(await page.getByTestId("puzzle-theme").innerText(), /shown once solved/);
  await pz.house("w", ONE.solution[0]).click();
  await pz.waitResult("solved");
  assert.equal(await page.getByTestId("puzzle-result").getAttribute("data-result"), "right");
  // Nothing is left to find: the prompt goes, "Solved!" stays.
  assert.equal(await page.getByTestId("puzzle-prompt").innerText(), "");
  assert.match(await page.getByTestId("puzzle-result").innerText(), /^Solved!$/);
  // The sowing is animated: the board draws frames before it settles on the engine's position.
  assert.equal(await pz.board().getAttribute("data-animating"), "true");
  await pz.waitStill();
  assert.equal(await pz.positionString(), positionAfter(ONE.position, ONE.solution));
  assert.ok((await pz.rating()) > 1000, "the rating goes up");
  assert.equal(await pz.streak(), 1);
  assert.match(await page.getByTestId("puzzle-theme").innerText(), /Capture/);
  assert.match(await page.getByTestId("puzzle-source").innerText(), /PlayOK/);
  const link = page.getByTestId("puzzle-history-link").first();
  assert.equal(await link.getAttribute("data-id"), ONE.id);
  assert.equal(await link.getAttribute("data-result"), "solved");
  assert.match(page.url(), new RegExp(`#/puzzles/${ONE.id}$`));

  // Reload: the progress is kept.
  const rating = await pz.rating();
  await page.reload();
  await pz.waitPosition(ONE.position);
  assert.equal(await pz.rating(), rating);
  assert.equal(await pz.streak(), 1);
  assert.equal(await page.getByTestId("puzzle-history-link").count(), 1);
  // Next: another puzzle; the history's link brings the solved one back.
  await page.getByTestId("btn-puzzle-next").click();
  await page.waitForFunction((id) => document.querySelector('[data-testid="puzzle-meta"]')?.dataset.id !== id, ONE.id);
  const next = await pz.puzzleId();
  assert.notEqual(next, ONE.id);
  assert.match(page.url(), new RegExp(`#/puzzles/${next}$`));
  await page.getByTestId("puzzle-history-link").first().click();
  await pz.waitPosition(ONE.position);
  assert.equal(await pz.puzzleId(), ONE.id);
  assert.deepEqual(pz.errors, []);
  await context.close();
});

test("a puzzle failed: wrong, the opponent's best reply is played, the rating goes down; retry, then solved unrated", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(FAIL);
  await pz.house("w", 1).click();
  await pz.waitResult("wrong");
  assert.equal(await page.getByTestId("puzzle-result").getAttribute("data-result"), "wrong");
  assert.ok((await pz.rating()) < 1000, "the rating goes down");
  assert.equal(await pz.streak(), 0);
  // The search worker's best reply is played on the board: White is to move again.
  await page.waitForFunction(() =>
    /The opponent answers with house \d/.test(document.querySelector('[data-testid="puzzle-result"]').innerText),
    null,
    { timeout: 30_000 },
  );
  const reply = Number((await page.getByTestId("puzzle-result").innerText()).match(/answers with house (\d)/)[1]);
  assert.equal(await pz.positionString(), positionAfter(FAIL.position, [1, reply]));
  assert.ok(await page.getByTestId("btn-puzzle-hint").isDisabled());
  // Retry: back to the puzzle's position; the right move now solves it, not rated again.
  const rating = await pz.rating();
  await page.getByTestId("btn-puzzle-retry").click();
  await pz.waitPosition(FAIL.position);
  await pz.waitResult("playing");
  await pz.house("w", FAIL.solution[0]).click();
  await pz.waitResult("solved");
  assert.equal(await pz.rating(), rating);
  assert.equal(await pz.streak(), 0);
  assert.equal(await page.getByTestId("puzzle-history-link").first().getAttribute("data-result"), "failed");
  assert.deepEqual(pz.errors, []);
  await context.close();
});

test("a longer puzzle: the stored reply is played after each right move", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(LONG);
  assert.match(await page.getByTestId("puzzle-prompt").innerText(), /1 of 2/);
  await pz.house("w", 9).click();
  await pz.waitPosition(positionAfter(LONG.position, [9, 1]));
  await pz.waitResult("playing");
  assert.equal(await page.getByTestId("puzzle-result").getAttribute("data-result"), "right");
  assert.match(await page.getByTestId("puzzle-result").innerText(), /Right! The opponent answers with house 1/);
  assert.match(await page.getByTestId("puzzle-prompt").innerText(), /2 of 2/);
  // The keyboard plays the next move: 6.
  await page.keyboard.press("6");
  await pz.waitResult("solved");
  const solved = positionAfter(LONG.position, LONG.solution);
  assert.equal(await pz.positionString(), solved);
  assert.ok((await pz.rating()) > 1000);
  // Over: a game against the computer from the position shown, the player on the side to
  // move, at the level offered first (4) or the one chosen.
  assert.equal(await page.getByTestId("play-from-here-level").inputValue(), "4");
  await page.getByTestId("play-from-here-level").selectOption("2");
  await page.getByTestId("btn-play-from-here").click();
  await playingFrom(page, solved, 2);
  await context.close();
});

test("the side to move is at the bottom: Black's puzzle flips the board", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(BLACK);
  assert.match(await pz.board().getAttribute("class"), /board--flipped/);
  assert.match(await page.getByTestId("puzzle-prompt").innerText(), /Black to move/);
  await pz.house("b", 9).click();
  await pz.waitResult("solved");
  await context.close();
});

test("hint: the house glows and it counts as a miss; show: the solution is played", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(HINT);
  await page.getByTestId("btn-puzzle-hint").click();
  await page.waitForSelector('[data-testid="puzzle-board"] .house--hint');
  assert.match(await pz.house("w", HINT.solution[0]).getAttribute("class"), /house--hint/);
  assert.equal(await page.locator('[data-testid="puzzle-board"] .house--hint').count(), 1);
  assert.ok((await pz.rating()) < 1000, "a hint is a miss");
  await pz.house("w", HINT.solution[0]).click();
  await pz.waitResult("solved");
  assert.equal(await page.getByTestId("puzzle-result").innerText(), "Solved with a hint.");

  await pz.openPuzzle(SHOW);
  const rating = await pz.rating();
  await page.keyboard.press("s");
  await pz.waitResult("shown");
  await pz.waitPosition(positionAfter(SHOW.position, SHOW.solution));
  assert.ok((await pz.rating()) < rating, "the solution shown is a miss");
  assert.match(await page.getByTestId("puzzle-theme").innerText(), /Tuz/);
  // It names the move in words (the house played, where it lands), and why it works.
  assert.match(await page.getByTestId("puzzle-result").innerText(), /^The solution is house 2, landing in house \d\. It makes a tuz/);
  // Themes: only "Tuz" chosen, the next puzzles are tuz puzzles.
  await page.getByTestId("puzzle-theme-tuz").click();
  assert.equal(await page.getByTestId("puzzle-theme-tuz").getAttribute("aria-pressed"), "true");
  assert.equal(await page.getByTestId("puzzle-theme-all").getAttribute("aria-pressed"), "false");
  for (let i = 0; i < 3; i++) {
    const id = await pz.puzzleId();
    await page.getByTestId("btn-puzzle-next").click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="puzzle-meta"]')?.dataset.id !== id, id);
    await page.getByTestId("btn-puzzle-show").click();
    await pz.waitResult("shown");
    assert.match(await page.getByTestId("puzzle-theme").innerText(), /Tuz/);
  }
  await context.close();
});

test("source game: the PlayOK game a puzzle comes from opens in the replay", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(ONE);
  // The game and the move, not the file it is kept in (a name for the app, not the player).
  assert.match(await page.getByTestId("puzzle-source").innerText(), /a PlayOK game \(game 75, move 8\)/);
  await page.getByTestId("btn-puzzle-source").click();
  await page.getByTestId("replay-screen").waitFor();
  assert.match(page.url(), /#\/replay\//);
  // Opened twice: the same game, not a second copy.
  const first = page.url();
  await page.goBack();
  await pz.waitPosition(ONE.position);
  await page.getByTestId("btn-puzzle-source").click();
  await page.getByTestId("replay-screen").waitFor();
  assert.equal(page.url(), first);
  // Self-play puzzles have no record to open.
  await pz.openPuzzle(FAIL);
  assert.equal(await page.getByTestId("btn-puzzle-source").count(), 0);
  assert.deepEqual(pz.errors, []);
  await context.close();
});

test("analyse: offered once the puzzle is over, it opens on the puzzle's position and comes back unrated", async () => {
  const { context, page, pz } = await openPage();
  await pz.openPuzzle(SHOW);
  const id = await pz.puzzleId();
  // Unsolved, its engine lines would give the answer away.
  assert.equal(await page.getByTestId("btn-puzzle-analyse").isVisible(), false);
  await page.getByTestId("btn-puzzle-show").click();
  await pz.waitResult("shown");
  const rating = await pz.rating();
  const shown = positionAfter(SHOW.position, SHOW.solution);
  await pz.waitPosition(shown);
  await page.getByTestId("btn-puzzle-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  assert.match(page.url(), /#\/analysis\//);
  assert.match(decodeURIComponent(page.url()), new RegExp(shown.split(" ")[0].replaceAll("/", "\\/")));
  await page.getByTestId("back-to-game").click();
  await pz.waitPosition(SHOW.position);
  assert.equal(await pz.puzzleId(), id);
  // Played again after the answer was seen: solved, and the rating stays.
  await pz.house("w", SHOW.solution[0]).click();
  await pz.waitResult("solved");
  assert.equal(await pz.rating(), rating);
  assert.match(await page.getByTestId("puzzle-result").innerText(), /rating does not change/);
  assert.deepEqual(pz.errors, []);
  await context.close();
});

test("screenshots: the solution shown and explained, in English and Russian", async () => {
  // One page per size; the solution shown once, then said and shot in each language in turn.
  for (const [name, size, touch] of [["phone390", SIZES.phone, true], ["desktop", SIZES.desktop, false]]) {
    const { context, page, pz } = await openPage({ size, touch });
    await page.goto(BASE_URL);
    await page.evaluate(() => localStorage.setItem("toguz-settings", JSON.stringify({ speed: "instant", language: "en" })));
    await pz.openPuzzle(SHOW);
    await page.getByTestId("btn-puzzle-show").click();
    await pz.waitResult("shown");
    await pz.waitStill();
    for (const lang of ["en", "ru"]) {
      await switchLanguage(page, lang);
      const said = await page.getByTestId("puzzle-result").innerText();
      assert.match(
        said,
        lang === "ru"
          ? /^Решение — ход из дома 2, последний коргоол попадает в дом \d\..*туз/
          : /^The solution is house 2, landing in house \d\..*tuz/,
      );
      // Neither the puzzle's hash id nor the file it comes from is shown.
      const meta = await page.getByTestId("puzzle-meta").innerText();
      assert.ok(!meta.includes(await pz.puzzleId()), meta);
      assert.doesNotMatch(meta, /\.pgn/);
      // The keys are told where there is a keyboard, not on a touch screen.
      assert.equal(await page.getByTestId("puzzle-keys").isVisible(), !touch, `${name}: the keys`);
      assert.equal(await page.getByTestId("puzzle-prompt").innerText(), "");
      await page.screenshot({ path: path.join(SCREENSHOTS, `puzzles-shown-${lang}-${name}.png`) });
    }
    await context.close();
  }
});

test("damaged progress is backed up and reported; the trainer starts afresh", async () => {
  const { context, page, pz } = await openPage();
  await page.goto(BASE_URL);
  await page.evaluate(() => localStorage.setItem("toguz.puzzles", '{"kind":"puzzles","v":1,"data":{"rating":'));
  await pz.openPuzzle(ONE);
  assert.equal(await pz.rating(), 1000);
  assert.equal(
    await page.evaluate(() => localStorage.getItem("toguz.backup.toguz.puzzles")),
    '{"kind":"puzzles","v":1,"data":{"rating":',
  );
  await page.getByTestId("storage-notice").first().waitFor();
  await pz.house("w", ONE.solution[0]).click();
  await pz.waitResult("solved");
  await context.close();
});

test("offline after the first visit: the puzzles are precached", async () => {
  const { context, page, pz } = await openPage({ serviceWorkers: "allow" });
  await page.goto(`${BASE_URL}#/puzzles/${ONE.id}`);
  await pz.waitPosition(ONE.position);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  // Wait for the precache to hold the puzzle file.
  await page.waitForFunction(
    async () => {
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        if ((await cache.keys()).some((r) => r.url.endsWith("/puzzles.tsv"))) return true;
      }
      return false;
    },
    null,
    { timeout: 20_000 },
  );
  await pz.house("w", ONE.solution[0]).click();
  await pz.waitResult("solved");
  const rating = await pz.rating();
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.goto(`${BASE_URL}#/puzzles/${FAIL.id}`);
  await page.reload();
  await pz.waitPosition(FAIL.position);
  assert.equal(await pz.rating(), rating);
  await pz.house("w", FAIL.solution[0]).click();
  await pz.waitResult("solved");
  await context.close();
});

test("screenshots: phone portrait and landscape, desktop, in English and Kazakh", async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const sizes = [
    ["phone-360", SIZES.phone360],
    ["phone-390", SIZES.phone],
    ["landscape", SIZES.landscape],
    ["desktop", SIZES.desktop],
  ];
  // One page for every size (none is a touch phone's: the sizes differ only in their layout,
  // switched in place): the wrong move made once, and its explanation written once, then shot
  // in each language at each size.
  const { context, page, pz } = await openPage({ size: sizes[0][1] });
  await page.goto(BASE_URL);
  await page.evaluate(() => localStorage.setItem("toguz-settings", JSON.stringify({ speed: "instant", language: "en" })));
  await pz.openPuzzle(FAIL);
  await pz.house("w", 1).click();
  await pz.waitResult("wrong");
  await page.waitForFunction(() => document.querySelector('[data-testid="puzzle-result"]').innerText.length > 60, null, { timeout: 30_000 });
  await pz.waitStill();
  for (const lang of ["en", "kk"]) {
    await switchLanguage(page, lang);
    for (const [name, size] of sizes) {
      await page.setViewportSize(viewport(size));
      // At the top, as a page opened at this size is (the last size's scroll would stay).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOTS, `puzzles-${lang}-${name}.png`) });
      await page.screenshot({ path: path.join(SCREENSHOTS, `puzzles-${lang}-${name}-full.png`), fullPage: true });
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${lang} ${name}: ${overflow}px too wide`);
      // axe-core: no serious or critical violation (after a wrong move, every part shown).
      if (name === "phone-360" || name === "desktop") await assertNoSeriousViolations(page, `puzzles ${lang} ${name}`);
    }
  }
  await context.close();
});
