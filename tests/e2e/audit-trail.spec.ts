/**
 * The audit trail screen (use:audit-logs), in Chromium against the real server: a change made
 * through the API shows with the names of its actor and target, its changes open in the side
 * panel as `field: old -> new`, the filters (action, topic, actor, days) narrow the list, the CSV
 * export downloads what the filters match, the retention is saved, Load more follows the
 * server's cursor, and a user without the right is not let in. The changes are made in Demo Holding, the admin's second company, which no other
 * spec changes, and are undone at the end.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from "./support/fixtures";

test.describe.configure({ mode: "serial" });

const STAMP = Date.now().toString(36);
const ORIGINAL = `Audit ${STAMP}`;
const RENAMED = `Audit ${STAMP} renamed`;
const BULK = 55;

interface AdminApi {
  readonly headers: Record<string, string>;
  readonly ids: (response: Awaited<ReturnType<APIRequestContext["post"]>>) => Promise<string[]>;
  readonly signOut: () => Promise<void>;
}

/** The admin signed in through the API (api.md access tokens), calling in Demo Holding. */
async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const basic = Buffer.from(`${DEMO_USERS.admin}::${DEMO_PASSWORD}`).toString("base64");
  const token = await request.post("/api/access-tokens", {
    headers: { "Api-Version": "2", Authorization: `Basic ${basic}` }, data: { expiresIn: 600 },
  });
  expect(token.status()).toBe(201);
  const { publicId: tokenId, secretId } = (await token.json()).data as { publicId: string; secretId: string };
  const session = { "Api-Version": "2", Authorization: `Bearer ${secretId}` };
  const companies = (await (await request.get("/api/my-companies", { headers: session })).json()).data as Array<{ publicId: string; name: string }>;
  const holding = companies.find((c) => c.name === "Demo Holding");
  expect(holding).toBeDefined();
  return {
    headers: { ...session, "Api-Company": holding!.publicId },
    ids: async (response) => {
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json() as { data: Array<{ publicId: string }> }).data).map((d) => d.publicId);
    },
    signOut: async () => void (await request.delete(`/api/access-tokens/${tokenId}`, { headers: session })),
  };
}

/** Signs the admin in through the login form, picks Demo Holding and opens the audit trail from the menu. */
async function openAuditTrail(page: Page, signInAs: (email: string) => Promise<void>): Promise<void> {
  await signInAs(DEMO_USERS.admin);
  await page.getByTestId("company-item").filter({ hasText: "Demo Holding" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByTestId("menu-item-audit-trail").click();
  await expect(page).toHaveURL(/\/audit-trail$/);
  await expect(page.getByTestId("audit-table")).toBeVisible();
}

const rows = (page: Page) => page.getByTestId("audit-row");
/** The texts of column `n` (0-based) of every row shown now, read at once (rows may be replaced by a reload). */
const column = (page: Page, n: number): Promise<string[]> =>
  rows(page).evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll("td")[i]?.textContent?.trim() ?? ""), n);

let renamedId = "";

test("a rename shows with its actor and action, and its before/after opens beside the list", async ({ page, request, signInAs, shot }) => {
  const api = await adminApi(request);
  renamedId = (await api.ids(await request.post("/api/group-types", { headers: api.headers, data: { name: ORIGINAL, color: "#9467bd" } })))[0]!;
  const renamed = await request.patch(`/api/group-types/${renamedId}`, { headers: api.headers, data: { name: RENAMED } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await api.signOut();

  await openAuditTrail(page, signInAs);
  // The target reads by its (current) name, not its publicId.
  const update = rows(page).filter({ hasText: RENAMED }).filter({ hasText: "UPDATE" });
  await expect(update).toHaveCount(1);
  await expect(update).toContainText("Ada Admin");
  await expect(update).toContainText("GroupType");
  await expect(update).not.toContainText(renamedId);
  // Newest first: the rename is above the creation of the same group type.
  const targets = await rows(page).filter({ hasText: RENAMED }).allInnerTexts();
  expect(targets.map((t) => (t.includes("UPDATE") ? "UPDATE" : t.includes("CREATE") ? "CREATE" : "?"))).toEqual(["UPDATE", "CREATE"]);
  await shot("audit-trail");

  await update.click();
  const detail = page.getByTestId("audit-detail");
  await expect(detail).toBeVisible();
  await expect(detail).toContainText("Ada Admin");
  await expect(detail).toContainText("Demo Holding");
  // The readable diff: one line for the one field that changed.
  await expect(page.getByTestId("audit-diff-line")).toHaveCount(1);
  await expect(page.getByTestId("audit-diff-line")).toHaveText(`name: ${ORIGINAL} → to ${RENAMED}`);
  await detail.getByText("Full before and after").click();
  await expect(page.getByTestId("audit-before")).toContainText(`"name": "${ORIGINAL}"`);
  await expect(page.getByTestId("audit-after")).toContainText(`"name": "${RENAMED}"`);
  // The panel slides in from the right: wait until it rests against the edge before the picture.
  const viewport = page.viewportSize()!;
  await expect.poll(async () => {
    const box = await page.locator(".bp6-drawer").boundingBox();
    return box === null ? null : Math.round(box.x + box.width);
  }).toBe(viewport.width);
  await page.waitForTimeout(300);
  await shot("audit-trail-detail");
  await page.keyboard.press("Escape");
  await expect(detail).toHaveCount(0);
});

test("the filters narrow the list by action, topic, actor and days, from the keyboard", async ({ page, signInAs, shot }) => {
  await openAuditTrail(page, signInAs);
  const action = page.getByLabel("Action", { exact: true });
  const topic = page.getByLabel("Topic", { exact: true });
  const actor = page.getByLabel("Actor", { exact: true });

  // Keyboard only: the action select is reached with Tab and changed with the arrow keys.
  await action.focus();
  await action.selectOption("UPDATE");
  await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(1);
  await expect.poll(() => column(page, 2)).toEqual(expect.arrayContaining(["UPDATE"]));
  await expect.poll(async () => (await column(page, 2)).every((action) => action === "UPDATE")).toBe(true);
  await page.keyboard.press("Tab");
  await expect(topic).toBeFocused();
  await page.keyboard.type("grouptype");
  await page.keyboard.press("Tab");
  await expect(actor).toBeFocused();
  await page.keyboard.type("Ada");
  await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(1);
  // The list is read again once typing pauses: wait for the answer to both typed filters rather
  // than walk rows that a reload may replace meanwhile.
  await expect.poll(async () => {
    const topics = await column(page, 3);
    return topics.length > 0 && topics.every((t) => t === "GroupType");
  }).toBe(true);
  await shot("audit-trail-filtered");

  await actor.fill("Nobody by this name");
  await expect(page.getByTestId("audit-empty")).toContainText("No entry matches the filter");
  await actor.fill("");
  await action.selectOption("");

  // Days in the user's zone: today matches, a range of past days does not, a reversed range says so.
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(today);
  await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(2);
  await page.getByLabel("From", { exact: true }).fill("2001-01-02");
  await page.getByLabel("To", { exact: true }).fill("2001-01-03");
  await expect(page.getByTestId("audit-empty")).toContainText("No entry matches the filter");
  await page.getByLabel("To", { exact: true }).fill("2001-01-01");
  await expect(page.getByTestId("audit-range-invalid")).toHaveText("Choose a first day that is on or before the last day.");
  await expect(page.getByTestId("audit-export")).toBeDisabled();

  await page.getByTestId("audit-filter-clear").click();
  await expect(topic).toHaveValue("");
  await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(2);
});

test("Export CSV downloads the entries the filters match, named by the server", async ({ page, signInAs }) => {
  await openAuditTrail(page, signInAs);
  await page.getByLabel("Action", { exact: true }).selectOption("UPDATE");
  await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-trail-[A-Za-z0-9]{12}-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFile } = await import("node:fs/promises");
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.split("\r\n").filter((l) => l !== "");
  expect(lines[0]).toBe("time,actor,actorId,action,topic,target,targetId,company,changes,before,after,clientAddress,entryId");
  const rename = lines.find((l) => l.includes(renamedId));
  expect(rename).toContain(`Ada Admin`);
  expect(rename).toContain(`,UPDATE,GroupType,${RENAMED},${renamedId},Demo Holding,`);
  expect(lines.some((l) => l.includes(",CREATE,"))).toBe(false);
  await expect(page.getByText(/The audit trail was saved as audit-trail-/)).toBeVisible();
});

test("an administrator sets how long entries are kept; the change is itself in the trail", async ({ page, signInAs, shot }) => {
  // Two saves, two widths and waits for a busy shared server of up to 15 + 20 s: more than the
  // default 30 s in all (CI once ran out of it with every step on its way).
  test.setTimeout(60_000);
  await openAuditTrail(page, signInAs);
  const days = page.getByLabel("Keep entries for (days)", { exact: true });
  // A retry starts where the failed attempt left the setting: back to keeping entries for good.
  if (test.info().retry > 0 && (await days.inputValue()) !== "") {
    await days.fill("");
    await page.getByTestId("audit-retention-save").click();
    await expect(page.getByText("Audit entries are now kept for good.")).toBeVisible();
  }
  await expect(days).toHaveValue("");
  await days.fill("0");
  await expect(page.getByText("Enter a whole number of days from 1 to 3650")).toBeVisible();
  await expect(page.getByTestId("audit-retention-save")).toBeDisabled();
  await days.fill("400");
  await days.press("Enter");
  await expect(page.getByText("Audit entries are now kept for 400 days")).toBeVisible();
  await page.getByLabel("Topic", { exact: true }).fill("AuditRetention");
  const entry = rows(page).filter({ hasText: "AuditRetention" }).first();
  await expect(entry).toContainText("Demo Holding");
  await entry.click();
  await expect(page.getByTestId("audit-diff-line")).toHaveText("days: null → to 400");
  // Its close button, as below: Escape closes the drawer only once its opening has moved the focus
  // into it, and a drawer left open keeps the focus from the Topic field at 390 px.
  await page.locator(".bp6-drawer").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("audit-detail")).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  // The narrow layout first (the top bar's menu button): a fill while the page re-renders for the
  // new width went to the input being replaced, and the filter stayed (seen once in CI).
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  const topic = page.getByLabel("Topic", { exact: true });
  await expect(async () => {
    // Each attempt bounded: an action has no time limit of its own, and one waiting on an input
    // being replaced would hold toPass past its own limit, to the test's (seen in CI: a bare test timeout).
    await topic.fill("", { timeout: 2_000 });
    await expect(topic).toHaveValue("", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // The whole trail again, once the cleared filter's answer is in (a busy shared server may take a while).
  await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(1);
  await page.locator("body").click({ position: { x: 5, y: 700 } });
  await shot("audit-trail-390");
  await rows(page).filter({ hasText: "AuditRetention" }).first().click();
  await expect(page.getByTestId("audit-detail")).toBeVisible();
  await page.waitForTimeout(400);
  await shot("audit-trail-detail-390");
  // Its close button: Escape closes it only once its opening has moved the focus into it, which a
  // busy shared server's page may not have done yet (seen once in CI: the drawer stayed).
  await page.locator(".bp6-drawer").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("audit-detail")).toBeHidden();
  // Back to keeping entries for good, as the other specs expect.
  await page.getByLabel("Keep entries for (days)", { exact: true }).fill("");
  await page.getByTestId("audit-retention-save").click();
  await expect(page.getByText("Audit entries are now kept for good.")).toBeVisible();
});

test("Load more follows the server's cursor, 50 entries a page", async ({ page, request, signInAs, shot }) => {
  const api = await adminApi(request);
  const created = await api.ids(await request.post("/api/group-types", {
    headers: api.headers,
    data: Array.from({ length: BULK }, (_, i) => ({ name: `Bulk ${STAMP} ${i}`, color: "#8c564b" })),
  }));
  expect(created).toHaveLength(BULK);
  try {
    await openAuditTrail(page, signInAs);
    await expect(rows(page)).toHaveCount(50);
    await expect(page.getByTestId("audit-count")).toHaveText("50 entries so far");
    await page.getByTestId("audit-load-more").scrollIntoViewIfNeeded();
    await shot("audit-trail-load-more");
    await page.getByTestId("audit-load-more").click();
    // Nothing else writes in Demo Holding during the run: the trail the server holds is what must show.
    const all = await request.get("/api/audit-logs?page-size=4000", { headers: api.headers });
    const total = ((await all.json()).data as unknown[]).length;
    expect(total).toBeGreaterThanOrEqual(BULK + 2);
    expect(total).toBeLessThanOrEqual(100);
    await expect(rows(page)).toHaveCount(total);
    await expect(page.getByTestId("audit-load-more")).toHaveCount(0);
    await expect(page.getByTestId("audit-count")).toHaveText(`${total} entries`);
    await expect(rows(page).filter({ hasText: RENAMED })).toHaveCount(2);
  } finally {
    const removed = await request.delete("/api/group-types", {
      headers: api.headers, data: [...created, renamedId].filter((id) => id !== "").map((publicId) => ({ publicId })),
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    await api.signOut();
  }
});

test("a user without use:audit-logs typing /audit-trail lands on not-allowed", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.translator);
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByTestId("menu-item-audit-trail")).toHaveCount(0);
  await page.goto("/audit-trail");
  await expect(page).toHaveURL(/\/error\/not-allowed$/);
  await expect(page.getByTestId("audit-trail-page")).toHaveCount(0);
});
