import { describe, expect, it } from "vitest";
import type { Group } from "@portal/core/domain/Group";
import type { GroupType } from "@portal/core/domain/GroupType";
import { ALL_TYPE_RIGHTS, typesHarness } from "./typesHarness";
import { GroupStore } from "../src/stores/GroupStore";

const LOCATION: GroupType = { publicId: "gtLocation00", name: "Location", order: 0, color: "#2ca02c" };
const group = (publicId: string, name: string, parent: string | null = null): Group =>
  ({ publicId, name, type: { publicId: LOCATION.publicId, name: "Location", color: "#2ca02c" }, parent: parent === null ? null : { publicId: parent } });
const seed = {
  groupTypes: [LOCATION],
  groups: [group("gHallA000000", "Hall A"), group("gLine1000000", "Line 1", "gHallA000000")],
  companyUsers: [{ publicId: "uEmil0000000", name: "Emil Engineer", email: "engineer@example.com" }, { publicId: "uSam00000000", name: "Sam Shift", email: "shift@example.com" }],
  // The member picker searches the users list (UserList, server-side search).
  people: { members: [
    { publicId: "uEmil0000000", name: "Emil Engineer", email: "engineer@example.com", role: null, expiresOn: null },
    { publicId: "uSam00000000", name: "Sam Shift", email: "shift@example.com", role: null, expiresOn: null },
  ] },
  roleChoices: [{ publicId: "rApprover000", name: "Group approver" }, { publicId: "rMember0000", name: "Member" }],
  agents: [{ publicId: "aRouter00000", name: "Line 1 Router" } as never],
};

describe("GroupStore", () => {
  it("shows the groups of a type as a tree and creates a subgroup under the tree rules", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, seed);
    await h.root.get(GroupStore).load(LOCATION.publicId);
    expect(h.root.get(GroupStore).forest.map((n) => [n.group.name, n.children.map((c) => c.group.name)])).toEqual([["Hall A", ["Line 1"]]]);
    const clash = await h.root.get(GroupStore).create("line 1", "gHallA000000");
    expect(clash).toEqual({ ok: false, issues: [{ message: "GROUP_NAME_IN_USE", propertyName: "name" }] });
    expect(h.api.state.calls).not.toContain("groups.create");
    const made = await h.root.get(GroupStore).create("Line 2", "gHallA000000");
    expect(made.ok).toBe(true);
    expect(h.root.get(GroupStore).forest[0]!.children.map((c) => c.group.name)).toEqual(["Line 1", "Line 2"]);
  });

  it("refuses a parent without manage:subgroups and a move under its own subgroup, before any call", async () => {
    const h = await typesHarness(["manage:groups"], seed);
    await h.root.get(GroupStore).load(LOCATION.publicId);
    expect(await h.root.get(GroupStore).create("Nested", "gHallA000000")).toEqual({ ok: false, issues: [{ message: "SUBGROUPS_NOT_ALLOWED", propertyName: "parent" }] });
    const full = await typesHarness(ALL_TYPE_RIGHTS, seed);
    await full.root.get(GroupStore).load(LOCATION.publicId);
    expect(await full.root.get(GroupStore).update("gHallA000000", "Hall A", "gLine1000000")).toEqual({ ok: false, issues: [{ message: "GROUP_PARENT_CYCLE", propertyName: "parent" }] });
    expect(full.api.state.calls).not.toContain("groups.update");
  });

  it("adds a member with a role and a device; delete is refused while in use with the sentence, then succeeds", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, seed);
    const store = h.root.get(GroupStore);
    await store.load(LOCATION.publicId);
    store.select("gLine1000000");
    await store.loadDetails("gLine1000000");
    expect(store.roles.map((r) => r.name)).toEqual(["Group approver", "Member"]);
    expect((await store.candidates("sam")).map((u) => u.name)).toEqual(["Sam Shift"]);
    expect(h.api.state.calls).toContain("users.list");
    expect(h.api.state.calls).not.toContain("groups.candidates");
    expect(await store.addMember("uSam00000000", "rApprover000")).toBe(true);
    expect(store.members.map((m) => [m.user.name, m.role.name])).toEqual([["Sam Shift", "Group approver"]]);
    expect(await store.addAgent("aRouter00000")).toBe(true);
    expect(store.agents.map((a) => a.name)).toEqual(["Line 1 Router"]);
    const refused = await store.remove("gLine1000000");
    expect(refused).toEqual({ ok: false, issues: [{ message: "GROUP_HAS_MEMBERS" }, { message: "GROUP_HAS_DEVICES" }] });
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "GROUP_HAS_MEMBERS", timeoutMs: 3000 });
    expect(await store.removeMember(store.members[0]!.publicId)).toBe(true);
    expect(await store.removeAgent("aRouter00000")).toBe(true);
    expect((await store.remove("gLine1000000")).ok).toBe(true);
    expect(store.groups.map((g) => g.name)).toEqual(["Hall A"]);
  });

  it("a failed member edit shows the server's first message for 3 s (spec 8) and changes nothing", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, seed);
    const store = h.root.get(GroupStore);
    await store.load(LOCATION.publicId);
    store.select("gHallA000000");
    await store.loadDetails("gHallA000000");
    expect(await store.addMember("uEmil0000000", "rMember0000")).toBe(true);
    expect(await store.addMember("uEmil0000000", "rMember0000")).toBe(false);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "MEMBERSHIP_DUPLICATE", timeoutMs: 3000 });
    expect(store.members).toHaveLength(1);
  });
});
