/**
 * The expiring-access notice (issue 11): a member whose temporary company access ends within the
 * expiry warning's 30 days gets one notice in my messages, once per expiry however often the
 * periodic check runs; a moved expiry gets its own notice; an access that ended gets none. The
 * server's clock is a stepped one, so 30 days pass without waiting.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { memberships, notices, users } from "../src/db/schema";
import { noticeExpiringAccess } from "../src/notices/expiringAccess";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 26, 9, 0, 0);
type Listed = { data: Array<{ kind: string; key: string; params: Record<string, string>; read: boolean; company: { name: string } | null; link: string | null }> };

describe.each(await featureBackends())("expiring access notices on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(START);
  let engineerId: number;
  let companyId: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await t.app.ready();
    const [u] = await t.database.db.select().from(users).where(eq(users.email, "engineer@example.com"));
    engineerId = u!.id;
    const [m] = await t.database.db.select().from(memberships).where(eq(memberships.userId, engineerId));
    companyId = m!.companyId;
  });
  afterAll(async () => { await t?.close(); });

  const expireOn = (at: number) => t.database.db.update(memberships).set({ expiresOn: new Date(at) })
    .where(and(eq(memberships.userId, engineerId), eq(memberships.companyId, companyId)));
  const mine = () => t.database.db.select().from(notices).where(and(eq(notices.userId, engineerId), eq(notices.kind, "expiring-access")));

  it("writes nothing while the expiry is more than 30 days away", async () => {
    await expireOn(START + 40 * DAY);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(0);
    expect(await mine()).toEqual([]);
  });

  it("writes one notice inside the window, never a second for the same expiry", async () => {
    clock.set(START + 11 * DAY);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(1);
    clock.advance(DAY);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(0);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(0);
    expect(await mine()).toHaveLength(1);
    const secret = await signInAs(t.app, "engineer@example.com");
    const listed = (await t.app.inject({ method: "GET", url: "/api/my-messages?filters=eq(kind,expiring-access)", headers: apiHeaders(secret) })).json() as Listed;
    expect(listed.data).toEqual([expect.objectContaining({
      kind: "expiring-access", key: "YOUR_ACCESS_TO_COMPANY_EXPIRES", read: false, link: "/my-companies",
      params: { name: "Demo Company", date: "2027-01-05 09:00 UTC" }, company: expect.objectContaining({ name: "Demo Company" }),
    })]);
    const count = (await t.app.inject({ method: "GET", url: "/api/my-messages/unread-count", headers: apiHeaders(secret) })).json() as { data: { unread: number } };
    expect(count.data.unread).toBeGreaterThanOrEqual(1);
  });

  it("writes the date in the member's time zone", async () => {
    await t.database.db.update(users).set({ timeZone: "Europe/Amsterdam" }).where(eq(users.id, engineerId));
    await expireOn(START + 20 * DAY);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(1);
    const [latest] = (await mine()).sort((a, b) => b.id - a.id);
    expect(latest!.params).toEqual({ name: "Demo Company", date: "2026-12-16 10:00" });
  });

  it("writes nothing for an access that has ended", async () => {
    await expireOn(START + 12 * DAY - 1);
    expect(await noticeExpiringAccess({ database: t.database, clock })).toBe(0);
    expect(await mine()).toHaveLength(2);
  });
});
