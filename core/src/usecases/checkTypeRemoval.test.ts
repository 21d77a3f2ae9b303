import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AssetTypeEntity, GroupTypeEntity } from "../entities/OrderedTypeEntity";
import { checkTypeRemoval } from "./checkTypeRemoval";

const types = (n: number) => Array.from({ length: n }, (_, i) => ({ publicId: `t${i}` }));

describe("checkTypeRemoval", () => {
  it("refuses the last type without asking for its usage", async () => {
    let asked = 0;
    const usage = Effect.sync(() => { asked++; return 0; });
    const exit = await Effect.runPromiseExit(checkTypeRemoval(GroupTypeEntity, types(1), "t0", usage));
    expect(exit._tag).toBe("Failure");
    expect(JSON.stringify(exit)).toContain("last");
    expect(asked).toBe(0);
  });

  it("property: allowed exactly when another type remains and nothing uses it, for both kinds", async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.nat(3), fc.constantFrom(GroupTypeEntity, AssetTypeEntity), async (n, used, entity) => {
      const exit = await Effect.runPromiseExit(checkTypeRemoval(entity, types(n), "t0", Effect.succeed(used)));
      expect(exit._tag === "Success").toBe(n > 1 && used === 0);
    }));
  });

  it("passes the port's own error through", async () => {
    const exit = await Effect.runPromiseExit(checkTypeRemoval(AssetTypeEntity, types(2), "t0", Effect.fail("down" as const)));
    expect(JSON.stringify(exit)).toContain("down");
  });
});
