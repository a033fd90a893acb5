// The PWA, on the release build served under a sub-path (its URLs are relative: scripts/e2e.sh
// passes dist/ as $E2E_SUBPATH_DIST, served here at /toguz/sub/): offline after the
// first visit, the screens loaded on demand offline (and their Retry when nothing can answer),
// the app's wasm compiled from its bytes, also once the worker answers,
// a control without service workers that fails offline, an update accepted by the player that
// keeps the game, the manifest and its icons, the install prompts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, renameSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { announced, SIZES, enginePositions, launchBrowser, open, settled, viewport } from "./board-page.mjs";

const SUB_PATH = "/toguz/sub/";
const DIST = path.resolve(process.env.E2E_SUBPATH_DIST ?? "dist");
const WORKER_FILES = ["worker_loader.js", "worker.js", "worker_bg.wasm"];
const IOS_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 " +
  "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The build id and files that scripts/hooks/finish.mjs stamped into a build's sw.js. */
function stampOf(dir) {
  const sw = readFileSync(path.join(dir, "sw.js"), "utf8");
  return JSON.parse(sw.match(/^const BUILD = (.*); \/\/ @build/m)[1]);
}

let browser;
let server;
let root;
let origin;
let url;
const served = [];

/** Serves `dir` at SUB_PATH (the served folder is a symlink, swapped by `serve`). */
function serve(dir) {
  const link = path.join(root, SUB_PATH);
  const tmp = `${link.replace(/\/$/, "")}.tmp`;
  symlinkSync(dir, tmp);
  renameSync(tmp, link.replace(/\/$/, ""));
}

before(async () => {
  assert.ok(existsSync(path.join(DIST, "sw.js")), `no sub-path build in ${DIST}`);
  root = mkdtempSync(path.join(os.tmpdir(), "toguz-pwa-"));
  mkdirSync(path.join(root, path.dirname(SUB_PATH.replace(/\/$/, ""))), { recursive: true });
  serve(DIST);
  server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its access log: the paths it served, in order.
  server.stderr.on("data", (d) => {
    for (const m of String(d).matchAll(/"GET (\S+) HTTP\/[\d.]+" 200/g)) served.push(m[1]);
  });
  const port = await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => {
      const m = String(d).match(/port (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    server.on("exit", reject);
  });
  origin = `http://127.0.0.1:${port}`;
  url = `${origin}${SUB_PATH}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

/**
 * A page that has opened nothing yet (the tests go to the sub-path's URLs), with every
 * console error, failed request and CSP violation collected (board-page.mjs's `open`).
 */
function openPage(options = {}) {
  return open(browser, { navigate: false, serviceWorkers: "allow", ...options });
}

/**
 * The parts (app-<hash>/split_<part>.wasm) the page has fetched so far, by name, sorted; but the
 * search's ("ai": the page's side of the worker), which comes when the worker starts, at the
 * player's first sign (its own test below).
 */
const partsOf = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => e.name.match(/\/app-[0-9a-f]{16}\/split_(\w+)\.wasm$/)?.[1])
      // Not a screen's: the search's, and the stored values' decoders (src/services/reader.rs:
      // fetched before the mount when values are stored, else at the first write).
      .filter((part) => part && part !== "ai" && part !== "reader")
      .sort(),
  );

/**
 * The payload of a friend's invitation by link before any move (the friend plays Black, so
 * the receiver plays White): the format of crates/store/src/link.rs, with its FNV-1a checksum.
 */
function invitation() {
  const bytes = [1, 1, 2, 3, 4, 5, 6, 7, 8, 1, 0, 0];
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  bytes.push(h >>> 24, (h >>> 16) & 255, (h >>> 8) & 255, h & 255);
  return Buffer.from(bytes).toString("base64url");
}

/** First visit: the board shows and the service worker takes control of the page. */
async function firstVisit(page, board) {
  await page.goto(url);
  await board.board().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** Cuts the network and empties Chromium's HTTP cache, so that only the worker can answer. */
async function goOffline(context, page) {
  await context.setOffline(true);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
}

const cacheState = (page) =>
  page.evaluate(async () => {
    const keys = await caches.keys();
    const entries = {};
    for (const key of keys) {
      const cache = await caches.open(key);
      entries[key] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return entries;
  });

test("offline after the first visit, under a sub-path", async () => {
  const first = served.length;
  const { context, page, board } = await openPage();
  await firstVisit(page, board);

  // Every file of the build is precached, the AI worker's too when the build has it.
  const stamp = stampOf(DIST);
  const cached = await cacheState(page);
  assert.deepEqual(Object.keys(cached), [`toguz-${stamp.id}`]);
  const paths = cached[`toguz-${stamp.id}`].sort();
  assert.deepEqual(paths, stamp.files.map((f) => SUB_PATH + f).sort());
  for (const f of WORKER_FILES) {
    if (existsSync(path.join(DIST, f))) assert.ok(paths.includes(SUB_PATH + f), `${f} precached`);
  }
  assert.ok(stamp.files.includes("index.html") && stamp.files.includes("manifest.webmanifest"));
  // The precache takes the files with a content hash in their names from the HTTP cache: the
  // app's wasm, which the page itself loaded, is downloaded once, not twice.
  const wasm = stamp.files.find((f) => /^app-[0-9a-f]{16}\/app_bg\.wasm$/.test(f));
  assert.equal(served.slice(first).filter((p) => p === SUB_PATH + wasm).length, 1, "the app's wasm downloaded once");
  assert.equal(served.slice(first).filter((p) => p === `${SUB_PATH}index.html` || p === SUB_PATH).length, 2, "index.html: the page, then the precache's own request");

  await goOffline(context, page);
  await page.reload();
  await board.board().waitFor();
  await board.play("w", 7);
  assert.match(await board.turnText(), /Black to move/);
  // Any URL in the scope opens the app (navigations fall back to index.html).
  await page.goto(`${url}?from=home-screen`);
  await board.board().waitFor();
  // The game in progress is resumed from storage (saved games).
  assert.match(await board.turnText(), /Black to move/);
  await board.play("b", 3);

  // A game against the computer, offline: its Web Worker's files come from the cache.
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "easy" });
  await board.play("w", 7);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
    null,
    { timeout: 20_000 },
  );
  const afterReply = await board.positionString();
  assert.notEqual(afterReply, enginePositions([7])[0], "the computer played a move offline");
  assert.match(await board.turnText(), /White/);

  // The tutorial opens offline too: its route shows a lesson on the board, and a lesson's
  // exercise is judged (by the engine, in the page) with no connection.
  await page.goto(`${url}#/tutorial/3`);
  await page.getByTestId("lesson").waitFor();
  assert.equal(await page.getByTestId("lesson").getAttribute("data-lesson"), "3");
  await board.board().waitFor();
  assert.equal(
    await board.positionString(),
    "9,9,9,9,1,9,9,9,9/9,9,9,9,9,9,9,9,9 4/4 -/- w",
    "lesson 3 opens on its first position",
  );
  await page.getByTestId("tut-next").click();
  await board.house("b", 1).click();
  await page.getByTestId("feedback").waitFor();
  assert.match(await page.getByTestId("feedback").getAttribute("class"), /right/);
  assert.deepEqual(board.errors, [], "no console errors, failed requests or CSP violations");
  await context.close();
});

test("offline after a first visit of the play screen alone, the screens loaded on demand open", async () => {
  const { context, page, board } = await openPage();
  await firstVisit(page, board);
  // The parts loaded on demand (scripts/hooks/app.mjs) are precached with the rest, though
  // the first visit fetched none of them (a phone's settings wait for the player's first
  // touch or scroll).
  const stamp = stampOf(DIST);
  const parts = stamp.files.filter((f) => /^app-[0-9a-f]{16}\/split_.*\.wasm$/.test(f));
  assert.ok(parts.length >= 5, `the parts are precached: ${parts}`);
  // The play screen loads no part but the search's, when its worker starts.
  assert.deepEqual(await partsOf(page), [], "the play screen loads no part");

  await goOffline(context, page);
  // From the top bar, in the page loaded online: the parts come from the precache.
  await page.getByTestId("nav-puzzles").click();
  await page.getByTestId("puzzles-screen").waitFor();
  await page.getByTestId("nav-editor").click();
  await page.getByTestId("editor-screen").waitFor();
  // A direct load of a part's URL, offline.
  await page.goto(`${url}#/library`);
  await page.getByTestId("library-screen").waitFor();
  await page.goBack();
  await page.getByTestId("editor-screen").waitFor();
  assert.equal(await page.getByTestId("screen-load-failed").count(), 0);
  // A shared game's link, offline: its replay is in the library's part, from the precache (a
  // record that does not read: why).
  await page.goto(`${url}?share=not-a-record`);
  await page.getByTestId("share-error").waitFor();
  assert.equal(await page.getByTestId("screen-load-failed").count(), 0);
  // A friend's invitation by link, offline: the game is joined from the link's part, from the
  // precache, and its share panel shows.
  await page.goto(`${url}?c=${invitation()}`);
  await page.getByTestId("link-panel").waitFor();
  assert.match(await page.getByTestId("mode").innerText(), /friend by link/);
  assert.equal(await page.getByTestId("link-open-load-failed").count(), 0);
  assert.deepEqual(board.errors, [], "no console errors, failed requests or CSP violations");
  await context.close();
});

test("a part that cannot be fetched: a message and Retry, then the screen once online", async () => {
  // No service worker: offline, nothing answers for the part.
  const { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  await goOffline(context, page);
  await page.getByTestId("nav-puzzles").click();
  await page.getByTestId("screen-load-failed").waitFor();
  assert.match(await page.getByTestId("screen-load-failed").innerText(), /could not be loaded/);
  // The top bar stays, and the play screen still works.
  await page.getByTestId("nav-play").click();
  await board.board().waitFor();
  await page.getByTestId("nav-puzzles").click();
  await page.getByTestId("screen-load-failed").waitFor();
  await context.setOffline(false);
  await page.getByTestId("screen-retry").click();
  await page.getByTestId("puzzles-screen").waitFor();
  await context.close();
});

test("a part's style sheet: not on the first visit, fetched with its screen and applied before it shows; if it fails, Retry", async () => {
  const { context, page, board } = await openPage({ serviceWorkers: "block" });
  // The first moment the puzzle screen's header is in the page: is its part's rule applied?
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const top = document.querySelector(".puzzles__top");
      if (top) {
        window.firstPuzzlesTop = getComputedStyle(top).display;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const sheet = /\/app-[0-9a-f]{16}\/puzzles\.css$/;
  // The dialogs' sheet comes with the player's first click (here on the top bar), as their code;
  // so do the opening explorer's two (the board is a game of two players). The replay's comes
  // with the puzzles' part, which shares it (checked on its own below).
  const sheets = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name)
        .filter((u) => u.endsWith(".css") && !/\/(dialogs|openings|explorer|replay)\.css$/.test(u)),
    );
  await page.goto(url);
  await board.board().waitFor();
  // The first visit fetches no part's sheet, and its inlined styles have none of their rules.
  assert.deepEqual(await sheets(), []);
  // One per part with a sheet: library, tutorial, editor, review, puzzles, count, practice,
  // train, prompts, dialogs, link, openings; and the two that several parts share, the
  // replay's and the explorer's.
  assert.equal(await page.locator('meta[name="part-style"]').count(), 14);
  assert.equal(
    await page.evaluate(() =>
      [...document.styleSheets].some((s) => [...s.cssRules].some((r) => r.selectorText?.startsWith(".puzzles__"))),
    ),
    false,
  );
  // The sheet cannot be fetched (its code can): the part's message and Retry, not the screen.
  await page.route(sheet, (route) => route.abort("internetdisconnected"));
  await page.getByTestId("nav-puzzles").click();
  await page.getByTestId("screen-load-failed").waitFor();
  assert.equal(await page.getByTestId("puzzles-screen").count(), 0);
  assert.equal(await page.locator('link[data-part="puzzles"]').count(), 0, "the failed link is removed");
  await page.unroute(sheet);
  await page.getByTestId("screen-retry").click();
  await page.getByTestId("puzzles-screen").waitFor();
  // Its sheet (asked for twice: the failed request, then Retry's), linked where it was in the
  // cascade (before the inlined styles that follow it), applied from the screen's first frame.
  const fetched = await sheets();
  assert.equal(fetched.length, 2, `${fetched}`);
  assert.ok(fetched.every((u) => sheet.test(u)), `${fetched}`);
  const replay = await page.evaluate(
    () => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/replay.css")).length,
  );
  assert.ok(replay >= 1, "the replay's sheet comes with the puzzles' part");
  assert.equal(await page.evaluate(() => window.firstPuzzlesTop), "flex");
  assert.equal(await page.locator(".puzzles__top").evaluate((e) => getComputedStyle(e).display), "flex");
  assert.equal(
    await page.evaluate(() => document.querySelector('link[data-part="puzzles"]').nextElementSibling.dataset.part),
    "puzzles",
  );
  // Another screen fetches its own sheet and no other.
  await page.getByTestId("nav-editor").click();
  await page.getByTestId("editor-screen").waitFor();
  assert.deepEqual((await sheets()).map((u) => u.match(/\/app-[0-9a-f]{16}\/(\w+)\.css$/)[1]), ["puzzles", "puzzles", "editor"]);
  await context.close();
});

test("a share link whose part cannot be fetched: a message and Retry, then the game once online", async () => {
  const { context, page, board } = await openPage({ serviceWorkers: "block" });
  // The parts' files do not arrive (as offline before the service worker had them).
  const parts = /\/(split_[^/]*\.wasm|chunks-[a-z]+\.bin)$/;
  await page.route(parts, (route) => route.abort("internetdisconnected"));
  await page.goto(`${url}?share=not-a-record`);
  await page.getByTestId("screen-load-failed").waitFor();
  assert.match(await page.getByTestId("screen-load-failed").innerText(), /could not be loaded/);
  await page.unroute(parts);
  await page.getByTestId("screen-retry").click();
  await page.getByTestId("share-error").waitFor();
  assert.equal(await page.getByTestId("screen-load-failed").count(), 0);
  await context.close();
});

test("the play screen's settings and dialogs: their parts come with the player's first pointer or scroll (the settings at once on a desktop); if one cannot be fetched, a notice with Retry", async () => {
  // A returning player on a phone: both parts wait for the player; a scroll down to the
  // settings brings both.
  let { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  // Once the page has settled, nothing was fetched.
  await settled(page);
  assert.deepEqual(await partsOf(page), []);
  assert.equal(await page.getByTestId("opt-language").count(), 0);
  await page.mouse.wheel(0, 2000);
  await page.getByTestId("speed-instant").waitFor();
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  // The board is a game of two players: the opening explorer's part comes with them.
  await page.getByTestId("explorer").waitFor({ state: "attached" });
  assert.deepEqual(await partsOf(page), ["dialogs", "openings", "settings"]);
  await context.close();

  // A screen reader's activation is a click with no pointer event before it: it brings them
  // too.
  ({ context, page, board } = await openPage({ serviceWorkers: "block" }));
  await page.goto(url);
  await board.board().waitFor();
  // Once the page has settled, nothing was fetched.
  await settled(page);
  assert.deepEqual(await partsOf(page), []);
  await page.evaluate(() => document.querySelector('[data-testid="turn"]').click());
  await page.getByTestId("speed-instant").waitFor();
  await context.close();

  // A first visit on a phone: no part comes at once (the welcome is in the main module); the
  // dialogs' and the settings' parts wait for the player there too.
  ({ context, page, board } = await openPage({ serviceWorkers: "block", firstVisit: true }));
  await page.goto(url);
  await page.getByTestId("welcome-dialog").waitFor();
  // Once the page has settled, nothing more was fetched.
  await settled(page);
  assert.deepEqual(await partsOf(page), []);
  await page.getByTestId("welcome-two").click();
  await page.getByTestId("welcome-dialog").waitFor({ state: "detached" });
  await page.getByTestId("speed-instant").waitFor();
  // Two players chosen: now the opening explorer comes beside the board.
  await page.getByTestId("explorer").waitFor();
  await context.close();

  // A desktop: the settings are in view in the side panel, so their part comes at once; the
  // dialogs' still waits for the player.
  ({ context, page, board } = await openPage({ serviceWorkers: "block", size: SIZES.desktop }));
  await page.goto(url);
  await page.getByTestId("speed-instant").waitFor();
  // Once the page has settled, the dialogs' part has not come.
  await settled(page);
  assert.deepEqual(await partsOf(page), ["settings"]);
  await context.close();

  // Its files do not arrive (offline before the service worker had them): a failed fetch at
  // the first pointer says nothing; asking for a dialog says it could not be loaded (Close
  // closes the notice), and asks again the next time, until the part arrives.
  const parts = /\/(split_[^/]*\.wasm|chunks-[a-z]+\.bin)$/;
  ({ context, page, board } = await openPage({ serviceWorkers: "block" }));
  await page.route(parts, (route) => route.abort("internetdisconnected"));
  await page.goto(url);
  await board.board().waitFor();
  await page.mouse.move(100, 300);
  // The settings' place says so, with Retry.
  await page.getByTestId("settings-load-failed").waitFor();
  assert.match(await page.getByTestId("settings-load-failed").innerText(), /could not be loaded/);
  // Once the page has settled, the dialogs' notice has not shown.
  await settled(page);
  assert.equal(await page.getByTestId("dialogs-load-failed").count(), 0);
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("dialogs-load-failed").waitFor();
  assert.match(await page.getByTestId("dialogs-load-failed").innerText(), /could not be loaded/);
  await page.getByTestId("dialogs-close").click();
  await page.getByTestId("dialogs-load-failed").waitFor({ state: "detached" });
  await board.play("w", 7);
  // The live region's words are in the dialogs' part too: the move is not said.
  assert.equal((await page.getByTestId("announcer").innerText()).trim(), "");
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("dialogs-load-failed").waitFor();
  await page.unroute(parts);
  await page.getByTestId("dialogs-retry").click();
  await page.getByTestId("new-game-dialog").waitFor();
  assert.equal(await page.getByTestId("dialogs-load-failed").count(), 0);
  await page.keyboard.press("Escape");
  // With the part there, the next move is said.
  const house = page.locator(".house--playable").first();
  await house.waitFor();
  const [, side, n] = (await house.getAttribute("data-testid")).split("-");
  await board.play(side, Number(n));
  const said = /(White|Black) played house \d/;
  assert.match(await announced(page, said), said);
  await page.getByTestId("settings-retry").click();
  await page.getByTestId("speed-instant").waitFor();
  assert.equal(await page.getByTestId("settings-load-failed").count(), 0);
  // The loader's failed fetches are logged; nothing else is.
  assert.deepEqual(board.errors.filter((e) => !/Failed to fetch|split_|chunks-|ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await context.close();
});

test("the saved games' notices: their part comes only when there is one; if it cannot be fetched, a notice with Retry", async () => {
  // A stored value this version cannot read (a newer schema): a notice, from the prompts'
  // part, fetched for it alone (nobody has touched the page).
  const unreadable = () => localStorage.setItem("toguz.settings", '{"kind":"settings","v":42,"data":{}}');
  let { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  assert.deepEqual(await partsOf(page), []);
  await page.evaluate(unreadable);
  await page.reload();
  await page.getByTestId("storage-notice").waitFor();
  assert.match(await page.getByTestId("storage-notice").innerText(), /could not be read/);
  assert.deepEqual(await partsOf(page), ["prompts"]);
  await context.close();

  // No part can be fetched: a notice says so, with Retry; then the notice of a start without
  // the stored values' decoders (src/services/reader.rs): the tab keeps its values in memory,
  // and the stored one stays as it was.
  const parts = /\/(split_[^/]*\.wasm|chunks-[a-z]+\.bin)$/;
  ({ context, page, board } = await openPage({ serviceWorkers: "block" }));
  await page.goto(url);
  await board.board().waitFor();
  await page.evaluate(unreadable);
  await page.route(parts, (route) => route.abort("internetdisconnected"));
  await page.reload();
  const failed = page.getByTestId("notices-load-failed");
  await failed.waitFor();
  assert.match(await failed.innerText(), /could not be loaded/);
  await page.unroute(parts);
  await page.getByTestId("notices-retry").click();
  await page.getByTestId("storage-notice").waitFor();
  assert.match(await page.getByTestId("storage-notice").innerText(), /nothing is kept/);
  assert.equal(await failed.count(), 0);
  assert.equal(
    await page.evaluate(() => localStorage.getItem("toguz.settings")),
    '{"kind":"settings","v":42,"data":{}}',
  );
  assert.deepEqual(board.errors.filter((e) => !/Failed to fetch|split_|chunks-|ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await context.close();
});

test("the search's part: fetched when the player shows up; if it cannot be, the computer says it failed, and a new game tries again", async () => {
  const ai = /\/app-[0-9a-f]{16}\/split_ai\.wasm$/;
  const fetched = () => performance.getEntriesByType("resource").some((e) => /\/split_ai\.wasm$/.test(e.name));
  let { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  // Not while the page loads and paints (a first visit's last long tasks) ...
  await page.waitForFunction(() => document.readyState === "complete");
  // On purpose a time: the part is not to come yet, so there is no state to wait for.
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(fetched), false, "the search's part was fetched before the player showed up");
  // ... but at the player's first sign: here a pointer moving over the page.
  await page.mouse.move(100, 200);
  await page.waitForFunction(fetched);
  await context.close();

  // It cannot be fetched (offline before the service worker had it).
  ({ context, page, board } = await openPage({ serviceWorkers: "block" }));
  await page.route(ai, (route) => route.abort("internetdisconnected"));
  await page.goto(url);
  await board.board().waitFor();
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "easy" });
  await board.play("w", 7);
  await page.waitForFunction(
    () => /The computer failed/.test(document.querySelector('[data-testid="message"]')?.textContent ?? ""),
    null,
    { timeout: 20_000 },
  );
  // Back online: a new game's first request fetches it, and the computer answers.
  await page.unroute(ai);
  await board.newGame({ mode: "computer", side: "b", level: "easy" });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" b"),
    null,
    { timeout: 20_000 },
  );
  assert.deepEqual(board.errors.filter((e) => !/Failed to fetch|split_|chunks-|ERR_INTERNET_DISCONNECTED/.test(e)), []);
  await context.close();
});

test("the app's wasm: compiled from its bytes, on a first visit and once the service worker controls the page", async () => {
  // The module is compiled from its bytes, off the page's main thread (V8 decodes a streamed
  // module on it, chunk by chunk; scripts/hooks/finish.mjs), also when the service
  // worker answers a returning player's page.
  const wasm = stampOf(DIST).files.find((f) => /^app-[0-9a-f]{16}\/app_bg\.wasm$/.test(f));
  const size = readFileSync(path.join(DIST, wasm)).length;
  const { context, page, board } = await openPage();
  await context.addInitScript(() => {
    window.__compiled = [];
    const { instantiate, instantiateStreaming } = WebAssembly;
    WebAssembly.instantiate = function (source, ...rest) {
      if (source instanceof ArrayBuffer) window.__compiled.push(`bytes ${source.byteLength}`);
      return instantiate.call(this, source, ...rest);
    };
    WebAssembly.instantiateStreaming = async function (source, ...rest) {
      const response = await source;
      // A chunk comes as its slice of a pack (scripts/hooks/pack-prelude.js): a response with no URL.
      window.__compiled.push(`streamed ${response.url ? new URL(response.url).pathname.split("/").pop() : "chunk_ from a pack"}`);
      return instantiateStreaming.call(this, response, ...rest);
    };
  });
  // The main module's compilations (the parts', such as the stored values' decoders fetched
  // after the first write or before a returning player's mount, are streamed).
  const main = () => page.evaluate(() => window.__compiled.filter((c) => !/^streamed (split|chunk)_/.test(c)));
  await firstVisit(page, board);
  assert.deepEqual(await main(), [`bytes ${size}`]);
  await page.reload();
  await board.board().waitFor();
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
  assert.deepEqual(await main(), [`bytes ${size}`]);
  assert.deepEqual(board.errors, []);
  await context.close();
});

test("control: with service workers blocked, the app does not load offline", async () => {
  const { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  assert.equal(await page.evaluate(() => navigator.serviceWorker?.controller ?? null), null);
  // The app runs without a worker: no error once its registration (after the load) is refused.
  await page.waitForFunction(() => document.readyState === "complete");
  // On purpose a time: a refused registration leaves nothing to wait for but an error,
  // which must not come.
  await page.waitForTimeout(500);
  await board.play("w", 7);
  assert.deepEqual(board.errors, [], "no console errors without a service worker");
  await goOffline(context, page);
  await assert.rejects(page.reload(), /ERR_INTERNET_DISCONNECTED/);
  await context.close();
});

test("a new version: the player is asked, accepts, and the game goes on", async () => {
  // The second version: the same build plus one file, re-stamped by the post_build hook.
  const next = mkdtempSync(path.join(os.tmpdir(), "toguz-pwa-next-"));
  cpSync(DIST, next, { recursive: true });
  writeFileSync(path.join(next, "release-notes.txt"), "The next version.\n");
  execFileSync("node", ["scripts/hooks/finish.mjs", next]);
  const [v1, v2] = [stampOf(DIST).id, stampOf(next).id];
  assert.notEqual(v1, v2);

  const { context, page, board } = await openPage();
  try {
    await firstVisit(page, board);

    serve(next);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const banner = page.getByTestId("pwa-update");
    await banner.waitFor({ timeout: 20_000 });
    assert.match(await banner.innerText(), /A new version is available/);
    // Not accepted: a reload stays on the old version, and asks again.
    await page.reload();
    await banner.waitFor();
    assert.ok(Object.keys(await cacheState(page)).includes(`toguz-${v1}`));

    await board.play("w", 7);
    await board.play("b", 3);
    const position = await board.positionString();
    // Nothing reloads on its own.
    await page.waitForTimeout(500);
    assert.equal(await board.positionString(), position);
    await board.screenshot("pwa-update-phone");
    await page.setViewportSize(viewport(SIZES.desktop));
    await board.screenshot("pwa-update-desktop");

    const reloaded = page.waitForEvent("load");
    await page.getByTestId("pwa-update-reload").click();
    await reloaded;
    await board.board().waitFor();
    assert.equal(await board.positionString(), position, "the game in progress is resumed");
    assert.equal(await page.getByTestId("move-list").locator("li").count(), 1);
    assert.equal(await banner.count(), 0);
    assert.deepEqual(Object.keys(await cacheState(page)), [`toguz-${v2}`], "old cache deleted");
    await board.play("w", 5);
    assert.deepEqual(board.errors, [], "no console errors");
  } finally {
    serve(DIST);
    await context.close();
    rmSync(next, { recursive: true, force: true });
  }
});

// The manifest, the install button and the iOS hint need no service worker: blocked, their
// contexts do not precache the build (about 3 s of CPU each, the browser's, the network
// service's and the server's, and Playwright's for every request).
test("the manifest is valid and every icon it names loads at its size", async () => {
  const { context, page, board } = await openPage({ serviceWorkers: "block" });
  await page.goto(url);
  await board.board().waitFor();
  const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
  assert.equal(href, `${url}manifest.webmanifest`);
  const response = await page.request.get(href);
  assert.equal(response.status(), 200);
  const manifest = JSON.parse(await response.text());
  for (const key of ["name", "short_name", "description", "theme_color", "background_color"]) {
    assert.equal(typeof manifest[key], "string", key);
  }
  assert.equal(manifest.start_url, "./");
  assert.equal(manifest.scope, "./");
  assert.equal(manifest.display, "standalone");
  const tokens = readFileSync("style/tokens.css", "utf8");
  assert.ok(tokens.includes(manifest.theme_color) && tokens.includes(manifest.background_color));
  assert.equal(await page.evaluate(() => document.querySelector('meta[name="theme-color"]').content), manifest.theme_color);

  const appleIcon = await page.evaluate(() => document.querySelector('link[rel="apple-touch-icon"]').href);
  const icons = [
    ...manifest.icons.map((i) => ({ src: new URL(i.src, href).href, sizes: i.sizes, purpose: i.purpose })),
    { src: appleIcon, sizes: "180x180", purpose: "apple-touch-icon" },
  ];
  assert.deepEqual(
    manifest.icons.map((i) => `${i.sizes} ${i.purpose}`),
    ["192x192 any", "512x512 any", "512x512 maskable"],
  );
  for (const icon of icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    assert.equal(size, icon.sizes, `${icon.purpose} ${icon.src}`);
  }
  // The committed PNGs were drawn from the current icon.svg (scripts/icons.sh).
  const svg = readFileSync("public/icons/icon.svg");
  const recorded = readFileSync("public/icons/icon.svg.sha256", "utf8").split(" ")[0];
  assert.equal(createHash("sha256").update(svg).digest("hex"), recorded, "run scripts/icons.sh");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("install: a button where the browser offers it, a hint on iOS Safari", async () => {
  // Chromium: the button appears on `beforeinstallprompt` and calls its prompt().
  {
    const { context, page, board } = await openPage({ serviceWorkers: "block" });
    await page.goto(url);
    await board.board().waitFor();
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true });
      event.prompt = () => {
        window.prompted = true;
        return Promise.resolve();
      };
      window.dispatchEvent(event);
    });
    const card = page.getByTestId("pwa-install");
    await card.waitFor();
    await card.getByRole("button", { name: "Install" }).click();
    assert.equal(await page.evaluate(() => window.prompted), true);
    assert.equal(await card.count(), 0);
    assert.equal(await page.getByTestId("pwa-ios-hint").count(), 0, "no iOS hint in Chromium");
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  }
  // iPhone Safari: the "Add to Home Screen" hint, until dismissed.
  for (const size of [SIZES.phone, SIZES.desktop]) {
    const { context, page, board } = await openPage({
      serviceWorkers: "block",
      userAgent: IOS_SAFARI,
      size,
      hasTouch: true,
    });
    await page.goto(url);
    await board.board().waitFor();
    const hint = page.getByTestId("pwa-ios-hint");
    await hint.waitFor();
    assert.match(await hint.innerText(), /Add to Home Screen/);
    await board.screenshot(`pwa-ios-hint-${size.name}`);
    await hint.getByRole("button", { name: "Dismiss" }).click();
    assert.equal(await hint.count(), 0);
    await page.reload();
    await board.board().waitFor();
    assert.equal(await hint.count(), 0, "stays dismissed");
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  }
});

test("every part of the release build loads and runs: a broken split fails here, not for a player", async () => {
  // The parts the build cut, from its service worker's list of files.
  const built = stampOf(DIST)
    .files.map((f) => f.match(/^app-[0-9a-f]{16}\/split_(\w+)\.wasm$/)?.[1])
    .filter(Boolean)
    .sort();
  const fetched = (page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e.name.match(/\/app-[0-9a-f]{16}\/split_(\w+)\.wasm$/)?.[1])
        .filter(Boolean),
    );
  // A desktop: the settings' part comes at once; a stored value this version cannot read
  // brings the notices' part ("prompts").
  const { context, page, board } = await openPage({ serviceWorkers: "block", size: SIZES.desktop, acceptDownloads: true });
  await page.goto(url);
  await board.board().waitFor();
  await page.evaluate(() => localStorage.setItem("toguz.settings", '{"kind":"settings","v":42,"data":{}}'));
  await page.reload();
  // Every file this page fetches is kept in its list of resources (250 by default: the parts
  // and their chunks are more).
  await page.evaluate(() => performance.setResourceTimingBufferSize(2000));
  await page.getByTestId("storage-notice").waitFor();
  await page.getByTestId("speed-instant").waitFor();
  // The dialogs' part, and the search's ("ai") with a game against the computer.
  await board.newGame({ mode: "computer", side: "w", level: "easy" });
  await board.play("w", 7);
  await page.waitForFunction(() => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"), null, {
    timeout: 20_000,
  });
  // The end dialog's rating estimate ("estimate"): resigned at once, too short to tell.
  await page.getByTestId("btn-resign").click();
  await page.getByTestId("btn-resign-confirm").click();
  await page.getByTestId("end-dialog").getByTestId("rating-estimate").waitFor();
  await page.getByTestId("btn-end-close").click();
  // A game with a friend by link ("link"), and its QR code ("qr").
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("btn-play-by-link").click();
  await page.getByTestId("btn-start").click();
  await page.getByTestId("btn-qr").click();
  await page.locator('[data-testid="link-qr"] svg').waitFor();
  // Each screen: the analysis board (the review's part), then the top bar's screens.
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  await page.locator('[data-testid="analysis-line-1"][data-house]').waitFor();
  // The pictures' part: Share image (a download here, with no share sheet).
  const download = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("btn-share-image").click();
  await download;
  for (const [nav, screen] of [
    ["nav-library", "library-screen"],
    ["nav-tutorial", "tutorial"],
    ["nav-editor", "editor-screen"],
    ["nav-puzzles", "puzzles-screen"],
  ]) {
    await page.getByTestId(nav).click();
    await page.getByTestId(screen).waitFor();
  }
  // The counting trainer ("count"), from the Learn screen's trainers.
  await page.getByTestId("nav-tutorial").click();
  await page.getByTestId("learn-count").click();
  await page.getByTestId("count-screen").waitFor();
  // The practice positions ("practice"), from the same list.
  await page.getByTestId("nav-tutorial").click();
  await page.getByTestId("learn-practice").click();
  await page.getByTestId("practice-item").first().waitFor();
  // The repertoire trainer ("train"), from the Learn screen's trainers.
  await page.getByTestId("nav-tutorial").click();
  await page.getByTestId("learn-train").click();
  await page.getByTestId("train-screen").waitFor();
  // A first visit, in a browser of its own, then reloaded with the iOS hint's flag as an older
  // version kept it: the upgrade's part ("upgrade"), before the mount, moves it to today's key.
  const first = await openPage({ serviceWorkers: "block", firstVisit: true });
  await first.page.goto(url);
  await first.page.getByTestId("welcome-dialog").waitFor();
  await first.page.evaluate(() => localStorage.setItem("toguz.pwa.iosHintDismissed", "1"));
  await first.page.reload();
  await first.page.waitForFunction(() => localStorage.getItem("toguz.pwa")?.includes('"ios_hint_dismissed":true'));
  await first.page.locator('[data-testid="house-w-1"][data-count]').waitFor();
  const all = new Set([...(await fetched(page)), ...(await fetched(first.page))]);
  assert.deepEqual([...all].sort(), built);
  assert.ok(built.length >= 10, `only ${built.length} parts: ${built}`);
  assert.equal(await page.getByTestId("screen-load-failed").count(), 0);
  assert.deepEqual(board.errors, [], "no console errors, failed requests or CSP violations");
  assert.deepEqual(first.board.errors, [], "no console errors on the first visit");
  await first.context.close();
  await context.close();
});
