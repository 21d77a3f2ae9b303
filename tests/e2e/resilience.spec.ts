/**
 * Issue 4: what the user sees when sign-in is abused or the API goes away. These tests run on a
 * real server of their own (a database of its own, demo data), because they lock an account and stop the
 * server; the shared server of the other specs stays untouched. Serial: the last one stops it.
 */
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial" });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal.stop();
});

test("ten wrong passwords lock the account, and the message says for how long", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${portal.baseURL}/login`);
  await page.getByLabel("Email").fill(DEMO_USERS.approver);
  await page.getByLabel("Password").fill("wrong-password");
  for (let i = 1; i <= 10; i++) {
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("login-error")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toContainText(/minute/);
  await screenshot(page, "login-locked");
  // Locked means locked: even the right password is refused now.
  await page.getByLabel("Password").fill("portal-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toContainText(/minute/);
  await expect(page).toHaveURL(/\/login$/);
});

test("the API going down shows api-unavailable once", async ({ page }) => {
  test.setTimeout(60_000);
  const base = portal.baseURL;
  await signIn(page, DEMO_USERS.engineer, { baseURL: base });
  await expect(page).toHaveURL(/\/usage$/);

  const visits: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && frame.url().includes("/error/api-unavailable")) visits.push(frame.url());
  });
  // Open my-companies once while the server is up, so its page is loaded; then crash the server.
  // (One company: the top bar shows its name without a switcher, so go there through history.)
  await page.evaluate(() => {
    history.pushState({}, "", "/my-companies");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByTestId("company-item")).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/usage$/);
  await portal.stop({ keepData: true, crash: true });
  // Any call now fails with status 0 (the shell may already be making one): open my-companies,
  // which loads the companies again, through the router's history, whatever is on screen.
  const openMyCompanies = () =>
    page.evaluate(() => {
      history.pushState({}, "", "/my-companies");
      dispatchEvent(new PopStateEvent("popstate"));
    });
  // A call of the shell (a preload, a refresh) may fail first and navigate by itself: give it
  // 3 s before opening my-companies, else that push could land after its navigation.
  await expect.poll(() => visits.length, { timeout: 3_000 }).toBe(1).catch(() => openMyCompanies());
  await expect.poll(() => visits.length).toBe(1);
  await expect(page).toHaveURL(/\/error\/api-unavailable$/);
  await expect(page.getByTestId("api-unavailable-page")).toContainText("API server is unavailable");
  await screenshot(page, "api-unavailable-after-failure");
  // A second failing call does not navigate again.
  await openMyCompanies();
  await expect(page).toHaveURL(/\/my-companies$/);
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/my-companies$/);
  expect(visits.length).toBe(1);
});
