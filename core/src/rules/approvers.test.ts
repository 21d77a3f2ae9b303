import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Approver } from "../domain/AccessRequest";
import { compareApprovers, foldForSearch, searchApprovers, sortApprovers } from "./approvers";

const approvers: Approver[] = [
  { publicId: "a3", name: "Zoë Janssen" },
  { publicId: "a1", name: "bob de Vries" },
  { publicId: "a2", name: "Émile Durand" },
  { publicId: "a4", name: "Anna" },
];

describe("approvers", () => {
  it("finds Zoë by zoe, case- and accent-insensitively", () => {
    expect(searchApprovers(approvers, "zoe").map((a) => a.name)).toEqual(["Zoë Janssen"]);
    expect(searchApprovers(approvers, "EMILE").map((a) => a.name)).toEqual(["Émile Durand"]);
    expect(searchApprovers(approvers, "ZOË").map((a) => a.name)).toEqual(["Zoë Janssen"]);
  });
  it("lists everyone sorted by name for an empty query", () => {
    expect(searchApprovers(approvers, "  ").map((a) => a.name)).toEqual(["Anna", "bob de Vries", "Émile Durand", "Zoë Janssen"]);
  });
  it("finds nothing for a name nobody has", () => {
    expect(searchApprovers(approvers, "xavier")).toEqual([]);
  });
  it("folds accents, case and compatibility forms", () => {
    expect(foldForSearch("Zoë ÅNGSTRÖM ﬁne")).toBe("zoe angstrom fine");
    expect(searchApprovers([{ publicId: "a", name: "Jan Strauß" }], "STRAUSS")).toHaveLength(1);
  });
  const approver = fc.record({ publicId: fc.string({ maxLength: 3 }), name: fc.string({ maxLength: 8, unit: "grapheme" }) });
  it("property: the result is sorted and a subset", () => {
    fc.assert(fc.property(fc.array(approver), fc.string({ maxLength: 3, unit: "grapheme" }), (list, query) => {
      const result = searchApprovers(list, query);
      for (let i = 1; i < result.length; i++) expect(compareApprovers(result[i - 1]!, result[i]!)).toBeLessThanOrEqual(0);
      for (const a of result) expect(list).toContain(a);
      expect(result.length).toBeLessThanOrEqual(list.length);
    }));
  });
  it("property: every approver is found by its own name with accents removed and case changed", () => {
    fc.assert(fc.property(fc.array(approver, { minLength: 1 }), fc.nat(), (list, i) => {
      const target = list[i % list.length]!;
      const query = target.name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
      fc.pre(!/[\u03a3\u03c2\u03c3]/u.test(target.name)); // sigma lower-cases by its position in the word
      expect(searchApprovers(list, query)).toContain(target);
    }));
  });
  it("property: sorting does not depend on the input order", () => {
    fc.assert(fc.property(fc.uniqueArray(approver, { selector: (a) => a.publicId }), (list) => {
      expect(sortApprovers([...list].reverse())).toEqual(sortApprovers(list));
    }));
  });
});
