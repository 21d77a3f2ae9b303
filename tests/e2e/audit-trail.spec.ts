/**
 * The audit trail screen (use:audit-logs), in Chromium against the real server: a change made
 * through the API shows with its actor and action, its before/after opens in the side panel, the
 * filter narrows the list, Load more follows the server's cursor, and a user without the right is
 * not let in. The changes are made in Demo Holding, the admin's second company, which no other
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
      return ((await response.json()).data as Array<{ publicId: string }>).map((d) => d.publicId);
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

let renamedId = "";

test("a rename shows with its actor and action, and its before/after opens beside the list", async ({ page, request, signInAs, shot }) => {
  const api = await adminApi(request);
  [renamedId] = await api.ids(await request.post("/api/group-types", { headers: api.headers, data: { name: ORIGINAL, color: "#9467bd" } }));
  const renamed = await request.patch(`/api/group-types/${renamedId}`, { headers: api.headers, data: { name: RENAMED } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await api.signOut();

  await openAuditTrail(page, signInAs);
  const update = rows(page).filter({ hasText: renamedId }).filter({ hasText: "UPDATE" });
  await expect(update).toHaveCount(1);
  await expect(update).toContainText("Ada Admin");
  await expect(update).toContainText("GroupType");
  // Newest first: the rename is above the creation of the same group type.
  const targets = await rows(page).filter({ hasText: renamedId }).allInnerTexts();
  expect(targets.map((t) => (t.includes("UPDATE") ? "UPDATE" : t.includes("CREATE") ? "CREATE" : "?"))).toEqual(["UPDATE", "CREATE"]);
  await shot("audit-trail");

  await update.click();
  const detail = page.getByTestId("audit-detail");
  await expect(detail).toBeVisible();
  await expect(detail).toContainText("Ada Admin");
  await expect(page.getByTestId("audit-before")).toContainText(`"name": "${ORIGINAL}"`);
  await expect(page.getByTestId("audit-after")).toContainText(`"name": "${RENAMED}"`);
  await expect(page.getByTestId("audit-changed")).toHaveText("name");
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

test("the filter narrows the list by topic or by action", async ({ page, signInAs, shot }) => {
  await openAuditTrail(page, signInAs);
  const filter = page.getByLabel("Filter the audit trail");
  const column = page.getByLabel("Filter on");

  await column.selectOption("action");
  await filter.fill("upd");
  await expect(rows(page).filter({ hasText: renamedId })).toHaveCount(1);
  for (const row of await rows(page).all()) await expect(row.locator("td").nth(2)).toHaveText("UPDATE");
  await shot("audit-trail-filtered");

  await column.selectOption("topic");
  await filter.fill("grouptype");
  await expect(rows(page).filter({ hasText: renamedId })).toHaveCount(2);
  for (const row of await rows(page).all()) await expect(row.locator("td").nth(3)).toHaveText("GroupType");

  await filter.fill(`no such topic ${STAMP}`);
  await expect(page.getByTestId("audit-empty")).toContainText("No entry matches the filter");
  await expect(rows(page)).toHaveCount(0);
  await filter.fill("");
  await expect(rows(page).filter({ hasText: renamedId })).toHaveCount(2);
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
    await expect(rows(page).filter({ hasText: renamedId })).toHaveCount(2);
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
