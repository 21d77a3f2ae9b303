/**
 * The relay's connect limits under a burst (issue 10, spec 4 "Rate limiting"): attempts that
 * arrive together are counted one after another, so a device with the hard limit (10) lets 10 of
 * 15 simultaneous tunnels through and refuses 5 with 429, and its counter reads 15. Counted from
 * the row each upgrade had read, every attempt of a burst saw the same counter: on PostgreSQL all
 * 15 passed (the embedded database, one query at a time, happened to order them).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents } from "../../src/db/schema";
import { availableBackends, createTestApp, signInAs, type TestApp } from "../testDatabase";
import { caller, linkClient, type Json } from "./relayHarness";

const BURST = 15;

describe.each(await availableBackends())("connect attempts in a burst on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let call: ReturnType<typeof caller>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    tokens["admin"] = await signInAs(t.app, "admin@example.com");
    call = caller(t.app, t.demo.companies["demo"]!, tokens);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`lets the hard limit's 10 of ${BURST} simultaneous attempts through and counts all ${BURST}`, async () => {
    const list = (await call("GET", "/api/agents?page-size=100", "admin")).json() as Json;
    const device = list.data.find((a: { name: string }) => a.name === "Line 1 Router") as { publicId: string };
    await t.database.db.update(agents).set({ rateLimit: "hard", rateCounter: 0, rateLastHit: null }).where(eq(agents.publicId, device.publicId));
    // The administrator may connect without a request (spec 6), so every ticket is good.
    const tickets: string[] = [];
    for (let i = 0; i < BURST; i++) {
      const res = await call("POST", `/api/agents/${device.publicId}/vpn-tickets`, "admin", {});
      expect(res.statusCode, res.body).toBe(201);
      tickets.push((res.json() as Json).data.ticket as string);
    }
    const outcomes = await Promise.allSettled(tickets.map((ticket) => linkClient(base, { ticket })));
    const linked = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as { status?: number }).status] : []));
    for (const client of linked) client.mux.close();
    expect(refused).toEqual(Array(BURST - 10).fill(429));
    expect(linked).toHaveLength(10);
    const [after] = await t.database.db.select().from(agents).where(eq(agents.publicId, device.publicId));
    expect(after!.rateCounter).toBe(BURST);
  });
});
