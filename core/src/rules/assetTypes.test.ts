import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canDeleteAssetType, validateAssetTypeInput } from "./assetTypes";
import { NAME_TOO_LONG } from "./groupTypes";

const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};

describe("validateAssetTypeInput", () => {
  it("requires a name", () => {
    for (const name of [undefined, "", "  ", 7]) {
      const error = failureOf(validateAssetTypeInput({ name }));
      expect(error._tag === "InvalidInput" && error.issues).toEqual([{ message: "REQUIRED", propertyName: "name" }]);
    }
  });
  it("accepts at most 255 characters", () => {
    expect(validateAssetTypeInput({ name: "y".repeat(255) })).toEqual(Result.succeed({ name: "y".repeat(255) }));
    const error = failureOf(validateAssetTypeInput({ name: "y".repeat(256) }));
    expect(error._tag === "InvalidInput" && error.issues).toEqual([{ message: NAME_TOO_LONG, propertyName: "name" }]);
  });
  it("checks uniqueness only against the other types it is given", () => {
    const others = [{ publicId: "p1", name: "Pump" }];
    expect(failureOf(validateAssetTypeInput({ name: "pump " }, { others }))._tag).toBe("NameAlreadyInUse");
    expect(Result.isSuccess(validateAssetTypeInput({ name: "Pump" }, { others, selfPublicId: "p1" }))).toBe(true);
    expect(Result.isSuccess(validateAssetTypeInput({ name: "Pump" }))).toBe(true);
  });
  it("property: any non-blank name of at most 255 characters is accepted trimmed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 255 }).filter((s) => s.trim() !== ""), (name) => {
        expect(validateAssetTypeInput({ name })).toEqual(Result.succeed({ name: name.trim() }));
      }),
    );
  });
});

describe("canDeleteAssetType", () => {
  it("refuses the last type and a type used by a resource variant", () => {
    const last = failureOf(canDeleteAssetType("a", [{ publicId: "a" }], 0));
    expect([last.message, last.reason]).toEqual(["CANNOT_DELETE_ASSET_TYPE", "last"]);
    const used = failureOf(canDeleteAssetType("a", [{ publicId: "a" }, { publicId: "b" }], 1));
    expect([used.message, used.reason]).toEqual(["CANNOT_DELETE_ASSET_TYPE", "in-use"]);
    expect(Result.isSuccess(canDeleteAssetType("a", [{ publicId: "a" }, { publicId: "b" }], 0))).toBe(true);
  });
  it("property: deletion is allowed exactly when more than one exists and no variant uses it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), (count, using) => {
        const all = Array.from({ length: count }, (_, i) => ({ publicId: `id${i}` }));
        expect(Result.isSuccess(canDeleteAssetType("id0", all, using))).toBe(count > 1 && using === 0);
      }),
    );
  });
});
