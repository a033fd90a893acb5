// The library's dialogs (import, rename, share link) are modal
// dialogs like the play screen's: the focus goes in and stays in, Escape closes them, the
// focus goes back where it was, and each has an accessible name.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, SIZES, cardAction, launchBrowser, open } from "./board-page.mjs";

const PHONE = SIZES.phone;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The `data-testid` of the dialog holding the focus, or null. */
function focusedDialog(page) {
  return page.evaluate(() => document.activeElement?.closest("dialog")?.dataset.testid ?? null);
}

/** The `data-testid` of the focused element itself. */
function focusedTestid(page) {
  return page.evaluate(() => document.activeElement?.dataset?.testid ?? null);
}

/** The dialog's accessible name, as Chromium's accessibility tree has it. */
async function accessibleName(page, testid) {
  const client = await page.context().newCDPSession(page);
  const { nodes } = await client.send("Accessibility.getFullAXTree");
  await client.detach();
  const dialog = nodes.find(
    (n) =>
      ["dialog", "alertdialog"].includes(n.role?.value) &&
      !n.ignored &&
      (n.properties ?? []).some((p) => p.name === "modal"),
  );
  assert.ok(dialog, `${testid}: a modal dialog in the accessibility tree`);
  return { role: dialog.role.value, name: dialog.name?.value ?? "" };
}

/** Checks the dialog `testid`, opened: focus in, Tab kept inside, a name; Escape closes it and
 * gives the focus back to `opener` (a `data-testid`, or null for the page). */
async function checkModal(page, testid, opener, name) {
  const dialog = page.getByTestId(testid);
  await dialog.waitFor();
  assert.equal(await dialog.evaluate((d) => d.tagName === "DIALOG" && d.open), true, `${testid} is an open <dialog>`);
  assert.equal(await focusedDialog(page), testid, `${testid}: the focus went in`);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inside = await focusedDialog(page);
    // Tab may leave for the browser's own UI (nothing focused), never for the page behind.
    const onPage = await page.evaluate(() => document.activeElement && document.activeElement !== document.body);
    assert.ok(inside === testid || !onPage, `${testid}: Tab stays inside (${i})`);
  }
  const a11y = await accessibleName(page, testid);
  assert.match(a11y.name, name, `${testid}: its accessible name`);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  if (opener) {
    assert.equal(await focusedTestid(page), opener, `${testid}: the focus went back`);
  }
  return a11y;
}

/** A phone's library holding one game, in a fresh context that may use the clipboard. */
async function libraryWithAGame() {
  const { context, page, board } = await open(browser, { size: PHONE, waitFor: "board" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await board.setSpeed("instant");
  await board.play("w", 7);
  await board.play("b", 3);
  await page.getByTestId("nav-library").click();
  await page.getByTestId("library-list").waitFor();
  return { context, page, board };
}

test("import, rename and share link: modal, named, Escape, focus back", async () => {
  const { context, page, board } = await libraryWithAGame();

  await page.getByTestId("btn-import").focus();
  await page.keyboard.press("Enter");
  await checkModal(page, "import-dialog", "btn-import", /Import/);
  assert.equal(await focusedTestid(page), "btn-import");

  const card = page.getByTestId("library-game").first();
  await (await cardAction(card, "game-rename")).focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("rename-dialog").waitFor();
  assert.equal(await focusedTestid(page), "rename-white", "the first name field has the focus");
  await checkModal(page, "rename-dialog", "game-rename", /Rename|name/i);

  await (await cardAction(card, "game-share")).focus();
  await page.keyboard.press("Enter");
  await checkModal(page, "link-dialog", "game-share", /Share/);
  // Closing by its button gives the focus back too.
  await page.getByTestId("game-share").click();
  await page.getByTestId("link-close").click();
  await page.getByTestId("link-dialog").waitFor({ state: "detached" });
  assert.equal(await focusedTestid(page), "game-share");
  assert.deepEqual(board.errors, [], "no console errors");
  await context.close();
});

