import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { FILTER_ARITY, FILTER_OPS, parseFilter, parseFilters, printFilter, type Filter } from "./filters";

const ok = (input: string): Filter => {
  const r = parseFilter(input);
  if (Result.isFailure(r)) throw new Error(r.failure.issues[0]?.message);
  return r.success;
};
const bad = (input: string) => {
  const r = parseFilter(input);
  return Result.isFailure(r) ? r.failure.issues[0] : undefined;
};

const filterArb: fc.Arbitrary<Filter> = fc.constantFrom(...FILTER_OPS).chain((op) => {
  const [min, max] = FILTER_ARITY[op];
  return fc.record({
    op: fc.constant(op),
    column: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}(\.[A-Za-z_][A-Za-z0-9_]{0,5}){0,2}$/),
    values: fc.array(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom("a", ",", "(", ")", '"', "\\", " ", "é") })), { minLength: min, maxLength: Math.min(max, 5) }),
  });
});

describe("parseFilter", () => {
  it("reads the spec's examples", () => {
    expect(ok("in(type,mdr,rsc)")).toEqual({ op: "in", column: "type", values: ["mdr", "rsc"] });
    expect(ok("eq(template.publicId,abcDEF123456)")).toEqual({ op: "eq", column: "template.publicId", values: ["abcDEF123456"] });
    expect(ok("isnull(color)")).toEqual({ op: "isnull", column: "color", values: [] });
    expect(ok("between(order,0,3000)")).toEqual({ op: "between", column: "order", values: ["0", "3000"] });
  });

  it("reads quoted values with commas, parentheses and escapes", () => {
    expect(ok('contains(name,"Line 1, hall (B)")').values).toEqual(["Line 1, hall (B)"]);
    expect(ok('eq(name,"say \\"hi\\" \\\\ bye")').values).toEqual(['say "hi" \\ bye']);
    expect(ok('eq(name,"")').values).toEqual([""]);
  });

  it("checks the arity of each operator", () => {
    expect(bad("eq(name)")?.message).toBe("Filter eq takes 1 value(s), got 0");
    expect(bad("eq(name,a,b)")?.message).toBe("Filter eq takes 1 value(s), got 2");
    expect(bad("isnull(name,a)")?.message).toBe("Filter isnull takes 0 value(s), got 1");
    expect(bad("between(order,1)")?.message).toBe("Filter between takes 2 value(s), got 1");
    expect(bad("in(type)")?.message).toBe("Filter in takes at least 1 value(s), got 0");
  });

  it.each(["like(name,a)", "eq", "eq(name,a", "eq(,a)", "eq(1x,a)", 'eq(name,"a)', 'eq(name,"a"b)', "eq(name,a,)", 'eq(name,"\\x")', "eq(na me,a)"])(
    "rejects %j with an issue on filters",
    (input) => {
      expect(bad(input)?.propertyName).toBe("filters");
    },
  );

  it("reports every bad value of a repeated parameter", () => {
    const r = parseFilters(["eq(a,1)", "nope(a)", "lt(b)"]);
    expect(Result.isFailure(r) && r.failure.issues.length).toBe(2);
    expect(parseFilters(["eq(a,1)", "ne(b,2)"])).toEqual(Result.succeed([ok("eq(a,1)"), ok("ne(b,2)")]));
  });

  it("property: parse(print(filter)) = filter", () => {
    fc.assert(fc.property(filterArb, (f) => {
      expect(ok(printFilter(f))).toEqual(f);
    }));
  });
});
