/**
 * Remote access end to end with every real part (issue 10): the real server (main.ts, as
 * `npm start` runs it, demo data), the real `portal agent` binary with the demo services, and the
 * local VPN client. A user without an approved request gets no ticket; once approved, the client
 * connects and an HTTP GET through the VPN address returns the HMI page, and a Modbus read through
 * the PLC's address answers; revoking closes the open connection within a second and the client
 * goes idle with the reason; a killed agent makes the device offline and the connect fail.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVpnClient, type VpnClient } from "../src/tunnel/vpnClient";
import { DEMO_PASSWORD, PORTAL_BIN, startPortalServer, type PortalServer } from "./support/portal";

type Json = { data: any; status: string };
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("remote access through the real portal, agent and client", () => {
  let portal: PortalServer;
  let agent: ChildProcess;
  let agentLog = "";
  let client: VpnClient;
  const tokens: Record<string, string> = {};
  let company = "";
  let line1: { publicId: string; servers: Array<{ publicId: string; name: string }> };

  const api = async (method: string, path: string, who: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${portal.url}${path}`, {
      method, headers: { "api-version": "2", authorization: `Bearer ${tokens[who]}`, "api-company": company, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
  const connector = (path: string, init: RequestInit = {}) =>
    fetch(`${client.url}${path}`, { ...init, headers: { origin: new URL(portal.url).origin, "content-type": "application/json", ...(init.headers ?? {}) } });
  const status = async () => (await (await connector("/status")).json()) as { status: string; activeRequest: { steps: Array<{ status: unknown }> } | null; session?: { services: Array<{ name: string; address: string }> } | null };
  const until = async <T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await what();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const connectWithTicket = async (ticket: string) => connector("/connect", {
    method: "POST", body: JSON.stringify({ agentId: line1.publicId, companyId: company }),
    headers: { "api-version": "2", "api-access-token": ticket, "vpn-client-controller-identifier": "test-browser" },
  });

  beforeAll(async () => {
    portal = await startPortalServer();
    for (const [who, email] of Object.entries({ engineer: "engineer@example.com", approver: "approver@example.com" })) {
      const res = await fetch(`${portal.url}/api/access-tokens`, {
        method: "POST", headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from(`${email}::${DEMO_PASSWORD}`).toString("base64")}` },
        body: JSON.stringify({ expiresIn: 86_400 }),
      });
      tokens[who] = ((await res.json()) as Json).data.secretId;
    }
    const companies = (await (await fetch(`${portal.url}/api/my-companies`, { headers: { "api-version": "2", authorization: `Bearer ${tokens["engineer"]}` } })).json()) as Json;
    company = companies.data.find((c: { name: string }) => c.name === "Demo Company").publicId;
    // The demo agent's configuration, as `npm start` hands it to `portal agent`.
    const config = join(portal.dataDir, "demo-agent.json");
    expect(JSON.parse(readFileSync(config, "utf8")).agents.length).toBeGreaterThan(2);
    agent = spawn(process.execPath, [PORTAL_BIN, "agent", "--config", config, "--demo-services"], { stdio: ["ignore", "pipe", "pipe"] });
    agent.stderr!.on("data", (c: Buffer) => (agentLog += c.toString()));
    agent.stdout!.on("data", (c: Buffer) => (agentLog += c.toString()));
    client = await startVpnClient({ portalUrl: portal.url, port: 0, log: () => undefined });
    const agents = (await api("GET", "/api/agents?page-size=50", "engineer")).json;
    line1 = agents.data.find((a: { name: string }) => a.name === "Line 1 Router");
    await until(async () => (await api("GET", `/api/agents/${line1.publicId}`, "engineer")).json.data.activeVpnSession?.vpnAddress, (v) => v === "127.0.0.1", 20_000);
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    agent?.kill("SIGTERM");
    await portal?.stop();
  });

  it("no approved request: no ticket (the web opens the request dialog instead)", async () => {
    const res = await api("POST", `/api/agents/${line1.publicId}/vpn-tickets`, "engineer", {});
    expect(res.status).toBe(409);
    expect(res.json.data[0].message).toBe("ACCESS_REQUEST_REQUIRED");
  });

  it("approved: the client connects; the HMI page and the PLC's Modbus answer through the VPN addresses; revoke closes the open connection within a second", async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const created = await api("POST", `/api/agents/${line1.publicId}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: (await api("GET", `/api/agents/${line1.publicId}/approvers`, "engineer")).json.data.find((a: { name: string }) => /Approver/i.test(a.name)).publicId }],
      servers: [], vpn: true, reason: "Read the line's HMI", start: iso(start), end: iso(start + 30 * 60_000),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const requestId = created.json.data[0].publicId as string;
    expect((await api("POST", `/api/access-requests/${requestId}/approval`, "approver", {})).status).toBe(200);

    const ticket = await api("POST", `/api/agents/${line1.publicId}/vpn-tickets`, "engineer", {});
    expect(ticket.status).toBe(201);
    expect((await connectWithTicket(ticket.json.data.ticket)).status).toBe(200);
    const connected = await until(status, (s) => s.status === "connected");
    expect(connected.status).toBe("connected");
    const hmi = connected.session!.services.find((s) => s.name === "HMI panel")!.address;
    const plc = connected.session!.services.find((s) => s.name === "PLC")!.address;

    const page = await fetch(`http://${hmi}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Demo HMI</h1>");

    // Modbus TCP: read holding registers 0..3 of unit 1 through the tunnel.
    const [plcHost, plcPort] = plc.split(":");
    const modbus = connect(Number(plcPort), plcHost);
    await once(modbus, "connect");
    modbus.write(Buffer.from([0, 9, 0, 0, 0, 6, 1, 3, 0, 0, 0, 4]));
    const [answer] = (await once(modbus, "data")) as [Buffer];
    expect([...answer.subarray(0, 9)]).toEqual([0, 9, 0, 0, 0, 11, 1, 3, 8]);

    // The Modbus connection stays open; revoking ends it within a second of the revocation, timed
    // from the call's answer (the revocation is stored then): on a loaded machine the call's own
    // time is not the relay's. It failed once in CI beside the end-to-end run, timed from sending.
    const closed = once(modbus, "close").then(() => Date.now());
    const sent = Date.now();
    expect((await api("POST", `/api/access-requests/${requestId}/revocation`, "approver", {})).status).toBe(200);
    const answered = Date.now();
    const closedAt = await closed;
    expect(closedAt - answered).toBeLessThan(1000);
    expect(closedAt - sent).toBeLessThan(3000);
    const after = await until(status, (s) => s.status === "idle");
    expect(after.status).toBe("idle");
    expect(JSON.stringify(after.activeRequest?.steps)).toContain("revoked");
    // The local address no longer leads anywhere.
    const again = connect(Number(plcPort), plcHost);
    const [error] = (await once(again, "error")) as [NodeJS.ErrnoException];
    expect(error.code).toBe("ECONNREFUSED");
  });

  it("the server restarts: the agent links again by itself, and the client comes back with its resume token", async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const approver = (await api("GET", `/api/agents/${line1.publicId}/approvers`, "engineer")).json.data.find((a: { name: string }) => /Approver/i.test(a.name)).publicId;
    const created = await api("POST", `/api/agents/${line1.publicId}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: approver }], servers: [], vpn: true, reason: "Across a restart", start: iso(start), end: iso(start + 60 * 60_000),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect((await api("POST", `/api/access-requests/${created.json.data[0].publicId}/approval`, "approver", {})).status).toBe(200);
    const ticket = await api("POST", `/api/agents/${line1.publicId}/vpn-tickets`, "engineer", {});
    expect((await connectWithTicket(ticket.json.data.ticket)).status).toBe(200);
    const before = await until(status, (s) => s.status === "connected");
    const hmi = before.session!.services.find((s) => s.name === "HMI panel")!.address;

    const port = Number(new URL(portal.url).port);
    await portal.stop({ keepData: true });
    portal = await startPortalServer({ dataDir: portal.dataDir, port });
    // Sign-ins survive (stored tokens); the agent and the client reconnect on their own.
    await until(async () => (await api("GET", `/api/agents/${line1.publicId}`, "engineer")).json.data.online, (v) => v === true, 30_000);
    const after = await until(status, (s) => s.status === "connected" && s.session?.services.some((x) => x.address === hmi) === true, 30_000);
    expect(after.status).toBe("connected");
    const page = await fetch(`http://${hmi}/`);
    expect(await page.text()).toContain("<h1>Demo HMI</h1>");
    await connector("/disconnect", { method: "POST" });
  }, 90_000);

  it("a killed agent: the device goes offline and the portal says so", async () => {
    agent.kill("SIGKILL");
    await once(agent, "exit");
    const view = await until(async () => (await api("GET", `/api/agents/${line1.publicId}`, "engineer")).json.data, (a) => a.online === false, 5000);
    expect(view.online).toBe(false);
    expect(view.activeVpnSession).toBeNull();
  });
});
