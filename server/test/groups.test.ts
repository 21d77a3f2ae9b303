/**
 * Groups, memberships and devices in groups (issue 11) over HTTP: the tree rules, delete refused
 * while in use, memberships (POST, PATCH, DELETE, PUT per user) with their refusals, devices
 * added and removed, group roles scoping who approves a device, audit rows, atomic bulk calls
 * and cross-company isolation.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/Database";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

type Json = { data: any };

describe.each(await featureBackends())("groups and memberships on %s", (kind) => {
  let t: TestApp;
  const secrets: Record<string, string> = {};
  let demo: string;
  let acme: string;
  let typeIds: Record<string, string>;
  let roleIds: Record<string, string>;
  let agentIds: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    acme = t.demo.companies["acme"]!;
    for (const [k, email] of Object.entries({ admin: "admin@example.com", engineer: "engineer@example.com", viewer: "viewer@example.com", acmeAdmin: "acme-admin@example.com" })) {
      secrets[k] = await signInAs(t.app, email);
    }
    typeIds = Object.fromEntries(((await call("GET", "/api/group-types")).json() as Json).data.map((g: { name: string; publicId: string }) => [g.name, g.publicId]));
    roleIds = Object.fromEntries(((await call("GET", "/api/group-role-choices")).json() as Json).data.map((r: { name: string; publicId: string }) => [r.name, r.publicId]));
    agentIds = Object.fromEntries(((await call("GET", "/api/agents?page-size=100")).json() as Json).data.map((a: { name: string; publicId: string }) => [a.name, a.publicId]));
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: unknown, who = "admin", company?: string) =>
    t.app.inject({ method, url, headers: apiHeaders(secrets[who], company ?? (who === "acmeAdmin" ? acme : demo)), ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/api/groups", body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Json).data[0].publicId as string;
  };
  const audits = async (topic: string) => rowsOf<{ action: string; target: string }>(await t.database.db.execute(sql`select action, target from audit_logs where topic = ${topic}`));

  it("creates a group and a subgroup of the same type; the colour is the type's; answers parent", async () => {
    const hall = await create({ name: " Hall B ", type: { publicId: typeIds["Location"] } });
    const cell = await create({ name: "Cell 1", type: { publicId: typeIds["Location"] }, parent: { publicId: hall } });
    const got = (await call("GET", `/api/groups/${cell}`)).json() as Json;
    expect(got.data).toMatchObject({ name: "Cell 1", type: { publicId: typeIds["Location"], color: "#2ca02c" }, parent: { publicId: hall } });
    expect(((await call("GET", `/api/groups/${hall}`)).json() as Json).data).toMatchObject({ name: "Hall B", parent: null });
    const listed = (await call("GET", `/api/groups?filters=eq(parent.publicId,${hall})`)).json() as Json;
    expect(listed.data.map((g: { publicId: string }) => g.publicId)).toEqual([cell]);
    expect((await audits("Group")).filter((a) => a.action === "CREATE").map((a) => a.target)).toEqual(expect.arrayContaining([hall, cell]));
  });

  it("refuses a missing or unknown type, a sibling's name, a parent of another type, and cycles", async () => {
    expect((await call("POST", "/api/groups", { name: "X" })).json()).toMatchObject({ data: [{ message: "Required property", propertyName: "type" }] });
    const unknownType = await call("POST", "/api/groups", { name: "X", type: { publicId: "nope" } });
    expect(unknownType.statusCode).toBe(404);
    expect((unknownType.json() as Json).data).toEqual([{ message: "GROUP_TYPE_NOT_FOUND", propertyName: "type" }]);
    const clash = await call("POST", "/api/groups", { name: "hall a", type: { publicId: typeIds["Location"] } });
    expect(clash.statusCode).toBe(409);
    expect((clash.json() as Json).data).toEqual([{ message: "GROUP_NAME_IN_USE", propertyName: "name" }]);
    const top = await create({ name: "Top", type: { publicId: typeIds["Location"] } });
    const child = await create({ name: "Child", type: { publicId: typeIds["Location"] }, parent: { publicId: top } });
    // The same name under another parent is fine.
    await create({ name: "Hall A", type: { publicId: typeIds["Location"] }, parent: { publicId: top } });
    const otherType = await call("POST", "/api/groups", { name: "Y", type: { publicId: typeIds["Department"] }, parent: { publicId: top } });
    expect((otherType.json() as Json).data).toEqual([{ message: "GROUP_PARENT_OTHER_TYPE", propertyName: "parent" }]);
    const cycle = await call("PATCH", `/api/groups/${top}`, { parent: { publicId: child } });
    expect(cycle.statusCode).toBe(400);
    expect((cycle.json() as Json).data).toEqual([{ message: "GROUP_PARENT_CYCLE", propertyName: "parent" }]);
    const self = await call("PATCH", "/api/groups", [{ publicId: top, name: "Top" }, { publicId: top, parent: { publicId: top } }]);
    expect((self.json() as Json).data).toEqual([{ message: "GROUP_PARENT_CYCLE", propertyName: "parent", listIndex: 1 }]);
  });

  it("renames and moves (item and bulk PATCH), and moves back to the top level", async () => {
    const a = await create({ name: "Move A", type: { publicId: typeIds["Shift"] } });
    const b = await create({ name: "Move B", type: { publicId: typeIds["Shift"] } });
    const renamed = await call("PATCH", `/api/groups/${a}`, { name: "Early shift" });
    expect((renamed.json() as Json).data).toMatchObject({ name: "Early shift", parent: null });
    const moved = await call("PATCH", "/api/groups", [{ publicId: b, parent: { publicId: a } }]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Json).data[0]).toMatchObject({ publicId: b, parent: { publicId: a } });
    const back = await call("PATCH", `/api/groups/${b}`, { parent: null });
    expect((back.json() as Json).data.parent).toBeNull();
    expect((await audits("Group")).filter((x) => x.action === "UPDATE" && x.target === b)).toHaveLength(2);
  });

  it("without manage:subgroups a group can only be placed at the top level", async () => {
    // A role with manage:groups but not manage:subgroups, given to the viewer.
    const top = await create({ name: "Sub test", type: { publicId: typeIds["Shift"] } });
    const res = await call("POST", "/api/groups", { name: "Nested", type: { publicId: typeIds["Shift"] }, parent: { publicId: top } }, "viewer");
    expect(res.statusCode).toBe(400);
    expect((res.json() as Json).data).toEqual([{ message: "SUBGROUPS_NOT_ALLOWED", propertyName: "parent" }]);
    expect((await call("POST", "/api/groups", { name: "Flat", type: { publicId: typeIds["Shift"] } }, "viewer")).statusCode).toBe(201);
  });

  it("refuses delete while the group has subgroups, members or devices (each a sentence), then deletes once empty", async () => {
    const parent = await create({ name: "Busy", type: { publicId: typeIds["Location"] } });
    const sub = await create({ name: "Busy child", type: { publicId: typeIds["Location"] }, parent: { publicId: parent } });
    const member = await call("POST", "/api/group-memberships", { user: { publicId: t.demo.users["engineer"] }, group: { publicId: parent }, role: { publicId: roleIds["Member"] } });
    expect(member.statusCode, member.body).toBe(201);
    expect((await call("POST", `/api/groups/${parent}/agents`, [{ publicId: agentIds["Line 2 Router"] }])).statusCode).toBe(201);
    const refused = await call("DELETE", `/api/groups/${parent}`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as Json).data.map((i: { message: string }) => i.message)).toEqual(["GROUP_HAS_SUBGROUPS", "GROUP_HAS_MEMBERS", "GROUP_HAS_DEVICES"]);
    // A bulk delete that fails on one item deletes nothing (the subgroup stays).
    const bulk = await call("DELETE", "/api/groups", [{ publicId: sub }, { publicId: parent }]);
    expect(bulk.statusCode).toBe(409);
    expect((await call("GET", `/api/groups/${sub}`)).statusCode).toBe(200);
    expect((await call("DELETE", "/api/group-memberships", [{ publicId: (member.json() as Json).data[0].publicId }])).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${parent}/agents`, { publicId: agentIds["Line 2 Router"] })).statusCode).toBe(200);
    // Parent and child in one call: the child goes first.
    const ok = await call("DELETE", "/api/groups", [{ publicId: parent }, { publicId: sub }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call("GET", `/api/groups/${parent}`)).statusCode).toBe(404);
    expect((await audits("Group")).filter((a) => a.action === "DELETE").map((a) => a.target)).toEqual(expect.arrayContaining([parent, sub]));
  });

  it("memberships: add many, change a role, list by group, refuse unknowns, outsiders and duplicates, delete", async () => {
    const g = await create({ name: "Members", type: { publicId: typeIds["Department"] } });
    const add = await call("POST", "/api/group-memberships", [
      { user: { publicId: t.demo.users["engineer"] }, group: { publicId: g }, role: { publicId: roleIds["Member"] } },
      { user: { publicId: t.demo.users["viewer"] }, group: { publicId: g }, role: { publicId: roleIds["Group approver"] } },
    ]);
    expect(add.statusCode, add.body).toBe(201);
    const [m1] = (add.json() as Json).data;
    const listed = (await call("GET", `/api/group-memberships?filters=eq(group.publicId,${g})`)).json() as Json;
    expect(listed.data.map((m: any) => [m.user.name, m.role.name])).toEqual([["Emil Engineer", "Member"], ["Vera Viewer", "Group approver"]]);
    const patched = await call("PATCH", "/api/group-memberships", { publicId: m1.publicId, role: { publicId: roleIds["Group approver"] } });
    expect((patched.json() as Json).data[0]).toMatchObject({ publicId: m1.publicId, role: { name: "Group approver" } });
    const one = (over: Record<string, unknown>) => ({ user: { publicId: t.demo.users["engineer"] }, group: { publicId: g }, role: { publicId: roleIds["Member"] }, ...over });
    const expectRefusal = async (body: unknown, status: number, message: string, extra: Record<string, unknown> = {}) => {
      const res = await call("POST", "/api/group-memberships", body);
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json() as Json).data[0]).toEqual({ message, ...extra });
    };
    await expectRefusal(one({ user: { publicId: "nobodyatall1" } }), 404, "MEMBERSHIP_UNKNOWN_USER", { propertyName: "user" });
    await expectRefusal(one({ user: { publicId: t.demo.users["acmeAdmin"] } }), 400, "MEMBERSHIP_USER_NOT_IN_COMPANY", { propertyName: "user" });
    await expectRefusal(one({ group: { publicId: "nogroup00000" } }), 404, "MEMBERSHIP_UNKNOWN_GROUP", { propertyName: "group" });
    await expectRefusal(one({ role: { publicId: "norole000000" } }), 404, "MEMBERSHIP_UNKNOWN_ROLE", { propertyName: "role" });
    await expectRefusal([one({}), one({})], 409, "MEMBERSHIP_DUPLICATE", { listIndex: 1 });
    await expectRefusal([one({ role: { publicId: roleIds["Group approver"] } })], 409, "MEMBERSHIP_DUPLICATE", { listIndex: 0 });
    // All or nothing: the good first item of a failing list was not added.
    const after = (await call("GET", `/api/group-memberships?filters=eq(group.publicId,${g})`)).json() as Json;
    expect(after.data).toHaveLength(2);
    const gone = await call("DELETE", "/api/group-memberships", [{ publicId: m1.publicId }]);
    expect(gone.statusCode).toBe(200);
    expect((await call("DELETE", "/api/group-memberships", [{ publicId: m1.publicId }])).statusCode).toBe(404);
    expect((await audits("GroupMembership")).filter((a) => a.target === m1.publicId).map((a) => a.action).sort()).toEqual(["CREATE", "DELETE", "UPDATE"]);
  });

  it("PUT per user replaces the user's memberships at once, keeping those that stay; a bad item changes nothing", async () => {
    const a = await create({ name: "Put A", type: { publicId: typeIds["Department"] } });
    const b = await create({ name: "Put B", type: { publicId: typeIds["Department"] } });
    const url = `/api/users/${t.demo.users["translator"]}/group-memberships`;
    const first = await call("PUT", url, [{ group: { publicId: a }, role: { publicId: roleIds["Member"] } }]);
    expect(first.statusCode, first.body).toBe(200);
    const kept = (first.json() as Json).data[0].publicId;
    const second = await call("PUT", url, [{ group: { publicId: a }, role: { publicId: roleIds["Member"] } }, { group: { publicId: b }, role: { publicId: roleIds["Member"] } }]);
    expect((second.json() as Json).data.map((m: any) => m.group.name)).toEqual(["Put A", "Put B"]);
    expect((second.json() as Json).data[0].publicId).toBe(kept);
    const bad = await call("PUT", url, [{ group: { publicId: b }, role: { publicId: roleIds["Member"] } }, { group: { publicId: "unknown00000" }, role: { publicId: roleIds["Member"] } }]);
    expect(bad.statusCode).toBe(404);
    expect((bad.json() as Json).data).toEqual([{ message: "MEMBERSHIP_UNKNOWN_GROUP", propertyName: "group", listIndex: 1 }]);
    expect(((await call("GET", url)).json() as Json).data).toHaveLength(2);
    const cleared = await call("PUT", url, []);
    expect((cleared.json() as Json).data).toEqual([]);
    expect((await call("PUT", `/api/users/${t.demo.users["acmeAdmin"]}/group-memberships`, [])).statusCode).toBe(404);
  });

  it("devices: add, list, refuse unknown, foreign and repeated devices, remove", async () => {
    const g = await create({ name: "Devices", type: { publicId: typeIds["Location"] } });
    const acmeAgent = ((await call("GET", "/api/agents", undefined, "acmeAdmin")).json() as Json).data[0].publicId;
    expect((await call("POST", `/api/groups/${g}/agents`, [{ publicId: agentIds["Line 2 Router"] }])).statusCode).toBe(201);
    expect(((await call("GET", `/api/groups/${g}/agents`)).json() as Json).data).toEqual([{ publicId: agentIds["Line 2 Router"], name: "Line 2 Router" }]);
    const again = await call("POST", `/api/groups/${g}/agents`, { publicId: agentIds["Line 2 Router"] });
    expect(again.statusCode).toBe(409);
    expect((again.json() as Json).data).toEqual([{ message: "GROUP_DEVICE_ALREADY_IN_GROUP", propertyName: "publicId" }]);
    const foreign = await call("POST", `/api/groups/${g}/agents`, [{ publicId: agentIds["Packaging Gateway"] }, { publicId: acmeAgent }]);
    expect(foreign.statusCode).toBe(404);
    expect((foreign.json() as Json).data).toEqual([{ message: "GROUP_DEVICE_UNKNOWN", propertyName: "publicId", listIndex: 1 }]);
    expect(((await call("GET", `/api/groups/${g}/agents`)).json() as Json).data).toHaveLength(1);
    expect((await call("DELETE", `/api/groups/${g}/agents`, [{ publicId: agentIds["Packaging Gateway"] }])).statusCode).toBe(404);
    expect((await audits("GroupAgent")).map((a) => a.target)).toContain(agentIds["Line 2 Router"]);
  });

  it("a group role on a group containing a device makes the member an approver of that device; removing it undoes that", async () => {
    const approverNames = async () => ((await call("GET", `/api/agents/${agentIds["Line 2 Router"]}/approvers`, undefined, "engineer")).json() as Json)
      .data.map((a: { name: string }) => a.name) as string[];
    expect(await approverNames()).not.toContain("Vera Viewer");
    const g = await create({ name: "Approvers", type: { publicId: typeIds["Location"] } });
    await call("POST", `/api/groups/${g}/agents`, { publicId: agentIds["Line 2 Router"] });
    const m = await call("POST", "/api/group-memberships", { user: { publicId: t.demo.users["viewer"] }, group: { publicId: g }, role: { publicId: roleIds["Group approver"] } });
    expect(await approverNames()).toContain("Vera Viewer");
    // Not on a device outside the group.
    const other = ((await call("GET", `/api/agents/${agentIds["Packaging Gateway"]}/approvers`, undefined, "engineer")).json() as Json).data.map((a: { name: string }) => a.name);
    expect(other).not.toContain("Vera Viewer");
    await call("DELETE", "/api/group-memberships", [{ publicId: (m.json() as Json).data[0].publicId }]);
    expect(await approverNames()).not.toContain("Vera Viewer");
    // The same through the device: a member of the group stops approving when the device leaves it.
    await call("POST", "/api/group-memberships", { user: { publicId: t.demo.users["viewer"] }, group: { publicId: g }, role: { publicId: roleIds["Group approver"] } });
    expect(await approverNames()).toContain("Vera Viewer");
    await call("DELETE", `/api/groups/${g}/agents`, { publicId: agentIds["Line 2 Router"] });
    expect(await approverNames()).not.toContain("Vera Viewer");
  });

  it("member picker and role choices: the company's members only, searched by name or e-mail", async () => {
    const g = await create({ name: "Picker", type: { publicId: typeIds["Location"] } });
    const all = ((await call("GET", `/api/groups/${g}/candidates?page-size=100`)).json() as Json).data.map((u: { name: string }) => u.name);
    expect(all).toContain("Emil Engineer");
    expect(all).not.toContain("Otto Acme");
    const found = ((await call("GET", `/api/groups/${g}/candidates?search=SHIFT-lead`)).json() as Json).data;
    expect(found).toEqual([{ publicId: t.demo.users["shiftLead"], name: "Sam Shift", email: "shift-lead@example.com" }]);
    expect(((await call("GET", "/api/group-role-choices")).json() as Json).data.map((r: { name: string }) => r.name)).toContain("Group approver");
  });

  it("nothing crosses companies: another company's groups, memberships and users are 404", async () => {
    const g = await create({ name: "Ours", type: { publicId: typeIds["Location"] } });
    for (const [method, url, body] of [
      ["GET", `/api/groups/${g}`, undefined], ["PATCH", `/api/groups/${g}`, { name: "Theirs" }], ["DELETE", `/api/groups/${g}`, undefined],
      ["GET", `/api/groups/${g}/agents`, undefined], ["GET", `/api/groups/${g}/candidates`, undefined],
      ["PATCH", "/api/groups", [{ publicId: g, name: "Theirs" }]], ["DELETE", "/api/groups", [{ publicId: g }]],
    ] as const) {
      const res = await call(method, url, body, "acmeAdmin");
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const m = await call("POST", "/api/group-memberships", { user: { publicId: t.demo.users["engineer"] }, group: { publicId: g }, role: { publicId: roleIds["Member"] } });
    const mid = (m.json() as Json).data[0].publicId;
    expect((await call("DELETE", "/api/group-memberships", [{ publicId: mid }], "acmeAdmin")).statusCode).toBe(404);
    expect((await call("PATCH", "/api/group-memberships", [{ publicId: mid, role: { publicId: roleIds["Member"] } }], "acmeAdmin")).statusCode).toBe(404);
    expect(((await call("GET", "/api/group-memberships", undefined, "acmeAdmin")).json() as Json).data.map((x: { publicId: string }) => x.publicId)).not.toContain(mid);
    expect((await call("GET", `/api/users/${t.demo.users["engineer"]}/group-memberships`, undefined, "acmeAdmin")).statusCode).toBe(404);
  });
});
