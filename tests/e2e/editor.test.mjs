// The position editor (#/editor): a position set up by clicks, typing and a drag;
// a pasted position string; every kind of SetupError shown by what causes it, with the play
// button disabled; the parser's errors with the board unchanged; share links (and a malformed
// one); play from an edited position against the computer, whose answer the engine's CLI
// checks; undo/redo across a reload; "Edit position" from the play screen and the replay;
// the keyboard, axe, and screenshots in the four languages.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { BASE_URL, SCREENSHOTS, SIZES, launchBrowser, open, parsePosition, switchLanguage, viewport } from "./board-page.mjs";
import { assertNoSeriousViolations } from "./axe.mjs";

const START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A fresh browser context (empty storage) on the editor, a desktop's unless `size`. */
function openEditor({ size = SIZES.desktop, url = BASE_URL + "#/editor", locale } = {}) {
  return open(browser, { size, url, locale, waitFor: "editor-board" });
}

const position = (page) => page.getByTestId("editor-position");
const house = (page, id) => page.getByTestId("editor-board").getByTestId(`house-${id}`);

async function expectPosition(page, want) {
  await page.waitForFunction(
    (w) => document.querySelector('[data-testid="editor-position"]')?.value === w,
    want,
    { timeout: 5000 },
  ).catch(() => {});
  assert.equal(await position(page).inputValue(), want);
}

/** Checks every house and kazan the editor's board draws against a position string. */
async function expectBoard(page, text) {
  const p = parsePosition(text);
  for (const side of ["w", "b"]) {
    for (let n = 1; n <= 9; n++) {
      assert.equal(
        await house(page, `${side}-${n}`).getAttribute("data-count"),
        String(p.houses[side][n - 1]),
        `house ${side}-${n}`,
      );
    }
    assert.equal(
      await page.getByTestId("editor-board").getByTestId(`kazan-${side}`).getAttribute("data-count"),
      String(p.kazans[side]),
      `kazan ${side}`,
    );
  }
}

async function paste(page, text) {
  await position(page).fill(text);
  await position(page).blur();
}

/** The error shown, its kind, and that the play button is disabled. */
async function expectError(page, kind, words) {
  const error = page.getByTestId("editor-error");
  await error.waitFor();
  assert.equal(await error.count(), 1, "one error at a time");
  assert.equal(await error.getAttribute("data-kind"), kind);
  const text = await error.innerText();
  for (const w of words) assert.ok(text.includes(w), `${kind}: "${w}" not in "${text}"`);
  // The banner at the top names the same problem.
  const status = await page.getByTestId("editor-status").innerText();
  for (const w of words) assert.ok(status.includes(w), `${kind}: "${w}" not in the banner "${status}"`);
  assert.equal(await page.getByTestId("btn-editor-play").isDisabled(), true, `${kind}: playable`);
  return error;
}

async function expectValid(page) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="editor-error"]'));
  assert.equal(await page.getByTestId("btn-editor-play").isEnabled(), true);
}

function noErrors(board) {
  assert.deepEqual(board.errors, [], board.errors.join("\n"));
}

test("a position set up by clicks, typing, fill the kazans and a drag gives its string", async () => {
  const { context, page, board } = await openEditor();
  await expectPosition(page, START);
  await page.getByTestId("btn-editor-empty").click();
  await expectPosition(page, "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 0/0 -/- w");
  // Two korgools in White's house 1 with +, then one taken away and put back.
  await house(page, "w-1").click();
  for (let i = 0; i < 3; i++) await page.getByTestId("editor-plus").click();
  await page.getByTestId("editor-minus").click();
  assert.equal(await page.getByTestId("editor-count").inputValue(), "2");
  // Twelve in Black's house 9, typed.
  await house(page, "b-9").click();
  await page.getByTestId("editor-count").fill("12");
  // Black to move; the rest into the kazans, 70 of the 148 missing to White.
  await page.getByTestId("editor-side").selectOption("b");
  assert.match(await page.getByTestId("editor-total").innerText(), /148/);
  await page.getByTestId("editor-fill-white").fill("70");
  assert.match(await page.getByTestId("editor-fill-split").innerText(), /70.*78/);
  await page.getByTestId("btn-editor-fill").click();
  await expectPosition(page, "2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12 70/78 -/- b");
  await expectBoard(page, "2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12 70/78 -/- b");
  await expectValid(page);
  // A drag moves the whole pile of Black's house 9 to White's house 5.
  const from = await house(page, "b-9").boundingBox();
  const to = await house(page, "w-5").boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expectPosition(page, "2,0,0,0,12,0,0,0,0/0,0,0,0,0,0,0,0,0 70/78 -/- b");
  // The drag selected where the korgools went; Black has none left to move: game over.
  assert.match(await page.getByTestId("editor-selected").innerText(), /White house 5/);
  await expectError(page, "game-over", ["Black is to move", "no korgool"]);
  // Undo takes the drag back; redo makes it again.
  await page.getByTestId("btn-editor-undo").click();
  await expectPosition(page, "2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,12 70/78 -/- b");
  await page.getByTestId("btn-editor-redo").click();
  await expectPosition(page, "2,0,0,0,12,0,0,0,0/0,0,0,0,0,0,0,0,0 70/78 -/- b");
  noErrors(board);
  await context.close();
});

test("a pasted position string sets up every house; a bad one gets the parser's error and changes nothing", async () => {
  const { context, page, board } = await openEditor();
  const text = "0,3,5,0,12,1,0,7,2/4,0,11,6,0,0,9,1,0 40/61 5/1 b";
  await paste(page, text);
  await expectBoard(page, text);
  await expectPosition(page, text);
  await expectValid(page);
  assert.equal(await page.getByTestId("editor-tuz-w").inputValue(), "5");
  assert.equal(await page.getByTestId("editor-tuz-b").inputValue(), "1");
  assert.equal(await page.getByTestId("editor-side").inputValue(), "b");
  // Each tuz is drawn on the board.
  assert.match(await house(page, "b-5").getAttribute("class"), /house--tuz/);
  assert.match(await house(page, "w-1").getAttribute("class"), /house--tuz/);
  for (const [bad, words] of [
    ["9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w", ["White's row needs 9 counts", "it has 3"]],
    ["0,3,5 40/61", ["4 parts", "this one has 2"]],
    ["9,9,9,9,9,9,9,9,9 0/0 -/- w", ["houses part needs one “/”"]],
    ["9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/x1 -/- w", ["“x1” in the kazans part is not a number"]],
    ["9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- white", ["“w” or “b”, not “white”"]],
  ]) {
    await position(page).fill(bad);
    const error = page.getByTestId("editor-position-error");
    await error.waitFor();
    const shown = await error.innerText();
    assert.match(shown, /board was left as it was/);
    for (const w of words) assert.ok(shown.includes(w), `"${w}" not in "${shown}"`);
    await expectBoard(page, text);
    assert.equal(await position(page).getAttribute("aria-invalid"), "true");
  }
  // Leaving the field keeps the bad text and its error; the next edit of the board shows the
  // board's string again.
  await position(page).blur();
  assert.equal(await page.getByTestId("editor-position-error").count(), 1);
  await page.getByTestId("editor-side").selectOption("w");
  await expectPosition(page, text.replace(/ b$/, " w"));
  assert.equal(await page.getByTestId("editor-position-error").count(), 0);
  noErrors(board);
  await context.close();
});

// One test per kind of SetupError (and a game already over), each made the way a player would.
test("setup error: the korgools do not add up to 162", async () => {
  const { context, page } = await openEditor();
  await house(page, "w-1").click();
  await page.getByTestId("editor-plus").click();
  await expectError(page, "bad-total", ["163", "162"]);
  // Shown with the kazans and the total.
  assert.match(await page.getByTestId("editor-total").innerText(), /Too many: 1/);
  await page.getByTestId("editor-minus").click();
  await expectValid(page);
  await context.close();
});

test("setup error: a tuz on a house that does not exist", async () => {
  const { context, page } = await openEditor();
  await paste(page, "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 12/- w");
  await expectError(page, "bad-tuz-house", ["White's tuz", "house 12", "does not exist"]);
  assert.equal(await page.getByTestId("editor-tuz-w").inputValue(), "12");
  await page.getByTestId("editor-tuz-w").selectOption("");
  await expectValid(page);
  await context.close();
});

test("setup error: a tuz on house 9, which the tuz list never offers", async () => {
  const { context, page } = await openEditor();
  const nine = page.getByTestId("editor-tuz-b").locator('option[value="9"]');
  assert.equal(await nine.count(), 0, "house 9 offered as a tuz");
  await paste(page, "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/9 w");
  await expectError(page, "tuz-on-house-9", ["Black's tuz", "house 9 can never"]);
  await page.getByTestId("editor-tuz-b").selectOption("");
  await expectValid(page);
  assert.equal(await nine.count(), 0, "house 9 offered once the pasted one is gone");
  await context.close();
});

test("setup error: both tuzes on houses of the same number", async () => {
  const { context, page } = await openEditor();
  await paste(page, "9,9,0,9,9,9,9,9,9/9,9,0,9,9,9,9,9,9 9/9 3/- w");
  await expectValid(page);
  await page.getByTestId("editor-tuz-b").selectOption("3");
  await expectError(page, "same-tuz-number", ["Both tuzes", "house 3"]);
  await context.close();
});

test("setup error: a tuz that holds korgools, marked on the board", async () => {
  const { context, page } = await openEditor();
  // The house selected first keeps its mark as the tuz redraws its other marks.
  await house(page, "b-4").click();
  await page.getByTestId("editor-tuz-w").selectOption("4");
  await expectError(page, "tuz-not-empty", ["White's tuz", "Black's house 4", "(9)"]);
  assert.match(await house(page, "b-4").getAttribute("class"), /house--error/);
  assert.match(await house(page, "b-4").getAttribute("class"), /house--tuz/);
  assert.match(await house(page, "b-4").getAttribute("class"), /house--selected/);
  assert.equal(await house(page, "b-4").getAttribute("aria-current"), "true");
  // Its korgools dragged into White's kazan: legal.
  const from = await house(page, "b-4").boundingBox();
  const to = await page.getByTestId("editor-board").getByTestId("kazan-w").boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expectPosition(page, "9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 9/0 4/- w");
  await expectValid(page);
  assert.doesNotMatch(await house(page, "b-4").getAttribute("class"), /house--error/);
  // The drag selected the kazan the korgools went to: a kazan is marked as a house is.
  const kazan = page.getByTestId("editor-board").getByTestId("kazan-w");
  assert.match(await kazan.getAttribute("class"), /kazan--selected/);
  assert.equal(await kazan.getAttribute("aria-current"), "true");
  assert.doesNotMatch(await house(page, "b-4").getAttribute("class"), /house--selected/);
  assert.equal(await house(page, "b-4").getAttribute("aria-current"), null);
  await context.close();
});

test("setup error: a tuz owner with fewer than 3 in the kazan", async () => {
  const { context, page } = await openEditor();
  await page.getByTestId("editor-tuz-w").selectOption("4");
  await house(page, "b-4").click();
  await page.getByTestId("editor-count").fill("0");
  await page.getByTestId("editor-kazan-w").fill("2");
  await page.getByTestId("editor-kazan-b").fill("7");
  await expectPosition(page, "9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 2/7 4/- w");
  await expectError(page, "tuz-kazan-too-small", ["White owns a tuz", "only 2"]);
  const kazan = page.getByTestId("editor-board").getByTestId("kazan-w");
  assert.match(await kazan.getAttribute("class"), /kazan--error/);
  await page.getByTestId("editor-kazan-w-plus").click();
  await page.getByTestId("editor-kazan-b-minus").click();
  await expectValid(page);
  await context.close();
});

test("a game already over cannot be played from", async () => {
  const { context, page } = await openEditor();
  await paste(page, "0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w");
  await expectError(page, "game-over", ["White is to move", "no korgool"]);
  await page.getByTestId("editor-side").selectOption("b");
  await expectValid(page);
  await paste(page, "9,9,9,9,9,9,9,0,0/0,0,0,0,0,0,0,0,17 82/0 -/- b");
  await expectError(page, "game-over", ["White's kazan holds 82"]);
  await context.close();
});

test("a share link opens the same position; a malformed link shows the parser's error", async () => {
  const { context, page, board } = await openEditor();
  const text = "0,3,5,0,12,1,0,7,2/4,0,11,6,0,0,9,1,0 40/61 5/1 b";
  await paste(page, text);
  const share = page.getByTestId("btn-editor-share");
  assert.equal(await share.innerText(), "Share link");
  await share.click();
  const link = await page.getByTestId("editor-share-link").inputValue();
  assert.ok(link.startsWith(BASE_URL + "?position="), link);
  // The button confirms the copy, as Copy does, until the board changes.
  await page.locator('[data-testid="btn-editor-share"]', { hasText: "Copied" }).waitFor();
  assert.ok(link.includes("0,3,5,0,12,1,0,7,2/"), "the link reads plainly");
  await context.close();

  const other = await openEditor({ url: link });
  await expectPosition(other.page, text);
  await expectBoard(other.page, text);
  // The link is taken out of the address: a reload keeps the board, not the link.
  assert.ok(other.page.url().endsWith("#/editor"), other.page.url());
  noErrors(other.board);
  await other.context.close();

  // From the play screen's address too, and under any other parameter.
  const bad = await openEditor({ url: BASE_URL + "?position=9,9,9+0/0" });
  const error = bad.page.getByTestId("editor-position-error");
  await error.waitFor();
  const shown = await error.innerText();
  assert.match(shown, /The position in this link does not read/);
  assert.match(shown, /this one has 2/);
  await expectPosition(bad.page, "9,9,9 0/0");
  await expectBoard(bad.page, START);
  noErrors(bad.board);
  await bad.context.close();

  // A link that reads but is illegal opens with its error.
  const illegal = await openEditor({
    url: BASE_URL + "?position=9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9+5/0+-/-+w",
  });
  await expectError(illegal.page, "bad-total", ["167"]);
  noErrors(illegal.board);
  await illegal.context.close();
  noErrors(board);
});

test("a malformed position link: its error is the first thing seen, at the top, not a legal position", async () => {
  for (const size of [SIZES.phone360, SIZES.desktop]) {
    const { context, page, board } = await openEditor({ size, url: BASE_URL + "?position=6,9,0,9,9,banana" });
    const status = page.getByTestId("editor-status");
    // The link has been read (its error is by the field too).
    await page.getByTestId("editor-position-error").waitFor();
    const said = await status.innerText();
    assert.match(said, /The position in this link does not read/);
    assert.doesNotMatch(said, /A legal position/);
    assert.equal(await status.getAttribute("role"), "alert");
    const box = await status.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= page.viewportSize().height, `in view: ${JSON.stringify(box)}`);
    // Above the board: the first thing the page says.
    const boardBox = await page.getByTestId("editor-board").boundingBox();
    assert.ok(box.y < boardBox.y, "above the board");
    await board.screenshot(`editor-bad-link-${size.name}`, { fullPage: false });
    // Once the player sets up a position, the status is about the board again.
    await paste(page, START);
    await page.locator('[data-testid="editor-status"][data-link-failed="false"]').waitFor();
    assert.match(await status.innerText(), /A legal position/);
    noErrors(board);
    await context.close();
  }
});

test("a position link: Play from here is in view as the page opens, above the board and the tools, on a phone in Russian and at 1280x800", async () => {
  const text = "0,3,5,0,12,1,0,7,2/4,0,11,6,0,0,9,1,0 40/61 5/1 b";
  const url = BASE_URL + "?position=" + text.replaceAll(" ", "+");
  for (const [size, locale] of [[SIZES.phone360, "ru-RU"], [SIZES.phone, "ru-RU"], [SIZES.desktop, "en-US"]]) {
    const at = `${size.name} ${locale}`;
    const { context, page, board } = await openEditor({ size, url, locale });
    await expectPosition(page, text);
    const play = page.getByTestId("btn-editor-play");
    assert.equal(await play.isEnabled(), true, at);
    assert.match(await play.innerText(), locale === "ru-RU" ? /Играть с этой позиции/ : /Play from here/, at);
    assert.equal(await page.evaluate(() => scrollY), 0, `${at}: as the page opens`);
    const box = await play.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= size.height, `${at}: Play from here in view: ${JSON.stringify(box)}`);
    // On a phone, above the board and every tool; beside the board, above the other panels.
    const tools = size === SIZES.desktop ? ["editor-kazan-w"] : ["editor-board", "editor-kazan-w"];
    for (const id of tools) {
      const tool = await page.getByTestId(id).boundingBox();
      assert.ok(box.y + box.height <= tool.y, `${at}: above ${id}: ${JSON.stringify(box)} ${JSON.stringify(tool)}`);
    }
    await board.screenshot(`editor-link-play-${locale.slice(0, 2)}-${size.name}`, { fullPage: false });
    if (size === SIZES.phone360) {
      // The person takes the side to move (Black here): with the computer to move, its answer
      // could replace the position before the wait below had seen it.
      await page.getByTestId("editor-human-b").click();
      await play.click();
      await page.waitForFunction((want) => document.querySelector('[data-testid="board"]')?.dataset.position === want, text);
    }
    noErrors(board);
    await context.close();
  }
});

test("play from an edited position against the computer, which answers legally", async () => {
  const { context, page, board } = await openEditor();
  const text = "0,3,5,0,12,1,0,7,2/4,0,11,6,0,0,9,1,0 40/61 5/1 b";
  await paste(page, text);
  // Mirrored: White to move, the same game with the colours swapped.
  await page.getByTestId("btn-editor-mirror").click();
  const start = "4,0,11,6,0,0,9,1,0/0,3,5,0,12,1,0,7,2 61/40 1/5 w";
  await expectPosition(page, start);
  await page.getByTestId("editor-vs-computer").click();
  await page.getByTestId("editor-human-w").click();
  await page.getByTestId("editor-level-1").click();
  // From the editor scrolled to its end, the play screen starts at its top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  assert.ok((await page.evaluate(() => window.scrollY)) > 0, "the editor scrolls");
  await page.getByTestId("btn-editor-play").click();
  await board.board().waitFor();
  await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 5000 });
  assert.equal(await board.positionString(), start);
  assert.match(await page.getByTestId("mode").innerText(), /You \(White\) vs computer \(Level 1\)/);
  await board.play("w", 3);
  const cli = process.env.TOGUZ_CLI ?? "target/release/toguz";
  const afterMine = execFileSync(cli, ["play", "--position", start, "3"], { encoding: "utf8" })
    .split("\n")[0]
    .trim();
  // The computer's answer: some legal Black move from there.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="board"]').dataset.position.endsWith(" w"),
    null,
    { timeout: 30000 },
  );
  await board.waitStill();
  const afterReply = await board.positionString();
  const legal = [];
  for (let h = 1; h <= 9; h++) {
    try {
      legal.push(
        execFileSync(cli, ["play", "--position", afterMine, String(h)], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        })
          .split("\n")[0]
          .trim(),
      );
    } catch {
      // Not a legal move there.
    }
  }
  assert.ok(legal.includes(afterReply), `${afterReply} is no legal answer to ${afterMine}`);
  noErrors(board);
  await context.close();
});

test("the editor survives a reload, with its undo and redo", async () => {
  const { context, page, board } = await openEditor();
  await house(page, "b-2").click();
  await page.getByTestId("editor-count").fill("0");
  await page.getByTestId("btn-editor-mirror").click();
  const edited = "9,0,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- b";
  await expectPosition(page, edited);
  await page.reload();
  await page.getByTestId("editor-board").waitFor();
  await expectPosition(page, edited);
  await page.getByTestId("btn-editor-undo").click();
  await expectPosition(page, "9,9,9,9,9,9,9,9,9/9,0,9,9,9,9,9,9,9 0/0 -/- w");
  await page.reload();
  await page.getByTestId("editor-board").waitFor();
  await page.getByTestId("btn-editor-redo").click();
  await expectPosition(page, edited);
  noErrors(board);
  await context.close();
});

test("Edit position from the play screen and from the replay opens that position", async () => {
  const { context, page, board } = await open(browser, { size: SIZES.desktop, waitFor: "board" });
  // Two players: no computer to wait for.
  await page.getByTestId("btn-new-game").click();
  await page.getByTestId("mode-two").click();
  await page.getByTestId("btn-start").click();
  await board.play("w", 7);
  const after = await board.positionString();
  await page.getByTestId("btn-edit-position").click();
  await page.getByTestId("editor-board").waitFor();
  await expectPosition(page, after);
  assert.ok(page.url().endsWith("#/editor"), page.url());
  // The top bar leads to the editor too.
  await page.getByTestId("nav-play").click();
  await board.play("b", 2);
  const later = await board.positionString();
  await page.getByTestId("nav-library").click();
  await page.getByTestId("game-replay").first().click();
  await page.getByTestId("replay-screen").waitFor();
  await page.getByTestId("replay-prev").click();
  await page.getByTestId("replay-edit-position").click();
  await expectPosition(page, after);
  await page.getByTestId("btn-editor-undo").click();
  await page.getByTestId("btn-editor-redo").click();
  await expectPosition(page, after);
  assert.notEqual(later, after);
  await page.getByTestId("nav-editor").click();
  assert.equal(await page.getByTestId("nav-editor").getAttribute("aria-current"), "page");
  noErrors(board);
  await context.close();
});

test("the keyboard alone selects a house and changes its count", async () => {
  const { context, page } = await openEditor();
  // The board is one Tab stop; its arrows move between houses; Enter selects.
  await house(page, "w-1").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  assert.match(await page.getByTestId("editor-selected").innerText(), /White house 2/);
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await page.keyboard.press("-");
  await expectPosition(page, "9,10,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
  assert.equal(await house(page, "w-2").getAttribute("aria-current"), "true");
  await page.keyboard.press("Control+z");
  await expectPosition(page, "9,11,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
  await page.keyboard.press("Control+y");
  await expectPosition(page, "9,10,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w");
  await context.close();
});

test("no serious axe violation on the editor, valid and with an error, phone and desktop", async () => {
  for (const vp of [SIZES.phone, SIZES.desktop]) {
    const { context, page } = await openEditor({ size: vp });
    await house(page, "w-3").click();
    await page.getByTestId("btn-editor-share").click();
    await assertNoSeriousViolations(page, `editor ${vp.width}`);
    await page.getByTestId("editor-tuz-w").selectOption("4");
    await position(page).fill("9,9");
    await assertNoSeriousViolations(page, `editor ${vp.width} with errors`);
    await context.close();
  }
});

test("screenshots in the four languages, phone, landscape phone and desktop", async () => {
  const dir = path.join(SCREENSHOTS, "editor");
  mkdirSync(dir, { recursive: true });
  const english = ["Position editor", "Quick setups", "Play from here", "Fill the kazans"];
  // One page, each language switched in place and shown at each size in turn (none of the
  // three is a touch phone's: they differ only in their layout).
  const sizes = [SIZES.phone, SIZES.landscape, SIZES.desktop];
  const { context, page, board } = await openEditor({ size: sizes[0] });
  // An error and a selection, so that the long texts show.
  await house(page, "b-4").click();
  await page.getByTestId("editor-tuz-w").selectOption("4");
  await page.getByTestId("editor-minus").click();
  for (const lang of ["en", "ru", "ky", "kk"]) {
    await switchLanguage(page, lang);
    for (const vp of sizes) {
      await page.setViewportSize(viewport(vp));
      // At the top, as a page opened at this size is (the last size's scroll would stay).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(dir, `${lang}-${vp.name}.png`), fullPage: true });
      if (lang !== "en") {
        const body = await page.getByTestId("editor-screen").innerText();
        for (const w of english) assert.ok(!body.includes(w), `${lang} ${vp.name}: "${w}" left in English`);
      }
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${lang} ${vp.name}: ${overflow}px wider than the screen`);
    }
  }
  noErrors(board);
  await context.close();
});
