/**
 * Issue 11, my account, in a real browser against a server of its own that sends its mails to an
 * SMTP server run by this spec: change my password and see PASSWORD_CHANGED; recover a password
 * through the link of the mail and sign in with the new one. Screenshots of /my-profile at
 * 1280x800 and 390x844 go to tests/artifacts/my-profile-*.png.
 */
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD, expect, screenshot, signIn, test } from "./support/fixtures";
import { freePort, repoRoot, startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 60_000 });

interface SmtpServerLike {
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  readonly server: { address(): { port: number } };
}
type SmtpServerClass = new (options: Record<string, unknown>) => SmtpServerLike;

/** smtp-server is a test dependency of the server package; it is loaded from there. */
const { SMTPServer } = createRequire(join(repoRoot, "server", "package.json"))("smtp-server") as { SMTPServer: SmtpServerClass };

const received: Array<{ to: string[]; raw: string }> = [];
let smtp: SmtpServerLike;
let portal: PortalServer;

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
    port, dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-account-")),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, PORTAL_ORIGIN: `http://127.0.0.1:${port}` },
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

test("change my password on My profile and see PASSWORD_CHANGED", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "viewer@example.com", { baseURL: portal.baseURL });
  await page.getByTestId("my-profile-link").click();
  await expect(page.getByRole("heading", { name: "My profile", exact: true })).toBeVisible();
  await expect(page.getByTestId("token-row").first()).toBeVisible();
  await screenshot(page, "my-profile-1280");
  await page.getByLabel("Current password").fill(DEMO_PASSWORD);
  await page.getByLabel("New password").fill("short");
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByTestId("change-password")).toBeDisabled();
  await page.getByLabel("New password").fill("a fresh new secret 26");
  await page.getByTestId("change-password").click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "My profile", exact: true })).toBeVisible();
  await expect(page.getByTestId("device-row").first()).toBeVisible();
  // Each session and device is a block of labelled lines: its button is on screen, not past the card's edge.
  for (const [row, button] of [["token-row", "Sign out"], ["device-row", "Forget"]] as const) {
    const box = (await page.getByTestId(row).first().getByRole("button", { name: button }).boundingBox())!;
    expect(box.x + box.width, `${button} at 390 px`).toBeLessThanOrEqual(390);
  }
  // The column headings are shown beside each value (the header row is read by screen readers only).
  const labels = await page.getByTestId("token-row").first().locator("td").evaluateAll((cells) => cells.map((c) => getComputedStyle(c, "::before").content));
  expect(labels.slice(0, 3)).toEqual(['"Signed in"', '"Ends"', '"Kind"']);
  await screenshot(page, "my-profile-390");
});

test("recover a password through the mailed link and sign in with the new one", async ({ page }) => {
  await page.goto(`${portal.baseURL}/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Recover your account", exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("engineer@example.com");
  await page.getByTestId("recover-send").click();
  await expect(page.getByTestId("recover-sent")).toBeVisible();
  const link = await linkMailedTo("engineer@example.com");
  await page.goto(`${portal.baseURL}${link}`);
  await expect(page.getByRole("heading", { name: "Choose a new password", exact: true })).toBeVisible();
  await page.getByLabel("New password").fill("a recovered secret 2026");
  await screenshot(page, "recover-choose");
  await page.getByTestId("recover-set-password").click();
  await expect(page.getByTestId("recover-done")).toBeVisible();
  // The link works once.
  await page.goto(`${portal.baseURL}${link}`);
  await page.getByLabel("New password").fill("another new secret 26");
  await page.getByTestId("recover-set-password").click();
  await expect(page.getByText(/not valid any more/)).toBeVisible();
  await signIn(page, "engineer@example.com", { baseURL: portal.baseURL, password: "a recovered secret 2026" });
  await expect(page).not.toHaveURL(/\/login/);
});
