import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_RIGHTS, type Right } from "../domain/Right";
import {
  HOME_ORDER, NOT_ALLOWED_PATH, SHELL_ROUTES, analyticsFlags, assetTypePanelControls, bypassesApproval,
  groupTypePanelControls, homeRedirect, isBuilderOpen, isRouteOpen, menuSections, openRoutes,
} from "./rights";

const rightsArb = fc.subarray([...ALL_RIGHTS]);

describe("shell routes and the left menu", () => {
  it("opens each item only with its matching right", () => {
    expect(openRoutes(["invite:user"])).toEqual(["users"]);
    expect(openRoutes(["manage:groups"])).toEqual(["groups"]);
    expect(openRoutes(["manage:group-types"])).toEqual(["groups"]);
    expect(openRoutes(["manage:roles"])).toEqual(["roles", "access-categories"]);
    expect(openRoutes(["manage:branding"])).toEqual(["identity"]);
    expect(openRoutes(["use:data-usage"])).toEqual(["usage"]);
    expect(openRoutes(["use:audit-logs"])).toEqual(["audit-trail"]);
    expect(openRoutes(["manage:licences"])).toEqual(["licenses"]);
    expect(openRoutes(["manage:custom-fields"])).toEqual(["custom-fields"]);
    expect(openRoutes(["manage:mqtt-brokers"])).toEqual(["mqtt"]);
    expect(openRoutes(["manage:asset-types"])).toEqual(["assets"]);
    expect(openRoutes(["manage:subgroups", "use:access-requests", "not-a-right"])).toEqual([]);
  });

  it("groups the menu into its three sections, leaving out empty ones", () => {
    expect(menuSections(ALL_RIGHTS)).toEqual([
      { id: "USER_MANAGEMENT", items: ["users", "groups", "roles", "access-categories"] },
      { id: "COMPANY", items: ["identity", "translations", "usage", "audit-trail", "licenses", "apps"] },
      { id: "DEVICE_SETTINGS", items: ["assets", "custom-fields", "mqtt"] },
    ]);
    expect(menuSections(["manage:mqtt-brokers", "invite:user"])).toEqual([
      { id: "USER_MANAGEMENT", items: ["users"] },
      { id: "DEVICE_SETTINGS", items: ["mqtt"] },
    ]);
    expect(menuSections([])).toEqual([]);
  });

  it("opens the builders with their own rights", () => {
    expect(isBuilderOpen("custom-terms-of-use-builder", ["manage:custom-terms-of-use"])).toBe(true);
    expect(isBuilderOpen("custom-privacy-statement-builder", ["manage:custom-terms-of-use"])).toBe(false);
  });

  it("property: every menu item is an open route, and every open route is in the menu", () => {
    fc.assert(fc.property(rightsArb, (rights) => {
      const items = menuSections(rights).flatMap((s) => s.items);
      expect(items).toEqual(openRoutes(rights));
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
    expect(homeRedirect(ALL_RIGHTS)).toBe("/users");
    expect(homeRedirect(["manage:apps", "manage:translations"])).toBe("/translations");
    expect(homeRedirect(["manage:group-types", "manage:roles"])).toBe("/groups");
    expect(homeRedirect(["manage:apps"])).toBe("/apps");
  });

  it("goes to not-allowed when none is open, even if a non-home screen is", () => {
    expect(homeRedirect([])).toBe(NOT_ALLOWED_PATH);
    expect(homeRedirect(["manage:mqtt-brokers", "manage:asset-types", "manage:custom-fields"])).toBe("/error/not-allowed");
  });

  it("property: homeRedirect always names an open route or not-allowed", () => {
    fc.assert(fc.property(rightsArb, (rights) => {
      const path = homeRedirect(rights);
      if (path === NOT_ALLOWED_PATH) {
        expect(HOME_ORDER.some((r) => isRouteOpen(r, rights))).toBe(false);
      } else {
        const route = path.slice(1) as (typeof SHELL_ROUTES)[number];
        expect(isRouteOpen(route, rights)).toBe(true);
        expect(HOME_ORDER.slice(0, HOME_ORDER.indexOf(route)).some((r) => isRouteOpen(r, rights))).toBe(false);
      }
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
