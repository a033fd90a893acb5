// Saved games: autosave and resume, corrupt data kept and offered for download,
// PlayOK import with replay to the end, export and re-import, two tabs, share links, storage
// full or unavailable, names shown as text. Positions are checked against the engine's CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIZES, cardAction, enginePosition, launchBrowser, open, parsePosition, downloaded } from "./board-page.mjs";

const PHONE = SIZES.phone;
const DESKTOP = SIZES.desktop;
const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";
const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The app at `hash` in a fresh context at `size` that keeps downloads; `options` go to `open`. */
function openApp(size = PHONE, hash = "", options = {}) {
  return open(browser, { size, hash, acceptDownloads: true, ...options });
}

/** One more tab of `context`, at `hash`. */
function openTab(context, hash = "") {
  return open(browser, { context, hash });
}

/** Waits until the page has loaded everything (the computer's workers too): a reload during
 * a load aborts requests, which the tests count as errors. */
async function settle(page) {
  await page.waitForLoadState("networkidle");
}

function noErrors(board) {
  assert.deepEqual(board.errors, [], "no console error");
}

/** The games of a record text: tags and the house of each move, in file order. */
function games(text) {
  return text
    .split(/(?=\[Event )/)
    .filter((g) => g.trim())
    .map((g) => {
      const tags = Object.fromEntries([...g.matchAll(/\[(\w+) "([^"]*)"\]/g)].map((m) => [m[1], m[2]]));
      const body = g.replace(/\[[^\]]*\]/g, " ").replace(/\{[^}]*\}/g, " ");
      const houses = body
        .split(/\s+/)
        .filter((t) => /^[1-9]\d/.test(t) && !t.endsWith("."))
        .map((t) => Number(t[0]));
      return { tags, houses, text: g };
    });
}

async function libraryCount(page) {
  return page.getByTestId("library-game").count();
}

async function importText(page, text) {
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
}

test("play, reload, resume: the game, its undo history, the mode and the orientation", async () => {
  const { context, page, board } = await openApp(PHONE);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await board.play("w", 5);
  await page.getByTestId("btn-undo").click();
  await page.getByTestId("btn-flip").click();
  const position = await board.positionString();
  assert.equal(position, enginePosition([7, 3]));
  await settle(page);
  await page.reload();
  await board.board().waitFor();
  assert.equal(await board.positionString(), position, "resumed");
  assert.equal(await page.getByTestId("btn-redo").isEnabled(), true, "redo kept");
  assert.match(await board.board().getAttribute("class"), /board--flipped/, "orientation kept");
  // Black's row at the bottom, its house 1 on the left.
  const [b1, w1, b9] = [await board.house("b", 1).boundingBox(), await board.house("w", 1).boundingBox(), await board.house("b", 9).boundingBox()];
  assert.ok(b1.y > w1.y && b1.x < b9.x, `flipped: b-1 ${JSON.stringify(b1)}, w-1 ${JSON.stringify(w1)}`);
  await page.getByTestId("btn-redo").click();
  assert.equal(await board.positionString(), enginePosition([7, 3, 5]));
  // The next day, in a new tab of the same browser: the latest game in progress is back.
  const { page: later, board: laterBoard } = await openTab(context);
  await laterBoard.board().waitFor();
  assert.equal(await laterBoard.positionString(), enginePosition([7, 3, 5]));
  // Against the computer: the mode and level come back too.
  await laterBoard.setSpeed("instant");
  await laterBoard.newGame({ mode: "computer", side: "b", level: "easy" });
  await later.waitForFunction(() => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" b"));
  const mode = await later.getByTestId("mode").innerText();
  const afterComputer = await laterBoard.positionString();
  await settle(later);
  await later.reload();
  await laterBoard.board().waitFor();
  assert.equal(await laterBoard.positionString(), afterComputer);
  assert.equal(await later.getByTestId("mode").innerText(), mode);
  assert.match(await laterBoard.board().getAttribute("class"), /board--flipped/);
  await settle(later);
  await later.goto(later.url().split("#")[0] + "#/library");
  await later.getByTestId("library-list").waitFor();
  assert.equal(await libraryCount(later), 2, "both games in the library");
  await laterBoard.screenshot("saves-library-phone");
  // A tab of the build before the packed form cannot read these games: it moves each, and the
  // index, to a `toguz.backup.` key and writes an empty index of its version. They come back.
  await later.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("toguz.game.") || key === "toguz.index") {
        localStorage.setItem(`toguz.backup.${key}`, localStorage.getItem(key));
        localStorage.removeItem(key);
      }
    }
    localStorage.setItem("toguz.index", JSON.stringify({ kind: "index", v: 3, data: { games: [], owners: [] } }));
  });
  await settle(later);
  await later.reload();
  await later.getByTestId("library-list").waitFor();
  await later.locator('[data-testid="library-game"]').nth(1).waitFor();
  assert.deepEqual(
    await later.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("toguz.backup."))),
    [],
    "every moved copy brought back",
  );
  // Filters, delete and its undo.
  await later.getByTestId("filter-finished").click();
  await later.getByTestId("library-empty").waitFor();
  await later.getByTestId("filter-in-progress").click();
  assert.equal(await libraryCount(later), 2);
  await later.getByTestId("filter-all").click();
  await (await cardAction(later.getByTestId("library-game").last(), "game-delete")).click();
  await later.getByTestId("deleted").waitFor();
  assert.equal(await libraryCount(later), 1);
  await later.getByTestId("undo-delete").click();
  await later.locator('[data-testid="library-game"]').nth(1).waitFor();
  assert.equal(await libraryCount(later), 2, "the delete is undone");
  // Continue the two-player game from the library.
  await later.getByTestId("game-continue").last().click();
  await laterBoard.board().waitFor();
  assert.equal(await laterBoard.positionString(), enginePosition([7, 3, 5]));
  noErrors(board);
  noErrors(laterBoard);
  await context.close();
});

test("corrupt stored data: the app starts, says so, and offers the raw text for download", async () => {
  const { context, page, board } = await openApp(DESKTOP);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 7);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  const gameKey = keys.find((k) => k.startsWith("toguz.game."));
  assert.ok(gameKey, `a game key among ${keys}`);
  const half = await page.evaluate((k) => {
    const text = localStorage.getItem(k);
    const half = text.slice(0, Math.floor(text.length / 2));
    localStorage.setItem(k, half);
    localStorage.setItem("toguz.settings", '{"kind":"settings","v":42,"data":{}}');
    return half;
  }, gameKey);
  await settle(page);
  await page.reload();
  await board.board().waitFor();
  const notices = page.getByTestId("storage-notice");
  await notices.first().waitFor();
  assert.equal(await notices.count(), 2, "the game and the settings");
  const text = await notices.first().innerText();
  assert.match(text, /could not be read/);
  assert.equal(await board.positionString(), START, "play goes on with a new game");
  await board.screenshot("saves-corrupt-desktop", { fullPage: false });
  const gameNotice = notices.filter({ hasText: "saved game" });
  const download = page.waitForEvent("download");
  await gameNotice.getByTestId("download-backup").click();
  const file = await download;
  const saved = (await downloaded(file)).toString("utf8");
  assert.equal(saved, half, "the raw text, as it was");
  // The backup survives a reload; the notice does not come back.
  await gameNotice.getByTestId("notice-dismiss").click();
  await settle(page);
  await page.reload();
  await board.board().waitFor();
  assert.equal(await page.getByTestId("storage-notice").count(), 0);
  const backups = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("toguz.backup.")),
  );
  assert.equal(backups.length, 2);
  // In Russian, the message is in Russian.
  await page.evaluate(() => localStorage.setItem("toguz.index", "{broken"));
  await page.evaluate(() => {
    localStorage.setItem("toguz.settings", JSON.stringify({ kind: "settings", v: 1, data: { language: "ru" } }));
  });
  await settle(page);
  await page.reload();
  await page.getByTestId("storage-notice").first().waitFor();
  assert.match(await page.getByTestId("storage-notice").first().innerText(), /Не удалось прочитать/);
  await board.screenshot("saves-corrupt-ru-desktop", { fullPage: false });
  noErrors(board);
  await context.close();
});

test("import korgol.pgn, replay a finished game to the end: the engine's position and score", async () => {
  const { context, page, board } = await openApp(DESKTOP, "#/library");
  await page.getByTestId("library-screen").waitFor();
  await page.getByTestId("library-empty").waitFor();
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-file").setInputFiles("public/playok/korgol.pgn");
  const all = games(KORGOL);
  await page.getByTestId("library-status").getByText(`${all.length} games imported`).waitFor();
  // A page of 30 cards at a time.
  await page.getByTestId("library-count").getByText(`${all.length} games`).waitFor();
  assert.equal(await page.getByTestId("library-range").first().innerText(), `1–30 of ${all.length}`);
  assert.equal(await libraryCount(page), 30);
  // Every PlayOK game has a result: none is in progress.
  await page.getByTestId("filter-in-progress").click();
  await page.getByTestId("library-empty").waitFor();
  await page.getByTestId("filter-all").click();
  // The first card is the latest game played.
  const stamp = (g) => `${g.tags.Date} ${g.tags.Time}`;
  const latest = all.reduce((a, b) => (stamp(b) > stamp(a) ? b : a));
  const card = page.getByTestId("library-game").first();
  assert.equal(
    (await card.getByTestId("game-players").innerText()).replace(/\s+/g, " "),
    `${latest.tags.White} – ${latest.tags.Black}`,
  );
  await board.screenshot("saves-imported-desktop", { fullPage: false });
  await card.getByTestId("game-replay").click();
  await page.getByTestId("replay-screen").waitFor();
  // It opens at the end, with the final score.
  const want = enginePosition(latest.houses);
  assert.equal(await board.positionString(), want);
  const p = parsePosition(want);
  assert.equal(await page.getByTestId("replay-status").getAttribute("data-score"), `${p.kazans.w}:${p.kazans.b}`);
  const result = latest.tags.Result === "1-0" ? "White won" : latest.tags.Result === "0-1" ? "Black won" : "Draw";
  // The winner's count first, as a player reads a score.
  const score = latest.tags.Result === "0-1" ? `${p.kazans.b}:${p.kazans.w}` : `${p.kazans.w}:${p.kazans.b}`;
  // How it ended between them, as far as the record and the kazans tell.
  assert.match(await page.getByTestId("replay-status").innerText(), new RegExp(`^${result} · (.+ · )?${score}$`));
  await board.screenshot("saves-replay-desktop");
  // Step from the start to the end.
  await page.getByTestId("replay-first").click();
  assert.equal(await board.positionString(), START);
  await page.getByTestId("replay-next").click();
  await page.getByTestId("replay-next").click();
  assert.equal(await board.positionString(), enginePosition(latest.houses.slice(0, 2)));
  await page.getByTestId("replay-ply").nth(9).click();
  assert.equal(await board.positionString(), enginePosition(latest.houses.slice(0, 10)));
  await page.getByTestId("replay-last").click();
  assert.equal(await board.positionString(), want);
  // Play on from move 10 as a new game.
  await page.getByTestId("replay-ply").nth(9).click();
  await page.getByTestId("play-from-here").click();
  await page.getByTestId("move-list").waitFor();
  assert.equal(await board.positionString(), enginePosition(latest.houses.slice(0, 10)));
  noErrors(board);
  await context.close();
});

test("a record that does not read: the game, the move and the reason, and nothing imported", async () => {
  const { context, page, board } = await openApp(PHONE, "#/library");
  await page.getByTestId("library-screen").waitFor();
  const [one, two] = games(KORGOL);
  // Game 2's fourth move, "67(20)" in PlayOK, claims a wrong capture.
  const broken = two.text.replace("67(20)", "67(21)");
  assert.notEqual(broken, two.text);
  await importText(page, one.text + broken);
  const error = page.getByTestId("import-error");
  await error.waitFor();
  assert.match(await error.innerText(), /Game 2, move 2\. \(ply 3\), “67\(21\)”: after the capture the kazan holds 20, not 21/);
  assert.match(await error.innerText(), /Nothing was imported/);
  await board.screenshot("saves-import-error-phone", { fullPage: false });
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("library-empty").waitFor();
  assert.equal(await libraryCount(page), 0);
  noErrors(board);
  await context.close();
});

test("export the library and import it again: the same games", async () => {
  const { context, page, board } = await openApp(DESKTOP, "#/library");
  await page.getByTestId("library-screen").waitFor();
  const some = games(KORGOL).slice(0, 30);
  await importText(page, some.map((g) => g.text).join(""));
  await page.getByTestId("library-status").getByText("30 games imported").waitFor();
  const download = page.waitForEvent("download");
  await page.getByTestId("btn-export-all").click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^toguz-games-\d{4}-\d\d-\d\d\.pgn$/);
  const exported = (await downloaded(file)).toString("utf8");
  assert.equal(games(exported).length, 30);

  const second = await openApp(DESKTOP, "#/library");
  const other = second.context;
  await second.page.getByTestId("library-screen").waitFor();
  await importText(second.page, exported);
  await second.page.getByTestId("library-status").getByText("30 games imported").waitFor();
  const again = second.page.waitForEvent("download");
  await second.page.getByTestId("btn-export-all").click();
  const reexported = (await downloaded(await again)).toString("utf8");
  // Same games, same order (latest first), same tags, moves and results.
  assert.equal(reexported, exported);
  const byPlayers = (text) =>
    [...text.matchAll(/\[White "([^"]*)"\]\n\[Black "([^"]*)"\]/g)].map((m) => `${m[1]}-${m[2]}`).sort();
  assert.deepEqual(
    byPlayers(exported),
    some.map((g) => `${g.tags.White}-${g.tags.Black}`).sort(),
  );
  noErrors(board);
  noErrors(second.board);
  await context.close();
  await other.close();
});

test("two pages on the same origin keep both games; the library follows the other page", async () => {
  const one = await openApp(PHONE);
  const context = one.context;
  await one.board.board().waitFor();
  await one.board.setSpeed("instant");
  await one.board.play("w", 7);
  await one.board.play("b", 3);
  // A second page opens: it resumes that game and takes it over.
  const two = await openTab(context);
  await two.board.board().waitFor();
  assert.equal(await two.board.positionString(), enginePosition([7, 3]));
  await two.board.play("w", 1);
  // The first page plays on: its moves become a game of its own.
  await one.board.play("w", 9);
  await one.page.getByTestId("storage-notice").waitFor();
  assert.equal(await one.page.getByTestId("storage-notice").getAttribute("data-kind"), "forked");
  const library = await openTab(context, "#/library");
  await library.page.getByTestId("library-list").waitFor();
  assert.equal(await libraryCount(library.page), 2);
  // A move in another page shows up in the open library without a reload.
  // (The card counts moves, White's and Black's together: two plies make sure it changes.)
  const movesBefore = await library.page.getByTestId("game-moves").allInnerTexts();
  await two.board.play("b", 2);
  await two.board.play("w", 4);
  await library.page.waitForFunction(
    (before) =>
      JSON.stringify([...document.querySelectorAll('[data-testid="game-moves"]')].map((e) => e.innerText)) !==
      before,
    JSON.stringify(movesBefore),
  );
  // Each page, reloaded, has its own game.
  await settle(one.page);
  await one.page.reload();
  await settle(two.page);
  await two.page.reload();
  await one.board.board().waitFor();
  await two.board.board().waitFor();
  assert.equal(await one.board.positionString(), enginePosition([7, 3, 9]));
  assert.equal(await two.board.positionString(), enginePosition([7, 3, 1, 2, 4]));
  for (const p of [one, two, library]) noErrors(p.board);
  await context.close();
});

test("names are text, not HTML; a share link opens the game as a replay, added when asked", async () => {
  const { context, page, board } = await openApp(PHONE);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-list").waitFor();
  const evil = '<img src=x onerror="window.__pwned=1">';
  const card = page.getByTestId("library-game").first();
  await (await cardAction(card, "game-rename")).click();
  await page.getByTestId("rename-white").fill(evil);
  await page.getByTestId("rename-black").fill("Айгүл");
  await page.getByTestId("rename-save").click();
  const players = page.getByTestId("game-players");
  await players.getByText(evil).waitFor();
  assert.equal(await page.locator(".game-card img").count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // Share: the link holds the record; it opens as a replay, added to the library when asked.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await (await cardAction(card, "game-share")).click();
  const link = await page.getByTestId("share-link").inputValue();
  assert.match(link, /\?share=[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 400, `${link.length} characters`);
  await board.screenshot("saves-share-phone", { fullPage: false });
  const friend = await openApp(PHONE, "", { url: link });
  const other = friend.context;
  await friend.page.getByTestId("shared-game").waitFor();
  assert.match(await friend.page.getByTestId("shared-game").innerText(), /Айгүл/);
  assert.ok(!friend.page.url().includes("share="), "the link's record is taken out of the query");
  await friend.board.screenshot("saves-share-replay-phone", { fullPage: false });
  // The replay opens at the last move.
  assert.equal(await friend.board.positionString(), enginePosition([7, 3]));
  await friend.page.getByTestId("shared-add").click();
  await friend.page.locator('[data-testid="replay-screen"]:not([data-shared])').waitFor();
  await friend.page.getByTestId("replay-players").getByText(evil).waitFor();
  await friend.page.getByTestId("back-to-library").click();
  await friend.page.getByTestId("library-list").waitFor();
  assert.equal(await libraryCount(friend.page), 1);
  await friend.page.getByTestId("game-players").getByText(evil).waitFor();
  noErrors(board);
  noErrors(friend.board);
  await context.close();
  await other.close();
});

test("storage full or unavailable: a message, and play goes on in memory", async () => {
  // Private mode: localStorage throws.
  const noStorage = () => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  };
  const { context, page, board } = await openApp(PHONE, "", { initScripts: [noStorage] });
  await board.board().waitFor();
  await page.getByTestId("storage-notice").waitFor();
  assert.equal(await page.getByTestId("storage-notice").getAttribute("data-kind"), "unavailable");
  await board.screenshot("saves-unavailable-phone", { fullPage: false });
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  assert.equal(await board.positionString(), enginePosition([7, 3]));
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-list").waitFor();
  assert.equal(await libraryCount(page), 1, "the library works in memory");
  noErrors(board);
  await context.close();

  // Full: every write of the app fails with the quota error.
  const quotaFull = () => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this === window.localStorage && String(key).startsWith("toguz.game.")) {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      }
      return set.call(this, key, value);
    };
  };
  const second = await openApp(PHONE, "", { initScripts: [quotaFull] });
  const full = second.context;
  await second.board.board().waitFor();
  await second.board.setSpeed("instant");
  await second.board.play("w", 7);
  await second.page.getByTestId("storage-notice").waitFor();
  assert.equal(await second.page.getByTestId("storage-notice").getAttribute("data-kind"), "full");
  await second.board.play("b", 3);
  assert.equal(await second.board.positionString(), enginePosition([7, 3]));
  noErrors(second.board);
  await full.close();
});
