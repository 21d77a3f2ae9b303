/**
 * The cap on open event streams per user (429 with Retry-After beyond it), and a graceful close:
 * an in-flight request still gets its answer, and open streams end with a retry hint.
 * Both do not depend on the database kind: PGlite only.
 */
import { Effect } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/buildApp";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { Database, Db } from "../src/db/Database";
import * as schema from "../src/db/schema";
import { users } from "../src/db/schema";
import { EventHub } from "../src/events/EventHub";
import { createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase("pglite"); });
afterAll(async () => { await t?.close(); });

/** Opens a stream and gathers its text until it ends. */
async function open(base: string, secret: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { "api-version": "2", authorization: `Bearer ${secret}` }, signal: controller.signal });
  let text = "";
  const ended = (async () => {
    if (!res.ok) { text = await res.text(); return; }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { res, ended, text: () => text, abort: () => controller.abort() };
}

describe("event streams", () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildApp({ database: t.database, webDist: null, maxStreamsPerUser: 3 });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => { await app?.close(); });

  it("caps the open streams of one user (429 with Retry-After), not of others; a closed one frees its place", async () => {
    const engineer = await signInAs(app, "engineer@example.com");
    const streams = await Promise.all([1, 2, 3].map(() => open(base, engineer)));
    expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200]);
    const fourth = await open(base, engineer);
    expect(fourth.res.status).toBe(429);
    expect(fourth.res.headers.get("retry-after")).toBe("30");
    await fourth.ended;
    expect(JSON.parse(fourth.text()).data[0].message).toBe("Too many open event streams (at most 3 per user). Close another tab or window, then try again.");
    const other = await open(base, await signInAs(app, "approver@example.com"));
    expect(other.res.status).toBe(200);
    streams[0]!.abort();
    let again = await open(base, engineer);
    for (let i = 0; i < 50 && again.res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open(base, engineer);
    }
    expect(again.res.status).toBe(200);
  });
});

describe("graceful close", () => {
  it("answers the request in flight and ends open streams with a retry hint", async () => {
    // The clock is read when a request reaches its handler: that tells when the sign-in is in flight.
    let started = () => {};
    const app = await buildApp({ database: t.database, webDist: null, clock: { now: Effect.sync(() => { started(); return Date.now(); }), timeZone: Effect.succeed("UTC") } });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const secret = await signInAs(app, "engineer@example.com");
    const stream = await open(base, secret);
    expect(stream.res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    // A sign-in costs one scrypt: it is still running when the close begins.
    const reached = new Promise<void>((resolve) => { started = resolve; });
    const inFlight = fetch(`${base}/api/access-tokens`, {
      method: "POST", headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from("admin@example.com::portal-demo").toString("base64")}` },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    await reached;
    await app.close();
    expect((await inFlight).status).toBe(201);
    await stream.ended;
    expect(stream.text()).toMatch(/retry: 1000\n: server shutting down\n\n$/);
  });
});

describe("event fan-out", () => {
  it("reads a new event once for all the streams of a user, not once per stream", async () => {
    // The same PGlite through a drizzle that logs what it runs: reads of the events table are counted.
    let selects = 0;
    const client = (t.database.db as unknown as { $client: PGlite }).$client;
    const db = drizzle(client, { schema, logger: { logQuery: (query) => { if (/^\s*select[\s\S]*\bfrom "?events"?\s/.test(query)) selects++; } } }) as unknown as Db;
    const hub = new EventHub({ ...t.database, db } as Database);
    await hub.start();
    try {
      const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "viewer@example.com"));
      const start = await hub.startCursor();
      const received: number[] = [];
      const unsubscribe = Array.from({ length: 20 }, (_, i) => hub.subscribe(user!.id, start, () => received.push(i)));
      await new Promise((r) => setTimeout(r, 200));
      const before = selects;
      await EventHub.publish(t.database.db, user!.id, "FanOut", {});
      for (let i = 0; i < 100 && received.length < 20; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(20);
      expect(selects - before).toBe(1);
      for (const u of unsubscribe) u();
    } finally {
      await hub.stop();
    }
  });
});
