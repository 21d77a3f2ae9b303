import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { ClockShape } from "@portal/core/ports/Clock";
import { LEARNED_START_KEY, MAX_CALLS, MAX_PAGES, PREFETCH_TTL_MS, RECORD_MS, learnedStart } from "../src/http/learnedStart";
import { makeStorageLocal } from "../src/storage/StorageLocal";
import { MapStorage } from "./support";

const ORIGIN = "http://portal.test";


/**
 * A server behind fetch: answers each request with what it was asked (method, URL, secret,
 * company) and how many writes it had taken, so a test sees whose answer a call got and when.
 */
function fakeServer() {
  const asked: string[] = [];
  let writes = 0;
  let down = false;
  const serverFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    asked.push(`${request.method} ${request.url.replace(ORIGIN, "")}`);
    if (down) throw new TypeError("Failed to fetch");
    if (request.method !== "GET") writes += 1;
    const body = [request.method, request.url.replace(ORIGIN, ""), request.headers.get("authorization") ?? "-", request.headers.get("api-company") ?? "-", writes].join(" ");
    return new Response(body, { status: 200 });
  }) as typeof fetch;
  return { fetch: serverFetch, asked, setDown: (d: boolean) => (down = d), get writes() { return writes; } };
}

const answerOf = (method: string, path: string, secret: string | null, company: string | null, writes: number) =>
  [method, path, secret === null ? "-" : `Bearer ${secret}`, company ?? "-", writes].join(" ");

/** A call as the HTTP adapter makes it: ky hands fetch its Request and an options object. */
const call = (f: typeof fetch, path: string, { secret = "s1" as string | null, company = "C1" as string | null, method = "GET" } = {}) => {
  const headers = new Headers({ accept: "application/json", "api-version": "2" });
  if (secret !== null) headers.set("authorization", `Bearer ${secret}`);
  if (company !== null) headers.set("api-company", company);
  return f(new Request(`${ORIGIN}${path}`, { method, headers }), {}).then((r) => r.text());
};

function setup(now: { t: number }, web = new MapStorage()) {
  const clock: ClockShape = { now: Effect.sync(() => now.t), timeZone: Effect.succeed("UTC") };
  return { web, storage: makeStorageLocal(web, clock) };
}

const START_CALLS = ["/api/", "/api/my-user", "/api/group-types?fields=color%2Cname&page-size=4000", "/api/agents?page-size=50"];

describe("learnedStart", () => {
  it("keeps a start's reads of the API and sends them first at the next start of that page, each answer taken once", async () => {
    const now = { t: 0 };
    const { web, storage } = setup(now);
    const server = fakeServer();
    const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/devices", secret: "s1", company: "C1", now: () => now.t });
    for (const path of START_CALLS) await call(first.fetch, path);
    // Not kept: the event stream, the token calls, writes, other origins.
    await call(first.fetch, "/api/events");
    await call(first.fetch, "/api/access-tokens/x");
    await first.fetch(new Request("http://elsewhere.test/api/x"), {});
    await call(first.fetch, "/api/device-groups", { method: "POST" });
    first.finish();
    expect(server.asked).toHaveLength(8);

    server.asked.length = 0;
    const second = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/devices", secret: "s2", company: "C1", now: () => now.t });
    // Sent at once, with this session's secret, before the app asked for anything.
    expect(server.asked).toEqual(START_CALLS.map((p) => `GET ${p}`));
    const writes = server.writes;
    for (const path of START_CALLS) expect(await call(second.fetch, path, { secret: "s2" })).toBe(answerOf("GET", path, "s2", "C1", writes));
    expect(server.asked).toHaveLength(START_CALLS.length);
    // Taken once: the same call again goes out.
    await call(second.fetch, "/api/my-user", { secret: "s2" });
    expect(server.asked).toHaveLength(START_CALLS.length + 1);
    expect(web.getItem(LEARNED_START_KEY)).not.toBeNull();
  });

  it("never hands an answer to a call that differs in a header, the secret or the company", async () => {
    const now = { t: 0 };
    const { storage } = setup(now);
    const server = fakeServer();
    const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    await call(first.fetch, "/api/agents");
    first.finish();
    const second = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    expect(await call(second.fetch, "/api/agents", { secret: "other" })).toBe(answerOf("GET", "/api/agents", "other", "C1", 0));
    expect(await call(second.fetch, "/api/agents", { company: "C2" })).toBe(answerOf("GET", "/api/agents", "s1", "C2", 0));
  });

  it("sends no kept call of another company, and nothing when signed out", async () => {
    const now = { t: 0 };
    const { storage } = setup(now);
    const server = fakeServer();
    const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    await call(first.fetch, "/api/agents");
    await call(first.fetch, "/api/my-user", { company: null });
    first.finish();
    server.asked.length = 0;
    learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C2", now: () => now.t });
    expect(server.asked).toEqual(["GET /api/my-user"]);
    server.asked.length = 0;
    const out = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: null, company: null, now: () => now.t });
    expect(server.asked).toEqual([]);
    // Signed out, nothing is noted either.
    await call(out.fetch, "/api/registrations", { secret: null, company: null });
    out.finish();
    const again = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    expect(server.asked.filter((a) => a.includes("registrations"))).toHaveLength(1);
    again.forget();
  });

  it("drops answers after a write, after PREFETCH_TTL_MS, and a prefetch that failed; notes only RECORD_MS", async () => {
    const now = { t: 0 };
    const { storage } = setup(now);
    const server = fakeServer();
    const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    await call(first.fetch, "/api/a");
    await call(first.fetch, "/api/b");
    now.t += RECORD_MS + 1;
    await call(first.fetch, "/api/late");
    first.finish();

    server.asked.length = 0;
    const afterWrite = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    expect(server.asked).toEqual(["GET /api/a", "GET /api/b"]);
    await call(afterWrite.fetch, "/api/x", { method: "PATCH" });
    expect(await call(afterWrite.fetch, "/api/a")).toBe(answerOf("GET", "/api/a", "s1", "C1", server.writes));
    expect(server.asked).toEqual(["GET /api/a", "GET /api/b", "PATCH /api/x", "GET /api/a"]);

    server.asked.length = 0;
    const stale = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    now.t += PREFETCH_TTL_MS + 1;
    await call(stale.fetch, "/api/a");
    expect(server.asked).toEqual(["GET /api/a", "GET /api/b", "GET /api/a"]);

    server.asked.length = 0;
    server.setDown(true);
    const failed = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    server.setDown(false);
    expect(await call(failed.fetch, "/api/a")).toBe(answerOf("GET", "/api/a", "s1", "C1", server.writes));
    expect(server.asked).toEqual(["GET /api/a", "GET /api/b", "GET /api/a"]);
  });

  it("lets answers nobody took go once PREFETCH_TTL_MS has passed", async () => {
    const now = { t: 0 };
    const { storage } = setup(now);
    const server = fakeServer();
    const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
    await call(first.fetch, "/api/a");
    first.finish();
    vi.useFakeTimers();
    try {
      server.asked.length = 0;
      const second = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
      vi.advanceTimersByTime(PREFETCH_TTL_MS + 1);
      // The clock the module reads has not moved: only the purge can have dropped the answer.
      await call(second.fetch, "/api/a");
      expect(server.asked).toEqual(["GET /api/a", "GET /api/a"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps at most MAX_PAGES pages and MAX_CALLS calls a page; forget removes them all", async () => {
    const now = { t: 0 };
    const { web, storage } = setup(now);
    const server = fakeServer();
    for (let page = 0; page < MAX_PAGES + 2; page++) {
      const s = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: `/p${page}`, secret: "s1", company: "C1", now: () => now.t });
      for (let i = 0; i < MAX_CALLS + 5; i++) await call(s.fetch, `/api/x${i}`);
      s.finish();
    }
    const kept = JSON.parse(JSON.parse(web.getItem(LEARNED_START_KEY)!).v) as Array<[string, unknown[]]>;
    expect(kept.map(([page]) => page)).toEqual(Array.from({ length: MAX_PAGES }, (_, i) => `/p${i + 2}`));
    expect(kept.every(([, calls]) => calls.length === MAX_CALLS)).toBe(true);
    server.asked.length = 0;
    learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p0", secret: "s1", company: "C1", now: () => now.t });
    expect(server.asked).toEqual([]);
    learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p9", secret: "s1", company: "C1", now: () => now.t }).forget();
    expect(web.getItem(LEARNED_START_KEY)).toBeNull();
  });

  it("reads unreadable kept calls as none", () => {
    const now = { t: 0 };
    const { web, storage } = setup(now);
    const server = fakeServer();
    for (const garbage of ["not json", JSON.stringify({ v: "{", e: null }), JSON.stringify({ v: JSON.stringify([["/p", [{ url: 1 }]]]), e: null })]) {
      web.setItem(LEARNED_START_KEY, garbage);
      learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
      expect(server.asked).toEqual([]);
    }
  });

  it("property: every answer is the one its own call would get from the server at that moment", async () => {
    const paths = ["/api/a", "/api/b", "/api/c?x=1"];
    const step = fc.record({
      path: fc.constantFrom(...paths),
      method: fc.constantFrom("GET", "GET", "GET", "POST"),
      secret: fc.constantFrom("s1", "s2"),
      company: fc.constantFrom("C1", "C2", null),
      wait: fc.constantFrom(0, 0, 3_000),
    });
    await fc.assert(fc.asyncProperty(fc.array(step, { maxLength: 6 }), fc.array(step, { maxLength: 12 }), async (learning, app) => {
      const now = { t: 0 };
      const { storage } = setup(now);
      const server = fakeServer();
      const first = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
      for (const s of learning) await call(first.fetch, s.path, s);
      first.finish();
      const second = learnedStart({ storage, fetch: server.fetch, origin: ORIGIN, page: "/p", secret: "s1", company: "C1", now: () => now.t });
      for (const s of app) {
        now.t += s.wait;
        const writesBefore = server.writes;
        const got = await call(second.fetch, s.path, s);
        expect(got).toBe(answerOf(s.method, s.path, s.secret, s.company, s.method === "GET" ? writesBefore : writesBefore + 1));
      }
    }), { numRuns: 200 });
  });
});
