/**
 * Issue 16, a signed-in start on a slow network: while the session's calls run (discovery, my
 * user, the company's rights, the shell's lists), the screen shows the frame's top bar and its own
 * title where the screen will have them, not a spinner on an empty page; and the title it shows is
 * the one the screen then has, for every screen the starting screen knows.
 */
import type { Page } from "@playwright/test";
import { STARTING_TITLES } from "../../web/src/app/startingTitles";
import { DEMO_USERS, expect, screenshot, test } from "./support/fixtures";
import { holdCalls } from "./support/holdCalls";

/**
 * The h1's box. The gates each draw the starting screen (the bootstrap gate, then the signed-in
 * gate), so its h1 is replaced once while it shows: a box read during that swap is null, read again.
 */
async function titleBox(page: Page) {
  let box: Awaited<ReturnType<ReturnType<Page["locator"]>["boundingBox"]>> = null;
  await expect.poll(async () => (box = await page.locator("h1").boundingBox())).not.toBeNull();
  return box as unknown as { x: number; y: number };
}

for (const size of [{ name: "desktop", width: 1280, height: 800 }, { name: "phone", width: 390, height: 844 }]) {
  test(`${size.name}: a signed-in start shows the top bar and the screen's title while my rights are on their way, then the screen in the same place`, async ({ page, context, signInAs }) => {
    await signInAs(DEMO_USERS.engineer);
    await expect(page.getByTestId("shell")).toBeVisible();
    const tab = await context.newPage();
    await tab.setViewportSize(size);
    const release = await holdCalls(tab, "**/api/my-rights*");
    await tab.goto("/devices");
    const starting = tab.getByTestId("loading");
    await expect(starting.getByRole("heading", { level: 1, name: "Devices" })).toBeVisible();
    await expect(starting.getByRole("progressbar")).toBeVisible();
    await expect(tab.getByTestId("shell")).toHaveCount(0);
    await expect(tab).toHaveTitle(/^Devices/);
    await screenshot(tab, `starting-screen-${size.name}`);
    const before = await titleBox(tab);
    release();
    await expect(tab.getByTestId("device-row").first()).toBeVisible();
    await expect(tab.locator("h1")).toHaveCount(1);
    await expect(tab.locator("h1")).toHaveText("Devices");
    const after = await titleBox(tab);
    // The title does not jump when the screen replaces the starting screen (a few px of vertical
    // centring beside the screen's own buttons at most).
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(4);
    await tab.close();
  });
}

test("signed out, a deep link shows no screen title before the sign-in page", async ({ page }) => {
  const titles: string[] = [];
  await page.exposeFunction("seenTitle", (text: string) => titles.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll("h1")) (window as unknown as { seenTitle: (t: string) => void }).seenTitle(h1.textContent ?? "");
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto("/devices");
  await expect(page).toHaveURL(/\/login\?next=%2Fdevices$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(titles.filter((t) => t === "Devices")).toEqual([]);
});

test("every title of the starting screen is the one its screen shows", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs(DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page.getByTestId("shell")).toBeVisible();
  for (const [path, title] of Object.entries(STARTING_TITLES)) {
    await page.goto(path);
    await expect(page.getByTestId("shell"), path).toBeVisible();
    await expect(page.locator("h1"), path).toHaveText(title);
  }
});
