// The library at scale, a benchmark (not a test): the release build served gzip-compressed
// (scripts/serve-gzip.mjs), headless Chromium, a library filled by the app's own import with
// generated long games (crates/app-core/examples/long_games.rs), then:
//
// - each import of a batch of games (2,500 by default), from the file picked to the line
//   that says how many were added;
// - a reload: from navigation to a playable board (its houses carry their counts);
// - the library's first page: from the click on "Library" to the first game card;
// - a search keystroke: from the key to the list drawn again;
// - the "My games" explorer: from the click on its tab to its moves counted.
//
//   node scripts/bench-library.mjs [games] [plies] [batch]
//
// (defaults 10000, 250, 2500) with dist/ built by `trunk build --release`. Prints one line per
// figure and the same as JSON on the last line. docs/BENCHMARKS.md quotes it.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [games, plies, batch] = [10000, 250, 2500].map((d, i) => Number(process.argv[2 + i] ?? d));
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OUT = path.join(ROOT, "target", "bench-library");
const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

/** The record file of batch `i`: `batch` games of `plies` plies, seeds apart from the other
 * batches' (no game repeats), made once. */
function records(i) {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `games-${batch}x${plies}-${i}.pgn`);
  if (!existsSync(file)) {
    const text = execFileSync(
      "cargo",
      ["run", "--quiet", "--release", "-p", "toguz-app-core", "--example", "long_games", "--", `${batch}`, `${plies}`, `${i * batch * 4}`],
      { cwd: ROOT, maxBuffer: 1 << 30 },
    );
    writeFileSync(file, text);
  }
  return file;
}

/** Serves dist/ gzip-compressed on a free port; gives its address and the server. */
async function serve() {
  const server = spawn(process.execPath, [path.join(ROOT, "scripts/serve-gzip.mjs"), path.join(ROOT, "dist"), "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    server.stdout.on("data", (d) => {
      const m = /at (http:\/\/\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    server.on("exit", () => reject(new Error("the server stopped")));
  });
  return { url, server };
}

/** With BENCH_PROFILE set, the last import's CPU profile: written to target/bench-library/
 * and its functions of most self time printed (where the import's time goes). */
async function profile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
  await cdp.send("Profiler.start");
  return {
    async stop(name) {
      const { profile } = await cdp.send("Profiler.stop");
      writeFileSync(path.join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
      const self = new Map();
      const gaps = profile.timeDeltas;
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, k) => {
        const f = byId.get(id).callFrame;
        const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}`;
        self.set(name, (self.get(name) ?? 0) + (gaps[k] ?? 0) / 1000);
      });
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
      for (const [fn, ms] of top) console.log(`  ${Math.round(ms)} ms self: ${fn}`);
    },
  };
}

const figures = {};
function report(name, ms, limit) {
  figures[name] = Math.round(ms);
  console.log(`${name}: ${Math.round(ms)} ms${limit ? ` (goal under ${limit} ms)` : ""}`);
}

const files = Array.from({ length: Math.ceil(games / batch) }, (_, i) => records(i));
const { url, server } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" });
  // A returning player (no first-visit welcome), at instant speed.
  await context.addInitScript(() => {
    if (!localStorage.getItem("toguz.settings") && !localStorage.getItem("toguz-settings")) {
      localStorage.setItem("toguz-settings", JSON.stringify({ speed: "instant", sound: false }));
    }
  });
  const page = await context.newPage();
  await page.goto(`${url}#/library`);
  await page.getByTestId("library-screen").waitFor();

  for (const [i, file] of files.entries()) {
    await page.getByTestId("btn-import").click();
    await page.getByTestId("import-dialog").waitFor();
    const profiled = process.env.BENCH_PROFILE && i === files.length - 1 ? await profile(page) : null;
    const t0 = Date.now();
    await page.getByTestId("import-file").setInputFiles(file);
    await page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="library-status"]')?.textContent ?? "") ||
        document.querySelector('[data-testid="import-error"]'),
      null,
      { timeout: 600_000, polling: 50 },
    );
    const error = await page.getByTestId("import-error").count();
    if (error) throw new Error(`batch ${i + 1} refused: ${await page.getByTestId("import-error").innerText()}`);
    report(`import of ${batch} games (batch ${i + 1}, library ${(i + 1) * batch})`, Date.now() - t0, 15000);
    if (profiled) await profiled.stop("import");
  }
  const stored = await page.evaluate(() => {
    let n = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      n += k.length + localStorage.getItem(k).length;
    }
    return n;
  });
  console.log(`localStorage: ${stored} code units for ${games} games (${Math.round(stored / games)} a game)`);
  figures.units_per_game = Math.round(stored / games);

  // A reload on the play screen: the board playable.
  await page.addInitScript(() => {
    const seen = () => document.querySelector('[data-testid="house-w-1"][data-count]');
    new MutationObserver((_, observer) => {
      if (seen()) {
        window.__boardAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  // A new address differing only in its hash does not load the page: a reload does.
  await page.goto(`${url}#/`);
  await page.reload();
  await page.waitForFunction(() => window.__boardAt, null, { timeout: 120_000 });
  report("reload to a playable board", await page.evaluate(() => window.__boardAt), 3000);

  // The library's first page, from the click on its link.
  const timed = async (start, done) => {
    await page.evaluate(start);
    await page.waitForFunction(done, null, { timeout: 120_000, polling: "raf" });
    return page.evaluate(() => window.__doneAt - window.__startAt);
  };
  report(
    "library's first page",
    await timed(
      () => {
        window.__startAt = performance.now();
        document.querySelector('[data-testid="nav-library"]').click();
      },
      () => document.querySelector('[data-testid="library-game"]') && (window.__doneAt = performance.now()),
    ),
    1000,
  );

  // Search keystrokes: "Player 42", one key at a time; the slowest and the last.
  const search = page.getByTestId("library-search");
  await search.click();
  let slowest = 0;
  let typed = "";
  const each = [];
  for (const key of "Player 42") {
    typed += key;
    await page.evaluate(() => {
      window.__startAt = performance.now();
      window.__doneAt = 0;
    });
    await page.keyboard.press(key === " " ? "Space" : key);
    // The list says which search it answers (`data-searched`), or is gone for no game found.
    await page.waitForFunction(
      (t) => {
        const list = document.querySelector('[data-testid="library-list"]');
        if (!list || list.dataset.searched === t) window.__doneAt ||= performance.now();
        return window.__doneAt;
      },
      typed,
      { timeout: 60_000, polling: "raf" },
    );
    const ms = await page.evaluate(() => window.__doneAt - window.__startAt);
    each.push(Math.round(ms));
    slowest = Math.max(slowest, ms);
  }
  console.log(`keystrokes: ${each.join(", ")} ms`);
  report("search keystroke (slowest of 9)", slowest, 300);
  const found = await page.getByTestId("library-game").count();
  console.log(`"Player 42": ${found} games on the first page`);

  // The "My games" explorer on the analysis board.
  await page.goto(`${url}#/analysis/${encodeURIComponent(START)}`);
  // The players' book first (the tab shown at first), then "My games" drawn in its place.
  await page.locator('[data-testid^="explorer-move-"]').first().waitFor({ timeout: 120_000 });
  report(
    "\"My games\" explorer counts",
    await timed(
      () => {
        window.__before = document.querySelector('[data-testid="explorer"]').innerHTML;
        window.__startAt = performance.now();
        document.querySelector('[data-testid="explorer-tab-mine"]').click();
      },
      () => {
        const explorer = document.querySelector('[data-testid="explorer"]');
        const drawn = explorer.innerHTML !== window.__before && explorer.querySelector('[data-testid^="explorer-move-"]');
        return drawn && (window.__doneAt = performance.now());
      },
    ),
    1000,
  );
  console.log(JSON.stringify({ games, plies, batch, ...figures }));
} finally {
  await browser.close();
  server.kill();
}
