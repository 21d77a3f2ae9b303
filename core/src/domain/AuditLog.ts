/** An audit-trail entry (api.md): actor, action, topic, target, before and after, address, time. */
import { Schema } from "effect";

export const AUDIT_ACTIONS = ["CREATE", "UPDATE", "DELETE", "TRIGGER"] as const;
export const AuditAction = Schema.Literals(AUDIT_ACTIONS);
export type AuditAction = typeof AuditAction.Type;

const NamedRef = Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) });

export const AuditLogEntry = Schema.Struct({
  publicId: Schema.String,
  action: AuditAction,
  /** The kind of target, e.g. "GroupType". */
  topic: Schema.String,
  /** The target's publicId. */
  target: Schema.String,
  /** The target's name now, else the name its after or before value carried; absent when it has none. */
  targetName: Schema.optional(Schema.NullOr(Schema.String)),
  actor: Schema.optional(Schema.NullOr(NamedRef)),
  /** The company the entry belongs to (the selected one). */
  company: Schema.optional(Schema.NullOr(NamedRef)),
  before: Schema.optional(Schema.Unknown),
  after: Schema.optional(Schema.Unknown),
  clientAddress: Schema.optional(Schema.NullOr(Schema.String)),
  /** UTC ISO instant. */
  createdOn: Schema.String,
});
export type AuditLogEntry = typeof AuditLogEntry.Type;

/** Fewest and most days a company may keep its audit trail (about ten years at most). */
export const AUDIT_RETENTION_MIN_DAYS = 1;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

/**
 * How long the company keeps audit entries: `days` (entries older are deleted by the server's
 * retention job), or null to keep them for good (the default).
 */
export const AuditRetention = Schema.Struct({
  days: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: AUDIT_RETENTION_MIN_DAYS, maximum: AUDIT_RETENTION_MAX_DAYS }))),
});
export type AuditRetention = typeof AuditRetention.Type;

/** The columns of the audit trail's CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  "time", "actor", "actorId", "action", "topic", "target", "targetId", "company", "changes", "before", "after", "clientAddress", "entryId",
] as const;

/** The filterable columns of the audit list and export (`filters` of api.md). */
export const AUDIT_FILTER_COLUMNS = ["action", "topic", "target", "actor.publicId", "createdOn"] as const;
