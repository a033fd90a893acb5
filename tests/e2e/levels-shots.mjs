// Screenshots of the eight levels on the welcome and in the new game dialog, at the four sizes
// and in the languages given: `node tests/e2e/levels-shots.mjs <out dir> en ru`.
import { SIZES, launchBrowser, open } from "./board-page.mjs";

const out = process.argv[2];
const langs = process.argv.slice(3);
const browser = await launchBrowser();
const sizes = [SIZES.phone360, SIZES.phone, SIZES.landscape, SIZES.desktop];
const locales = { en: "en-US", ru: "ru-RU", ky: "ky-KG", kk: "kk-KZ" };
for (const lang of langs.length ? langs : ["en"]) {
  for (const size of sizes) {
    const { context, page } = await open(browser, { size, firstVisit: true, locale: locales[lang] });
    await page.getByTestId("welcome-dialog").waitFor();
    await page.screenshot({ path: `${out}/welcome-${lang}-${size.name}.png` });
    await page.getByTestId("welcome-level-4").click();
    await page.getByTestId("welcome-computer").click();
    await page.getByTestId("welcome-dialog").waitFor({ state: "detached" });
    await page.getByTestId("btn-new-game").click();
    await page.getByTestId("new-game-dialog").waitFor();
    await page.getByTestId("level-4").waitFor();
    await page.screenshot({ path: `${out}/new-game-${lang}-${size.name}.png` });
    await context.close();
  }
}
await browser.close();
