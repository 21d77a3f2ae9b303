/**
 * Issue 16, a signed-in start on a phone's network: the boot script in index.html (web/src/boot)
 * paints the starting screen with the stylesheet alone, before any module has loaded, under the
 * server's Content-Security-Policy (which allows it by its hash). What it paints is what React's
 * starting screen then draws, node for node, so the swap changes no pixel; and the screen's title
 * stays on screen from the first paint until the screen's own.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { holdCalls } from "./support/holdCalls";

const ANDROID = "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36";

/** The DOM under #root as text: tags, attributes in name order, text. Two renderings of one screen compare equal. */
const canonicalRoot = (page: Page) => page.evaluate(() => {
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element)) return "";
    const attributes = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(" ");
    return `<${node.localName} ${attributes}>${[...node.childNodes].map(walk).join("")}</${node.localName}>`;
  };
  return walk(document.getElementById("root")!);
});

/** CSP violations reported on the page (none expected). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Refused to run: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

async function paintedMatchesReact(page: Page, context: BrowserContext, name: string) {
  await signIn(page, DEMO_USERS.engineer);
  await expect(page.getByTestId("shell")).toBeVisible();

  // No module ever arrives: what shows is the boot script's alone.
  const bare = await context.newPage();
  const violations = await watchViolations(bare);
  await bare.route("**/assets/*.js", (route) => route.abort());
  await bare.goto("/devices");
  await expect(bare.getByTestId("loading").getByRole("heading", { level: 1, name: "Devices" })).toBeVisible();
  await expect(bare.getByRole("progressbar")).toBeVisible();
  await expect(bare).toHaveTitle("Devices · Portal");
  await screenshot(bare, `boot-screen-${name}`);
  const painted = await canonicalRoot(bare);

  // React's starting screen, while my rights are on their way. The host's and the sector's
  // branding are held too: when one arrives, its name replaces the start's in the top bar (as it
  // did before the boot script).
  const app = await context.newPage();
  const release = await holdCalls(app, "**/api/my-rights*");
  const releaseBranding = await holdCalls(app, "**/api/brandings*");
  const releaseSector = await holdCalls(app, "**/api/my-sector*");
  await app.goto("/devices");
  await expect.poll(() => app.evaluate(() => {
    const h1 = document.querySelector("#root h1");
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith("__react"));
  })).toBe(true);
  const drawn = await canonicalRoot(app);
  release();
  releaseBranding();
  releaseSector();
  await expect(app.getByTestId("device-row").first()).toBeVisible();
  expect(painted).toBe(drawn);
  expect(violations).toEqual([]);
}

test("desktop: before any module, a signed-in start paints the starting screen React then draws", async ({ page, context }) => {
  await paintedMatchesReact(page, context, "desktop");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: ANDROID, hasTouch: true, isMobile: true });

  test("before any module, a signed-in start paints the starting screen and the app banner React then draws", async ({ page, context }) => {
    await paintedMatchesReact(page, context, "phone");
    const bare = context.pages().at(-2)!;
    await expect(bare.getByTestId("app-banner")).toHaveText("This portal is also available as an app for your phone.");
    expect((await bare.getByTestId("app-banner").boundingBox())?.height).toBe(50);
  });
});

test("the title is on screen from the parser's first paint until the screen's own, with no blank page between", async ({ page, context }) => {
  await signIn(page, DEMO_USERS.engineer);
  await expect(page.getByTestId("shell")).toBeVisible();
  const tab = await context.newPage();
  const violations = await watchViolations(tab);
  await tab.addInitScript(() => {
    const seen: Array<{ title: string | null; loading: boolean }> = [];
    (window as unknown as { titles: typeof seen }).titles = seen;
    new MutationObserver(() => {
      const h1 = document.querySelector("#root h1");
      const title = h1?.textContent ?? null;
      if (seen.at(-1)?.title !== title) seen.push({ title, loading: document.readyState === "loading" });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await tab.goto("/devices");
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  const titles = await tab.evaluate(() => (window as unknown as { titles: Array<{ title: string | null; loading: boolean }> }).titles);
  const first = titles.findIndex((t) => t.title !== null);
  // Painted while the parser still ran: before any module, which runs once the document is parsed.
  expect(titles[first]).toEqual({ title: "Devices", loading: true });
  expect(titles.slice(first).map((t) => t.title)).toEqual(["Devices"]);
  expect(violations).toEqual([]);
});
