import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { NOT_ALLOWED_PATH, homeRedirect, menuSections } from "@portal/core/rules/rights";
import { BUILT_SCREENS, SHELL_SCREENS, shellScreenRoutes } from "../src/app/screens";

const mounted = () => shellScreenRoutes().map((r) => `/${r.path ?? ""}`);

describe("the shell's screens", () => {
  it("mounts only built screens, each with content, and nothing for the screens of later issues", () => {
    expect(mounted()).toEqual(SHELL_SCREENS.map((s) => `/${s.route}`));
    for (const route of shellScreenRoutes()) expect(route.children?.length).toBeGreaterThan(0);
    expect([...BUILT_SCREENS].sort()).toEqual(["assets", "audit-trail", "groups", "translations"]);
  });

  it("property: home and the menu only ever lead to a mounted screen or not-allowed", () => {
    fc.assert(fc.property(fc.subarray([...ALL_RIGHTS]), (rights) => {
      const target = homeRedirect(rights, BUILT_SCREENS);
      expect(target === NOT_ALLOWED_PATH || mounted().includes(target)).toBe(true);
      for (const item of menuSections(rights, BUILT_SCREENS).flatMap((s) => s.items)) expect(mounted()).toContain(`/${item}`);
    }));
    expect(homeRedirect(ALL_RIGHTS, BUILT_SCREENS)).toBe("/groups");
  });
});
