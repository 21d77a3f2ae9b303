/** An audit-trail entry (api.md): actor, action, topic, target, before and after, address, time. */
import { Schema } from "effect";

export const AUDIT_ACTIONS = ["CREATE", "UPDATE", "DELETE", "TRIGGER"] as const;
export const AuditAction = Schema.Literals(AUDIT_ACTIONS);
export type AuditAction = typeof AuditAction.Type;

export const AuditLogEntry = Schema.Struct({
  publicId: Schema.String,
  action: AuditAction,
  /** The kind of target, e.g. "GroupType". */
  topic: Schema.String,
  /** The target's publicId. */
  target: Schema.String,
  actor: Schema.optional(Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) }))),
  before: Schema.optional(Schema.Unknown),
  after: Schema.optional(Schema.Unknown),
  clientAddress: Schema.optional(Schema.NullOr(Schema.String)),
  /** UTC ISO instant. */
  createdOn: Schema.String,
});
export type AuditLogEntry = typeof AuditLogEntry.Type;
