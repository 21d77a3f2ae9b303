import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUSTOM_PROPERTY_TARGETS, CUSTOM_PROPERTY_TYPES } from "../domain/CustomProperty";
import {
  checkPropertyChange, customFieldFilter, CHOICE_OPTION_DUPLICATE, CHOICE_OPTION_IN_USE, CHOICE_OPTIONS_REQUIRED, CUSTOM_PROPERTY_NAME_IN_USE,
  CUSTOM_PROPERTY_TYPE_IN_USE, isIsoDate, NOT_A_DATE, NOT_A_NUMBER, NOT_AN_OPTION, OPTIONS_ONLY_FOR_CHOICE, parseCustomValue, propertyNameKey,
  UNKNOWN_CUSTOM_PROPERTY, validateCustomProperty, validateCustomValues, wireValue, type PropertyShape,
} from "./customFields";
import { NAME_TOO_LONG, REQUIRED } from "./groupTypes";

const failureOf = <A, E>(r: Result.Result<A, E>): E => {
  if (Result.isSuccess(r)) throw new Error(`expected a failure, got ${JSON.stringify(r.success)}`);
  return r.failure;
};
const issuesOf = (r: Result.Result<unknown, { issues: ReadonlyArray<{ message: string; propertyName?: string }> }>) => failureOf(r).issues;

const text: PropertyShape = { type: "text", required: false, options: [] };
const number: PropertyShape = { type: "number", required: false, options: [] };
const date: PropertyShape = { type: "date", required: false, options: [] };

describe("validateCustomProperty", () => {
  it("accepts a property and trims its name and options", () => {
    expect(validateCustomProperty({ name: " Serial ", type: "text", target: "device" }, { others: [] }))
      .toEqual(Result.succeed({ name: "Serial", type: "text", target: "device", required: false, options: [] }));
    expect(validateCustomProperty({ name: "Site", type: "choice", target: "asset", required: true, options: [" A ", "B"] }, { others: [] }))
      .toEqual(Result.succeed({ name: "Site", type: "choice", target: "asset", required: true, options: ["A", "B"] }));
  });
  it("says every missing or wrong field at once", () => {
    expect(issuesOf(validateCustomProperty({}, { others: [] }))).toEqual([
      { message: REQUIRED, propertyName: "name" }, { message: REQUIRED, propertyName: "type" }, { message: REQUIRED, propertyName: "target" },
    ]);
    expect(issuesOf(validateCustomProperty({ name: "x".repeat(256), type: "colour", target: "plant" }, { others: [] })).map((i) => i.message))
      .toEqual([NAME_TOO_LONG, "UNKNOWN_CUSTOM_PROPERTY_TYPE", "UNKNOWN_CUSTOM_PROPERTY_TARGET"]);
  });
  it("wants options exactly for a choice, distinct", () => {
    const base = { name: "N", target: "device" };
    expect(issuesOf(validateCustomProperty({ ...base, type: "choice" }, { others: [] }))).toEqual([{ message: CHOICE_OPTIONS_REQUIRED, propertyName: "options" }]);
    expect(issuesOf(validateCustomProperty({ ...base, type: "choice", options: ["a", "A "] }, { others: [] }))[0]!.message).toBe(CHOICE_OPTION_DUPLICATE);
    expect(issuesOf(validateCustomProperty({ ...base, type: "text", options: ["a"] }, { others: [] }))[0]!.message).toBe(OPTIONS_ONLY_FOR_CHOICE);
  });
  it("refuses a type change while values exist, with a 409", () => {
    const current = { name: "N", type: "text", target: "device", required: false, options: [] } as const;
    const e = failureOf(validateCustomProperty({ ...current, type: "number" }, { others: [], current, usage: { valueCount: 2, usedOptions: [] } }));
    expect(e._tag).toBe("Conflict");
    expect(e.issues).toEqual([{ message: CUSTOM_PROPERTY_TYPE_IN_USE, propertyName: "type" }]);
    expect(Result.isSuccess(validateCustomProperty({ ...current, type: "number" }, { others: [], current, usage: { valueCount: 0, usedOptions: [] } }))).toBe(true);
  });
  it("property: a name clashes exactly with another property of the same target and the same name", () => {
    fc.assert(fc.property(
      fc.array(fc.record({ publicId: fc.string({ minLength: 1, maxLength: 4 }), name: fc.constantFrom("Serial", "serial ", "Site", "Owner"), target: fc.constantFrom(...CUSTOM_PROPERTY_TARGETS) })),
      fc.constantFrom("Serial", "Site", "Owner", "Other"), fc.constantFrom(...CUSTOM_PROPERTY_TARGETS),
      (others, name, target) => {
        const result = validateCustomProperty({ name, type: "text", target }, { others, selfPublicId: "self" });
        const clash = others.some((o) => o.publicId !== "self" && o.target === target && o.name.trim().toLowerCase() === name.toLowerCase());
        if (clash) expect(failureOf(result).issues).toEqual([{ message: CUSTOM_PROPERTY_NAME_IN_USE, propertyName: "name" }]);
        else expect(Result.isSuccess(result)).toBe(true);
        // The index (what bulk calls use) answers the same as the scan; its last holder of a key wins.
        const index = new Map(others.map((o) => [propertyNameKey(o.target, o.name), o.publicId]));
        const indexed = validateCustomProperty({ name, type: "text", target }, { others: [], index, selfPublicId: "self" });
        const held = index.get(propertyNameKey(target, name));
        expect(Result.isFailure(indexed)).toBe(held !== undefined && held !== "self");
      },
    ));
  });
});

describe("checkPropertyChange", () => {
  it("property: an option can be removed exactly when no value uses it", () => {
    fc.assert(fc.property(
      fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 1 }), fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { minLength: 1 }),
      fc.uniqueArray(fc.constantFrom("a", "b", "c", "d")),
      (before, after, used) => {
        const usedOptions = used.filter((u) => before.includes(u));
        const r = checkPropertyChange({ type: "choice", target: "device", options: before }, { type: "choice", target: "device", options: after }, { valueCount: usedOptions.length, usedOptions });
        const refused = usedOptions.some((u) => !after.includes(u));
        expect(Result.isFailure(r)).toBe(refused);
        if (refused) expect(failureOf(r).issues[0]!.message).toBe(CHOICE_OPTION_IN_USE);
      },
    ));
  });
  it("property: a type change is refused exactly when values exist", () => {
    fc.assert(fc.property(fc.constantFrom(...CUSTOM_PROPERTY_TYPES), fc.constantFrom(...CUSTOM_PROPERTY_TYPES), fc.nat(3), (from, to, valueCount) => {
      const r = checkPropertyChange({ type: from, target: "asset", options: ["a"] }, { type: to, target: "asset", options: ["a"] }, { valueCount, usedOptions: [] });
      expect(Result.isFailure(r)).toBe(from !== to && valueCount > 0);
    }));
  });
});

describe("parseCustomValue", () => {
  it("reads the spec's types", () => {
    expect(parseCustomValue(number, " 12.50 ")).toEqual(Result.succeed("12.5"));
    expect(parseCustomValue(number, "12,5")).toEqual(Result.fail(NOT_A_NUMBER));
    expect(parseCustomValue(number, "Infinity")).toEqual(Result.fail(NOT_A_NUMBER));
    expect(parseCustomValue(date, "2026-02-29")).toEqual(Result.fail(NOT_A_DATE));
    expect(parseCustomValue(date, "2028-02-29")).toEqual(Result.succeed("2028-02-29"));
    expect(parseCustomValue({ type: "boolean", required: true, options: [] }, false)).toEqual(Result.succeed("false"));
    expect(parseCustomValue({ type: "choice", required: false, options: ["North", "South"] }, "north")).toEqual(Result.fail(NOT_AN_OPTION));
    expect(parseCustomValue({ ...text, required: true }, "  ")).toEqual(Result.fail(REQUIRED));
    expect(parseCustomValue(text, "")).toEqual(Result.succeed(null));
  });
  it("property: every finite number is accepted and comes back as itself", () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
      const parsed = parseCustomValue(number, n);
      expect(Result.isSuccess(parsed)).toBe(true);
      const canonical = Result.getOrThrow(parsed)!;
      expect(wireValue("number", canonical)).toBe(n === 0 ? 0 : n);
      expect(parseCustomValue(number, canonical)).toEqual(Result.succeed(canonical));
    }));
  });
  it("property: a date is accepted exactly when it is a calendar day", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
      const iso = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      const real = new Date(Date.UTC(y, m - 1, d));
      const isDay = real.getUTCDate() === d && real.getUTCMonth() === m - 1;
      expect(isIsoDate(iso)).toBe(isDay);
      expect(Result.isSuccess(parseCustomValue(date, iso))).toBe(isDay);
    }));
  });
  it("property: a choice accepts exactly its options", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 5 }).filter((s) => s.trim() === s && s !== ""), { minLength: 1 }), fc.string({ maxLength: 5 }), (options, value) => {
      const r = parseCustomValue({ type: "choice", required: false, options }, value);
      if (value.trim() === "") expect(r).toEqual(Result.succeed(null));
      else expect(Result.isSuccess(r)).toBe(options.includes(value.trim()));
    }));
  });
  it("property: an empty value is refused exactly when the property is required", () => {
    fc.assert(fc.property(fc.constantFrom(...CUSTOM_PROPERTY_TYPES), fc.boolean(), fc.constantFrom(undefined, null, "", "   "), (type, required, empty) => {
      expect(Result.isFailure(parseCustomValue({ type, required, options: ["a"] }, empty))).toBe(required);
    }));
  });
});

describe("validateCustomValues", () => {
  it("checks every property of the target and names the failing ones", () => {
    const props = [{ publicId: "p1", ...number }, { publicId: "p2", ...text, required: true }];
    expect(issuesOf(validateCustomValues(props, { p1: "x", p9: "y" }))).toEqual([
      { message: NOT_A_NUMBER, propertyName: "values.p1" }, { message: REQUIRED, propertyName: "values.p2" },
      { message: UNKNOWN_CUSTOM_PROPERTY, propertyName: "values.p9" },
    ]);
    const ok = Result.getOrThrow(validateCustomValues(props, { p1: 3, p2: "S-1" }));
    expect(ok.map((v) => [v.property.publicId, v.value])).toEqual([["p1", "3"], ["p2", "S-1"]]);
  });
});

describe("customFieldFilter", () => {
  it("matches part of a text, the exact canonical value of the others", () => {
    expect(customFieldFilter({ publicId: "p1", ...text }, " Bay ")).toEqual(Result.succeed({ op: "contains", column: "customFields.p1", values: ["Bay"] }));
    expect(customFieldFilter({ publicId: "p2", ...number, required: true }, "07.50")).toEqual(Result.succeed({ op: "eq", column: "customFields.p2", values: ["7.5"] }));
    expect(customFieldFilter({ publicId: "p2", ...number }, "")).toEqual(Result.succeed(null));
    expect(customFieldFilter({ publicId: "p3", ...date }, "tomorrow")).toEqual(Result.fail(NOT_A_DATE));
  });
});
