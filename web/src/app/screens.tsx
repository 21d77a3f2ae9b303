/**
 * The screens inside the signed-in shell (spec section 2, "Shell children") that the app has
 * built. Only these are shown in the left menu and chosen by the home redirect: a screen of a
 * later issue gets no menu item until that issue adds it here. Typing its path meanwhile shows
 * "not available yet" under the screen's name (NotBuiltPage) rather than another screen. Each
 * route is guarded by core's route rule for its right.
 */
import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { SHELL_ROUTES, type ShellRoute } from "@portal/core/rules/rights";
import { SCREEN_VIEW } from "./screenLabels";
import { RouteGuard } from "../shell/RouteGuard";
import { assetsRoutes } from "../features/assets/assetsRoutes";
import { groupsRoutes } from "../features/groups/groupsRoutes";
import { devicesRoutes } from "../features/devices/devicesRoutes";
import { pagesRoutes } from "../features/pages/pagesRoutes";

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
  { route: "devices", children: devicesRoutes },
  { route: "my-access-requests", load: () => import("../features/access-requests/MyAccessRequestsPage") },
  { route: "approvals", load: () => import("../features/access-requests/ApprovalsPage") },
  {
    route: "access-requests",
    children: [
      { index: true, element: <Navigate to="/my-access-requests" replace /> },
      { path: ":publicId", lazy: async () => ({ Component: (await import("../features/access-requests/AccessRequestPage")).default }) },
    ],
  },
  { route: "tunnel-sessions", load: () => import("../features/tunnel-sessions/TunnelSessionsPage") },
  { route: "users", load: () => import("../features/users/UsersPage") },
  { route: "roles", load: () => import("../features/roles/RolesPage") },
  { route: "access-categories", load: () => import("../features/access-categories/AccessCategoriesPage") },
  { route: "custom-fields", load: () => import("../features/custom-fields/CustomFieldsPage") },
  { route: "mqtt", load: () => import("../features/mqtt/MqttBrokersPage") },
  { route: "usage", load: () => import("../features/usage/UsagePage") },
  { route: "identity", load: () => import("../features/identity/IdentityPage") },
  { route: "pages", children: pagesRoutes },
  { route: "licenses", load: () => import("../features/licences/LicencesPage") },
  { route: "apps", load: () => import("../features/apps/AppsPage") },
  { route: "templates", load: () => import("../features/templates/TemplatesPage") },
  { route: "router-screensavers", load: () => import("../features/router-screensavers/RouterScreensaversPage") },
  { route: "platform-servers", load: () => import("../features/platform-servers/PlatformServersPage") },
];

/** The routes the app mounts, for core's menu and home rules (one source: SHELL_SCREENS). */
export const BUILT_SCREENS: ReadonlyArray<ShellRoute> = SHELL_SCREENS.map((screen) => screen.route);

export function shellScreenRoutes(): RouteObject[] {
  const notBuilt = SHELL_ROUTES.filter((route) => !BUILT_SCREENS.includes(route)).map((route): RouteObject => ({
    path: route,
    element: <RouteGuard route={route} />,
    children: [{ path: "*", lazy: async () => notBuiltPage(SCREEN_VIEW[route].label) }, { index: true, lazy: async () => notBuiltPage(SCREEN_VIEW[route].label) }],
  }));
  return [...SHELL_SCREENS.map((screen) => {
    const load = screen.load;
    return {
      path: screen.route,
      element: <RouteGuard route={screen.route} />,
      children: [
        ...(load ? [{ index: true, lazy: async () => ({ Component: (await load()).default }) }] : []),
        ...(screen.children ?? []),
      ],
    };
  }), ...notBuilt];
}

/** The lazy route of a page that is not built yet, under its name. */
export async function notBuiltPage(title: string, standalone = false): Promise<Pick<RouteObject, "Component">> {
  const { NotBuiltPage } = await import("../features/not-built/NotBuiltPage");
  return { Component: () => <NotBuiltPage title={title} standalone={standalone} /> };
}
