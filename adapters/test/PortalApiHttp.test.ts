import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Effect } from "effect";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAccessRequestRequired } from "@portal/core/ports/api/TunnelsApi";
import { discoveryLinks } from "@portal/core/wire/routes";
import { makePortalApiHttp } from "../src/http/PortalApiHttp";
import { basicCredentials } from "../src/http/areas/session";
import { brandingHost } from "../src/http/brandingHost";

// A real HTTP server answering like the portal: discovery from core's route table (as an older
// portal without pages would: PageList is left out, so a rel the API does not offer can be tried),
// and scripted answers per path, recording the headers each request carried.
let server: Server;
let baseUrl = "";
const seen: Array<{ method: string; url: string; headers: IncomingMessage["headers"]; body: string }> = [];
const answers = new Map<string, { status: number; body: unknown; headers?: Record<string, string> }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const path = (req.url ?? "").split("?")[0] ?? "";
      const answer = path === "/api/" ? { status: 200, body: { status: "success", type: "Discovery", data: discoveryLinks().filter((l) => l.rel !== "PageList"), moreAfter: null } } : answers.get(`${req.method} ${path}`);
      // A text body is a file (an export), sent as is with the answer's own headers.
      if (answer && typeof answer.body === "string") {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body);
        return;
      }
      res.writeHead(answer?.status ?? 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer?.body ?? { status: "error", type: "Error", data: [{ message: "not found" }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ok = (data: unknown) => ({ status: 200, body: { status: "success", type: "X", data, moreAfter: null } });
const fail = (status: number, message: string, propertyName?: string) => ({
  status, body: { status: "error", type: "Error", data: [{ message, ...(propertyName ? { propertyName } : {}) }] },
});

function api(overrides: { secret?: string | null; company?: string | null } = {}) {
  const failures: string[] = [];
  const port = makePortalApiHttp({
    baseUrl,
    brandingHost: "portal.example.com",
    session: { secret: () => overrides.secret ?? null, companyId: () => overrides.company ?? null },
    onFailure: (e) => failures.push(e._tag),
  });
  return { port, failures };
}
const run = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(Effect.result(e));

describe("PortalApiHttp", () => {
  it("resolves URLs by rel and sends Api-Version, Bearer and Api-Company", async () => {
    answers.set("GET /api/group-types", ok([{ publicId: "g1", name: "Site", color: null, order: 0 }]));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.groupTypes.list({ fields: "color,name,order" }));
    expect(result._tag).toBe("Success");
    const req = seen.findLast((r) => r.url.startsWith("/api/group-types"));
    expect(req?.url).toBe("/api/group-types?fields=color%2Cname%2Corder");
    expect(req?.headers["api-version"]).toBe("2");
    expect(req?.headers.authorization).toBe("Bearer s3cret");
    expect(req?.headers["api-company"]).toBe("c1");
  });

  it("first calls at the same moment share one discovery request; a failed one is asked again", async () => {
    answers.set("GET /api/group-types", ok([]));
    answers.set("GET /api/registrations", { status: 200, body: { status: "success", type: "Registrations", data: { allowed: false }, moreAfter: null } });
    const { port } = api({ secret: "s3cret", company: "c1" });
    const before = seen.filter((r) => r.url === "/api/").length;
    await Promise.all([run(port.discovery.discover()), run(port.groupTypes.list({})), run(port.discovery.discover())]);
    expect(seen.filter((r) => r.url === "/api/").length - before).toBe(1);
    await run(port.discovery.discover());
    expect(seen.filter((r) => r.url === "/api/").length - before).toBe(1);

    const nowhere = makePortalApiHttp({ baseUrl: "http://127.0.0.1:9", brandingHost: "x", session: { secret: () => null, companyId: () => null } });
    const [a, b] = await Promise.all([run(nowhere.discovery.discover()), run(nowhere.discovery.discover())]);
    expect([a._tag, b._tag]).toEqual(["Failure", "Failure"]);
    expect((await run(nowhere.discovery.discover()))._tag).toBe("Failure");
  });

  it("signs in with Basic email:otp:password and decodes the token", async () => {
    answers.set("POST /api/access-tokens", ok({ publicId: "t1", secretId: "sec", expiresOn: "2030-01-01T00:00:00Z" }));
    const { port } = api();
    const result = await run(port.auth.createAccessToken({ kind: "password", email: "a@b.c", otp: "", password: "pw" }, 3600));
    expect(result._tag === "Success" && result.success.secretId).toBe("sec");
    const req = seen.findLast((r) => r.url.startsWith("/api/access-tokens"));
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from("a@b.c::pw").toString("base64")}`);
    expect(JSON.parse(req?.body ?? "{}")).toEqual({ expiresIn: 3600 });
  });

  it("turns error.data into typed errors: 401 reason, 429 message, 504 Gateway Timeout, 5xx unavailable", async () => {
    const { port, failures } = api();
    answers.set("POST /api/access-tokens", fail(401, "TWO_FACTOR_REQUIRED", "otp"));
    const two = await run(port.auth.createAccessToken({ kind: "password", email: "a", otp: "", password: "b" }, 60));
    expect(two._tag === "Failure" && two.failure._tag === "Unauthenticated" && two.failure.reason).toBe("TWO_FACTOR_REQUIRED");
    answers.set("POST /api/access-tokens", fail(429, "Too many failed sign-ins; try again in 15 minutes"));
    const locked = await run(port.auth.createAccessToken({ kind: "password", email: "a", otp: "", password: "b" }, 60));
    expect(locked._tag === "Failure" && locked.failure._tag === "RateLimited" && locked.failure.message).toMatch(/15 minutes/);
    answers.set("GET /api/my-user", { status: 504, body: "<html>gateway</html>" });
    const timeout = await run(port.me.myUser());
    expect(timeout._tag === "Failure" && timeout.failure.message).toBe("Gateway Timeout error");
    answers.set("GET /api/my-user", { status: 503, body: null });
    const down = await run(port.me.myUser());
    expect(down._tag === "Failure" && down.failure._tag).toBe("ApiUnavailable");
    expect(failures).toEqual(["Unauthenticated", "RateLimited", "GatewayTimeout", "ApiUnavailable"]);
  });

  it("reports status 0 as ApiUnavailable when nothing listens", async () => {
    const port = makePortalApiHttp({ baseUrl: "http://127.0.0.1:9", brandingHost: "x", session: { secret: () => null, companyId: () => null } });
    const result = await run(port.discovery.discover());
    expect(result._tag === "Failure" && result.failure._tag === "ApiUnavailable" && result.failure.status).toBe(0);
  });

  it("asks branding by host without authorization, with the Api-Branding header", async () => {
    answers.set("GET /api/brandings", ok([{ publicId: "b1", name: "Demo", theme: "dark" }]));
    const { port } = api({ secret: "s3cret" });
    const result = await run(port.me.brandingByHost("localhost"));
    expect(result._tag === "Success" && result.success?.name).toBe("Demo");
    const req = seen.findLast((r) => r.url.startsWith("/api/brandings"));
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers["api-branding"]).toBe("localhost");
  });

  it("asks whether the host takes registrations without authorization; an answer that does not decode is InvalidInput", async () => {
    answers.set("GET /api/registrations", ok({ allowed: true }));
    const { port } = api({ secret: "s3cret" });
    const allowed = await run(port.selfService.registrationAllowed());
    expect(allowed._tag === "Success" && allowed.success).toBe(true);
    const req = seen.findLast((r) => r.url.startsWith("/api/registrations"));
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers["api-branding"]).toBe("portal.example.com");
    answers.set("GET /api/registrations", ok({ allowed: "yes" }));
    const bad = await run(port.selfService.registrationAllowed());
    expect(bad._tag === "Failure" && bad.failure._tag).toBe("InvalidInput");
  });

  it("runs an area loaded on its first call like any other: a JSON body with its content type, failures told once", async () => {
    answers.set("POST /api/group-types", ok([{ publicId: "gt9" }]));
    const { port, failures } = api({ secret: "s3cret", company: "c1" });
    const created = await run(port.groupTypes.add({ name: "Lines", color: "#112233" }));
    expect(created._tag === "Success" && created.success.publicId).toBe("gt9");
    const req = seen.findLast((r) => r.method === "POST" && r.url.startsWith("/api/group-types"));
    expect(req?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req?.body ?? "null")).toEqual({ name: "Lines", color: "#112233" });
    const nobody = makePortalApiHttp({
      baseUrl: "http://127.0.0.1:9", brandingHost: "x", session: { secret: () => null, companyId: () => null }, onFailure: (e) => failures.push(e._tag),
    });
    const down = await run(nobody.groupTypes.list());
    expect(down._tag === "Failure" && down.failure._tag).toBe("ApiUnavailable");
    expect(failures).toEqual(["ApiUnavailable"]);
  });

  it("fails with a clear InvalidInput for a rel the API does not offer", async () => {
    const { port } = api();
    const result = await run(port.pages.list());
    expect(result._tag === "Failure" && result.failure._tag).toBe("InvalidInput");
  });
});

describe("PortalApiHttp tunnels", () => {
  const SESSION = {
    publicId: "tunnel000001", user: { publicId: "u1", name: "Eddie" }, agent: { publicId: "agent1", name: "Press 1" },
    service: { publicId: "vpn", name: "VPN" }, start: "2026-11-21T09:30:00Z", end: null, bytesToDevice: 10, bytesFromDevice: 20, endReason: null,
  };
  const last = (prefix: string) => seen.findLast((r) => r.url.startsWith(prefix));

  it("asks a ticket with POST, the session headers and the service, and decodes it", async () => {
    answers.set("POST /api/agents/agent1/vpn-tickets", { status: 201, body: { status: "success", type: "VpnTicket", data: {
      ticket: "tk", expiresAt: "2026-11-21T10:01:00Z", relayUrl: "ws://p/api/relay/client", agent: { publicId: "agent1", name: "Press 1" },
    }, moreAfter: null } });
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.tunnels.ticket("agent1", "vpn"));
    expect(result._tag === "Success" && result.success).toMatchObject({ ticket: "tk", agent: { publicId: "agent1" } });
    const req = last("/api/agents/agent1/vpn-tickets");
    expect(req?.method).toBe("POST");
    expect(req?.headers.authorization).toBe("Bearer s3cret");
    expect(req?.headers["api-company"]).toBe("c1");
    expect(JSON.parse(req?.body ?? "{}")).toEqual({ service: "vpn" });
  });

  it("turns the ticket route's 409 ACCESS_REQUEST_REQUIRED into a Conflict that says so", async () => {
    answers.set("POST /api/agents/agent1/vpn-tickets", fail(409, "ACCESS_REQUEST_REQUIRED", "service"));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.tunnels.ticket("agent1", "vpn"));
    expect(result._tag === "Failure" && result.failure._tag).toBe("Conflict");
    expect(result._tag === "Failure" && isAccessRequestRequired(result.failure)).toBe(true);
  });

  it("rotates a credential with POST and an empty body", async () => {
    answers.set("POST /api/agents/agent1/credential", { status: 201, body: { status: "success", type: "AgentCredential", data: {
      agentId: "agent1", secret: "once", relayUrl: "ws://p/api/relay/agent",
    }, moreAfter: null } });
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.tunnels.rotateCredential("agent1"));
    expect(result._tag === "Success" && result.success.secret).toBe("once");
    const req = last("/api/agents/agent1/credential");
    expect(req?.method).toBe("POST");
    expect(JSON.parse(req?.body ?? "null")).toEqual({});
  });

  it("lists sessions by state, disconnects with DELETE, and says NotFound for an unknown session", async () => {
    answers.set("GET /api/tunnel-sessions", ok([SESSION]));
    answers.set("DELETE /api/tunnel-sessions/tunnel000001", ok({ ...SESSION, end: "2026-11-21T10:00:00Z", endReason: "disconnected" }));
    answers.set("DELETE /api/tunnel-sessions/tunnel000404", fail(404, "TunnelSession not found"));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const list = await run(port.tunnels.sessions("all"));
    expect(list._tag === "Success" && list.success.map((s) => s.publicId)).toEqual(["tunnel000001"]);
    expect(last("/api/tunnel-sessions")?.url).toBe("/api/tunnel-sessions?state=all");
    expect(last("/api/tunnel-sessions")?.headers["api-company"]).toBe("c1");
    const ended = await run(port.tunnels.disconnect("tunnel000001"));
    expect(ended._tag === "Success" && ended.success.endReason).toBe("disconnected");
    expect(last("/api/tunnel-sessions/tunnel000001")?.method).toBe("DELETE");
    const missing = await run(port.tunnels.disconnect("tunnel000404"));
    expect(missing._tag === "Failure" && missing.failure._tag).toBe("NotFound");
  });

  it("fails with InvalidInput when a session does not decode", async () => {
    answers.set("GET /api/tunnel-sessions", ok([{ ...SESSION, bytesToDevice: "many" }]));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.tunnels.sessions("live"));
    expect(result._tag === "Failure" && result.failure._tag).toBe("InvalidInput");
  });

  it("reads the release feed without authorization", async () => {
    answers.set("GET /api/vpn-client/releases", ok({
      releases: { linux: { os: "linux", latestVersion: "1.4.0", downloadUrl: "https://dl.example.com/vpn-{version}-linux.mjs" } },
      releaseNotes: [],
    }));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.tunnels.releaseFeed());
    expect(result._tag === "Success" && result.success.releases.linux?.latestVersion).toBe("1.4.0");
    expect(last("/api/vpn-client/releases")?.headers.authorization).toBeUndefined();
  });
});

describe("brandingHost", () => {
  it("downloads the audit CSV with the filters and the server's file name; an error answer is a typed error", async () => {
    answers.set("GET /api/audit-logs/export", {
      status: 200, body: "time,actor\r\n2026-01-01T00:00:00.000Z,Ada\r\n",
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="audit-trail-c1-2026-01-01.csv"' },
    });
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.auditLogs.exportCsv([{ op: "eq", column: "action", values: ["UPDATE"] }]));
    expect(result._tag).toBe("Success");
    if (result._tag !== "Success") return;
    expect(result.success.fileName).toBe("audit-trail-c1-2026-01-01.csv");
    expect(await result.success.file.text()).toContain("Ada");
    const req = seen.findLast((r) => r.url.startsWith("/api/audit-logs/export"));
    expect(decodeURIComponent(req!.url)).toBe("/api/audit-logs/export?filters=eq(action,UPDATE)");
    expect(req?.headers["api-company"]).toBe("c1");
    answers.set("GET /api/audit-logs/export", fail(400, "Not an ISO instant: x", "filters"));
    const bad = await run(port.auditLogs.exportCsv([{ op: "gte", column: "createdOn", values: ["x"] }]));
    expect(bad._tag === "Failure" && bad.failure._tag).toBe("InvalidInput");
  });

  it("reads and sets the audit retention", async () => {
    answers.set("GET /api/audit-retention", ok({ days: null }));
    answers.set("PUT /api/audit-retention", ok({ days: 30 }));
    const { port } = api({ secret: "s3cret", company: "c1" });
    expect(await run(port.auditLogs.retention())).toMatchObject({ _tag: "Success", success: { days: null } });
    expect(await run(port.auditLogs.setRetention({ days: 30 }))).toMatchObject({ _tag: "Success", success: { days: 30 } });
    expect(JSON.parse(seen.findLast((r) => r.method === "PUT")!.body)).toEqual({ days: 30 });
    // The contract's schema refuses 0 days before anything is sent.
    expect((await run(port.auditLogs.setRetention({ days: 0 })))._tag).toBe("Failure");
  });

  it("sends localhost for a local machine", () => {
    for (const h of ["localhost", "127.0.0.1", "::1", "[::1]", "app.localhost"]) expect(brandingHost(h)).toBe("localhost");
    expect(brandingHost("Portal.Example.com")).toBe("portal.example.com");
  });
});

describe("basicCredentials", () => {
  it("property: decodes back to email:otp:password for any text", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (email, otp, password) => {
        const decoded = Buffer.from(basicCredentials(email, otp, password), "base64").toString("utf8");
        expect(decoded).toBe(`${email}:${otp}:${password}`);
      }),
    );
  });
});

describe("PortalApiHttp platform (issue 13)", () => {
  it("asks the company's platform servers with the spec's fields and type filter", async () => {
    answers.set("GET /api/my-company/platform-servers", ok([{ publicId: "s1", name: "MDR 1", location: "Amsterdam", type: "mdr", vpnRange: "10.64.0.0/16" }]));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.platform.platformServers());
    expect(result._tag === "Success" && result.success.data.map((s) => s.name)).toEqual(["MDR 1"]);
    const req = seen.findLast((r) => r.url.startsWith("/api/my-company/platform-servers"));
    expect(decodeURIComponent(req!.url)).toBe("/api/my-company/platform-servers?fields=location,name,type,vpnRange&filters=in(type,mdr,rsc)");
  });

  it("uses the first config filtered by template (none: null), and downloads the log as cloud-function.log", async () => {
    const { port } = api({ secret: "s3cret", company: "c1" });
    answers.set("GET /api/template-configs", ok([{ publicId: "cfg1", template: { publicId: "t1" }, config: { a: 1 } }]));
    const first = await run(port.platform.templateConfig("t1"));
    expect(first._tag === "Success" && first.success?.publicId).toBe("cfg1");
    expect(decodeURIComponent(seen.findLast((r) => r.url.startsWith("/api/template-configs"))!.url)).toBe("/api/template-configs?filters=eq(template.publicId,t1)&page-size=1");
    answers.set("GET /api/template-configs", ok([]));
    const none = await run(port.platform.templateConfig("t1"));
    expect(none._tag === "Success" && none.success).toBeNull();

    answers.set("GET /api/backend-templates/t1/logs", { status: 200, body: "line 1\n", headers: { "Content-Type": "text/plain", "Content-Disposition": 'attachment; filename="cloud-function.log"' } });
    const log = await run(port.platform.templateLogs("t1"));
    expect(log._tag === "Success" && log.success.fileName).toBe("cloud-function.log");
    answers.set("GET /api/backend-templates/t1/logs", fail(404, "not found"));
    const missing = await run(port.platform.templateLogs("t1"));
    expect(missing._tag === "Failure" && missing.failure._tag).toBe("NotFound");
  });

  it("turns 'Your company is not fully provisioned' into a Conflict", async () => {
    answers.set("POST /api/backend-templates", fail(409, "Your company is not fully provisioned"));
    const { port } = api({ secret: "s3cret", company: "c1" });
    const result = await run(port.platform.addTemplate({ name: "x", description: "" }));
    expect(result._tag === "Failure" && result.failure._tag).toBe("Conflict");
  });
});
