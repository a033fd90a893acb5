// The practice positions (#/practice) on the release build: reached from the Learn screen,
// the 24 positions of public/practice.tsv by theme; a position won against level 1 with the
// engine's CLI choosing the player's moves (`toguz bestmove`), recorded as the end dialog opens,
// tried again and resigned, the best result kept over a reload; and the screen at 1280x800 in
// English and 360x780 in Kyrgyz (target/screenshots/practice-*.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { SIZES, launchBrowser, open, parsePosition, switchLanguage, viewport } from "./board-page.mjs";

/** The positions of the set, by id. */
const SET = new Map(
  readFileSync("public/practice.tsv", "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"))
    .map(([id, position, theme, goal]) => [id, { position, theme, goal }]),
);
/** A tuz endgame that White wins by force in 13 plies: short enough to play out here. */
const WON = "efb73c67";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The engine's move in `position` (`toguz bestmove`), deep enough to see the forced win. */
function engineMove(position) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  const out = execFileSync(bin, ["bestmove", "--position", position, "--depth", "14"], { encoding: "utf8" });
  return Number(out.match(/^bestmove (\d)/m)[1]);
}

/** The result line of position `id` on the practice screen, once it reads `result`. */
async function resultIs(page, id, result) {
  await page.waitForFunction(
    ([id, result]) =>
      document.querySelector(`[data-testid="practice-item"][data-id="${id}"] [data-testid="practice-result"]`)?.dataset
        .result === result,
    [id, result],
  );
}

/** Plays the side to move with the engine's moves until the end dialog opens. */
async function playToTheEnd(page, board, me) {
  for (let i = 0; i < 40; i++) {
    const state = await page.waitForFunction(
      (me) => {
        if (document.querySelector('[data-testid="end-dialog"]')) return "end";
        const b = document.querySelector('[data-testid="board"]');
        if (b.dataset.animating === "true" || document.querySelector('[data-testid="thinking"]')) return false;
        return b.dataset.position.trim().split(" ")[3] === me ? "move" : false;
      },
      me,
      { timeout: 30_000 },
    );
    if ((await state.jsonValue()) === "end") return;
    await board.play(me, engineMove(await board.positionString()));
  }
  assert.fail(`no end after 40 moves: ${await board.describe()}`);
}

test("a practice position won against level 1, tried again, its best result kept over a reload", async () => {
  const { context, page, board } = await open(browser, {
    size: SIZES.desktop,
    hash: "#/tutorial",
    settings: { speed: "instant", sound: false },
    waitFor: "learn-practice",
  });
  try {
    await page.getByTestId("learn-practice").click();
    await page.getByTestId("practice-screen").waitFor();
    await page.getByTestId("practice-item").nth(23).waitFor();
    assert.equal(await page.getByTestId("practice-item").count(), SET.size);
    const themes = await page.getByTestId("practice-group").evaluateAll((g) => g.map((e) => e.dataset.theme));
    assert.deepEqual(themes, ["tuz_endgame", "convert", "defend"]);
    const results = await page.getByTestId("practice-result").evaluateAll((r) => r.map((e) => e.dataset.result));
    assert.deepEqual(new Set(results), new Set(["none"]), "nothing tried yet");
    await page.screenshot({ path: "target/screenshots/practice-desktop-en.png" });

    // Level 1, then the position: a game against it on the play screen, from that position.
    await page.getByTestId("practice-level").selectOption("1");
    const item = page.locator(`[data-testid="practice-item"][data-id="${WON}"]`);
    await item.getByTestId("practice-open").click();
    await board.board().waitFor();
    const start = SET.get(WON).position;
    assert.equal(await board.positionString(), start);
    assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
    const me = parsePosition(start).side;
    await playToTheEnd(page, board, me);
    const end = page.getByTestId("practice-end");
    await end.waitFor();
    assert.equal(await end.getAttribute("data-result"), "won");
    assert.equal(await end.getAttribute("data-reached"), "true");
    await page.screenshot({ path: "target/screenshots/practice-end-desktop-en.png" });

    // Tried again: the same position against the same level; resigned, it is lost.
    await page.getByTestId("practice-again").click();
    await page.waitForFunction((start) => document.querySelector('[data-testid="board"]').dataset.position === start, start);
    assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
    // Resigning is offered once a move is played.
    await board.play(me, engineMove(start));
    await page.getByTestId("btn-resign").click();
    await page.getByTestId("btn-resign-confirm").click();
    await page.locator('[data-testid="practice-end"][data-result="lost"]').waitFor();
    assert.equal(await end.getAttribute("data-reached"), "false");

    // Back to the list: the best result stays, with its level, and is kept over a reload.
    await page.getByTestId("practice-back").click();
    await page.getByTestId("practice-screen").waitFor();
    await resultIs(page, WON, "won");
    await page.reload();
    await resultIs(page, WON, "won");
    assert.match(await item.getByTestId("practice-result").innerText(), /Won · Level 1/);
    assert.match(await page.getByTestId("practice-done").innerText(), /1 of 24/);
    // Two games played to their end, two tries: none counted twice.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("toguz.practice")));
    assert.equal(kept.data.results[WON].tries, 2);

    await page.setViewportSize(viewport(SIZES.phone360));
    await switchLanguage(page, "ky");
    await resultIs(page, WON, "won");
    await page.screenshot({ path: "target/screenshots/practice-phone360-ky.png" });
    await page.screenshot({ path: "target/screenshots/practice-phone360-ky-full.png", fullPage: true });
    assert.deepEqual(board.errors, []);
  } finally {
    await context.close();
  }
});
