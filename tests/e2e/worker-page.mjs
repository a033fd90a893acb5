// The shipped search worker (worker_loader.js, worker.js, worker_bg.wasm of the built dist/),
// driven through its JSON protocol (crates/app-core/src/ai/protocol.rs) from a blank page of the same origin:
// no test code ships in the app. `window.__worker` in that page:
//   request(position, task, newGame?) -> id   (task as in `Task`'s JSON, e.g.
//       {kind: "analyse", depth: 6} or {kind: "level", level: 8, seed: 1})
//   ready()  -> true once the worker posted `ready`;  readyMs() -> ms from start to `ready`
//   log      every reply but `ready`, each with `at` (performance.now() on arrival)
import { BASE_URL } from "./board-page.mjs";

/** The blank page's address: answered by the test itself, never by the server. */
const BLANK = `${BASE_URL}__worker-test__.html`;

function install() {
  const log = [];
  let ready = false;
  let readyMs = null;
  let next = 1;
  const queue = [];
  const started = performance.now();
  const worker = new Worker(new URL("worker_loader.js", document.baseURI));
  worker.onmessage = (ev) => {
    const reply = JSON.parse(ev.data);
    if (reply.type === "ready") {
      ready = true;
      readyMs = performance.now() - started;
      for (const text of queue.splice(0)) worker.postMessage(text);
      return;
    }
    reply.at = performance.now();
    log.push(reply);
  };
  worker.onerror = (ev) => log.push({ type: "worker-error", message: ev.message });
  window.__worker = {
    log,
    ready: () => ready,
    readyMs: () => readyMs,
    request(position, task, newGame = false) {
      const id = next++;
      const text = JSON.stringify({ id, position, task, new_game: newGame });
      if (ready) worker.postMessage(text);
      else queue.push(text);
      return id;
    },
  };
}

/** Opens the blank page in `browser` with the worker started and ready. */
export async function openWorkerPage(browser) {
  const page = await browser.newPage();
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  page.on("response", (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.route(BLANK, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>worker test</title>" }),
  );
  await page.goto(BLANK);
  await page.evaluate(install);
  await page.waitForFunction(() => window.__worker.ready(), null, { timeout: 30_000 });
  return { page, errors };
}

/** Posts a request and resolves with its final reply (and every reply to it). */
export async function search(page, position, task, newGame = false, timeout = 20_000) {
  const id = await page.evaluate(([p, t, n]) => window.__worker.request(p, t, n), [position, task, newGame]);
  await page.waitForFunction((id) => window.__worker.log.some((r) => r.id === id && r.type !== "info"), id, {
    timeout,
  });
  const replies = await page.evaluate((id) => window.__worker.log.filter((r) => r.id === id), id);
  return { id, final: replies.at(-1), replies };
}
