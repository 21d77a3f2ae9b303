/** Presentation only: how the rights editor names features and kinds (spec.md section 6). */
import type { RightKind } from "@portal/core/rules/roles";

export const KIND_LABEL: Readonly<Record<RightKind, string>> = { manage: "Manage", use: "Use", invite: "Invite", approve: "Approve" };

const FEATURE_LABEL: Readonly<Record<string, string>> = {
  apps: "Apps", "asset-types": "Asset types", branding: "Branding", "custom-fields": "Custom fields", groups: "Groups",
  "group-types": "Group types", licences: "Licences", "mqtt-brokers": "MQTT brokers", roles: "Roles and access categories",
  translations: "Translations", subgroups: "Subgroups", "custom-privacy-statement": "Custom privacy statement",
  "custom-terms-of-use": "Custom terms of use", "access-requests": "Access requests", "audit-logs": "Audit logs",
  "data-usage": "Data usage", user: "Users", pages: "Pages and report templates",
  templates: "Backend component templates",
};

/** A feature's name for people; an unknown one reads as its words. */
export const featureLabel = (feature: string): string =>
  FEATURE_LABEL[feature] ?? feature.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
