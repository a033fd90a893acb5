// What a newcomer meets at the end of a game and after: an imported result that says why it
// ended (and nothing when its record does not say), the review offered after "Look at the
// board", a shared game opened as a replay to watch, and the second tab's notice kept off the
// board. Screenshots of each at the five sizes, in English and Russian.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE_URL, SIZES, cardAction, launchBrowser, open as openApp, switchLanguage, viewport } from "./board-page.mjs";

const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8")
  .split(/(?=\[Event )/)
  .filter((g) => g.trim());
const FIVE = [SIZES.phone360, SIZES.phone, SIZES.landscapeSmall, SIZES.landscape, SIZES.desktop];
const LANGS = ["en", "ru"];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const LOCALES = { en: "en-US", ru: "ru-RU" };
const open = (size, { lang, ...options } = {}) =>
  openApp(browser, { size, ...(lang ? { locale: LOCALES[lang] } : {}), ...options });

/** Shows a replay's last position (a finished game's replay may open there already). */
async function toTheEnd(page) {
  const last = page.getByTestId("replay-last");
  await last.waitFor();
  if (await last.isEnabled()) await last.click();
}

/**
 * PlayOK games of korgol.pgn (the ends these games have, by the rules or by a bare result):
 * 2, a bare "1-0" (61:39); 3, 82 korgools (82:70); 14, no move left (79:83); 16, a draw at
 * 81:81 with no move left; and 9, a bare "0-1" (42:54) given a Termination tag of time.
 */
const IMPORTED = [
  KORGOL[2],
  KORGOL[3],
  KORGOL[9].replace('[Result "0-1"]', '[Result "0-1"]\n[Termination "time forfeit"]'),
  KORGOL[14],
  KORGOL[16],
].join("");

async function importText(page, text) {
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(text);
  await page.getByTestId("import-do").click();
  await page.getByTestId("library-status").waitFor();
}

/** The library card whose kazans are `score` (White's first). */
const card = (page, score) =>
  page.getByTestId("library-game").filter({ has: page.locator(`[data-testid="game-result"][data-score="${score}"]`) });

const REASONS = {
  en: { 82: "82 korgools reached", none: "no korgools left to move", time: "out of time", early: "resignation or time (the record does not say)" },
  ru: { 82: "набрано 82 коргоола", none: "не осталось коргоолов для хода", time: "время вышло", early: "сдача или время (в записи не сказано)" },
};

for (const lang of LANGS) {
  test(`${lang}: an imported game says why it ended when the board or its record says so, else as far as its kazans tell`, async () => {
    const { context, page, board } = await open(SIZES.phone, { hash: "#/library", lang });
    await page.getByTestId("library-screen").waitFor();
    await importText(page, IMPORTED);
    assert.equal(await page.getByTestId("library-game").count(), 5);
    const reason = async (score) => {
      const r = card(page, score).getByTestId("game-reason");
      return (await r.count()) ? r.innerText() : null;
    };
    const words = REASONS[lang];
    assert.equal(await reason("82:70"), words[82]);
    assert.equal(await reason("79:83"), words.none);
    assert.equal(await reason("81:81"), words.none);
    assert.equal(await reason("42:54"), words.time);
    // A bare "1-0" in a position not over: a resignation, or the time? Said as such, not guessed.
    assert.equal(await reason("61:39"), words.early);
    await board.screenshot(`ends-library-reasons-${lang}-phone`, { fullPage: false });
    // The replay says it at the end, and the review too.
    await card(page, "82:70").getByTestId("game-replay").click();
    await page.getByTestId("replay-screen").waitFor();
    await toTheEnd(page);
    assert.match(await page.getByTestId("replay-status").innerText(), new RegExp(` · ${words[82]} · 82:70$`));
    await page.getByTestId("back-to-library").click();
    await card(page, "61:39").getByTestId("game-replay").click();
    await toTheEnd(page);
    assert.ok((await page.getByTestId("replay-status").innerText()).endsWith(` · ${words.early} · 61:39`));
    await page.getByTestId("back-to-library").click();
    await card(page, "42:54").getByTestId("btn-review").click();
    await page.getByTestId("review-screen").waitFor();
    assert.match(await page.getByTestId("review-result").innerText(), new RegExp(` · ${words.time} · 54:42$`));
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  });
}

test("after Look at the board, the play screen offers the game's review", async () => {
  const { context, page, board } = await open(SIZES.phone, { waitFor: "board" });
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await page.getByTestId("btn-resign").click();
  await page.getByTestId("btn-resign-confirm").click();
  await page.getByTestId("end-dialog").waitFor();
  await page.getByTestId("btn-end-close").click();
  await page.getByTestId("end-dialog").waitFor({ state: "detached" });
  const review = page.getByTestId("btn-review-game");
  assert.ok(await review.isVisible(), "a Review button on the play screen");
  await review.click();
  await page.getByTestId("review-screen").waitFor();
  assert.equal(await page.getByTestId("review-back").getAttribute("data-from"), "from=game");
  await page.getByTestId("review-back").click();
  await board.board().waitFor();
  // A new game: no review of a game not over, Resign again.
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  await page.getByTestId("btn-start").click();
  await page.getByTestId("btn-resign").waitFor();
  assert.equal(await page.getByTestId("btn-review-game").count(), 0);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

/**
 * A share link of a finished game of one move (White's and Black's), from a player's library:
 * made once for the file (any tab opens the same link alike).
 */
let shareLink;
function aShareLink() {
  shareLink ??= makeShareLink();
  return shareLink;
}

async function makeShareLink() {
  const { context, page, board } = await open(SIZES.phone, { waitFor: "board" });
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await page.getByTestId("btn-resign").click();
  await page.getByTestId("btn-resign-confirm").click();
  await page.getByTestId("end-dialog").waitFor();
  await page.getByTestId("btn-end-close").click();
  await page.getByTestId("nav-library").click();
  await (await cardAction(page.getByTestId("library-game").first(), "game-share")).click();
  const link = await page.getByTestId("share-link").inputValue();
  await context.close();
  return link;
}

/** How many games the page's library holds. */
const savedGames = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("toguz.index") ?? "null")?.data?.games?.length ?? 0);

test("a shared game opens as a replay to watch; it is added only when asked, and once", async () => {
  const link = await aShareLink();
  assert.match(link, /\?share=[A-Za-z0-9_-]+$/);
  const { context, page, board } = await open(SIZES.phone, { url: link });
  const shared = page.locator('[data-testid="replay-screen"][data-shared="true"]');
  await shared.waitFor();
  await page.getByTestId("shared-game").waitFor();
  assert.match(await page.getByTestId("shared-summary").innerText(), /: 1 move, black won\.$/);
  assert.equal(await savedGames(page), 0, "nothing imported by opening the link");
  assert.match(page.url(), /#\/shared-game\/[A-Za-z0-9_-]+$/);
  assert.ok(!page.url().includes("?share="));
  // A replay: step through it.
  await page.getByTestId("replay-first").click();
  await page.getByTestId("replay-next").click();
  assert.equal(await page.getByTestId("replay-counter").innerText(), "Move 1 of 1");
  // A reload opens it again.
  await page.reload();
  await page.getByTestId("shared-add").waitFor();
  assert.equal(await savedGames(page), 0);
  await page.getByTestId("shared-add").click();
  await page.locator('[data-testid="replay-screen"]:not([data-shared])').waitFor();
  assert.match(page.url(), /#\/replay\//);
  assert.equal(await savedGames(page), 1);
  // The link opened again: the game is there already, and no second copy is made.
  await page.goto(link);
  await page.getByTestId("shared-open").waitFor();
  assert.equal(await page.getByTestId("shared-add").count(), 0);
  await page.getByTestId("shared-open").click();
  await page.locator('[data-testid="replay-screen"]:not([data-shared])').waitFor();
  assert.equal(await savedGames(page), 1);
  // A link that does not read: why, and the way to the library.
  await page.goto(`${BASE_URL}?share=not-a-record`);
  await page.getByTestId("share-error").waitFor();
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// What the player sees of each: at the five sizes, in English and Russian. One context goes
// through the screens once, and each screen is shot at every size in both languages: the size
// switched in place (none of the five emulates a touch phone, so a fresh page at that size
// would differ only in its layout, which CSS lays out again), the language too. On the way,
// the second tab's notice is checked to cover no house at every size, in both languages.
test("the second tab's notice covers no house at any of the five sizes; screenshots in English and Russian", async () => {
  /** Shoots what `b` shows at every size in both languages, after `ready` (at that size). */
  const shot = async (b, what, ready = async () => {}) => {
    for (const lang of LANGS) {
      await switchLanguage(b.page, lang);
      for (const size of FIVE) {
        await b.page.setViewportSize(viewport(size));
        await ready(size, lang);
        await b.screenshot(`ends-${what}-${lang}-${size.width}x${size.height}`, { fullPage: false });
      }
    }
  };
  const one = await open(FIVE[0], { waitFor: "board" });
  await one.board.setSpeed("instant");
  await one.board.play("w", 7);
  await one.board.play("b", 3);
  const two = await open(FIVE[0], { context: one.context, waitFor: "board" });
  await two.board.play("w", 1);
  // Back to the first tab, as its player would be: a tab behind another is hidden, and a hidden
  // tab's frames wait.
  await one.page.bringToFront();
  await one.board.play("w", 9);
  const notice = one.page.getByTestId("storage-notice");
  await notice.waitFor();
  assert.equal(await notice.getAttribute("data-kind"), "forked");
  await shot(one.board, "notice", async (size, lang) => {
    // The notice's box and the houses', read in one go at the top of the page.
    const { box, houses } = await one.page.evaluate(() => {
      window.scrollTo(0, 0);
      const rect = (e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      return {
        box: rect(document.querySelector('[data-testid="storage-notice"]')),
        houses: [...document.querySelectorAll('[data-testid^="house-"]')].map((e) => [e.dataset.testid, rect(e)]),
      };
    });
    assert.equal(houses.length, 18, `18 houses at ${size.name}`);
    for (const [id, house] of houses) {
      assert.ok(!overlap(box, house), `${size.name}, ${lang}: notice ${JSON.stringify(box)} over ${id} ${JSON.stringify(house)}`);
    }
  });
  await one.page.getByTestId("notice-dismiss").click();
  await one.page.getByTestId("btn-resign").click();
  await one.page.getByTestId("btn-resign-confirm").click();
  await one.page.getByTestId("end-dialog").waitFor();
  await one.page.getByTestId("btn-end-close").click();
  await shot(one.board, "review-button", () => one.page.getByTestId("btn-review-game").scrollIntoViewIfNeeded());
  await one.page.getByTestId("nav-library").click();
  await one.page.getByTestId("library-screen").waitFor();
  await importText(one.page, IMPORTED);
  await shot(one.board, "library", () => one.page.getByTestId("library-status").scrollIntoViewIfNeeded());
  await card(one.page, "82:70").getByTestId("game-replay").click();
  await toTheEnd(one.page);
  await shot(one.board, "replay", () => one.page.evaluate(() => window.scrollTo(0, 0)));
  await one.page.getByTestId("back-to-library").click();
  await card(one.page, "42:54").getByTestId("btn-review").click();
  await one.page.getByTestId("review-result").waitFor();
  await shot(one.board, "review");
  assert.deepEqual([...one.board.errors, ...two.board.errors], [], "no console errors");
  await one.context.close();
  const link = await aShareLink();
  const friend = await open(FIVE[0], { url: link });
  await friend.page.getByTestId("shared-game").waitFor();
  await shot(friend.board, "shared");
  assert.deepEqual(friend.board.errors, [], "no console errors");
  await friend.context.close();
});
