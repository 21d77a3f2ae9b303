/**
 * Access categories given to people and devices (issue 11), as an administrator does it: a new
 * member (invited through the API, accepting the mailed link) carries the company's default
 * "Plant floor" and so does not see the "Office" device; the administrator changes the member's
 * category to "Office" on the Users screen and the member's device list changes; then the
 * administrator moves a device into "Plant floor" on its page and it leaves the member's list.
 * Screenshots of both screens at 1280x800 and 390x844.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, signIn, test } from "./support/fixtures";

type Json = { data: any };

/** Calls of the demo admin in Demo Company. */
async function adminApi(request: APIRequestContext) {
  const auth = `Basic ${Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64")}`;
  const token = (await (await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } })).json()) as Json;
  const base = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const companies = (await (await request.get("/api/my-companies", { headers: base })).json()) as Json;
  const demo = companies.data.find((c: { name: string }) => c.name === "Demo Company").publicId as string;
  const headers = { ...base, "api-company": demo };
  return {
    get: async (url: string) => ((await (await request.get(url, { headers })).json()) as Json).data,
    patch: async (url: string, data: unknown) => expect((await request.patch(url, { headers, data })).status()).toBe(200),
    post: async (url: string, data: unknown) => {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

/** A new member of Demo Company with the Engineer role, made through an invite; their e-mail. */
async function newEngineer(request: APIRequestContext, api: Awaited<ReturnType<typeof adminApi>>): Promise<string> {
  const email = `category-${Date.now()}@example.com`;
  const roles = (await api.get("/api/roles?page-size=100")) as Array<{ publicId: string; name: string }>;
  await api.post("/api/invites", { email, role: { publicId: roles.find((r) => r.name === "Engineer")!.publicId } });
  const mails = (await api.get("/api/outbox-messages?page-size=200")) as Array<{ to: string; text: string }>;
  const token = decodeURIComponent(/finish-invite\?token=(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!);
  const info = ((await (await request.get(`/api/finish-invite?token=${encodeURIComponent(token)}`, { headers: { "api-version": "2" } })).json()) as Json).data;
  const finished = await request.post("/api/finish-invite", {
    headers: { "api-version": "2" },
    data: { token, name: "Cleo Category", password: "cleo-joins 2026", ...(info.termsOfUse ? { termsOfUsePolicy: info.termsOfUse.publicId } : {}) },
  });
  expect(finished.status(), await finished.text()).toBeLessThan(300);
  return email;
}

async function deviceNames(page: Page): Promise<string[]> {
  await page.goto("/devices");
  await expect(page.getByTestId("device-row").first()).toBeVisible();
  return (await page.getByTestId("device-link").allTextContents()).sort();
}

test("an administrator changes a member's and a device's access category; the member's device list follows", async ({ page, browser, request, shot }) => {
  // Two people, three screens and two sizes: 23-33 s on a busy machine, past the default 30 s. A
  // time-out ends the test before its finally can put Line 2 Router back, so the retry would start
  // with the device still in Plant floor: it is put back here first as well.
  test.slow();
  const api = await adminApi(request);
  const line2AtStart = ((await api.get("/api/agents?page-size=100")) as Array<{ publicId: string; name: string }>).find((a) => a.name === "Line 2 Router")!.publicId;
  await api.patch(`/api/agents/${line2AtStart}/audience`, { audience: null });
  const email = await newEngineer(request, api);
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signIn(memberPage, email, { password: "cleo-joins 2026" });
  // New members get the default category, Plant floor: the Office device is not theirs.
  const before = await deviceNames(memberPage);
  expect(before).toContain("Boiler Controller");
  expect(before).not.toContain("Press Line Router");

  await signIn(page, DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.goto("/users");
  await page.getByTestId("users-search").fill(email);
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Access category of Cleo Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Access category of Cleo Category" });
  await expect(dialog.getByTestId("audience-choice").locator("option:checked")).toHaveText("Plant floor");
  await dialog.getByTestId("audience-choice").selectOption({ label: "Office" });
  await shot("audience-dialog-user-1280");
  // Escape with a change asks first; keeping on editing keeps the choice.
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog").getByRole("button", { name: /keep/i }).click();
  await expect(dialog.getByTestId("audience-choice").locator("option:checked")).toHaveText("Office");
  await dialog.getByTestId("audience-save").click();
  await expect(dialog).toBeHidden();

  const after = await deviceNames(memberPage);
  expect(after).toContain("Press Line Router");
  expect(after).not.toContain("Boiler Controller");
  expect(after).toContain("Line 2 Router");

  // The device's category, on its page: Line 2 Router goes to Plant floor, out of the member's sight.
  const line2 = ((await api.get("/api/agents?page-size=100")) as Array<{ publicId: string; name: string }>).find((a) => a.name === "Line 2 Router")!.publicId;
  try {
    await page.goto(`/devices/${line2}`);
    const section = page.getByTestId("device-audience");
    await expect(section.getByTestId("device-audience-value")).toHaveText(/None/);
    await section.getByRole("button", { name: "Change access category" }).click();
    const deviceDialog = page.getByRole("dialog", { name: "Access category of Line 2 Router" });
    await deviceDialog.getByTestId("audience-choice").selectOption({ label: "Plant floor" });
    await deviceDialog.getByTestId("audience-save").click();
    await expect(deviceDialog).toBeHidden();
    await expect(section.getByTestId("device-audience-value")).toContainText("Plant floor");
    await shot("device-audience-1280");
    expect(await deviceNames(memberPage)).not.toContain("Line 2 Router");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/devices/${line2}`);
    await expect(page.getByTestId("device-audience-value")).toContainText("Plant floor");
    await page.getByTestId("device-audience").scrollIntoViewIfNeeded();
    await shot("device-audience-390");
    await page.goto("/users");
    await page.getByTestId("users-search").fill(email);
    await page.getByTestId("user-row").filter({ hasText: email }).getByRole("button", { name: "Access category of Cleo Category" }).click();
    await expect(page.getByRole("dialog", { name: "Access category of Cleo Category" }).getByTestId("audience-choice").locator("option:checked")).toHaveText("Office");
    await shot("audience-dialog-user-390");
  } finally {
    // Other specs share the server: the device goes back to no category.
    await api.patch(`/api/agents/${line2}/audience`, { audience: null });
    await member.close();
  }
});
