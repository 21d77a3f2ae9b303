/**
 * My messages (issue 11): an access decision and an invite leave a notice for the person they
 * concern, listed newest first with the list conventions (filters, cursor paging), marked read
 * or unread one at a time or in bulk (one transaction), counted for the shell's badge, and
 * announced on the event stream. Nobody reads or changes another user's notices.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { events } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

const MIN = 60_000;
type Listed = { data: Array<{ publicId: string; kind: string; key: string; params: Record<string, string>; read: boolean; company: { name: string } | null }>; moreAfter: string | null };

describe.each(await featureBackends())("my messages on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let engineer: string;
  let approver: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    engineer = await signInAs(t.app, "engineer@example.com");
    approver = await signInAs(t.app, "approver@example.com");
  });
  afterAll(async () => { await t?.close(); });

  const list = async (secret: string, query = "") => {
    const res = await t.app.inject({ method: "GET", url: `/api/my-messages${query}`, headers: apiHeaders(secret) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Listed;
  };
  const unread = async (secret: string) =>
    ((await t.app.inject({ method: "GET", url: "/api/my-messages/unread-count", headers: apiHeaders(secret) })).json() as { data: { unread: number } }).data.unread;

  const requestAndDecide = async (decision: "approval" | "rejection", hoursAhead: number) => {
    const agents = (await t.app.inject({ method: "GET", url: "/api/agents?page-size=100", headers: apiHeaders(engineer, demo) })).json() as { data: Array<{ name: string; publicId: string }> };
    const line1 = agents.data.find((a) => a.name === "Line 1 Router")!.publicId;
    const start = Math.floor(Date.now() / MIN) * MIN + hoursAhead * 60 * MIN;
    const created = await t.app.inject({
      method: "POST", url: `/api/agents/${line1}/access-requests`, headers: apiHeaders(engineer, demo),
      payload: { allowedApprovers: [{ publicId: t.demo.users["approver"] }], vpn: true, reason: "Check the PLC", start: new Date(start).toISOString(), end: new Date(start + 30 * MIN).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const decided = await t.app.inject({ method: "POST", url: `/api/access-requests/${id}/${decision}`, headers: apiHeaders(approver, demo), payload: {} });
    expect(decided.statusCode, decided.body).toBe(200);
  };

  it("writes the requester a notice of an access decision, and the approver none", async () => {
    expect(await unread(engineer)).toBe(0);
    await requestAndDecide("approval", 2);
    await requestAndDecide("rejection", 5);
    const mine = await list(engineer);
    expect(mine.data.map((m) => m.key)).toEqual(["NAME_HAS_REJECTED_YOUR_ACCESS_REQUEST", "NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST"]);
    expect(mine.data[0]).toMatchObject({ kind: "access-decision", read: false, params: { name: "Anna Approver", device: "Line 1 Router" }, company: { name: "Demo Company" } });
    expect(await unread(engineer)).toBe(2);
    expect((await list(approver)).data).toEqual([]);
    // The requester's open clients hear of it.
    const [user] = await t.database.db.select({ id: events.userId }).from(events).where(eq(events.type, "messages-changed"));
    expect(user).toBeDefined();
  });

  it("filters by read and kind, pages with a cursor, and refuses an unknown filter with a 400", async () => {
    const first = await list(engineer, "?page-size=1");
    expect(first.data.length).toBe(1);
    expect(first.moreAfter).not.toBeNull();
    const second = await list(engineer, `?page-size=1&page-after=${first.moreAfter}`);
    expect(second.data[0]!.publicId).not.toBe(first.data[0]!.publicId);
    expect((await list(engineer, "?filters=eq(kind,invite)")).data).toEqual([]);
    expect((await list(engineer, "?filters=eq(read,false)")).data.length).toBe(2);
    const bad = await t.app.inject({ method: "GET", url: "/api/my-messages?filters=eq(userId,1)", headers: apiHeaders(engineer) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: "error", data: [{ propertyName: "filters" }] });
  });

  it("marks one read and unread, and several in one transaction (all or none)", async () => {
    const [a, b] = (await list(engineer)).data;
    const one = await t.app.inject({ method: "PATCH", url: `/api/my-messages/${a!.publicId}`, headers: apiHeaders(engineer), payload: { read: true } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ publicId: a!.publicId, read: true });
    expect(await unread(engineer)).toBe(1);
    expect((await list(engineer, "?filters=eq(read,true)")).data.map((m) => m.publicId)).toEqual([a!.publicId]);
    // A bulk body with an unknown item changes nothing and names the item.
    const refused = await t.app.inject({ method: "PATCH", url: "/api/my-messages", headers: apiHeaders(engineer), payload: [{ publicId: b!.publicId, read: true }, { publicId: "nosuchnotice", read: true }] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().data[0].listIndex).toBe(1);
    expect(await unread(engineer)).toBe(1);
    const both = await t.app.inject({ method: "PATCH", url: "/api/my-messages", headers: apiHeaders(engineer), payload: [{ publicId: a!.publicId, read: false }, { publicId: b!.publicId, read: false }] });
    expect(both.statusCode, both.body).toBe(200);
    expect(await unread(engineer)).toBe(2);
  });

  it("never shows or changes another user's notice", async () => {
    const [a] = (await list(engineer)).data;
    const other = await t.app.inject({ method: "PATCH", url: `/api/my-messages/${a!.publicId}`, headers: apiHeaders(approver), payload: { read: true } });
    expect(other.statusCode).toBe(404);
    expect(await unread(engineer)).toBe(2);
  });

  it("tells an invited address that has an account in its messages", async () => {
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const acme = t.demo.companies["acme"]!;
    const roles = (await t.app.inject({ method: "GET", url: "/api/roles", headers: apiHeaders(acmeAdmin, acme) })).json() as { data: Array<{ publicId: string }> };
    const res = await t.app.inject({ method: "POST", url: "/api/invites", headers: apiHeaders(acmeAdmin, acme), payload: { email: "viewer@example.com", role: { publicId: roles.data[0]!.publicId } } });
    expect(res.statusCode, res.body).toBe(201);
    const viewer = await signInAs(t.app, "viewer@example.com");
    const msgs = await list(viewer, "?filters=eq(kind,invite)");
    expect(msgs.data).toHaveLength(1);
    expect(msgs.data[0]).toMatchObject({ key: "YOU_ARE_INVITED_TO_COMPANY", params: { name: "Acme Industries" } });
  });
});
