// A library of 10,000 long games (250 plies each, made by crates/app-core/examples/
// long_games.rs), imported by the app itself in batches of 2,500, then one of them found by
// a search. The timings are printed (scripts/bench-library.mjs measures them on the gzip
// host for docs/BENCHMARKS.md); only limits far above the goals are asserted, so that a busy
// machine cannot fail the test while a library that does not hold the games or an import
// that takes minutes still does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { SIZES, launchBrowser, open } from "./board-page.mjs";

const GAMES = 10000;
const BATCH = 2500;
const PLIES = 250;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * The example's binary as the native tests built it (`cargo test --all-targets`, in the dev
 * profile, where the engine is optimised): writing the games takes it about a second, where a
 * release build of it cost this test a compilation of the crates and their dependencies.
 */
const LONG_GAMES = process.env.TOGUZ_LONG_GAMES ?? "target/debug/examples/long_games";

/** Batch `i`'s record text: its seeds apart from the other batches'. */
function batch(i) {
  if (!existsSync(LONG_GAMES)) {
    execFileSync("cargo", ["build", "--quiet", "-p", "toguz-app-core", "--example", "long_games"], { stdio: "inherit" });
  }
  return execFileSync(LONG_GAMES, [`${BATCH}`, `${PLIES}`, `${i * BATCH * 4}`], { maxBuffer: 1 << 30, encoding: "utf8" });
}

test("10,000 long games imported, and one found by a search", async () => {
  const texts = Array.from({ length: GAMES / BATCH }, (_, i) => batch(i));
  // One more game, a copy of the first with another player: the one to find.
  const first = texts[0].split(/\n(?=\[Event )/)[0];
  const needle = first.replace(/\[White "[^"]*"\]/, '[White "Aigerim Sadykova"]');
  assert.notEqual(needle, first);
  texts[texts.length - 1] += `\n${needle}\n`;

  const { context, page, board } = await open(browser, {
    size: SIZES.desktop,
    hash: "#/library",
    waitFor: "library-screen",
    settings: { speed: "instant", sound: false },
  });
  for (const [i, text] of texts.entries()) {
    await page.getByTestId("btn-import").click();
    await page.getByTestId("import-dialog").waitFor();
    const started = Date.now();
    await page.getByTestId("import-file").setInputFiles({
      name: `games-${i + 1}.pgn`,
      mimeType: "text/plain",
      buffer: Buffer.from(text),
    });
    await page.waitForFunction(
      () =>
        /\d/.test(document.querySelector('[data-testid="library-status"]')?.textContent ?? "") ||
        document.querySelector('[data-testid="import-error"]'),
      null,
      { timeout: 300_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    assert.equal(await page.getByTestId("import-error").count(), 0, `batch ${i + 1} was refused`);
    console.log(`import of batch ${i + 1} (${text.split("[Event ").length - 1} games): ${seconds.toFixed(1)} s`);
    assert.ok(seconds < 120, `batch ${i + 1} took ${seconds} s`);
  }
  assert.match(await page.getByTestId("library-count").innerText(), /10[,. ]?001/);

  const started = Date.now();
  await page.getByTestId("library-search").fill("Aigerim");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="library-game"]').length === 1, null, {
    timeout: 60_000,
  });
  console.log(`search: ${Date.now() - started} ms`);
  assert.match(await page.getByTestId("game-players").innerText(), /Aigerim Sadykova/);
  assert.deepEqual(board.errors, [], "no console error");
  await context.close();
});
