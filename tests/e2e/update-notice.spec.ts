/**
 * Issue 16, the new-version notice (spec 2 and 7): the app reads /info.json every 9,000,000 ms;
 * when the served build is another one, a notice offers Reload (and Later). The browser clock is
 * controlled; /info.json is answered by the test to stand for a newer deployment.
 */
import type { Page } from "@playwright/test";
import { DEMO_USERS, expect, test } from "./support/fixtures";

/**
 * Moves the page's clock by `ms` in 20-second steps: one jump of hours would also fire the 30 s
 * time-out of an API call that is in flight at that moment, which a real clock never does.
 */
const passTime = async (page: Page, ms: number) => {
  for (let left = ms; left > 0; left -= 20_000) await page.clock.fastForward(Math.min(20_000, left));
};

test("a newer build on the server shows the new-version notice, and Later hides it", async ({ page, signInAs }) => {
  await page.clock.install();
  let served = "";
  await page.route("**/info.json", async (route) => {
    if (served === "") return route.continue();
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ version: served }) });
  });
  await signInAs(DEMO_USERS.engineer);
  await expect(page.getByTestId("shell")).toBeVisible();
  await passTime(page, 9_060_000);
  await expect(page.getByTestId("new-version-notice")).toHaveCount(0);
  served = "9.9.9+newer";
  await passTime(page, 9_060_000);
  const notice = page.getByTestId("new-version-notice");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("A new version of the portal is available.");
  await notice.getByRole("button", { name: "Later" }).click();
  await expect(notice).toHaveCount(0);
});
