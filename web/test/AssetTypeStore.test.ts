import { describe, expect, it } from "vitest";
import { GatewayTimeout } from "@portal/core/errors";
import { assetType, typesHarness } from "./typesHarness";

const THREE = [assetType("atPump000000", "Pump", 0), assetType("atCompressor", "Compressor", 1000), assetType("atConveyor00", "Conveyor", 2000)];

describe("AssetTypeStore", () => {
  it("shows controls only with manage:asset-types, never a colour", async () => {
    const manage = await typesHarness(["manage:asset-types"], { assetTypes: THREE });
    expect(manage.assetTypes.controls).toEqual({ add: true, edit: true, delete: true, reorder: true, color: false });
    const none = await typesHarness(["manage:group-types"], { assetTypes: THREE });
    expect(none.assetTypes.controls).toEqual({ add: false, edit: false, delete: false, reorder: false, color: false });
  });

  it("adds last, renames, and refuses an empty or too long name with core's messages", async () => {
    const h = await typesHarness(["manage:asset-types"], { assetTypes: THREE });
    expect((await h.assetTypes.add({ name: "Robot" })).ok).toBe(true);
    expect(h.assetTypes.items.at(-1)).toMatchObject({ name: "Robot", order: 3000 });
    expect(await h.assetTypes.add({ name: "   " })).toEqual({ ok: false, issues: [{ message: "REQUIRED", propertyName: "name" }] });
    const long = await h.assetTypes.add({ name: "x".repeat(256) });
    expect(long.ok).toBe(false);
    expect((await h.assetTypes.rename("atPump000000", { name: "Pumps" })).ok).toBe(true);
    expect(h.api.state.assetTypes.find((t) => t.publicId === "atPump000000")?.name).toBe("Pumps");
    expect(h.api.state.calls.filter((c) => c === "assetTypes.add")).toHaveLength(1);
  });

  it("reorders in one bulk call and rolls back on failure", async () => {
    const h = await typesHarness(["manage:asset-types"], { assetTypes: THREE });
    expect(await h.assetTypes.move(0, 1)).toBe(true);
    expect(h.assetTypes.items.map((t) => [t.name, t.order])).toEqual([["Compressor", 0], ["Pump", 1000], ["Conveyor", 2000]]);
    h.api.failNext("assetTypes.updateMany", new GatewayTimeout());
    expect(await h.assetTypes.move(2, 0)).toBe(false);
    expect(h.assetTypes.items.map((t) => t.name)).toEqual(["Compressor", "Pump", "Conveyor"]);
    expect(h.api.state.calls.filter((c) => c === "assetTypes.updateMany")).toHaveLength(2);
  });

  it("delete: a type in use is refused by the server with CANNOT_DELETE_ASSET_TYPE, the last one before any call", async () => {
    const h = await typesHarness(["manage:asset-types"], { assetTypes: THREE, assetTypeUse: { atPump000000: 1 } });
    expect(await h.assetTypes.remove("atPump000000")).toBe(false);
    expect(h.root.snackbars.visible.at(-1)).toMatchObject({ message: "CANNOT_DELETE_ASSET_TYPE", timeoutMs: 3000 });
    expect(await h.assetTypes.remove("atConveyor00")).toBe(true);
    expect(h.assetTypes.items.map((t) => t.name)).toEqual(["Pump", "Compressor"]);
    const one = await typesHarness(["manage:asset-types"], { assetTypes: [assetType("atOnly000000", "Only", 0)] });
    expect(await one.assetTypes.remove("atOnly000000")).toBe(false);
    expect(one.api.state.calls).not.toContain("assetTypes.remove");
  });
});
