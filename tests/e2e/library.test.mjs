// A library of hundreds of games: the PlayOK records imported (282 games), searched by player,
// date, result and opening, sorted, shown a page at a time; a game deleted far down the list
// offers its undo where the player is.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SIZES, cardAction, launchBrowser, open, switchLanguage } from "./board-page.mjs";

const FILES = ["public/playok/korgol.pgn", "public/playok/avataar.pgn"];
/** The most cards the list may hold at once, however long the library. */
const MAX_CARDS = 50;

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

/** How many games the list holds under its search and filter, on all its pages. */
async function matched(page) {
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="library-list"]');
    return list || document.querySelector('[data-testid="library-empty"]');
  });
  const range = page.getByTestId("library-range").first();
  if (await range.count()) return Number((await range.innerText()).match(/of (\d+)/)[1]);
  return page.getByTestId("library-game").count();
}

/** Types `text` in the search field and waits for the list to follow it. */
async function search(page, text, want) {
  await page.getByTestId("library-search").fill(text);
  await page.waitForFunction(
    async (n) => {
      const range = document.querySelector('[data-testid="library-range"]');
      const shown = range
        ? Number(range.textContent.match(/of (\d+)/)?.[1])
        : document.querySelectorAll('[data-testid="library-game"]').length;
      return shown === n;
    },
    want,
    { timeout: 5000 },
  ).catch(() => {});
  return matched(page);
}

async function cardsInDom(page) {
  return page.locator('[data-testid="library-game"]').count();
}

test("282 games: a page at a time, never more than 50 cards; search by player, date, result and opening; sort", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop, hash: "#/library" });
  await page.getByTestId("library-empty").waitFor();
  await importAll(page);
  imported = await context.storageState();
  assert.equal(ALL.length, 282);
  assert.equal(await matched(page), ALL.length);
  assert.ok((await cardsInDom(page)) <= MAX_CARDS, `${await cardsInDom(page)} cards in the page`);
  assert.equal(await page.getByTestId("library-range").first().innerText(), "1–30 of 282");
  // The last page, and back.
  for (let i = 0; i < 9; i++) await page.getByTestId("library-pager").getByTestId("page-next").click();
  assert.equal(await page.getByTestId("library-range").first().innerText(), "271–282 of 282");
  assert.equal(await cardsInDom(page), 12);
  assert.equal(await page.getByTestId("library-pager").getByTestId("page-next").isDisabled(), true);
  await page.getByTestId("library-pager-top").getByTestId("page-previous").click();
  assert.equal(await page.getByTestId("library-range").first().innerText(), "241–270 of 282");

  // A player, whatever the case.
  const korgol = ALL.filter((g) => `${g.tags.White} ${g.tags.Black}`.toLowerCase().includes("korgol")).length;
  assert.ok(korgol > 30 && korgol < ALL.length);
  assert.equal(await search(page, "KORGOL", korgol), korgol);
  assert.equal(await page.getByTestId("library-range").first().innerText(), `1–30 of ${korgol}`, "from the first page");
  // The count says how many games the search keeps, of all.
  assert.equal(await page.getByTestId("library-count").innerText(), `${korgol} games of 282`);
  // A day, as the records write it.
  const day = ALL.filter((g) => g.tags.Date === "2025.08.22").length;
  assert.ok(day > 0);
  assert.equal(await search(page, "2025.08.22", day), day);
  // A result.
  const blackWon = ALL.filter((g) => g.tags.Result === "0-1").length;
  assert.equal(await search(page, "0-1", blackWon), blackWon);
  // An opening: the first move, as the app writes it.
  const opened76 = ALL.filter((g) => g.moves[0].startsWith("76")).length;
  assert.ok(opened76 > 0 && opened76 < ALL.length);
  assert.equal(await search(page, "76", opened76), opened76);
  const second = ALL.filter((g) => g.moves[0].startsWith("76")).map((g) => g.moves[1].replace(/\(.*/, ""));
  const reply = second[0];
  const line = ALL.filter((g) => g.moves[0].startsWith("76") && g.moves[1].replace(/\(.*/, "") === reply).length;
  assert.equal(await search(page, `76 ${reply}`, line), line);
  await board.screenshot("library-search-desktop", { fullPage: false });
  // Nothing found says so.
  assert.equal(await search(page, "nobody-plays-here", 0), 0);
  await page.getByTestId("library-empty").getByText("No game matches this search.").waitFor();
  assert.equal(await search(page, "", ALL.length), ALL.length);
  assert.equal(await page.getByTestId("library-count").innerText(), "282 games");
  // A result without a reason in its record still says how it ended, as far as the kazans
  // tell: on the kazans (a side has 82 or more), or before the end.
  const results = await page.getByTestId("game-result").evaluateAll((ps) =>
    ps.map((p) => ({ text: p.innerText, score: p.dataset.score, told: p.querySelector("[data-told]")?.dataset.told })),
  );
  const won = results.filter((r) => /won|Draw/.test(r.text));
  assert.ok(won.length > 10, JSON.stringify(results.slice(0, 3)));
  for (const r of won) {
    assert.match(r.text, /(won|Draw) · .+ · \d+:\d+$/, `how it ended: ${r.text}`);
    if (r.told) {
      const [w, b] = r.score.split(":").map(Number);
      assert.equal(r.told, w > 81 || b > 81 || (w === 81 && b === 81) ? "OnTheKazans" : "BeforeTheEnd", r.text);
    }
  }
  assert.ok(won.some((r) => r.told === "BeforeTheEnd" && / · resignation or time/.test(r.text)), "a game that stopped before its end");

  // The longest game first.
  await page.getByTestId("library-sort").selectOption("most-moves");
  // Counted in moves as the record numbers them: a White ply and a Black one make a move.
  const most = Math.ceil(Math.max(...ALL.map((g) => g.moves.length)) / 2);
  await page.getByTestId("library-game").first().getByTestId("game-moves").getByText(`${most} moves`).waitFor();
  const counts = await page.getByTestId("game-moves").allInnerTexts();
  const n = counts.map((t) => Number(t.match(/\d+/)[0]));
  assert.deepEqual(n, [...n].sort((a, b) => b - a), "longest first");
  // The oldest first.
  await page.getByTestId("library-sort").selectOption("oldest");
  const stamp = (g) => `${g.tags.Date} ${g.tags.Time}`;
  const oldest = ALL.reduce((a, b) => (stamp(b) < stamp(a) ? b : a));
  await page.waitForFunction(
    (names) => document.querySelector('[data-testid="game-players"]')?.textContent.replace(/\s+/g, " ").trim() === names,
    `${oldest.tags.White} – ${oldest.tags.Black}`,
  );
  noErrors(board);
  await context.close();
});

test("a game deleted far down the list: the undo shows where the player is, works, and goes after a few seconds", async () => {
  assert.ok(imported, "the import test ran first");
  for (const size of [SIZES.phone360, SIZES.desktop]) {
    const { context, page, board } = await openLibrary(size);
    const card = page.getByTestId("library-game").nth(25);
    const id = await card.getAttribute("data-id");
    const del = await cardAction(card, "game-delete");
    await del.scrollIntoViewIfNeeded();
    await del.click();
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
    // Deleted again, the notice goes by itself after a few seconds (UNDO_MS, the same timer at
    // every size: waited for at one), or at its close button.
    let left = 282;
    if (size === SIZES.phone360) {
      await (await cardAction(page.locator(`[data-testid="library-game"][data-id="${id}"]`), "game-delete")).click();
      await toast.waitFor();
      await toast.waitFor({ state: "detached", timeout: 15000 });
      assert.equal(await page.locator(`[data-testid="library-game"][data-id="${id}"]`).count(), 0);
      left -= 1;
    }
    await (await cardAction(page.getByTestId("library-game").first(), "game-delete")).click();
    await toast.getByTestId("undo-dismiss").click();
    await toast.waitFor({ state: "detached" });
    await page.getByTestId("library-count").getByText(`${left - 1} games`).waitFor();
    noErrors(board);
    await context.close();
  }
});

test("a card on a phone (360x780, Russian) shows Replay and Review and folds the rest into its menu: two games fit the screen; Escape closes the menu, the focus back on its button; at 1280x800 nothing folds", async () => {
  assert.ok(imported, "the import test ran first");
  const FIRST = ["game-replay", "btn-review"];
  const FOLDED = ["game-rename", "game-export", "game-share", "game-delete"];
  const phone = await openLibrary(SIZES.phone360, "ru");
  const { page } = phone;
  const card = page.getByTestId("library-game").first();
  await card.waitFor();
  const span = await page.evaluate(() => {
    const [a, b] = [...document.querySelectorAll('[data-testid="library-game"]')].map((c) => c.getBoundingClientRect());
    return { span: b.bottom - a.top, height: innerHeight };
  });
  assert.ok(span.span <= span.height, `two cards fit a screen: ${JSON.stringify(span)}`);
  for (const id of [...FIRST, "game-more"]) assert.equal(await card.getByTestId(id).isVisible(), true, id);
  for (const id of FOLDED) assert.equal(await card.getByTestId(id).isVisible(), false, `${id} folded`);
  await phone.board.screenshot("library-cards-ru-phone-360", { fullPage: false });
  // From the keyboard: the button opens the menu, Tab goes into it, Escape closes it.
  const more = card.getByTestId("game-more");
  assert.match(await more.innerText(), /Ещё/);
  await more.focus();
  await page.keyboard.press("Enter");
  assert.equal(await more.getAttribute("aria-expanded"), "true");
  for (const id of FOLDED) assert.equal(await card.getByTestId(id).isVisible(), true, `${id} in the open menu`);
  const menu = await more.getAttribute("aria-controls");
  assert.ok(await card.locator(`[id="${menu}"]`).getByTestId("game-rename").isVisible(), "the button names its menu");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "game-rename");
  await phone.board.screenshot("library-card-menu-ru-phone-360", { fullPage: false });
  await page.keyboard.press("Escape");
  assert.equal(await more.getAttribute("aria-expanded"), "false");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "game-more", "the focus back on the menu's button");
  for (const id of FOLDED) assert.equal(await card.getByTestId(id).isVisible(), false, `${id} folded again`);
  noErrors(phone.board);
  await phone.context.close();

  const desktop = await openLibrary(SIZES.desktop, "en");
  const wide = desktop.page.getByTestId("library-game").first();
  await wide.waitFor();
  assert.equal(await wide.getByTestId("game-more").isVisible(), false, "no menu at 1280");
  for (const id of [...FIRST, ...FOLDED]) assert.equal(await wide.getByTestId(id).isVisible(), true, `${id} in line`);
  await desktop.board.screenshot("library-cards-en-desktop", { fullPage: false });
  noErrors(desktop.board);
  await desktop.context.close();
});

test("1280x800: a replay opens at its last move, where the result is, with ◀ ▶ and the whole board in view", async () => {
  assert.ok(imported, "the import test ran first");
  const { context, page, board } = await openLibrary(SIZES.desktop);
  for (const n of [0, 1]) {
    await page.getByTestId("library-game").nth(n).getByTestId("game-replay").click();
    await page.getByTestId("replay-screen").waitFor();
    const [at, total] = (await page.getByTestId("replay-counter").innerText()).match(/\d+/g).map(Number);
    assert.equal(at, total, "at the last move");
    for (const id of ["replay-status", "house-b-1", "house-w-9", "replay-first", "replay-prev", "replay-next", "replay-last"]) {
      const box = await page.getByTestId(id).boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 800, `${id} in view: ${JSON.stringify(box)}`);
    }
    assert.match(await page.getByTestId("replay-status").innerText(), /(won|Draw) · .+ · \d+:\d+$/);
    if (n === 0) await board.screenshot("library-replay-desktop", { fullPage: false });
    await page.getByTestId("back-to-library").click();
    await page.getByTestId("library-list").waitFor();
  }
  noErrors(board);
  await context.close();
});

test("the library with 282 games, searched, in English and Russian at every size: screenshots", async () => {
  assert.ok(imported, "the import test ran first");
  const sizes = [SIZES.phone360, SIZES.phone, SIZES.landscape, SIZES.desktop];
  // One page per size; each state shot in both languages, switched in place.
  for (const size of sizes) {
    const { context, page, board } = await openLibrary(size);
    const shots = async (what) => {
      for (const lang of ["en", "ru"]) {
        await switchLanguage(page, lang);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= size.width, `no sideways scroll at ${size.width} in ${lang}: ${wide}`);
        await board.screenshot(`library${what}-${lang}-${size.name}`, { fullPage: false });
      }
    };
    assert.ok((await cardsInDom(page)) <= MAX_CARDS);
    if (size === SIZES.phone360) await firstCardInFirstScreen(page, board, size);
    if (size === SIZES.landscape) {
      // A phone on its side: the first card's players and the start of its result in view.
      for (const lang of ["ru", "en"]) {
        await switchLanguage(page, lang);
        const result = await page.getByTestId("library-game").first().getByTestId("game-result").boundingBox();
        assert.ok(result.y < size.height, `the first card's result starts in view at ${size.width}x${size.height} in ${lang}: ${result.y}`);
      }
    }
    await shots("");
    await page.getByTestId("library-search").fill("korgol");
    await page.waitForFunction(() => !document.querySelector('[data-testid="library-range"]')?.textContent.includes("282"));
    await shots("-search");
    await (await cardAction(page.getByTestId("library-game").nth(3), "game-delete")).click();
    await page.getByTestId("deleted").waitFor();
    await shots("-toast");
    noErrors(board);
    await context.close();
  }
});

/**
 * At 360x780, with the backup reminder shown, in every language: the three filters on one
 * line and the list's first card whole in the first screen, under the header and toolbar.
 */
async function firstCardInFirstScreen(page, board, size) {
  await page.getByTestId("backup-reminder").waitFor();
  for (const lang of ["kk", "ky", "ru", "en"]) {
    await switchLanguage(page, lang);
    const tops = await Promise.all(
      ["filter-all", "filter-in-progress", "filter-finished"].map(async (id) => (await page.getByTestId(id).boundingBox()).y),
    );
    assert.ok(Math.max(...tops) - Math.min(...tops) < 2, `the filters on one line in ${lang}: ${tops}`);
    const card = await page.getByTestId("library-game").first().boundingBox();
    assert.ok(card.y + card.height <= size.height, `the first card in the first screen in ${lang}: ${JSON.stringify(card)}`);
    if (lang === "kk") await board.screenshot(`library-kk-${size.name}`, { fullPage: false });
  }
}
