import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logbookCategories, mayDeleteRecord, mayWriteRecords, normaliseLogbookEntry } from "./serviceLogbook";

const RIGHTS = ["use:access-requests", "approve:access-requests", "manage:access-requests", "manage:groups", "use:audit-logs"];

describe("rights on a device's records", () => {
  it("lets any device right read and add; the author or a device manager delete", () => {
    expect(mayWriteRecords(new Set(["use:access-requests"]))).toBe(true);
    expect(mayWriteRecords(new Set(["manage:groups"]))).toBe(false);
    expect(mayDeleteRecord({ authorId: 1 }, 1, new Set(["use:access-requests"]))).toBe(true);
    expect(mayDeleteRecord({ authorId: 1 }, 2, new Set(["approve:access-requests"]))).toBe(false);
    expect(mayDeleteRecord({ authorId: 1 }, 2, new Set(["manage:access-requests"]))).toBe(true);
    // An author who lost every device right deletes nothing.
    expect(mayDeleteRecord({ authorId: 1 }, 1, new Set(["manage:groups"]))).toBe(false);
  });
  it("never allows a delete without a device right", () => {
    fc.assert(fc.property(fc.subarray(RIGHTS), fc.nat(3), fc.nat(3), (rights, author, caller) => {
      const set = new Set(rights);
      if (mayDeleteRecord({ authorId: author }, caller, set)) expect(mayWriteRecords(set)).toBe(true);
    }));
  });
});

describe("normaliseLogbookEntry", () => {
  it("trims, refuses a blank text with REQUIRED, turns a blank category into null", () => {
    expect(normaliseLogbookEntry({ text: "  Oil changed \n", category: " Maintenance " })).toEqual({ ok: true, text: "Oil changed", category: "Maintenance" });
    expect(normaliseLogbookEntry({ text: "x", category: "  " })).toEqual({ ok: true, text: "x", category: null });
    expect(normaliseLogbookEntry({ text: " \t " })).toEqual({ ok: false, issues: [{ message: "REQUIRED", propertyName: "text" }] });
  });
  it("accepts exactly the texts that are not blank, and keeps them trimmed", () => {
    fc.assert(fc.property(fc.string({ maxLength: 100 }), fc.option(fc.string({ maxLength: 60 })), (text, category) => {
      const r = normaliseLogbookEntry({ text, category });
      expect(r.ok).toBe(text.trim() !== "");
      if (r.ok) {
        expect(r.text).toBe(r.text.trim());
        expect(r.category === null || (r.category !== "" && r.category === r.category.trim())).toBe(true);
      }
    }));
  });
  it("reads the offered categories from the config's list", () => {
    expect(logbookCategories(" Repair, ,Maintenance,Repair ")).toEqual(["Repair", "Maintenance"]);
  });
});
