/**
 * Users and invites (issue 11) as people use them: the Demo Company admin opens Users, invites a
 * new address; the test reads the invite mail from the outbox (GET /api/outbox-messages, as an
 * administrator would without SMTP), opens its link in a second browser context, makes the
 * account, and lands signed in in the portal. Screenshots at 1280x800 and 390x844.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, signIn, test } from "./support/fixtures";

async function openUsers(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
}

/** The newest invite mail to `to`, read as the demo admin through the outbox list. */
async function inviteToken(request: APIRequestContext, to: string): Promise<string> {
  const auth = `Basic ${Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64")}`;
  const token = await (await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } })).json();
  const headers = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const companies = await (await request.get("/api/my-companies", { headers })).json();
  const demo = companies.data.find((c: { name: string }) => c.name === "Demo Company").publicId;
  const mails = await (await request.get("/api/outbox-messages?page-size=200", { headers: { ...headers, "api-company": demo } })).json();
  const mail = (mails.data as Array<{ to: string; text: string }>).find((m) => m.to === to && m.text.includes("finish-invite"));
  expect(mail, `an invite mail to ${to}`).toBeDefined();
  return decodeURIComponent(/finish-invite\?token=(\S+)/.exec(mail!.text)![1]!);
}

test("an administrator invites a new user, who accepts the mailed link as a new account and sees the portal", async ({ page, browser, request, shot }) => {
  const email = `invited-${Date.now()}@example.com`;
  await openUsers(page);
  await expect(page.getByTestId("user-row").filter({ hasText: "engineer@example.com" })).toBeVisible();
  await page.getByTestId("users-search").fill("ENGINEER");
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await page.getByTestId("users-search").fill("");
  await expect(page.getByTestId("user-row").filter({ hasText: DEMO_USERS.admin })).toBeVisible();
  await shot("users-1280");
  await page.getByTestId("users-invite").click();
  const dialog = page.getByRole("dialog", { name: "Invite users" });
  await dialog.getByTestId("invite-emails").fill(email);
  await dialog.getByTestId("invite-role").selectOption({ label: "Viewer" });
  await dialog.getByTestId("invite-send").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("pending-invite").filter({ hasText: email })).toBeVisible();

  const token = await inviteToken(request, email);
  const invited = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await invited.newPage();
  await other.goto(`/finish-invite?token=${encodeURIComponent(token)}`);
  await expect(other.getByRole("heading", { name: "Join Demo Company" })).toBeVisible();
  await other.getByTestId("finish-invite-name").fill("Ivy Invited");
  await other.getByTestId("finish-invite-password").fill("short");
  await expect(other.getByText("Use at least 10 characters.")).toBeVisible();
  await other.getByTestId("finish-invite-password").fill("ivy-joins 2026");
  const terms = other.getByTestId("finish-invite-terms");
  if (await terms.count() > 0) await other.getByRole("checkbox").check({ force: true });
  await other.screenshot({ path: "artifacts/finish-invite-390.png", fullPage: true });
  await other.getByTestId("finish-invite-create").click();
  await expect(other).not.toHaveURL(/finish-invite|login/, { timeout: 15_000 });
  // A Viewer holds manage:groups only: the portal opens on Groups in Demo Company.
  await expect(other.getByRole("heading", { name: "Groups", exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(other.getByTestId("company-switch")).toHaveText("Demo Company");
  await invited.close();

  // Back on the admin's screen: the invite is gone, the new member is listed.
  await page.reload();
  await expect(page.getByTestId("user-row").filter({ hasText: email })).toBeVisible();
  await expect(page.getByTestId("pending-invite").filter({ hasText: email })).toHaveCount(0);
});

test("the last administrator cannot remove themselves: the sentence is shown", async ({ page }) => {
  await openUsers(page);
  const me = page.getByTestId("user-row").filter({ hasText: DEMO_USERS.admin });
  await me.getByTestId("user-remove").click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(me.getByRole("alert")).toHaveText("A company needs at least one administrator. Give another person a role that can manage roles first.");
});

test("the users screen at 390x844", async ({ page, shot }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openUsers(page);
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await shot("users-390");
});

test("temporary access: a last day set in the list is kept, shown at both sizes, and made permanent again", async ({ page, shot }) => {
  await openUsers(page);
  const row = () => page.getByTestId("user-row").filter({ hasText: "shift-lead@example.com" });
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  // The field has a visible label, saying what is stored, as well as its accessible name.
  await expect(row().getByTestId("user-access-state")).toHaveText("Permanent access");
  await row().getByLabel("Temporary access of Sam Shift until").fill(day);
  await row().getByTestId("user-expires-set").click();
  await expect(row().getByTestId("user-access-state")).toHaveText("Temporary access, last day");
  await expect(row().getByTestId("user-expires-set")).toBeDisabled();
  await page.reload();
  await expect(row().getByTestId("user-expires")).toHaveValue(day);
  await shot("users-temporary-1280");
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(row().getByTestId("user-expires-clear")).toBeVisible();
    // Every control of the line is whole: inside the screen, one line high, not squeezed.
    for (const id of ["user-role", "user-access-state", "user-expires", "user-expires-set", "user-expires-clear"]) {
      const box = (await row().getByTestId(id).boundingBox())!;
      expect(box.x + box.width, `${id} at ${width} px`).toBeLessThanOrEqual(width);
      expect(box.height, `${id} at ${width} px`).toBeLessThanOrEqual(32);
    }
    const set = (await row().getByTestId("user-expires-set").boundingBox())!;
    expect(set.width, `Set at ${width} px`).toBeGreaterThanOrEqual(30);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await shot("users-temporary-390");
  await row().getByTestId("user-expires-clear").click();
  await expect(row().getByTestId("user-expires-clear")).toHaveCount(0);
  await expect(row().getByTestId("user-expires")).toHaveValue("");
  await expect(row().getByTestId("user-access-state")).toHaveText("Permanent access");
});
