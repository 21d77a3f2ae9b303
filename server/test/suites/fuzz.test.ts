/**
 * Fuzzing every (route, method) of core's ROUTES with bad bodies, bad headers and bad query
 * strings: the server never answers 5xx to bad input, and every 4xx is the error envelope.
 * Run counts are modest so the suite stays fast; fast-check prints the seed of any failure.
 */
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandHref } from "@portal/core/wire/routes";
import { apiHeaders, crossCuttingBackends, createTestApp, type TestApp } from "../testDatabase";
import { badBody, badHeaders, badQuery, pathId, type RawBody } from "./fuzzArbitraries";
import { ROUTE_METHODS, emailOf, expectErrorEnvelope, isItemRoute, itemSamples, label, signIn, type ItemSample, type RouteMethod } from "./suiteHelpers";

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 12);

interface Sent {
  readonly statusCode: number;
  readonly body: string;
  readonly contentType: string;
}

/**
 * One request through light-my-request. The payload is read as a stream so that a successful
 * event stream (which never ends) answers at its head; it is then cut off.
 */
async function send(app: FastifyInstance, method: string, url: string, headers: Record<string, string>, body: RawBody | undefined): Promise<Sent> {
  const abort = new AbortController();
  const res = await app.inject({
    method: method as "GET", url, payloadAsStream: true, signal: abort.signal,
    headers: { ...headers, ...(body?.contentType === undefined ? {} : { "content-type": body.contentType }) },
    ...(body?.payload === undefined ? {} : { payload: body.payload }),
  });
  const contentType = String(res.headers["content-type"] ?? "");
  if (contentType.startsWith("text/event-stream")) {
    abort.abort();
    return { statusCode: res.statusCode, body: "", contentType };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString("utf8"), contentType };
}

/** The invariant: no 5xx; a 4xx is the error envelope; a JSON 2xx is the success envelope. */
function check(m: RouteMethod, sent: Sent, what: string): void {
  const context = `${label(m)} ${what}`;
  expect(sent.statusCode, `${context} answered ${sent.statusCode}: ${sent.body.slice(0, 300)}`).toBeLessThan(500);
  if (sent.statusCode >= 400) expectErrorEnvelope(sent, context);
  else if (sent.contentType.startsWith("application/json") && m.route.rel !== "OpenApi") {
    expect(JSON.parse(sent.body), context).toMatchObject({ status: "success" });
  }
}

describe.each(await crossCuttingBackends())("fuzz on %s", (kind) => {
  let t: TestApp;
  let samples: Record<string, ItemSample>;
  let valid: { secret: string; company: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    samples = await itemSamples(t);
    // A throwaway token stands in for "own" access token: deleting the admin's own would end the run's session.
    samples["AccessToken"] = { own: (await signIn(t.app, emailOf("admin"))).publicId, foreign: samples["AccessToken"]!.foreign };
    valid = { secret: (await signIn(t.app, emailOf("admin"))).secretId, company: t.demo.companies["demo"]! };
  });
  afterAll(async () => { await t?.close(); });

  const pathOf = (m: RouteMethod): fc.Arbitrary<string> =>
    isItemRoute(m.route) ? pathId(samples[m.route.rel]?.own ?? "AAAAAAAAAAAA").map((id) => expandHref(m.route.href, { publicId: "ID" }).replace("ID", id)) : fc.constant(m.route.href);
  const describeBody = (b: RawBody) => `body ${b.contentType ?? "(no type)"} ${JSON.stringify((b.payload ?? "").slice(0, 80))}…(${b.payload?.length ?? 0} chars)`;

  it.each(ROUTE_METHODS.map((m) => [label(m), m] as const))("property: %s answers bad bodies below 500, 4xx as the error envelope", async (_, m) => {
    await fc.assert(fc.asyncProperty(pathOf(m), badBody, async (url, body) => {
      check(m, await send(t.app, m.method, url, apiHeaders(valid.secret, valid.company), m.method === "GET" ? { ...body, payload: body.payload?.slice(0, 1000) } : body), `${url} ${describeBody(body)}`);
    }), { numRuns: RUNS });
  });

  it.each(ROUTE_METHODS.map((m) => [label(m), m] as const))("property: %s answers bad headers below 500, 4xx as the error envelope", async (_, m) => {
    await fc.assert(fc.asyncProperty(pathOf(m), badHeaders(valid), fc.constantFrom<RawBody | undefined>(undefined, { payload: "{}", contentType: "application/json" }),
      async (url, headers, body) => {
        check(m, await send(t.app, m.method, url, headers, m.method === "GET" ? undefined : body), `${url} headers ${JSON.stringify(headers).slice(0, 200)}`);
      }), { numRuns: RUNS });
  });

  it.each(ROUTE_METHODS.map((m) => [label(m), m] as const))("property: %s answers bad query strings below 500, 4xx as the error envelope", async (_, m) => {
    await fc.assert(fc.asyncProperty(pathOf(m), badQuery, async (url, query) => {
      const body: RawBody | undefined = m.method === "GET" ? undefined : { payload: "{}", contentType: "application/json" };
      check(m, await send(t.app, m.method, `${url}?${query}`, apiHeaders(valid.secret, valid.company), body), `${url}?${query.slice(0, 300)}`);
    }), { numRuns: RUNS });
  });

  it("answers 413 with the error envelope to a body over the 32 MiB limit", async () => {
    const res = await t.app.inject({
      method: "POST", url: "/api/translations?mode=upsert", headers: { ...apiHeaders(valid.secret, valid.company), "content-type": "application/json" },
      payload: JSON.stringify([{ key: "BIG", languages: { en: "x".repeat(33 * 1024 * 1024) } }]),
    });
    expect(res.statusCode).toBe(413);
    expectErrorEnvelope(res, "413");
  });

  it("still serves normally after the fuzzing (no poisoned state)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/group-types?fields=name", headers: apiHeaders(valid.secret, valid.company) });
    expect(res.statusCode).toBe(200);
  });
});
