// Page object for the game screen: launching Chromium, reading the board, clicking houses.
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:8080/";

/**
 * The viewports the tests take the app to: the phones it is made for upright (two common
 * widths) and on their side (a large one and a small one), a desktop, and the phone Lighthouse
 * emulates. Each has a name for titles and screenshot files.
 */
export const SIZES = {
  phone360: { name: "phone-360", width: 360, height: 780 },
  phone: { name: "phone", width: 390, height: 844 },
  landscape: { name: "landscape", width: 844, height: 390 },
  landscapeSmall: { name: "landscape-small", width: 667, height: 375 },
  desktop: { name: "desktop", width: 1280, height: 800 },
  lighthouse: { name: "lighthouse", width: 412, height: 823 },
};

/** A size as a Playwright viewport (only its width and height). */
export const viewport = ({ width, height }) => ({ width, height });

/** Lighthouse 12's phone (its moto g power emulation), for the start-up benchmarks. */
export const LIGHTHOUSE_PHONE = { viewport: viewport(SIZES.lighthouse), deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const SCREENSHOTS = path.resolve(process.env.E2E_SCREENSHOTS ?? "target/screenshots");
/**
 * Screenshots written for people to look at (a `path` given): taken unless `E2E_SHOTS=off`. The
 * check turns them off (scripts/check.sh): nothing compares them, and the few hundred of a run,
 * full-page ones resizing the page first, cost CPU that catches nothing. A screenshot a test reads
 * (a QR code's) is always taken.
 */
export const SHOTS = process.env.E2E_SHOTS !== "off";
let shotsPatched = false;
function skipShots(page) {
  if (SHOTS || shotsPatched) return;
  shotsPatched = true;
  const proto = Object.getPrototypeOf(page);
  const screenshot = proto.screenshot;
  proto.screenshot = function (options = {}) {
    return options.path ? Promise.resolve(Buffer.alloc(0)) : screenshot.call(this, options);
  };
}

/**
 * Before the page's scripts: a browser with no settings gets empty ones, in today's form (an
 * older form would have the app fetch its upgrade's part before the mount), so the app takes
 * it for a returning player and opens no first-visit welcome.
 */
function returningPlayer() {
  try {
    if (!localStorage.getItem("toguz.settings") && !localStorage.getItem("toguz-settings")) {
      localStorage.setItem("toguz.settings", '{"kind":"settings","v":1,"data":{}}');
    }
  } catch {
    // Storage blocked: the app runs in memory and welcomes; the tests that block it say so.
  }
}

/**
 * Chromium as the check script runs it: headless, as root, on a closed network. Its contexts
 * are returning players (no first-visit welcome) unless opened with `{ firstVisit: true }`.
 * Where scripts/e2e.sh started one browser for every test file (`E2E_BROWSER_WS`, from
 * `serveChromium`), this connects to it: each file's contexts are its own (their storage,
 * cache and service workers too), and closing the browser ends only this file's connection.
 */
export async function launchBrowser() {
  const shared = process.env.E2E_BROWSER_WS;
  const browser = shared ? await chromium.connect(shared) : await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ firstVisit = false, ...options } = {}) => {
    const context = await newContext(options);
    if (!firstVisit) await context.addInitScript(returningPlayer);
    context.on("page", skipShots);
    return context;
  };
  browser.newPage = async (options = {}) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on("close", () => context.close().catch(() => {}));
    return page;
  };
  return browser;
}

/**
 * One Chromium for all the test files of a run (scripts/e2e.sh): a browser server with the
 * options `launchBrowser` launches with; its `wsEndpoint()` goes to the files as
 * `E2E_BROWSER_WS`. Launching Chromium for each of 30 files cost about 0.9 s of CPU each.
 */
export function serveChromium() {
  return chromium.launchServer(CHROMIUM_OPTIONS);
}

/** Before the page's scripts: a CSP violation is a console error, which the page object keeps. */
function reportCspViolations() {
  document.addEventListener("securitypolicyviolation", (e) =>
    console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
  );
}

/**
 * Before the app's first load in a tab (not at a reload, which keeps what the test changed
 * since): saved settings in today's form, and a saved language.
 */
function savedSettings([settings, lang]) {
  if (sessionStorage.getItem("e2e-saved-settings")) return;
  sessionStorage.setItem("e2e-saved-settings", "1");
  if (settings) localStorage.setItem("toguz.settings", `{"kind":"settings","v":1,"data":${settings}}`);
  if (lang) localStorage.setItem("toguz-lang", lang);
}

/**
 * The app in a fresh browser context of `browser` (from `launchBrowser`, or `launchWebDriver`
 * for Firefox and WebKit): `{ context, page, board }`, the page object collecting console
 * errors, failed requests and CSP violations. The context has empty storage and is a returning
 * player's (no welcome) unless `firstVisit`.
 *
 * - `size`: one of SIZES (or any `{ width, height }`), the phone unless given;
 * - `hash`: the route opened (`BASE_URL + hash`), or `url` another address, or
 *   `navigate: false` for a page that has opened nothing yet;
 * - `waitFor`: a test id to wait for once there (`"board"` for the play screen);
 * - `settings` (theme, speed, sound...) and `lang`: saved before the tab's first load;
 * - `initScripts`: functions, `[function, argument]` pairs or source strings run before the
 *   page's own scripts, in order;
 * - `context`: a context to open one more page (a second tab) in, instead of a new one;
 * - `pageObject`: a subclass of BoardPage for a screen of its own (the puzzles' board);
 * - `serviceWorkers`: "block" unless "allow" is given, for the tests of the service worker
 *   itself (offline, updates, precaching). Allowed, every new context's page registers it
 *   after its load, and it precaches the whole build (some 230 files, 3.9 MB, through the
 *   Python server), a few seconds of CPU per context that the other tests spent for nothing;
 * - anything else goes to the context: `firstVisit`, `locale`, `colorScheme`,
 *   `reducedMotion`, `acceptDownloads`...
 */
export async function open(
  browser,
  {
    size = SIZES.phone,
    hash = "",
    url,
    navigate = true,
    waitFor,
    settings,
    lang,
    initScripts = [],
    context,
    pageObject = browser.pageObject ?? BoardPage,
    serviceWorkers = "block",
    ...contextOptions
  } = {},
) {
  if (!context) {
    context = await browser.newContext({ viewport: viewport(size), baseURL: BASE_URL, serviceWorkers, ...contextOptions });
    // WebDriver has no init scripts: its pages keep their errors themselves (webdriver-page.mjs).
    if (context.addInitScript) await context.addInitScript(reportCspViolations);
    if (settings || lang) {
      await context.addInitScript(savedSettings, [settings && JSON.stringify(settings), lang]);
    }
    for (const script of initScripts) {
      await (Array.isArray(script) ? context.addInitScript(...script) : context.addInitScript(script));
    }
  }
  const page = await context.newPage();
  skipShots(page);
  const board = new pageObject(page);
  if (navigate) {
    await page.goto(url ?? new URL(hash, BASE_URL).href);
    if (waitFor) await page.getByTestId(waitFor).waitFor();
  }
  return { context, page, board };
}

/**
 * Browser features (not the web platform's) that the tests turn off. Chromium reads only the last
 * `--disable-features` switch, so this one repeats the list Playwright passes itself (Playwright
 * 1.65.1, package-lock.json), then adds the address bar's WebUI popups: Chromium 156 builds them
 * in a renderer of their own for every new window, so every browser context, which cost about
 * 1.1 s of CPU per context, 40% of opening the app in a fresh context.
 */
const DISABLED_FEATURES = [
  // Playwright's own.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // Ours: the address bar's popups (both are needed: either alone still builds one).
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--disable-features=${DISABLED_FEATURES.join(",")}`,
  ],
};

async function launchChromium() {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * The position strings after each of `houses` (house numbers of the side to move), computed
 * outside the browser by the engine's CLI: `toguz play <moves>` prints the position on line 1.
 */
export function enginePositions(houses) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  return houses.map((_, i) => {
    const out = execFileSync(bin, ["play", ...houses.slice(0, i + 1).map(String)], {
      encoding: "utf8",
    });
    return out.split("\n")[0].trim();
  });
}

/** The position string after all of `houses` played from the start (`toguz play`). */
export function enginePosition(houses) {
  const bin = process.env.TOGUZ_CLI ?? "target/release/toguz";
  const out = execFileSync(bin, ["play", ...houses.map(String)], { encoding: "utf8" });
  return out.split("\n")[0].trim();
}

/** The house numbers of the first game of a PlayOK record (the first digit of each move). */
export function playokHouses(text) {
  const game = text.split("[Event").filter((g) => g.trim())[0];
  const body = game.replace(/\[[^\]]*\]/g, " ");
  return body
    .split(/\s+/)
    .filter((t) => /^[1-9]/.test(t) && !t.endsWith(".") && !t.includes("-"))
    .map((t) => Number(t[0]));
}

/** Reads a position string `houses kazans tuz side` into counts. */
export function parsePosition(text) {
  const [houses, kazans, tuz, side] = text.trim().split(" ");
  const [w, b] = houses.split("/").map((row) => row.split(",").map(Number));
  const [kw, kb] = kazans.split("/").map(Number);
  return { houses: { w, b }, kazans: { w: kw, b: kb }, tuz, side };
}

export class BoardPage {
  /** @param {import("playwright-core").Page} page */
  constructor(page) {
    this.page = page;
    this.errors = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") this.errors.push(msg.text());
    });
    page.on("pageerror", (err) => this.errors.push(String(err)));
    page.on("requestfailed", (req) => {
      // A request cut short by a reload or a navigation (the search worker's wasm, still
      // downloading while the service worker precaches the build) is no failure of the app.
      const why = req.failure()?.errorText ?? "";
      if (why === "net::ERR_ABORTED") return;
      this.errors.push(`request failed: ${req.url()} ${why}`.trim());
    });
    page.on("response", (res) => {
      if (res.status() >= 400) this.errors.push(`HTTP ${res.status()}: ${res.url()}`);
    });
  }

  board() {
    return this.page.getByTestId("board");
  }

  house(side, n) {
    return this.page.getByTestId(`house-${side}-${n}`);
  }

  kazan(side) {
    return this.page.getByTestId(`kazan-${side}`);
  }

  async turnText() {
    return this.page.getByTestId("turn").innerText();
  }

  async positionString() {
    return this.board().getAttribute("data-position");
  }

  /**
   * Clicks house `n` of the side to move and waits for the board to change and for its
   * animation to end.
   */
  async play(side, n) {
    const before = await this.tapHouse(side, n);
    // One wait for both: the move is on the board and its sowing has ended.
    try {
      await this.page.waitForFunction((prev) => {
        const board = document.querySelector('[data-testid="board"]');
        return board.dataset.position !== prev && board.dataset.animating !== "true";
      }, before);
    } catch (e) {
      // A tap that changed nothing: what the page showed tells an ignored tap from a stuck
      // sowing, a covered house or a dead page.
      throw new Error(`${e.message}; after a tap on ${side}${n} from ${before}, the page: ${await this.describe(`house-${side}-${n}`)}`);
    }
  }

  /**
   * A line on what the page shows (for a failure's message), with what lies at the centre of
   * the element `testid` names; never throws.
   */
  async describe(testid = "board") {
    try {
      return JSON.stringify(
        await this.page.evaluate((testid) => {
          const board = document.querySelector('[data-testid="board"]');
          const top = (id) => {
            const e = document.querySelector(`[data-testid="${id}"]`);
            if (!e) return null;
            const r = e.getBoundingClientRect();
            return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.outerHTML.slice(0, 120) ?? null;
          };
          return {
            url: location.href,
            visibility: document.visibilityState,
            focus: document.hasFocus(),
            board: board && { position: board.dataset.position, animating: board.dataset.animating },
            playable: board?.querySelectorAll(".house--playable").length ?? null,
            atCentre: top(testid),
            turn: document.querySelector('[data-testid="turn"]')?.textContent ?? null,
            notices: [...document.querySelectorAll("[role=alert], [role=status], dialog[open]")]
              .map((e) => e.textContent.trim().slice(0, 80))
              .filter(Boolean),
            errors: window.__e2eErrors ?? null,
          };
        }, testid),
      );
    } catch (e) {
      return `not readable (${e.message})`;
    }
  }

  /** Taps house `n` of `side` as a player does; returns the board's position before. */
  async tapHouse(side, n) {
    // One round trip instead of Playwright's click checks (about 45% of a move's
    // time), checking what they would: the position before the move, and the house's centre,
    // scrolled into view, where a tap would land on the house itself (no dialog or other
    // element over it). Then a real mouse click there, as a player's.
    const testid = `house-${side}-${n}`;
    const at = await this.page.evaluate((id) => {
      const board = document.querySelector('[data-testid="board"]');
      const house = document.querySelector(`[data-testid="${id}"]`);
      if (!board || !house) return null;
      house.scrollIntoView({ block: "nearest", inline: "nearest" });
      const r = house.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      const clear = document.elementFromPoint(x, y)?.closest(`[data-testid="${id}"]`) != null;
      return { position: board.dataset.position, x, y, clear };
    }, testid);
    const before = at ? at.position : await this.positionString();
    // Otherwise (not there yet, or covered at its centre by a notice fixed over the page, say)
    // Playwright's own click, which waits, scrolls and retries until the house can take it.
    if (at?.clear) await this.page.mouse.click(at.x, at.y);
    else await this.house(side, n).click();
    return before;
  }

  /**
   * Brings the errors the page logged so far into `errors`. Playwright reports them as they
   * come; a WebDriver page (webdriver-page.mjs) keeps them until asked.
   */
  async collectErrors() {}

  /** Waits until no animation runs. */
  async waitStill() {
    await this.page.waitForFunction(
      () => document.querySelector('[data-testid="board"]').dataset.animating !== "true",
    );
  }

  /** Chooses an animation speed: slow, normal, fast or instant. */
  async setSpeed(speed) {
    await revealSettings(this.page);
    await this.page.getByTestId(`speed-${speed}`).click();
  }

  /**
   * Starts a new game from the dialog: `mode` is "computer", "two" or "watch"; `side` "w" or
   * "b"; `level` 1 to 8 (or a former name: easy 1, medium 4, hard 5, expert 8); `clock` none,
   * 3-2, 5-3, 10-5, 15-10 or 25-10.
   */
  async newGame({ mode = "two", side = "w", level = "easy", clock = "none" } = {}) {
    await this.page.getByTestId("btn-new-game").click();
    await this.page.getByTestId("new-game-dialog").waitFor();
    await this.page.getByTestId(`mode-${mode}`).click();
    if (mode === "computer") await this.page.getByTestId(`side-${side}`).click();
    const number = { easy: 1, medium: 4, hard: 5, expert: 8 }[level] ?? level;
    if (mode !== "two") await this.page.getByTestId(`level-${number}`).click();
    await this.page.getByTestId(`clock-${clock}`).click();
    await this.page.getByTestId("btn-start").click();
    await this.page.getByTestId("new-game-dialog").waitFor({ state: "detached" });
  }

  /**
   * Every house count and both kazans, read from the text shown on screen, each checked
   * against its `data-count`: one round trip for the 20 of them (a locator's two reads each
   * cost 40 round trips a board).
   */
  async readCounts() {
    const read = await this.page.evaluate(() => {
      const ids = [];
      for (const side of ["w", "b"]) for (let n = 1; n <= 9; n++) ids.push(`house-${side}-${n}`);
      ids.push("kazan-w", "kazan-b");
      return ids.map((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        const count = el?.querySelector(".house__count, .kazan__count");
        return { id, text: count ? count.innerText.trim() : null, attr: el?.getAttribute("data-count") ?? null };
      });
    });
    for (const { id, text, attr } of read) {
      if (text === null || text !== attr) throw new Error(`${id}: shown ${text} but data-count ${attr}`);
    }
    const n = (i) => Number(read[i].text);
    const row = (from) => Array.from({ length: 9 }, (_, i) => n(from + i));
    return { houses: { w: row(0), b: row(9) }, kazans: { w: n(18), b: n(19) } };
  }

  /** Saves a screenshot of the whole page (`fullPage`) or of the viewport (for dialogs). */
  async screenshot(name, { fullPage = true } = {}) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path: file, fullPage });
    return file;
  }
}

/**
 * Waits until the page has done what its start-up queued: the load ended, then the main thread
 * idle, then a frame and the tasks queued before it (the app builds the first visit's welcome,
 * and asks for nothing more, in tasks after the board). Where a test checks that something
 * does not come on its own (a dialog, a notice, a part's fetch), this is the state it waits
 * for, rather than a time that a loaded machine may outlast.
 */
export async function settled(page) {
  await page.waitForFunction(() => document.readyState === "complete");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/**
 * Brings the play screen's settings panel as a player scrolling down to it does: it is a part
 * fetched at the player's first pointer, key or scroll where it is not in view as the page
 * opens (a phone; src/app/on_demand.rs), so a test that goes to it first must scroll (a click
 * cannot wait for an element that is not there yet).
 */
export async function revealSettings(page) {
  await page.evaluate(() => window.dispatchEvent(new Event("scroll")));
  await page.getByTestId("opt-language").waitFor({ state: "attached" });
}

/**
 * A download's bytes. Read through Playwright's stream, not `download.path()`: the file is on
 * the browser's side, which a test file connected to the run's shared browser cannot read.
 */
export async function downloaded(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A library card's action `testid` (`game-rename`, `game-share`...), its card's menu opened
 * first where a narrow screen folds it (src/ui/fold_menu.rs): then a test presses it as a
 * player would. `card`: a `library-game` locator.
 */
export async function cardAction(card, testid) {
  await card.waitFor();
  const action = card.getByTestId(testid);
  const more = card.getByTestId("game-more");
  if (!(await action.isVisible()) && (await more.isVisible()) && (await more.getAttribute("aria-expanded")) !== "true") {
    await more.click();
  }
  return action;
}

/**
 * Switches the app's language in place, on any screen, as when the player chooses it in
 * another tab: the saved settings changed and the storage event the app follows. Returns once
 * the page is in that language.
 */
export async function switchLanguage(page, lang) {
  await page.evaluate((lang) => {
    const key = "toguz.settings";
    const saved = JSON.parse(localStorage.getItem(key) ?? "null") ?? { kind: "settings", v: 1, data: {} };
    saved.data.language = lang;
    localStorage.setItem(key, JSON.stringify(saved));
    window.dispatchEvent(new StorageEvent("storage", { key }));
  }, lang);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
}

/**
 * The live region's words once they match `pattern`. Its words are chosen in the dialogs' part,
 * fetched at the player's first touch (src/app/on_demand.rs, `announcer`): on a busy machine,
 * moves played at instant speed right after the page opens may come before it, and are said
 * when it comes. If they never match, the error shows what the region said instead.
 */
export async function announced(page, pattern) {
  try {
    await page.waitForFunction(
      ([source, flags]) =>
        new RegExp(source, flags).test(document.querySelector('[data-testid="announcer"]')?.innerText ?? ""),
      [pattern.source, pattern.flags],
    );
  } catch (error) {
    const said = await page.getByTestId("announcer").innerText().catch(() => "(no announcer)");
    throw new Error(`the announcer never said ${pattern}; it says: ${JSON.stringify(said)}`, { cause: error });
  }
  return page.getByTestId("announcer").innerText();
}

/**
 * Writes the page's stored game as `moves` from the start, with `fields` over the default
 * ones (`mode`, `link_id`, `inviter`...), in the store's previous version (4, readable JSON),
 * which the next start upgrades and packs: a test cannot write the packed form by hand. The
 * index goes with it, as an older build's would be of its version: the app looks for older
 * values at the index, not at each game (`Library::holds_older`), and rebuilds a missing index
 * from the games.
 */
export async function storeWideGame(page, moves, fields) {
  await page.evaluate(
    ([moves, fields]) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("toguz.game."));
      const now = Date.now();
      const nine = [9, 9, 9, 9, 9, 9, 9, 9, 9];
      const data = {
        id: key.slice("toguz.game.".length),
        created: now,
        updated: now,
        players: { white: "", black: "" },
        game: {
          start: {
            houses: { white: nine, black: nine },
            kazans: { white: 0, black: 0 },
            tuz: { white: null, black: null },
            turn: "White",
          },
          moves,
          rules: { no_first_move_from_house_1: false },
        },
        clock: null,
        flipped: false,
        tags: [],
        imported: false,
        ...fields,
      };
      localStorage.setItem(key, JSON.stringify({ kind: "game", v: 4, data }));
      localStorage.removeItem("toguz.index");
    },
    [moves, fields],
  );
}

/**
 * Waits for the play screen's game started by "Play from here against the computer": from
 * `position`, the player on its side to move, against `level`.
 */
export async function playingFrom(page, position, level) {
  await page.getByTestId("mode").waitFor();
  await page.waitForFunction((p) => document.querySelector('[data-testid="board"]')?.dataset.position === p, position);
  const side = position.trim().split(" ")[3] === "w" ? "White" : "Black";
  const mode = await page.getByTestId("mode").innerText();
  if (!new RegExp(`^You \\(${side}\\) vs computer \\(Level ${level}\\)`).test(mode)) {
    throw new Error(`not a game as ${side} against level ${level}: ${mode}`);
  }
}
