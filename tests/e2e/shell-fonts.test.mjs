// The shell's fonts (index.html's shell script): every face and size the app's first screen
// writes its text in is among those the shell lays out unseen after its first paint, so that
// the browser has found and loaded each of them before the app's first layout (the
// font lookups were 37 of that layout's 43 ms in Lighthouse's phone emulation). A face or size
// the first screen gains (a new style, another media query) fails here, named.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, SIZES, launchBrowser, open } from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const VIEWPORTS = [SIZES.lighthouse, SIZES.phone, SIZES.phone360, SIZES.landscape, SIZES.desktop];
const LANGUAGES = ["en", "ru", "kk", "ky"];

/** A font as "style weight size family", from a computed style. */
const FONT = (cs) => `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;

/** The shell as a slow network shows it, the app not arrived: what it painted, and the
 * fonts it laid out once they are all there. */
async function shell(size) {
  const { context, page } = await open(browser, { size, firstVisit: true, serviceWorkers: "block", navigate: false });
  await page.route(/_bg\.wasm$/, (route) => route.abort());
  await page.addInitScript(() => {
    window.__paints = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__paints.push(`${e.name} ${e.startTime}`);
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__paints.push(`largest ${e.element?.className} ${e.startTime}`);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(BASE_URL);
  // Six a frame: all there once a few frames have gone by with none added (the shell's
  // script says nothing when it is done).
  await page.waitForFunction(() => {
    const n = document.querySelectorAll(".shell__fonts > span").length;
    const seen = (window.__fontsSeen ??= { n: -1, still: 0 });
    seen.still = n === seen.n ? seen.still + 1 : 0;
    seen.n = n;
    return n >= 10 && seen.still >= 5;
  });
  const shown = await page.evaluate(`(${(font) =>
    (() => {
      const mark = document.querySelector(".shell__mark");
      const box = document.querySelector(".shell__fonts");
      const spans = [...box.children];
      return {
        fonts: spans.map((s) => font(getComputedStyle(s))),
        // Each laid out (its text shaped in its font), none seen.
        laidOut: spans.every((s) => s.getBoundingClientRect().width > 0),
        seen: box.getBoundingClientRect().width > 1 || getComputedStyle(box).overflow !== "hidden",
        mark: mark.src.startsWith("data:image/svg+xml,") && mark.complete && mark.naturalWidth > 0,
        paints: window.__paints,
      };
    })()})(${FONT})`);
  await context.close();
  return shown;
}

test("the shell paints its mark with its first paint, then lays its fonts out unseen while the app loads", async () => {
  const shown = await shell(SIZES.lighthouse);
  assert.ok(shown.fonts.length >= 10, `${shown.fonts.length} fonts`);
  assert.equal(new Set(shown.fonts).size, shown.fonts.length, `each font once: ${shown.fonts}`);
  // The mark needs no request (a data: URL, decoded with the page) and is the shell's largest
  // paint, so the first visit's (the welcome's title is smaller). Normally it is painted with
  // the first paint; a parser that yields under load may paint the top bar a frame earlier.
  const largest = shown.paints.filter((p) => p.startsWith("largest "));
  assert.deepEqual(
    { laidOut: shown.laidOut, seen: shown.seen, mark: shown.mark, largest: largest.at(-1)?.split(" ")[1] },
    { laidOut: true, seen: false, mark: true, largest: "shell__mark" },
    JSON.stringify(shown.paints),
  );
  assert.ok(shown.paints.some((p) => p.startsWith("first-contentful-paint ")), JSON.stringify(shown.paints));
});

test("the shell lays out every font of the app's first screen, in every language, at phone and desktop sizes", async () => {
  const warmed = new Set((await shell(SIZES.lighthouse)).fonts);
  const missing = new Map();
  // One page per language and kind of visit, taken through every size: a reload at each, so
  // that the app starts at that size as a player's does (what it fetches at once depends on
  // it), without a new context's cost. A first visit stays one until the welcome is answered.
  for (const lang of LANGUAGES) {
    for (const firstVisit of lang === "en" || lang === "ru" ? [true, false] : [true]) {
      const { context, page } = await open(browser, {
        size: VIEWPORTS[0],
        locale: lang,
        firstVisit,
        serviceWorkers: "block",
        waitFor: "board",
      });
      for (const viewport of VIEWPORTS) {
        if (viewport !== VIEWPORTS[0]) {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await page.reload();
          await page.getByTestId("board").waitFor();
        }
        if (firstVisit) await page.getByTestId("welcome-dialog").waitFor();
        // The top bar's five links on one line (under the name on a narrow phone): a second
        // line costs the board its room.
        const rows = await page.evaluate(() => new Set([...document.querySelectorAll(".topbar__link")].map((a) => Math.round(a.getBoundingClientRect().top))).size);
        assert.equal(rows, 1, `the top bar's links on one line at ${viewport.width}x${viewport.height} in ${lang}`);
        // The fonts of the visible text: elements with text of their own.
        const used = await page.evaluate(`(${(font) =>
          (() => {
            const fonts = new Set();
            for (const el of document.body.querySelectorAll("*")) {
              if (!el.checkVisibility({ visibilityProperty: true })) continue;
              if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.nodeValue.trim())) {
                fonts.add(font(getComputedStyle(el)));
              }
            }
            return [...fonts];
          })()})(${FONT})`);
        assert.ok(used.length >= 5, `${used.length} fonts in use`);
        for (const font of used.filter((f) => !warmed.has(f))) {
          const where = `${viewport.width}x${viewport.height} ${lang}${firstVisit ? " (first visit)" : ""}`;
          missing.set(font, [...(missing.get(font) ?? []), where]);
        }
      }
      await context.close();
    }
  }
  const lines = [...missing].map(([font, where]) => `${font} (${where.join(", ")})`);
  assert.deepEqual(lines, [], "fonts of the first screen that index.html's shell does not lay out");
});
