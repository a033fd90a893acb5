// The core flows in every engine: Chromium (Playwright), Firefox and WebKit (WebDriver, through
// webdriver-page.mjs), with one page object (board-page.mjs). Run by scripts/e2e-engines.sh as
//
//   E2E_ENGINE=firefox node --test tests/e2e/engines.test.mjs
//   E2E_ENGINE=webkit xvfb-run -a node --test tests/e2e/engines.test.mjs
//   E2E_ENGINE=chromium node --test tests/e2e/engines.test.mjs
//
// The suite serves dist/ itself, under a sub-path (/app/), so that it can cut the network (stop
// the server: WebDriver has no offline switch), swap in a new version for the update flow, and
// fail a file's first requests.
// Screenshots go to target/screenshots/<engine>-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  SIZES,
  enginePosition,
  enginePositions,
  launchBrowser,
  open as openApp,
  parsePosition,
  revealSettings,
  viewport,
} from "./board-page.mjs";
import { launchWebDriver } from "./webdriver-page.mjs";

const ENGINE = process.env.E2E_ENGINE ?? "chromium";
const DIST = path.resolve(process.env.E2E_DIST ?? "dist");
const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";
const PHONE = SIZES.phone;
const DESKTOP = SIZES.desktop;
// A test that hangs (a driver that never answers) fails instead of holding up the check.
const TIMEOUT = 180_000;
const KORGOL = readFileSync("public/playok/korgol.pgn", "utf8");

let browser;
const servers = [];

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".tsv": "text/tab-separated-values; charset=utf-8",
};

/**
 * Serves `dir` at /app/ on a free port (a static server, as a host serves the build).
 * `swap(dir)` serves another build from then on; `stop()` ends the server, so the network is
 * cut for every page of that origin (WebDriver has no offline switch); `fail(name, n)` answers
 * the next `n` requests for that file with a 503.
 */
async function serve(dir) {
  let root = dir;
  const failing = new Map();
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (!url.pathname.startsWith("/app/")) {
      res.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><title>Not found</title>");
      return;
    }
    const name = decodeURIComponent(url.pathname.slice("/app/".length)) || "index.html";
    if (failing.get(name) > 0) {
      failing.set(name, failing.get(name) - 1);
      res.writeHead(503).end();
      return;
    }
    const file = path.join(root, name);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "last-modified": statSync(file).mtime.toUTCString(),
    });
    res.end(readFileSync(file));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const handle = {
    url: `http://127.0.0.1:${server.address().port}/app/`,
    swap: (to) => (root = to),
    fail: (name, n) => failing.set(name, n),
    failsLeft: (name) => failing.get(name) ?? 0,
    stop: async () => {
      if (!server.listening) return;
      const closed = new Promise((r) => server.close(r));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    close: () => handle.stop(),
  };
  servers.push(handle);
  return handle;
}

let app;
before(async () => {
  assert.ok(existsSync(path.join(DIST, "index.html")), `no build in ${DIST}`);
  browser = ENGINE === "chromium" ? await launchBrowser() : await launchWebDriver(ENGINE);
  app = await serve(DIST);
});
after(async () => {
  await browser?.close();
  for (const s of servers) await s.close();
});

// The contexts a test opened and has not closed (a failed test leaves its own open).
const opened = new Set();

/**
 * A test of this suite, run once in every engine: a failure fails. A session that stops
 * answering fails the test after TIMEOUT with what its pages showed, instead of holding up the
 * check.
 */
function engineTest(name, fn) {
  test(`${ENGINE}: ${name}`, { timeout: TIMEOUT + 30_000 }, async () => {
    try {
      await attempt(fn);
    } finally {
      // A failed test's sessions (and their drivers), so that the next test starts clean.
      for (const context of [...opened]) await context.close().catch(() => {});
    }
  });
}

/** Runs `fn`; throws when it fails or has not ended within TIMEOUT (a session that hangs). */
async function attempt(fn) {
  let timer;
  const hung = new Promise((_, reject) => {
    timer = setTimeout(async () => {
      const pages = await Promise.all(
        [...opened].map((c) => Promise.race([c.page?.describe?.() ?? "(not described)", new Promise((r) => setTimeout(() => r("no answer"), 5_000))])),
      );
      reject(new Error(`no end after ${TIMEOUT / 1000} s; the pages: ${pages.join("; ")}`));
    }, TIMEOUT);
  });
  try {
    await Promise.race([fn(), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A fresh context (empty storage, a returning player's) at `size` on the app served at
 * `base`, its page (nothing opened yet), and the page object on it: board-page.mjs's, on
 * Playwright's page or on a WebDriver session's. `noHttpCache` where the engine allows it.
 */
async function open(size = PHONE, { base = app.url, noHttpCache = false } = {}) {
  const opts = { size, baseURL: base, navigate: false, ...(ENGINE === "chromium" ? {} : { noHttpCache }) };
  const { context, page, board } = await openApp(browser, opts);
  opened.add(context);
  const close = context.close.bind(context);
  context.close = async () => {
    opened.delete(context);
    await close();
  };
  return { context, page, board };
}

async function gotoBoard(page, board, url = app.url) {
  await page.goto(url);
  await board.board().waitFor();
}

async function noErrors(page, board) {
  await board.collectErrors();
  assert.deepEqual(board.errors, [], "no console errors");
}

const shot = (board, name) => board.screenshot(`${ENGINE}-${name}`, { fullPage: false });

engineTest(`the board at phone and desktop size, three moves as the engine plays them`, async () => {
  const { context, page, board } = await open(PHONE);
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport(vp));
    await gotoBoard(page, board);
    await board.setSpeed("instant");
    await board.newGame({ mode: "two" });
    assert.equal(await board.positionString(), START);
    assert.deepEqual(await board.readCounts(), {
      houses: { w: Array(9).fill(9), b: Array(9).fill(9) },
      kazans: { w: 0, b: 0 },
    });
    assert.match(await board.turnText(), /White to move/);
    const size = await page.evaluate(() => [innerWidth, innerHeight]);
    assert.deepEqual(size, [vp.width, vp.height], "the viewport");
    // The whole board in view with no sideways scroll, the houses big enough to tap.
    const box = await board.board().boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= vp.width, `board fits: ${JSON.stringify(box)}`);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= vp.width, `page ${scrollWidth}px wide`);
    const house = await board.house("w", 1).boundingBox();
    assert.ok(house.width >= 30 && house.height >= 44, `house big enough: ${JSON.stringify(house)}`);
    await page.evaluate(() => scrollTo(0, 0));
    await shot(board, `${vp.name}-start`);

    const moves = [7, 3, 5];
    const expected = enginePositions(moves);
    for (const [i, n] of moves.entries()) {
      await board.play(i % 2 ? "b" : "w", n);
      const want = parsePosition(expected[i]);
      assert.equal(await board.positionString(), expected[i], `position after move ${i + 1}`);
      assert.deepEqual(await board.readCounts(), { houses: want.houses, kazans: want.kazans });
    }
    assert.match(await board.turnText(), /Black to move/);
    await shot(board, `${vp.name}-after-3`);
  }
  await noErrors(page, board);
  await context.close();
});

engineTest(`undo and redo; the game, its history and the orientation resumed after a reload`, async () => {
  const { context, page, board } = await open(PHONE);
  await gotoBoard(page, board);
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await board.play("w", 5);
  await page.getByTestId("btn-undo").click();
  assert.equal(await board.positionString(), enginePosition([7, 3]));
  await page.getByTestId("btn-undo").click();
  assert.equal(await board.positionString(), enginePosition([7]));
  await page.getByTestId("btn-redo").click();
  await board.waitStill();
  assert.equal(await board.positionString(), enginePosition([7, 3]));
  await page.getByTestId("btn-flip").click();
  await page.reload();
  await board.board().waitFor();
  assert.equal(await board.positionString(), enginePosition([7, 3]), "resumed");
  assert.equal(await page.getByTestId("btn-redo").isEnabled(), true, "redo kept");
  assert.match(await board.board().getAttribute("class"), /board--flipped/, "orientation kept");
  await page.getByTestId("btn-redo").click();
  await board.waitStill();
  assert.equal(await board.positionString(), enginePosition([7, 3, 5]));
  await noErrors(page, board);
  await context.close();
});

// Two korgools short of 82 for White, few left: a whole game in a few moves. Opened through the
// editor's link, as a player shares it.
const NEAR_END = "0,0,0,0,0,0,2,1,1/0,0,0,0,0,0,1,2,3 80/72 -/- w";

/** Plays White's first playable house until the end dialog shows; returns the plies played. */
async function playToEnd(page) {
  for (let i = 0; i < 200; i++) {
    const state = await page.waitForFunction(
      () => {
        if (document.querySelector('[data-testid="end-dialog"]')) return "end";
        const board = document.querySelector('[data-testid="board"]');
        if (board.dataset.animating === "true") return false;
        const house = document.querySelector(".house--playable.house--w");
        return house ? house.dataset.testid : false;
      },
      null,
      { timeout: 30_000 },
    );
    const value = await state.jsonValue();
    if (value === "end") return i;
    await page.getByTestId(value).click();
  }
  throw new Error("no end after 200 moves");
}

engineTest(`a game against the computer (its Web Worker) played to its end`, async () => {
  const { context, page, board } = await open(DESKTOP);
  await page.goto(app.url + "?position=" + NEAR_END.replaceAll(" ", "+"));
  await page.getByTestId("editor-board").waitFor();
  assert.equal(await page.getByTestId("editor-position").inputValue(), NEAR_END);
  await page.getByTestId("editor-vs-computer").click();
  await page.getByTestId("editor-human-w").click();
  await page.getByTestId("editor-level-1").click();
  await page.getByTestId("btn-editor-play").click();
  await board.board().waitFor();
  assert.equal(await board.positionString(), NEAR_END);
  await board.setSpeed("instant");
  assert.match(await page.getByTestId("mode").innerText(), /computer \(Level 1\)/);
  const plies = await playToEnd(page);
  assert.ok(plies >= 1, "at least one move of ours");
  assert.match(await page.getByTestId("end-result").innerText(), /^(You won|You lost|Draw)$/);
  const [w, b] = (await page.getByTestId("end-counts").innerText()).match(/\d+/g).map(Number);
  assert.ok(w > 81 || b > 81 || (w === 81 && b === 81), `final counts ${w}:${b}`);
  // The computer moved: the move list has its replies (odd plies are the computer's).
  const moves = await page.getByTestId("move-list").locator(".move-list__ply").count();
  assert.ok(moves >= 2 || (moves === 1 && w > 81), `${moves} plies in the list`);
  // The dialog fits its content: WebKit stretched a modal grid <dialog> to its max-height,
  // buttons a quarter of the screen high (fixed in style/app.css: align-content).
  const dialog = await page.getByTestId("end-dialog").boundingBox();
  const actions = await page.locator('[data-testid="end-dialog"] .dialog__actions').boundingBox();
  assert.ok(actions.height < 80, `the buttons keep their height: ${JSON.stringify(actions)}`);
  assert.ok(dialog.height < DESKTOP.height * 0.75, `the dialog fits its content: ${JSON.stringify(dialog)}`);
  await shot(board, "desktop-end-dialog");
  await noErrors(page, board);
  await context.close();
});

engineTest(`the computer's worker fails to start twice: started again, it answers`, async () => {
  // As WebKit sometimes does just after an offline load: the worker's importScripts fails.
  const own = await serve(DIST);
  const { context, page, board } = await open(DESKTOP, { base: own.url });
  // No service worker here (its script fails), so that the worker's files come from the server.
  own.fail("sw.js", 1000);
  own.fail("worker.js", 2);
  await gotoBoard(page, board, own.url);
  await board.setSpeed("instant");
  await board.newGame({ mode: "computer", side: "w", level: "easy" });
  await board.play("w", 7);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
    null,
    { timeout: 30_000 },
  );
  assert.notEqual(await board.positionString(), enginePositions([7])[0], "the computer answered");
  assert.equal(own.failsLeft("worker.js"), 0, "both starts failed");
  // The 503s themselves, as Chromium logs them, are the test's: no other error.
  await board.collectErrors();
  board.errors = board.errors.filter((e) => !/\b503\b/.test(e));
  await noErrors(page, board);
  await context.close();
  await own.close();
});

engineTest(`import a PlayOK record, replay it, export the library`, async () => {
  const { context, page, board } = await open(DESKTOP);
  await page.goto(app.url + "#/library");
  await page.getByTestId("library-screen").waitFor();
  const two = KORGOL.split(/(?=\[Event )/).filter((g) => g.trim()).slice(0, 2).join("");
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(two);
  await page.getByTestId("import-do").click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="library-status"]')?.textContent.includes("2 games imported"),
  );
  assert.equal(await page.getByTestId("library-game").count(), 2);

  // Export: the app hands a Blob to a download link; keep what it offers (a WebDriver browser
  // has no download event), and the name it suggests.
  await page.evaluate(() => {
    window.__exported = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      blob.text().then((text) => window.__exported.push({ text }));
      return create.call(URL, blob);
    };
    HTMLAnchorElement.prototype.click = function () {
      window.__exported.push({ name: this.download });
    };
  });
  await page.getByTestId("btn-export-all").click();
  await page.waitForFunction(() => window.__exported.length === 2);
  const exported = await page.evaluate(() => window.__exported);
  const name = exported.find((e) => e.name)?.name;
  const text = exported.find((e) => e.text)?.text;
  assert.match(name, /^toguz-games-\d{4}-\d\d-\d\d\.pgn$/);
  assert.equal(text.split(/(?=\[Event )/).filter((g) => g.trim()).length, 2, "two games exported");
  for (const player of [...two.matchAll(/\[White "([^"]*)"\]/g)].map((m) => m[1])) {
    assert.ok(text.includes(`[White "${player}"]`), `${player} exported`);
  }

  // Replay the first card's game: it opens at its end, the engine's position.
  const ends = two
    .split(/(?=\[Event )/)
    .filter((g) => g.trim())
    .map((g) =>
      enginePosition(
        g
          .replace(/\[[^\]]*\]/g, " ")
          .replace(/\{[^}]*\}/g, " ")
          .split(/\s+/)
          .filter((t) => /^[1-9]\d/.test(t) && !t.endsWith("."))
          .map((t) => Number(t[0])),
      ),
    );
  await page.getByTestId("game-replay").first().click();
  await page.getByTestId("replay-screen").waitFor();
  assert.ok(ends.includes(await board.positionString()), "the replay ends on the engine's position");
  await shot(board, "desktop-replay");
  await noErrors(page, board);
  await context.close();
});

engineTest(`a tutorial lesson, its exercise answered`, async () => {
  const { context, page, board } = await open(PHONE);
  await page.goto(app.url + "#/tutorial/3");
  await page.getByTestId("lesson").waitFor();
  await board.board().waitFor();
  assert.equal(await board.positionString(), "9,9,9,9,1,9,9,9,9/9,9,9,9,9,9,9,9,9 4/4 -/- w");
  await page.getByTestId("tut-next").click();
  await board.house("b", 1).click();
  await page.getByTestId("feedback").waitFor();
  assert.match(await page.getByTestId("feedback").getAttribute("class"), /right/);
  await board.waitStill();
  await page.getByTestId("feedback").waitFor();
  await shot(board, "phone-tutorial-right");
  await noErrors(page, board);
  await context.close();
});

engineTest(`the language switch: Russian at once, and after a reload`, async () => {
  const { context, page, board } = await open(PHONE);
  await gotoBoard(page, board);
  await revealSettings(page);
  await page.getByTestId("opt-language").selectOption("ru");
  await page.waitForFunction(() => document.documentElement.lang === "ru");
  assert.match(await board.turnText(), /^Ход белых/);
  await page.reload();
  await board.board().waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "ru");
  await shot(board, "phone-ru");
  await noErrors(page, board);
  await context.close();
});

engineTest(`no install prompt here, and sound only after a gesture`, async () => {
  const { context, page, board } = await open(PHONE);
  await gotoBoard(page, board);
  // Only Chromium fires beforeinstallprompt: elsewhere no Install button, and no iOS hint on a
  // desktop browser.
  const offered = await page.evaluate(() => "onbeforeinstallprompt" in window);
  assert.equal(offered, ENGINE === "chromium");
  if (!offered) assert.equal(await page.getByTestId("pwa-install").count(), 0);
  assert.equal(await page.getByTestId("pwa-ios-hint").count(), 0);
  // Sound: the app makes its audio context on the first touch (browsers allow sound only
  // after a gesture) and resumes it on later ones; the moves' tones play while it runs, each an
  // oscillator. (The app's glue keeps the AudioContext constructor it found at load; the shared
  // prototype is what can be watched from here.)
  await page.evaluate(() => {
    window.__tones = [];
    window.__resumes = 0;
    const proto = BaseAudioContext.prototype;
    const create = proto.createOscillator;
    proto.createOscillator = function () {
      window.__tones.push(this.state);
      return create.call(this);
    };
    const resume = AudioContext.prototype.resume;
    AudioContext.prototype.resume = function () {
      window.__resumes++;
      return resume.call(this);
    };
  });
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await board.play("w", 5);
  if (ENGINE === "firefox") {
    // Headless Firefox here has no audio device: its context stays "suspended" (so does any
    // page's). The app asks it to resume on each touch, plays nothing, and goes on silently.
    await page.waitForFunction(() => window.__resumes > 0, null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => window.__tones.length), 0);
  } else {
    await page.waitForFunction(() => window.__tones.length > 0, null, { timeout: 10_000 });
    assert.ok((await page.evaluate(() => window.__tones)).every((s) => s === "running"));
  }
  assert.equal(await board.positionString(), enginePosition([7, 3, 5]), "play goes on");
  await noErrors(page, board);
  await context.close();
});

const cacheNames = (page) => page.evaluate(async () => (await caches.keys()).sort());

engineTest(`offline after a first visit, and a new version accepted by the player`, async () => {
  // The second version: the same build plus one file, re-stamped by the post_build hook.
  const next = mkdtempSync(path.join(os.tmpdir(), `toguz-${ENGINE}-next-`));
  cpSync(DIST, next, { recursive: true });
  writeFileSync(path.join(next, "release-notes.txt"), "The next version.\n");
  execFileSync("node", ["scripts/hooks/finish.mjs", next]);
  const stamp = (dir) => JSON.parse(readFileSync(path.join(dir, "sw.js"), "utf8").match(/^const BUILD = (.*); \/\/ @build/m)[1]).id;
  const [v1, v2] = [stamp(DIST), stamp(next)];

  const own = await serve(DIST);
  // No HTTP cache where the engine allows it (Firefox): only the service worker may answer.
  const { context, page, board } = await open(DESKTOP, { base: own.url, noHttpCache: true });
  try {
    await page.goto(own.url);
    await board.board().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.waitForFunction(async () => (await caches.keys()).length === 1);
    assert.deepEqual(await cacheNames(page), [`toguz-${v1}`]);
    await board.setSpeed("instant");
    await board.play("w", 7);

    // The update: asked, accepted, the game goes on.
    own.swap(next);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const banner = page.getByTestId("pwa-update");
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.innerText(), /A new version is available/);
    await shot(board, "desktop-update");
    await page.getByTestId("pwa-update-reload").click();
    await page.waitForFunction(
      async (v) => (await caches.keys()).join() === `toguz-${v}` && !document.querySelector('[data-testid="pwa-update"]'),
      v2,
      { timeout: 30_000 },
    );
    await board.board().waitFor();
    assert.equal(await board.positionString(), enginePositions([7])[0], "the game resumed");

    // The network cut: the server is gone, the page reloads from the service worker's cache.
    await own.stop();
    await page.reload();
    await board.board().waitFor();
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), true);
    assert.equal(await board.positionString(), enginePositions([7])[0], "the game resumed offline");
    await board.play("b", 3);
    // A game against the computer, offline: its Web Worker's files come from the cache.
    await board.newGame({ mode: "computer", side: "w", level: "easy" });
    await board.play("w", 7);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
      null,
      { timeout: 30_000 },
    );
    assert.notEqual(await board.positionString(), enginePositions([7])[0], "the computer played offline");
    await shot(board, "desktop-offline");
    // Playwright also reports the requests that a reload aborted: the worker's files, which the
    // page being left was loading. Any other failure counts.
    board.errors = board.errors.filter((e) => !/^request failed: .*\/worker(_loader\.js|\.js|_bg\.wasm)$/.test(e));
    await noErrors(page, board);
  } finally {
    await context.close();
    rmSync(next, { recursive: true, force: true });
  }
});
