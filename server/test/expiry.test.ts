/**
 * The expiry tick with several server processes on one PostgreSQL: two ticks at once (two
 * connection pools, as two processes have) expire every overdue request exactly once, each with
 * one TRIGGER audit entry; requests not yet at their requested end are left alone.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { buildApp } from "../src/buildApp";
import { openDatabase, type Database } from "../src/db/Database";
import { accessRequests, auditLogs } from "../src/db/schema";
import { expireAccessRequests } from "../src/devices/expiry";
import { apiHeaders, createTestDatabase, postgresAvailable, signInAs, type TestDatabase } from "./testDatabase";

const MIN = 60_000;
const available = await postgresAvailable();
if (!available) console.warn("PostgreSQL does not answer: skipped the expiry test with two processes.");

describe.runIf(available)("expiry with two processes on PostgreSQL", () => {
  let t: TestDatabase;
  let second: Database;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 23, 9, 0, 0));
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    second = await openDatabase({ kind: "postgres", url: t.url! });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("expires each overdue request once", async () => {
    const app = await buildApp({ database: t.database, webDist: null, clock, mail: { smtpUrl: undefined } });
    const ids: string[] = [];
    try {
      const demo = t.demo.companies["demo"]!;
      const engineer = await signInAs(app, "engineer@example.com");
      const headers = apiHeaders(engineer, demo);
      const list = (await app.inject({ method: "GET", url: "/api/agents?page-size=100", headers })).json() as { data: Array<{ publicId: string }> };
      const start = Math.floor(clock.current() / MIN) * MIN + MIN;
      // Requests on every device, for the VPN and 30 minutes, then a later one that must stay.
      for (const [i, agent] of list.data.entries()) {
        const from = start + (i === 0 ? 60 * MIN : 0);
        const res = await app.inject({
          method: "POST", url: `/api/agents/${agent.publicId}/access-requests`, headers,
          payload: { allowedApprovers: [{ publicId: t.demo.users["admin"] }], vpn: true, reason: "Tick", start: new Date(from).toISOString(), end: new Date(from + 30 * MIN).toISOString() },
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push((res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId);
      }
    } finally {
      await app.close();
    }
    clock.advance(32 * MIN);
    const mail = { origin: "http://localhost", from: "portal@localhost" };
    const [a, b] = await Promise.all([
      expireAccessRequests({ database: t.database, clock, mail }),
      expireAccessRequests({ database: second, clock, mail }),
    ]);
    expect(a + b).toBe(ids.length - 1);
    const rows = await t.database.db.select().from(accessRequests).where(inArray(accessRequests.publicId, ids));
    expect(rows.filter((r) => r.status === "expired")).toHaveLength(ids.length - 1);
    expect(rows.find((r) => r.publicId === ids[0])!.status).toBe("pending");
    const triggers = await t.database.db.select().from(auditLogs).where(and(inArray(auditLogs.target, ids), eq(auditLogs.action, "TRIGGER")));
    expect(triggers).toHaveLength(ids.length - 1);
    expect(new Set(triggers.map((x) => x.target)).size).toBe(ids.length - 1);
  });
});
