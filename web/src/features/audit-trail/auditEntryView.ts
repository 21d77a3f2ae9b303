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

/**
 * The top-level fields whose value differs between before and after, in the order they first
 * appear; empty unless both are objects (a CREATE or DELETE has only one side).
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
