/**
 * The portal's tables (drizzle). Migrations under server/drizzle/ are generated from this file
 * with `drizzle-kit generate` and applied at start; never edit the database by hand.
 * Only PostgreSQL 15 features: Debian's server is 15 while PGlite is newer.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AuditAction } from "@portal/core/domain/AuditLog";
import type { Theme } from "@portal/core/domain/Branding";
import type { AccessRequestStatus } from "@portal/core/domain/AccessRequest";
import type { CustomPropertyTarget, CustomPropertyType } from "@portal/core/domain/CustomProperty";
import type { MqttBrokerStatus } from "@portal/core/domain/MqttBroker";

const publicId = () => text("public_id").notNull().unique();
const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().default(sql`now()`);

export const brandings = pgTable("brandings", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  name: text("name").notNull(),
  appleTouchIcon: text("apple_touch_icon"),
  theme: text("theme").$type<Theme>().notNull().default("light"),
  fqdn: text("fqdn"),
  custom: jsonb("custom").$type<{ glbBrowserTitle?: string; glbPrimaryColor?: string }>().notNull().default({}),
  /** URL of the logo (`/api/branding-images/<id>.png`, issue 12); null: none. */
  logo: text("logo"),
}, (t) => [index("brandings_fqdn_idx").on(t.fqdn)]);

/** Bytes (PostgreSQL bytea) as a Buffer, whether the driver is pg (Buffer) or PGlite (Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Branding images (issue 12): logos and icons as the server re-encoded them (PNG), served by
 * publicId. An image is never changed: a new upload is a new row, so its URL can be cached for good.
 */
export const brandingImages = pgTable("branding_images", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").references(() => companies.id),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

/** Company menu items (issue 12, spec 3 "Menu item"): links in the left menu, in order. */
export const menuItems = pgTable("menu_items", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  label: text("label").notNull(),
  url: text("url").notNull(),
  order: integer("order").notNull(),
}, (t) => [index("menu_items_company_idx").on(t.companyId, t.order)]);

export const sectors = pgTable("sectors", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  name: text("name").notNull(),
  brandingId: integer("branding_id").references(() => brandings.id),
  custom: jsonb("custom").$type<{ glbVpnClientReleaseNotesUrl?: string; glbSupportedPlatforms?: string[] }>()
    .notNull().default({}),
  /** Whether people may register themselves (/register) in this sector (issue 11). */
  selfSignUp: boolean("self_sign_up").notNull().default(false),
});

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  name: text("name").notNull(),
  sectorId: integer("sector_id").notNull().references(() => sectors.id),
  parentId: integer("parent_id"),
  brandingId: integer("branding_id").references(() => brandings.id),
  customTermsOfUse: text("custom_terms_of_use").$type<"company" | "sector">().notNull().default("sector"),
  /** Days audit entries are kept (core's AuditRetention); null keeps them for good. */
  auditRetentionDays: integer("audit_retention_days"),
  /** Favicon URL (`/api/branding-images/<id>.png`) and the app-store links (issue 12, spec 3 "Company"). */
  favicon: text("favicon"),
  appleAppStoreLink: text("apple_app_store_link"),
  googlePlayStoreLink: text("google_play_store_link"),
  /** A trial company's end (issue 12, set by a platform administrator); null: not a trial company. */
  trialEndsOn: timestamp("trial_ends_on", { withTimezone: true, mode: "date" }),
});

/** Terms of use belong to a sector or (custom terms) to a company; the newest one is the latest. */
export const termsOfUsePolicies = pgTable("terms_of_use_policies", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  sectorId: integer("sector_id").references(() => sectors.id),
  companyId: integer("company_id").references(() => companies.id),
  body: text("body").notNull(),
  /** The body in other languages than English (`body`), by language code (rules/policyLanguage.ts). */
  languages: jsonb("languages").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});

/** Privacy statements (spec 2 and 3), like terms: a sector's, or a company's own; the newest is shown. */
export const privacyStatements = pgTable("privacy_statements", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  sectorId: integer("sector_id").references(() => sectors.id),
  companyId: integer("company_id").references(() => companies.id),
  body: text("body").notNull(),
  languages: jsonb("languages").$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
}, (t) => [index("privacy_statements_sector_idx").on(t.sectorId, t.id), index("privacy_statements_company_idx").on(t.companyId, t.id)]);

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  name: text("name").notNull(),
  /** Stored lower-cased so that sign-in is case-insensitive on the email. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /**
   * The TOTP shared secret is stored as is (base32): verifying a code needs the secret itself,
   * so it cannot be hashed like passwords, token secrets and backup codes are.
   */
  totpSecret: text("totp_secret"),
  totpEnabled: boolean("totp_enabled").notNull().default(false),
  createdAt: createdAt(),
  /** My profile (issue 11): a language code and an IANA time zone; null means the browser's. */
  language: text("language"),
  timeZone: text("time_zone"),
  /** False until the registration link is followed; such an account cannot sign in. */
  emailVerified: boolean("email_verified").notNull().default(true),
  /** A platform administrator (issue 12): may use the administrator-only tools across companies. Not a company right. */
  platformAdmin: boolean("platform_admin").notNull().default(false),
}, (t) => [
  // The users list's two orders (issue 11): walked in order, a page stops after its rows
  // instead of sorting every member of the company.
  index("users_sort_name_idx").on(sql`lower(${t.name}) collate "C"`, sql`${t.publicId} collate "C"`),
  index("users_sort_email_idx").on(sql`lower(${t.email}) collate "C"`, sql`${t.publicId} collate "C"`),
  // The users search (ILIKE '%…%' on name or e-mail): trigram indexes (pg_trgm) answer a contains
  // search without reading every member; ILIKE is case-insensitive on them as it is.
  index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
]);

export const termsAcceptances = pgTable("terms_acceptances", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  policyId: integer("policy_id").notNull().references(() => termsOfUsePolicies.id),
  acceptedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.policyId] })]);

export const backupCodes = pgTable("backup_codes", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});

export const accessTokens = pgTable("access_tokens", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 of the bearer secret: the secret itself is never stored. */
  secretHash: text("secret_hash").notNull().unique(),
  expiresOn: timestamp("expires_on", { withTimezone: true, mode: "date" }).notNull(),
  /**
   * The sign-in token (Basic) a derived token (Bearer) descends from; null for a sign-in token.
   * Ending the sign-in token (logout) ends every token derived from it, through the cascade.
   */
  sessionId: integer("session_id").references((): AnyPgColumn => accessTokens.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  /** The browser that signed in (its Api-Device-Id); forgetting the device ends the token. */
  trustedDeviceId: integer("trusted_device_id").references((): AnyPgColumn => trustedDevices.id, { onDelete: "cascade" }),
}, (t) => [index("access_tokens_session_idx").on(t.sessionId)]);

/**
 * Attempt counters of core's rules/attemptLimits (sign-in per account and per address, password
 * change per user and per address). The key is a SHA-256 of what the client sent, so that typed
 * emails and addresses are not kept in clear. Instants are epoch ms: the app's clock, not SQL's.
 */
export const attemptCounters = pgTable("attempt_counters", {
  scope: text("scope").notNull(),
  key: text("key").notNull(),
  count: integer("count").notNull(),
  windowStartMs: bigint("window_start_ms", { mode: "number" }).notNull(),
  lockedUntilMs: bigint("locked_until_ms", { mode: "number" }),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index("attempt_counters_window_idx").on(t.windowStartMs)]);

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  rights: jsonb("rights").$type<string[]>().notNull().default([]),
});

/**
 * Access categories (audiences in data calls; issue 11). At most one default per company, held by
 * the partial unique index as well as by core's rule (rules/audiences.ts).
 */
export const audiences = pgTable("audiences", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  isDefault: boolean("is_default").notNull().default(false),
}, (t) => [
  index("audiences_company_idx").on(t.companyId, t.name),
  uniqueIndex("audiences_one_default").on(t.companyId).where(sql`is_default`),
]);

export const memberships = pgTable("memberships", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id),
  roleId: integer("role_id").notNull().references(() => roles.id),
  /** Temporary access (issue 11): the membership ends then; null is permanent. */
  expiresOn: timestamp("expires_on", { withTimezone: true, mode: "date" }),
  /** The member's access category (rules/accessCategories.ts); null: not restricted. */
  audienceId: integer("audience_id").references((): AnyPgColumn => audiences.id),
}, (t) => [uniqueIndex("memberships_user_company_role").on(t.userId, t.companyId, t.roleId), index("memberships_company_idx").on(t.companyId, t.userId)]);

export const groupTypes = pgTable("group_types", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  color: text("color"),
  order: integer("order").notNull(),
}, (t) => [index("group_types_company_idx").on(t.companyId, t.order)]);

export const groups = pgTable("groups", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  groupTypeId: integer("group_type_id").notNull().references(() => groupTypes.id),
  name: text("name").notNull(),
  // The parent group (same type) of a subgroup; null at the top level (core's rules/groupTree).
  parentId: integer("parent_id").references((): AnyPgColumn => groups.id),
}, (t) => [index("groups_company_type_idx").on(t.companyId, t.groupTypeId), index("groups_parent_idx").on(t.parentId)]);

export const assetTypes = pgTable("asset_types", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  order: integer("order").notNull(),
}, (t) => [index("asset_types_company_idx").on(t.companyId, t.order)]);

/** A resource variant uses an asset type; it makes "asset type in use" real. */
export const resourceVariants = pgTable("resource_variants", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  assetTypeId: integer("asset_type_id").notNull().references(() => assetTypes.id),
  name: text("name").notNull(),
});

export const translations = pgTable("translations", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  key: text("key").notNull(),
  languages: jsonb("languages").$type<Record<string, string>>().notNull(),
}, (t) => [
  uniqueIndex("translations_company_key").on(t.companyId, t.key),
  // The list sorted by English text (translationRoutes.ts ENGLISH_SORT): a page is an index range at any size.
  index("translations_company_english").on(t.companyId, sql`(lower(${t.languages} ->> 'en') collate "C")`, sql`(${t.key} collate "C")`),
]);

/**
 * Devices (issue 9). `searchName` is core's foldForSearch of the name, written with it, so that
 * the Devices list searches case- and accent-insensitively on an index. The VPN session columns
 * are null while the agent is offline; the rate-limit columns are null while no limit is in force.
 */
export const agents = pgTable("agents", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  searchName: text("search_name").notNull().default(""),
  vpnRequireAccessApproval: boolean("vpn_require_access_approval").notNull().default(true),
  rscServerName: text("rsc_server_name"),
  rscServerPublicId: text("rsc_server_public_id"),
  vpnAddress: text("vpn_address"),
  rateLimit: text("rate_limit").$type<"soft" | "hard">(),
  rateCounter: integer("rate_counter").notNull().default(0),
  rateLastHit: timestamp("rate_last_hit", { withTimezone: true, mode: "date" }),
  useStunnel: boolean("use_stunnel").notNull().default(false),
  /** The device's access category (rules/accessCategories.ts); null: every member sees it. */
  audienceId: integer("audience_id").references((): AnyPgColumn => audiences.id),
  /** A demo device's end (issue 12, set by a platform administrator); null: not a demo device. */
  demoExpiresOn: timestamp("demo_expires_on", { withTimezone: true, mode: "date" }),
}, (t) => [
  // Keyset paging of the Devices list (company, name, publicId) and the search on the folded name.
  index("agents_company_name_idx").on(t.companyId, t.name, t.publicId),
  index("agents_company_search_idx").on(t.companyId, t.searchName),
  // The Devices search (LIKE '%…%' on the folded name): a trigram index (pg_trgm) instead of a scan.
  index("agents_search_trgm_idx").using("gin", t.searchName.op("gin_trgm_ops")),
]);

export const agentServers = pgTable("agent_servers", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  serviceGroup: text("service_group"),
  requireAccessApproval: boolean("require_access_approval").notNull().default(true),
}, (t) => [index("agent_servers_agent_idx").on(t.agentId)]);

/** Assets behind an agent. */
export const assets = pgTable("assets", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  assetTypeId: integer("asset_type_id").references(() => assetTypes.id),
  name: text("name").notNull(),
}, (t) => [index("assets_company_name_idx").on(t.companyId, t.name, t.publicId), index("assets_agent_idx").on(t.agentId)]);

/** Which groups a device belongs to. */
export const agentGroups = pgTable("agent_groups", {
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  groupId: integer("group_id").notNull().references(() => groups.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.agentId, t.groupId] }), index("agent_groups_group_idx").on(t.groupId)]);

/** A role a user holds in a group: its rights apply on the devices of that group (rules/deviceRights). */
export const groupMemberships = pgTable("group_memberships", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  groupId: integer("group_id").notNull().references(() => groups.id, { onDelete: "cascade" }),
  roleId: integer("role_id").notNull().references(() => roles.id),
}, (t) => [uniqueIndex("group_memberships_user_group_role").on(t.userId, t.groupId, t.roleId), index("group_memberships_group_idx").on(t.groupId)]);

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Access requests (rules/accessWindow.ts). `start`/`end` are the window: the requested one until
 * approval, the granted one after. No cascade from users: history survives after access ends.
 */
export const accessRequests = pgTable("access_requests", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  agentId: integer("agent_id").notNull().references(() => agents.id),
  requesterId: integer("requester_id").notNull().references(() => users.id),
  status: text("status").$type<AccessRequestStatus>().notNull(),
  requestedStart: instant("requested_start").notNull(),
  requestedEnd: instant("requested_end").notNull(),
  start: instant("start").notNull(),
  end: instant("end").notNull(),
  reason: text("reason").notNull(),
  vpn: boolean("vpn").notNull(),
  comment: text("comment"),
  approverId: integer("approver_id").references(() => users.id),
  decidedAt: instant("decided_at"),
  createdAt: instant("created_at").notNull(),
  extendsRequestId: integer("extends_request_id").references((): AnyPgColumn => accessRequests.id),
}, (t) => [
  index("access_requests_agent_requester_idx").on(t.agentId, t.requesterId),
  index("access_requests_requester_idx").on(t.requesterId, t.createdAt),
  index("access_requests_company_idx").on(t.companyId, t.createdAt),
  // The expiry tick reads pending requests by their requested end.
  index("access_requests_pending_end_idx").on(t.requestedEnd).where(sql`status = 'pending'`),
]);

/** The approvers a request was addressed to. */
export const accessRequestApprovers = pgTable("access_request_approvers", {
  requestId: integer("request_id").notNull().references(() => accessRequests.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id),
}, (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index("access_request_approvers_user_idx").on(t.userId)]);

/** The servers a request asks for. */
export const accessRequestServers = pgTable("access_request_servers", {
  requestId: integer("request_id").notNull().references(() => accessRequests.id, { onDelete: "cascade" }),
  serverId: integer("server_id").notNull().references(() => agentServers.id),
}, (t) => [primaryKey({ columns: [t.requestId, t.serverId] })]);

/**
 * Mails to send: a job queue in PostgreSQL. Rows are written in the transaction of the change
 * that causes them; the mail worker claims queued rows with FOR UPDATE SKIP LOCKED (a lease in
 * claimed_until) and sends them outside any transaction, so no lock is held while SMTP talks.
 */
export const outboxMessages = pgTable("outbox_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").references(() => companies.id),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  status: text("status").$type<"queued" | "sent" | "kept" | "failed">().notNull().default("queued"),
  createdAt: instant("created_at").notNull(),
  sentAt: instant("sent_at"),
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  /**
   * A worker that claimed the row sends it until then; past it (the worker died) another may
   * claim it again, so a mail is sent at least once.
   */
  claimedUntil: instant("claimed_until"),
}, (t) => [index("outbox_messages_queued_idx").on(t.id).where(sql`status = 'queued'`), index("outbox_messages_company_idx").on(t.companyId, t.id)]);

/**
 * The audit trail: one row per mutated target, written in the mutation's transaction. No foreign
 * keys and no unique index on purpose: history outlives deleted users and companies, and a bulk
 * call writes thousands of rows, where per-row key checks would cost more than the change itself.
 */
export const auditLogs = pgTable("audit_logs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  publicId: text("public_id").notNull(),
  companyId: integer("company_id"),
  actorUserId: integer("actor_user_id"),
  action: text("action").$type<AuditAction>().notNull(),
  topic: text("topic").notNull(),
  target: text("target").notNull(),
  before: jsonb("before"),
  after: jsonb("after"),
  clientAddress: text("client_address"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
}, (t) => [
  index("audit_logs_company_idx").on(t.companyId, t.id),
  // The audit trail's filters (issue 12), each ending in id so a filtered page is an index range
  // read in the list's order; the time index also serves the retention job's delete.
  index("audit_logs_company_time_idx").on(t.companyId, t.createdAt, t.id),
  index("audit_logs_company_actor_idx").on(t.companyId, t.actorUserId, t.id),
  index("audit_logs_company_topic_idx").on(t.companyId, t.topic, t.id),
  index("audit_logs_company_action_idx").on(t.companyId, t.action, t.id),
]);

/** Events for signed-in users, replayed by id after a reconnect (SSE Last-Event-ID). */
export const events = pgTable("events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  data: jsonb("data").notNull(),
  createdAt: createdAt(),
  /**
   * The id of the transaction that wrote the event (pg_current_xact_id, as a bigint). Ids of the
   * sequence are handed out in insert order, not commit order, so a reader that went "after the
   * last id" skipped an event whose transaction committed after a later one's; streams read in
   * (xid, id) order up to the oldest running transaction instead (EventHub).
   */
  xid: bigint("xid", { mode: "number" }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
}, (t) => [index("events_user_xid_idx").on(t.userId, t.xid, t.id)]);

// Remote access (issue 10): agent credentials, tickets, sessions through the relay, and which
// server process holds each agent's link (several processes share one database).

/** The device agent's credential: one per agent, stored as the SHA-256 of a 32-byte secret. */
export const agentCredentials = pgTable("agent_credentials", {
  agentId: integer("agent_id").primaryKey().references(() => agents.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Single-use tokens of the client end: a ticket (60 s, from the web app) or a resume token (a
 * lost link comes back with it). Stored hashed; `usedAt` is set by the one that consumes it.
 */
export const tunnelTokens = pgTable("tunnel_tokens", {
  id: serial("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  kind: text("kind").$type<"ticket" | "resume">().notNull(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
}, (t) => [index("tunnel_tokens_expires_idx").on(t.expiresAt)]);

/** One stream through the relay: who reached which service of which device, when, and how much. */
export const tunnelSessions = pgTable("tunnel_sessions", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  serverId: integer("server_id").notNull().references(() => agentServers.id, { onDelete: "cascade" }),
  /** The server process that carries it (RELAY_NODE). */
  node: text("node").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
  endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }),
  bytesToDevice: bigint("bytes_to_device", { mode: "number" }).notNull().default(0),
  bytesFromDevice: bigint("bytes_from_device", { mode: "number" }).notNull().default(0),
  endReason: text("end_reason"),
}, (t) => [
  index("tunnel_sessions_company_idx").on(t.companyId, t.endedAt, t.id),
  // The Devices list shows who is connected to each device: live sessions by agent.
  index("tunnel_sessions_live_agent_idx").on(t.agentId).where(sql`ended_at is null`),
]);

/** Which server process holds an agent's link now, and where other processes reach it. */
export const relayLinks = pgTable("relay_links", {
  agentId: integer("agent_id").primaryKey().references(() => agents.id, { onDelete: "cascade" }),
  node: text("node").notNull(),
  nodeUrl: text("node_url").notNull(),
  linkedAt: timestamp("linked_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** The key server processes prove themselves to each other with (one row, made at first start). */
export const relayCluster = pgTable("relay_cluster", {
  id: integer("id").primaryKey(),
  secret: text("secret").notNull(),
});

/**
 * Pending invites (issue 11): one per company and address. The link's token is stored as its
 * SHA-256 only; a resend replaces it (the old link dies), accepting or withdrawing deletes the row.
 */
export const invites = pgTable("invites", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Normalised (rules/users.ts normaliseEmail). */
  email: text("email").notNull(),
  name: text("name"),
  roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  groupIds: jsonb("group_ids").$type<number[]>().notNull().default([]),
  /** The temporary access the membership gets once accepted; null is permanent. */
  memberExpiresOn: instant("member_expires_on"),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: instant("expires_at").notNull(),
  invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: instant("created_at").notNull(),
}, (t) => [uniqueIndex("invites_company_email").on(t.companyId, t.email), index("invites_email_idx").on(t.email)]);

/**
 * Links sent by mail (issue 11): e-mail change confirmation (24 h), password reset (1 h) and
 * registration. Only the SHA-256 of the token is kept; `usedAt` makes each link single use.
 */
export const mailTokens = pgTable("mail_tokens", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose").$type<"email-change" | "password-reset" | "registration">().notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  /** The address the link was sent to (the new one of an e-mail change). */
  email: text("email").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
}, (t) => [index("mail_tokens_user_idx").on(t.userId, t.purpose)]);

/**
 * Browsers a user signed in from (spec 3 "Trusted device"): the SHA-256 of the browser id the web
 * keeps in client storage and sends as Api-Device-Id, with the user agent as a name.
 */
export const trustedDevices = pgTable("trusted_devices", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  deviceHash: text("device_hash").notNull(),
  name: text("name").notNull(),
  firstSeenAt: timestamp("first_seen_at", { withTimezone: true, mode: "date" }).notNull(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull(),
  /**
   * When a sign-in from this browser last passed the second factor; null when none did. Such a
   * browser skips the second factor (core's rules/trustedDevice.ts needsSecondFactor).
   */
  secondFactorAt: timestamp("second_factor_at", { withTimezone: true, mode: "date" }),
}, (t) => [uniqueIndex("trusted_devices_user_device_idx").on(t.userId, t.deviceHash)]);

/**
 * Custom properties (issue 12): a company's (company_id set) or the platform's global ones
 * (company_id null, read-only for companies). Name uniqueness per company and target is core's
 * rule (rules/customFields.ts), checked with the company row locked.
 */
export const customProperties = pgTable("custom_properties", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").references(() => companies.id),
  name: text("name").notNull(),
  type: text("type").$type<CustomPropertyType>().notNull(),
  target: text("target").$type<CustomPropertyTarget>().notNull(),
  required: boolean("required").notNull().default(false),
  options: jsonb("options").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  order: integer("order").notNull(),
}, (t) => [index("custom_properties_company_idx").on(t.companyId, t.order)]);

/**
 * One value of a custom property on a device (agent_id) or an asset (asset_id), in the canonical
 * text of rules/customFields.ts; no row means no value. Deleting the property, the device or the
 * asset deletes its values.
 */
export const customFieldValues = pgTable("custom_field_values", {
  id: serial("id").primaryKey(),
  propertyId: integer("property_id").notNull().references(() => customProperties.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").references(() => agents.id, { onDelete: "cascade" }),
  assetId: integer("asset_id").references(() => assets.id, { onDelete: "cascade" }),
  value: text("value").notNull(),
}, (t) => [
  uniqueIndex("custom_field_values_agent_idx").on(t.agentId, t.propertyId),
  uniqueIndex("custom_field_values_asset_idx").on(t.assetId, t.propertyId),
  // Filtering a list on a field, and a property's usage. Not on value: a long text would pass
  // a btree entry's size limit.
  index("custom_field_values_property_idx").on(t.propertyId),
  check("custom_field_values_one_owner", sql`(${t.agentId} is null) <> (${t.assetId} is null)`),
]);

/**
 * MQTT broker clients of a company (issue 12). The password is stored encrypted
 * (mqtt/secretBox.ts: AES-256-GCM, key from PORTAL_SECRET_KEY) because the server must send it
 * to the broker; it never leaves the server. Names are unique per company (core's rule).
 */
export const mqttBrokers = pgTable("mqtt_brokers", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  name: text("name").notNull(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  tls: boolean("tls").notNull().default(false),
  clientId: text("client_id").notNull().default(""),
  username: text("username").notNull().default(""),
  /** "v1:" + base64 of iv, tag and ciphertext; null when no password is set. */
  passwordEncrypted: text("password_encrypted"),
  topics: jsonb("topics").$type<string[]>().notNull().default([]),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
  /**
   * The server process that runs this broker's client, and until when its lease holds (database
   * time). Processes sharing the database each claim brokers whose lease has run out and renew
   * their own (MqttBrokerManager), so one client ID is connected by one process only.
   */
  ownerNode: text("owner_node"),
  ownerUntil: timestamp("owner_until", { withTimezone: true, mode: "date" }),
  /** The client's state as its owner last saw it; null until a process has run it. */
  status: jsonb("status").$type<MqttBrokerStatus>(),
}, (t) => [index("mqtt_brokers_company_idx").on(t.companyId, t.name)]);

/**
 * My messages (issue 11): notices stored per user where the event happens (an access decision,
 * an invite, access about to expire), as a catalogue key with params. `dedupeKey` makes a notice
 * that a periodic check writes (expiring access) go in once only.
 */
export const notices = pgTable("notices", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  publicId: publicId(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
  kind: text("kind").$type<"access-decision" | "invite" | "expiring-access" | "licence-ended">().notNull(),
  key: text("key").notNull(),
  params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
  link: text("link"),
  readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  dedupeKey: text("dedupe_key"),
}, (t) => [
  index("notices_user_idx").on(t.userId, t.id),
  index("notices_user_unread_idx").on(t.userId).where(sql`read_at is null`),
  uniqueIndex("notices_user_dedupe").on(t.userId, t.dedupeKey),
]);

/**
 * Data usage (issue 12): the API calls answered in each company, counted per UTC hour. Each
 * server process counts in memory and adds its counts here every few seconds (an upsert that
 * adds, so several processes share a row); the usage screen sums hours into days or months.
 */
export const apiCallCounts = pgTable("api_call_counts", {
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  hour: timestamp("hour", { withTimezone: true, mode: "date" }).notNull(),
  calls: bigint("calls", { mode: "number" }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.companyId, t.hour] })]);

/**
 * Pages (issue 13; spec 3 and 4): report templates and dashboard pages of a company. At most one
 * default page per company and kind ("set default").
 */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id),
  kind: text("kind").$type<"dashboard" | "report">().notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  index("pages_company_idx").on(t.companyId, t.id),
  uniqueIndex("pages_one_default_idx").on(t.companyId, t.kind).where(sql`${t.isDefault}`),
]);

/**
 * The versions of a page: at most one draft and one published (rules/pages.ts). The content is
 * the version's; components and sub-pages are JSON decoded with the component registry on the
 * way in. A preview device or asset that is deleted leaves the preview empty.
 */
export const pageVersions = pgTable("page_versions", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  pageId: integer("page_id").notNull().references(() => pages.id, { onDelete: "cascade" }),
  state: text("state").$type<"draft" | "published">().notNull(),
  title: text("title").notNull(),
  icon: text("icon"),
  periodSpec: text("period_spec").notNull(),
  components: jsonb("components").$type<unknown[]>().notNull().default([]),
  pagePages: jsonb("page_pages").$type<unknown[]>().notNull().default([]),
  previewAgentId: integer("preview_agent_id").references(() => agents.id, { onDelete: "set null" }),
  previewAssetId: integer("preview_asset_id").references(() => assets.id, { onDelete: "set null" }),
}, (t) => [uniqueIndex("page_versions_page_state_idx").on(t.pageId, t.state), check("page_versions_state", sql`${t.state} in ('draft', 'published')`)]);
// Licences and apps (issue 12). Rules: core's rules/licences.ts.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The platform's licence types: the features a seat gives and the period an extension adds. */
export const licenceTypes = pgTable("licence_types", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  features: jsonb("features").$type<Array<"alarming" | "logging">>().notNull(),
  periodDays: integer("period_days").notNull(),
});

/** A company's licence bundle: `seats` devices may hold it until expires_on. */
export const licenceBundles = pgTable("licence_bundles", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  licenceTypeId: integer("licence_type_id").notNull().references(() => licenceTypes.id),
  seats: integer("seats").notNull(),
  expiresOn: at("expires_on").notNull(),
  createdAt: createdAt(),
}, (t) => [index("licence_bundles_company_idx").on(t.companyId, t.id)]);

/** Single-use coupon codes; redeemed_at is set by the one redemption that wins (update ... where redeemed_at is null). */
export const coupons = pgTable("coupons", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  code: text("code").notNull().unique(),
  feature: text("feature").$type<"alarming" | "logging">().notNull(),
  days: integer("days").notNull(),
  redeemedAt: at("redeemed_at"),
  agentId: integer("agent_id").references(() => agents.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Alarming / logging on a device: one row per (device, feature) while active or not yet told it ended. */
export const agentActivations = pgTable("agent_activations", {
  id: serial("id").primaryKey(),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  feature: text("feature").$type<"alarming" | "logging">().notNull(),
  method: text("method").$type<"trial" | "licence" | "coupon">().notNull(),
  bundleId: integer("bundle_id").references(() => licenceBundles.id, { onDelete: "cascade" }),
  couponId: integer("coupon_id").references(() => coupons.id),
  startsOn: at("starts_on").notNull(),
  expiresOn: at("expires_on").notNull(),
  /** When the end was told (notice and event); null while running or not yet told. */
  endNotifiedAt: at("end_notified_at"),
}, (t) => [
  uniqueIndex("agent_activations_agent_feature_idx").on(t.agentId, t.feature),
  index("agent_activations_expiry_idx").on(t.expiresOn).where(sql`end_notified_at is null`),
]);

/**
 * Messages the portal owes a device (a trial that ran out), kept until the agent acknowledges
 * them on its relay link: an agent offline when the message was made is told when it links
 * again. One row per event (dedupe_key), however many jobs or processes made it.
 */
export const agentMessages = pgTable("agent_messages", {
  id: serial("id").primaryKey(),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  dedupeKey: text("dedupe_key").notNull(),
  body: jsonb("body").$type<Record<string, unknown>>().notNull(),
  createdAt: at("created_at").notNull(),
  /** When the agent acknowledged it; null while owed. */
  deliveredAt: at("delivered_at"),
}, (t) => [
  uniqueIndex("agent_messages_dedupe_idx").on(t.dedupeKey),
  index("agent_messages_pending_idx").on(t.agentId).where(sql`delivered_at is null`),
]);

/** The trials a device has used: one per feature, for good. */
export const agentTrials = pgTable("agent_trials", {
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  feature: text("feature").$type<"alarming" | "logging">().notNull(),
  startedAt: at("started_at").notNull(),
}, (t) => [primaryKey({ columns: [t.agentId, t.feature] })]);

/** Bundles activated on a device (each takes one seat). */
export const agentBundles = pgTable("agent_bundles", {
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  bundleId: integer("bundle_id").notNull().references(() => licenceBundles.id, { onDelete: "cascade" }),
  activatedAt: at("activated_at").notNull(),
}, (t) => [primaryKey({ columns: [t.agentId, t.bundleId] }), index("agent_bundles_bundle_idx").on(t.bundleId)]);

/** The platform's app catalogue, each with the JSON Schema of its configuration. */
export const apps = pgTable("apps", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  configSchema: jsonb("config_schema").$type<Record<string, unknown>>().notNull(),
});

/** An app installed in a company, with its configuration (valid against the app's schema). */
export const appInstalls = pgTable("app_installs", {
  id: serial("id").primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  appId: integer("app_id").notNull().references(() => apps.id, { onDelete: "cascade" }),
  config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
  installedAt: at("installed_at").notNull(),
}, (t) => [uniqueIndex("app_installs_company_app_idx").on(t.companyId, t.appId)]);

// Platform servers, router screensavers and backend component templates (issue 13).
// Rules: core's rules/platformServers.ts, rules/screensavers.ts, rules/backendTemplates.ts.

/** A platform server assigned to a company by a platform administrator (mdr runs templates, rsc the VPN). */
export const platformServers = pgTable("platform_servers", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  location: text("location").notNull(),
  type: text("type").$type<"mdr" | "rsc">().notNull(),
  vpnRange: text("vpn_range").notNull(),
  createdAt: createdAt(),
}, (t) => [index("platform_servers_company_idx").on(t.companyId, t.name), check("platform_servers_type", sql`${t.type} in ('mdr', 'rsc')`)]);

/** A router screensaver: a PNG the server made from the upload (never the uploaded bytes). */
export const routerScreensavers = pgTable("router_screensavers", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  png: bytea("png").notNull(),
  createdAt: createdAt(),
}, (t) => [index("router_screensavers_company_idx").on(t.companyId, t.id)]);

/** A backend component template, owned by one company. */
export const backendTemplates = pgTable("backend_templates", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
}, (t) => [index("backend_templates_company_idx").on(t.companyId, t.name)]);

/** A template shared by its owner with another company (read-only there). One share per pair. */
export const templateShares = pgTable("template_shares", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  templateId: integer("template_id").notNull().references(() => backendTemplates.id, { onDelete: "cascade" }),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
}, (t) => [uniqueIndex("template_shares_pair_idx").on(t.templateId, t.companyId), index("template_shares_company_idx").on(t.companyId)]);

/** A template's configs; the first (lowest id) is the one its runners use. */
export const templateConfigs = pgTable("template_configs", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  templateId: integer("template_id").notNull().references(() => backendTemplates.id, { onDelete: "cascade" }),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
}, (t) => [index("template_configs_template_idx").on(t.templateId, t.id)]);

/** A company's MQTT topic filter whose messages reach a template's runner of that company. */
export const messageSubscriptions = pgTable("message_subscriptions", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  templateId: integer("template_id").notNull().references(() => backendTemplates.id, { onDelete: "cascade" }),
  topic: text("topic").notNull(),
}, (t) => [index("message_subscriptions_company_idx").on(t.companyId, t.id), index("message_subscriptions_template_idx").on(t.templateId)]);

/** The log lines of the runner of (company, template), newest kept (TEMPLATE_LOG_MAX_LINES). */
export const templateLogs = pgTable("template_logs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  templateId: integer("template_id").notNull().references(() => backendTemplates.id, { onDelete: "cascade" }),
  line: text("line").notNull(),
}, (t) => [index("template_logs_runner_idx").on(t.companyId, t.templateId, t.id)]);
// Device components (issue 13): a device's service logbook and documents. The author's name is
// kept with the row so that the record still says who wrote it after the account is gone.

/** Entries of a device's service logbook (rules/serviceLogbook.ts). */
export const logbookEntries = pgTable("logbook_entries", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
  authorPublicId: text("author_public_id").notNull(),
  authorName: text("author_name").notNull(),
  text: text("text").notNull(),
  category: text("category"),
  createdAt: createdAt(),
}, (t) => [index("logbook_entries_agent_idx").on(t.agentId, t.id)]);

/**
 * Documents of a device (rules/deviceDocuments.ts). The bytes are in PostgreSQL (bytea), not
 * under the data directory: a document is then written in the same transaction as its audit
 * row, deleted with its device, backed up with the database, and served by every server process
 * on the same PostgreSQL without a shared disk. PostgreSQL keeps a large bytea out of line
 * (TOAST), so listing the metadata does not read the bytes; 10 MiB per file bounds a row.
 */
export const deviceDocuments = pgTable("device_documents", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  uploaderId: integer("uploader_id").references(() => users.id, { onDelete: "set null" }),
  uploaderPublicId: text("uploader_public_id").notNull(),
  uploaderName: text("uploader_name").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
}, (t) => [index("device_documents_agent_idx").on(t.agentId, t.id)]);
/**
 * Queued reports (issue 13; spec 3 "Report queue request"): a page version printed to PDF by a
 * worker (reports/ReportService.ts; the job itself is pg-boss's, in its own schema). The page,
 * device, asset and requester may be deleted meanwhile: the report keeps its title and what was
 * printed. The render credential (the print page's single-use authorisation) is stored as its
 * SHA-256 only, bound to this report, and cleared when used.
 */
export const reports = pgTable("reports", {
  id: serial("id").primaryKey(),
  publicId: publicId(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  pageId: integer("page_id").references(() => pages.id, { onDelete: "set null" }),
  version: text("version").$type<"draft" | "published">().notNull(),
  /** The version queued (its publicId): the report prints that version, or fails if it is gone. */
  versionPublicId: text("version_public_id").notNull(),
  title: text("title").notNull(),
  agentId: integer("agent_id").references(() => agents.id, { onDelete: "set null" }),
  assetId: integer("asset_id").references(() => assets.id, { onDelete: "set null" }),
  /** Names when queued, so the list still says what the report was for after a delete. */
  agentName: text("agent_name"),
  assetName: text("asset_name"),
  periodStart: at("period_start").notNull(),
  periodEnd: at("period_end").notNull(),
  timeZone: text("time_zone").notNull(),
  status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull(),
  failureReason: text("failure_reason"),
  requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
  renderCredentialHash: text("render_credential_hash"),
  renderCredentialExpiresAt: at("render_credential_expires_at"),
  size: integer("size"),
  createdAt: createdAt(),
  finishedAt: at("finished_at"),
  /**
   * The pg-boss job of the report, once it is queued. A queued report without one is a report
   * whose process stopped between its commit and its job: ReportService.requeueOrphans queues it.
   */
  jobId: text("job_id"),
}, (t) => [
  index("reports_company_idx").on(t.companyId, t.id),
  check("reports_status", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
]);

/**
 * Data usage (issue 12): one row per report run, written in the transaction that ends the run
 * (done or failed after the worker took it; a job the queue refused never ran and is not
 * counted). Kept apart from `reports` so that deleting a report, its page or its requester does
 * not change the usage of the past. `agentId` is the report's device or its asset's device (null
 * for a report of no device, or once the device is deleted: the run stays the company's).
 */
export const reportRuns = pgTable("report_runs", {
  id: serial("id").primaryKey(),
  companyId: integer("company_id").notNull().references(() => companies.id, { onDelete: "cascade" }),
  agentId: integer("agent_id").references(() => agents.id, { onDelete: "set null" }),
  status: text("status").$type<"done" | "failed">().notNull(),
  finishedAt: at("finished_at").notNull(),
}, (t) => [
  index("report_runs_company_idx").on(t.companyId, t.finishedAt),
  check("report_runs_status", sql`${t.status} in ('done', 'failed')`),
]);

/**
 * The PDF of a done report, in the database rather than under the data directory: every server
 * process on one PostgreSQL reads what any worker printed, a delete of the report deletes it in
 * the same transaction, and a backup of the database holds it. Kept apart from `reports` so that
 * listing reports never reads the bytes.
 */
export const reportFiles = pgTable("report_files", {
  reportId: integer("report_id").primaryKey().references(() => reports.id, { onDelete: "cascade" }),
  pdf: bytea("pdf").notNull(),
});
import { doublePrecision } from "drizzle-orm/pg-core";

/**
 * Device data points (issue 13): one row per sample, a time series without a primary key (rows are
 * only appended and pruned by age). The btree (agent_id, name, ts desc) serves a series and the
 * event log of one data point of one device; the BRIN index on ts serves the retention delete
 * (rows arrive in time order, so a BRIN range maps to a few pages at a tiny size). See
 * server/README.md "Data points" for how this scales and what to use beyond one machine.
 */
export const dataPoints = pgTable("data_points", {
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  ts: at("ts").notNull(),
  value: doublePrecision("value").notNull(),
}, (t) => [
  index("data_points_agent_name_ts_idx").on(t.agentId, t.name, t.ts.desc()),
  index("data_points_ts_brin_idx").using("brin", t.ts),
]);

/** The newest sample of each data point of a device, upserted by each ingest flush: "latest values" reads it without scanning the series. */
export const dataPointLatest = pgTable("data_point_latest", {
  agentId: integer("agent_id").notNull().references(() => agents.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  ts: at("ts").notNull(),
  value: doublePrecision("value").notNull(),
}, (t) => [primaryKey({ columns: [t.agentId, t.name] })]);
