/**
 * The ReadCache: a model-based property for its generation rule, and the app-level guarantees
 * (read your own write, logout, another process' write through NOTIFY, the TTL for changes
 * made outside the API) on both backends.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../src/db/Database";
import { openDatabase } from "../src/db/Database";
import { buildApp } from "../src/buildApp";
import { groupTypes } from "../src/db/schema";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { CACHE_MAX_ANSWER_CHARS, CACHE_TTL_MS, ReadCache } from "../src/http/ReadCache";
import { acceptedEncoding, COMPRESS_MIN_BYTES } from "../src/http/cachedAnswerReply";
import { apiHeaders, availableBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const noDatabase = { kind: "pglite" } as unknown as Database;

describe("ReadCache", () => {
  // Two processes share one store of two companies. A reader stamps its company's scope, reads
  // the store, then sets; a writer changes one company's value and then calls written() on its
  // process, which the other process hears (NOTIFY) at some later step. Whatever the
  // interleaving, a process never answers a value older than its company's last write that it
  // has finished or heard of; and a write in the other company never drops an entry.
  it("property: no stale read after a successful write, for any interleaving of two processes and two companies", () => {
    type Step =
      | { kind: "begin"; p: number; c: number } | { kind: "finishRead"; reader: number } | { kind: "write"; p: number; c: number }
      | { kind: "deliver" } | { kind: "get"; p: number; c: number } | { kind: "tick"; ms: number };
    const pc = { p: fc.nat(1), c: fc.nat(1) };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record(pc).map((x) => ({ kind: "begin" as const, ...x })),
      fc.nat(7).map((reader) => ({ kind: "finishRead" as const, reader })),
      fc.record(pc).map((x) => ({ kind: "write" as const, ...x })),
      fc.constant({ kind: "deliver" as const }),
      fc.record(pc).map((x) => ({ kind: "get" as const, ...x })),
      fc.integer({ min: 0, max: 600 }).map((ms) => ({ kind: "tick" as const, ms })),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
      const clock = ClockStepped.make(Date.UTC(2025, 0, 1));
      const caches = [new ReadCache(noDatabase, clock), new ReadCache(noDatabase, clock)];
      const store = [0, 0];
      /** Per process and company: the value as of the last write the process finished or heard. */
      const known = [[0, 0], [0, 0]];
      const inFlight: Array<{ c: number; value: number }> = [];
      const readers: Array<{ p: number; c: number; stamp: string; done: boolean }> = [];
      const key = (c: number) => `company-${c}`;
      for (const s of steps) {
        if (s.kind === "begin") readers.push({ p: s.p, c: s.c, stamp: caches[s.p]!.stamp({ company: s.c }), done: false });
        else if (s.kind === "finishRead") {
          const r = readers[s.reader];
          if (r && !r.done) { r.done = true; caches[r.p]!.answers.set(key(r.c), r.stamp, { status: 200, body: String(store[r.c]) }, { company: r.c }); }
        } else if (s.kind === "write") {
          store[s.c]!++;
          caches[s.p]!.written({ company: s.c });
          known[s.p]![s.c] = store[s.c]!;
          inFlight.push({ c: s.c, value: store[s.c]! });
        } else if (s.kind === "deliver") {
          // The other process hears every write made so far (in both directions; a process
          // ignores its own, as PostgreSQL delivers NOTIFY to the listener of the sender too).
          for (const w of inFlight.splice(0)) for (const p of [0, 1]) {
            if (known[p]![w.c]! < w.value) { caches[p]!.written({ company: w.c }); known[p]![w.c] = w.value; }
          }
        } else if (s.kind === "tick") clock.advance(s.ms);
        else {
          const hit = caches[s.p]!.answers.get(key(s.c));
          if (hit !== undefined) expect(Number(hit.body)).toBeGreaterThanOrEqual(known[s.p]![s.c]!);
        }
      }
    }));
  });

  it("a write in one company, or of another user, leaves the entries of the others alone", () => {
    const cache = new ReadCache(noDatabase, ClockStepped.make(Date.UTC(2025, 0, 1)));
    cache.answers.set("a", cache.stamp({ company: 1, user: 7 }), { status: 200, body: "a" }, { company: 1, user: 7 });
    cache.answers.set("b", cache.stamp({ company: 2, user: 7 }), { status: 200, body: "b" }, { company: 2, user: 7 });
    cache.tokens.set("t8", cache.stamp({ user: 8 }), "t8", { user: 8 });
    cache.written({ company: 2, user: 9 });
    expect(cache.answers.get("a")?.body).toBe("a");
    expect(cache.answers.get("b")).toBeUndefined();
    expect(cache.tokens.get("t8")).toBe("t8");
    cache.written({ user: 8 });
    expect(cache.tokens.get("t8")).toBeUndefined();
    expect(cache.answers.get("a")?.body).toBe("a");
  });

  it("shares one load among concurrent misses, but not with a request that comes after a write of its scope", async () => {
    const cache = new ReadCache(noDatabase, ClockStepped.make(Date.UTC(2025, 0, 1)));
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const load = async () => { const n = ++calls; await gate; return `v${n}`; };
    const scope = { company: 1 };
    const first = cache.tokens.getOrLoad("k", scope, load);
    const second = cache.tokens.getOrLoad("k", scope, load);
    cache.written({ company: 1 });
    const afterWrite = cache.tokens.getOrLoad("k", scope, load);
    release();
    expect(await Promise.all([first, second, afterWrite])).toEqual(["v1", "v1", "v2"]);
    expect(calls).toBe(2);
    // The first load ran before the write, so only the second one may be kept.
    expect(cache.tokens.get("k")).toBe("v2");
  });

  it("keeps a value whose scope it learns from the value only when no write at all finished during the load", async () => {
    const cache = new ReadCache(noDatabase, ClockStepped.make(Date.UTC(2025, 0, 1)));
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const raced = cache.tokens.getOrLoad("t", () => ({ user: 5 }), async () => { await gate; return "raced"; });
    cache.written({ company: 3 });
    release();
    expect(await raced).toBe("raced");
    expect(cache.tokens.get("t")).toBeUndefined();
    expect(await cache.tokens.getOrLoad("t", () => ({ user: 5 }), async () => "calm")).toBe("calm");
    expect(cache.tokens.get("t")).toBe("calm");
  });

  it("keeps nothing the predicate refuses, and a failed load is not kept", async () => {
    const cache = new ReadCache(noDatabase, ClockStepped.make(Date.UTC(2025, 0, 1)));
    expect(await cache.tokens.getOrLoad("n", {}, async () => null, (v) => v !== null)).toBeNull();
    expect(cache.tokens.get("n")).toBeUndefined();
    await expect(cache.tokens.getOrLoad("e", {}, async () => { throw new Error("down"); })).rejects.toThrow("down");
    expect(await cache.tokens.getOrLoad("e", {}, async () => "up")).toBe("up");
  });

  it("holds at most its budget of answer text, newest first, and lets go of everything when it drops all", () => {
    const cache = new ReadCache(noDatabase, ClockStepped.make(Date.UTC(2025, 0, 1)));
    const body = "x".repeat(200_000);
    for (let i = 0; i < 200; i++) cache.answers.set(`/api/translations?page-size=${i}`, cache.stamp(), { status: 200, body });
    expect(cache.answers.heldWeight).toBeLessThanOrEqual(CACHE_MAX_ANSWER_CHARS);
    expect(cache.answers.size).toBe(Math.floor(CACHE_MAX_ANSWER_CHARS / body.length));
    expect(cache.answers.get("/api/translations?page-size=199")).toBeDefined();
    expect(cache.answers.get("/api/translations?page-size=0")).toBeUndefined();
    cache.dropAll();
    expect(cache.answers.size).toBe(0);
    expect(cache.answers.heldWeight).toBe(0);
  });

  it("forgets an entry after the TTL and keeps at most its bound of entries", () => {
    const clock = ClockStepped.make(Date.UTC(2025, 0, 1));
    const cache = new ReadCache(noDatabase, clock);
    cache.tokens.set("a", cache.stamp(), "1");
    clock.advance(CACHE_TTL_MS - 1);
    expect(cache.tokens.get("a")).toBe("1");
    clock.advance(1);
    expect(cache.tokens.get("a")).toBeUndefined();
    for (let i = 0; i < 6_000; i++) cache.tokens.set(`k${i}`, cache.stamp(), "x");
    expect(cache.tokens.size).toBe(5_000);
    expect(cache.tokens.get("k0")).toBeUndefined();
    expect(cache.tokens.get("k5999")).toBe("x");
  });
});

describe.each(await availableBackends())("cached reads on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let h: Record<string, string>;
  const clock = ClockStepped.make(Date.now());
  const list = async (app = t.app, headers = h) =>
    (await app.inject({ method: "GET", url: "/api/group-types?fields=name", headers })).json() as { status: string; data: { name: string }[] };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = await signInAs(t.app, "admin@example.com");
    h = apiHeaders(admin, t.demo.companies["demo"]);
  });
  afterAll(async () => { await t?.close(); });

  it("answers a write at once, in the writer's next read", async () => {
    await list();
    const res = await t.app.inject({ method: "POST", url: "/api/group-types", headers: h, payload: { name: "Cached once", color: "#112233" } });
    expect(res.statusCode).toBe(201);
    expect((await list()).data.map((g) => g.name)).toContain("Cached once");
  });

  it("serves a hit as the miss answered it: same JSON, security headers, compressed once per encoding as the client accepts", async () => {
    const url = "/api/group-types?fields=name,color,order&page-size=100";
    const made = await t.app.inject({
      method: "POST", url: "/api/group-types", headers: h,
      payload: Array.from({ length: 30 }, (_, i) => ({ name: `Hit ${i} ${"x".repeat(40)}`, color: "#112233" })),
    });
    expect(made.statusCode).toBe(201);
    // The other tests of this file read the first page of the list: these go again at the end.
    onTestFinished(async () => {
      const gone = await t.app.inject({ method: "DELETE", url: "/api/group-types", headers: h, payload: (made.json() as { data: { publicId: string }[] }).data.map((g) => ({ publicId: g.publicId })) });
      expect(gone.statusCode).toBeLessThan(300);
    });
    const miss = await t.app.inject({ method: "GET", url, headers: h });
    expect(miss.statusCode).toBe(200);
    expect(miss.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync], ["gzip;q=1, br;q=0", "gzip", gunzipSync], [undefined, undefined, (b: Buffer) => b],
    ] as const) {
      const hit = await t.app.inject({ method: "GET", url, headers: { ...h, ...(accept ? { "accept-encoding": accept } : {}) } });
      expect(hit.statusCode).toBe(200);
      expect(hit.headers["content-encoding"]).toBe(encoding);
      expect(hit.headers["vary"]).toBe("accept-encoding");
      expect(hit.headers["x-content-type-options"]).toBe("nosniff");
      expect(hit.headers["cache-control"]).toBe("no-store");
      expect(hit.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(Number(hit.headers["content-length"])).toBe(hit.rawPayload.length);
      expect(JSON.parse(decode(hit.rawPayload).toString("utf8"))).toEqual(miss.json());
    }
  });

  it("reads Accept-Encoding as a client means it", () => {
    expect(acceptedEncoding(undefined)).toBe("identity");
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedEncoding("BR;Q=0.5")).toBe("br");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*;q=0, identity")).toBe("identity");
    expect(acceptedEncoding("deflate")).toBe("identity");
    expect(acceptedEncoding(["gzip", "br;q=0"])).toBe("gzip");
  });

  const signIn = async (email: string, expiresIn = 3600) => {
    const res = await t.app.inject({
      method: "POST", url: "/api/access-tokens",
      headers: { "api-version": "2", authorization: `Basic ${Buffer.from(`${email}::portal-demo`).toString("base64")}` },
      payload: { expiresIn },
    });
    return res.json().data as { publicId: string; secretId: string };
  };

  it("refuses a token in the very next request after logout", async () => {
    const token = await signIn("engineer@example.com");
    const mine = apiHeaders(token.secretId);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: mine })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: mine })).statusCode).toBe(200);
    const out = await t.app.inject({ method: "DELETE", url: `/api/access-tokens/${token.publicId}`, headers: mine });
    expect(out.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: mine })).statusCode).toBe(401);
  });

  it("refuses a cached token once it expires", async () => {
    const mine = apiHeaders((await signIn("approver@example.com", 60)).secretId);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: mine })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await t.app.inject({ method: "GET", url: "/api/my-user", headers: mine })).statusCode).toBe(401);
  });

  it("serves a change made outside the API once the TTL has passed", async () => {
    const before = await list();
    await t.database.db.update(groupTypes).set({ name: "Renamed behind the API" }).where(eq(groupTypes.name, "Cached once"));
    expect((await list()).data).toEqual(before.data);
    clock.advance(CACHE_TTL_MS);
    expect((await list()).data.map((g) => g.name)).toContain("Renamed behind the API");
  });

  it.runIf(kind === "postgres")("drops its entries when another process on the database writes (NOTIFY), without waiting for the TTL", async () => {
    const second: Database = await openDatabase({ kind: "postgres", url: t.url! });
    const app2 = await buildApp({ database: second, webDist: null, clock });
    try {
      await list();
      const res = await app2.inject({ method: "POST", url: "/api/group-types", headers: h, payload: { name: "From the second process", color: "#445566" } });
      expect(res.statusCode).toBe(201);
      // The clock stands still, so only the notification can make the first process read again.
      const deadline = Date.now() + 5_000;
      let names: string[] = [];
      while (Date.now() < deadline) {
        names = (await list()).data.map((g) => g.name);
        if (names.includes("From the second process")) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(names).toContain("From the second process");
    } finally {
      await app2.close();
      await second.close();
    }
  });

  it.runIf(kind === "postgres")("drops its entries when its listening connection comes back, and hears NOTIFY again", async () => {
    await list();
    // A change the process cannot hear about, then the loss of its LISTEN connection.
    await t.database.db.update(groupTypes).set({ name: "Renamed while unheard" }).where(eq(groupTypes.name, "From the second process"));
    expect((await list()).data.map((g) => g.name)).not.toContain("Renamed while unheard");
    const dbName = new URL(t.url!).pathname.slice(1);
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and query like 'LISTEN%'`);
    const seen = async (name: string) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if ((await list()).data.some((g) => g.name === name)) return true;
        await new Promise((r) => setTimeout(r, 25));
      }
      return false;
    };
    expect(await seen("Renamed while unheard")).toBe(true);
    // Listening again: another process' write is heard with the clock standing still.
    const second: Database = await openDatabase({ kind: "postgres", url: t.url! });
    const app2 = await buildApp({ database: second, webDist: null, clock });
    try {
      const res = await app2.inject({ method: "POST", url: "/api/group-types", headers: h, payload: { name: "After the reconnection", color: "#778899" } });
      expect(res.statusCode).toBe(201);
      expect(await seen("After the reconnection")).toBe(true);
    } finally {
      await app2.close();
      await second.close();
    }
  });
});
