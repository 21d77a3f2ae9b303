import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "../domain/Right";
import { rightsOnDevice } from "./deviceRights";
import { accessAt, isMembershipActive, untilWithin } from "./temporaryAccess";

const NOW = Date.UTC(2026, 0, 10, 12);
const rights = fc.subarray([...ALL_RIGHTS]);
const grant = fc.record({ groupId: fc.constantFrom("g1", "g2"), rights });

describe("temporary access", () => {
  it("a membership counts until its expiresOn, not at it", () => {
    expect(isMembershipActive(null, NOW)).toBe(true);
    expect(isMembershipActive(NOW + 1, NOW)).toBe(true);
    expect(isMembershipActive(NOW, NOW)).toBe(false);
  });
  it("an expired temporary access grants neither its role nor the group roles", () => {
    const access = accessAt([{ rights: ["approve:access-requests"], expiresOn: NOW - 1 }], [{ groupId: "g1", rights: ["use:access-requests"] }], NOW);
    expect(access.member).toBe(false);
    expect(rightsOnDevice(access.companyRights, access.grants, ["g1"]).size).toBe(0);
  });
  it("property: with every membership ended, no right on any device", () => {
    const ended = fc.array(fc.record({ rights, expiresOn: fc.integer({ min: 0, max: NOW }) }));
    fc.assert(fc.property(ended, fc.array(grant), fc.subarray(["g1", "g2"]), (memberships, grants, groups) => {
      const access = accessAt(memberships, grants, NOW);
      expect(access.member).toBe(false);
      expect(rightsOnDevice(access.companyRights, access.grants, groups).size).toBe(0);
    }));
  });
  it("property: the rights are exactly those of the active memberships", () => {
    const membership = fc.record({ rights, expiresOn: fc.option(fc.integer({ min: NOW - 1000, max: NOW + 1000 })) });
    fc.assert(fc.property(fc.array(membership), fc.array(grant), (memberships, grants) => {
      const access = accessAt(memberships, grants, NOW);
      const expected = new Set(memberships.filter((m) => m.expiresOn === null || m.expiresOn > NOW).flatMap((m) => m.rights));
      expect([...access.companyRights].sort()).toEqual([...expected].sort());
      expect(access.grants).toEqual(access.member ? grants : []);
    }));
  });
});

describe("untilWithin", () => {
  it("cuts a permission at the end of the temporary access", () => {
    expect(untilWithin(null, NOW)).toBe(NOW);
    expect(untilWithin(NOW + 5, NOW)).toBe(NOW);
    expect(untilWithin(NOW, null)).toBe(NOW);
    expect(untilWithin(null, null)).toBeNull();
    expect(accessAt([{ rights: [], expiresOn: NOW + 10 }, { rights: [], expiresOn: NOW + 20 }], [], NOW).endsAt).toBe(NOW + 20);
    expect(accessAt([{ rights: [], expiresOn: NOW + 10 }, { rights: [], expiresOn: null }], [], NOW).endsAt).toBeNull();
  });
  it("property: never later than either bound", () => {
    fc.assert(fc.property(fc.option(fc.nat()), fc.option(fc.nat()), (until, ends) => {
      const cut = untilWithin(until, ends);
      if (until !== null) expect(cut).not.toBeNull();
      if (until !== null) expect(cut!).toBeLessThanOrEqual(until);
      if (ends !== null) expect(cut!).toBeLessThanOrEqual(ends);
    }));
  });
});
