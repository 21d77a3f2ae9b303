import fc from "fast-check";
import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { isMenuItemUrl, removedItems, splitUpsert, validateMenuItem } from "./menuItems";

describe("menu item rules", () => {
  it("accepts http(s) links and portal paths, refuses other schemes", () => {
    for (const ok of ["https://example.com/help", "http://intranet.local/x", "/groups"]) expect(isMenuItemUrl(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example.com", "ftp://x", "not a url", "/\\evil"]) expect(isMenuItemUrl(bad), bad).toBe(false);
  });
  it("requires a label and a url", () => {
    const r = validateMenuItem({ label: "  ", url: "" });
    expect(Result.isFailure(r) && r.failure.issues).toEqual([{ message: "REQUIRED", propertyName: "label" }, { message: "REQUIRED", propertyName: "url" }]);
    const kept = validateMenuItem({ label: " Help " }, { label: "Old", url: "/users" });
    expect(Result.isSuccess(kept) && kept.success).toEqual({ label: "Help", url: "/users" });
  });
  it("property: splitUpsert puts every item in exactly one part, in list order", () => {
    const item = fc.record({ publicId: fc.option(fc.string({ minLength: 0, maxLength: 12 }), { nil: undefined }), label: fc.string() });
    fc.assert(fc.property(fc.array(item, { maxLength: 30 }), (items) => {
      const { create, update } = splitUpsert(items);
      const indexes = [...create, ...update].map((p) => p.index).sort((a, b) => a - b);
      expect(indexes).toEqual(items.map((_, i) => i));
      for (const c of create) expect(c.item.publicId ?? "").toBe("");
      for (const u of update) expect(u.item.publicId).not.toBe("");
      expect(create.map((c) => c.index)).toEqual([...create.map((c) => c.index)].sort((a, b) => a - b));
    }));
  });
  it("property: removedItems never names a kept item and names every dropped one", () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{12}$/), { maxLength: 20 });
    fc.assert(fc.property(ids, fc.array(fc.boolean(), { maxLength: 20 }), (saved, keep) => {
      const edited = saved.filter((_, i) => keep[i] ?? false).map((publicId) => ({ publicId }));
      const added: { publicId?: string } = {};
      const removed = removedItems(saved.map((publicId) => ({ publicId })), [...edited, added]);
      expect(new Set([...removed, ...edited.map((e) => e.publicId)])).toEqual(new Set(saved));
      for (const e of edited) expect(removed).not.toContain(e.publicId);
    }));
  });
});
