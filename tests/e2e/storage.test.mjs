// The library kept: the browser asked to keep the site's storage (a spy on
// navigator.storage.persist), the settings' storage line, and a full storage (localStorage
// filled with other keys up to its quota first): a game in play and an import each refused
// quickly, in words fitting what was tried, with nothing stored changed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIZES, launchBrowser, open, revealSettings } from "./board-page.mjs";

const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");

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

/** Before the page's scripts: `navigator.storage.persist` and `persisted` replaced by spies
 * that count their calls in `window.__persistCalls` and answer "not kept". */
function spyOnPersist() {
  window.__persistCalls = 0;
  const storage = navigator.storage;
  if (!storage) return;
  storage.persist = () => {
    window.__persistCalls += 1;
    return Promise.resolve(false);
  };
  storage.persisted = () => Promise.resolve(false);
}

/** Fills localStorage with other keys until not one more code unit fits (halving the chunk
 * each time the browser refuses); gives how many code units were added. */
function fillStorage() {
  let chunk = 1 << 20;
  let n = 0;
  let added = 0;
  while (chunk >= 1) {
    try {
      localStorage.setItem(`filler.${n}`, "x".repeat(chunk));
      n += 1;
      added += chunk;
    } catch {
      chunk = Math.floor(chunk / 2);
    }
  }
  return added;
}

/** The saved games' values as one text; given such a text, whether they changed since (a
 * move saved). */
function gamesSince(before) {
  const keys = Object.keys(localStorage).filter((k) => k.startsWith("toguz.game."));
  const now = JSON.stringify(keys.sort().map((k) => localStorage.getItem(k)));
  return before === undefined ? now : now !== before;
}

/** Every key and value of localStorage but the filler's, sorted: what "nothing changed"
 * compares. */
function storedByApp() {
  const all = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("filler.")) all.push([key, localStorage.getItem(key)]);
  }
  return all.sort();
}

test("the browser is asked to keep the storage when the first game is saved", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.phone, initScripts: [spyOnPersist] });
  await board.board().waitFor();
  await board.setSpeed("instant");
  assert.equal(await page.evaluate(() => window.__persistCalls), 0, "not before a game is saved");
  await board.play("w", 7);
  await page.waitForFunction(() => window.__persistCalls === 1);
  await board.play("b", 3);
  // Asked once: Firefox would put the question to the player at every game.
  await page.reload();
  await board.board().waitFor();
  const saved = await page.evaluate(gamesSince);
  await board.play("w", 5);
  await page.waitForFunction(gamesSince, saved);
  assert.equal(await page.evaluate(() => window.__persistCalls), 0, "not asked again after a reload");
  noErrors(board);
  await context.close();
});

for (const [size, lang] of [
  [SIZES.phone360, "ru"],
  [SIZES.desktop, "en"],
]) {
  test(`the settings show the storage used and whether it is kept (${size.name}, ${lang})`, async () => {
    const { context, page, board } = await open(browser, { size, settings: { language: lang }, initScripts: [spyOnPersist] });
    await board.board().waitFor();
    await board.setSpeed("instant");
    await board.play("w", 7);
    await revealSettings(page);
    const line = page.getByTestId("storage-line");
    await line.waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="storage-line"]')?.dataset.kept === "no",
    );
    const library = await page.getByTestId("storage-library").innerText();
    assert.match(library, lang === "ru" ? /из 5,2 млн символов \(\d+%\)/ : /of 5\.2 million characters \(\d+%\)/);
    assert.notEqual((await page.getByTestId("storage-kept").innerText()).trim(), "");
    await line.scrollIntoViewIfNeeded();
    await board.screenshot(`storage-line-${size.name}-${lang}`, { fullPage: false });
    noErrors(board);
    await context.close();
  });
}

for (const [size, lang] of [
  [SIZES.phone360, "ru"],
  [SIZES.desktop, "en"],
]) {
  test(`a full storage: a game and an import refused within seconds, nothing changed (${size.name}, ${lang})`, async () => {
    const { context, page, board } = await open(browser, { size, settings: { language: lang }, waitFor: "board" });
    await board.setSpeed("instant");
    // One game saved before the storage fills: the import must leave it as it is.
    await board.play("w", 7);
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("toguz.game.")));
    const added = await page.evaluate(fillStorage);
    assert.ok(added > 0);
    // A game in play: a packed game grows by a code unit every few moves, so the moves go
    // on until one does not fit (the notice), a house of each side in turn.
    const notice = page.getByTestId("storage-notice");
    let started = Date.now();
    for (let ply = 0; ply < 40 && (await notice.count()) === 0; ply++) {
      const position = await board.positionString();
      const side = position.endsWith(" w") ? "w" : "b";
      const counts = position.split(" ")[0].split("/")[side === "w" ? 0 : 1].split(",").map(Number);
      const house = [3, 5, 7, 2, 4, 6, 8, 9, 1].map((h, i, all) => all[(i + ply) % 9]).find((h) => counts[h - 1] > 0);
      started = Date.now();
      await board.play(side, house);
    }
    await notice.waitFor();
    const gameSeconds = (Date.now() - started) / 1000;
    const before = await page.evaluate(storedByApp);
    assert.equal(await notice.getAttribute("data-kind"), "full");
    const said = await notice.innerText();
    assert.match(said, lang === "ru" ? /партия хранится только до закрытия вкладки/ : /this game is kept only until the tab closes/);
    assert.match(said, lang === "ru" ? /резервную копию/ : /back up/);
    await board.screenshot(`storage-full-game-${size.name}-${lang}`, { fullPage: false });
    await page.getByTestId("notice-dismiss").click();

    // An import of a real archive's games.
    await page.getByTestId("nav-library").click();
    await page.getByTestId("library-screen").waitFor();
    await page.getByTestId("btn-import").click();
    await page.getByTestId("import-dialog").waitFor();
    started = Date.now();
    await page.getByTestId("import-file").setInputFiles({ name: "korgol.pgn", mimeType: "text/plain", buffer: Buffer.from(KORGOL) });
    const error = page.getByTestId("import-error");
    await error.waitFor();
    const importSeconds = (Date.now() - started) / 1000;
    const why = await error.innerText();
    assert.match(why, lang === "ru" ? /Не импортировано: .*Ничего не изменилось/ : /Not imported: .*Nothing was changed/);
    assert.doesNotMatch(why, /tab closes|вкладки/, "not the words of a game in play");
    await board.screenshot(`storage-full-import-${size.name}-${lang}`, { fullPage: false });
    console.log(`full storage (${size.name}): game said in ${gameSeconds.toFixed(2)} s, import refused in ${importSeconds.toFixed(2)} s`);
    assert.ok(importSeconds < 15, `the import's refusal took ${importSeconds} s`);

    assert.deepEqual(await page.evaluate(storedByApp), before, "nothing stored changed");
    noErrors(board);
    await context.close();
  });
}
