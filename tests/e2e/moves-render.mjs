// What a move costs the page's main thread: the first N moves of a PlayOK game (avataar.pgn)
// clicked at instant speed, `pause` ms apart (a player's or a test's pace), in a Chromium
// trace; per move, the frames painted and laid out and the milliseconds of style, layout,
// paint and commit, and of script:
//
//   node tests/e2e/moves-render.mjs [moves] [pause]      (default 25 moves, 250 ms)
//
// with dist/ served at E2E_BASE_URL. A benchmark, not a test: the times vary with the machine's
// load (the counts much less); compare builds in interleaved runs.
import { readFileSync } from "node:fs";
import { BASE_URL, SIZES, launchBrowser, playokHouses, revealSettings, viewport } from "./board-page.mjs";

const [moves = 25, pause = 250] = process.argv.slice(2).map(Number);
const RENDER = ["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit"];

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: viewport(SIZES.phone), serviceWorkers: "block" });
const page = await context.newPage();
await page.goto(BASE_URL);
await page.getByTestId("board").waitFor();
await revealSettings(page);
await page.getByTestId("speed-instant").click();
const houses = playokHouses(readFileSync("public/playok/avataar.pgn", "utf8")).slice(0, moves);

await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
await page.evaluate(
  async ([houses, pause]) => {
    const board = () => document.querySelector('[data-testid="board"]');
    for (const n of houses) {
      const before = board().dataset.position;
      const side = before.endsWith(" w") ? "w" : "b";
      document.querySelector(`[data-testid="house-${side}-${n}"]`).click();
      while (board().dataset.position === before || board().dataset.animating === "true") {
        await new Promise((r) => requestAnimationFrame(r));
      }
      // A player's pause between moves, part of what is measured (not a wait for a state).
      await new Promise((r) => setTimeout(r, pause));
    }
  },
  [houses, pause],
);
const { traceEvents } = JSON.parse(await browser.stopTracing());
await browser.close();

const main = new Set(
  traceEvents.filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
);
const slices = traceEvents.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`));
const per = (f) => (f / houses.length).toFixed(1);
const count = (name) => slices.filter((e) => e.name === name).length;
const ms = (names) => slices.filter((e) => names.includes(e.name)).reduce((sum, e) => sum + e.dur, 0) / 1000;
console.log(
  `${houses.length} moves, ${pause} ms apart; per move: ${per(count("Paint"))} paints, ${per(count("Layout"))} layouts, ` +
    `${per(ms(RENDER))} ms of style, layout, paint and commit, ${per(ms(["FunctionCall"]))} ms of script`,
);
