// Words and numbers: counts agree with their nouns in each language, decimals use the
// language's separator everywhere, and the page's title is the app's name in its language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SIZES, cardAction, launchBrowser, open } from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function reviewDone(page) {
  await page.locator('[data-testid="review-progress"][data-done="true"]').waitFor({ timeout: 90_000 });
}

/** Plays `moves` ([side, house]) on a new two-player game, then reviews it from the library. */
async function reviewOf(page, board, moves) {
  await board.board().waitFor();
  await board.setSpeed("instant");
  for (const [side, h] of moves) await board.play(side, h);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await reviewDone(page);
  return page.getByTestId("review-progress").innerText();
}

test("the page's title is the app's name in the player's language", async () => {
  for (const [locale, name] of [
    ["en-US", "Toguz Korgool"],
    ["ru-RU", "Тогуз коргоол"],
    ["ky-KG", "Тогуз коргоол"],
    ["kk-KZ", "Тоғызқұмалақ"],
  ]) {
    const { context, page, board } = await open(browser, { size: SIZES.phone, locale, waitFor: "board" });
    assert.equal(await page.title(), name, locale);
    await page.getByTestId("nav-library").click();
    await page.getByTestId("library-screen").waitFor();
    assert.equal(await page.title(), name, `${locale}, on another screen`);
    assert.deepEqual(board.errors, []);
    await context.close();
  }
});

test("Russian: a review counts its moves with the right noun, and the accuracy has a decimal comma", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.phone, locale: "ru-RU" });
  const said = await reviewOf(page, board, [["w", 4], ["b", 1], ["w", 2], ["b", 9]]);
  // Four plies are two moves, as the counter and the list number them.
  assert.match(said, /Проанализированы 2 хода/);
  for (const side of ["w", "b"]) {
    const accuracy = await page.getByTestId(`review-accuracy-${side}`).innerText();
    assert.match(accuracy, /^\d+,\d$/, `accuracy ${accuracy}`);
  }
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("English: one move is '1 move', in the review and in a shared game", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.phone, locale: "en-US" });
  const said = await reviewOf(page, board, [["w", 7]]);
  assert.match(said, /Analysed: 1 move at/);
  await page.getByTestId("nav-library").click();
  await (await cardAction(page.getByTestId("library-game").first(), "game-share")).click();
  const link = await page.getByTestId("share-link").inputValue();
  await context.close();
  const friend = await open(browser, { size: SIZES.phone, url: link, locale: "en-US" });
  const prompt = friend.page.getByTestId("shared-summary");
  await prompt.waitFor();
  const text = await prompt.innerText();
  assert.match(text, /: 1 move, /);
  assert.doesNotMatch(text, /1 moves/);
  assert.deepEqual(friend.board.errors, []);
  await friend.context.close();
});
