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
import { EventHub, SETTLE_MAX_MS } from "../src/events/EventHub";
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

  // Two transactions writing events of one user: the first to insert (the lower id) commits last.
  // A reader that went "after the last id sent" had moved past it and never sent it (an approval's
  // notice was lost so in the end-to-end run). Only PostgreSQL runs two transactions at once.
  it.runIf(kind === "postgres")("sends an event whose transaction commits after a later event's, and in commit-safe order", async () => {
    const viewer = await signInAs(app, "viewer@example.com");
    const stream = await openStream(base, viewer);
    await new Promise((r) => setTimeout(r, 100));
    const me = await userId(t.database, "viewer@example.com");
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = t.database.db.transaction(async (tx) => {
      await EventHub.publish(tx, me, "AccessRequestDecision", { ...decision, decision: "first inserted" });
      inserted();
      await held;
    });
    await firstInserted;
    await EventHub.publish(t.database.db, me, "AccessRequestDecision", { ...decision, decision: "committed first" });
    // Held back while the older transaction runs: sending it now would skip the other one for good.
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events).toHaveLength(0);
    commitFirst();
    await first;
    const events = await stream.waitFor(2);
    expect(events.map((e) => (e.data as { decision: string }).decision)).toEqual(["first inserted", "committed first"]);
    // Replay from the first event's id brings the second one, once.
    const again = await openStream(base, viewer, events[0]!.id);
    const replayed = await again.waitFor(1);
    expect(replayed.map((e) => (e.data as { decision: string }).decision)).toEqual(["committed first"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.events).toHaveLength(1);
    stream.close();
    again.close();
  });

  it.runIf(kind === "postgres")("does not hold an event back longer than SETTLE_MAX_MS for a transaction left open", async () => {
    const viewer = await signInAs(app, "viewer@example.com");
    const stream = await openStream(base, viewer);
    await new Promise((r) => setTimeout(r, 100));
    const me = await userId(t.database, "viewer@example.com");
    let end!: () => void;
    const held = new Promise<void>((resolve) => (end = resolve));
    let begun!: () => void;
    const open = new Promise<void>((resolve) => (begun = resolve));
    // An open transaction with an xid of its own (it wrote a row), on another user's events.
    const other = await userId(t.database, "translator@example.com");
    const idle = t.database.db.transaction(async (tx) => {
      await EventHub.publish(tx, other, "AccessRequestDecision", decision);
      begun();
      await held;
    });
    await open;
    const sent = Date.now();
    await EventHub.publish(t.database.db, me, "AccessRequestDecision", { ...decision, decision: "while another runs" });
    const [event] = await stream.waitFor(1);
    const waited = Date.now() - sent;
    expect(event?.data).toMatchObject({ decision: "while another runs" });
    expect(waited).toBeGreaterThanOrEqual(SETTLE_MAX_MS - 100);
    expect(waited).toBeLessThan(SETTLE_MAX_MS + 2000);
    end();
    await idle;
    stream.close();
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
