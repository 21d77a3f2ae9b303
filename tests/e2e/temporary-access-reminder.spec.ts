/**
 * The reminder of a temporary access (issue 9, spec 3 and 9: from 30 days before a membership
 * ends, daily until then): a new member of Demo Company, invited through the API with access
 * ending in 10 days, sees it at once; at 1280x800 in the snackbar (no Extend: an administrator
 * extends a membership), where closing mutes it until the end of the day, across a reload (its
 * return after that is checked by the web store test with a controlled clock); at 390x844 behind the bell, in the bottom
 * sheet. Screenshots: tests/artifacts/temporary-access-reminder-*.png.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { DEMO_PASSWORD, DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";

type Json = { data: any };
const PASSWORD = "temporary 2026";
const DAY = 86_400_000;

/** A new Viewer of Demo Company whose access ends `endsIn` ms from now; their e-mail, the company and the end. */
async function temporaryMember(request: APIRequestContext, endsIn: number) {
  const auth = `Basic ${Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64")}`;
  const token = (await (await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } })).json()) as Json;
  const base = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const demo = ((await (await request.get("/api/my-companies", { headers: base })).json()) as Json).data.find((c: { name: string }) => c.name === "Demo Company").publicId as string;
  const headers = { ...base, "api-company": demo };
  const email = `temporary-${Date.now()}@example.com`;
  const expiresOn = new Date(Math.floor((Date.now() + endsIn) / 1000) * 1000).toISOString();
  const roles = ((await (await request.get("/api/roles?page-size=100", { headers })).json()) as Json).data as Array<{ publicId: string; name: string }>;
  const invited = await request.post("/api/invites", { headers, data: { email, expiresOn, role: { publicId: roles.find((r) => r.name === "Viewer")!.publicId } } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mails = ((await (await request.get("/api/outbox-messages?page-size=200", { headers })).json()) as Json).data as Array<{ to: string; text: string }>;
  const link = decodeURIComponent(/finish-invite\?token=(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!);
  const info = ((await (await request.get(`/api/finish-invite?token=${encodeURIComponent(link)}`, { headers: { "api-version": "2" } })).json()) as Json).data;
  const done = await request.post("/api/finish-invite", {
    headers: { "api-version": "2" },
    data: { token: link, name: "Tom Temporary", password: PASSWORD, ...(info.termsOfUse ? { termsOfUsePolicy: info.termsOfUse.publicId } : {}) },
  });
  expect(done.status(), await done.text()).toBeLessThan(300);
  return { email, demo, expiresOn: Date.parse(expiresOn) };
}

/** The member signed in, in a browser context of its own (UTC, English, storage apart) with a controlled clock. */
async function memberPage(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, email, { password: PASSWORD });
  return page;
}

/** The catalogue's sentence for the member's access (YOUR_ACCESS_TO_COMPANY_EXPIRES), its date in UTC. */
const sentence = (expiresOn: number) =>
  `Your access to Demo Company ends on ${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(expiresOn)}.`;

test("a temporary access ending in 10 days: the snackbar at 1280 px, muted until the end of the day", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const member = await temporaryMember(request, 10 * DAY);
  const page = await memberPage(browser, member.email, { width: 1280, height: 800 });
  const snackbar = page.getByTestId("reminder-snackbar");
  await expect(snackbar).toContainText("1 access ends soon");
  expect((await snackbar.boundingBox())?.width).toBe(385);
  await snackbar.getByTestId("reminder-expand").click();
  const item = snackbar.getByTestId("reminder-item");
  await expect(item).toHaveCount(1);
  await expect(item.locator(".reminder-message")).toHaveText(sentence(member.expiresOn));
  await expect(item).toContainText("Access ends on ");
  await expect(item.getByTestId("reminder-extend")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "temporary-access-reminder-1280");
  // Closing mutes it until the end of this day, across a reload (the muted state is kept).
  await snackbar.getByTestId("reminder-close").click();
  await expect(snackbar).toHaveCount(0);
  const companies = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/my-companies" && r.ok());
  await page.reload();
  await companies;
  await expect(page.getByTestId("shell")).toBeVisible();
  await page.clock.runFor("02:00");
  await expect(snackbar).toHaveCount(0);
  // Its return at the end of the day is web/test/companyAccessReminder.test.ts's (a controlled
  // clock): jumping the browser's clock half a day here timed out a call in flight now and then,
  // and the page went to the API-unavailable screen (CI, 2026-11-26).
  await page.context().close();
});

test("a temporary access ending in 10 days: the bell and the bottom sheet at 390 px", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const member = await temporaryMember(request, 10 * DAY);
  const page = await memberPage(browser, member.email, { width: 390, height: 844 });
  await expect(page.getByTestId("reminder-snackbar")).toHaveCount(0);
  await expect(page.getByTestId("reminder-badge")).toHaveText("1");
  await page.getByTestId("reminder-bell").click();
  const sheet = page.getByTestId("reminder-sheet");
  await expect(sheet.locator(".reminder-message")).toHaveText(sentence(member.expiresOn));
  await expect(sheet.getByTestId("reminder-extend")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, "temporary-access-reminder-390");
  await sheet.getByTestId("reminder-mute-all").click();
  await expect(page.getByTestId("reminder-badge")).toHaveCount(0);
  await page.context().close();
});
