/**
 * How an audit-trail entry reads on screen: its time in the browser's locale, who did it, the
 * colour of its action, and before/after as indented JSON. Presentation only; the entries and
 * their order are the server's.
 */
import type { Intent } from "@blueprintjs/core";
import type { AuditAction, AuditLogEntry } from "@portal/core/domain/AuditLog";

// undefined locale: the browser's own, as the time column promises.
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** The entry's time in the browser's locale and time zone; the raw text if it is not a time. */
export function formatAuditTime(createdOn: string): string {
  const ms = Date.parse(createdOn);
  return Number.isNaN(ms) ? createdOn : TIME_FORMAT.format(ms);
}

/** The actor's name, else their publicId; entries without a user (a deleted one) read "Unknown". */
export function actorLabel(entry: AuditLogEntry): string {
  return entry.actor?.name ?? entry.actor?.publicId ?? "Unknown";
}

export const ACTION_INTENT: Readonly<Record<AuditAction, Intent>> = {
  CREATE: "success",
  UPDATE: "primary",
  DELETE: "danger",
  TRIGGER: "warning",
};

/** A before or after value as indented JSON; null when there is none (before a CREATE, after a DELETE). */
export function formatState(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, null, 2);
}

/** The target's name, else its publicId (a target without a name, e.g. an access token). */
export function targetLabel(entry: AuditLogEntry): string {
  return entry.targetName ?? entry.target;
}
