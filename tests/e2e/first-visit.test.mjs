// What a first-time visitor's browser downloads until the board is playable, from a gzip host
// (scripts/serve-gzip.mjs, as a static host serves the build), against what scripts/size.mjs
// counts as the first visit: the same files with the same bytes, and the same figure over the
// wire, the responses' headers included. The budget itself is size.mjs's to enforce
// (`node scripts/size.mjs --budget`, the check's last step), on the figure this test confirms.
//
// Playable: the board's houses carry their counts and the welcome (a newcomer's first screen,
// in the main module, built a task after the board) is open. The service worker runs, as on a
// real first visit; its own precache requests are not the page's and do not hold up the board.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { BUDGET, measure } from "../../scripts/size.mjs";
import { SIZES, launchBrowser, viewport } from "./board-page.mjs";

const DIST = path.resolve(process.env.E2E_SUBPATH_DIST ?? "dist");
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let server;
let base;
let browser;
before(async () => {
  server = spawn(process.execPath, ["scripts/serve-gzip.mjs", DIST, "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const url = out.match(/at (http:\/\/\S+)/)?.[1];
      if (url) resolve(url);
    });
    server.on("exit", (code) => reject(new Error(`serve-gzip.mjs exited with ${code}: ${out}`)));
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.kill();
});

test("a first-time visitor downloads what size.mjs counts as the first visit, until the board is playable", async () => {
  const counted = measure(DIST);
  const context = await browser.newContext({ viewport: viewport(SIZES.phone), firstVisit: true });
  const page = await context.newPage();
  // Every request the page made, with its sizes once done; `after` marks those made once the
  // board was playable.
  const requests = new Map();
  let playable = false;
  page.on("request", (r) => {
    let done;
    const settled = new Promise((resolve) => (done = resolve));
    requests.set(r, { url: r.url(), after: playable, settled, done });
  });
  const finish = async (r, failed) => {
    const entry = requests.get(r);
    if (!entry) return;
    if (!failed) {
      const sizes = await r.sizes();
      entry.body = sizes.responseBodySize;
      entry.headers = sizes.responseHeadersSize;
    }
    entry.failed = failed;
    entry.done();
  };
  page.on("requestfinished", (r) => finish(r, false));
  page.on("requestfailed", (r) => finish(r, true));

  await page.goto(base);
  await page.locator('[data-testid="house-w-1"][data-count]').waitFor();
  await page.getByTestId("welcome-dialog").waitFor();
  playable = true;
  // What was asked before then, all of it arrived.
  const before = [...requests.values()].filter((e) => !e.after);
  await Promise.all(before.map((e) => e.settled));
  const file = (url) => decodeURIComponent(new URL(url).pathname.slice(new URL(base).pathname.length)) || "index.html";
  const lines = before.map((e) => `  ${file(e.url)}: ${e.failed ? "failed" : `${e.body} + ${e.headers} bytes of headers`}`);
  const report = `the page's requests until the board was playable:\n${lines.join("\n")}`;
  assert.ok(before.every((e) => !e.failed), report);

  // The same files as size.mjs counts, byte for byte.
  const fetched = new Map(before.map((e) => [file(e.url), e.body]));
  const expected = new Map(counted.rows.filter((r) => r.group === "first visit").map((r) => [r.file, r.gzip]));
  assert.deepEqual(fetched, expected, `size.mjs's first visit against the browser's\n${report}`);

  // The whole download as the browser counts it, bodies and headers: size.mjs's figure within
  // a few bytes a response (a host's headers vary by a few bytes).
  const wire = before.reduce((s, e) => s + e.body + e.headers, 0);
  console.log(
    `first visit over the wire ${kb(wire)} in ${before.length} requests (size.mjs: ${kb(counted.firstVisit)}); ` +
      `budget ${kb(BUDGET.firstVisit)}\n${report}`,
  );
  assert.ok(Math.abs(wire - counted.firstVisit) <= 10 * before.length, `size.mjs counts ${counted.firstVisit}, the browser ${wire}`);
  await context.close();
});
