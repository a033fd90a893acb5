// The counting trainer (#/count) on the release build: reached from the Learn screen; a run in
// each stage with a right and a wrong landing and a right and a wrong "what it does", every
// answer checked against the engine's CLI (`toguz play --last`); the sowing shown after a wrong
// tap; the minute's end (the page's clock run forward) with the best kept over a reload; and
// the screen at 360x780 in Kyrgyz and 1280x800 in English (target/screenshots/count-*.png).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { SIZES, launchBrowser, open, parsePosition, switchLanguage, viewport } from "./board-page.mjs";

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * The engine's answer for sowing `house` in `position`: where the last korgool lands and what
 * it does there, and the position after (`toguz play --last --position`).
 */
function engineLast(position, house) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  const out = execFileSync(bin, ["play", "--last", "--position", position, String(house)], { encoding: "utf8" });
  const lines = out.split("\n");
  const [, side, landing, what] = lines.find((l) => l.startsWith("last ")).match(/^last ([wb])(\d) (capture|tuz|nothing)/);
  return { side, house: Number(landing), effect: what, after: lines[0].trim() };
}

/** The question on the board: its position, and the marked house (of the side to move). */
async function question(page) {
  const house = page.getByTestId("count-house");
  await house.waitFor({ state: "attached" });
  const position = await page.getByTestId("board").getAttribute("data-position");
  const side = await house.getAttribute("data-side");
  const number = Number(await house.getAttribute("data-house"));
  assert.equal(side, parsePosition(position).side, "the marked house is the mover's");
  return { position, side, house: number, engine: engineLast(position, number) };
}

/** Waits for the feedback of an answer: `right` as the engine judged it. */
async function feedback(page, right) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="count-feedback"]')?.dataset.right === want,
    String(right),
  );
}

/** One question answered: the landing right or wrong, then the effect right or wrong. */
async function answer(page, { landing, effect, shot }) {
  const q = await question(page);
  const { engine } = q;
  let tapped = { side: engine.side, house: engine.house };
  if (!landing) tapped = { side: engine.side, house: (engine.house % 9) + 1 };
  await page.getByTestId(`house-${tapped.side}-${tapped.house}`).click();
  await page.getByTestId("count-answer-capture").waitFor();
  await feedback(page, landing);
  if (!landing) {
    // The sowing was shown up to the last korgool: the landing house holds what the engine
    // put there before any capture (0 after a capture, 3 for a tuz).
    const board = page.getByTestId("board");
    await page.waitForFunction(() => document.querySelector('[data-testid="board"]').dataset.animating !== "true");
    const shown = Number(await board.getByTestId(`house-${engine.side}-${engine.house}`).getAttribute("data-count"));
    const after = parsePosition(engine.after).houses[engine.side][engine.house - 1];
    if (engine.effect === "nothing") assert.equal(shown, after, "the sown count is shown");
    if (engine.effect === "capture") assert.ok(shown > 0 && shown % 2 === 0 && after === 0, `an even ${shown} shown before the capture`);
    if (engine.effect === "tuz") assert.equal(shown, 3);
    assert.match(await page.getByTestId("count-feedback").innerText(), new RegExp(`${engine.house}`));
    // The board, the question, its answers and the feedback in one screen.
    if (shot) await page.screenshot({ path: `target/screenshots/${shot}.png` });
  }
  const effects = ["capture", "tuz", "nothing"];
  const said = effect ? engine.effect : effects.find((e) => e !== engine.effect);
  await page.getByTestId(`count-answer-${said}`).click();
  await page.getByTestId("count-next").waitFor();
  await feedback(page, effect);
  return q;
}

test("a run in each stage: right and wrong answers as the engine judges them, the minute's end, the best kept", async () => {
  const { context, page } = await open(browser, {
    size: SIZES.phone360,
    settings: { speed: "instant", language: "ky" },
    navigate: false,
  });
  try {
    await page.clock.install();
    await page.goto("#/tutorial");
    await page.getByTestId("learn-count").click();
    await page.getByTestId("count-start").waitFor();
    for (const stage of ["short", "lap", "laps"]) {
      await page.getByTestId(`count-stage-${stage}`).click();
      await page.getByTestId("count-start").click();
      await page.getByTestId("count-timer").waitFor();
      const right = await answer(page, { landing: true, effect: true });
      const lifted = parsePosition(right.position).houses[right.side][right.house - 1];
      const [low, high] = { short: [1, 9], lap: [10, 18], laps: [19, 162] }[stage];
      assert.ok(lifted >= low && lifted <= high, `${stage}: ${lifted} korgools`);
      await page.getByTestId("count-next").click();
      await answer(page, { landing: false, effect: false, shot: stage === "laps" && "count-phone360-ky" });
      assert.equal(await page.getByTestId("count-score").getAttribute("data-score"), "2");
      // The minute, run forward on the page's clock: the run ends and its score is the best.
      await page.clock.fastForward(61_000);
      await page.getByTestId("count-over").filter({ hasText: /\S/ }).waitFor();
      await page.waitForFunction(
        (s) => document.querySelector(`[data-testid="count-best-${s}"]`)?.dataset.best === "2",
        stage,
      );
    }
    await page.screenshot({ path: "target/screenshots/count-phone360-ky-over.png", fullPage: true });
    // Kept over a reload.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="count-best-laps"]')?.dataset.best === "2");

    await page.setViewportSize(viewport(SIZES.desktop));
    await switchLanguage(page, "en");
    await page.getByTestId("count-start").click();
    await question(page);
    await page.screenshot({ path: "target/screenshots/count-desktop-en.png" });
  } finally {
    await context.close();
  }
});
