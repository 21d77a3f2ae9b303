/**
 * Device components (issue 13) in a real browser against a server of its own (fresh demo data)
 * that sends mail to an SMTP server run by this spec: an administrator puts a service logbook, a
 * document component and a mail form on a dashboard (recipients in the form's settings), previews
 * them (and a VPN connect) on the demo device and publishes; on the device's published dashboard they add a logbook
 * entry, upload a PDF and download the same bytes, and send the mail form, which arrives naming
 * the device. axe on the dashboard; screenshots at 1280 x 800 and 390 x 844
 * (tests/artifacts/device-components-*.png).
 */
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeAll } from "./support/axe";
import { DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { freePort, repoRoot, startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 120_000 });

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
const PDF = Buffer.from("%PDF-1.4\n% service report\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

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
    port, dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-device-components-")),
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, PORTAL_ORIGIN: `http://127.0.0.1:${port}` },
  });
});
test.afterAll(async () => {
  await portal?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function addComponent(page: Page, kind: string): Promise<void> {
  await page.getByTestId("pe-add").click();
  await page.getByTestId(`pe-add-${kind}`).click();
}

test("logbook, documents and mail form on a published dashboard of a device", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: portal.baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);

  // The editor: three components, previewed on the demo device; the form's recipients in its settings.
  await page.goto("/pages");
  await page.getByTestId("page-add").click();
  await page.getByTestId("page-form").getByLabel("Title").fill("Service desk");
  await page.getByTestId("page-save").click();
  await expect(page.getByTestId("pe-unpublished")).toBeVisible();
  await addComponent(page, "service-logbook");
  await addComponent(page, "documents");
  await addComponent(page, "mail-form");
  await addComponent(page, "vpn-connect");
  await page.getByTestId("pe-preview").selectOption({ label: "Boiler Controller" });
  await expect(page.getByTestId("dc-logbook")).toBeVisible();
  await page.locator('[data-testid="pc-frame"][data-kind="mail-form"]').locator(".pc-handle").click();
  await page.getByTestId("pc-settings").getByLabel("Recipients (comma separated)").fill("service@example.com");
  await expect(page.getByTestId("pe-save-state")).toHaveText("All changes saved");
  await page.getByTestId("pe-publish").click();
  await expect(page.getByTestId("pe-published")).toBeVisible();

  // The device's dashboard, from the device page.
  await page.goto("/devices");
  await page.getByText("Boiler Controller").first().click();
  await page.getByTestId("device-pages").getByRole("link", { name: "Service desk", exact: true }).click();
  await expect(page.getByTestId("dashboard-page")).toBeVisible();

  // Logbook: an entry with a category.
  const logbook = page.getByTestId("dc-logbook");
  await logbook.getByLabel("New entry").fill("Replaced the burner nozzle.");
  await logbook.getByTestId("dc-logbook-category").selectOption("Repair");
  await logbook.getByTestId("dc-logbook-add").click();
  await expect(logbook.getByTestId("dc-logbook-entry")).toHaveCount(1);
  await expect(logbook.getByTestId("dc-logbook-entry")).toContainText("Replaced the burner nozzle.");
  await expect(logbook.getByTestId("dc-logbook-entry")).toContainText("Repair");
  await expect(logbook.getByLabel("New entry")).toHaveValue("");

  // Documents: upload a PDF, then download the same bytes under its name.
  const documents = page.getByTestId("dc-documents");
  await documents.getByLabel("Upload a document").setInputFiles({ name: "Service report.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(documents.getByTestId("dc-document")).toContainText("Service report.pdf");
  const downloading = page.waitForEvent("download");
  await documents.getByTestId("dc-document-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Service report.pdf");
  const saved = join(mkdtempSync(join(tmpdir(), "device-doc-")), "saved.pdf");
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(PDF)).toBe(true);

  // Mail form: sent to the configured recipient, naming the device.
  const form = page.getByTestId("dc-mail-form");
  await form.getByLabel("Message").fill("The burner flickers at low load.");
  await form.getByTestId("dc-mail-send").click();
  await expect(form.getByTestId("dc-mail-sent")).toHaveText("Your message was sent to 1 recipient.");
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  expect(received[0]!.to).toEqual(["service@example.com"]);
  expect(received[0]!.raw).toContain("[Boiler Controller] Service request");

  // VPN connect: no local client here; the administrator manages the device, so Connect is offered.
  await expect(page.getByTestId("dc-vpn-state")).toHaveText("VPN client not found");
  await expect(page.getByTestId("dc-vpn-connect")).toHaveText("Connect");

  const serious = (await axeAll(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious, null, 1)).toEqual([]);
  await screenshot(page, "device-components-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("dc-logbook-entry")).toBeVisible();
  await screenshot(page, "device-components-390");
  await context.close();
});
