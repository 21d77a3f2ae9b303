import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS, type Right } from "../domain/Right";
import {
  HOME_ORDER, NOT_ALLOWED_PATH, SHELL_ROUTES, analyticsFlags, assetTypePanelControls, bypassesApproval,
  groupTypePanelControls, homeRedirect, isBuilderOpen, isRouteOpen, menuSections, openRoutes, type ShellRoute,
} from "./rights";

const rightsArb = fc.subarray([...ALL_RIGHTS]);
const builtArb = fc.subarray([...SHELL_ROUTES]);

describe("shell routes and the left menu", () => {
  it("opens each item only with its matching right", () => {
    expect(openRoutes(["invite:user"])).toEqual(["users"]);
    expect(openRoutes(["manage:groups"])).toEqual(["groups"]);
    expect(openRoutes(["manage:group-types"])).toEqual(["groups"]);
    expect(openRoutes(["manage:roles"])).toEqual(["roles", "access-categories"]);
    expect(openRoutes(["manage:branding"])).toEqual(["identity", "router-screensavers"]);
    expect(openRoutes(["use:data-usage"])).toEqual(["usage"]);
    expect(openRoutes(["use:audit-logs"])).toEqual(["audit-trail"]);
    expect(openRoutes(["manage:licences"])).toEqual(["licenses"]);
    expect(openRoutes(["manage:custom-fields"])).toEqual(["custom-fields"]);
    expect(openRoutes(["manage:mqtt-brokers"])).toEqual(["mqtt"]);
    expect(openRoutes(["manage:asset-types"])).toEqual(["assets"]);
    expect(openRoutes(["use:access-requests"])).toEqual(["devices", "my-access-requests", "access-requests"]);
    expect(openRoutes(["approve:access-requests"])).toEqual(["approvals", "access-requests"]);
    expect(openRoutes(["manage:access-requests"])).toEqual(["platform-servers", "approvals", "access-requests", "tunnel-sessions"]);
    expect(openRoutes(["manage:templates"])).toEqual(["templates", "platform-servers"]);
    expect(openRoutes(["manage:subgroups", "not-a-right"])).toEqual([]);
  });

  it("groups the menu into its three sections, leaving out empty ones", () => {
    expect(menuSections(ALL_RIGHTS, SHELL_ROUTES)).toEqual([
      { id: "USER_MANAGEMENT", items: ["users", "groups", "roles", "access-categories"] },
      { id: "COMPANY", items: ["identity", "translations", "usage", "audit-trail", "licenses", "apps"] },
      { id: "DEVICE_SETTINGS", items: ["assets", "custom-fields", "mqtt", "pages", "templates", "router-screensavers", "platform-servers"] },
      { id: "DEVICES", items: ["devices", "my-access-requests", "approvals", "tunnel-sessions"] },
    ]);
    // One request's page (the e-mail link) is a route without a menu item.
    expect(menuSections(["use:access-requests"], SHELL_ROUTES)).toEqual([{ id: "DEVICES", items: ["devices", "my-access-requests"] }]);
    // Active sessions only with manage:access-requests; approving alone does not show it.
    expect(menuSections(["approve:access-requests"], SHELL_ROUTES)).toEqual([{ id: "DEVICES", items: ["approvals"] }]);
    expect(menuSections(["manage:access-requests"], SHELL_ROUTES)).toEqual([
      { id: "DEVICE_SETTINGS", items: ["platform-servers"] },
      { id: "DEVICES", items: ["approvals", "tunnel-sessions"] },
    ]);
    expect(menuSections(["manage:mqtt-brokers", "invite:user"], SHELL_ROUTES)).toEqual([
      { id: "USER_MANAGEMENT", items: ["users"] },
      { id: "DEVICE_SETTINGS", items: ["mqtt"] },
    ]);
    expect(menuSections([], SHELL_ROUTES)).toEqual([]);
  });

  it("shows only built screens, and leaves out a section with none", () => {
    const built: ShellRoute[] = ["groups", "translations", "audit-trail", "assets"];
    expect(menuSections(ALL_RIGHTS, built)).toEqual([
      { id: "USER_MANAGEMENT", items: ["groups"] },
      { id: "COMPANY", items: ["translations", "audit-trail"] },
      { id: "DEVICE_SETTINGS", items: ["assets"] },
    ]);
    expect(menuSections(["invite:user", "manage:roles", "manage:translations"], built)).toEqual([
      { id: "COMPANY", items: ["translations"] },
    ]);
    expect(menuSections(ALL_RIGHTS, [])).toEqual([]);
  });

  it("opens the builders with their own rights", () => {
    expect(isBuilderOpen("custom-terms-of-use-builder", ["manage:custom-terms-of-use"])).toBe(true);
    expect(isBuilderOpen("custom-privacy-statement-builder", ["manage:custom-terms-of-use"])).toBe(false);
  });

  it("property: the menu holds exactly the open and built routes, and no empty section", () => {
    fc.assert(fc.property(rightsArb, builtArb, (rights, built) => {
      const sections = menuSections(rights, built);
      expect(sections.flatMap((s) => s.items)).toEqual(openRoutes(rights).filter((r) => built.includes(r) && r !== "access-requests"));
      for (const s of sections) expect(s.items.length).toBeGreaterThan(0);
    }));
  });

  it("property: adding a right never closes a route", () => {
    fc.assert(fc.property(rightsArb, fc.constantFrom(...ALL_RIGHTS), (rights, extra) => {
      const more = [...rights, extra];
      for (const route of SHELL_ROUTES) if (isRouteOpen(route, rights)) expect(isRouteOpen(route, more)).toBe(true);
    }));
  });
});

describe("homeRedirect", () => {
  it("goes to the first available of users, groups, roles, identity, translations, usage, audit-trail, licenses, apps", () => {
    expect(homeRedirect(ALL_RIGHTS, SHELL_ROUTES)).toBe("/users");
    expect(homeRedirect(["manage:apps", "manage:translations"], SHELL_ROUTES)).toBe("/translations");
    expect(homeRedirect(["manage:group-types", "manage:roles"], SHELL_ROUTES)).toBe("/groups");
    expect(homeRedirect(["manage:apps"], SHELL_ROUTES)).toBe("/apps");
    // Issue 9: a requester lands on Devices, an approver without other rights on Approvals.
    expect(homeRedirect(["use:access-requests", "approve:access-requests"], SHELL_ROUTES)).toBe("/devices");
    expect(homeRedirect(["approve:access-requests"], SHELL_ROUTES)).toBe("/approvals");
  });

  it("skips screens that are not built: a right to an unbuilt screen does not count", () => {
    const built: ShellRoute[] = ["groups", "translations", "audit-trail", "assets"];
    expect(homeRedirect(ALL_RIGHTS, built)).toBe("/groups");
    expect(homeRedirect(["invite:user", "use:data-usage", "use:audit-logs"], built)).toBe("/audit-trail");
    expect(homeRedirect(["invite:user", "manage:roles", "manage:apps"], built)).toBe(NOT_ALLOWED_PATH);
    expect(homeRedirect(ALL_RIGHTS, [])).toBe(NOT_ALLOWED_PATH);
  });

  it("goes to not-allowed when none is open, even if a non-home screen is", () => {
    expect(homeRedirect([], SHELL_ROUTES)).toBe(NOT_ALLOWED_PATH);
    expect(homeRedirect(["manage:mqtt-brokers", "manage:asset-types", "manage:custom-fields"], SHELL_ROUTES)).toBe("/error/not-allowed");
  });

  it("property: the target is open, built and the first such of HOME_ORDER; not-allowed when none is", () => {
    fc.assert(fc.property(rightsArb, builtArb, (rights, built) => {
      const available = (r: ShellRoute) => built.includes(r) && isRouteOpen(r, rights);
      const path = homeRedirect(rights, built);
      if (path === NOT_ALLOWED_PATH) {
        expect(HOME_ORDER.some(available)).toBe(false);
      } else {
        const route = path.slice(1) as ShellRoute;
        expect(HOME_ORDER).toContain(route);
        expect(isRouteOpen(route, rights)).toBe(true);
        expect(built).toContain(route);
        expect(HOME_ORDER.slice(0, HOME_ORDER.indexOf(route)).some(available)).toBe(false);
      }
    }));
  });

  it("property: home never sends to the root or to a route that is not mounted (no redirect loop)", () => {
    fc.assert(fc.property(rightsArb, builtArb, (rights, built) => {
      const path = homeRedirect(rights, built);
      expect(path).not.toBe("/");
      expect(path === NOT_ALLOWED_PATH || built.includes(path.slice(1) as ShellRoute)).toBe(true);
    }));
  });
});

describe("side panels, approval bypass and analytics", () => {
  it("shows group type controls with manage:group-types and colour with manage:subgroups", () => {
    expect(groupTypePanelControls(["manage:group-types"])).toEqual({ add: true, edit: true, delete: true, reorder: true, color: false });
    expect(groupTypePanelControls(["manage:subgroups"])).toEqual({ add: false, edit: false, delete: false, reorder: false, color: true });
    expect(assetTypePanelControls(["manage:asset-types", "manage:subgroups"])).toEqual({ add: true, edit: true, delete: true, reorder: true, color: false });
    expect(assetTypePanelControls(["manage:group-types"]).add).toBe(false);
  });

  it("bypasses approval only with manage access-requests on the device", () => {
    expect(bypassesApproval(["manage:access-requests"])).toBe(true);
    expect(bypassesApproval(["use:access-requests"])).toBe(false);
  });

  it("property: analytics has one flag per right, true exactly for the held ones", () => {
    fc.assert(fc.property(rightsArb, (rights) => {
      const flags = analyticsFlags(rights);
      expect(Object.keys(flags)).toEqual([...ALL_RIGHTS]);
      for (const r of ALL_RIGHTS) expect(flags[r]).toBe((rights as Right[]).includes(r));
    }));
  });
});
