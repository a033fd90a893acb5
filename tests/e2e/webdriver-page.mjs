// Firefox and WebKit through WebDriver (selenium-webdriver), behind the few Playwright calls
// that the page object (board-page.mjs) and the core suite (engines.test.mjs) make: one page
// object, two drivers. `WebDriverTab` is a session's page with the shape of a Playwright page;
// `WebDriverPage` is board-page.mjs's BoardPage on it, different only where the engines are:
// no mouse (a move is the house's element click) and no console events (the errors are
// collected from the page when asked). Playwright cannot drive Debian's Firefox ESR or
// WebKitGTK (it wants its own patched builds, which cannot be downloaded here); geckodriver
// and WebKitWebDriver can.
//
// Each context is a WebDriver session of its own, on a driver process of its own (geckodriver
// serves one session at a time), so each starts with an empty profile: no storage, no service
// worker. WebKit runs WebKitGTK's MiniBrowser, which needs a display: run the suite under
// `xvfb-run -a` (scripts/e2e-engines.sh does).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Builder, By } from "selenium-webdriver";
import { BoardPage, SIZES, viewport as viewportOf } from "./board-page.mjs";

export const ENGINES = {
  firefox: {
    driver: () => [process.env.GECKODRIVER ?? "geckodriver", []],
    capabilities: ({ noHttpCache }) => ({
      browserName: "firefox",
      "moz:firefoxOptions": {
        binary: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
        args: ["-headless"],
        prefs: {
          // No first-run pages, updates or telemetry on a closed network.
          "app.update.enabled": false,
          "browser.shell.checkDefaultBrowser": false,
          "datareporting.policy.dataSubmissionEnabled": false,
          "toolkit.telemetry.reportingpolicy.firstRun": false,
          // For the offline test: only the service worker's cache may answer.
          ...(noHttpCache ? { "browser.cache.disk.enable": false, "browser.cache.memory.enable": false } : {}),
        },
      },
    }),
  },
  webkit: {
    driver: () => [process.env.WEBKITWEBDRIVER ?? "/usr/bin/WebKitWebDriver", []],
    capabilities: () => ({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": {
        binary: process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
        args: ["--automation"],
      },
    }),
  },
};

const drivers = new Set();

function endDriver(child) {
  drivers.delete(child);
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

// No browser outlives the tests, whatever happens to them.
process.on("exit", () => {
  for (const child of [...drivers]) endDriver(child);
});

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitForPort(port, child, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`driver exited with ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`driver not listening on ${port}`);
}

/** Polls `fn` until it returns a truthy value (returned) or `timeout` ms pass. */
async function poll(fn, timeout, what) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms: ${what}${last ? ` (${last.message})` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// In the page: the elements a locator's steps select (each step a CSS selector, an index and
// an optional text filter), and whether one is visible.
const FIND = `
  const find = (steps) => {
    let found = [document];
    for (const s of steps) {
      let next = [];
      for (const root of found) next.push(...root.querySelectorAll(s.css));
      next = [...new Set(next)];
      if (s.hasText) next = next.filter((e) => e.textContent.includes(s.hasText));
      if (s.index !== undefined) next = s.index < 0 ? next.slice(s.index).slice(0, 1) : next.slice(s.index, s.index + 1);
      found = next;
    }
    return found;
  };
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
`;

class Locator {
  constructor(page, steps) {
    this.page = page;
    this.steps = steps;
  }

  locator(css) {
    return new Locator(this.page, [...this.steps, { css }]);
  }

  getByTestId(id) {
    return this.locator(`[data-testid="${id}"]`);
  }

  nth(index) {
    const steps = [...this.steps];
    steps[steps.length - 1] = { ...steps[steps.length - 1], index };
    return new Locator(this.page, steps);
  }

  first() {
    return this.nth(0);
  }

  last() {
    return this.nth(-1);
  }

  filter({ hasText }) {
    const steps = [...this.steps];
    steps[steps.length - 1] = { ...steps[steps.length - 1], hasText };
    return new Locator(this.page, steps);
  }

  /** Runs `body` in the page with `el` the first element found (or null) and `arg`. */
  async #run(body, arg) {
    return this.page.driver.executeScript(
      `${FIND}; const el = find(arguments[0])[0] ?? null; const arg = arguments[1]; ${body}`,
      this.steps,
      arg ?? null,
    );
  }

  async count() {
    return this.page.driver.executeScript(`${FIND}; return find(arguments[0]).length;`, this.steps);
  }

  async waitFor({ state = "visible", timeout = 30_000 } = {}) {
    try {
      await poll(
        () =>
          this.#run(
            `return arg === "detached" ? el === null : arg === "attached" ? el !== null : el !== null && visible(el);`,
            state,
          ),
        timeout,
        `${JSON.stringify(this.steps)} ${state}`,
      );
    } catch (e) {
      // What the page showed instead: a timeout alone does not tell a wrong screen from a
      // page that is gone.
      throw new Error(`${e.message}; the page: ${await this.page.describe()}`);
    }
  }

  /** The element, once visible, as a WebDriver element. */
  async #element(timeout = 30_000) {
    await this.waitFor({ timeout });
    return this.#run("return el;");
  }

  async click({ force = false } = {}) {
    if (force) {
      await this.#run("el.click();");
      return;
    }
    // As Playwright: wait until it is visible, in view, still, and itself under its centre;
    // then a real click; retried while the page re-renders under it (a stale element) or
    // something covers it for a moment. The driver clicks where it found the element: on a
    // page still moving (a part arriving above it), the click falls on whatever moved there.
    await poll(
      async () => {
        const el = await this.#element();
        if (!(await this.#actionable())) return false;
        await el.click();
        return true;
      },
      10_000,
      `click ${JSON.stringify(this.steps)}`,
    );
  }

  /**
   * Scrolls the element into view if it is not, then tells whether it stayed in the same
   * place for a few frames with nothing over its centre (Playwright's checks before a click).
   */
  async #actionable() {
    return this.page.driver.executeAsyncScript(
      `${FIND}
       const done = arguments[arguments.length - 1];
       const el = find(arguments[0])[0] ?? null;
       if (!el || !visible(el)) return done(false);
       const r = el.getBoundingClientRect();
       if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
         el.scrollIntoView({ block: "center", inline: "center" });
       }
       const box = () => JSON.stringify(el.getBoundingClientRect());
       const first = box();
       // A timer, not animation frames: a window without focus may not draw them.
       setTimeout(() => {
         if (box() !== first) return done(false);
         const b = el.getBoundingClientRect();
         const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
         done(hit !== null && (hit === el || el.contains(hit)));
       }, 80);`,
      this.steps,
    );
  }

  async hover() {
    const el = await this.#element();
    await this.page.driver.actions().move({ origin: el }).perform();
  }

  async innerText() {
    await this.waitFor({ state: "attached" });
    return this.#run("return el.innerText;");
  }

  async inputValue() {
    await this.waitFor({ state: "attached" });
    return this.#run("return el.value;");
  }

  async getAttribute(name) {
    await this.waitFor({ state: "attached" });
    return this.#run("return el.getAttribute(arg);", name);
  }

  async isEnabled() {
    await this.waitFor({ state: "attached" });
    return this.#run("return !el.disabled;");
  }

  async boundingBox() {
    await this.waitFor({ state: "attached" });
    return this.#run("const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height };");
  }

  /** Sets a text field's value as typing would end: one input event (typing 20 KB is slow). */
  async fill(text) {
    await this.waitFor();
    await this.#run(
      `const proto = Object.getPrototypeOf(el);
       Object.getOwnPropertyDescriptor(proto, "value").set.call(el, arg);
       el.dispatchEvent(new Event("input", { bubbles: true }));
       el.dispatchEvent(new Event("change", { bubbles: true }));`,
      text,
    );
  }

  async selectOption(value) {
    await this.waitFor();
    await this.#run(
      `el.value = arg; el.dispatchEvent(new Event("input", { bubbles: true }));
       el.dispatchEvent(new Event("change", { bubbles: true }));`,
      value,
    );
  }
}

/** A page in a WebDriver session: the Playwright calls that the tests use. */
export class WebDriverTab {
  constructor(driver, engine) {
    this.driver = driver;
    this.engine = engine;
    this.listeners = { console: [], pageerror: [] };
  }

  on(event, fn) {
    (this.listeners[event] ??= []).push(fn);
  }

  getByTestId(id) {
    return new Locator(this, [{ css: `[data-testid="${id}"]` }]);
  }

  locator(css) {
    return new Locator(this, [{ css }]);
  }

  async goto(url) {
    await this.collectErrors();
    if (this.frame) {
      await this.#frame(url);
    } else {
      await this.driver.get(url);
    }
    await this.#hookErrors();
  }

  async reload() {
    await this.collectErrors();
    if (this.frame) {
      await this.#frame(await this.url());
    } else {
      // As the browser's reload button does. Not WebDriver's refresh: geckodriver's is a forced
      // reload, which by the service worker spec bypasses the worker (the page is then not
      // controlled, and offline it fails), unlike a player's reload.
      await this.driver.executeScript("window.__e2eOld = true; location.reload();");
      await poll(
        () => this.driver.executeScript("return !window.__e2eOld && document.readyState === 'complete';"),
        60_000,
        "reload",
      );
    }
    await this.#hookErrors();
  }

  async url() {
    return this.driver.executeScript("return location.href;");
  }

  /** A line on the page's state (for a failure's message): where it is and what it shows. */
  async describe() {
    try {
      return JSON.stringify(
        await this.driver.executeScript(`
          const board = document.querySelector('[data-testid="board"]');
          const dialog = document.querySelector("dialog[open], [role=dialog]");
          return {
            url: location.href,
            framed: window !== window.top,
            ready: document.readyState,
            board: board ? { position: board.dataset.position, animating: board.dataset.animating, box: JSON.stringify(board.getBoundingClientRect()) } : null,
            dialog: dialog ? dialog.textContent.slice(0, 120) : null,
            main: (document.querySelector("main") ?? document.body)?.innerText.slice(0, 200) ?? null,
            errors: window.__e2eErrors ?? null,
          };`),
      );
    } catch (e) {
      return `not readable (${e.name}: ${e.message})${this.driverLog?.() ? `; the driver said: ${this.driverLog().slice(-800)}` : ""}`;
    }
  }

  // A window narrower than the browser allows (MiniBrowser's is at least 447 px wide): the
  // app runs in an iframe of the exact size, in a page of the same origin outside the app's
  // path (so outside its service worker's scope), and every command goes to the frame.
  async #frame(url) {
    const { width, height } = this.frame;
    await this.driver.switchTo().defaultContent();
    const host = new URL("/__e2e-frame", url).href;
    if ((await this.driver.getCurrentUrl()) !== host) await this.driver.get(host);
    await this.driver.executeAsyncScript(
      `const [url, width, height, done] = arguments;
       document.documentElement.style.cssText = "margin:0;padding:0;overflow:hidden";
       document.body.innerHTML = "";
       document.body.style.margin = "0";
       const frame = document.createElement("iframe");
       frame.style.cssText = "border:0;display:block;width:" + width + "px;height:" + height + "px";
       frame.onload = () => done();
       frame.src = url;
       document.body.append(frame);`,
      url,
      width,
      height,
    );
    await this.driver.switchTo().frame(await this.driver.findElement(By.css("iframe")));
  }

  // WebDriver classic has no console events (nor init scripts): a hook in the page keeps errors
  // and CSP violations from the load on (not those during it) until `collectErrors` hands them
  // to the page object's listeners.
  async #hookErrors() {
    await this.driver.executeScript(`
      if (window.__e2eErrors) return;
      window.__e2eErrors = [];
      const error = console.error.bind(console);
      console.error = (...args) => { window.__e2eErrors.push(args.map(String).join(" ")); error(...args); };
      addEventListener("error", (e) => window.__e2eErrors.push(\`\${e.message} (\${e.filename}:\${e.lineno})\`));
      addEventListener("unhandledrejection", (e) => window.__e2eErrors.push(String(e.reason)));
      document.addEventListener("securitypolicyviolation", (e) =>
        window.__e2eErrors.push(\`CSP violation: \${e.violatedDirective} \${e.blockedURI}\`),
      );
    `);
  }

  /** Hands the errors the page logged since the last call to the `console` listeners. */
  async collectErrors() {
    let errors = [];
    try {
      errors = (await this.driver.executeScript("const e = window.__e2eErrors ?? []; window.__e2eErrors = []; return e;")) ?? [];
    } catch {
      // No page yet.
    }
    for (const text of errors) {
      for (const fn of this.listeners.console) fn({ type: () => "error", text: () => text });
    }
  }

  /** Runs `fn(arg)` in the page (it may be async) and returns its result. */
  async evaluate(fn, arg) {
    const result = await this.driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => (${fn})(arguments[0]))
         .then((value) => done({ value: value === undefined ? null : value }), (e) => done({ error: String(e) }));`,
      arg ?? null,
    );
    if (result.error) throw new Error(result.error);
    return result.value;
  }

  async waitForFunction(fn, arg, { timeout = 30_000 } = {}) {
    const value = await poll(
      () => this.driver.executeScript(`return (${fn})(arguments[0]);`, arg ?? null),
      timeout,
      String(fn).slice(0, 120),
    );
    return { jsonValue: async () => value };
  }

  async waitForTimeout(ms) {
    await new Promise((r) => setTimeout(r, ms));
  }

  /** Sizes the window so that the page's viewport is `width` x `height` CSS pixels. */
  async setViewportSize({ width, height }) {
    const window = this.driver.manage().window();
    if (this.frame) await this.driver.switchTo().defaultContent();
    let [w, h] = [width, height];
    let inner;
    for (let i = 0; i < 3; i++) {
      await window.setRect({ width: w, height: h });
      inner = await this.driver.executeScript("return [innerWidth, innerHeight];");
      if (inner[0] === width && inner[1] === height) break;
      w += width - inner[0];
      h += height - inner[1];
    }
    const wasFramed = this.frame;
    this.frame = inner[0] > width || inner[1] > height ? { width, height } : null;
    if (wasFramed && this.frame) {
      await this.driver.executeScript(
        "const f = document.querySelector('iframe'); f.style.width = arguments[0] + 'px'; f.style.height = arguments[1] + 'px';",
        width,
        height,
      );
    }
    if (wasFramed) {
      const url = await this.driver.executeScript("return document.querySelector('iframe')?.contentWindow.location.href ?? null;");
      if (this.frame) await this.driver.switchTo().frame(await this.driver.findElement(By.css("iframe")));
      else if (url) await this.goto(url);
    } else if (this.frame && !(await this.driver.getCurrentUrl()).startsWith("about:")) {
      await this.goto(await this.driver.getCurrentUrl());
    }
  }

  async viewportSize() {
    const [width, height] = await this.driver.executeScript("return [innerWidth, innerHeight];");
    return { width, height };
  }

  /** A PNG of the viewport (WebDriver has no full-page screenshot in every engine). */
  async screenshot({ path: file }) {
    let png;
    if (this.frame) {
      await this.driver.switchTo().defaultContent();
      png = await this.driver.findElement(By.css("iframe")).takeScreenshot();
      await this.driver.switchTo().frame(await this.driver.findElement(By.css("iframe")));
    } else {
      png = await this.driver.takeScreenshot();
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(png, "base64"));
  }

  async close() {
    await this.collectErrors();
  }
}

/** The page object (board-page.mjs) on a WebDriver session. */
export class WebDriverPage extends BoardPage {
  /** A tap is the house's element click: WebDriver classic has no mouse to move here. */
  async tapHouse(side, n) {
    const before = await this.positionString();
    await this.house(side, n).click();
    return before;
  }

  async collectErrors() {
    await this.page.collectErrors();
  }
}

/**
 * As board-page.mjs's contexts: a returning player (no first-visit welcome) unless
 * `firstVisit`. WebDriver has no init scripts, so the empty settings (in today's form) are
 * written from a page of the app's origin (`baseURL`) outside the app, before it is opened.
 */
async function returningPlayer(page, baseURL) {
  await page.goto(new URL("/__e2e-setup", baseURL).href);
  await page.evaluate(() => localStorage.setItem("toguz.settings", '{"kind":"settings","v":1,"data":{}}'));
}

/**
 * A browser of `engine` (firefox or webkit) with the shape of a Playwright browser: each
 * `newContext({ viewport, baseURL, firstVisit, noHttpCache })` starts a driver and a session;
 * the other options of a Playwright context are not WebDriver's and are left out.
 */
export async function launchWebDriver(engine) {
  const spec = ENGINES[engine];
  if (!spec) throw new Error(`no WebDriver engine ${engine}`);
  const contexts = new Set();
  const newContext = async ({ viewport = viewportOf(SIZES.desktop), noHttpCache = false, firstVisit = false, baseURL } = {}) => {
    const port = await freePort();
    const [bin, args] = spec.driver();
    // In a process group of its own: ending the group ends the browser too, even when the
    // session could not be closed.
    const child = spawn(bin, [...args, `--port=${port}`], { stdio: ["ignore", "ignore", "pipe"], detached: true });
    drivers.add(child);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    // Each step of the start within a bound: a driver or browser that stops answering fails
    // here, named, with what the driver said, instead of holding the test until its timeout
    // with no page to describe (WebKit's session once hung there in a loaded check).
    // `ms` may be left out where the step has a bound of its own (waitForPort's).
    const step = async (what, ms, promise) => {
      let timer;
      const late = new Promise((_, reject) => {
        if (ms) timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
      });
      try {
        return await Promise.race([promise, late]);
      } catch (e) {
        // Which of the driver's processes were still there (WebKitWebDriver waits with no bound
        // for a browser that has died before its inspector answered).
        let alive = "";
        try {
          alive = execFileSync("pgrep", ["-l", "-g", String(child.pid)], { encoding: "utf8" }).trim().replace(/\n/g, ", ");
        } catch {
          alive = "none";
        }
        endDriver(child);
        throw new Error(`${engine}: ${what} failed (${e.message}); its processes then: ${alive}; driver said: ${stderr || "nothing"}`);
      } finally {
        clearTimeout(timer);
      }
    };
    await step("the driver's start", 0, waitForPort(port, child));
    const driver = await step(
      "a new session",
      60_000,
      new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(spec.capabilities({ noHttpCache })).build(),
    );
    await step("the session's timeouts", 30_000, driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 }));
    const page = new WebDriverTab(driver, engine);
    page.driverLog = () => stderr;
    await step(`the window's size ${viewport.width}x${viewport.height}`, 60_000, page.setViewportSize(viewport));
    const context = {
      page,
      newPage: async () => page,
      setViewportSize: (size) => page.setViewportSize(size),
      // Never hangs: a session that stopped answering (its page's last errors cannot be read,
      // its quit is not answered) is ended with its driver's process group.
      close: async () => {
        contexts.delete(context);
        const limit = () => new Promise((r) => setTimeout(r, 10_000).unref());
        await Promise.race([page.close().catch(() => {}), limit()]);
        await Promise.race([driver.quit().catch(() => {}), limit()]);
        endDriver(child);
      },
    };
    contexts.add(context);
    if (!firstVisit && baseURL) await step("the returning player's settings", 90_000, returningPlayer(page, baseURL));
    return context;
  };
  return {
    engine,
    pageObject: WebDriverPage,
    newContext,
    close: async () => {
      for (const c of [...contexts]) await c.close();
    },
  };
}

export { By };
