import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let source: string | null = null;

/**
 * axe-core's violations on the page as it is now, one line each: "rule-id: selector, selector". axe is read from
 * node_modules and evaluated through the DevTools protocol, which the site's Content-Security-Policy does not govern
 * (a script tag would be refused).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  if (!(await page.evaluate("typeof globalThis.axe === 'object'"))) await page.evaluate(source);
  return (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`,
  )) as string[];
}
