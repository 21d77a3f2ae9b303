import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canDeleteGroupType, COLOR_FORMAT, isGroupTypeFormSubmittable, isNameBoundToTranslationKey, NAME_TOO_LONG,
  sameTypeName, validateGroupTypeInput,
} from "./groupTypes";

const others = [{ publicId: "aaaaaaaaaaaa", name: "Site" }, { publicId: "bbbbbbbbbbbb", name: "Line" }];
const ctx = { others, colorShown: false };

const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};

describe("validateGroupTypeInput", () => {
  it("requires a name", () => {
    for (const name of [undefined, null, "", "   ", 42]) {
      const error = failureOf(validateGroupTypeInput({ name }, ctx));
      expect(error._tag).toBe("InvalidInput");
      expect(error._tag === "InvalidInput" && error.issues).toEqual([{ message: "REQUIRED", propertyName: "name" }]);
    }
  });
  it("accepts 255 characters and refuses 256", () => {
    expect(Result.isSuccess(validateGroupTypeInput({ name: "x".repeat(255) }, ctx))).toBe(true);
    const error = failureOf(validateGroupTypeInput({ name: "x".repeat(256) }, ctx));
    expect(error._tag === "InvalidInput" && error.issues).toEqual([{ message: NAME_TOO_LONG, propertyName: "name" }]);
  });
  it("counts characters, not UTF-16 units", () => {
    expect(Result.isSuccess(validateGroupTypeInput({ name: "😀".repeat(255) }, ctx))).toBe(true);
  });
  it("trims the name", () => {
    expect(validateGroupTypeInput({ name: "  Area " }, ctx)).toEqual(Result.succeed({ name: "Area" }));
  });
  it("refuses another group type's name with NAME_ALREADY_IN_USE, ignoring case and spaces", () => {
    for (const name of ["Site", "site ", " SITE"]) {
      const error = failureOf(validateGroupTypeInput({ name }, ctx));
      expect(error._tag).toBe("NameAlreadyInUse");
      expect(error.message).toBe("NAME_ALREADY_IN_USE");
    }
  });
  it("lets a group type keep its own name on update", () => {
    expect(Result.isSuccess(validateGroupTypeInput({ name: "site" }, { ...ctx, selfPublicId: "aaaaaaaaaaaa" }))).toBe(true);
  });
  it("requires a #rrggbb colour when the colour input is shown", () => {
    const shown = { ...ctx, colorShown: true };
    const missing = failureOf(validateGroupTypeInput({ name: "Area" }, shown));
    expect(missing._tag === "InvalidInput" && missing.issues).toEqual([{ message: "REQUIRED", propertyName: "color" }]);
    const bad = failureOf(validateGroupTypeInput({ name: "", color: "red" }, shown));
    expect(bad._tag === "InvalidInput" && bad.issues).toEqual([
      { message: "REQUIRED", propertyName: "name" }, { message: COLOR_FORMAT, propertyName: "color" },
    ]);
    expect(validateGroupTypeInput({ name: "Area", color: "#A1B2C3" }, shown)).toEqual(
      Result.succeed({ name: "Area", color: "#a1b2c3" }),
    );
  });
  it("drops a colour when the colour input is not shown", () => {
    expect(validateGroupTypeInput({ name: "Area", color: "#a1b2c3" }, ctx)).toEqual(Result.succeed({ name: "Area" }));
  });
  it("reports invalid input before a name clash", () => {
    const error = failureOf(validateGroupTypeInput({ name: "Site" }, { ...ctx, colorShown: true }));
    expect(error._tag).toBe("InvalidInput");
  });
  it("property: an accepted name never clashes with another type's name and is trimmed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ publicId: fc.string({ minLength: 1 }), name: fc.string() }), { maxLength: 8 }),
        fc.string(),
        (all, name) => {
          const result = validateGroupTypeInput({ name }, { others: all, colorShown: false });
          if (Result.isSuccess(result)) {
            expect(result.success.name).toBe(result.success.name.trim());
            expect(all.some((o) => sameTypeName(o.name, name))).toBe(false);
          } else if (result.failure._tag === "NameAlreadyInUse") {
            expect(all.some((o) => sameTypeName(o.name, name))).toBe(true);
          }
        },
      ),
    );
  });
});

describe("canDeleteGroupType", () => {
  const two = [{ publicId: "a" }, { publicId: "b" }];
  it("allows deleting an unused type when another remains", () => {
    expect(Result.isSuccess(canDeleteGroupType("a", two, 0))).toBe(true);
  });
  it("refuses the last type and a type in use with CANNOT_DELETE_GROUP_TYPE", () => {
    const last = failureOf(canDeleteGroupType("a", [{ publicId: "a" }], 0));
    expect([last.message, last.reason]).toEqual(["CANNOT_DELETE_GROUP_TYPE", "last"]);
    const used = failureOf(canDeleteGroupType("a", two, 3));
    expect([used.message, used.reason]).toEqual(["CANNOT_DELETE_GROUP_TYPE", "in-use"]);
  });
  it("property: deletion is allowed exactly when more than one exists and none uses it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 }), (count, using) => {
        const all = Array.from({ length: count }, (_, i) => ({ publicId: `id${i}` }));
        expect(Result.isSuccess(canDeleteGroupType("id0", all, using))).toBe(count > 1 && using === 0);
      }),
    );
  });
});

describe("group type form", () => {
  it("disables submit while pristine or invalid", () => {
    expect(isGroupTypeFormSubmittable({ pristine: true, valid: true })).toBe(false);
    expect(isGroupTypeFormSubmittable({ pristine: false, valid: false })).toBe(false);
    expect(isGroupTypeFormSubmittable({ pristine: false, valid: true })).toBe(true);
  });
  it("disables the name field when the name is a translation key", () => {
    expect(isNameBoundToTranslationKey("GROUP_TYPE_SITE", ["GROUP_TYPE_SITE", "X"])).toBe(true);
    expect(isNameBoundToTranslationKey("Site", new Set(["GROUP_TYPE_SITE"]))).toBe(false);
    expect(isNameBoundToTranslationKey("group_type_site", ["GROUP_TYPE_SITE"])).toBe(false);
  });
});
