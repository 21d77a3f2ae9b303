import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "../domain/Right";
import { canApproveWith, possibleApprovers, rightsOnDevice } from "./deviceRights";

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
