/**
 * Issue 13, platform and templates, in a real browser against a server of its own (fresh demo
 * data): create a backend component template, give it a config, share it with another of the
 * admin's companies, subscribe it to a topic and download its runner log as cloud-function.log;
 * upload a router screensaver and see its thumbnail; read the platform servers with the type
 * filter. Axe finds nothing serious on the three screens; they fit 1280x800 and 390x844.
 * Screenshots: tests/artifacts/platform-*.png.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { DEMO_PASSWORD, DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial", timeout: 90_000 });

let portal: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPortal({ dataDir: mkdtempSync(join(tmpdir(), "portal-e2e-platform-")) });
});
test.afterAll(async () => {
  await portal.stop();
});

/** A small valid PNG (solid colour), made here so the test needs no image file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** The publicId of one of the admin's companies, by name, over the API. */
async function companyId(page: Page, name: string): Promise<string> {
  const basic = Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64");
  const token = await page.request.post(`${portal.baseURL}/api/access-tokens`, { headers: { "api-version": "2", authorization: `Basic ${basic}` }, data: { expiresIn: 300 } });
  const secret = ((await token.json()) as { data: { secretId: string } }).data.secretId;
  const res = await page.request.get(`${portal.baseURL}/api/my-companies`, { headers: { "api-version": "2", authorization: `Bearer ${secret}` } });
  return ((await res.json()) as { data: Array<{ publicId: string; name: string }> }).data.find((c) => c.name === name)!.publicId;
}

async function adminIn(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.admin, { baseURL: portal.baseURL });
  await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
  await expect(page).toHaveURL(/\/users$/);
}

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

test("create a template, add a config, share it, subscribe it and download its log", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const holding = await companyId(page, "Demo Holding");
  await adminIn(page);
  await page.getByTestId("menu-item-templates").click();
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await expect(page.getByTestId("template-row").filter({ hasText: "Temperature alarm" })).toBeVisible();

  await page.getByTestId("template-add").click();
  const form = page.getByRole("dialog", { name: "Add template" });
  await form.getByTestId("template-form-name").fill("Line 3 watcher");
  await form.getByTestId("template-form-description").fill("Watches line 3");
  await form.getByTestId("template-form-save").click();
  await expect(form).toBeHidden();
  const row = page.getByTestId("template-row").filter({ hasText: "Line 3 watcher" });
  await expect(row).toBeVisible();
  await expectAxeClean(page);
  await screenshot(page, "platform-templates-1280");

  await row.getByRole("button", { name: "Open Line 3 watcher" }).click();
  const detail = page.getByRole("dialog", { name: "Line 3 watcher" });
  await expect(detail.getByTestId("template-config-none")).toBeVisible();
  await detail.getByTestId("template-config-edit").click();
  const config = page.getByRole("dialog", { name: "Config of Line 3 watcher" });
  await config.getByTestId("template-config-text").fill("[1]");
  await config.getByTestId("template-config-save").click();
  await expect(config).toContainText("The config must be a JSON object");
  await config.getByTestId("template-config-text").fill('{"limit": 80}');
  await config.getByTestId("template-config-save").click();
  await expect(config).toBeHidden();
  await expect(detail.getByTestId("template-config")).toContainText('"limit": 80');

  await detail.getByTestId("template-share-input").fill(holding);
  await detail.getByTestId("template-share-add").click();
  await expect(detail.getByTestId("template-share")).toHaveText(/Demo Holding/);
  await detail.getByTestId("template-subscription-input").fill("plant/line3/#");
  await detail.getByTestId("template-subscription-input").press("Enter");
  await expect(detail.getByTestId("template-subscription")).toContainText("plant/line3/#");
  await expectAxeClean(page);
  await screenshot(page, "platform-template-detail-1280");

  const downloading = page.waitForEvent("download");
  await detail.getByTestId("template-logs").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("cloud-function.log");
  const file = join(mkdtempSync(join(tmpdir(), "template-log-")), "cloud-function.log");
  await download.saveAs(file);
  const log = readFileSync(file, "utf8");
  expect(log).toMatch(/\] deployed on MDR (Amsterdam|Frankfurt) 1/);
  expect(log).toContain("subscribed to plant/line3/#");
});

test("upload a router screensaver and see it; read the platform servers", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await adminIn(page);
  await page.getByTestId("menu-item-router-screensavers").click();
  await expect(page.getByRole("heading", { name: "Router screensavers" })).toBeVisible();
  await page.getByTestId("screensaver-file").setInputFiles({ name: "night-shift.png", mimeType: "image/png", buffer: png(1600, 900) });
  const item = page.getByTestId("screensaver-item").filter({ hasText: "night-shift.png" });
  await expect(item).toContainText("1024 × 576");
  const image = item.getByRole("img", { name: "Screensaver night-shift.png" });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expectAxeClean(page);
  await screenshot(page, "platform-screensavers-1280");

  await page.getByTestId("menu-item-platform-servers").click();
  await expect(page.getByTestId("platform-server-row")).toHaveCount(4);
  await page.getByTestId("platform-servers-type").selectOption("mdr");
  await expect(page.getByTestId("platform-server-row")).toHaveCount(2);
  await expectAxeClean(page);

  // Phone: the three screens fit 390 px without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["platform-servers", "router-screensavers", "templates"]) {
    await page.goto(`${portal.baseURL}/${path}`);
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator("[data-testid$='-row'], [data-testid='screensaver-item']").first()).toBeVisible();
    await screenshot(page, `platform-${path}-390`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
  }
});
