import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { administrators, checkAdministratorsRemain, isAdministrator, LAST_ADMINISTRATOR, type AdministeredMember } from "./administrators";

const admin = (userId: string, expiresOn?: number): AdministeredMember => ({ userId, rights: ["manage:roles", "invite:user"], expiresOn });
const member = (userId: string): AdministeredMember => ({ userId, rights: ["use:access-requests"] });

describe("last administrator", () => {
  it("counts only permanent members whose role manages roles", () => {
    expect(isAdministrator(admin("a"))).toBe(true);
    expect(isAdministrator(admin("a", 1_000))).toBe(false);
    expect(isAdministrator(member("b"))).toBe(false);
    expect([...administrators([admin("a"), admin("a"), member("b")])]).toEqual(["a"]);
  });
  it("refuses removing or demoting the last administrator", () => {
    const removed = checkAdministratorsRemain([admin("a"), member("b")], [member("b")]);
    expect(Result.isFailure(removed) && removed.failure.issues[0]?.message).toBe(LAST_ADMINISTRATOR);
    expect(Result.isFailure(checkAdministratorsRemain([admin("a")], [member("a")]))).toBe(true);
    expect(Result.isFailure(checkAdministratorsRemain([admin("a")], [admin("a", 5)]))).toBe(true);
  });
  it("allows it while another administrator stays, and changes in a company without one", () => {
    expect(Result.isSuccess(checkAdministratorsRemain([admin("a"), admin("b")], [admin("b")]))).toBe(true);
    expect(Result.isSuccess(checkAdministratorsRemain([member("a")], []))).toBe(true);
  });
  it("property: a success never goes from some administrators to none", () => {
    const arbMember = fc.record({
      userId: fc.constantFrom("a", "b", "c", "d"),
      rights: fc.subarray(["manage:roles", "invite:user", "use:audit-logs"]),
      expiresOn: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(arbMember, { maxLength: 6 }), fc.array(arbMember, { maxLength: 6 }), (before, after) => {
      const ok = Result.isSuccess(checkAdministratorsRemain(before, after));
      const had = administrators(before).size > 0;
      const has = administrators(after).size > 0;
      expect(ok).toBe(!had || has);
    }));
  });
});
