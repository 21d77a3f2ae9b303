/**
 * Realtime events over SSE: delivery to the signed-in user only, replay with Last-Event-ID, and
 * delivery across two server instances on one PostgreSQL database (LISTEN/NOTIFY).
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/buildApp";
import { openDatabase, type Database } from "../src/db/Database";
import { users } from "../src/db/schema";
import { EventHub } from "../src/events/EventHub";
import { openStream } from "./sseClient";
import { availableBackends, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

const userId = async (db: Database, email: string) => (await db.db.select().from(users).where(eq(users.email, email)))[0]!.id;

const decision = { decision: "approved", approver: { name: "Anna Approver" }, message: "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST" };

describe.each(await availableBackends())("events on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = await buildApp({ database: t.database, webDist: null });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("streams my events, not other users', and replays after Last-Event-ID", async () => {
    const engineer = await signInAs(app, "engineer@example.com");
    const stream = await openStream(base, engineer);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toContain("text/event-stream");
    await new Promise((r) => setTimeout(r, 100));
    const me = await userId(t.database, "engineer@example.com");
    const other = await userId(t.database, "translator@example.com");
    await t.database.db.transaction(async (tx) => {
      await EventHub.publish(tx, other, "AccessRequestDecision", { ...decision, decision: "rejected" });
      await EventHub.publish(tx, me, "AccessRequestDecision", decision);
    });
    const [first] = await stream.waitFor(1);
    expect(first).toMatchObject({ event: "AccessRequestDecision", data: decision });
    stream.close();

    // Missed while away: replayed on reconnect, in order, nothing twice.
    await t.database.db.transaction(async (tx) => {
      await EventHub.publish(tx, me, "AccessRequestDecision", { ...decision, decision: "revoked" });
    });
    await EventHub.publish(t.database.db, me, "AccessRequestDecision", { ...decision, decision: "rejected" });
    const again = await openStream(base, engineer, first!.id);
    const replayed = await again.waitFor(2);
    expect(replayed.map((e) => (e.data as { decision: string }).decision)).toEqual(["revoked", "rejected"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.events).toHaveLength(2);
    again.close();
  });

  it("does not deliver an event whose transaction rolled back", async () => {
    const approver = await signInAs(app, "approver@example.com");
    const stream = await openStream(base, approver);
    await new Promise((r) => setTimeout(r, 100));
    const me = await userId(t.database, "approver@example.com");
    await t.database.db.transaction(async (tx) => {
      await EventHub.publish(tx, me, "AccessRequestDecision", { ...decision, decision: "rolled back" });
      tx.rollback();
    }).catch(() => undefined);
    await EventHub.publish(t.database.db, me, "AccessRequestDecision", decision);
    const events = await stream.waitFor(1);
    expect(events.map((e) => (e.data as { decision: string }).decision)).toEqual(["approved"]);
    stream.close();
  });

  it("refuses the stream without a token (401 envelope)", async () => {
    const res = await fetch(`${base}/api/events`, { headers: { "api-version": "2" } });
    expect(res.status).toBe(401);
    expect((await res.json()).status).toBe("error");
  });

  it.runIf(kind === "postgres")("delivers an event published through a second server on the same database", async () => {
    const second = await openDatabase({ kind: "postgres", url: t.url! });
    const app2 = await buildApp({ database: second, webDist: null });
    try {
      const engineer = await signInAs(app, "engineer@example.com");
      const stream = await openStream(base, engineer);
      await new Promise((r) => setTimeout(r, 100));
      const me = await userId(second, "engineer@example.com");
      await second.db.transaction(async (tx) => { await EventHub.publish(tx, me, "AccessRequestDecision", { ...decision, via: "second server" }); });
      const events = await stream.waitFor(1);
      expect(events[0]?.data).toMatchObject({ via: "second server" });
      stream.close();
    } finally {
      await app2.close();
      await second.close();
    }
  });
});
