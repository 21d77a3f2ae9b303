import type { IconName } from "@blueprintjs/core";
import type { ShellRoute } from "@portal/core/rules/rights";

/** Presentation only: the name and icon of each shell screen (menu, h1, not-built pages). */
export const SCREEN_VIEW: Readonly<Record<ShellRoute, { readonly label: string; readonly icon: IconName }>> = {
  users: { label: "Users", icon: "people" },
  groups: { label: "Groups", icon: "group-objects" },
  roles: { label: "Roles", icon: "key" },
  "access-categories": { label: "Access categories", icon: "tag" },
  identity: { label: "Identity", icon: "id-number" },
  translations: { label: "Translations", icon: "translate" },
  usage: { label: "Usage", icon: "timeline-bar-chart" },
  "audit-trail": { label: "Audit trail", icon: "history" },
  licenses: { label: "Licenses", icon: "endorsed" },
  apps: { label: "Apps", icon: "applications" },
  assets: { label: "Assets", icon: "cube" },
  "custom-fields": { label: "Custom fields", icon: "properties" },
  mqtt: { label: "MQTT", icon: "exchange" },
  pages: { label: "Pages", icon: "page-layout" },
  devices: { label: "Devices", icon: "desktop" },
  "my-access-requests": { label: "My access requests", icon: "time" },
  approvals: { label: "Approvals", icon: "confirm" },
  "access-requests": { label: "Access request", icon: "document" },
  "tunnel-sessions": { label: "Active sessions", icon: "link" },
  templates: { label: "Templates", icon: "code-block" },
  "router-screensavers": { label: "Router screensavers", icon: "media" },
  "platform-servers": { label: "Platform servers", icon: "database" },
};

/**
 * Top-level routes of spec 2 that this version does not have yet, with their names: each says
 * "not available yet" instead of falling through to the root.
 */
export const TOP_LEVEL_NOT_BUILT: ReadonlyArray<{ readonly path: string; readonly title: string }> = [
];
