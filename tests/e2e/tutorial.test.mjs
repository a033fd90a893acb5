// The rules tutorial: every lesson completed by answering every exercise on the board, wrong
// answers explained with the sowing animated, the demonstration stepped korgool by korgool,
// progress saved (and bad saved data ignored), and "try it" opening a game from a lesson.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, SIZES, launchBrowser, open, viewport } from "./board-page.mjs";

const VIEWPORTS = [SIZES.phone, SIZES.desktop];

/**
 * The right answer of every exercise, lesson by lesson, in order: the tests in
 * crates/app-core/src/lesson/check.rs prove these are what the engine says; here the page must accept them.
 */
const ANSWERS = [
  [{ tap: "w-7" }, { tap: "b-2" }],
  [{ tap: "b-1" }],
  [{ tap: "b-1" }, { play: 9 }],
  [{ tap: "b-7" }, { tap: "w-4" }],
  [{ play: 8 }, { choose: "nothing" }],
  [{ play: 3 }, { choose: "tuz" }],
  [{ choose: "already_has_tuz" }, { play: 5 }],
  [{ play: 7 }, { choose: "opponent_wins" }],
  [{ tap: "w-7" }, { tap: "b-2" }, { choose: "already_has_tuz" }, { choose: "same_number" }],
  [{ play: 6 }, { play: 4 }, { play: 5 }],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const openPage = (size, { colorScheme = "light", hash = "#/tutorial" } = {}) => open(browser, { size, colorScheme, hash });

const panel = (page) => page.getByTestId("lesson-panel");

/** Waits for the lesson panel to show step `n` (1-based). */
async function atStep(page, n) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="lesson-panel"]')?.dataset.step === String(want),
    n,
  );
}

async function answer(page, board, a) {
  if (a.tap) {
    const [side, n] = a.tap.split("-");
    await board.house(side, Number(n)).click();
  } else if (a.play) {
    await board.house("w", a.play).click();
  } else {
    await page.getByTestId(`choice-${a.choose}`).click();
  }
}

async function feedbackKind(page) {
  const fb = page.getByTestId("feedback");
  await fb.waitFor();
  const cls = await fb.getAttribute("class");
  return cls.includes("--right") ? "right" : "wrong";
}

/** Goes through lesson `number` (1-based) from its first step, answering every exercise. */
async function completeLesson(page, board, number) {
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="lesson"]')?.dataset.lesson === String(n),
    number,
  );
  const answers = [...ANSWERS[number - 1]];
  for (let step = 1; ; step++) {
    await atStep(page, step);
    const kind = await panel(page).getAttribute("data-kind");
    assert.ok((await page.getByTestId("step-text").innerText()).length > 10, `lesson ${number} step ${step} has text`);
    if (kind !== "look" && kind !== "demo") {
      const a = answers.shift();
      assert.ok(a, `lesson ${number} step ${step}: an answer for this ${kind} exercise`);
      await answer(page, board, a);
      assert.equal(await feedbackKind(page), "right", `lesson ${number} step ${step}: ${JSON.stringify(a)}`);
    }
    const next = page.getByTestId("tut-next");
    const label = await next.innerText();
    await next.click();
    if (/Finish/.test(label)) break;
  }
  assert.equal(answers.length, 0, `lesson ${number}: every answer used`);
  await page.getByTestId("lesson-done").waitFor();
}

// The tutorial is gone through once, its first half at a phone's size and the rest at a
// desktop's (the page resized as a window is; neither size is a touch phone's emulation):
// every lesson, exercise and check still happens, and each size shows half the lessons.
const [PHONE, DESKTOP] = VIEWPORTS;

test(`${PHONE.name} then ${DESKTOP.name}: the whole tutorial, every exercise answered; progress saved`, async () => {
  const { context, page, board } = await openPage(PHONE);
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /0 of 10/);
  assert.equal(await page.locator('[data-testid^="lesson-card-"]').count(), 10);
  await board.screenshot(`tutorial-list-${PHONE.name}-light`);
  await page.setViewportSize(viewport(DESKTOP));
  await board.screenshot(`tutorial-list-${DESKTOP.name}-light`);
  await page.setViewportSize(viewport(PHONE));
  await page.getByTestId("lesson-card-1").click();
  for (let n = 1; n <= 10; n++) {
    if (n === 6) await page.setViewportSize(viewport(DESKTOP));
    await completeLesson(page, board, n);
    if (n < 10) {
      await page.getByTestId("tut-next-lesson").click();
    }
  }
  assert.match(await page.getByTestId("lesson-done").innerText(), /every lesson/);
  await board.screenshot(`tutorial-finished-${DESKTOP.name}`);
  await page.setViewportSize(viewport(PHONE));
  await board.screenshot(`tutorial-finished-${PHONE.name}`);
  await page.getByTestId("tut-all-lessons").click();
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /10 of 10/);
  for (let n = 1; n <= 10; n++) {
    assert.equal(await page.getByTestId(`lesson-card-${n}`).getAttribute("data-done"), "true");
  }
  // Saved: a reload keeps it.
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /10 of 10/);
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport(vp));
    await page.evaluate(() => window.scrollTo(0, 0));
    await board.screenshot(`tutorial-list-done-${vp.name}`);
  }
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

/**
 * Stops a demonstration at its first frame, wherever its autoplay is: the page itself checks
 * the play button and presses pause, then restart, so that the autoplay cannot move between a
 * check and a click; then waits for that state.
 */
async function toFirstFrame(page) {
  await page.evaluate(() => {
    const play = document.querySelector('[data-testid="tut-play"]');
    if (play.dataset.playing === "true") play.click();
    const restart = document.querySelector('[data-testid="tut-restart"]');
    if (!restart.disabled) restart.click();
  });
  await page.waitForFunction(
    () =>
      /^1 \//.test(document.querySelector('[data-testid="tut-frame"]').innerText) &&
      document.querySelector('[data-testid="tut-play"]').dataset.playing !== "true",
  );
}

test("the demonstration steps korgool by korgool, the narration and the counts in step", async () => {
  const { context, page, board } = await openPage(VIEWPORTS[0], { hash: "#/tutorial/2" });
  await page.getByTestId("lesson").waitFor();
  const narration = page.getByTestId("narration");
  // Pause the autoplay and go back to the lift.
  await toFirstFrame(page);
  assert.equal(await page.getByTestId("tut-frame").innerText(), "1 / 10");
  assert.match(await narration.innerText(), /lift all 9 korgools of house 1/);
  assert.equal(await board.house("w", 1).getAttribute("data-count"), "0");
  await page.getByTestId("tut-forward").click();
  assert.match(await narration.innerText(), /One stays here, in house 1/);
  assert.equal(await board.house("w", 1).getAttribute("data-count"), "1");
  assert.equal(await board.house("w", 1).getByTestId("drop-number").innerText(), "1");
  await page.getByTestId("tut-forward").click();
  await page.getByTestId("tut-forward").click();
  assert.match(await narration.innerText(), /^3: your house 3/);
  assert.equal(await page.getByTestId("drop-number").count(), 3);
  await page.getByTestId("tut-back").click();
  assert.match(await narration.innerText(), /^2: your house 2/);
  assert.equal(await page.getByTestId("drop-number").count(), 2);
  await board.screenshot("tutorial-demo-phone-light");
  // Played, then a tap on the board skips to the end: the last frame is the engine's position
  // after the move, and the demonstration stops there.
  await page.getByTestId("tut-play").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="tut-play"]').dataset.playing === "true");
  await board.house("w", 5).click({ force: true });
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="tut-frame"]').innerText === "10 / 10" &&
      document.querySelector('[data-testid="tut-play"]').dataset.playing === "false",
  );
  assert.match(await narration.innerText(), /9: your house 9[\s\S]*own side: nothing is taken/);
  assert.equal(await board.house("w", 9).getAttribute("data-count"), "10");
  // The second demonstration crosses to the opponent's row.
  await page.getByTestId("tut-next").click();
  await atStep(page, 2);
  await toFirstFrame(page);
  for (let i = 0; i < 5; i++) await page.getByTestId("tut-forward").click();
  assert.match(await narration.innerText(), /5: your opponent's house 1/);
  await page.emulateMedia({ colorScheme: "dark" });
  await board.screenshot("tutorial-demo-phone-dark");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

for (const vp of VIEWPORTS) {
  test(`${vp.name}: wrong answers are explained with what actually happens, animated`, async () => {
    const { context, page, board } = await openPage(vp, {
      colorScheme: vp.name === "phone" ? "dark" : "light",
      hash: "#/tutorial/2",
    });
    // Lesson 2, step 3: the last korgool of house 4 (7 korgools) lands in Black's house 1.
    await page.getByTestId("tut-next").click();
    await page.getByTestId("tut-next").click();
    await atStep(page, 3);
    await board.house("w", 5).click(); // the first korgool counted into the next house: wrong
    assert.equal(await feedbackKind(page), "wrong");
    assert.match(await page.getByTestId("feedback").innerText(), /lands in your opponent's house 1/);
    // The sowing that really happens is shown, narrated.
    await page.waitForFunction(() => document.querySelector('[data-testid="tut-frame"]'));
    assert.match(await page.getByTestId("tut-frame").innerText(), /\/ 9$/); // lift, 7 drops, the capture
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drop-number"]').length >= 2);
    await board.screenshot(`tutorial-wrong-${vp.name}-${vp.name === "phone" ? "dark" : "light"}`);
    await page.getByTestId("tut-retry").click();
    await board.house("b", 1).click();
    assert.equal(await feedbackKind(page), "right");

    // A move that misses the goal: lesson 5, step 4 asks for a capture; house 1 takes nothing.
    await page.goto(BASE_URL + "#/tutorial/5");
    await page.getByTestId("lesson").waitFor();
    for (let i = 1; i <= 3; i++) {
      await atStep(page, i);
      await page.getByTestId("tut-next").click();
    }
    await atStep(page, 4);
    await board.house("w", 1).click();
    assert.equal(await feedbackKind(page), "wrong");
    assert.match(await page.getByTestId("feedback").innerText(), /captures nothing/);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="tut-frame"]')?.innerText === "10 / 10",
      null,
      { timeout: 15_000 },
    );
    assert.match(await page.getByTestId("narration").innerText(), /own side: nothing is taken/);
    await page.getByTestId("tut-retry").click();
    await board.house("w", 9).click();
    assert.equal(await feedbackKind(page), "right");

    // A wrong reason: lesson 7, step 3.
    await page.goto(BASE_URL + "#/tutorial/7");
    await page.getByTestId("lesson").waitFor();
    for (let i = 1; i <= 2; i++) {
      await atStep(page, i);
      await page.getByTestId("tut-next").click();
    }
    await atStep(page, 3);
    await page.getByTestId("choice-house9").click();
    assert.equal(await feedbackKind(page), "wrong");
    assert.match(await page.getByTestId("feedback").innerText(), /You already have a tuz/);
    await board.screenshot(`tutorial-why-${vp.name}`);
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  });
}

test("bad saved progress is ignored; 'try it' opens a game from the lesson's position", async () => {
  const { context, page, board } = await openPage(VIEWPORTS[1]);
  await page.getByTestId("tutorial").waitFor();
  await page.evaluate(() => localStorage.setItem("toguz-tutorial", "{not json"));
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /0 of 10/);
  await page.evaluate(() =>
    localStorage.setItem("toguz-tutorial", JSON.stringify({ version: 99, done: [0, 1], steps: [] })),
  );
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /0 of 10/);
  // A valid save: lesson 1 done, lesson 4 at its third step.
  await page.evaluate(() =>
    localStorage.setItem("toguz-tutorial", JSON.stringify({ version: 1, done: [0], steps: [0, 0, 0, 2] })),
  );
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByTestId("tutorial").waitFor();
  assert.match(await page.getByTestId("tutorial-progress").innerText(), /1 of 10/);
  await page.getByTestId("lesson-card-4").click();
  await atStep(page, 3);
  const lessonPosition = await board.positionString();
  assert.equal(lessonPosition, "9,9,9,9,12,9,9,9,9/9,9,9,9,9,9,9,6,6 2/1 -/- w");
  await page.emulateMedia({ colorScheme: "dark" });
  await board.screenshot("tutorial-lesson-desktop-dark");
  await page.getByTestId("tut-try-it").click();
  await page.getByTestId("turn").waitFor();
  assert.equal(await board.positionString(), lessonPosition, "the game starts from the lesson's position");
  await board.play("w", 5);
  assert.notEqual(await board.positionString(), lessonPosition);
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

test("the narration in Russian, Kyrgyz and Kazakh: numbers through plural forms", async () => {
  const cases = [
    { locale: "ru-RU", lift: /Вы берёте все 9 коргоолов из дома 1/, drop: /^2 — ваш дом 2/, list: /Пройдено уроков: 0 из 10/ },
    { locale: "ky-KG", lift: /Сиз 1-үйдөгү 9 коргоолдун баарын аласыз/, drop: /^2 — сиздин 2-үйүңүз/, list: /Өтүлгөн сабактар: 0 \/ 10/ },
    { locale: "kk-KZ", lift: /Сіз 1-отаудағы 9 құмалақтың бәрін аласыз/, drop: /^2 — сіздің 2-отауыңыз/, list: /Өтілген сабақтар: 0 \/ 10/ },
  ];
  for (const c of cases) {
    const { context, page, board } = await open(browser, { size: SIZES.phone, locale: c.locale, hash: "#/tutorial" });
    await page.getByTestId("tutorial").waitFor();
    assert.match(await page.getByTestId("tutorial-progress").innerText(), c.list, c.locale);
    await page.goto(BASE_URL + "#/tutorial/2");
    await page.getByTestId("lesson").waitFor();
    await toFirstFrame(page);
    assert.match(await page.getByTestId("narration").innerText(), c.lift, c.locale);
    await page.getByTestId("tut-forward").click();
    await page.getByTestId("tut-forward").click();
    assert.match(await page.getByTestId("narration").innerText(), c.drop, c.locale);
    await board.screenshot(`tutorial-demo-phone-${c.locale.slice(0, 2)}`);
    // An odd count in Russian: "9 коргоолов — нечётное число" needs the many form.
    if (c.locale === "ru-RU") {
      await page.goto(BASE_URL + "#/tutorial/5");
      await page.waitForFunction(() => document.querySelector('[data-testid="lesson"]')?.dataset.lesson === "5");
      await page.getByTestId("tut-next").click();
      await page.getByTestId("tut-next").click();
      await atStep(page, 3);
      await toFirstFrame(page);
      for (let i = 0; i < 4; i++) await page.getByTestId("tut-forward").click();
      assert.match(await page.getByTestId("narration").innerText(), /Теперь в доме 9 коргоолов — нечётное число/);
    }
    assert.deepEqual(board.errors, [], `${c.locale}: no console errors`);
    await context.close();
  }
});

test("a move that gives a capture away is shown with the opponent's reply", async () => {
  const { context, page, board } = await openPage(VIEWPORTS[1], { hash: "#/tutorial/10" });
  await page.getByTestId("lesson").waitFor();
  await page.getByTestId("tut-next").click();
  await atStep(page, 2);
  await board.house("w", 6).click();
  assert.equal(await feedbackKind(page), "right");
  await page.getByTestId("tut-next").click();
  await atStep(page, 3);
  // House 9 takes 4 now, but leaves the opponent a capture.
  await board.house("w", 9).click();
  assert.equal(await feedbackKind(page), "wrong");
  assert.match(await page.getByTestId("feedback").innerText(), /your opponent has a capture/);
  await page.getByTestId("tut-play").click(); // pause
  const total = Number((await page.getByTestId("tut-frame").innerText()).split("/")[1]);
  assert.ok(total > 6, `${total} frames: the move (lift, 4 drops, capture) and the reply`);
  // Step to the last frame from wherever the pause stopped the autoplay.
  const frameAt = async () => Number((await page.getByTestId("tut-frame").innerText()).split("/")[0]);
  for (let at = await frameAt(); at < total; at = await frameAt()) {
    await page.getByTestId("tut-forward").click();
  }
  assert.match(await page.getByTestId("narration").innerText(), /your opponent takes them all/);
  await board.screenshot("tutorial-reply-desktop");
  await page.getByTestId("tut-retry").click();
  await board.house("w", 4).click();
  assert.equal(await feedbackKind(page), "right");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

/** The element's box lies wholly inside the viewport; what is out, if not. */
async function outOfView(page, testid) {
  return page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return `${id}: missing`;
    const r = el.getBoundingClientRect();
    const inside = r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    return inside ? null : `${id}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight}`;
  }, testid);
}

/** Waits until the lesson has brought its answer's feedback (or its end) into sight. */
async function answerShown(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="lesson"]')?.dataset.answerShown === "true");
}

/** Scrolls the page and the lesson's panel to their ends, as a player reading down would. */
async function readToTheEnd(page) {
  await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="lesson-panel"]');
    panel.scrollTop = panel.scrollHeight;
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

const TOP_ROW = [1, 5, 9].map((n) => `house-b-${n}`);
const SIZES_ALL = [SIZES.phone360, SIZES.phone, SIZES.landscapeSmall, SIZES.landscape, SIZES.desktop];

for (const [lang, locale] of [
  ["en", "en-US"],
  ["ru", "ru-RU"],
]) {
  test(`the way on is always on screen, and each step starts at its board (${lang}, five sizes)`, async () => {
    for (const size of SIZES_ALL) {
      const { context, page, board } = await open(browser, { size, locale, hash: "#/tutorial/10", reducedMotion: "reduce" });
      const at = `${size.width}x${size.height}`;
      await atStep(page, 1);
      // A wrong answer on step 3 (house 9 gives the opponent a capture): the board locks, and
      // Try again, the only way on, is in sight at once.
      for (const [step, wrong, right] of [
        [2, null, 6],
        [3, 9, 4],
        [4, null, 5],
      ]) {
        await readToTheEnd(page);
        await page.getByTestId("tut-next").click();
        await atStep(page, step);
        for (const id of TOP_ROW) assert.equal(await outOfView(page, id), null, `${at} step ${step}: the top row`);
        assert.equal(await page.getByTestId("lesson-panel").evaluate((p) => p.scrollTop), 0, `${at}: the panel at its top`);
        if (wrong) {
          await board.house("w", wrong).click();
          assert.equal(await feedbackKind(page), "wrong");
          await page.getByTestId("tut-retry").waitFor();
          await answerShown(page);
          assert.equal(await outOfView(page, "tut-retry"), null, `${at} step ${step}: Try again`);
          await board.screenshot(`tutorial-wrong-${lang}-${size.name}`, { fullPage: false });
          await page.getByTestId("tut-retry").click();
        }
        await board.house("w", right).click();
        assert.equal(await feedbackKind(page), "right");
        await answerShown(page);
        assert.equal(await outOfView(page, "tut-next"), null, `${at} step ${step}: Next`);
      }
      assert.match(await page.getByTestId("tut-next").innerText(), lang === "en" ? /Finish/ : /Завершить/);
      await board.screenshot(`tutorial-finish-${lang}-${size.name}`, { fullPage: false });
      await readToTheEnd(page);
      await page.getByTestId("tut-next").click();
      await page.getByTestId("lesson-done").waitFor();
      await answerShown(page);
      assert.equal(await outOfView(page, "tut-next-lesson"), null, `${at}: the next lesson`);
      assert.deepEqual(board.errors, [], "no console errors");
      await context.close();
    }
  });
}

test("a drop's number on a tuz leaves the tuz's count and its mark in sight", async () => {
  for (const size of [SIZES.phone360, SIZES.landscape, SIZES.desktop]) {
    const { context, page, board } = await open(browser, { size, hash: "#/tutorial/7", reducedMotion: "reduce" });
    const at = `${size.width}x${size.height}`;
    await atStep(page, 1);
    await page.getByTestId("tut-next").click();
    await atStep(page, 2);
    await page.getByTestId("tut-next").click();
    await atStep(page, 3);
    await page.getByTestId("choice-already_has_tuz").click();
    await page.getByTestId("tut-next").click();
    await atStep(page, 4);
    // House 5 sows to the opponent's house 4 and makes it a tuz with the 9th korgool.
    await board.house("w", 5).click();
    assert.equal(await feedbackKind(page), "right");
    const tuz = board.house("b", 4);
    await tuz.locator(".house__drop").waitFor();
    assert.equal(await tuz.locator(".house__drop").innerText(), "9");
    const overlaps = await tuz.evaluate((house) => {
      const box = (sel) => house.querySelector(sel).getBoundingClientRect();
      const drop = box(".house__drop");
      const meet = (r) => drop.left < r.right && r.left < drop.right && drop.top < r.bottom && r.top < drop.bottom;
      return { count: meet(box(".house__count")), mark: meet(box(".tuz-mark")) };
    });
    assert.deepEqual(overlaps, { count: false, mark: false }, `${at}: the drop's number covers nothing of the tuz`);
    assert.equal(await tuz.locator(".house__count").innerText(), "0");
    await tuz.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "target/screenshots"}/tutorial-tuz-drop-${size.name}.png` });
    assert.deepEqual(board.errors, [], "no console errors");
    await context.close();
  }
});
