/**
 * Accessibility check with axe-core injected into the page (@axe-core/playwright needs Node 22;
 * axe-core itself runs in the browser). `axeViolations` runs the WCAG 2 A/AA rules and returns
 * the serious and critical violations, each with the selectors of its first nodes, so a failing
 * test says where to look.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");
let axeSource: string | undefined;

export interface AxeFinding {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: ReadonlyArray<string>;
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/** Every axe violation of the page as it is now (all impacts). */
export async function axeAll(page: Page): Promise<AxeFinding[]> {
  // Transitions first (a toast fading out, a dialog fading in): colours measured mid-fade are not
  // what people read. Endless animations (spinners) are not waited for; nor longer than 3 s.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined, { timeout: 3_000 }).catch(() => undefined);
  const loaded = await page.evaluate(() => "axe" in window);
  // Evaluated rather than added as a <script>: the portal's CSP (rightly) refuses inline scripts,
  // and evaluation from the test runner is not subject to it.
  if (!loaded) await page.evaluate((source) => { (0, eval)(source); }, axeSource ??= readFileSync(axePath, "utf8"));
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
  }) as AxeResult;
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
  }));
}

/** The serious and critical violations only: what the suite must keep at zero. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  return (await axeAll(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
}
