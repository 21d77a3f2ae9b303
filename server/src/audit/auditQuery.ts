/**
 * The one SELECT of the audit trail, shared by the list and the CSV export: the company's
 * entries newest first with the names of actor, target and company joined in the same statement
 * (no query per row), narrowed by the `filters` of api.md on the indexed columns.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CursorKey, Filter } from "@portal/core/wire/query";
import type { Db } from "../db/Database";
import { auditLogs, companies, users } from "../db/schema";
import { filterConditions, keyset } from "../http/listSql";

/**
 * The table holding each topic's target by publicId, and its name column. A topic missing here
 * (an access token, a tunnel session) has no name of its own; its before/after may carry one.
 */
const NAME_SOURCES: ReadonlyArray<{ readonly table: string; readonly column: string; readonly topics: ReadonlyArray<string> }> = [
  {
    table: "users", column: "name",
    topics: ["User", "CompanyUser", "MyUser", "UserEmail", "UserPassword", "TwoFactor", "TwoFactorEnrolment", "TwoFactorBackupCodes", "PasswordResetRequest", "EmailChange"],
  },
  { table: "groups", column: "name", topics: ["Group"] },
  { table: "group_types", column: "name", topics: ["GroupType"] },
  { table: "asset_types", column: "name", topics: ["AssetType"] },
  { table: "roles", column: "name", topics: ["Role"] },
  { table: "audiences", column: "name", topics: ["Audience"] },
  { table: "translations", column: "key", topics: ["Translation"] },
  { table: "agents", column: "name", topics: ["GroupAgent", "AgentCredential", "AgentActivationEnd", "AgentMessage"] },
  { table: "invites", column: "email", topics: ["Invite", "InviteResend"] },
  { table: "companies", column: "name", topics: ["AuditRetention", "GroupTypeOrder", "AssetTypeOrder"] },
];

/**
 * The target's current name, else the name its after or before value carried (a deleted target
 * keeps the name it had). One CASE branch runs per row: a unique-index lookup, not a round trip.
 */
const targetName: SQL<string | null> = sql`coalesce(case ${sql.join(NAME_SOURCES.map((s) =>
  sql`when ${auditLogs.topic} in (${sql.join(s.topics.map((t) => sql`${t}`), sql`, `)}) then (select x.${sql.identifier(s.column)} from ${sql.identifier(s.table)} x where x.public_id = ${auditLogs.target})`), sql` `)} end,
  ${auditLogs.after}->>'name', ${auditLogs.before}->>'name', ${auditLogs.after}->'agent'->>'name', ${auditLogs.before}->'agent'->>'name',
  ${auditLogs.after}->>'email', ${auditLogs.before}->>'email')`;

/** The filterable columns (core's AUDIT_FILTER_COLUMNS plus the actor's name). */
const FILTERS = {
  action: { column: auditLogs.action, type: "text" },
  topic: { column: auditLogs.topic, type: "text" },
  target: { column: auditLogs.target, type: "text" },
  "actor.publicId": { column: users.publicId, type: "text" },
  "actor.name": { column: users.name, type: "text" },
  createdOn: { column: auditLogs.createdAt, type: "time" },
} as const;

export interface AuditRow {
  readonly id: number;
  readonly publicId: string;
  readonly action: typeof auditLogs.$inferSelect.action;
  readonly topic: string;
  readonly target: string;
  readonly targetName: string | null;
  readonly before: unknown;
  readonly after: unknown;
  readonly clientAddress: string | null;
  readonly createdAt: Date;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly companyId: string | null;
  readonly companyName: string | null;
}

/**
 * Up to `limit` entries of the company after `cursor` (keyset on id, newest first) that pass the
 * filters. InvalidInput (a 400) for an unknown filter column, a bad value or a bad cursor.
 */
export async function selectAuditRows(db: Db, companyId: number, filters: ReadonlyArray<Filter>, cursor: CursorKey | undefined, limit: number): Promise<AuditRow[]> {
  const { after, orderBy } = keyset([auditLogs.id], cursor, "desc");
  const where: SQL[] = [eq(auditLogs.companyId, companyId), ...filterConditions(filters, FILTERS)];
  if (after) where.push(after);
  return db.select({
    id: auditLogs.id, publicId: auditLogs.publicId, action: auditLogs.action, topic: auditLogs.topic, target: auditLogs.target,
    targetName, before: auditLogs.before, after: auditLogs.after, clientAddress: auditLogs.clientAddress, createdAt: auditLogs.createdAt,
    actorId: users.publicId, actorName: users.name, companyId: companies.publicId, companyName: companies.name,
  }).from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorUserId))
    .leftJoin(companies, eq(companies.id, auditLogs.companyId))
    .where(and(...where)).orderBy(...orderBy).limit(limit);
}
