// Share image and Share as GIF (the play screen's in its settings panel): the file each button makes, read back with a PNG and a GIF
// decoder (its size, the GIF's frames: one per position), saved under target/screenshots to
// look at, the share sheet taking the file where the browser can share files, and where the
// buttons sit on a phone, a phone on its side and a desktop, in English and Kazakh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { GifReader } from "omggif";
import { SCREENSHOTS, SIZES, launchBrowser, open as openApp, revealSettings, switchLanguage, viewport, downloaded as bytesOf } from "./board-page.mjs";

/** The picture's size (crates/app-core/src/picture.rs) and the GIF's (src/services/pictures.rs). */
const PNG_SIZE = { width: 1200, height: 630 };
const GIF_SIZE = { width: 800, height: 420 };
/** The shortest game there is (RULES.md): 11 plies, White collects and wins. */
const SHORT_GAME = `[Event "Pictures"]
[White "Asel"]
[Black "Bakyt"]
[Result "1-0"]

1. 98 22 2. 87 12 3. 76 25 4. 65 13 5. 93 25 6. 54 1-0
`;
const PLIES = 11;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const open = (options) => openApp(browser, { acceptDownloads: true, ...options });

function noErrors(board) {
  assert.deepEqual(board.errors, [], board.errors.join("\n"));
}

/** Clicks `testid` and returns the bytes of the file the app downloads. */
async function downloaded(page, testid) {
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByTestId(testid).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await bytesOf(download) };
}

function save(name, bytes) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, name);
  writeFileSync(file, bytes);
  return file;
}

function readPng(bytes) {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, data: png.data };
}

/** The colour at (x, y) of a decoded picture, as "r,g,b". */
function pixel({ width, data }, x, y) {
  const i = (y * width + x) * 4;
  return `${data[i]},${data[i + 1]},${data[i + 2]}`;
}

/** Frame `k` of a GIF as shown (frames 0..k drawn over each other), as a PNG file's bytes. */
function gifFrame(reader, k) {
  const pixels = new Uint8Array(reader.width * reader.height * 4);
  for (let i = 0; i <= k; i++) reader.decodeAndBlitFrameRGBA(i, pixels);
  const png = new PNG({ width: reader.width, height: reader.height });
  png.data = Buffer.from(pixels);
  return PNG.sync.write(png);
}

async function importShortGame(page) {
  await page.getByTestId("nav-library").click();
  await page.getByTestId("btn-import").click();
  await page.getByTestId("import-dialog").waitFor();
  await page.getByTestId("import-text").fill(SHORT_GAME);
  await page.getByTestId("import-do").click();
  await page.getByTestId("library-game").first().getByTestId("game-replay").click();
  await page.getByTestId("replay-screen").waitFor();
}

test("the play screen's Share image downloads a 1200x630 PNG of the board in the player's theme", async () => {
  const { context, page, board } = await open({ size: SIZES.desktop, waitFor: "board", colorScheme: "dark" });
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.waitStill();
  // Its part cannot be fetched (offline before the service worker had it): the button says so
  // and stays free, and the next click makes the picture.
  const part = /\/split_pictures\.wasm$/;
  await page.route(part, (route) => route.abort("internetdisconnected"));
  const failedFetch = Promise.all([
    page.waitForEvent("requestfailed", (r) => part.test(r.url())),
    Promise.race([
      page.waitForEvent("console", (m) => m.type() === "error" && m.text().includes("Failed to fetch")),
      page.waitForEvent("pageerror", (e) => String(e).includes("Failed to fetch")),
    ]),
  ]);
  await page.getByTestId("btn-share-image").click();
  await page.getByTestId("btn-share-image").filter({ hasText: "Picture failed: try again" }).waitFor();
  assert.equal(await page.getByTestId("btn-share-image").isEnabled(), true);
  await failedFetch;
  // The failed fetch is all the console reports.
  const reported = board.errors.splice(0);
  assert.ok(
    reported.every((e) => /split_pictures\.wasm|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)),
    reported.join("\n"),
  );
  await page.unroute(part);
  const { name, bytes } = await downloaded(page, "btn-share-image");
  assert.equal(name, "toguz-korgool.png");
  const png = readPng(bytes);
  assert.deepEqual({ width: png.width, height: png.height }, PNG_SIZE);
  // The dark theme's page (#17110d, at the bottom left corner, away from the glow).
  assert.equal(pixel(png, 2, PNG_SIZE.height - 2), "23,17,13");
  save("pictures-play-dark.png", bytes);
  noErrors(board);
  await context.close();
});

test("where the browser shares files, the share sheet gets the PNG", async () => {
  const stubShare = () => {
    navigator.canShare = (data) => Boolean(data?.files?.length);
    navigator.share = async (data) => {
      const file = data.files[0];
      const bytes = new Uint8Array(await file.arrayBuffer());
      window.__shared = { name: file.name, type: file.type, title: data.title, bytes: Array.from(bytes) };
    };
  };
  const { context, page, board } = await open({ size: SIZES.phone, waitFor: "board", initScripts: [stubShare] });
  // On a phone the play screen's Share image is in its settings, under the moves.
  await revealSettings(page);
  await page.getByTestId("btn-share-image").click();
  const shared = await (await page.waitForFunction(() => window.__shared)).jsonValue();
  assert.equal(shared.name, "toguz-korgool.png");
  assert.equal(shared.type, "image/png");
  assert.equal(shared.title, "A Toguz Korgool position");
  const png = readPng(Buffer.from(shared.bytes));
  assert.deepEqual({ width: png.width, height: png.height }, PNG_SIZE);
  // The light theme's page.
  assert.equal(pixel(png, 2, PNG_SIZE.height - 2), "241,230,208");
  save("pictures-play-light.png", Buffer.from(shared.bytes));
  noErrors(board);
  await context.close();
});

test("a replay shares its position as a PNG and the whole game as a GIF of plies + 1 frames", async () => {
  const { context, page, board } = await open({ size: SIZES.desktop, hash: "#/library", waitFor: "library-screen" });
  await importShortGame(page);
  // The position shown: after move 3.
  await page.getByTestId("replay-ply").nth(4).click();
  const image = await downloaded(page, "btn-share-image");
  const png = readPng(image.bytes);
  assert.deepEqual({ width: png.width, height: png.height }, PNG_SIZE);
  save("pictures-replay.png", image.bytes);

  const started = Date.now();
  const gif = await downloaded(page, "btn-share-gif");
  const took = Date.now() - started;
  assert.equal(gif.name, "toguz-korgool.gif");
  const reader = new GifReader(new Uint8Array(gif.bytes));
  assert.deepEqual({ width: reader.width, height: reader.height }, GIF_SIZE);
  assert.equal(reader.numFrames(), PLIES + 1, "one frame per position: the start and each ply");
  assert.equal(reader.loopCount(), 0, "it plays on a loop");
  // About a second each, the last longer.
  assert.equal(reader.frameInfo(0).delay, 100);
  assert.equal(reader.frameInfo(PLIES).delay, 300);
  save("pictures-game.gif", gif.bytes);
  save("pictures-gif-first.png", gifFrame(reader, 0));
  save("pictures-gif-last.png", gifFrame(reader, PLIES));
  console.log(`GIF of ${PLIES + 1} frames: ${gif.bytes.length} bytes, made in ${took} ms`);
  // The button is itself again once the file is out.
  await page.locator('[data-testid="btn-share-gif"]:not([disabled])').waitFor();
  noErrors(board);
  await context.close();
});

test("the analysis board and the editor share their board as a PNG", async () => {
  const { context, page, board } = await open({ size: SIZES.desktop, waitFor: "board" });
  await page.getByTestId("btn-analyse").click();
  await page.getByTestId("analysis-screen").waitFor();
  const analysis = await downloaded(page, "btn-share-image");
  assert.deepEqual(
    (({ width, height }) => ({ width, height }))(readPng(analysis.bytes)),
    PNG_SIZE,
  );
  save("pictures-analysis.png", analysis.bytes);
  // The editor, on a position with both tuzes.
  const tuzes = "0,12,2,11,4,13,2,14,3/10,3,0,12,3,12,1,12,4 20/24 3/1 b";
  await page.goto(new URL(`?position=${encodeURIComponent(tuzes)}`, page.url()).href);
  await page.getByTestId("editor-screen").waitFor();
  const editor = await downloaded(page, "btn-share-image");
  const png = readPng(editor.bytes);
  assert.deepEqual({ width: png.width, height: png.height }, PNG_SIZE);
  save("pictures-editor-tuz.png", editor.bytes);
  noErrors(board);
  await context.close();
});

/** Where the buttons sit: the viewport with the button scrolled into view. */
test("the buttons at 360x780, 844x390 and 1280x800, in English and Kazakh", async () => {
  const sizes = { "360x780": SIZES.phone360, "844x390": SIZES.landscape, "1280x800": SIZES.desktop };
  // One page: each screen once, each size in turn, and at each both languages switched in place.
  const { context, page, board } = await open({ size: SIZES.desktop, hash: "#/library", waitFor: "library-screen" });
  await importShortGame(page);
  const screens = [
    ["replay", null],
    ["analysis", async () => {
      await page.getByTestId("btn-analyse").click();
      await page.getByTestId("analysis-screen").waitFor();
    }],
    ["editor", async () => {
      await page.getByTestId("back-to-game").click();
      await page.getByTestId("replay-screen").waitFor();
      await page.getByTestId("replay-edit-position").click();
      await page.getByTestId("editor-screen").waitFor();
    }],
    ["play", async () => {
      await page.getByTestId("nav-play").click();
      await page.getByTestId("board").waitFor();
    }],
  ];
  for (const [name, go] of screens) {
    if (go) await go();
    for (const [sizeName, size] of Object.entries(sizes)) {
      await page.setViewportSize(viewport(size));
      await page.waitForFunction(([w, h]) => innerWidth === w && innerHeight === h, [size.width, size.height]);
      for (const lang of ["en", "kk"]) {
        await switchLanguage(page, lang);
        const button = page.getByTestId(name === "replay" ? "btn-share-gif" : "btn-share-image");
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        // Inside the page's width, and tall enough to tap.
        assert.ok(box.x >= 0 && box.x + box.width <= size.width + 0.5, `${name} ${lang} ${sizeName}: inside the page`);
        assert.ok(box.height >= 40, `${name} ${lang} ${sizeName}: ${box.height}px high`);
        await board.screenshot(`pictures-buttons-${name}-${lang}-${sizeName}`, { fullPage: false });
      }
    }
    await page.setViewportSize(viewport(SIZES.desktop));
  }
  noErrors(board);
  await context.close();
});
