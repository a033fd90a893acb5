// The opening explorer's lookup time in the browser, a benchmark (not a test): the analysis
// board plays the first 40 plies of every game of a PlayOK record, the explorer's Players tab
// open, and each position's lookup time (the explorer's `data-lookup-ms`, measured around
// `toguz_app_core::explorer::rows`) is collected once the book has loaded.
//
// As a command (with dist/ served at E2E_BASE_URL):
//   node tests/e2e/explorer-speed.mjs [games]
// prints the positions looked up, the mean, the 99th percentile and the slowest, in ms.
import { readFileSync } from "node:fs";
import { SIZES, launchBrowser, open, playokHouses } from "./board-page.mjs";

const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";
const games = Number(process.argv[2] ?? 5);
const record = readFileSync("public/playok/korgol.pgn", "utf8").split(/\n(?=\[Event )/);
const browser = await launchBrowser();
const times = [];
for (const game of record.slice(0, games)) {
  const { context, page, board } = await open(browser, {
    size: SIZES.desktop,
    hash: `#/analysis/${encodeURIComponent(START)}`,
    waitFor: "analysis-screen",
    settings: { speed: "instant", sound: false },
  });
  await page.locator('[data-testid^="explorer-move-"]').first().waitFor();
  for (const house of playokHouses(game).slice(0, 40)) {
    const side = (await board.positionString()).endsWith(" w") ? "w" : "b";
    await board.play(side, house);
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid="board"]')?.dataset.position === p,
      await board.positionString(),
    );
    times.push(Number(await page.getByTestId("explorer").getAttribute("data-lookup-ms")));
  }
  await context.close();
}
await browser.close();
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
console.log(
  `positions ${times.length} mean ${mean.toFixed(3)} ms p99 ${p99.toFixed(3)} ms slowest ${times.at(-1).toFixed(3)} ms`,
);
