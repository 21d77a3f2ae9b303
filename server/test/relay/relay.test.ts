/**
 * The relay end to end on a listening portal (issue 10): tickets gated by approved requests, an
 * HTTP GET through client, relay and agent, revoke and expiry closing the open stream within a
 * second and refusing new ones, Disconnect, the session rows and audit entries, forged and
 * replayed tickets, a role's rights edit, a bad agent credential, rotation, an agent that is gone, and a service the
 * agent was not set up for.
 */
import { once } from "node:events";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { TunnelError, type MuxStream } from "@portal/adapters/tunnel/Mux";
import { agents, auditLogs, memberships, users } from "../../src/db/schema";
import { createTestApp, signInAs, type TestApp } from "../testDatabase";
import { caller, httpGetOver, linkAgent, linkClient, startHmi, type Json } from "./relayHarness";

const MIN = 60_000;
const EMAILS = { admin: "admin@example.com", engineer: "engineer@example.com", approver: "approver@example.com", acmeAdmin: "acme-admin@example.com" };
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("relay", () => {
  let t: TestApp;
  let base: string;
  let call: ReturnType<typeof caller>;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 25, 9, 0, 0));
  const tokens: Record<string, string> = {};
  let line1: { publicId: string; servers: Array<{ publicId: string; name: string }> };
  let hmi: Awaited<ReturnType<typeof startHmi>>;
  let agent: Awaited<ReturnType<typeof linkAgent>>;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp("pglite", { clock });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
    t.app.relay.nodeUrl = base;
    for (const [key, email] of Object.entries(EMAILS)) {
      tokens[key] = await signInAs(t.app, email);
    }
    call = caller(t.app, t.demo.companies["demo"]!, tokens);
    const list = (await call("GET", "/api/agents?page-size=100", "engineer")).json() as Json;
    line1 = list.data.find((a: { name: string }) => a.name === "Line 1 Router");
    hmi = await startHmi();
    const cred = await call("POST", `/api/agents/${line1.publicId}/credential`, "admin");
    expect(cred.statusCode, cred.body).toBe(201);
    secret = (cred.json() as Json).data.secret;
    agent = await linkAgent(base, line1.publicId, secret, { [hmiPanel().publicId]: hmi.port });
  });
  afterAll(async () => {
    await t?.close();
    hmi?.server.close();
  });

  const hmiPanel = () => line1.servers.find((s) => s.name === "HMI panel")!;
  const plc = () => line1.servers.find((s) => s.name === "PLC")!;
  const ticket = async (who = "engineer") => call("POST", `/api/agents/${line1.publicId}/vpn-tickets`, who, {});
  /** An approved VPN request covering now, by the engineer; returns its publicId. */
  const approvedRequest = async (minutes = 30) => {
    // A fresh day: earlier requests are over (no overlap); fresh sign-ins for the moved clock.
    clock.advance(24 * 60 * MIN);
    for (const [key, email] of Object.entries(EMAILS)) tokens[key] = await signInAs(t.app, email);
    const start = Math.floor(clock.current() / MIN) * MIN + MIN;
    const created = await call("POST", `/api/agents/${line1.publicId}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: t.demo.users["approver"] }], servers: [], vpn: true, reason: "Check the HMI", start: iso(start), end: iso(start + minutes * MIN),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Json).data[0].publicId as string;
    const approved = await call("POST", `/api/access-requests/${id}/approval`, "approver", {});
    expect(approved.statusCode, approved.body).toBe(200);
    clock.advance(start - clock.current() + 1000);
    return id;
  };
  const resetOf = async (stream: MuxStream): Promise<{ code: string; ms: number }> => {
    const began = Date.now();
    const [e] = (await once(stream, "error")) as [TunnelError];
    return { code: e.code, ms: Date.now() - began };
  };

  it("refuses a ticket without an approved request, with the sentence key", async () => {
    const res = await ticket();
    expect(res.statusCode).toBe(409);
    expect((res.json() as Json).data[0].message).toBe("ACCESS_REQUEST_REQUIRED");
  });

  it("carries an HTTP GET to the device's HMI page once approved, and records the session", async () => {
    await approvedRequest();
    const res = await ticket();
    expect(res.statusCode, res.body).toBe(201);
    const client = await linkClient(base, { ticket: (res.json() as Json).data.ticket });
    expect(client.hello.services.map((s) => s.name)).toEqual(["HMI panel", "PLC"]);
    const page = await httpGetOver(await client.mux.open({ service: hmiPanel().publicId }));
    expect(page).toContain("200 OK");
    expect(page).toContain("<h1>Demo HMI</h1>");
    // The agent was not set up for the PLC: refused with its reason, and it noted the attempt.
    await expect(client.mux.open({ service: plc().publicId })).rejects.toMatchObject({ code: "SERVICE_NOT_CONFIGURED" });
    expect(agent.refusedServices).toContain(plc().publicId);
    // A service of another device: refused by the relay.
    await expect(client.mux.open({ service: "not-a-service" })).rejects.toMatchObject({ code: "SERVER_NOT_ON_THIS_DEVICE" });
    // The session's end is written once the stream has closed: wait for it.
    let done: any;
    for (let i = 0; i < 50 && !done; i++) {
      const sessions = (await call("GET", "/api/tunnel-sessions?state=all", "admin")).json() as Json;
      done = sessions.data.find((s: { endReason: string | null }) => s.endReason === "closed");
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toMatchObject({ service: { name: "HMI panel" }, user: { name: expect.any(String) } });
    expect(done.bytesToDevice).toBeGreaterThan(30);
    expect(done.bytesFromDevice).toBeGreaterThan(50);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.topic, "TunnelSession"), eq(auditLogs.target, done.publicId)));
    expect(audit.map((a) => a.action).sort()).toEqual(["CREATE", "UPDATE"]);
    client.mux.close();
  });

  it("refuses a replayed or forged ticket with 401 and the sentence", async () => {
    const issued = ((await ticket()).json() as Json).data.ticket as string;
    (await linkClient(base, { ticket: issued })).mux.close();
    await expect(linkClient(base, { ticket: issued })).rejects.toMatchObject({ status: 401 });
    const forged = await linkClient(base, { ticket: "x".repeat(43) }).catch((e: { status: number; body: string }) => e);
    expect(forged).toMatchObject({ status: 401 });
    expect(JSON.parse((forged as { body: string }).body).data[0].message).toMatch(/ticket is not valid/);
  });

  it("revoke closes the open stream within a second and refuses new ones", async () => {
    const id = await approvedRequest();
    const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
    const stream = await client.mux.open({ service: hmiPanel().publicId });
    stream.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n"); // kept alive: the stream stays open
    await once(stream, "data");
    const reset = resetOf(stream);
    expect((await call("POST", `/api/access-requests/${id}/revocation`, "approver", {})).statusCode).toBe(200);
    const { code, ms } = await reset;
    expect(code).toBe("ACCESS_REVOKED");
    expect(ms).toBeLessThan(1000);
    await expect(client.mux.open({ service: hmiPanel().publicId })).rejects.toMatchObject({ code: "ACCESS_REQUEST_REQUIRED" });
    expect(client.notices).toContainEqual(expect.objectContaining({ type: "access-ended", code: "ACCESS_REVOKED" }));
    client.mux.close();
  });

  it("expiry closes the open stream within a second of the end (controlled clock)", async () => {
    await approvedRequest(30);
    const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
    const stream = await client.mux.open({ service: hmiPanel().publicId });
    stream.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n");
    await once(stream, "data");
    const reset = resetOf(stream);
    clock.advance(30 * MIN);
    const { code, ms } = await reset;
    expect(code).toBe("ACCESS_EXPIRED");
    expect(ms).toBeLessThan(1000);
    client.mux.close();
  });

  it("an administrator's Disconnect resets the session's stream", async () => {
    await approvedRequest();
    // Sessions are recorded in batches, off the stream's path (sessions.ts): the end of an earlier
    // test's session may not be written yet, so its row still reads as live. This stream's session
    // is the live one that was not there before.
    const known = new Set((((await call("GET", "/api/tunnel-sessions?state=all", "admin")).json() as Json).data as Array<{ publicId: string }>).map((s) => s.publicId));
    const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
    const stream = await client.mux.open({ service: hmiPanel().publicId });
    stream.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n");
    await once(stream, "data");
    let live: any[] = [];
    for (let i = 0; i < 50 && live.length === 0; i++) {
      live = (((await call("GET", "/api/tunnel-sessions", "admin")).json() as Json).data as Array<{ publicId: string }>).filter((s) => !known.has(s.publicId));
      if (live.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(live).toHaveLength(1);
    // The device shows who is connected through the relay now.
    const device = ((await call("GET", `/api/agents/${line1.publicId}`, "admin")).json() as Json).data;
    expect(device.connectedUsers.map((u: { publicId: string }) => u.publicId)).toEqual([t.demo.users["engineer"]]);
    // A Disconnect that fails halfway (its audit entry refused) changes nothing: the session is
    // still live, and the Disconnect can be tried again. Before, it read as ended and could not be.
    await t.database.db.execute(sql`create function refuse_session_audit() returns trigger language plpgsql as $$
      begin if new.topic = 'TunnelSession' then raise exception 'audit refused for the test'; end if; return new; end $$`);
    await t.database.db.execute(sql`create trigger refuse_session_audit before insert on audit_logs for each row execute function refuse_session_audit()`);
    try {
      expect((await call("DELETE", `/api/tunnel-sessions/${live[0].publicId}`, "admin")).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_session_audit on audit_logs`);
      await t.database.db.execute(sql`drop function refuse_session_audit()`);
    }
    const still = (((await call("GET", "/api/tunnel-sessions", "admin")).json() as Json).data as Array<{ publicId: string }>).map((s) => s.publicId);
    expect(still).toContain(live[0].publicId);
    const reset = resetOf(stream);
    const res = await call("DELETE", `/api/tunnel-sessions/${live[0].publicId}`, "admin");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).data.endReason).toBe("disconnected");
    expect((await reset).code).toBe("SESSION_DISCONNECTED");
    // Another company's administrator cannot see or end it.
    const foreign = caller(t.app, t.demo.companies["acme"]!, tokens);
    expect((await foreign("DELETE", `/api/tunnel-sessions/${live[0].publicId}`, "acmeAdmin")).statusCode).toBe(404);
    client.mux.close();
  });

  it("applies the device's hard connect limit: past it, a tunnel is refused with 429 and the sentence", async () => {
    clock.advance(24 * 60 * MIN);
    for (const [key, email] of Object.entries(EMAILS)) tokens[key] = await signInAs(t.app, email);
    const list = (await call("GET", "/api/agents?page-size=100", "admin")).json() as Json;
    // Press Line Router reports a hard limit already passed (12 attempts); the admin bypasses approval.
    const press = list.data.find((a: { name: string }) => a.name === "Press Line Router");
    const res = await call("POST", `/api/agents/${press.publicId}/vpn-tickets`, "admin", {});
    expect(res.statusCode, res.body).toBe(201);
    const refused = await linkClient(base, { ticket: (res.json() as Json).data.ticket }).catch((e: { status: number; body: string }) => e);
    expect(refused).toMatchObject({ status: 429 });
    expect(JSON.parse((refused as { body: string }).body).data[0].message).toMatch(/Too many connection attempts/);
  });

  it("refuses a bad agent credential, and rotation ends the running link", async () => {
    await expect(linkAgent(base, line1.publicId, "wrong", {})).rejects.toThrow(/401/);
    const closed = once(agent.ws, "close");
    const rotated = await call("POST", `/api/agents/${line1.publicId}/credential`, "admin");
    expect(rotated.statusCode).toBe(201);
    const [code] = (await closed) as [number];
    expect(code).toBe(4401);
    await expect(linkAgent(base, line1.publicId, secret, {})).rejects.toThrow(/401/);
    secret = (rotated.json() as Json).data.secret;
    agent = await linkAgent(base, line1.publicId, secret, { [hmiPanel().publicId]: hmi.port });
  });

  it("an ended temporary access closes the open stream within a second and grants no new one (relay and HTTP)", async () => {
    try {
      await approvedRequest(60);
      const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
      const stream = await client.mux.open({ service: hmiPanel().publicId });
      stream.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n");
      await once(stream, "data");
      // The engineer's membership becomes a temporary access ending in 5 minutes, long before the request.
      const ends = await call("PATCH", `/api/users/${t.demo.users["engineer"]}`, "admin", { expiresOn: iso(clock.current() + 5 * MIN) });
      expect(ends.statusCode, ends.body).toBe(200);
      // Before the end the stream still passes (the change made the relay ask again, and cut its end).
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.destroyed).toBe(false);
      const reset = resetOf(stream);
      clock.advance(5 * MIN);
      const { code, ms } = await reset;
      expect(code).toBe("ACCESS_EXPIRED");
      expect(ms).toBeLessThan(1000);
      await expect(client.mux.open({ service: hmiPanel().publicId })).rejects.toMatchObject({ code: "ACCESS_REQUEST_REQUIRED" });
      // Over HTTP the ended access is no membership: no ticket, no device (404 like another company's).
      tokens["engineer"] = await signInAs(t.app, EMAILS.engineer);
      expect((await ticket()).statusCode).toBe(404);
      expect((await call("GET", "/api/agents?page-size=100", "engineer")).statusCode).toBe(404);
      client.mux.close();
    } finally {
      const [engineer] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMAILS.engineer));
      await t.database.db.update(memberships).set({ expiresOn: null }).where(eq(memberships.userId, engineer!.id));
    }
  });

  it("a role's rights edit that takes the device rights away closes the open stream within a second", async () => {
    const roles = ((await call("GET", "/api/roles?page-size=100", "admin")).json() as Json).data as Array<{ publicId: string; name: string; rights: string[] }>;
    const role = roles.find((r) => r.name === "Engineer")!;
    try {
      await approvedRequest(60);
      const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
      const stream = await client.mux.open({ service: hmiPanel().publicId });
      stream.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n");
      await once(stream, "data");
      const reset = resetOf(stream);
      const edited = await call("PATCH", `/api/roles/${role.publicId}`, "admin", { rights: role.rights.filter((r) => r !== "use:access-requests") });
      expect(edited.statusCode, edited.body).toBe(200);
      const { code, ms } = await reset;
      expect(code).toBe("ACCESS_EXPIRED");
      expect(ms).toBeLessThan(1000);
      await expect(client.mux.open({ service: hmiPanel().publicId })).rejects.toMatchObject({ code: "ACCESS_REQUEST_REQUIRED" });
      client.mux.close();
    } finally {
      expect((await call("PATCH", `/api/roles/${role.publicId}`, "admin", { rights: role.rights })).statusCode).toBe(200);
    }
  });

  it("an agent that is gone makes the device offline and its services refused", async () => {
    await approvedRequest();
    const client = await linkClient(base, { ticket: ((await ticket()).json() as Json).data.ticket });
    agent.mux.close();
    for (let i = 0; i < 50 && t.app.relay.stats.agents > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await t.database.db.select().from(agents).where(eq(agents.publicId, line1.publicId));
    expect(row!.vpnAddress).toBeNull();
    await expect(client.mux.open({ service: hmiPanel().publicId })).rejects.toMatchObject({ code: "DEVICE_NOT_LINKED" });
    client.mux.close();
  });
});
