/**
 * Changes made elsewhere reach an open screen without a reload (issue 13), on the shared server
 * with two browser contexts (two sessions, each with its own event stream):
 * - the administrator builds and publishes a dashboard with a live value of a data point of the
 *   Boiler Controller that only this test publishes (a name of its own, so the demo publisher and
 *   other specs never touch it); the engineer, another user, opens it; the test plays the device
 *   over the machine's Mosquitto and the engineer's screen follows each new value;
 * - a report queued in one administrator session appears in the Reports list of another
 *   session, goes to Done there, and leaves it when the first session deletes it. (The demo
 *   data gives the report right to the administrator alone, and the shared server is not the
 *   place to give it to someone else; server/test/reportEvents.test.ts covers other users.)
 * - a new member (an engineer invited for this test, so no demo user changes) watches a live value
 *   of the Boiler Controller; the administrator gives them an access category that hides it: the
 *   component says access ended instead of showing a stale value, and new values stay away; given
 *   back, the value is read again and follows the device live, all without a reload.
 */
import { connect, type MqttClient } from "mqtt";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { kindSpec } from "@portal/core/domain/PageComponent";
import { DEMO_PASSWORD, DEMO_USERS, expect, signIn, test } from "./support/fixtures";

test.describe.configure({ mode: "serial", timeout: 150_000 });

let device: MqttClient;
test.beforeAll(async () => {
  device = connect("mqtt://127.0.0.1:1883", { clientId: `e2e-two-sessions-${process.pid}` });
  await new Promise<void>((resolve, reject) => { device.once("connect", () => resolve()); device.once("error", reject); });
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => device.end(false, {}, () => resolve()));
});

/** Publishes one data-point message as the device agent would (topic of core's dataPointTopic). */
const publish = (agent: string, values: Record<string, number>) =>
  new Promise<void>((resolve, reject) => device.publish(`portal/agents/${agent}/data-points`, JSON.stringify({ ts: Date.now(), values }), { qos: 1 }, (e) => (e ? reject(e) : resolve())));

/** A signed-in session of `email` in Demo Company, in a browser context of its own (the shared server's). */
async function session(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "Europe/Berlin", baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await signIn(page, email);
  // The administrator is a member of several companies and chooses; the engineer of one lands in it.
  if (email === DEMO_USERS.admin) {
    await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
    await expect(page).toHaveURL(/\/users$/);
  }
  return page;
}

test("another user's open dashboard follows a device's new values without a reload", async ({ browser }) => {
  const probe = `probe${Date.now().toString(36)}`;
  const admin = await session(browser, DEMO_USERS.admin);
  await admin.goto("/pages");
  await admin.getByTestId("page-add").click();
  await admin.getByTestId("page-form").getByLabel("Title", { exact: true }).fill(`Live ${probe}`);
  await admin.getByTestId("page-save").click();
  await expect(admin).toHaveURL(/\/pages\/[A-Za-z0-9]+$/);
  const pageId = /\/pages\/([A-Za-z0-9]+)$/.exec(admin.url())![1]!;
  await admin.getByTestId("pe-add").click();
  await admin.getByTestId("pe-add-live-value").click();
  await admin.getByTestId("pc-frame").and(admin.locator("[data-kind=live-value]")).click();
  const settings = admin.getByTestId("pc-settings");
  await settings.getByLabel("Data point", { exact: true }).fill(probe);
  await settings.getByLabel("Unit", { exact: true }).fill("bar");
  await settings.getByLabel("Unit", { exact: true }).press("Tab");
  const preview = admin.getByTestId("pe-preview");
  await preview.selectOption({ label: "Boiler Controller" });
  const agent = await preview.inputValue();
  await expect(admin.getByTestId("pe-save-state")).toHaveText("All changes saved");
  await admin.getByTestId("pe-publish").click();
  await expect(admin.getByTestId("pe-published")).toBeVisible();

  await publish(agent, { [probe]: 41.25 });
  const engineer = await session(browser, DEMO_USERS.engineer);
  await engineer.goto(`/devices/${agent}/pages/${pageId}`);
  await expect(engineer.getByTestId("dashboard-page")).toBeVisible();
  const value = engineer.getByTestId("pc-live-value");
  await expect(value).toHaveText(/^41\.25\s*bar$/, { timeout: 15_000 });
  // Produced elsewhere (the device, over MQTT), shown here without a reload; twice, so it is live and not a late first read.
  const navigations: string[] = [];
  engineer.on("framenavigated", (f) => { if (f === engineer.mainFrame()) navigations.push(f.url()); });
  await publish(agent, { [probe]: 42.5 });
  await expect(value).toHaveText(/^42\.5\s*bar$/, { timeout: 15_000 });
  await publish(agent, { [probe]: 17 });
  await expect(value).toHaveText(/^17\s*bar$/, { timeout: 15_000 });
  expect(navigations).toEqual([]);

  // Tidy the shared server: the page goes.
  await admin.goto("/pages");
  const row = admin.getByTestId("page-row").filter({ hasText: `Live ${probe}` });
  await row.getByTestId("page-actions").click();
  await admin.getByRole("menu", { name: `Actions for Live ${probe}` }).getByTestId("page-delete").click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toHaveCount(0);
  await engineer.context().close();
  await admin.context().close();
});

test("a report queued in one session appears, finishes and disappears in another session's list", async ({ browser }) => {
  const watcher = await session(browser, DEMO_USERS.admin);
  await watcher.goto("/pages/reports");
  await expect(watcher.getByTestId("reports-page")).toBeVisible();
  const queuer = await session(browser, DEMO_USERS.admin);
  await queuer.goto("/pages/reports");
  await queuer.getByTestId("report-add").click();
  const form = queuer.getByTestId("report-form");
  await form.getByTestId("report-page").selectOption({ label: "Monthly service report" });
  await form.getByTestId("report-target").selectOption({ label: "Boiler Controller" });
  // A period no other spec asks for: the row is this test's.
  const minute = String(new Date().getMinutes()).padStart(2, "0");
  await form.getByTestId("report-start").fill(`2024-02-03T05:${minute}`);
  await form.getByTestId("report-end").fill(`2024-02-04T05:${minute}`);
  await form.getByTestId("report-zone").selectOption("Europe/Berlin");
  await form.getByTestId("report-queue-save").click();
  await expect(form).toBeHidden();

  const period = `3 Feb 2024, 05:${minute} – 4 Feb 2024, 05:${minute} (Europe/Berlin)`;
  const theirs = watcher.getByTestId("report-row").filter({ hasText: period });
  await expect(theirs).toHaveCount(1, { timeout: 15_000 });
  await expect(theirs).toContainText("Monthly service report");
  await expect(theirs.getByTestId("report-status")).toHaveText("Done", { timeout: 90_000 });

  const mine = queuer.getByTestId("report-row").filter({ hasText: period });
  await mine.getByTestId("report-delete").click();
  await queuer.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(mine).toHaveCount(0);
  await expect(theirs).toHaveCount(0, { timeout: 15_000 });
  await queuer.context().close();
  await watcher.context().close();
});

type Json = { data: any };

/** Calls of the demo administrator in Demo Company (a token of their own); each checks its status. */
async function adminApi(request: APIRequestContext) {
  const auth = `Basic ${Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64")}`;
  const token = (await (await request.post("/api/access-tokens", { headers: { "api-version": "2", authorization: auth }, data: { expiresIn: 600 } })).json()) as Json;
  const base = { "api-version": "2", authorization: `Bearer ${token.data.secretId}` };
  const companies = (await (await request.get("/api/my-companies", { headers: base })).json()) as Json;
  const headers = { ...base, "api-company": companies.data.find((c: { name: string }) => c.name === "Demo Company").publicId as string };
  const call = async (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, data?: unknown): Promise<any> => {
    const res = await request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as Json).data;
  };
  return call;
}

test("a member who may no longer see the device is told so instead of a stale value, and values resume when they may again", async ({ browser, request }) => {
  const api = await adminApi(request);
  // A new engineer: invited, the mailed link followed; new members carry the default category, Plant floor.
  const email = `live-revoked-${Date.now()}@example.com`;
  const password = "live-watch 2026";
  const roles = (await api("GET", "/api/roles?page-size=100")) as Array<{ publicId: string; name: string }>;
  await api("POST", "/api/invites", { email, role: { publicId: roles.find((r) => r.name === "Engineer")!.publicId } });
  const mails = (await api("GET", "/api/outbox-messages?page-size=200")) as Array<{ to: string; text: string }>;
  const token = decodeURIComponent(/finish-invite\?token=(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!);
  const info = ((await (await request.get(`/api/finish-invite?token=${encodeURIComponent(token)}`, { headers: { "api-version": "2" } })).json()) as Json).data;
  const finished = await request.post("/api/finish-invite", {
    headers: { "api-version": "2" },
    data: { token, name: "Liv Watcher", password, ...(info.termsOfUse ? { termsOfUsePolicy: info.termsOfUse.publicId } : {}) },
  });
  expect(finished.status(), await finished.text()).toBeLessThan(300);
  const member = ((await api("GET", `/api/users?search=${encodeURIComponent(email)}`)) as Array<{ publicId: string; email: string }>).find((u) => u.email === email)!;
  const audiences = (await api("GET", "/api/audiences?page-size=100")) as Array<{ publicId: string; name: string }>;
  const category = (name: string) => ({ audience: { publicId: audiences.find((a) => a.name === name)!.publicId } });

  // A published dashboard with a live value of a data point only this test publishes.
  const probe = `probe${Date.now().toString(36)}`;
  const agent = ((await api("GET", "/api/agents?page-size=100")) as Array<{ publicId: string; name: string }>).find((a) => a.name === "Boiler Controller")!.publicId;
  const pageId = ((await api("POST", "/api/pages", { title: `Revoked ${probe}` })) as Array<{ publicId: string }>)[0]!.publicId;
  const draft = ((await api("GET", `/api/pages/${pageId}`)) as { draft: Record<string, unknown> }).draft;
  const component = { id: "c0", kind: "live-value", x: 0, y: 0, w: 3, h: 3, config: { ...kindSpec("live-value")!.defaults, dataPoint: probe, unit: "bar" } };
  await api("PATCH", `/api/pages/${pageId}`, { draft: { ...draft, components: [component], previewAgent: { publicId: agent } } });
  await api("POST", `/api/pages/${pageId}/publication`);

  try {
    await publish(agent, { [probe]: 5.5 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: process.env.E2E_BASE_URL });
    const page = await context.newPage();
    await signIn(page, email, { password });
    await page.goto(`/devices/${agent}/pages/${pageId}`);
    await expect(page.getByTestId("dashboard-page")).toBeVisible();
    const value = page.getByTestId("pc-live-value");
    await expect(value).toHaveText(/^5\.5\s*bar$/, { timeout: 15_000 });
    const navigations: string[] = [];
    page.on("framenavigated", (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });

    // Office hides the Boiler Controller from this member: the server ends the watch and says so.
    await api("PATCH", `/api/users/${member.publicId}/audience`, category("Office"));
    const ended = page.getByTestId("pc-access-ended");
    await expect(ended).toHaveText("You no longer have access to this device's data.", { timeout: 15_000 });
    await expect(value).toHaveCount(0);
    await publish(agent, { [probe]: 6.5 });
    await page.waitForTimeout(1500); // two of the server's live beats: nothing may arrive
    await expect(value).toHaveCount(0);
    await expect(ended).toBeVisible();

    // Given back: the stored value is read again, then live values follow.
    await api("PATCH", `/api/users/${member.publicId}/audience`, category("Plant floor"));
    await expect(value).toHaveText(/^6\.5\s*bar$/, { timeout: 15_000 });
    await expect(ended).toHaveCount(0);
    await publish(agent, { [probe]: 7.25 });
    await expect(value).toHaveText(/^7\.25\s*bar$/, { timeout: 15_000 });
    expect(navigations).toEqual([]);
    await context.close();
  } finally {
    await api("DELETE", `/api/pages/${pageId}`);
  }
});
