/**
 * Issue 11 in a real browser against a server of its own with self sign-up on
 * (PORTAL_SELF_SIGN_UP=1) that sends its mails to an SMTP server run by this spec: sign up from the
 * sign-in page, follow the mailed link, sign in; read a notice on /messages, mark it read and
 * unread, and watch the top bar's badge follow (also when another client marks it); read the
 * privacy statement without signing in and the company's terms signed in. Screenshots at
 * 1280x800 and 390x844 go to tests/artifacts/register-*.png, messages-*.png, privacy-*.png.
 */
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeAll } from "./support/axe";
import { DEMO_PASSWORD, expect, screenshot, signIn, test } from "./support/fixtures";
import { freePort, repoRoot, startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 60_000 });

interface SmtpServerLike {
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  readonly server: { address(): { port: number } };
}
type SmtpServerClass = new (options: Record<string, unknown>) => SmtpServerLike;
const { SMTPServer } = createRequire(join(repoRoot, "server", "package.json"))("smtp-server") as { SMTPServer: SmtpServerClass };

const received: Array<{ to: string[]; raw: string }> = [];
let smtp: SmtpServerLike;
let portal: PortalServer;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ACME_ADMIN = "acme-admin@example.com";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS", "AUTH"], logger: false,
    onData(stream: NodeJS.ReadableStream, session: { envelope: { rcptTo: Array<{ address: string }> } }, callback: () => void) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = await freePort();
  portal = await startPortal({
    port, dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-register-")),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, PORTAL_ORIGIN: `http://127.0.0.1:${port}`, PORTAL_SELF_SIGN_UP: "1" },
  });
});
test.afterAll(async () => {
  await portal?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** The path and query of the link in the newest mail to `to` (quoted-printable undone). */
async function linkMailedTo(to: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(() => {
    const mail = received.filter((m) => m.to.includes(to)).at(-1);
    const text = mail?.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    found = /https?:\/\/[^\s/]+(\/[^\s]*\?code=[^\s]+)/.exec(text ?? "")?.[1];
    return found;
  }, { timeout: 30_000 }).toBeTruthy();
  return found!;
}

/** No serious or critical axe-core violation, one h1, and no sideways scrolling on the page as it is. */
async function accessible(page: Page, name: string): Promise<void> {
  const serious = (await axeAll(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${name}: serious axe violations`).toEqual([]);
  await expect(page.locator("h1"), `${name}: one h1`).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name}: overflow`).toBeLessThanOrEqual(0);
}

/** Signs in as the Acme admin and works in `company`. */
async function acmeAdminIn(page: Page, company: string): Promise<void> {
  await signIn(page, ACME_ADMIN, { baseURL: portal.baseURL });
  // Two companies (Acme and, for a while, Demo Holding): the choice comes first.
  const choice = page.getByTestId("company-item").filter({ hasText: company });
  await choice.or(page.getByTestId("shell")).first().waitFor();
  if (await choice.isVisible()) await choice.click();
  await expect(page.getByTestId("shell")).toBeVisible();
}

test("sign up from the sign-in page, confirm the mailed link, and sign in", async ({ page }) => {
  const email = "nina.newcomer@example.org";
  await page.setViewportSize(DESKTOP);
  await page.goto(`${portal.baseURL}/login`);
  await page.getByTestId("login-register-link").click();
  await expect(page.getByRole("heading", { name: "Create an account", exact: true })).toBeVisible();
  await page.getByLabel("Name").fill("Nina Newcomer");
  await page.getByLabel("Email").fill(email);
  // The password rule speaks as the person types; nothing is sent while it fails.
  await page.getByLabel("Password").fill("nina");
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await screenshot(page, "register-1280");
  await accessible(page, "register");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toHaveCount(0);
  await page.getByLabel("Password").fill("a long enough secret");
  await page.setViewportSize(PHONE);
  await screenshot(page, "register-390");
  await accessible(page, "register-390");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toHaveText(
    `We sent a link to ${email}. Follow it within 24 hours to confirm your address, then sign in.`);
  await screenshot(page, "register-sent-390");

  // Before the link is followed, the account cannot sign in.
  await page.goto(`${portal.baseURL}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough secret");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toContainText("Confirm your e-mail address first");

  const link = await linkMailedTo(email);
  expect(link).toMatch(/^\/register\?code=/);
  await page.goto(`${portal.baseURL}${link}`);
  await expect(page.getByTestId("register-confirmation")).toHaveText(`Your e-mail address ${email} is confirmed. You can sign in now.`);
  await screenshot(page, "register-confirmed-390");
  // The link works once.
  await page.goto(`${portal.baseURL}${link}`);
  await expect(page.getByTestId("register-confirmation")).toContainText("not valid any more");
  await signIn(page, email, { baseURL: portal.baseURL, password: "a long enough secret" });
  // A new account belongs to no company yet.
  await expect(page).toHaveURL(/\/my-companies$/);
});

test("a notice in my messages: mark it read and unread, and the badge follows, also live", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await acmeAdminIn(page, "Acme");
  // The demo's temporary access of Otto Acme to Demo Holding ends in 20 days: the server's check wrote him a notice.
  const badge = page.getByTestId("messages-badge");
  await expect(badge).toHaveText("1");
  await page.getByTestId("messages-button").click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { name: "Messages", exact: true })).toBeVisible();
  const item = page.getByTestId("message-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(/Your access to Demo Holding ends on \d{4}-\d\d-\d\d \d\d:\d\d/);
  await expect(page.getByTestId("messages-unread-count")).toHaveText("1 unread");
  await screenshot(page, "messages-1280");
  await accessible(page, "messages");

  await item.getByTestId("message-toggle-read").click();
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("messages-unread-count")).toHaveText("All read.");
  await page.getByTestId("messages-filter-unread").click();
  await expect(page.getByText("No messages match these filters.")).toBeVisible();
  await page.getByTestId("messages-filter-all").click();
  await expect(item).toHaveCount(1);

  // Back in the shell the badge is gone; another client marking it unread brings it back without a reload.
  await page.getByRole("button", { name: "Back to the portal" }).click();
  await expect(page.getByTestId("shell")).toBeVisible();
  await expect(page.getByTestId("messages-button")).toHaveAttribute("aria-label", "Messages: none unread");
  await expect(badge).toHaveCount(0);
  const basic = Buffer.from(`${ACME_ADMIN}::${DEMO_PASSWORD}`).toString("base64");
  const token = await (await page.request.post(`${portal.baseURL}/api/access-tokens`, {
    headers: { "api-version": "2", authorization: `Basic ${basic}` }, data: { expiresIn: 600 },
  })).json() as { data: { secretId: string } };
  const headers = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const listed = await (await page.request.get(`${portal.baseURL}/api/my-messages`, { headers })).json() as { data: Array<{ publicId: string }> };
  const marked = await page.request.patch(`${portal.baseURL}/api/my-messages`, { headers, data: [{ publicId: listed.data[0]!.publicId, read: false }] });
  expect(marked.status()).toBe(200);
  await expect(badge).toHaveText("1");
  await screenshot(page, "messages-badge-1280");

  // On a phone the badge sits in the top bar too; select and mark read in one call.
  await page.setViewportSize(PHONE);
  await expect(badge).toHaveText("1");
  await screenshot(page, "messages-badge-390");
  await page.getByTestId("messages-button").click();
  const select = page.getByRole("checkbox", { name: /^Select: Your access to Demo Holding/ });
  // A person clicks the box Blueprint draws over the input.
  await page.getByTestId("message-item").locator(".messages-item-select").click();
  await expect(select).toBeChecked();
  await screenshot(page, "messages-390");
  await accessible(page, "messages-390");
  await page.getByTestId("messages-mark-read").click();
  await expect(page.getByTestId("messages-unread-count")).toHaveText("All read.");
  await expect(page.getByTestId("message-item")).toHaveAttribute("data-read", "true");
});

test("the privacy statement without signing in, and my company's terms of use signed in", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${portal.baseURL}/register`);
  await page.getByTestId("register-privacy-link").click();
  await expect(page).toHaveURL(/\/privacy-statement$/);
  await expect(page.getByRole("heading", { name: "Privacy statement", exact: true })).toHaveCount(1);
  await expect(page.getByText("Nothing is shared with third parties.")).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy statement/);
  await screenshot(page, "privacy-1280");
  await accessible(page, "privacy");
  // Another language when asked for it.
  await page.goto(`${portal.baseURL}/privacy-statement?language=de`);
  await expect(page.getByRole("heading", { name: "Datenschutzerklärung" })).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.goto(`${portal.baseURL}/privacy-statement`);
  await expect(page.getByText("Nothing is shared with third parties.")).toBeVisible();
  await screenshot(page, "privacy-390");
  await accessible(page, "privacy-390");

  await page.setViewportSize(DESKTOP);
  await acmeAdminIn(page, "Acme");
  await page.goto(`${portal.baseURL}/my-company/terms-of-use`);
  await expect(page.getByTestId("my-company-terms-of-use-page")).toBeVisible();
  await expect(page.locator(".terms-body, .bp6-non-ideal-state").first()).toBeVisible();
  await screenshot(page, "my-company-terms-1280");
  await page.goto(`${portal.baseURL}/my-company/privacy-statement`);
  await expect(page.getByText("Nothing is shared with third parties.")).toBeVisible();
});
