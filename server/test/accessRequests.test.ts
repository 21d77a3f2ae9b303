/**
 * Access requests over HTTP (issue 9): create, approve (late approval keeps the duration),
 * reject, revoke, cancel, release, extend, expiry by the tick, concurrent approvals, the
 * refusals (self-approval, approver not allowed, server not on device, start in the past,
 * unknown or foreign device, no approvers), visibility, audit rows and outbox mails.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { auditLogs, events, outboxMessages, users } from "../src/db/schema";
import { expireAccessRequests } from "../src/devices/expiry";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
type Json = { data: any; status: string };

describe.each(await featureBackends())("access requests on %s", (kind) => {
  let t: TestApp;
  const clock = ClockStepped.make(Date.UTC(2026, 10, 23, 9, 0, 0));
  const tokens: Record<string, string> = {};
  let demo: string;
  let acme: string;
  let devices: Record<string, { publicId: string; servers: Array<{ publicId: string; name: string }> }>;
  const userIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    Object.assign(userIds, t.demo.users);
  });
  afterAll(async () => { await t?.close(); });
  // A fresh day per test: earlier requests are over, and fresh tokens for the moved clock.
  beforeEach(async () => {
    clock.advance(24 * 60 * MIN);
    for (const [key, email] of Object.entries({
      admin: "admin@example.com", engineer: "engineer@example.com", approver: "approver@example.com",
      shiftLead: "shift-lead@example.com", translator: "translator@example.com", acmeAdmin: "acme-admin@example.com",
    })) tokens[key] = await signInAs(t.app, email);
    const list = (await call("GET", "/api/agents?page-size=100", "engineer")).json() as Json;
    devices = Object.fromEntries(list.data.map((a: { name: string }) => [a.name, a]));
  });

  const call = (method: "GET" | "POST", url: string, who: string, payload?: unknown, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(tokens[who], company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const nextMinute = () => Math.floor(clock.current() / MIN) * MIN + MIN;
  const body = (over: Record<string, unknown> = {}, start = nextMinute()) => ({
    allowedApprovers: [{ publicId: userIds["approver"] }, { publicId: userIds["admin"] }],
    servers: [], vpn: true, reason: "Firmware update", start: iso(start), end: iso(start + 30 * MIN), ...over,
  });
  const create = async (device = "Line 1 Router", over: Record<string, unknown> = {}, who = "engineer") => {
    const res = await call("POST", `/api/agents/${devices[device]!.publicId}/access-requests`, who, body(over));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Json).data[0].publicId as string;
  };
  const act = (id: string, action: string, who: string, payload?: unknown) => call("POST", `/api/access-requests/${id}/${action}`, who, payload);
  const get = async (id: string, who = "engineer") => ((await call("GET", `/api/access-requests/${id}`, who)).json() as Json).data;
  const issues = (res: { json(): unknown }) => (res.json() as Json).data;

  it("sends a request: pending, in the approver's inbox, one audit entry, mails to the addressed approvers", async () => {
    const id = await create();
    const r = await get(id);
    expect(r.request).toMatchObject({ status: "pending", vpn: true, reason: "Firmware update", approver: null, extendsRequest: null });
    expect(r.request.allowedApprovers.map((a: { name: string }) => a.name)).toEqual(["Ada Admin", "Anna Approver"]);
    expect(r.user.name).toBe("Emil Engineer");
    const inbox = (await call("GET", "/api/access-requests?box=pending", "approver")).json() as Json;
    expect(inbox.data.map((x: { request: { publicId: string } }) => x.request.publicId)).toContain(id);
    const mine = (await call("GET", "/api/my-access-requests?box=pending", "engineer")).json() as Json;
    expect(mine.data[0].request.publicId).toBe(id);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.target, id), eq(auditLogs.topic, "AccessRequest")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "CREATE", before: null, after: expect.objectContaining({ agent: "Line 1 Router", requester: "Emil Engineer" }) });
    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.status, "kept"));
    const forRequest = mails.filter((m) => m.text.includes(`/access-requests/${id}`));
    expect(forRequest.map((m) => m.to).sort()).toEqual(["admin@example.com", "approver@example.com"]);
    expect(forRequest[0]!.text).toContain(`http://localhost:8080/access-requests/${id}`);
    const device = ((await call("GET", `/api/agents/${devices["Line 1 Router"]!.publicId}`, "engineer")).json() as Json).data;
    expect(device.myAccess).toMatchObject({ state: "pending" });
  });

  it("a late approval keeps the full duration; the requester gets active access and a mail", async () => {
    const start = nextMinute();
    const id = await create();
    clock.advance(10 * MIN + 30_000);
    const res = await act(id, "approval", "approver", { comment: "Go ahead" });
    expect(res.statusCode, res.body).toBe(200);
    // The window starts at the approval's minute: the requester can connect at once.
    const approvedAt = Math.floor(clock.current() / MIN) * MIN;
    expect((res.json() as Json).data.request).toMatchObject({
      status: "approved", start: iso(approvedAt), end: iso(approvedAt + 30 * MIN), requestedStart: iso(start),
      comment: "Go ahead", approver: { name: "Anna Approver" },
    });
    const device = ((await call("GET", `/api/agents/${devices["Line 1 Router"]!.publicId}`, "engineer")).json() as Json).data;
    expect(device.myAccess).toEqual({ state: "active", start: iso(approvedAt), end: iso(approvedAt + 30 * MIN) });
    const active = (await call("GET", "/api/my-access-requests?box=active", "engineer")).json() as Json;
    expect(active.data.map((x: { request: { publicId: string } }) => x.request.publicId)).toEqual([id]);
    const mail = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "engineer@example.com"));
    expect(mail.some((m) => m.subject.includes("approved") && m.text.includes("Go ahead"))).toBe(true);
  });

  it("rejects, revokes, cancels and releases through the rules", async () => {
    const rejected = await create();
    expect((await act(rejected, "rejection", "admin", { comment: "Not today" })).json()).toMatchObject({ data: { request: { status: "rejected", comment: "Not today" } } });
    const again = await act(rejected, "approval", "approver");
    expect(again.statusCode).toBe(409);
    expect(issues(again)).toEqual([{ message: "ACCESS_REQUEST_ALREADY_DECIDED" }]);

    const toCancel = await create("Line 1 Router", { vpn: false, servers: [{ publicId: devices["Line 1 Router"]!.servers[0]!.publicId }] });
    expect((await act(toCancel, "cancellation", "approver")).statusCode).toBe(403);
    expect((await act(toCancel, "cancellation", "engineer")).json()).toMatchObject({ data: { request: { status: "cancelled" } } });

    const toRevoke = await create();
    clock.advance(2 * MIN);
    expect((await act(toRevoke, "approval", "approver")).statusCode).toBe(200);
    clock.advance(5 * MIN);
    expect((await act(toRevoke, "revocation", "engineer")).statusCode).toBe(403);
    const revoked = await act(toRevoke, "revocation", "admin");
    expect((revoked.json() as Json).data.request).toMatchObject({ status: "revoked", end: iso(Math.floor(clock.current() / 1000) * 1000) });
    expect((await act(toRevoke, "release", "engineer")).statusCode).toBe(409);

    const toRelease = await create("Packaging Gateway", { vpn: false, servers: [{ publicId: devices["Packaging Gateway"]!.servers.find((s) => s.name === "Label printer")!.publicId }] });
    clock.advance(2 * MIN);
    expect((await act(toRelease, "approval", "admin")).statusCode).toBe(200);
    expect((await act(toRelease, "release", "admin")).statusCode).toBe(403);
    expect((await act(toRelease, "release", "engineer")).json()).toMatchObject({ data: { request: { status: "released" } } });
    const past = (await call("GET", "/api/my-access-requests?box=past", "engineer")).json() as Json;
    expect(past.data.map((x: { request: { publicId: string } }) => x.request.publicId)).toEqual(expect.arrayContaining([rejected, toCancel, toRevoke, toRelease]));
  });

  it("extends approved access: a pending extension, whose approval moves the original's end", async () => {
    const id = await create();
    clock.advance(2 * MIN);
    const approved = ((await act(id, "approval", "approver")).json() as Json).data.request;
    const ext = await act(id, "extension", "engineer", { duration: { format: "minutes", value: 60 } });
    expect(ext.statusCode, ext.body).toBe(200);
    const extension = (ext.json() as Json).data.request;
    expect(extension).toMatchObject({ status: "pending", start: approved.end, extendsRequest: { publicId: id } });
    expect((await act(id, "extension", "engineer", { duration: { format: "minutes", value: 60 } })).statusCode).toBe(409);
    expect((await act(extension.publicId, "approval", "admin")).statusCode).toBe(200);
    const original = await get(id);
    expect(original.request.end).toBe(iso(Date.parse(approved.end) + 60 * MIN));
    const me = (await t.database.db.select().from(users).where(eq(users.email, "engineer@example.com")))[0]!;
    const mine = await t.database.db.select().from(events).where(eq(events.userId, me.id));
    expect(mine.some((e) => (e.data as { change: string; request: { request: { publicId: string } } }).change === "extended"
      && (e.data as { request: { request: { publicId: string } } }).request.request.publicId === id)).toBe(true);
  });

  it("revoking access with an approved extension ends the extension too (no access after the old end)", async () => {
    const id = await create();
    clock.advance(2 * MIN);
    expect((await act(id, "approval", "approver")).statusCode).toBe(200);
    const extension = ((await act(id, "extension", "engineer", {})).json() as Json).data.request.publicId as string;
    expect((await act(extension, "approval", "approver")).statusCode).toBe(200);
    clock.advance(5 * MIN);
    expect((await act(id, "revocation", "admin")).statusCode).toBe(200);
    expect((await get(extension)).request).toMatchObject({ status: "revoked" });
    clock.advance(40 * MIN);
    const device = ((await call("GET", `/api/agents/${devices["Line 1 Router"]!.publicId}`, "engineer")).json() as Json).data;
    expect(device.myAccess.state).not.toBe("active");
  });

  it("revoking access withdraws a pending extension: it can no longer be approved into new access", async () => {
    const id = await create();
    clock.advance(2 * MIN);
    expect((await act(id, "approval", "approver")).statusCode).toBe(200);
    const extension = ((await act(id, "extension", "engineer", {})).json() as Json).data.request.publicId as string;
    expect((await act(id, "revocation", "admin")).statusCode).toBe(200);
    expect((await get(extension)).request).toMatchObject({ status: "cancelled" });
    expect((await act(extension, "approval", "approver")).statusCode).toBe(409);
  });

  it("the tick expires pending requests past their requested end, with an event and a TRIGGER audit entry", async () => {
    await expireAccessRequests(t.app.portal); // the earlier tests' leftovers (a day ago)
    const id = await create();
    expect(await expireAccessRequests(t.app.portal)).toBe(0);
    clock.advance(31 * MIN + 1000);
    expect(await expireAccessRequests(t.app.portal)).toBe(1);
    expect((await get(id)).request.status).toBe("expired");
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.target, id)).orderBy(auditLogs.id);
    expect(audit.map((a) => a.action)).toEqual(["CREATE", "TRIGGER"]);
    const told = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.to, "engineer@example.com"));
    expect(told.some((m) => m.subject === "Access request expired: Line 1 Router" && m.text.includes(id))).toBe(true);
    expect(await expireAccessRequests(t.app.portal)).toBe(0);
  });

  it("two approvers deciding at once: one 200, one 409", async () => {
    const id = await create();
    const [a, b] = await Promise.all([act(id, "approval", "approver"), act(id, "approval", "admin")]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(issues(loser)).toEqual([{ message: "ACCESS_REQUEST_ALREADY_DECIDED" }]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.target, id));
    expect(audit.map((x) => x.action).sort()).toEqual(["CREATE", "UPDATE"]);
  });

  it("refuses self-approval and decisions by approvers not addressed", async () => {
    const id = await create("Line 1 Router", { allowedApprovers: [{ publicId: userIds["approver"] }] }, "admin");
    const self = await act(id, "approval", "admin");
    expect(self.statusCode).toBe(403);
    const notAddressed = await act(id, "approval", "shiftLead");
    expect(notAddressed.statusCode).toBe(403);
  });

  it("answers 400 with listIndex for an approver not allowed and a server not on the device, INVALID_DATE_AND_TIME for a past start", async () => {
    const url = `/api/agents/${devices["Line 2 Router"]!.publicId}/access-requests`;
    const res = await call("POST", url, "engineer", body({
      allowedApprovers: [{ publicId: userIds["approver"] }, { publicId: userIds["shiftLead"] }],
      servers: [{ publicId: devices["Line 2 Router"]!.servers[0]!.publicId }, { publicId: devices["Line 1 Router"]!.servers[0]!.publicId }],
    }));
    expect(res.statusCode).toBe(400);
    expect(issues(res)).toEqual([
      { message: "APPROVER_NOT_ALLOWED", propertyName: "allowedApprovers", listIndex: 1 },
      { message: "SERVER_NOT_ON_THIS_DEVICE", propertyName: "servers", listIndex: 1 },
    ]);
    const past = await call("POST", url, "engineer", body({}, nextMinute() - 60 * MIN));
    expect(past.statusCode).toBe(400);
    expect(issues(past)).toEqual([{ message: "INVALID_DATE_AND_TIME", propertyName: "start" }]);
    expect((await call("POST", url, "engineer", {})).statusCode).toBe(400);
  });

  it("answers 404 for an unknown or foreign device, 409 when the device has no approvers, 409 for an overlapping request", async () => {
    expect((await call("POST", "/api/agents/nope/access-requests", "engineer", body())).statusCode).toBe(404);
    const acmeDevice = ((await call("GET", "/api/agents", "acmeAdmin", undefined, acme)).json() as Json).data[0];
    expect((await call("POST", `/api/agents/${acmeDevice.publicId}/access-requests`, "engineer", body())).statusCode).toBe(404);
    expect((await call("GET", `/api/agents/${acmeDevice.publicId}`, "engineer")).statusCode).toBe(404);
    // Otto is Acme's only approver: nobody may approve his own request.
    const none = await call("POST", `/api/agents/${acmeDevice.publicId}/access-requests`, "acmeAdmin", body(), acme);
    expect(none.statusCode).toBe(409);
    expect(issues(none)).toEqual([{ message: "NO_APPROVERS_FOR_THIS_DEVICE" }]);
    expect(((await call("GET", `/api/agents/${acmeDevice.publicId}/approvers`, "acmeAdmin", undefined, acme)).json() as Json).data).toEqual([]);
    await create();
    const overlap = await call("POST", `/api/agents/${devices["Line 1 Router"]!.publicId}/access-requests`, "engineer", body());
    expect(overlap.statusCode).toBe(409);
    expect(issues(overlap)).toEqual([{ message: "OVERLAPPING_ACCESS_REQUEST" }]);
  });

  it("a group role makes an approver of the group's devices only; others see 404", async () => {
    const approvers = (id: string, who = "engineer") => call("GET", `/api/agents/${id}/approvers`, who);
    expect(((await approvers(devices["Line 1 Router"]!.publicId)).json() as Json).data.map((a: { name: string }) => a.name))
      .toEqual(["Ada Admin", "Anna Approver", "Sam Shift"]);
    expect(((await approvers(devices["Line 2 Router"]!.publicId)).json() as Json).data.map((a: { name: string }) => a.name))
      .toEqual(["Ada Admin", "Anna Approver"]);
    const onHallA = await create("Line 1 Router", { allowedApprovers: [{ publicId: userIds["shiftLead"] }] });
    const elsewhere = await create("Line 2 Router");
    expect((await call("GET", `/api/access-requests/${onHallA}`, "shiftLead")).statusCode).toBe(200);
    expect((await call("GET", `/api/access-requests/${elsewhere}`, "shiftLead")).statusCode).toBe(404);
    expect((await call("GET", `/api/access-requests/${onHallA}`, "translator")).statusCode).toBe(404);
    expect((await act(elsewhere, "approval", "shiftLead")).statusCode).toBe(404);
    const inbox = ((await call("GET", "/api/access-requests?box=pending", "shiftLead")).json() as Json).data;
    expect(inbox.map((x: { request: { publicId: string } }) => x.request.publicId)).toEqual([onHallA]);
    const hallA = (devices["Line 1 Router"] as unknown as { groups: Array<{ name: string; publicId: string }> }).groups.find((g) => g.name === "Hall A")!;
    const inHallA = ((await call("GET", `/api/agents?group=${hallA.publicId}`, "shiftLead")).json() as Json).data;
    expect(inHallA.map((a: { name: string }) => a.name)).toEqual(["Line 1 Router", "Packaging Gateway"]);
    expect(((await call("GET", "/api/agents?group=unknown", "shiftLead")).json() as Json).data).toEqual([]);
    const all = ((await call("GET", "/api/agents?page-size=100", "shiftLead")).json() as Json).data as Array<{ name: string; canApprove: boolean }>;
    expect(all.filter((a) => a.canApprove).map((a) => a.name)).toEqual(["Line 1 Router", "Packaging Gateway"]);
    expect((await act(onHallA, "approval", "shiftLead")).statusCode).toBe(200);
  });

  it("lists devices: search on the folded name, online, group, rate limiting, paging", async () => {
    const names = async (q: string) => (((await call("GET", `/api/agents?${q}`, "engineer")).json() as Json).data as Array<{ name: string }>).map((a) => a.name);
    expect(await names("search=L%C3%8DNE")).toEqual(["Line 1 Router", "Line 2 Router", "Press Line Router"]);
    expect(await names("online=false")).toEqual(["Press Line Router", "Warehouse Router"]);
    const boiler = ((await call("GET", `/api/agents/${devices["Boiler Controller"]!.publicId}`, "engineer")).json() as Json).data;
    expect(boiler.rateLimiting).toEqual({ configOpenvpnLimit: "soft", configOpenvpnCounter: 3, configOpenvpnLastHit: "2026-11-20T08:15:00Z" });
    expect(boiler).toMatchObject({ online: true, canApprove: false, canManageAccessRequests: false, myAccess: { state: "none" } });
    const first = (await call("GET", "/api/agents?page-size=4", "engineer")).json() as Json & { moreAfter: string };
    const rest = (await call("GET", `/api/agents?page-size=4&page-after=${first.moreAfter}`, "engineer")).json() as Json;
    expect([...first.data, ...rest.data].map((a: { name: string }) => a.name)).toEqual(Object.keys(devices).sort());
    const assets = ((await call("GET", "/api/assets?page-size=100", "engineer")).json() as Json).data as Array<{ name: string; agent: { name: string } }>;
    expect(assets.find((a) => a.name === "Pump P-101")!.agent.name).toBe("Line 1 Router");
  });

  it("pages request lists newest first; the approver's boxes split waiting, active and history; other companies see none", async () => {
    const ids: string[] = [];
    for (const device of ["Line 1 Router", "Warehouse Router", "Boiler Controller"]) {
      ids.push(await create(device));
      clock.advance(1000);
    }
    const first = (await call("GET", "/api/my-access-requests?box=pending&page-size=2", "engineer")).json() as Json & { moreAfter: string };
    const rest = (await call("GET", `/api/my-access-requests?box=pending&page-size=2&page-after=${first.moreAfter}`, "engineer")).json() as Json & { moreAfter: string | null };
    expect([...first.data, ...rest.data].map((x: { request: { publicId: string } }) => x.request.publicId)).toEqual([...ids].reverse());
    expect(rest.moreAfter).toBeNull();
    const forDevice = ((await call("GET", `/api/my-access-requests?filters=eq(agent.publicId,${devices["Warehouse Router"]!.publicId})`, "engineer")).json() as Json).data;
    expect(forDevice.map((x: { request: { publicId: string } }) => x.request.publicId)).toContain(ids[1]);
    expect(forDevice.every((x: { agent: { name: string } }) => x.agent.name === "Warehouse Router")).toBe(true);
    clock.advance(2 * MIN);
    await act(ids[0]!, "approval", "approver");
    await act(ids[1]!, "rejection", "approver");
    const box = async (name: string) => (((await call("GET", `/api/access-requests?box=${name}&page-size=100`, "approver")).json() as Json).data as Array<{ request: { publicId: string } }>).map((x) => x.request.publicId);
    expect(await box("pending")).toEqual([ids[2]]);
    expect(await box("active")).toEqual([ids[0]]);
    expect(await box("history")).toContain(ids[1]);
    expect(await box("history")).not.toContain(ids[0]);
    const acmeView = ((await call("GET", "/api/access-requests?page-size=100", "acmeAdmin", undefined, acme)).json() as Json).data;
    expect(acmeView).toEqual([]);
    expect((await call("GET", `/api/access-requests/${ids[0]}`, "acmeAdmin", undefined, acme)).statusCode).toBe(404);
    expect((await act(ids[2]!, "approval", "acmeAdmin")).statusCode).toBe(404);
  });
});
