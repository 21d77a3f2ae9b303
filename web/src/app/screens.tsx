/**
 * The screens inside the signed-in shell (spec section 2, "Shell children") that the app has
 * built. Only these are mounted, shown in the left menu and chosen by the home redirect: a screen
 * of a later issue gets no route and no menu item until that issue adds it here (nothing is a
 * placeholder page). Typing its path meanwhile falls through to the root like any unknown path.
 * Each mounted screen is guarded by core's route rule for its right.
 */
import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import type { ShellRoute } from "@portal/core/rules/rights";
import { RouteGuard } from "../shell/RouteGuard";
import { assetsRoutes } from "../features/assets/assetsRoutes";
import { groupsRoutes } from "../features/groups/groupsRoutes";

/** A built screen: its page module, its sub-routes, or both. */
export type ShellScreen = { readonly route: ShellRoute } & (
  | {
    /** The screen's page module (code-split). */
    readonly load: () => Promise<{ default: ComponentType }>;
    /** Sub-routes, e.g. `groups/:publicId`. */
    readonly children?: RouteObject[];
  }
  | { readonly load?: undefined; readonly children: RouteObject[] }
);

export const SHELL_SCREENS: ReadonlyArray<ShellScreen> = [
  { route: "groups", children: groupsRoutes },
  { route: "translations", load: () => import("../features/translations/TranslationsPage") },
  { route: "audit-trail", load: () => import("../features/audit-trail/AuditTrailPage") },
  { route: "assets", children: assetsRoutes },
];

/** The routes the app mounts, for core's menu and home rules (one source: SHELL_SCREENS). */
export const BUILT_SCREENS: ReadonlyArray<ShellRoute> = SHELL_SCREENS.map((screen) => screen.route);

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
