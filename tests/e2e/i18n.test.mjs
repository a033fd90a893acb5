// Languages: the language menu switches to Russian, Kyrgyz and Kazakh, is remembered, and sets
// <html lang>; no English text is left on the main screens (every text node, accessible name
// and tooltip compared with the English screen); plural forms, numbers, the live region and the
// manifest follow the language. The screens are a table: add the new ones there.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { announced, SIZES, enginePosition, launchBrowser, open, parsePosition, revealSettings, viewport } from "./board-page.mjs";
import { assertNoSeriousViolations } from "./axe.mjs";

const LANGS = ["ru", "ky", "kk"];
const PHONE = SIZES.phone;
const common = (lang) => JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8"));

/** Texts that are the same in every language: keys of the keyboard, symbols, language names. */
const SAME_EVERYWHERE = new Set(["Enter", "Esc", "Ctrl+Z", "Ctrl+Y", "English", "Русский", "Кыргызча", "Қазақша"]);

/**
 * Each screen: how to reach it from the play screen (already in the wanted language), and the
 * selector whose texts are compared. A new screen joins this list, so that
 * no English text is left on it.
 */
const SCREENS = [
  {
    name: "play",
    async show(page, board) {
      await page.getByTestId("nav-play").click();
      await board.board().waitFor();
      await board.play("w", 7);
      // A message (White's house when Black is to move) and the preview.
      await board.house("w", 2).click({ force: true });
      await page.getByTestId("message").filter({ hasText: /\S/ }).waitFor();
      await board.house("b", 5).hover();
    },
  },
  {
    name: "resign",
    async show(page) {
      await page.getByTestId("btn-resign").click();
      await page.getByTestId("resign-dialog").waitFor();
    },
  },
  {
    name: "play-end",
    async show(page, board) {
      await page.getByTestId("btn-resign-confirm").click();
      await page.getByTestId("end-dialog").waitFor();
    },
    async leave(page) {
      await page.keyboard.press("Escape");
    },
  },
  {
    name: "new-game",
    async show(page) {
      await page.getByTestId("btn-new-game").click();
      await page.getByTestId("new-game-dialog").waitFor();
    },
    async leave(page) {
      await page.keyboard.press("Escape");
    },
  },
  {
    name: "shortcuts",
    async show(page) {
      await revealSettings(page);
      await page.getByTestId("btn-shortcuts").click();
      await page.getByTestId("shortcuts-dialog").waitFor();
    },
    async leave(page) {
      await page.keyboard.press("Escape");
    },
  },
  {
    name: "library",
    async show(page) {
      await page.getByTestId("nav-library").click();
      await page.getByTestId("library-screen").waitFor();
    },
  },
  {
    name: "tutorial",
    async show(page) {
      await page.getByTestId("nav-tutorial").click();
      await page.getByTestId("tutorial").waitFor();
    },
  },
  {
    name: "count",
    async show(page) {
      await page.getByTestId("learn-count").click();
      await page.getByTestId("count-start").waitFor();
    },
  },
  {
    name: "practice",
    async show(page) {
      await page.getByTestId("nav-tutorial").click();
      await page.getByTestId("learn-practice").click();
      await page.getByTestId("practice-item").first().waitFor();
    },
  },
  {
    name: "train",
    async show(page) {
      await page.getByTestId("nav-tutorial").click();
      await page.getByTestId("learn-train").click();
      await page.getByTestId("train-screen").waitFor();
    },
  },
  {
    name: "editor",
    async show(page) {
      await page.getByTestId("nav-editor").click();
      await page.getByTestId("editor-screen").waitFor();
    },
  },
];

/**
 * Every text the page shows or names: text nodes (including those only screen readers read),
 * aria-labels, titles, placeholders and alt texts, trimmed, one entry each.
 */
async function pageTexts(page) {
  return page.evaluate(() => {
    const out = new Set();
    const add = (t) => {
      const s = (t ?? "").replace(/\s+/g, " ").trim();
      if (s) out.add(s);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement?.closest("script, style")) continue;
      add(n.textContent);
    }
    for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      for (const a of ["aria-label", "title", "placeholder", "alt"]) add(el.getAttribute(a));
    }
    return [...out];
  });
}

/** Texts of `texts` found word for word on the English screen, with Latin words in them. */
function englishLeftovers(texts, english) {
  const en = new Set(english);
  return texts.filter((t) => en.has(t) && /[A-Za-z]{2,}/.test(t) && !SAME_EVERYWHERE.has(t));
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The play screen in English, moves instant and silent (saved before the first load only). */
function openPage() {
  return open(browser, { size: PHONE, locale: "en-US", settings: { speed: "instant", sound: false }, waitFor: "board" });
}

/** The texts of each screen, in the language the page is in. */
async function screenTexts(page, board) {
  const result = {};
  for (const screen of SCREENS) {
    await screen.show(page, board);
    result[screen.name] = await pageTexts(page);
    await noSidewaysScroll(page, screen.name);
    await screen.leave?.(page);
  }
  return result;
}

/**
 * Asserts the page does not scroll sideways and no link of the top bar is cut (the
 * Russian and Kazakh bars ran to 402 and 406 px on a 390 px phone).
 */
async function noSidewaysScroll(page, label) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page ${document.documentElement.scrollWidth}px wide in ${width}px`);
    }
    for (const el of document.querySelectorAll(".topbar a")) {
      const r = el.getBoundingClientRect();
      if (r.left < 0 || r.right > width || el.scrollWidth > el.clientWidth + 1) {
        problems.push(`"${el.textContent}" cut: ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
      }
    }
    return problems;
  });
  const lang = await page.evaluate(() => document.documentElement.lang);
  assert.deepEqual(found, [], `${lang} ${label}`);
}

/** The play screen, the library and the tutorial on a phone 360 px wide: nothing sideways. */
async function narrowScreens(page, board) {
  await page.setViewportSize(viewport(SIZES.phone360));
  for (const [nav, screen] of [["nav-play", "board"], ["nav-library", "library-screen"], ["nav-tutorial", "tutorial"]]) {
    await page.getByTestId(nav).click();
    await page.getByTestId(screen).waitFor();
    await noSidewaysScroll(page, `${screen} at 360 px`);
  }
  const lang = await page.evaluate(() => document.documentElement.lang);
  await page.getByTestId("nav-play").click();
  await board.board().waitFor();
  await board.screenshot(`i18n-${lang}-play-360`, { fullPage: false });
  await page.setViewportSize(PHONE);
}

/**
 * The English screens' texts, read once for the file: by the English test, or in a page of
 * their own by the first language test when run alone.
 */
let englishTexts;
function englishScreens() {
  englishTexts ??= (async () => {
    const { context, page, board } = await openPage();
    const texts = await screenTexts(page, board);
    await context.close();
    return texts;
  })();
  return englishTexts;
}

test("English is the language of an English browser; the screens' texts for comparison", async () => {
  const { context, page, board } = await openPage();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
  assert.match(await board.turnText(), /White to move/);
  const texts = await screenTexts(page, board);
  englishTexts ??= Promise.resolve(texts);
  for (const [name, list] of Object.entries(texts)) assert.ok(list.length > 0, name);
  await narrowScreens(page, board);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

for (const lang of LANGS) {
  test(`${lang}: the menu switches every main screen to it, with no English left; remembered`, async () => {
    const english = await englishScreens();
    const { context, page, board } = await openPage();
    await page.getByTestId("nav-play").click();
    await page.getByTestId("btn-new-game").click();
    await page.getByTestId("mode-two").click();
    await page.getByTestId("btn-start").click();

    await revealSettings(page);
    await page.getByTestId("opt-language").selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const strings = common(lang);
    assert.equal(await page.getByTestId("nav-play").innerText(), strings.nav_play);

    const translated = await screenTexts(page, board);
    for (const screen of SCREENS) {
      const left = englishLeftovers(translated[screen.name], english[screen.name]);
      assert.deepEqual(left, [], `${lang} ${screen.name}: English left`);
    }
    await narrowScreens(page, board);
    await page.getByTestId("nav-play").click();
    await board.board().waitFor();
    await board.screenshot(`i18n-${lang}-play`);
    await page.getByTestId("btn-shortcuts").click();
    await board.screenshot(`i18n-${lang}-shortcuts`, { fullPage: false });
    await assertNoSeriousViolations(page, `${lang} shortcuts dialog`);
    await page.keyboard.press("Escape");
    await assertNoSeriousViolations(page, `${lang} play screen`);

    // Remembered: a reload stays in the language.
    await page.reload();
    await board.board().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    await revealSettings(page);
    assert.equal(await page.getByTestId("opt-language").inputValue(), lang);

    // The manifest and the page's description are the language's.
    const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
    assert.ok(href.endsWith(`manifest.${lang}.webmanifest`), href);
    const manifest = await (await page.request.get(href)).json();
    assert.equal(manifest.description, strings.description);
    assert.equal(manifest.lang, lang);
    assert.equal(
      await page.evaluate(() => document.querySelector('meta[name="description"]').content),
      strings.description,
    );

    // Back to the browser's language.
    await page.getByTestId("opt-language").selectOption("");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  });
}

/** The CLDR plural category of `n` in Russian. */
function russianPlural(n) {
  if (n % 10 === 1 && n % 100 !== 11) return "one";
  if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return "few";
  return "many";
}

test("Russian: plural forms of korgools in the houses' names, the live region, decimal comma", async () => {
  const { context, page, board } = await openPage();
  await revealSettings(page);
  await page.getByTestId("opt-language").selectOption("ru");
  await page.waitForFunction(() => document.documentElement.lang === "ru");
  await page.getByTestId("opt-eval").check();
  for (const [side, n] of [["w", 7], ["b", 3], ["w", 5]]) await board.play(side, n);
  const forms = { one: "коргоол", few: "коргоола", many: "коргоолов" };
  const seen = new Set();
  for (const side of ["w", "b"]) {
    for (let n = 1; n <= 9; n++) {
      const count = Number(await board.house(side, n).getAttribute("data-count"));
      const name = await board.house(side, n).locator(".visually-hidden").textContent();
      const owner = side === "w" ? "белых" : "чёрных";
      assert.ok(name.startsWith(`Дом ${n} ${owner}: ${count} ${forms[russianPlural(count)]}`), name);
      seen.add(russianPlural(count));
    }
  }
  assert.ok(seen.size >= 2, `forms seen: ${[...seen]}`);
  const said = await announced(page, /Ход чёрных/);
  assert.match(said, /^Белые: ход из дома 5, \d+ коргоол(а|ов)?, последний — в дом \d (белых|чёрных)\./);
  assert.match(said, /Ход чёрных\.\s*$/);
  // The evaluation is written with a decimal comma.
  const evalText = page.locator(".eval-bar__text");
  await page.waitForFunction(() => /\d/.test(document.querySelector(".eval-bar__text")?.textContent ?? ""));
  assert.match(await evalText.innerText(), /^[+−-]?\d+,\d$|^0,0$/);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("the language follows the browser at first (Kyrgyz browser)", async () => {
  const { context, page, board } = await open(browser, { size: PHONE, locale: "ky-KG", waitFor: "board" });
  assert.equal(await page.evaluate(() => document.documentElement.lang), "ky");
  assert.equal(await board.turnText(), common("ky").to_move.replace("{{ side_of }}", common("ky").white_of));
  await revealSettings(page);
  assert.equal(await page.getByTestId("opt-language").inputValue(), "", "no choice saved yet");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

/** `template` of the language files with its `{{ name }}` placeholders filled from `values`. */
function fill(template, values) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name) => {
    assert.ok(name in values, `no value for ${all} in "${template}"`);
    return String(values[name]);
  });
}

test("Kazakh and Kyrgyz: the live region's sentences of a tuz, and the messages of a blocked tap, as the language files write them", async () => {
  for (const [lang, locale] of [["kk", "kk-KZ"], ["ky", "ky-KG"]]) {
    const words = common(lang);
    const opts = { size: PHONE, locale, settings: { speed: "instant", sound: false }, waitFor: "board" };

    // 6, 1, 5: Black's house 6 holds 10; its sowing ends in White's house 6, which becomes
    // Black's tuz (the engine's positions say so).
    const line = [6, 1, 5];
    const before = parsePosition(enginePosition(line));
    const after = parsePosition(enginePosition([...line, 6]));
    assert.equal(after.tuz, "-/6");
    const { context, page, board } = await open(browser, opts);
    let side = "w";
    for (const n of [...line, 6]) {
      await board.play(side, n);
      side = side === "w" ? "b" : "w";
    }
    const { white, black, white_of: whiteOf, black_of: blackOf } = words;
    const count = before.houses.b[5];
    const want = [
      fill(words[count === 1 ? "ann_move_one" : "ann_move_other"], { side: black, from: 6, count, to_side_of: whiteOf, to: 6 }),
      fill(words.ann_tuz, { owner_of: whiteOf, n: 6, side_of: blackOf }),
      fill(words.ann_kazans, { white: after.kazans.w, black: after.kazans.b }),
      fill(words.to_move, { side: white, side_of: whiteOf }) + ".",
    ].join(" ");
    // The last move's sentences, whole: the wait fails saying what the live region said.
    const said = await announced(page, new RegExp(want.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    assert.equal(said.trim(), want, lang);

    // Blocked: Black's house with White to move, then White's house 6, Black's tuz.
    const message = page.getByTestId("message");
    await board.house("b", 2).click({ force: true });
    await message.filter({ hasText: fill(words.err_not_your_turn, { side_of: whiteOf }) }).waitFor();
    await board.house("w", 6).click({ force: true });
    await message.filter({ hasText: words.err_opponent_tuz }).waitFor();
    assert.deepEqual(board.errors, [], `no console errors in ${lang}`);
    await context.close();

    // 6, 1, 6, 1 leaves White's house 1 empty, White to move.
    const empty = await open(browser, opts);
    side = "w";
    for (const n of [6, 1, 6, 1]) {
      await empty.board.play(side, n);
      side = side === "w" ? "b" : "w";
    }
    assert.equal(parsePosition(enginePosition([6, 1, 6, 1])).houses.w[0], 0);
    await empty.board.house("w", 1).click({ force: true });
    await empty.page.getByTestId("message").filter({ hasText: words.err_empty }).waitFor();
    assert.deepEqual(empty.board.errors, [], `no console errors in ${lang}`);
    await empty.context.close();
  }
});
