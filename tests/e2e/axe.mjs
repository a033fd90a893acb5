// axe-core (npm, pinned in package.json) injected into a Playwright page: a reusable scan that
// fails on serious or critical violations. Any screen can use it:
//
//   import { axeScan, assertNoSeriousViolations } from "./axe.mjs";
//   await assertNoSeriousViolations(page, "library, phone, dark");
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import assert from "node:assert/strict";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The impacts that fail a test. */
export const FAILING_IMPACTS = ["serious", "critical"];

/**
 * Runs axe on `page` (the whole document, or the `include` selector) against WCAG 2.x A and AA
 * and best practices; returns axe's results. axe's source is evaluated by Playwright: a
 * `<script>` tag (`addScriptTag`) would be refused by the app's Content-Security-Policy.
 */
export async function axeScan(page, { include, disableRules = [] } = {}) {
  const loaded = await page.evaluate(() => typeof window.axe !== "undefined");
  if (!loaded) {
    await page.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    async ({ include, disableRules }) => {
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      return window.axe.run(include ? { include: [include] } : document, {
        runOnly: {
          type: "tag",
          values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
        },
        rules,
        resultTypes: ["violations"],
      });
    },
    { include, disableRules },
  );
}

/** One line per violation and node, for a failure message. */
export function describeViolations(violations) {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) => `[${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(" ")}\n    ${n.failureSummary?.replace(/\n/g, " ")}`,
      ),
    )
    .join("\n");
}

/** Asserts axe finds no serious or critical violation on `page`; returns all violations. */
export async function assertNoSeriousViolations(page, label, options) {
  const { violations } = await axeScan(page, options);
  const failing = violations.filter((v) => FAILING_IMPACTS.includes(v.impact));
  assert.equal(failing.length, 0, `${label}: axe found\n${describeViolations(failing)}`);
  return violations;
}
