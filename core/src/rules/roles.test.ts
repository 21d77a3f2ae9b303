import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS, type Right } from "../domain/Right";
import { canDeleteRole, checkRoleName, checkRoleRights, ROLE_IN_USE, ROLE_NAME_ALREADY_IN_USE, rightsTable, toggleRight, UNKNOWN_RIGHT } from "./roles";

describe("role rules", () => {
  it("checks names: required, at most 255, unique in the company", () => {
    const others = [{ publicId: "r1", name: "Engineer" }];
    expect(checkRoleName(" Operator ", others)).toEqual(Result.succeed("Operator"));
    const clash = checkRoleName("engineer", others);
    expect(Result.isFailure(clash) && clash.failure.issues[0]?.message).toBe(ROLE_NAME_ALREADY_IN_USE);
    expect(Result.isSuccess(checkRoleName("Engineer", others, "r1"))).toBe(true);
    const long = checkRoleName("x".repeat(256), others);
    expect(Result.isFailure(long) && long.failure._tag).toBe("InvalidInput");
    const missing = checkRoleName(undefined, others);
    expect(Result.isFailure(missing) && missing.failure.issues[0]?.message).toBe("REQUIRED");
  });
  it("normalises rights and refuses unknown ones", () => {
    expect(checkRoleRights(["use:audit-logs", "manage:roles", "manage:roles"])).toEqual(Result.succeed(["manage:roles", "use:audit-logs"]));
    const bad = checkRoleRights(["manage:everything"]);
    expect(Result.isFailure(bad) && bad.failure.issues[0]?.message).toBe(UNKNOWN_RIGHT);
  });
  it("refuses to delete a role in use", () => {
    const refused = canDeleteRole(1);
    expect(Result.isFailure(refused) && refused.failure.issues[0]?.message).toBe(ROLE_IN_USE);
    expect(Result.isSuccess(canDeleteRole(0))).toBe(true);
  });
  it("lays out spec section 6 as features by kinds, each right in exactly one cell", () => {
    const table = rightsTable();
    const cells = table.flatMap((row) => Object.values(row.cells).filter((c): c is Right => c !== null));
    expect([...cells].sort()).toEqual([...ALL_RIGHTS].sort());
    const accessRequests = table.find((r) => r.feature === "access-requests");
    expect(accessRequests?.cells).toEqual({ manage: "manage:access-requests", use: "use:access-requests", invite: null, approve: "approve:access-requests" });
    expect(table.find((r) => r.feature === "user")?.cells.invite).toBe("invite:user");
  });
  it("property: toggling a right on then off gives the normalised rights without it", () => {
    const right = fc.constantFrom(...ALL_RIGHTS);
    fc.assert(fc.property(fc.array(right), right, (rights, r) => {
      const on = toggleRight(rights, r, true);
      expect(on).toContain(r);
      expect(toggleRight(on, r, false)).toEqual(ALL_RIGHTS.filter((x) => x !== r && rights.includes(x)));
    }));
  });
});
