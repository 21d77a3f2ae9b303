import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AUDIENCE_IN_USE, AUDIENCE_NAME_ALREADY_IN_USE, UNKNOWN_AUDIENCE, canDeleteAudience, checkAudienceName, chooseAudience, restrictedTo, seesDevice } from "./accessCategories";

const others = [{ publicId: "a1", name: "Plant floor" }];

describe("access category names", () => {
  it("trims, requires and keeps names unique ignoring case", () => {
    expect(checkAudienceName("  Office ", others)).toEqual(Result.succeed("Office"));
    const blank = checkAudienceName(" ", others);
    expect(Result.isFailure(blank) && blank.failure._tag).toBe("InvalidInput");
    const clash = checkAudienceName("plant FLOOR", others);
    expect(Result.isFailure(clash) && clash.failure.issues[0]?.message).toBe(AUDIENCE_NAME_ALREADY_IN_USE);
    expect(Result.isSuccess(checkAudienceName("Plant floor", others, "a1"))).toBe(true);
  });
  it("refuses to delete a category in use with the spec's message", () => {
    const refused = canDeleteAudience(2);
    expect(Result.isFailure(refused) && refused.failure.issues[0]?.message).toBe(AUDIENCE_IN_USE);
    expect(Result.isSuccess(canDeleteAudience(0))).toBe(true);
  });
});

describe("what an access category decides", () => {
  it("shows a restricted viewer their category and uncategorised devices only", () => {
    const viewer = { audiences: ["x"], managesAccessRequests: false };
    expect(seesDevice(viewer, "x")).toBe(true);
    expect(seesDevice(viewer, null)).toBe(true);
    expect(seesDevice(viewer, "y")).toBe(false);
    expect(seesDevice({ ...viewer, managesAccessRequests: true }, "y")).toBe(true);
    expect(seesDevice({ audiences: [], managesAccessRequests: false }, "y")).toBe(true);
  });
  it("property: restrictedTo and seesDevice agree", () => {
    const id = fc.constantFrom("x", "y", "z");
    fc.assert(fc.property(fc.array(id, { maxLength: 3 }), fc.boolean(), fc.option(id, { nil: null }), (audiences, managesAccessRequests, device) => {
      const viewer = { audiences, managesAccessRequests };
      const only = restrictedTo(viewer);
      expect(seesDevice(viewer, device)).toBe(only === null || device === null || only.includes(device));
    }));
  });
});

describe("chooseAudience", () => {
  const mine = [{ publicId: "a1", name: "Plant floor" }, { publicId: "a2", name: "Office" }];
  it("takes one of the company's categories, or none; refuses another's", () => {
    expect(chooseAudience({ publicId: "a2" }, mine)).toEqual(Result.succeed(mine[1]));
    expect(chooseAudience(null, mine)).toEqual(Result.succeed(null));
    const other = chooseAudience({ publicId: "acme1" }, mine);
    expect(Result.isFailure(other) && other.failure.issues[0]).toEqual({ message: UNKNOWN_AUDIENCE, propertyName: "audience" });
  });
  it("property: the choice is null or one of the available, and then the member sees exactly its devices and uncategorised ones", () => {
    const ids = fc.constantFrom("a1", "a2", "x9");
    fc.assert(fc.property(fc.option(ids.map((publicId) => ({ publicId }))), ids, (wanted, deviceAudience) => {
      const chosen = chooseAudience(wanted, mine);
      if (Result.isFailure(chosen)) {
        expect(mine.some((a) => a.publicId === wanted?.publicId)).toBe(false);
        return;
      }
      const picked = chosen.success;
      if (picked !== null) expect(mine).toContain(picked);
      const viewer = { audiences: picked === null ? [] : [picked.publicId], managesAccessRequests: false };
      expect(seesDevice(viewer, deviceAudience)).toBe(picked === null || picked.publicId === deviceAudience);
      expect(seesDevice(viewer, null)).toBe(true);
    }));
  });
});
