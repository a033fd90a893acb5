// A game with a friend by link: two browser contexts with their own storage are two phones.
// A invites and moves, B opens the link and joins, they answer each other five times, both
// reload; every refused link says why and leaves the stored game byte for byte as it was; an
// old link opens the game as it stands; the QR code reads back as the link; the share panel
// at three sizes in English and Kazakh. Positions are checked against the engine's CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { SCREENSHOTS, SIZES, cardAction, enginePosition, launchBrowser, open, parsePosition, playokHouses, storeWideGame, switchLanguage } from "./board-page.mjs";

const SETTINGS = { speed: "instant", sound: false };

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A phone with its own storage, on the play screen (`url`: opened from a link). */
function phone(options = {}) {
  return open(browser, { size: SIZES.phone, settings: SETTINGS, waitFor: "board", ...options });
}

/** Starts a game by link from the new game dialog: this player plays `side` ("w" or "b"). */
async function invite(page, { side = "w", me = "", friend = "" } = {}) {
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("new-game-dialog").waitFor();
  await page.getByTestId("btn-play-by-link").click();
  await page.getByTestId(`side-${side}`).click();
  if (me) await page.getByTestId("link-name-me").fill(me);
  if (friend) await page.getByTestId("link-name-friend").fill(friend);
  await page.getByTestId("btn-start").click();
  await page.getByTestId("new-game-dialog").waitFor({ state: "detached" });
}

/** The link the share panel gives, once it is not `previous`. */
async function linkOf(page, previous = "") {
  const out = page.getByTestId("link-out");
  await out.waitFor();
  await page.waitForFunction(
    (prev) => {
      const v = document.querySelector('[data-testid="link-out"]')?.value ?? "";
      return v !== "" && v !== prev;
    },
    previous,
  );
  return out.inputValue();
}

/** The first house the player may play (its side and number), from the board's markup. */
async function firstPlayable(page) {
  const id = await page
    .locator('[data-testid^="house-"][aria-disabled="false"]')
    .first()
    .getAttribute("data-testid");
  const [, side, n] = id.split("-");
  return { side, n: Number(n) };
}

/** Every stored game's text (`toguz.game.*`), as the app wrote it. */
function storedGames(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => k.startsWith("toguz.game."))
        .sort()
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );
}

// ----- the payload, as crates/store/src/link.rs writes it, to make links a friend never sent -----

function fromBase64url(text) {
  return new Uint8Array(Buffer.from(text, "base64url"));
}

function toBase64url(bytes) {
  return Buffer.from(bytes).toString("base64url");
}

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h >>> 0;
}

/** A link's payload read: `{ id, flags, names, moves }` (names kept as raw bytes). */
function readPayload(payload) {
  const bytes = fromBase64url(payload);
  const body = bytes.slice(0, -4);
  let i = 9;
  const flags = body[i++];
  const names = [];
  if (flags & 2) {
    for (let k = 0; k < 2; k++) {
      const n = body[i++];
      names.push(body.slice(i, i + n));
      i += n;
    }
  }
  const count = (body[i] << 8) | body[i + 1];
  i += 2;
  const moves = [];
  for (let k = 0; k < count; k++) moves.push(k % 2 === 0 ? body[i + (k >> 1)] >> 4 : body[i + (k >> 1)] & 15);
  return { id: body.slice(1, 9), flags, names, moves };
}

/** The payload of `game` (see `readPayload`), with a right checksum. */
function writePayload({ id, flags, names, moves }) {
  const out = [1, ...id, flags];
  if (flags & 2) for (const n of names) out.push(n.length, ...n);
  out.push(moves.length >> 8, moves.length & 255);
  for (let k = 0; k < moves.length; k += 2) out.push((moves[k] << 4) | (moves[k + 1] ?? 0));
  const sum = fnv1a(out);
  out.push(sum >>> 24, (sum >>> 16) & 255, (sum >>> 8) & 255, sum & 255);
  return toBase64url(out);
}

function payloadOf(link) {
  return new URL(link).searchParams.get("c");
}

function linkWith(link, payload) {
  const url = new URL(link);
  url.searchParams.set("c", payload);
  return url.href;
}

/** The houses the side to move may play after `moves` (non-empty, not the opponent's tuz). */
function playableAfter(moves) {
  const p = parsePosition(enginePosition(moves));
  const side = p.side;
  const [tuzW, tuzB] = p.tuz.split("/");
  const opponentTuz = side === "w" ? tuzB : tuzW;
  return p.houses[side]
    .map((count, i) => ({ count, house: i + 1 }))
    .filter(({ count, house }) => count > 0 && String(house) !== opponentTuz)
    .map(({ house }) => house);
}

/** The houses of the side to move that are empty after `moves`. */
function emptyAfter(moves) {
  const p = parsePosition(enginePosition(moves));
  return p.houses[p.side].map((c, i) => (c === 0 ? i + 1 : 0)).filter(Boolean);
}

const MESSAGES = {
  unreadable: /does not open a game/,
  checksum: /changed on the way/,
  illegal: /Move \d+ of this link cannot be played/,
  changes: /changes move 1, already played/,
  forYou: /plays a move for your side/,
  skips: /adds moves of both sides at once/,
  sides: /gives this game's sides otherwise/,
};

/** Opens `link` in `page` and checks it is refused with `message` and nothing stored changed. */
async function refused(page, link, message, what) {
  const before = await storedGames(page);
  await page.goto(link);
  const error = page.getByTestId("link-error");
  await error.waitFor();
  assert.match(await error.innerText(), message, what);
  assert.deepEqual(await storedGames(page), before, `${what}: the stored game is unchanged`);
  await page.getByTestId("link-error-close").click();
  await error.waitFor({ state: "detached" });
}

test("two phones play a game by link: join, five moves each way, reload, refused links, QR code", async () => {
  const a = await phone();
  const b = await phone();
  await invite(a.page, { side: "w", me: "Ana", friend: "Bek" });
  await a.page.getByTestId("link-panel").waitFor();
  assert.match(await a.page.getByTestId("mode").innerText(), /friend by link/);
  const moves = [];
  const links = [];
  // The game's latest link, on both phones once each has opened the other's.
  let current = await linkOf(a.page);
  let aLink = current;
  let bLink = "";
  // The board does not let A move for the friend.
  const first = await firstPlayable(a.page);
  assert.equal(first.side, "w");
  for (let round = 0; round < 5; round++) {
    // A moves, and sends the link.
    const am = await firstPlayable(a.page);
    assert.equal(am.side, "w");
    await a.board.play("w", am.n);
    moves.push(am.n);
    aLink = await linkOf(a.page, current);
    current = aLink;
    links.push(aLink);
    assert.ok(aLink.length < 300, aLink);
    if (round === 0) {
      const before = await a.board.positionString();
      await a.board.tapHouse("b", 5);
      assert.equal(await a.board.positionString(), before, "A cannot play Black's move");
      assert.match(await a.page.getByTestId("message").innerText(), /friend is to move/);
    }
    // B opens it: joined the first time, then the move sown on B's board.
    await b.page.goto(aLink);
    await b.page.waitForFunction(
      (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
      enginePosition(moves),
    );
    await b.board.waitStill();
    if (round === 0) {
      assert.match(await b.page.getByTestId("mode").innerText(), /Black/);
      await b.page.getByTestId("link-panel").waitFor();
    }
    assert.equal(await linkOf(b.page), aLink, "B's copy gives the same link as A's");
    // B answers, and sends the link back.
    const bm = await firstPlayable(b.page);
    assert.equal(bm.side, "b");
    await b.board.play("b", bm.n);
    moves.push(bm.n);
    bLink = await linkOf(b.page, aLink);
    current = bLink;
    links.push(bLink);
    await a.page.goto(bLink);
    await a.page.waitForFunction(
      (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
      enginePosition(moves),
    );
    await a.board.waitStill();
  }
  // A reload on both sides: the game is still there, with its link.
  for (const { page, board } of [a, b]) {
    await page.reload();
    await board.board().waitFor();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
      enginePosition(moves),
    );
    assert.equal(await linkOf(page), bLink);
  }
  // The library lists the game with whose turn it is.
  await a.page.goto(new URL("#/library", a.page.url()).href);
  await a.page.getByTestId("library-game").first().waitFor();
  assert.match(await a.page.getByTestId("library-game").first().innerText(), /friend by link · your move/);
  await b.page.goto(new URL("#/library", b.page.url()).href);
  await b.page.getByTestId("library-game").first().waitFor();
  assert.match(await b.page.getByTestId("library-game").first().innerText(), /friend by link · your friend's move/);

  // An old link opens the game where it stands, and says so.
  const stored = await storedGames(a.page);
  await a.page.goto(links[3]);
  await a.page.waitForFunction(
    (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
    enginePosition(moves),
  );
  assert.match(await a.page.getByTestId("link-older").innerText(), /older than your game; your game is as it was/);
  await a.page.getByTestId("link-older-close").click();
  await a.page.getByTestId("link-older").waitFor({ state: "detached" });
  assert.equal(await a.page.getByTestId("link-error").count(), 0);
  assert.deepEqual(await storedGames(a.page), stored);
  // A game by link is against a person: no hint is offered.
  assert.equal(await a.page.getByTestId("btn-hint").count(), 0);

  // Refused links. A holds ten moves, and it is White's (A's) turn.
  const game = readPayload(payloadOf(bLink));
  assert.deepEqual(game.moves, moves);
  await refused(a.page, linkWith(bLink, "not-a-link"), MESSAGES.unreadable, "unreadable");
  const p = payloadOf(bLink);
  const mid = Math.floor(p.length / 2);
  const flipped = p.slice(0, mid) + (p[mid] === "A" ? "B" : "A") + p.slice(mid + 1);
  await refused(a.page, linkWith(bLink, flipped), MESSAGES.checksum, "changed on the way");
  const otherFirst = playableAfter([]).find((h) => h !== moves[0]);
  await refused(
    a.page,
    linkWith(bLink, writePayload({ ...game, moves: [otherFirst] })),
    MESSAGES.changes,
    "changes a stored move",
  );
  const mine = playableAfter(moves)[0];
  await refused(
    a.page,
    linkWith(bLink, writePayload({ ...game, moves: [...moves, mine] })),
    MESSAGES.forYou,
    "plays for the receiver",
  );
  const theirs = playableAfter([...moves, mine])[0];
  await refused(
    a.page,
    linkWith(bLink, writePayload({ ...game, moves: [...moves, mine, theirs] })),
    MESSAGES.skips,
    "skips ahead",
  );
  const empty = emptyAfter(moves);
  assert.ok(empty.length > 0, "an empty house to play illegally");
  await refused(
    a.page,
    linkWith(bLink, writePayload({ ...game, moves: [...moves, empty[0]] })),
    MESSAGES.illegal,
    "an illegal move",
  );
  await refused(
    a.page,
    linkWith(bLink, writePayload({ ...game, flags: game.flags ^ 1 })),
    MESSAGES.sides,
    "other sides",
  );
  // A refused link in Kazakh says so in Kazakh.
  const kk = await phone({ settings: { ...SETTINGS, language: "kk" } });
  await kk.page.goto(linkWith(bLink, "not-a-link"));
  await kk.page.getByTestId("link-error").waitFor();
  assert.match(await kk.page.getByTestId("link-error").innerText(), /Бұл сілтеме ойынды ашпайды/);
  assert.deepEqual(await storedGames(kk.page), {}, "nothing stored");
  // On a new device the first visit's welcome does not cover the notice: its Close is pressed.
  const fresh = await phone({ settings: undefined, firstVisit: true, waitFor: undefined });
  await fresh.page.goto(linkWith(bLink, "not-a-link"));
  await fresh.page.getByTestId("link-error").waitFor();
  assert.equal(await fresh.page.getByTestId("welcome-dialog").count(), 0, "the welcome over the notice");
  await fresh.page.getByTestId("link-error-close").click();
  await fresh.page.getByTestId("link-error").waitFor({ state: "detached" });
  await fresh.context.close();
  await kk.context.close();

  // Two games with the same friend never mix: a new invitation is another game.
  const c = await phone();
  await invite(c.page, { side: "b" });
  const cLink = await linkOf(c.page);
  await b.page.goto(cLink);
  await b.page.getByTestId("link-panel").waitFor();
  await b.page.waitForFunction(
    (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
    enginePosition([]),
  );
  assert.equal(Object.keys(await storedGames(b.page)).length, 2, "B keeps both games");
  await b.page.goto(bLink);
  await b.page.waitForFunction(
    (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
    enginePosition(moves),
  );

  // The QR code reads back as the link.
  await b.page.getByTestId("btn-qr").click();
  const qr = b.page.getByTestId("link-qr");
  await b.page.locator('[data-testid="link-qr"] svg').waitFor();
  const png = PNG.sync.read(await qr.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.equal(code?.data, bLink);
  // Copy link: the clipboard holds it, and the panel says so.
  await b.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await b.page.getByTestId("btn-copy-link").click();
  await b.page.getByTestId("link-copied").filter({ hasText: /Copied/ }).waitFor();
  assert.equal(await b.page.evaluate(() => navigator.clipboard.readText()), bLink);

  for (const x of [a, b, c]) assert.deepEqual(x.board.errors, [], "no console error");
  await Promise.all([a, b, c].map((x) => x.context.close()));
});

test("the names typed at the start show by the kazans on both phones, long ones cut, at every size; a rename in the library shows too", async () => {
  const me = "Александра Константиновна Преображенская";
  const friend = "Нурсултан Абдрахманович";
  const a = await phone({ settings: { ...SETTINGS, language: "ru" } });
  await invite(a.page, { side: "w", me, friend });
  await a.page.getByTestId("link-panel").waitFor();
  const name = (page, side) => page.getByTestId("board").getByTestId(`kazan-name-${side}`);
  await a.page.waitForFunction((me) => document.querySelector('[data-testid="kazan-name-w"]')?.textContent === me, me);
  assert.equal(await name(a.page, "b").textContent(), friend);
  assert.equal(await a.page.getByTestId("kazan-w").locator(".kazan__label").getAttribute("title"), me);
  for (const size of [SIZES.phone360, SIZES.phone, SIZES.landscape, SIZES.desktop]) {
    await a.page.setViewportSize({ width: size.width, height: size.height });
    const at = `${size.width}x${size.height}`;
    const fit = await a.page.evaluate(() => {
      const box = (el) => el.getBoundingClientRect();
      const board = box(document.querySelector('[data-testid="board"]'));
      const kazans = ["w", "b"].map((side) => {
        const kazan = document.querySelector(`[data-testid="kazan-${side}"]`);
        const name = kazan.querySelector(".kazan__name");
        const count = box(kazan.querySelector(".kazan__count"));
        return {
          side,
          cut: name.scrollWidth > name.clientWidth,
          nameInside: box(name).left >= box(kazan).left && box(name).right <= count.left,
          countInside: count.right <= box(kazan).right,
        };
      });
      return { wide: document.documentElement.scrollWidth, width: innerWidth, left: board.left, right: board.right, kazans };
    });
    assert.ok(fit.wide <= fit.width, `${at}: no sideways scroll (${fit.wide})`);
    assert.ok(fit.left >= 0 && fit.right <= fit.width, `${at}: the board on the screen: ${JSON.stringify(fit)}`);
    for (const k of fit.kazans) {
      assert.ok(k.nameInside && k.countInside, `${at}: the name and the count in the kazan: ${JSON.stringify(k)}`);
    }
    assert.ok(fit.kazans[0].cut, `${at}: the long name is cut with an ellipsis`);
    if (size === SIZES.phone360) {
      await a.page.evaluate(() => window.scrollTo(0, 0));
      await a.board.screenshot("link-names-ru-phone-360", { fullPage: false });
    }
  }
  // The friend, in English at 1280x800, opens the first move's link: the names came with it.
  await a.page.setViewportSize({ width: SIZES.phone.width, height: SIZES.phone.height });
  const unplayed = await linkOf(a.page);
  await a.board.play("w", (await firstPlayable(a.page)).n);
  const link = await linkOf(a.page, unplayed);
  // A link carries a name of the form's 40 characters whole (crates/store/src/link.rs,
  // MAX_NAME_BYTES: 120 bytes).
  const sent = (typed) => {
    assert.ok(Buffer.byteLength(typed) <= 120, "the name fits the link whole");
    return typed;
  };
  const b = await open(browser, { size: SIZES.desktop, settings: { ...SETTINGS, language: "en" }, url: link, waitFor: "board" });
  await b.page.waitForFunction((me) => document.querySelector('[data-testid="kazan-name-w"]')?.textContent === me, sent(me));
  assert.equal(await name(b.page, "b").textContent(), sent(friend));
  await b.board.waitStill();
  await b.board.screenshot("link-names-en-desktop", { fullPage: false });
  assert.deepEqual(b.board.errors, []);
  await b.context.close();
  // Renamed in the library, the game on the board shows its new names.
  await a.page.getByTestId("nav-library").click();
  await (await cardAction(a.page.getByTestId("library-game").first(), "game-rename")).click();
  await a.page.getByTestId("rename-white").fill("Айгерим");
  await a.page.getByTestId("rename-save").click();
  await a.page.getByTestId("nav-play").click();
  await a.page.waitForFunction(() => document.querySelector('[data-testid="kazan-name-w"]')?.textContent === "Айгерим");
  assert.equal(await name(a.page, "b").textContent(), friend);
  // A new game has no names: the kazans say whose they are.
  await a.board.newGame({ mode: "two" });
  await a.page.waitForFunction(() => document.querySelector('[data-testid="kazan-name-w"]')?.textContent === "Белые");
  assert.deepEqual(a.board.errors, []);
  await a.context.close();
});

test("the share panel at three sizes, in English and Kazakh", async () => {
  const dir = path.join(SCREENSHOTS, "correspondence");
  mkdirSync(dir, { recursive: true });
  // One page: the panel with its QR code shown once, then each size in turn, and at each the
  // panel in both languages, switched in place.
  const { page, board, context } = await phone();
  await invite(page, { side: "w" });
  await board.play("w", 7);
  await linkOf(page);
  await page.getByTestId("btn-qr").click();
  await page.locator('[data-testid="link-qr"] svg').waitFor();
  for (const size of [SIZES.phone360, SIZES.landscape, SIZES.desktop]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const language of ["en", "kk"]) {
      await switchLanguage(page, language);
      await page.getByTestId("link-panel").scrollIntoViewIfNeeded();
      const file = path.join(dir, `share-panel-${language}-${size.name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      // The panel is inside the page's width: nothing cut at the side.
      const box = await page.getByTestId("link-panel").boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= size.width + 1, `${language} ${size.name}: ${JSON.stringify(box)}`);
    }
  }
  assert.deepEqual(board.errors, [], "no console error");
  await context.close();
});

test("a 200-ply game's link stays short and its QR code, at phone size, reads back as the link", async () => {
  // A real game long enough: the 47th of a PlayOK record has 203 plies; its first 200 are
  // stored as this phone's game with a friend, as if every one had come by link.
  const record = readFileSync("public/playok/avataar.pgn", "utf8");
  const game = record.split(/\n(?=\[Event )/)[46];
  const houses = playokHouses(game).slice(0, 200);
  assert.equal(houses.length, 200);
  const { page, board, context } = await phone();
  await invite(page, { side: "b" });
  await page.getByTestId("link-panel").waitFor();
  // The phone invited and plays Black; the game's id is any valid one.
  await storeWideGame(page, houses, { mode: { Link: { me: "Black" } }, link_id: "AQIDBAUGBwg", inviter: "Black" });
  await page.reload();
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="board"]')?.dataset.position === expected,
    enginePosition(houses),
  );
  const link = await linkOf(page);
  assert.deepEqual(readPayload(payloadOf(link)).moves, houses, "the link carries all 200 moves");
  assert.ok(link.length <= 1500, `${link.length} characters`);
  await page.getByTestId("btn-qr").click();
  const qr = page.getByTestId("link-qr");
  await page.locator('[data-testid="link-qr"] svg').waitFor();
  await qr.scrollIntoViewIfNeeded();
  // Read from the screen at the phone's own pixel size, not enlarged.
  const png = PNG.sync.read(await qr.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.equal(code?.data, link);
  // A phone camera needs modules of a few pixels at least: the code's side over its modules.
  const side = (await page.locator('[data-testid="link-qr"] svg').boundingBox()).width;
  const modules = code.version * 4 + 17;
  assert.ok(side / modules >= 3, `${side} px for ${modules} modules`);
  mkdirSync(path.join(SCREENSHOTS, "correspondence"), { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, "correspondence", "qr-200-plies.png") });
  assert.deepEqual(board.errors, [], "no console error");
  await context.close();
});
