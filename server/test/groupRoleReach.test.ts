/**
 * Who approves and who may request, over HTTP (issue 11): a role held in a group reaches the
 * devices of its subgroups (approver list, canApprove on the device, the request's approvers), and
 * an ended temporary access grants nothing (no company role, no group role, not an approver).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { memberships, users } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

type Json = { data: any };
const MIN = 60_000;

describe.each(await featureBackends())("group roles and temporary access on %s", (kind) => {
  const clock = ClockStepped.make(Date.UTC(2026, 10, 24, 9, 0, 0));
  let t: TestApp;
  let demo: string;
  const tokens: Record<string, string> = {};
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: apiHeaders(tokens[who], demo), ...(payload === undefined ? {} : { payload: payload as object }) });
  const agentId = async (name: string) => ((await call("GET", "/api/agents?page-size=100", "admin")).json() as Json).data.find((a: { name: string }) => a.name === name).publicId as string;
  const approverNames = async (agent: string, who = "engineer") =>
    ((await call("GET", `/api/agents/${agent}/approvers`, who)).json() as Json).data.map((a: { name: string }) => a.name) as string[];
  const expire = async (email: string, at: number | null) => {
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.database.db.update(memberships).set({ expiresOn: at === null ? null : new Date(at) }).where(eq(memberships.userId, u!.id));
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    demo = t.demo.companies["demo"]!;
    for (const [key, email] of Object.entries({ admin: "admin@example.com", engineer: "engineer@example.com", shiftLead: "shift-lead@example.com", approver: "approver@example.com" })) {
      tokens[key] = await signInAs(t.app, email);
    }
  });
  afterAll(async () => { await t?.close(); });

  it("a group approver of Hall A approves the devices of its subgroup Cell 1, not before the device is there", async () => {
    const warehouse = await agentId("Warehouse Router");
    expect(await approverNames(warehouse)).not.toContain("Sam Shift");
    const groups = ((await call("GET", "/api/groups?page-size=100", "admin")).json() as Json).data as Array<{ publicId: string; name: string; type: { publicId: string } }>;
    const hallA = groups.find((g) => g.name === "Hall A")!;
    const cell = await call("POST", "/api/groups", "admin", { name: "Cell 1", type: { publicId: hallA.type.publicId }, parent: { publicId: hallA.publicId } });
    expect(cell.statusCode, cell.body).toBe(201);
    const cellId = (cell.json() as Json).data[0].publicId as string;
    expect((await call("POST", `/api/groups/${cellId}/agents`, "admin", { publicId: warehouse })).statusCode).toBe(201);

    expect(await approverNames(warehouse)).toContain("Sam Shift");
    const seen = ((await call("GET", `/api/agents/${warehouse}`, "shiftLead")).json() as Json).data;
    expect(seen.canApprove).toBe(true);
    // A request addressed to Sam is accepted, and Sam may approve it.
    const start = Math.floor(clock.current() / MIN) * MIN + MIN;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const created = await call("POST", `/api/agents/${warehouse}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: t.demo.users["shiftLead"] }], servers: [], vpn: true, reason: "Scanner", start: iso(start), end: iso(start + 30 * MIN),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Json).data[0].publicId as string;
    const approved = await call("POST", `/api/access-requests/${id}/approval`, "shiftLead", {});
    expect(approved.statusCode, approved.body).toBe(200);
    // The parent's other devices are untouched: Line 2 Router (Engineering) is not Sam's.
    expect(await approverNames(await agentId("Line 2 Router"))).not.toContain("Sam Shift");
  });

  it("an ended temporary access makes no approver: neither through the company role nor through a group role", async () => {
    const line1 = await agentId("Line 1 Router");
    expect(await approverNames(line1)).toEqual(expect.arrayContaining(["Anna Approver", "Sam Shift"]));
    await expire("approver@example.com", clock.current() - 1000);
    await expire("shift-lead@example.com", clock.current() + 1000);
    expect(await approverNames(line1)).toContain("Sam Shift");
    clock.advance(2000);
    expect(await approverNames(line1)).not.toContain("Anna Approver");
    expect(await approverNames(line1)).not.toContain("Sam Shift");
    // Their own calls are refused like a stranger's: no longer members.
    expect((await call("GET", "/api/agents", "shiftLead")).statusCode).toBe(404);
    expect((await call("GET", "/api/access-requests", "approver")).statusCode).toBe(404);
    // A request may not address them.
    const start = Math.floor(clock.current() / MIN) * MIN + MIN;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    const refused = await call("POST", `/api/agents/${line1}/access-requests`, "engineer", {
      allowedApprovers: [{ publicId: t.demo.users["approver"] }], servers: [], vpn: true, reason: "x", start: iso(start), end: iso(start + 30 * MIN),
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    await expire("approver@example.com", null);
    await expire("shift-lead@example.com", null);
    expect(await approverNames(line1)).toEqual(expect.arrayContaining(["Anna Approver", "Sam Shift"]));
  });
});
