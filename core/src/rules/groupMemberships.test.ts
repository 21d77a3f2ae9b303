import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { duplicateMemberships, membershipKey, planMembershipReplacement, type MembershipTriple } from "./groupMemberships";

const m = (user: string, group: string, role: string): MembershipTriple => ({ user, group, role });

describe("duplicateMemberships", () => {
  it("finds items that exist already or repeat an earlier item", () => {
    expect(duplicateMemberships([m("u", "g", "r")], [m("u", "g", "r2"), m("u", "g", "r"), m("v", "g", "r"), m("v", "g", "r")])).toEqual([1, 3]);
    expect(duplicateMemberships([], [m("u", "g", "r")])).toEqual([]);
  });
});

describe("planMembershipReplacement", () => {
  it("keeps what stays, removes what goes, adds what is new", () => {
    const current = [{ ...m("u", "a", "r"), publicId: "1" }, { ...m("u", "b", "r"), publicId: "2" }];
    const plan = planMembershipReplacement(current, [m("u", "b", "r"), m("u", "c", "r")]);
    expect(plan.keep.map((x) => x.publicId)).toEqual(["2"]);
    expect(plan.remove.map((x) => x.publicId)).toEqual(["1"]);
    expect(plan.add).toEqual([m("u", "c", "r")]);
  });
  it("property: keep + add is the desired set, keep and remove split the current set", () => {
    const triple = fc.record({ user: fc.constant("u"), group: fc.constantFrom("a", "b", "c"), role: fc.constantFrom("r", "s") });
    fc.assert(fc.property(fc.uniqueArray(triple, { selector: membershipKey }), fc.uniqueArray(triple, { selector: membershipKey }), (current, desired) => {
      const plan = planMembershipReplacement(current, desired);
      expect([...plan.keep, ...plan.add].map(membershipKey).sort()).toEqual(desired.map(membershipKey).sort());
      expect([...plan.keep, ...plan.remove].map(membershipKey).sort()).toEqual(current.map(membershipKey).sort());
      expect(duplicateMemberships(current.filter((c) => !plan.remove.includes(c)), plan.add)).toEqual([]);
    }));
  });
});
