// The repertoire trainer (#/train) on the release build: a study of two variations imported in
// the library, trained as White from its card; a right first move (the app's reply is one of
// the two variations), then a wrong move shown and the study's move played; then, the page's
// clock a few minutes on, the Learn screen counts the missed position due and a new session
// starts on it. Then a study made from the explorer's most played lines trains from the
// book's first move. Every position is the engine's (`toguz play`). Screenshots at 1280x800
// in English and 360x780 in Kyrgyz (target/screenshots/train-*.png). And a deleted study
// leaves no training cards behind: they go when its undo runs out, or when the trainer opens.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { SIZES, enginePosition, launchBrowser, open, switchLanguage, viewport } from "./board-page.mjs";

const STUDY = `[Study "Two lines"]

1. 7 9 (1... 1 2. 2) 2. 6 *
`;
/** Black's two replies to 1.7, and White's move in the study after each. */
const ANSWER = { 9: 6, 1: 2 };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Waits until the board shows `position` and no sowing runs. */
async function shows(page, position) {
  await page.waitForFunction(
    (want) => {
      const b = document.querySelector('[data-testid="board"]');
      return b?.dataset.position === want && b.dataset.animating !== "true";
    },
    position,
  );
}

/** Waits for the feedback of an answer, `right` or not. */
async function feedback(page, right) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="train-feedback"]')?.dataset.right === want,
    String(right),
  );
}

/** The reply the app chose after 1.7: 9 or 1, read from the board. */
async function reply(page) {
  const after = { 9: enginePosition([7, 9]), 1: enginePosition([7, 1]) };
  await page.waitForFunction(
    (both) => {
      const b = document.querySelector('[data-testid="board"]');
      return both.includes(b?.dataset.position) && b.dataset.animating !== "true";
    },
    Object.values(after),
  );
  const shown = await page.getByTestId("board").getAttribute("data-position");
  return Number(Object.keys(after).find((k) => after[k] === shown));
}

/**
 * A fresh page at `size` in English, sowings instant, its clock under the test's hand, with
 * `text`'s studies imported into the library (the library shown).
 */
async function withStudies(size, text) {
  const opened = await open(browser, {
    size,
    settings: { speed: "instant", sound: false, language: "en" },
    navigate: false,
  });
  const { page } = opened;
  await page.clock.install();
  await page.goto("#/library");
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
  return opened;
}

test("a two-variation study trained as White: right, then wrong, then the missed position due again; a study from the explorer's lines", async () => {
  const { context, page } = await withStudies(SIZES.desktop, STUDY);
  try {
    await page.getByTestId("library-study").waitFor();
    await page.getByTestId("library-study").getByTestId("btn-train-study").click();
    await page.getByTestId("train-screen").waitFor();
    assert.equal(await page.getByTestId("train-study-title").innerText(), "Two lines");
    await page.getByTestId("train-as-black").click();
    await page.getByTestId("train-as-white").click();
    assert.equal(await page.getByTestId("train-as-white").getAttribute("aria-pressed"), "true");
    await page.getByTestId("train-start").click();
    await shows(page, enginePosition([]));
    assert.match(await page.getByTestId("train-prompt").innerText(), /White to play \(1\.\)/);

    // Right: 1.7, and the app answers from the tree.
    await page.getByTestId("house-w-7").click();
    await feedback(page, true);
    const black = await reply(page);
    assert.match(await page.getByTestId("train-line").innerText(), /1\. 76\(10\)/);
    assert.match(await page.getByTestId("train-prompt").innerText(), /White to play \(2\.\)/);
    const missed = enginePosition([7, black]);

    // Wrong: 5 instead of the study's move, which is then played.
    await page.getByTestId("house-w-5").click();
    await feedback(page, false);
    await shows(page, enginePosition([7, black, ANSWER[black]]));
    const said = await page.getByTestId("train-feedback").innerText();
    assert.match(said, /Not 5\S*: the study plays \d/);
    assert.match(said, /comes back sooner/);
    await page.screenshot({ path: "target/screenshots/train-desktop-en.png" });
    await page.getByTestId("train-next").click();
    await page.getByTestId("train-prompt").filter({ hasText: "End of the line" }).waitFor();

    // Nothing is due yet; two minutes on, the missed position is (the right one, not before ten).
    await page.goto("#/tutorial");
    const due = page.getByTestId("train-due");
    await due.waitFor();
    assert.equal(await due.getAttribute("data-due"), "0");
    await page.clock.fastForward(2 * 60_000);
    await page.goto("#/library");
    await page.getByTestId("library-study").waitFor();
    await page.goto("#/tutorial");
    await page.waitForFunction(() => document.querySelector('[data-testid="train-due"]')?.dataset.due === "1");
    await page.screenshot({ path: "target/screenshots/train-learn-desktop-en.png" });
    await page.getByTestId("learn-train").click();
    const listed = page.getByTestId("train-study");
    await listed.filter({ hasText: "Positions due: 1" }).waitFor();
    await listed.click();
    await page.getByTestId("train-start").waitFor();
    await page.screenshot({ path: "target/screenshots/train-setup-desktop-en.png" });
    await page.getByTestId("train-start").click();
    await shows(page, missed);
    assert.match(await page.getByTestId("train-prompt").innerText(), /White to play \(2\.\)/);

    // The same session at 360x780 in Kyrgyz, after a wrong move.
    await page.setViewportSize(viewport(SIZES.phone360));
    await switchLanguage(page, "ky");
    await page.getByTestId("house-w-5").click();
    await feedback(page, false);
    await shows(page, enginePosition([7, black, ANSWER[black]]));
    await page.screenshot({ path: "target/screenshots/train-phone360-ky.png" });
    await page.screenshot({ path: "target/screenshots/train-phone360-ky-full.png", fullPage: true });

    // A study made from the explorer's lines (the players' book, two moves deep): its first
    // move is the book's most played, and it trains as any study.
    await switchLanguage(page, "en");
    await page.setViewportSize(viewport(SIZES.desktop));
    await page.goto(`#/analysis/${encodeURIComponent(enginePosition([]))}`);
    const explorer = page.getByTestId("explorer");
    const top = explorer.locator('[data-testid^="explorer-move-"]').first();
    await top.waitFor();
    const most = Number((await top.getAttribute("data-testid")).slice("explorer-move-".length));
    await explorer.getByTestId("explorer-depth-4").click();
    await explorer.getByTestId("explorer-make-study").click();
    await page.getByTestId("train-screen").waitFor();
    assert.match(await page.getByTestId("train-study-title").innerText(), /the most played lines, 2 moves/);
    await page.getByTestId("train-start").click();
    await shows(page, enginePosition([]));
    await page.getByTestId(`house-w-${most}`).click();
    await feedback(page, true);
  } finally {
    await context.close();
  }
});

/** The kept training schedule's raw text (`toguz.train`), or "" when none. */
async function trainingKept(page) {
  return page.evaluate(() => localStorage.getItem("toguz.train") ?? "");
}

/** The card of the library's study `id`. */
function studyCard(page, id) {
  return page.locator(`[data-testid="library-study"][data-id="${id}"]`);
}

/** Trains the library's study `id` as White from its card: its first move, right. */
async function trainFirstMove(page, id) {
  await page.goto("#/library");
  await studyCard(page, id).getByTestId("btn-train-study").click();
  await page.getByTestId("train-start").click();
  await shows(page, enginePosition([]));
  await page.getByTestId("house-w-7").click();
  await feedback(page, true);
}

test("a deleted study's training cards go when its undo runs out, or when the trainer opens after a tab closed first", async () => {
  // Three studies whose first move is 7 (the import keeps one of two alike trees).
  const lines = { Deleted: "1. 7 9 (1... 1 2. 2) 2. 6 *", Closed: "1. 7 9 2. 6 *", Kept: "1. 7 1 2. 2 *" };
  const titles = Object.keys(lines);
  const text = titles.map((t) => `[Study "${t}"]\n\n${lines[t]}\n`).join("\n");
  const { context, page } = await withStudies(SIZES.phone, text);
  try {
    const studies = page.getByTestId("library-study");
    await studies.nth(2).waitFor();
    const [deleted, closed, kept] = await Promise.all(titles.map((t) => studies.filter({ hasText: t }).getAttribute("data-id")));
    for (const id of [deleted, closed, kept]) await trainFirstMove(page, id);
    for (const id of [deleted, closed, kept]) assert.ok((await trainingKept(page)).includes(id), `a card of ${id}`);

    // Deleted: its card stays while the undo is offered, and goes when its time runs out.
    await page.goto("#/library");
    await studyCard(page, deleted).getByTestId("study-delete").click();
    await page.getByTestId("study-deleted").waitFor();
    assert.ok((await trainingKept(page)).includes(deleted), "kept while the undo is offered");
    await page.clock.fastForward(7_000);
    await page.getByTestId("study-deleted").waitFor({ state: "hidden" });
    await page.waitForFunction((id) => !(localStorage.getItem("toguz.train") ?? "").includes(id), deleted);

    // Deleted, and the tab closed (here: reloaded) before its undo ran out: its card is left
    // over until the trainer opens, with the other study's card kept.
    await studyCard(page, closed).getByTestId("study-delete").click();
    await page.getByTestId("study-deleted").waitFor();
    await page.reload();
    await page.getByTestId("library-study").waitFor();
    assert.equal(await studyCard(page, closed).count(), 0);
    assert.ok((await trainingKept(page)).includes(closed), "left over after the reload");
    await page.goto("#/train");
    await page.getByTestId("train-study").waitFor();
    await page.waitForFunction((id) => !(localStorage.getItem("toguz.train") ?? "").includes(id), closed);
    assert.ok((await trainingKept(page)).includes(kept), "the kept study's card kept");
    assert.equal(await page.getByTestId("train-study").count(), 1);
  } finally {
    await context.close();
  }
});
