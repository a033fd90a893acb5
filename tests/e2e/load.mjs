// Cold-load time of the built app: from navigation to an interactive board (the app mounted:
// the board's houses answer clicks), in a fresh browser context (empty HTTP cache, no service
// worker), median and best of N runs:
//
//   node tests/e2e/load.mjs [runs] [--throttle]
//
// with dist/ served at E2E_BASE_URL (scripts/serve-gzip.mjs serves it gzip-compressed, as a
// static host does). --throttle emulates a mid-range phone on a slow network: 1.6 Mbit/s down,
// 750 kbit/s up, 150 ms latency, the CPU 4x slower.
import { BASE_URL, SIZES, launchBrowser, viewport } from "./board-page.mjs";

const runs = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5);
const throttle = process.argv.includes("--throttle");

const browser = await launchBrowser();
const times = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: viewport(SIZES.phone), serviceWorkers: "block" });
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  // The board is interactive once the app has mounted it: its houses carry their counts.
  // Noted by an observer in the page, at the mutation that adds them.
  await page.addInitScript(() => {
    const seen = () => document.querySelector('[data-testid="house-w-1"][data-count]');
    new MutationObserver((_, observer) => {
      if (seen()) {
        window.__boardAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(BASE_URL, { waitUntil: "commit" });
  await page.waitForFunction(() => window.__boardAt, null, { timeout: 120_000 });
  const ms = await page.evaluate(() => window.__boardAt);
  const paint = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType("paint").map((e) => [e.name, Math.round(e.startTime)])),
  );
  times.push(ms);
  console.log(`run ${i + 1}: interactive board at ${ms.toFixed(0)} ms; ${JSON.stringify(paint)}`);
  await context.close();
}
await browser.close();
times.sort((a, b) => a - b);
console.log(
  `${throttle ? "throttled" : "unthrottled"}: best ${times[0].toFixed(0)} ms, ` +
    `median ${times[Math.floor(times.length / 2)].toFixed(0)} ms over ${runs} runs`,
);
