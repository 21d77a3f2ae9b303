/**
 * What the user's feature rights open (spec.md sections 2 and 6): the shell routes and left-menu
 * items, where home redirects, the side-panel controls, the manage access-requests bypass and
 * the analytics flags. The menu and home also take the routes the app has built, so that
 * neither offers a screen that does not exist yet. The UI only hides what the server would
 * refuse anyway (api.md); the server checks the same rights through the route table.
 *
 * Rights are taken as plain strings so that a list read from the wire can be passed as is;
 * strings that are not rights open nothing.
 */
import { ALL_RIGHTS, type Right } from "../domain/rightNames";

/** The screens inside the signed-in shell, by path segment. */
export const SHELL_ROUTES = [
  "users", "groups", "roles", "access-categories",
  "identity", "translations", "usage", "audit-trail", "licenses", "apps",
  "assets", "custom-fields", "mqtt",
  // Issue 13: report templates and dashboard pages; /pages/{publicId} is the page editor.
  "pages",
  // Issue 13: backend component templates, router screensavers and the company's platform servers
  // (here, not at the end: the menu's order is this order, and they belong to DEVICE_SETTINGS).
  "templates", "router-screensavers", "platform-servers",
  // Issue 9: devices and access requests. "access-requests" holds one request's page (the target
  // of the approvers' e-mail link, /access-requests/{publicId}); it has no menu item.
  "devices", "my-access-requests", "approvals", "access-requests",
  // Issue 10: the live (and ended) tunnel sessions of the company, with Disconnect.
  "tunnel-sessions",
] as const;
export type ShellRoute = (typeof SHELL_ROUTES)[number];

/** The rights that open each shell route: holding any one of them is enough. */
export const ROUTE_RIGHTS: Readonly<Record<ShellRoute, ReadonlyArray<Right>>> = {
  users: ["invite:user"],
  groups: ["manage:groups", "manage:group-types"],
  roles: ["manage:roles"],
  // Access categories (audiences) are part of role management: the spec gives them the roles right.
  "access-categories": ["manage:roles"],
  identity: ["manage:branding"],
  translations: ["manage:translations"],
  usage: ["use:data-usage"],
  "audit-trail": ["use:audit-logs"],
  licenses: ["manage:licences"],
  apps: ["manage:apps"],
  assets: ["manage:asset-types"],
  "custom-fields": ["manage:custom-fields"],
  mqtt: ["manage:mqtt-brokers"],
  devices: ["use:access-requests"],
  "my-access-requests": ["use:access-requests"],
  approvals: ["approve:access-requests", "manage:access-requests"],
  "access-requests": ["use:access-requests", "approve:access-requests", "manage:access-requests"],
  "tunnel-sessions": ["manage:access-requests"],
  pages: ["manage:pages"],
  templates: ["manage:templates"],
  // Screensavers are images the company's routers show: part of the company's look (branding).
  "router-screensavers": ["manage:branding"],
  // Every member may read them (the API's rights are empty); the screen is for those whose work
  // depends on them: rsc servers carry the VPN (access managers), mdr servers run the templates.
  "platform-servers": ["manage:access-requests", "manage:templates"],
};

/** The left menu's sections and their items, in display order. */
export const MENU_SECTIONS = [
  { id: "USER_MANAGEMENT", items: ["users", "groups", "roles", "access-categories"] },
  { id: "COMPANY", items: ["identity", "translations", "usage", "audit-trail", "licenses", "apps"] },
  { id: "DEVICE_SETTINGS", items: ["assets", "custom-fields", "mqtt", "pages", "templates", "router-screensavers", "platform-servers"] },
  { id: "DEVICES", items: ["devices", "my-access-requests", "approvals", "tunnel-sessions"] },
] as const satisfies ReadonlyArray<{ id: string; items: ReadonlyArray<ShellRoute> }>;
export type MenuSectionId = (typeof MENU_SECTIONS)[number]["id"];

/** The order in which home looks for a screen to open. */
export const HOME_ORDER: ReadonlyArray<ShellRoute> = [
  "users", "groups", "roles", "identity", "translations", "usage", "audit-trail", "licenses", "apps",
  // Issue 9: a requester or approver without an admin right lands on their devices or inbox.
  "devices", "approvals",
];

/** Where a user goes who may open none of the home screens, or a route they may not open. */
export const NOT_ALLOWED_PATH = "/error/not-allowed";

/** Top-level builder routes and the right each needs. */
export const BUILDER_ROUTE_RIGHTS = {
  "custom-privacy-statement-builder": "manage:custom-privacy-statement",
  "custom-terms-of-use-builder": "manage:custom-terms-of-use",
} as const satisfies Readonly<Record<string, Right>>;
export type BuilderRoute = keyof typeof BUILDER_ROUTE_RIGHTS;

const held = (rights: Iterable<string>): ReadonlySet<string> => (rights instanceof Set ? rights : new Set(rights));

/** Whether a shell route is open: the user holds one of its ROUTE_RIGHTS. Never fails. */
export const isRouteOpen = (route: ShellRoute, rights: Iterable<string>): boolean => {
  const set = held(rights);
  return ROUTE_RIGHTS[route].some((r) => set.has(r));
};

/** Whether a builder route is open: the user holds its right. */
export const isBuilderOpen = (route: BuilderRoute, rights: Iterable<string>): boolean =>
  held(rights).has(BUILDER_ROUTE_RIGHTS[route]);

/** Every open shell route, in SHELL_ROUTES order. */
export const openRoutes = (rights: Iterable<string>): ShellRoute[] => {
  const set = held(rights);
  return SHELL_ROUTES.filter((route) => isRouteOpen(route, set));
};

/** One section of the left menu with the items the user may open. */
export interface MenuSection {
  readonly id: MenuSectionId;
  readonly items: ReadonlyArray<ShellRoute>;
}

/**
 * The left menu: each section with only the items the user may open (rights) and the app has
 * a screen for (`built`: the routes it mounts; later issues add theirs), in display order.
 * Guarantees every item is open and built; a section with no such item is left out.
 */
export const menuSections = (rights: Iterable<string>, built: Iterable<ShellRoute>): MenuSection[] => {
  const set = held(rights);
  const mounted = new Set(built);
  return MENU_SECTIONS.map((s) => ({
    id: s.id,
    items: s.items.filter((item: ShellRoute) => mounted.has(item) && isRouteOpen(item, set)),
  })).filter((s) => s.items.length > 0);
};

/**
 * The first route of HOME_ORDER that is available: the user holds its right and it is built
 * (the app mounts a screen for it). Undefined when none is.
 */
export const homeRoute = (rights: Iterable<string>, built: Iterable<ShellRoute>): ShellRoute | undefined => {
  const set = held(rights);
  const mounted = new Set(built);
  return HOME_ORDER.find((route) => mounted.has(route) && isRouteOpen(route, set));
};

/**
 * Where home redirects (spec section 2): `/<route>` of the first available route of HOME_ORDER
 * (users, groups, roles, identity, translations, usage, audit-trail, licenses, apps), else
 * NOT_ALLOWED_PATH. Available means the user holds its right AND it is in `built`, the routes the
 * app mounts: an unmounted path falls back to the root, so sending home there would loop.
 * Guarantees the path names an open, built route of HOME_ORDER, or the not-allowed page; never
 * the root. Never fails.
 */
export const homeRedirect = (rights: Iterable<string>, built: Iterable<ShellRoute>): string => {
  const route = homeRoute(rights, built);
  return route === undefined ? NOT_ALLOWED_PATH : `/${route}`;
};

/** Which controls of a type side panel are shown. */
export interface SidePanelControls {
  readonly add: boolean;
  readonly edit: boolean;
  readonly delete: boolean;
  readonly reorder: boolean;
  /** The colour control (group types only). */
  readonly color: boolean;
}

/**
 * The group types side panel: add, edit, delete and reorder with manage:group-types; the colour
 * control with manage:subgroups.
 */
export const groupTypePanelControls = (rights: Iterable<string>): SidePanelControls => {
  const set = held(rights);
  const manage = set.has("manage:group-types");
  return { add: manage, edit: manage, delete: manage, reorder: manage, color: set.has("manage:subgroups") };
};

/** The asset types side panel: add, edit, delete and reorder with manage:asset-types; no colour. */
export const assetTypePanelControls = (rights: Iterable<string>): SidePanelControls => {
  const manage = held(rights).has("manage:asset-types");
  return { add: manage, edit: manage, delete: manage, reorder: manage, color: false };
};

/**
 * The device-level permission that lets a user bypass approval on an agent or asset. It is
 * held per device (not a company feature right), so it is not in Right.
 */
export const MANAGE_ACCESS_REQUESTS = "manage:access-requests";

/**
 * Whether the user bypasses access-request approval on a device: they hold
 * MANAGE_ACCESS_REQUESTS on that agent or asset. Feeds connectDecision's canManageAccessRequests.
 */
export const bypassesApproval = (devicePermissions: Iterable<string>): boolean =>
  held(devicePermissions).has(MANAGE_ACCESS_REQUESTS);

/**
 * The permissions reported to the analytics tool: one boolean per right of ALL_RIGHTS, keyed by
 * the right. Guarantees exactly the keys of ALL_RIGHTS, true exactly for those held.
 */
export const analyticsFlags = (rights: Iterable<string>): Record<Right, boolean> => {
  const set = held(rights);
  return Object.fromEntries(ALL_RIGHTS.map((r) => [r, set.has(r)])) as Record<Right, boolean>;
};
