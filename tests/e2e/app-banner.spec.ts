/**
 * The app-store banner on mobile web (issue 16, spec 2, 7 and 9) at 390 x 844 with an iPhone's
 * user agent: 50 px generic on the sign-in page, closable; signed in to a company with an App
 * Store link, 80 px with the store lookup's name and an Open link to the store. The company's
 * link is put into the company answer and the App Store lookup is answered here (the machines
 * have no Internet access): the shared server's data stays as it is. Desktop shows no banner
 * (every other spec runs without one).
 */
import { axeAll } from "./support/axe";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const STORE_LINK = "https://apps.apple.com/us/app/portal/id1234567890";

test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, hasTouch: true, isMobile: true });

const bannerHeight = (page: import("@playwright/test").Page) =>
  page.getByTestId("app-banner").evaluate((el) => el.getBoundingClientRect().height);

test("the generic 50 px banner on the sign-in page closes with ×", async ({ page }) => {
  await page.goto("/login");
  const banner = page.getByTestId("app-banner");
  await expect(banner).toContainText("also available as an app");
  expect(await bannerHeight(page)).toBe(50);
  const serious = (await axeAll(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await screenshot(page, "app-banner-generic-390");
  await page.getByRole("button", { name: "Close the app banner" }).click();
  await expect(banner).toHaveCount(0);
});

test("a company with an App Store link gets the 80 px banner with the store's name", async ({ page }) => {
  let lookups = 0;
  await page.route((url) => url.pathname.startsWith("/api/companies/"), async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, appleAppStoreLink: STORE_LINK } } });
    } catch (error) {
      // A call the page dropped meanwhile (a navigation of the sign-in): its answer is disposed of,
      // and nobody waits for it any more (seen under load in CI). Anything else is a failure.
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
  await page.route("https://itunes.apple.com/lookup**", async (route) => {
    lookups++;
    expect(new URL(route.request().url()).searchParams.get("id")).toBe("1234567890");
    await route.fulfill({ json: { resultCount: 1, results: [{ trackName: "Portal Mobile", artworkUrl512: "https://is1.mzstatic.com/portal.png" }] } });
  });
  await page.route("https://is1.mzstatic.com/**", (route) => route.fulfill({ status: 404 }));
  // The engineer belongs to one company: signed in, it is selected at once.
  await signIn(page, DEMO_USERS.engineer);
  const banner = page.getByTestId("app-banner");
  await expect(banner).toContainText("Portal Mobile");
  await expect(banner).toContainText("Free on App Store");
  expect(await bannerHeight(page)).toBe(80);
  await expect(page.getByRole("link", { name: "Open Portal Mobile on App Store" })).toHaveAttribute("href", STORE_LINK);
  expect(lookups).toBe(1);
  await screenshot(page, "app-banner-store-390");
});

test("a signed-in start shows the banner with the starting screen, and its sentence stays as it is when the company's branding arrives", async ({ page, context }) => {
  await signIn(page, DEMO_USERS.engineer);
  await expect(page.getByTestId("shell")).toBeVisible();
  const tab = await context.newPage();
  const waiting: Array<() => void> = [];
  let held = true;
  await tab.route("**/api/my-rights*", async (route) => {
    if (held) await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  await tab.goto("/devices");
  const banner = tab.getByTestId("app-banner");
  await expect(tab.getByTestId("loading").getByRole("heading", { name: "Devices" })).toBeVisible();
  await expect(banner).toBeVisible();
  const sentence = await banner.textContent();
  held = false;
  for (const release of waiting.splice(0)) release();
  await expect(tab.getByTestId("device-row").first()).toBeVisible();
  await expect(banner).toHaveText(sentence ?? "");
  await tab.close();
});
