// Studies kept and shared: the analysis board's tree is saved in the library from its first
// change and comes back after a reload; it is exported as text, deleted, imported and found
// the same; a text whose variation does not read is refused with its exact place and nothing
// stored changes; a study sent as a link opens the same tree on another phone; a game opened
// for study from its replay has the game's moves as its main line, at the move shown.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { SIZES, enginePosition, launchBrowser, open as openApp, downloaded } from "./board-page.mjs";

const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";
const GAME = `[Event "Study"]
[White "Asel"]
[Black "Bakyt"]
[Result "1-0"]

1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 1-0
`;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SETTINGS = { speed: "instant", sound: false };

const openBoard = (options = {}) =>
  openApp(browser, {
    size: SIZES.desktop,
    hash: `#/analysis/${encodeURIComponent(START)}`,
    waitFor: "analysis-screen",
    settings: SETTINGS,
    acceptDownloads: true,
    ...options,
  });

/** What the tree shows: each move's place and text, and every comment, in order. */
const tree = (page) =>
  page.$$eval('[data-testid="move-tree"] [data-testid^="tree-move-"], [data-testid="move-tree"] .tree__comment', (els) =>
    els.map((e) => (e.dataset.testid ? `${e.dataset.testid.slice("tree-move-".length)} ${e.textContent.trim()}` : `{${e.textContent.trim()}}`)),
  );

/** The side to move in a position string, and its houses that hold korgools. */
function toMove(position) {
  const side = position.endsWith(" w") ? "w" : "b";
  const rows = position.split(" ")[0].split("/");
  const counts = rows[side === "w" ? 0 : 1].split(",").map(Number);
  return { side, legal: counts.flatMap((n, i) => (n > 0 ? [i + 1] : [])) };
}

/** Plays the `n`th house (cyclically) the side to move may play, other than `not`; its number. */
async function playNth(board, n, not = 0) {
  const { side, legal } = toMove(await board.positionString());
  const choices = legal.filter((h) => h !== not);
  const house = choices[n % choices.length];
  await board.play(side, house);
  return house;
}

async function comment(page, text) {
  await page.getByTestId("comment-input").fill(text);
  await page.getByTestId("comment-input").press("Tab");
}

/** A tree with two variations and three comments (one on the start). */
async function buildTree(page, board) {
  await comment(page, "a lesson for the club");
  await playNth(board, 6);
  const second = await playNth(board, 8);
  const third = await playNth(board, 5);
  await playNth(board, 4);
  // Back to ply 1 and another reply: the first variation.
  await page.getByTestId("tree-move-1").click();
  await playNth(board, 0, second);
  await comment(page, "the quiet reply");
  // At ply 2 another move: the second variation.
  await page.getByTestId("tree-move-2").click();
  await playNth(board, 2, third);
  await comment(page, "sharper");
  await page.getByTestId("glyph-interesting").click();
}

const saved = (page) =>
  page.waitForFunction(() => document.querySelector('[data-testid="study-status"]')?.dataset.saved === "true");

/** Every stored study and game (`toguz.study.*`, `toguz.game.*`) as the app wrote it. */
const stored = (page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => k.startsWith("toguz.study.") || k.startsWith("toguz.game."))
        .sort()
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );

async function importText(page, text) {
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
}

test("a study is kept from its first change, survives a reload, and exports, deletes and imports as the same tree", async () => {
  const { context, page, board } = await openBoard();
  await board.board().waitFor();
  assert.equal(await page.getByTestId("study-status").getAttribute("data-saved"), "false");
  // Looking around keeps nothing.
  assert.deepEqual(await stored(page), {});
  await buildTree(page, board);
  await saved(page);
  const shown = await tree(page);
  assert.ok(shown.some((t) => t.startsWith("2.1.1 ")) && shown.some((t) => t.startsWith("3.1.1 ")), shown.join(" | "));
  assert.ok(shown.includes("{the quiet reply}") && shown.includes("{sharper}"), shown.join(" | "));
  // The address is the study's: a reload opens it.
  assert.match(await page.evaluate(() => location.hash), /^#\/study\//);
  await page.reload();
  await page.getByTestId("move-tree").waitFor();
  await page.locator('[data-testid="tree-move-3.1.1"]').waitFor();
  assert.deepEqual(await tree(page), shown);
  assert.match(await page.getByTestId("move-tree").innerText(), /a lesson for the club/);

  // Export: the text with its variations in parentheses and comments in braces.
  const download = page.waitForEvent("download");
  await page.getByTestId("btn-study-export").click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.pgn$/);
  const text = (await downloaded(file)).toString("utf8");
  assert.match(text, /\[Study "/);
  assert.match(text, /\(1\.\.\. /);
  assert.match(text, /\(2\. /);
  assert.match(text, /\{the quiet reply\}/);

  // In the library: delete it, then import the exported text.
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-study").waitFor();
  assert.equal(await page.getByTestId("library-study").count(), 1);
  await page.getByTestId("study-delete").click();
  await page.getByTestId("study-list").waitFor({ state: "detached" });
  // A text whose variation does not read: its exact place, and nothing stored changes.
  const before = await stored(page);
  // The first variation's reply made to land where it cannot.
  const bad = text.replace(/\(1\.\.\. \S+/, "(1... 19");
  assert.notEqual(bad, text);
  await importText(page, bad);
  const error = page.getByTestId("import-error");
  await error.waitFor();
  assert.match(await error.innerText(), /Game 1, move 1\.\.\. \(in the tree at 2\.1\.1\), “19”/);
  assert.match(await error.innerText(), /Nothing was imported/);
  assert.deepEqual(await stored(page), before);
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
  await page.getByTestId("library-status").filter({ hasText: "1 study imported" }).waitFor();
  // Imported again: recognised, said so, not added twice.
  await importText(page, text);
  await page.getByTestId("library-status").filter({ hasText: "1 study was already in the library" }).waitFor();
  assert.equal(await page.getByTestId("library-study").count(), 1);
  // Renamed in the library: the card and the exported text carry the new name.
  await page.getByTestId("study-rename").click();
  await page.getByTestId("study-rename-input").fill("Endgame lesson");
  await page.getByTestId("study-rename-save").click();
  await page.getByTestId("study-title").filter({ hasText: "Endgame lesson" }).waitFor();
  const renamed = page.waitForEvent("download");
  await page.getByTestId("study-export").click();
  assert.match((await downloaded(await renamed)).toString("utf8"), /\[Study "Endgame lesson"\]/);
  await page.getByTestId("library-study").getByTestId("study-open").click();
  await page.getByTestId("analysis-screen").waitFor();
  await page.locator('[data-testid="tree-move-3.1.1"]').waitFor();
  assert.deepEqual(await tree(page), shown);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("a study sent as a link opens the same tree on another phone, and is kept there when saved", async () => {
  const a = await openBoard({ size: SIZES.phone });
  await a.board.board().waitFor();
  await buildTree(a.page, a.board);
  await saved(a.page);
  const shown = await tree(a.page);
  await a.page.getByTestId("btn-study-link").click();
  const out = a.page.getByTestId("study-link-out");
  await out.waitFor();
  const link = await out.inputValue();
  assert.match(link, /#\/shared-study\//);

  const b = await openApp(browser, { size: SIZES.phone, url: link, waitFor: "analysis-screen", settings: SETTINGS });
  await b.page.locator('[data-testid="tree-move-3.1.1"]').waitFor();
  assert.deepEqual(await tree(b.page), shown);
  // A reader's view first: the comment as text, the editing tools one press away.
  assert.equal(await b.page.getByTestId("comment-input").count(), 0);
  await b.page.getByTestId("tree-move-2.1.1").click();
  assert.equal(await b.page.getByTestId("analysis-comment").innerText(), "the quiet reply");
  await b.page.getByTestId("btn-study-edit").click();
  assert.equal(await b.page.getByTestId("comment-input").inputValue(), "the quiet reply");
  // Not kept until the friend saves it (or changes it).
  assert.equal(await b.page.getByTestId("study-status").getAttribute("data-saved"), "false");
  assert.deepEqual(await stored(b.page), {});
  await b.page.getByTestId("btn-study-save").click();
  await saved(b.page);
  await b.page.getByTestId("nav-library").click();
  await b.page.getByTestId("library-study").waitFor();
  assert.equal(await b.page.getByTestId("library-study").count(), 1);
  for (const x of [a, b]) assert.deepEqual(x.board.errors, []);
  await Promise.all([a.context.close(), b.context.close()]);
});

const ENDGAME = "3,0,2,5,0,4,1,0,6/2,4,0,3,0,5,1,2,0 60/64 -/- w";

/** Whether each element the test ids name lies wholly inside the window, the page at its top. */
const allInView = (page, ids) =>
  page.evaluate((ids) => {
    window.scrollTo(0, 0);
    return ids.filter((id) => {
      const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return !r || r.top < 0 || r.bottom > window.innerHeight;
    });
  }, ids);

test("a study of a set-up endgame: its link opens the same start and tree on a phone, board first, and the coach's library lists it", async () => {
  const coach = await openApp(browser, {
    size: SIZES.desktop,
    hash: `#/editor/${encodeURIComponent(ENDGAME)}`,
    waitFor: "btn-analyse",
    settings: SETTINGS,
  });
  await coach.page.getByTestId("btn-analyse").click();
  await coach.page.getByTestId("analysis-screen").waitFor();
  assert.equal(await coach.board.positionString(), ENDGAME);
  // Opened and looked at: nothing is kept.
  assert.deepEqual(await stored(coach.page), {});
  await playNth(coach.board, 0);
  const reply = await playNth(coach.board, 0);
  await playNth(coach.board, 1);
  await coach.page.getByTestId("tree-move-1").click();
  await playNth(coach.board, 1, reply);
  await comment(coach.page, "the endgame's point");
  await saved(coach.page);
  assert.equal(await coach.page.getByTestId("study-status").innerText(), "Saved in the library as a study");
  const shown = await tree(coach.page);
  await coach.page.getByTestId("btn-study-link").click();
  const out = coach.page.getByTestId("study-link-out");
  await out.waitFor();
  const link = await out.inputValue();

  // The student's phone, in Kyrgyz: the tree as sent, on the endgame's start.
  const student = await openApp(browser, { size: SIZES.phone, url: link, waitFor: "analysis-screen", settings: SETTINGS, locale: "ky-KG" });
  await student.page.locator('[data-testid="tree-move-2.1.1"]').waitFor();
  assert.equal(await student.page.getByTestId("analysis-bad-position").count(), 0);
  assert.deepEqual(await tree(student.page), shown);
  assert.equal(await student.board.positionString(), ENDGAME);
  // The board first: with the move and its comment, ◀ ▶ and the board are all in view.
  await student.page.getByTestId("tree-move-2.1.1").click();
  await student.page.getByTestId("analysis-comment").waitFor();
  await student.page.screenshot({ path: "target/screenshots/study-endgame-link-phone-ky.png" });
  assert.deepEqual(await allInView(student.page, ["board", "analysis-back", "analysis-forward", "analysis-comment", "tree-move-2.1.1"]), []);
  await student.page.setViewportSize({ width: 360, height: 780 });
  assert.deepEqual(await allInView(student.page, ["board", "analysis-back", "analysis-forward", "analysis-comment"]), []);
  await student.page.screenshot({ path: "target/screenshots/study-endgame-link-phone360-ky.png" });

  // On the coach's own device the study is in the library, as the status said.
  await coach.page.getByTestId("nav-library").click();
  await coach.page.getByTestId("library-study").waitFor();
  assert.equal(await coach.page.getByTestId("library-study").count(), 1);
  await coach.page.screenshot({ path: "target/screenshots/study-endgame-library-desktop-en.png" });
  for (const x of [coach, student]) assert.deepEqual(x.board.errors, []);
  await Promise.all([coach.context.close(), student.context.close()]);
});

test("a game opened for study from its replay: the game's moves are the main line, at the move shown", async () => {
  const { context, page, board } = await openApp(browser, {
    size: SIZES.desktop,
    hash: "#/library",
    waitFor: "library-screen",
    settings: SETTINGS,
  });
  await importText(page, GAME);
  await page.getByTestId("library-game").first().getByTestId("game-replay").click();
  await page.getByTestId("replay-screen").waitFor();
  await page.getByTestId("replay-first").click();
  // The replay's explorer has its style sheet, though no review was opened in this visit.
  await page.getByTestId("explorer-move-7").waitFor();
  assert.equal(await page.getByTestId("explorer-move-7").evaluate((b) => getComputedStyle(b).display), "grid");
  // The replay's explorer: a move the game did not play opens the analysis board to try it.
  await page.getByTestId("explorer-move-7").click();
  await page.getByTestId("analysis-screen").waitFor();
  assert.equal((await tree(page)).filter((t) => !t.startsWith("{")).length, 11);
  await page.goBack();
  await page.getByTestId("replay-screen").waitFor();
  await page.getByTestId("replay-first").click();
  for (let i = 0; i < 4; i++) await page.getByTestId("replay-next").click();
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  const moves = (await tree(page)).filter((t) => !t.startsWith("{"));
  assert.equal(moves.length, 11, moves.join(" | "));
  assert.equal(
    await page.$eval('[data-testid="move-tree"] [aria-current="true"]', (e) => e.dataset.testid),
    "tree-move-4",
  );
  // Counted as the replay and the move list count: the fourth ply, Black's second move,
  // is move 2 of the game's 6.
  assert.equal(await page.getByTestId("analysis-counter").innerText(), "Move 2 of 6");
  // Nothing kept until the player adds to it; then it is named after the game's players.
  assert.equal(await page.getByTestId("study-status").getAttribute("data-saved"), "false");
  await playNth(board, 0, 9);
  await saved(page);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("study-title").filter({ hasText: "Asel – Bakyt" }).waitFor();
  assert.deepEqual(board.errors, []);
  await context.close();
});

/** The ply (1-based) at which `houses` leave the PlayOK records, by the CLI's own count. */
function leftPlayers(houses) {
  const files = readdirSync("public/playok").map((f) => `public/playok/${f}`);
  for (let i = 0; i < houses.length; i++) {
    const args = ["explorer", "count", ...files, ...(i ? ["--moves", houses.slice(0, i).join(",")] : [])];
    const known = execFileSync(process.env.TOGUZ_CLI, args, { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => Number(l.split(" ")[0]));
    if (known.length === 0) return "in";
    if (!known.includes(houses[i])) return String(i + 1);
  }
  return "in";
}

test("a review says where the game left the players' games, goes there, and shows the explorer", async () => {
  const { context, page, board } = await openApp(browser, {
    size: SIZES.desktop,
    hash: "#/library",
    waitFor: "library-screen",
    settings: SETTINGS,
  });
  await importText(page, GAME);
  await page.getByTestId("library-game").first().getByTestId("btn-review").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="review-left-book"]')?.dataset.players);
  const left = await page.getByTestId("review-left-book").getAttribute("data-players");
  const houses = [9, 2, 8, 1, 7, 2, 6, 1, 9, 2, 5];
  assert.equal(left, leftPlayers(houses));
  if (left !== "in") {
    // "Go there" shows the position after the move that left the book.
    await page.getByTestId("review-left-players").click();
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="board"]')?.dataset.position === p,
      enginePosition(houses.slice(0, Number(left))),
    );
  }
  await page.getByTestId("explorer").waitFor();
  assert.deepEqual(board.errors, []);
  await context.close();
});
