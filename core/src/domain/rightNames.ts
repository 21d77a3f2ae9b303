/**
 * Feature rights of spec.md section 6: a kind (manage, use, invite) over a feature.
 * A right is written "kind:feature", e.g. "manage:group-types". Apart from the schema (Right.ts):
 * the rights rules run on the web app's first load without effect's Schema.
 */
export const MANAGE_FEATURES = [
  "apps", "asset-types", "branding", "custom-fields", "groups", "group-types", "licences",
  "mqtt-brokers", "roles", "translations", "subgroups", "custom-privacy-statement", "custom-terms-of-use",
  // Spec section 6: "users with manage access-requests on an agent or asset bypass approval checks".
  "access-requests",
  // Issue 13: report templates and dashboard pages (spec 2: "template and component developers
  // build report templates and pages"); the spec's table names no right for them.
  "pages",
  // Issue 13: backend component templates, their shares, configs and message subscriptions
  // (spec 1: "template and component developers ... manage backend component templates").
  "templates",
] as const;
export const USE_FEATURES = ["audit-logs", "data-usage", "access-requests"] as const;
export const INVITE_FEATURES = ["user"] as const;
/**
 * Who may decide access requests (issue 9: "users holding an approve right on the device"). The
 * spec's table has no approve kind; a role grants it company-wide, a group role on the devices
 * of the group (rules/deviceRights.ts).
 */
export const APPROVE_FEATURES = ["access-requests"] as const;

export type ManageFeature = (typeof MANAGE_FEATURES)[number];
export type UseFeature = (typeof USE_FEATURES)[number];
export type InviteFeature = (typeof INVITE_FEATURES)[number];
export type ApproveFeature = (typeof APPROVE_FEATURES)[number];

export type Right = `manage:${ManageFeature}` | `use:${UseFeature}` | `invite:${InviteFeature}` | `approve:${ApproveFeature}`;

/** Every right, in the order of the spec's table. */
export const ALL_RIGHTS: ReadonlyArray<Right> = [
  ...MANAGE_FEATURES.map((f) => `manage:${f}` as const),
  ...USE_FEATURES.map((f) => `use:${f}` as const),
  ...INVITE_FEATURES.map((f) => `invite:${f}` as const),
  ...APPROVE_FEATURES.map((f) => `approve:${f}` as const),
];
