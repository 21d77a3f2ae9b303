/**
 * The readable difference between an audit entry's before and after (issue 12: "before/after
 * shown as a readable diff"): one line per top-level field that differs, `field: old -> new`.
 * A CREATE has no before and a DELETE no after; both read as an empty object, so a CREATE lists
 * every field as added and a DELETE every field as removed. Values that are not objects (or are
 * arrays) are compared as one field named "value".
 */

/** One changed field: absent on a side means the field did not exist there. */
export interface AuditFieldChange {
  readonly field: string;
  readonly kind: "added" | "removed" | "changed";
  readonly before?: unknown;
  readonly after?: unknown;
}

type Fields = Readonly<Record<string, unknown>>;

const isRecord = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);

const asFields = (v: unknown): Fields => (v === undefined || v === null ? {} : isRecord(v) ? v : { value: v });

/** Structural equality of JSON values, independent of key order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The fields whose values differ between `before` and `after`, in the order they first appear
 * (before's keys, then after's new ones). Guarantees: a field whose value is equal on both sides
 * is never listed; `applyAuditDiff(before, auditDiff(before, after))` equals `after` for flat
 * objects; the diff of a value with itself is empty. Never throws.
 */
export function auditDiff(before: unknown, after: unknown): ReadonlyArray<AuditFieldChange> {
  const b = asFields(before);
  const a = asFields(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const out: AuditFieldChange[] = [];
  for (const field of keys) {
    const inB = Object.hasOwn(b, field);
    const inA = Object.hasOwn(a, field);
    if (inB && inA) {
      if (!jsonEqual(b[field], a[field])) out.push({ field, kind: "changed", before: b[field], after: a[field] });
    } else if (inA) out.push({ field, kind: "added", after: a[field] });
    else out.push({ field, kind: "removed", before: b[field] });
  }
  return out;
}

/** `before` with the diff applied: added and changed fields set, removed ones dropped. */
export function applyAuditDiff(before: unknown, diff: ReadonlyArray<AuditFieldChange>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...asFields(before) };
  for (const c of diff) {
    if (c.kind === "removed") delete out[c.field];
    else out[c.field] = c.after;
  }
  return out;
}

/** Longest value text shown in a diff line; the full value stays in the entry's JSON. */
export const AUDIT_DIFF_VALUE_MAX = 120;

/** A value as one short line: text as is, anything else as JSON, cut at AUDIT_DIFF_VALUE_MAX. */
export function formatAuditValue(value: unknown): string {
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  return text.length <= AUDIT_DIFF_VALUE_MAX ? text : `${text.slice(0, AUDIT_DIFF_VALUE_MAX - 1)}…`;
}

/** A change as one line: `field: old -> new`, with "(none)" for the missing side. */
export function formatAuditChange(c: AuditFieldChange): string {
  const side = (present: boolean, v: unknown) => (present ? formatAuditValue(v) : "(none)");
  return `${c.field}: ${side(c.kind !== "added", c.before)} -> ${side(c.kind !== "removed", c.after)}`;
}
