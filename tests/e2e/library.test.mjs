// A library of hundreds of games: the PlayOK records imported (282 games); a game deleted far
// down the list offers its undo where the player is.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIZES, launchBrowser, open } from "./board-page.mjs";

const FILES = ["public/playok/korgol.pgn", "public/playok/avataar.pgn"];

let browser;
/** The storage of a browser with every record imported, for the tests that start from it. */
let imported;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The games of the record files: their tags and the first move as written. */
function games() {
  return FILES.flatMap((f) =>
    readFileSync(f, "utf8")
      .split(/(?=\[Event )/)
      .filter((g) => g.trim())
      .map((g) => {
        const tags = Object.fromEntries([...g.matchAll(/\[(\w+) "([^"]*)"\]/g)].map((m) => [m[1], m[2]]));
        const body = g.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
        const moves = body.split(/\s+/).filter((t) => /^[1-9]\d/.test(t) && !t.endsWith("."));
        return { tags, moves };
      }),
  );
}

const ALL = games();

function noErrors(board) {
  assert.deepEqual(board.errors, [], "no console error");
}

/** The library at `size` in language `lang`, from the imported storage. */
async function openLibrary(size, lang = "en") {
  const locale = { en: "en-US", ru: "ru-RU" }[lang];
  const opened = await open(browser, { size, hash: "#/library", storageState: imported, locale });
  await opened.page.getByTestId("library-list").waitFor();
  return opened;
}

/** Imports every record file, through the file picker, as a player does. */
async function importAll(page) {
  let count = 0;
  for (const file of FILES) {
    await page.getByTestId("btn-import").click();
    await page.getByTestId("import-file").setInputFiles(file);
    await page.getByTestId("import-dialog").waitFor({ state: "detached" });
    count += readFileSync(file, "utf8").split("[Event ").length - 1;
    await page.getByTestId("library-count").getByText(`${count} games`).waitFor();
  }
}

test("the PlayOK records import as 282 games", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop, hash: "#/library" });
  await page.getByTestId("library-empty").waitFor();
  await importAll(page);
  imported = await context.storageState();
  assert.equal(ALL.length, 282);
  noErrors(board);
  await context.close();
});

test("a game deleted far down the list: the undo shows where the player is, works, and goes after a few seconds", async () => {
  assert.ok(imported, "the import test ran first");
  for (const size of [SIZES.phone360, SIZES.desktop]) {
    const { context, page, board } = await openLibrary(size);
    const card = page.getByTestId("library-game").nth(25);
    const id = await card.getAttribute("data-id");
    await card.getByTestId("game-delete").scrollIntoViewIfNeeded();
    await card.getByTestId("game-delete").click();
    await page.getByTestId("library-count").getByText("281 games").waitFor();
    const toast = page.getByTestId("deleted");
    await toast.waitFor();
    const box = await toast.boundingBox();
    const vp = page.viewportSize();
    assert.ok(box.y >= 0 && box.y + box.height <= vp.height && box.x >= 0 && box.x + box.width <= vp.width,
      `the notice in view at ${vp.width}x${vp.height}: ${JSON.stringify(box)}`);
    assert.ok(await page.evaluate(() => window.scrollY) > 1000, "still far down the list");
    await board.screenshot(`library-deleted-${size.name}`, { fullPage: false });
    await toast.getByTestId("undo-delete").click();
    await page.getByTestId("library-count").getByText("282 games").waitFor();
    await page.locator(`[data-testid="library-game"][data-id="${id}"]`).waitFor();
    await toast.waitFor({ state: "detached" });
    // Deleted again, the notice goes by itself after a few seconds (or at its close button).
    await page.locator(`[data-testid="library-game"][data-id="${id}"]`).getByTestId("game-delete").click();
    await toast.waitFor();
    await toast.waitFor({ state: "detached", timeout: 15000 });
    assert.equal(await page.locator(`[data-testid="library-game"][data-id="${id}"]`).count(), 0);
    await page.getByTestId("library-game").first().getByTestId("game-delete").click();
    await toast.getByTestId("undo-dismiss").click();
    await toast.waitFor({ state: "detached" });
    await page.getByTestId("library-count").getByText("280 games").waitFor();
    noErrors(board);
    await context.close();
  }
});
