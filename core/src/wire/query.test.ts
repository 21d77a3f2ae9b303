import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { listQueryParams, parseFields, parseFilter, parseListQuery, parsePageSize, type ListQuery } from "./query";

const must = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure));
  return r.success;
};

describe("parsePageSize", () => {
  it("defaults to 20 and accepts up to 4000", () => {
    expect(must(parsePageSize(undefined))).toBe(DEFAULT_PAGE_SIZE);
    expect(must(parsePageSize(""))).toBe(20);
    expect(must(parsePageSize("4000"))).toBe(MAX_PAGE_SIZE);
    expect(must(parsePageSize("1"))).toBe(1);
  });

  it.each(["4001", "0", "-1", "1.5", "abc", "1e3", " 20", "99999999999"])("rejects %j as InvalidInput on page-size", (raw) => {
    const r = parsePageSize(raw);
    expect(Result.isFailure(r) && r.failure.issues[0]?.propertyName).toBe("page-size");
  });
});

describe("parseListQuery", () => {
  it("reads every convention from URLSearchParams", () => {
    const q = must(parseListQuery(new URLSearchParams("fields=color,name,order&filters=in(type,mdr,rsc)&filters=isnull(color)&page-size=4000")));
    expect(q.fields).toEqual(must(parseFields("color,name,order")));
    expect(q.filters).toEqual([must(parseFilter("in(type,mdr,rsc)")), must(parseFilter("isnull(color)"))]);
    expect(q.pageSize).toBe(4000);
    expect(q.pageAfter).toBeUndefined();
  });

  it("reads a framework's record with a repeated key as an array", () => {
    const q = must(parseListQuery({ filters: ["eq(a,1)", "eq(b,2)"], "page-size": "5" }));
    expect(q.filters.map((f) => f.column)).toEqual(["a", "b"]);
    expect(q.fields).toBeUndefined();
  });

  it("reports every bad parameter at once", () => {
    const r = parseListQuery({ fields: "a(", filters: "nope(a)", "page-size": "5000", "page-after": "!!" });
    expect(Result.isFailure(r) && r.failure.issues.map((i) => i.propertyName)).toEqual(["fields", "filters", "page-size", "page-after"]);
  });

  it("property: parseListQuery(listQueryParams(q)) = q", () => {
    const queryArb: fc.Arbitrary<ListQuery> = fc.record({
      fields: fc.option(fc.constantFrom("*", "name,order", "agent(publicId,name)", "*,languages", "a.b.c,d").map((s) => must(parseFields(s))), { nil: undefined }),
      filters: fc.array(fc.constantFrom("eq(name,\"a, b\")", "in(type,mdr,rsc)", "isnotnull(color)", "between(order,1,2)").map((s) => must(parseFilter(s))), { maxLength: 3 }),
      pageSize: fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
      pageAfter: fc.option(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    });
    fc.assert(fc.property(queryArb, (q) => {
      const params = new URLSearchParams(listQueryParams(q).toString());
      expect(must(parseListQuery(params))).toEqual(q);
    }));
  });
});
