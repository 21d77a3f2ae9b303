import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { NOT_ALLOWED_PATH, SHELL_ROUTES, homeRedirect, menuSections } from "@portal/core/rules/rights";
import { BUILT_SCREENS, SHELL_SCREENS, shellScreenRoutes } from "../src/app/screens";

const mounted = () => shellScreenRoutes().map((r) => `/${r.path ?? ""}`);

describe("the shell's screens", () => {
  it("mounts the built screens first, each with content, and every other spec screen as 'not available yet'", () => {
    expect(mounted().slice(0, SHELL_SCREENS.length)).toEqual(SHELL_SCREENS.map((s) => `/${s.route}`));
    expect([...mounted()].sort()).toEqual(SHELL_ROUTES.map((r) => `/${r}`).sort());
    for (const route of shellScreenRoutes()) expect(route.children?.length).toBeGreaterThan(0);
    expect([...BUILT_SCREENS].sort()).toEqual([
      "access-requests", "approvals", "assets", "audit-trail", "devices", "groups", "my-access-requests", "translations", "tunnel-sessions", "users",
      // Issue 11: roles and access categories. Issue 12: custom fields, MQTT brokers, usage, identity, licences, apps.
      "access-categories", "roles", "custom-fields", "mqtt", "usage", "identity", "licenses", "apps",
      // Issue 13: pages and report templates.
      "pages",
      // Issue 13: backend component templates, router screensavers, platform servers.
      "templates", "router-screensavers", "platform-servers",
    ].sort());
  });

  it("property: home and the menu only ever lead to a mounted screen or not-allowed", () => {
    fc.assert(fc.property(fc.subarray([...ALL_RIGHTS]), (rights) => {
      const target = homeRedirect(rights, BUILT_SCREENS);
      const built = BUILT_SCREENS.map((r) => `/${r}`);
      expect(target === NOT_ALLOWED_PATH || built.includes(target)).toBe(true);
      for (const item of menuSections(rights, BUILT_SCREENS).flatMap((s) => s.items)) expect(built).toContain(`/${item}`);
    }));
    // users comes first in the spec's home order (built in issue 11).
    expect(homeRedirect(ALL_RIGHTS, BUILT_SCREENS)).toBe("/users");
  });

  it("shows Active sessions under Devices only with manage:access-requests", () => {
    const devices = (rights: ReadonlyArray<string>) => menuSections(rights, BUILT_SCREENS).find((s) => s.id === "DEVICES")?.items ?? [];
    expect(devices(["manage:access-requests"])).toEqual(["approvals", "tunnel-sessions"]);
    expect(devices(ALL_RIGHTS).at(-1)).toBe("tunnel-sessions");
    expect(devices(["use:access-requests", "approve:access-requests"])).not.toContain("tunnel-sessions");
  });
});
