// The shell's fonts (index.html, `.shell__fonts`): every face and size the app's first screen
// writes its text in is among those the shell lays out unseen before the first paint, so that
// the browser has found and loaded each of them before the app's first layout (issue 13: the
// font lookups were 37 of that layout's 43 ms in Lighthouse's phone emulation). A face or size
// the first screen gains (a new style, another media query) fails here with the line to add.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, launchBrowser } from "./board-page.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { width: 412, height: 823 }, // Lighthouse's phone
  { width: 390, height: 844 },
  { width: 360, height: 780 },
  { width: 844, height: 390 },
  { width: 1280, height: 800 },
];
const LANGUAGES = ["en", "ru", "kk", "ky"];

/** In the page: the fonts of the visible text (elements with text of their own), as
 * "style weight size family", and the same of the shell's spans, from index.html. */
async function fonts(page) {
  return page.evaluate(async () => {
    const key = (cs) => `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const used = new Set();
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.nodeValue.trim())) {
        used.add(key(getComputedStyle(el)));
      }
    }
    // The shell is gone once the app has mounted: its spans, read from the page's source,
    // are styled here as they were there.
    const html = await (await fetch(document.baseURI)).text();
    const shell = new DOMParser().parseFromString(html, "text/html").querySelector(".shell__fonts");
    const copy = document.importNode(shell, true);
    copy.style.cssText = "position:absolute;visibility:hidden;width:0;height:0;overflow:hidden";
    document.body.append(copy);
    const warmed = [...copy.children].map((span) => key(getComputedStyle(span)));
    copy.remove();
    return { used: [...used], warmed, spans: copy.children.length };
  });
}

test("the shell lays out every font of the app's first screen, in every language, at phone and desktop sizes", async () => {
  const missing = new Map();
  let spans = 0;
  for (const viewport of VIEWPORTS) {
    for (const lang of LANGUAGES) {
      for (const firstVisit of lang === "en" || lang === "ru" ? [true, false] : [true]) {
        const context = await browser.newContext({ viewport, locale: lang, firstVisit, serviceWorkers: "block" });
        const page = await context.newPage();
        await page.goto(BASE_URL);
        await page.getByTestId("board").waitFor();
        if (firstVisit) await page.getByTestId("welcome-dialog").waitFor();
        const found = await fonts(page);
        spans = found.spans;
        for (const font of found.used) {
          if (!found.warmed.includes(font)) {
            const where = `${viewport.width}x${viewport.height} ${lang}${firstVisit ? " (first visit)" : ""}`;
            missing.set(font, [...(missing.get(font) ?? []), where]);
          }
        }
        await context.close();
      }
    }
  }
  assert.ok(spans >= 10, `the shell's fonts: ${spans} spans`);
  const lines = [...missing].map(([font, where]) => `${font} (${where.join(", ")})`);
  assert.deepEqual(lines, [], "fonts of the first screen that index.html's .shell__fonts does not lay out");
});
