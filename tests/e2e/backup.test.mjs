// The whole backup and its restore, between two browser contexts (two devices): the games,
// a finished game's result and the settings carried over; a second restore adds nothing; a
// damaged backup and a file of another kind change nothing and say why, in the player's
// language. And a TGK archive (the Android app's records: no result token, the result only
// in its `Result` tag): its resigned games read finished, with their results, in the library
// and in the review's header.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIZES, downloaded, launchBrowser, open } from "./board-page.mjs";

const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");
const TGK = readFileSync("crates/store/tests/data/archive.tgk", "utf8");

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

function noErrors(board) {
  assert.deepEqual(board.errors, [], "no console error");
}

/** Every key and value the app keeps in localStorage, sorted. */
function stored() {
  const all = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    all.push([key, localStorage.getItem(key)]);
  }
  return all.sort();
}

async function importText(page, text) {
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  // A file, as a player picks an archive: filling the text box with 227 games took Playwright
  // longer than the test's wait on this busy machine.
  await page.getByTestId("import-file").setInputFiles({ name: "games.pgn", mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.getByTestId("import-dialog").waitFor({ state: "hidden" });
}

/** Opens the backup dialog from the toolbar: on a phone, through its "More" menu. */
async function openBackup(page) {
  const more = page.getByTestId("library-more");
  // The menu stays open after a choice (a disclosure), so it is opened only when closed.
  if ((await more.isVisible()) && (await more.getAttribute("aria-expanded")) !== "true") {
    await more.click();
    assert.equal(await more.getAttribute("aria-expanded"), "true");
  }
  await page.getByTestId("btn-backup-dialog").click();
  await page.getByTestId("backup-dialog").waitFor();
}

/** Restores the file `file` ({ name, mimeType, buffer }) and gives the status line's outcome
 * and words once it has them. */
async function restore(page, file) {
  // The dialog opened afresh has no outcome yet: the next one is this restore's.
  await page.getByTestId("backup-close").click();
  await page.getByTestId("backup-dialog").waitFor({ state: "hidden" });
  await openBackup(page);
  await page.getByTestId("backup-file").setInputFiles(file);
  await page.waitForFunction(() => document.querySelector('[data-testid="backup-status"]')?.dataset.outcome);
  const status = page.getByTestId("backup-status");
  return { outcome: await status.getAttribute("data-outcome"), said: await status.innerText() };
}

async function libraryCount(page) {
  return Number((await page.getByTestId("library-count").innerText()).replace(/\D/g, ""));
}

for (const [size, lang] of [
  [SIZES.phone360, "ru"],
  [SIZES.desktop, "en"],
]) {
  test(`a backup moved to another browser, restored twice, and a damaged one (${size.name}, ${lang})`, async () => {
    const ru = lang === "ru";
    // The first device: games imported, the dark theme chosen.
    const one = await open(browser, {
      size,
      hash: "#/library",
      waitFor: "library-screen",
      settings: { theme: "dark", speed: "instant", language: lang },
      acceptDownloads: true,
    });
    await importText(one.page, KORGOL);
    const games = await libraryCount(one.page);
    assert.ok(games > 1);
    await openBackup(one.page);
    assert.match(await one.page.getByTestId("backup-last").innerText(), ru ? /ещё не было/ : /No backup yet/);
    const [download] = await Promise.all([
      one.page.waitForEvent("download"),
      one.page.getByTestId("btn-backup").click(),
    ]);
    assert.match(download.suggestedFilename(), /^toguz-backup-\d{4}-\d\d-\d\d\.json$/);
    const text = (await downloaded(download)).toString("utf8");
    assert.equal(await one.page.getByTestId("backup-status").getAttribute("data-outcome"), "written");
    assert.doesNotMatch(await one.page.getByTestId("backup-last").innerText(), ru ? /ещё не было/ : /No backup yet/);
    await one.board.screenshot(`backup-dialog-${size.name}-${lang}`, { fullPage: false });
    noErrors(one.board);
    await one.context.close();

    // The second device: empty, in the same language.
    const two = await open(browser, { size, settings: { language: lang }, hash: "#/library", waitFor: "library-screen" });
    assert.equal(await two.page.getByTestId("library-game").count(), 0);
    await openBackup(two.page);
    const first = await restore(two.page, { name: "backup.json", mimeType: "application/json", buffer: Buffer.from(text) });
    assert.equal(first.outcome, "restored");
    assert.match(first.said, ru ? new RegExp(`Восстановлено: ${games} парт.*настройки`) : new RegExp(`Restored: ${games} games.*settings`));
    await two.board.screenshot(`backup-restored-${size.name}-${lang}`, { fullPage: false });
    assert.equal(await libraryCount(two.page), games);
    // The settings came along: the dark theme.
    assert.match(await two.page.evaluate(() => localStorage.getItem("toguz.settings")), /dark/i);
    // ... and taken at once, without a reload.
    await two.page.waitForFunction(() => document.documentElement.dataset.theme === "dark");

    // Again: nothing added.
    const before = await two.page.evaluate(stored);
    const second = await restore(two.page, { name: "backup.json", mimeType: "application/json", buffer: Buffer.from(text) });
    assert.equal(second.outcome, "restored");
    assert.match(second.said, ru ? /нет ничего нового/ : /Nothing new/);
    assert.equal(await libraryCount(two.page), games);
    assert.deepEqual(await two.page.evaluate(stored), before, "a second restore writes nothing");

    // Damaged (cut short) and foreign (a record file): refused, nothing changed.
    const damaged = await restore(two.page, {
      name: "backup.json",
      mimeType: "application/json",
      buffer: Buffer.from(text.slice(0, Math.floor(text.length / 2))),
    });
    assert.equal(damaged.outcome, "refused");
    assert.match(damaged.said, ru ? /повреждена.*Ничего не изменилось/ : /damaged.*Nothing was changed/);
    await two.board.screenshot(`backup-damaged-${size.name}-${lang}`, { fullPage: false });
    const foreign = await restore(two.page, { name: "games.pgn", mimeType: "text/plain", buffer: Buffer.from(KORGOL) });
    assert.equal(foreign.outcome, "refused");
    assert.match(foreign.said, ru ? /не резервная копия/ : /not a backup of this app/);
    assert.deepEqual(await two.page.evaluate(stored), before, "nothing changed");
    noErrors(two.board);
    await two.context.close();
  });
}

test("a TGK archive's resigned games read finished, with their results, in the library and the review", async () => {
  const { context, page, board } = await open(browser, {
    size: SIZES.desktop,
    hash: "#/library",
    waitFor: "library-screen",
    settings: { speed: "instant" },
  });
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-file").setInputFiles({
    name: "archive.tgk",
    mimeType: "text/plain",
    buffer: Buffer.from(TGK),
  });
  await page.getByTestId("import-dialog").waitFor({ state: "hidden" });
  const cards = page.getByTestId("library-game");
  assert.equal(await cards.count(), 6);
  const finished = await cards.evaluateAll((all) => all.map((c) => c.dataset.finished));
  // Five finished (three resigned, a draw, one ended on the board), one still in play (`*`).
  assert.deepEqual(finished.filter((f) => f === "true").length, 5);
  const results = await page.getByTestId("game-result").allInnerTexts();
  assert.equal(results.filter((r) => /In progress/.test(r)).length, 1, results.join(" | "));
  assert.equal(results.filter((r) => /White won/.test(r)).length, 2, results.join(" | "));
  assert.equal(results.filter((r) => /Black won/.test(r)).length, 2, results.join(" | "));

  // A resigned game's review says how it ended.
  const resigned = cards.filter({ hasText: "Black won" }).first();
  await resigned.getByTestId("btn-review").click();
  const header = page.getByTestId("review-result");
  await header.waitFor();
  assert.match(await header.innerText(), /Black/);
  assert.doesNotMatch(await header.innerText(), /progress/i);
  await board.screenshot("tgk-review-desktop-en", { fullPage: false });
  noErrors(board);
  await context.close();
});
