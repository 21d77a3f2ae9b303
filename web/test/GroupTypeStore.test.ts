import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STEP } from "@portal/core/constants";
import type { GroupType } from "@portal/core/domain/GroupType";
import { ApiUnavailable, GatewayTimeout, InvalidInput } from "@portal/core/errors";
import { ALL_TYPE_RIGHTS, typesHarness } from "./typesHarness";

const gt = (publicId: string, name: string, order: number, color: string | null = "#1f77b4"): GroupType => ({ publicId, name, order, color });
const THREE = [gt("gtDepartment", "Department", 0), gt("gtLocation00", "Location", 1000, "#2ca02c"), gt("gtShift00000", "Shift", 2000, "#ff7f0e")];

describe("GroupTypeStore", () => {
  it("shows the controls the rights allow (core's side-panel rule)", async () => {
    const manage = await typesHarness(["manage:group-types"], { groupTypes: THREE });
    expect(manage.groupTypes.controls).toMatchObject({ add: true, edit: true, delete: true, reorder: true, color: false });
    const view = await typesHarness(["manage:groups"], { groupTypes: THREE });
    expect(view.groupTypes.controls).toMatchObject({ add: false, edit: false, delete: false, reorder: false, color: false });
    const both = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: THREE });
    expect(both.groupTypes.controls.color).toBe(true);
    expect(both.groupTypes.items.map((t) => t.name)).toEqual(["Department", "Location", "Shift"]);
  });

  it("adds a type last with max order + 1000 and refuses a name in use with NAME_ALREADY_IN_USE", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: THREE });
    const added = await h.groupTypes.add({ name: "  Team ", color: "#AABBCC" });
    expect(added.ok).toBe(true);
    expect(h.groupTypes.items.at(-1)).toMatchObject({ name: "Team", color: "#aabbcc", order: 3000 });
    expect(h.api.state.groupTypes.find((t) => t.name === "Team")?.order).toBe(3000);
    const clash = await h.groupTypes.add({ name: "team", color: "#000000" });
    expect(clash).toEqual({ ok: false, issues: [{ message: "NAME_ALREADY_IN_USE", propertyName: "name" }] });
    const missingColor = await h.groupTypes.add({ name: "Other" });
    expect(missingColor).toEqual({ ok: false, issues: [{ message: "REQUIRED", propertyName: "color" }] });
    expect(h.api.state.calls.filter((c) => c === "groupTypes.add")).toHaveLength(1);
  });

  it("edits only what changed and never sends a name bound to a translation key", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, {
      groupTypes: [gt("gtBound00000", "GROUP_TYPE_SITE", 0), gt("gtOther00000", "Other", 1000)],
      translations: [{ publicId: "trSite000000", key: "GROUP_TYPE_SITE", languages: { en: "Site", de: "Standort" } }],
    });
    await h.translations.ensure();
    const bound = h.groupTypes.byId("gtBound00000")!;
    expect(h.groupTypes.isBound(bound)).toBe(true);
    expect(h.groupTypes.displayName(bound)).toBe("Site");
    const saved = await h.groupTypes.update("gtBound00000", { name: "Renamed", color: "#123456" });
    expect(saved.ok).toBe(true);
    expect(h.api.state.groupTypes.find((t) => t.publicId === "gtBound00000")).toMatchObject({ name: "GROUP_TYPE_SITE", color: "#123456" });
    const renamed = await h.groupTypes.update("gtOther00000", { name: "Another", color: "#1f77b4" });
    expect(renamed.ok).toBe(true);
    expect(h.groupTypes.byId("gtOther00000")?.name).toBe("Another");
  });

  it("reorders optimistically and saves every item as index x 1000 in one bulk call", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: THREE });
    const saving = h.groupTypes.move(2, 0);
    // Shown before the call answers.
    expect(h.groupTypes.items.map((t) => t.name)).toEqual(["Shift", "Department", "Location"]);
    expect(await saving).toBe(true);
    expect(h.api.state.calls.filter((c) => c === "groupTypes.updateMany")).toHaveLength(1);
    expect([...h.api.state.groupTypes].sort((a, b) => a.order - b.order).map((t) => [t.name, t.order]))
      .toEqual([["Shift", 0], ["Department", 1000], ["Location", 2000]]);
  });

  it("rolls a reorder back and shows the failure when the call fails", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: THREE });
    h.api.failNext("groupTypes.updateMany", new GatewayTimeout());
    expect(await h.groupTypes.move(0, 2)).toBe(false);
    expect(h.groupTypes.items.map((t) => t.name)).toEqual(["Department", "Location", "Shift"]);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "Gateway Timeout error", timeoutMs: 4000 });
  });

  it("refuses to delete the last type or one in use with CANNOT_DELETE_GROUP_TYPE for 3 s, without a delete call", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, {
      groupTypes: THREE,
      groups: [{ publicId: "grMaint00000", name: "Maintenance", type: { publicId: "gtDepartment" } }],
    });
    expect(await h.groupTypes.remove("gtDepartment")).toBe(false);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "CANNOT_DELETE_GROUP_TYPE", timeoutMs: 3000 });
    expect(await h.groupTypes.remove("gtShift00000")).toBe(true);
    expect(await h.groupTypes.remove("gtLocation00")).toBe(true);
    expect(h.groupTypes.items.map((t) => t.name)).toEqual(["Department"]);
    expect(h.api.state.calls.filter((c) => c === "groupTypes.remove")).toHaveLength(2);
    const last = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: [gt("gtOnly000000", "Only", 0)] });
    expect(await last.groupTypes.remove("gtOnly000000")).toBe(false);
    expect(last.root.snackbars.visible.at(-1)?.message).toBe("CANNOT_DELETE_GROUP_TYPE");
  });

  it("shows the server's first message for 3 s when a delete fails", async () => {
    const h = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: THREE });
    h.api.failNext("groupTypes.remove", new InvalidInput({ issues: [{ message: "Locked by an import" }, { message: "second" }] }));
    expect(await h.groupTypes.remove("gtShift00000")).toBe(false);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "Locked by an import", timeoutMs: 3000 });
    expect(h.groupTypes.items).toHaveLength(3);
  });

  it("shows spread colours for types without one only with both rights, and never writes them (reads never write)", async () => {
    const seed = { groupTypes: [gt("gtA000000000", "A", 0), gt("gtB000000000", "B", 1000, null), gt("gtC000000000", "C", 2000, null)] };
    const one = await typesHarness(["manage:group-types"], seed);
    expect(one.groupTypes.colorOf("gtB000000000")).toBeNull();
    const both = await typesHarness(ALL_TYPE_RIGHTS, seed);
    const colors = both.groupTypes.items.map((t) => both.groupTypes.colorOf(t.publicId));
    expect(colors[0]).toBe("#1f77b4");
    expect(new Set(colors).size).toBe(3);
    expect(colors.every((c) => typeof c === "string")).toBe(true);
    expect(both.api.state.calls.filter((c) => c.startsWith("groupTypes.update"))).toHaveLength(0);
    expect(both.api.state.groupTypes.filter((t) => t.color === null)).toHaveLength(2);
  });

  it("property: after any drag the list is a permutation ordered index x 1000, saved or rolled back as a whole", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6 }), fc.nat(), fc.nat(), fc.boolean(), async (n, from, to, fail) => {
        const seed = Array.from({ length: n }, (_, i) => gt(`gt${String(i).padStart(10, "0")}`, `Type ${i}`, i * 7 + 3));
        const h = await typesHarness(ALL_TYPE_RIGHTS, { groupTypes: seed });
        if (fail) h.api.failNext("groupTypes.updateMany", new ApiUnavailable({ status: 503 }));
        const before = h.groupTypes.items.map((t) => t.publicId);
        await h.groupTypes.move(from % n, to % n);
        const after = h.groupTypes.items;
        expect([...after.map((t) => t.publicId)].sort()).toEqual([...before].sort());
        const stored = [...h.api.state.groupTypes].sort((a, b) => a.order - b.order).map((t) => t.publicId);
        expect(after.map((t) => t.publicId)).toEqual(stored);
        if (fail || from % n === to % n) expect(after.map((t) => t.publicId)).toEqual(before);
        else after.forEach((t, i) => expect(t.order).toBe(i * ORDER_STEP));
      }),
      { numRuns: 40 },
    );
  });
});
