/**
 * Two server processes on one PostgreSQL database (issue 10 "Scale"): an agent linked to process A
 * is reached by a client linked to process B. B checks access, records the session and forwards
 * the stream to A over one peer link; a revocation made through A reaches B's live stream within a
 * second; when A stops, the device is offline for B's clients. Real processes (server/src/main.ts
 * with DATABASE_URL), real sockets.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TunnelError } from "@portal/adapters/tunnel/Mux";
import { apiHeaders, createTestDatabase, postgresAvailable, type TestDatabase } from "../testDatabase";
import { freePortForTest, httpGetOver, linkAgent, linkClient, startHmi, type Json } from "./relayHarness";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

async function startProcess(url: string, node: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePortForTest();
  const child = spawn(process.execPath, ["bin/server.mjs"], {
    cwd: serverDir, stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), RELAY_NODE: node, RELAY_NODE_URL: `http://127.0.0.1:${port}`, LOG: "0" },
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => { out += c.toString(); if (out.includes("Portal is running")) resolve(); });
    child.stderr!.on("data", (c: Buffer) => { out += c.toString(); });
    child.once("exit", (code) => reject(new Error(`server ${node} exited (${code}):\n${out}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

describe.runIf(await postgresAvailable())("two server processes on one PostgreSQL", () => {
  let db: TestDatabase;
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;
  let hmi: Awaited<ReturnType<typeof startHmi>>;
  const tokens: Record<string, string> = {};
  let company: string;

  const call = async (base: string, method: string, path: string, who: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const res = await fetch(`${base}${path}`, { method, headers: { ...apiHeaders(tokens[who], company), "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, json: (await res.json()) as Json };
  };

  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    a = await startProcess(db.url!, "node-a");
    b = await startProcess(db.url!, "node-b");
    company = db.demo.companies["demo"]!;
    for (const [who, email] of Object.entries({ admin: "admin@example.com", engineer: "engineer@example.com", approver: "approver@example.com" })) {
      const res = await fetch(`${a.base}/api/access-tokens`, {
        method: "POST", headers: { "api-version": "2", "content-type": "application/json", authorization: `Basic ${Buffer.from(`${email}::portal-demo`).toString("base64")}` },
        body: JSON.stringify({ expiresIn: 86_400 }),
      });
      tokens[who] = ((await res.json()) as Json).data.secretId;
    }
    hmi = await startHmi();
  }, 90_000);
  afterAll(async () => {
    for (const p of [a, b]) if (p && p.child.exitCode === null) { p.child.kill("SIGTERM"); await once(p.child, "exit"); }
    hmi?.server.close();
    await db?.close();
  });

  it("a client on B reaches an agent on A; a revoke made through A closes B's stream within a second; A gone: offline", async () => {
    const line1 = (await call(a.base, "GET", "/api/agents?page-size=50", "engineer")).json.data.find((x: { name: string }) => x.name === "Line 1 Router");
    const panel = line1.servers.find((s: { name: string }) => s.name === "HMI panel");
    const rotated = await call(a.base, "POST", `/api/agents/${line1.publicId}/credential`, "admin", {});
    expect(rotated.status, JSON.stringify(rotated.json)).toBe(201);
    const secret = rotated.json.data.secret as string;
    const agent = await linkAgent(a.base, line1.publicId, secret, { [panel.publicId]: hmi.port });

    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const created = await call(b.base, "POST", `/api/agents/${line1.publicId}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: db.demo.users["approver"] }], servers: [], vpn: true, reason: "Two processes", start: iso(start), end: iso(start + 30 * 60_000),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.data[0].publicId as string;
    expect((await call(b.base, "POST", `/api/access-requests/${id}/approval`, "approver", {})).status).toBe(200);
    const ticket = await call(b.base, "POST", `/api/agents/${line1.publicId}/vpn-tickets`, "engineer", {});
    expect(ticket.status).toBe(201);
    const client = await linkClient(b.base, { ticket: ticket.json.data.ticket });
    expect(await httpGetOver(await client.mux.open({ service: panel.publicId }))).toContain("<h1>Demo HMI</h1>");

    const open = await client.mux.open({ service: panel.publicId });
    open.write("GET / HTTP/1.1\r\nHost: hmi\r\n\r\n");
    await once(open, "data");
    const reset = once(open, "error");
    const began = Date.now();
    expect((await call(a.base, "POST", `/api/access-requests/${id}/revocation`, "approver", {})).status).toBe(200);
    const [e] = (await reset) as [TunnelError];
    expect(e.code).toBe("ACCESS_REVOKED");
    expect(Date.now() - began).toBeLessThan(1000);
    // Both sessions and their ends are written in batches on B (sessions.ts): wait for them.
    let reasons: Array<string | null> = [];
    for (let i = 0; i < 50; i++) {
      const sessions = (await call(a.base, "GET", "/api/tunnel-sessions?state=all", "admin")).json.data as Array<{ endReason: string | null }>;
      reasons = sessions.map((s) => s.endReason).sort();
      if (reasons.length === 2 && !reasons.includes(null)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(reasons).toEqual(["closed", "revoked"]);

    // A stops: its agents' links end, and the device is offline for everyone.
    const agentClosed = once(agent.ws, "close");
    a.child.kill("SIGTERM");
    await agentClosed;
    await once(a.child, "exit");
    const view = (await call(b.base, "GET", `/api/agents/${line1.publicId}`, "engineer")).json.data;
    expect(view.online).toBe(false);
    client.mux.close();
  });
});
