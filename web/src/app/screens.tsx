/**
 * The screens inside the signed-in shell (spec section 2, "Shell children"). Each is guarded by
 * core's route rule for its right. A later issue mounts its screen by giving it `load` (the
 * page's module) and, when it has sub-pages, `children`; until then the route exists for the menu
 * and the home redirect, and its content area stays empty (no placeholder page).
 */
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import type { ShellRoute } from "@portal/core/rules/rights";
import { RouteGuard } from "../shell/RouteGuard";
import { assetsRoutes } from "../features/assets/assetsRoutes";
import { groupsRoutes } from "../features/groups/groupsRoutes";

export interface ShellScreen {
  readonly route: ShellRoute;
  /** The screen's page module (code-split). */
  readonly load?: () => Promise<{ default: ComponentType }>;
  /** Sub-routes, e.g. `groups/:publicId`. */
  readonly children?: RouteObject[];
}

export const SHELL_SCREENS: ReadonlyArray<ShellScreen> = [
  { route: "users" },
  { route: "groups", children: groupsRoutes },
  { route: "roles" },
  { route: "access-categories" },
  { route: "identity" },
  { route: "translations", load: () => import("../features/translations/TranslationsPage") },
  { route: "usage" },
  { route: "audit-trail" },
  { route: "licenses" },
  { route: "apps" },
  { route: "assets", children: assetsRoutes },
  { route: "custom-fields" },
  { route: "mqtt" },
];

export function shellScreenRoutes(): RouteObject[] {
  return SHELL_SCREENS.map((screen) => {
    const load = screen.load;
    return {
      path: screen.route,
      element: <RouteGuard route={screen.route} />,
      children: [
        ...(load ? [{ index: true, lazy: async () => ({ Component: (await load()).default }) }] : []),
        ...(screen.children ?? []),
      ],
    };
  });
}
