import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "../domain/Right";
import { canApproveWith, grantsThroughSubgroups, possibleApprovers, rightsOnDevice } from "./deviceRights";
import { groupsBelow, groupsContaining } from "./groupTree";

describe("rightsOnDevice", () => {
  it("adds a group role's rights only on the devices of that group", () => {
    const grants = [{ groupId: "hallA", rights: ["approve:access-requests"] }];
    expect(canApproveWith(rightsOnDevice(["use:access-requests"], grants, ["hallA"]))).toBe(true);
    expect(canApproveWith(rightsOnDevice(["use:access-requests"], grants, ["hallB"]))).toBe(false);
  });
  it("property: a superset of the company rights; grants of other groups add nothing", () => {
    const rights = fc.subarray([...ALL_RIGHTS]);
    const groups = fc.subarray(["g1", "g2", "g3"]);
    fc.assert(fc.property(rights, fc.array(fc.record({ groupId: fc.constantFrom("g1", "g2", "g3"), rights })), groups, (company, grants, deviceGroups) => {
      const result = rightsOnDevice(company, grants, deviceGroups);
      for (const r of company) expect(result.has(r)).toBe(true);
      const outside = rightsOnDevice(company, grants.filter((g) => !deviceGroups.includes(g.groupId)), deviceGroups);
      expect([...outside].sort()).toEqual([...new Set(company)].sort());
    }));
  });
});

describe("possibleApprovers", () => {
  it("lists members with the approve right, sorted by name, without the requester", () => {
    const approve = new Set(["approve:access-requests"]);
    const members = [
      { publicId: "u3", name: "Zoë", rights: approve },
      { publicId: "u1", name: "Anna", rights: approve },
      { publicId: "u2", name: "Emil", rights: new Set(["use:access-requests"]) },
    ];
    expect(possibleApprovers(members, "u2")).toEqual([{ publicId: "u1", name: "Anna" }, { publicId: "u3", name: "Zoë" }]);
    expect(possibleApprovers(members, "u1")).toEqual([{ publicId: "u3", name: "Zoë" }]);
    expect(possibleApprovers([], "u1")).toEqual([]);
  });
});

describe("grantsThroughSubgroups", () => {
  // plant > hallA > line1; plant > hallB; other stands alone.
  const tree = [
    { publicId: "plant", parentId: null }, { publicId: "hallA", parentId: "plant" },
    { publicId: "line1", parentId: "hallA" }, { publicId: "hallB", parentId: "plant" }, { publicId: "other", parentId: null },
  ];
  it("a role held in a group applies on the devices of its subgroups, not on its parent's or siblings'", () => {
    const grants = grantsThroughSubgroups([{ groupId: "hallA", rights: ["approve:access-requests"] }], tree);
    expect(canApproveWith(rightsOnDevice([], grants, ["line1"]))).toBe(true);
    expect(canApproveWith(rightsOnDevice([], grants, ["hallA"]))).toBe(true);
    expect(canApproveWith(rightsOnDevice([], grants, ["plant"]))).toBe(false);
    expect(canApproveWith(rightsOnDevice([], grants, ["hallB"]))).toBe(false);
  });
  it("property: expanding grants down equals looking for grants up from the device's groups", () => {
    const ids = ["a", "b", "c", "d", "e"];
    // Any parent links, loops included: the rules must stay finite and agree.
    const anyTree = fc.tuple(...ids.map(() => fc.option(fc.constantFrom(...ids)))).map((parents) => ids.map((publicId, i) => ({ publicId, parentId: parents[i] ?? null })));
    const grants = fc.array(fc.record({ groupId: fc.constantFrom(...ids), rights: fc.subarray([...ALL_RIGHTS]) }));
    fc.assert(fc.property(anyTree, grants, fc.subarray(ids), (t, gs, deviceGroups) => {
      const down = rightsOnDevice([], grantsThroughSubgroups(gs, t), deviceGroups);
      const up = rightsOnDevice([], gs, [...groupsContaining(t, deviceGroups)]);
      expect([...down].sort()).toEqual([...up].sort());
      for (const g of gs) for (const d of groupsBelow(t, [g.groupId])) expect(groupsContaining(t, [d]).has(g.groupId)).toBe(true);
    }));
  });
});
