/**
 * The audit trail: every mutation writes one row per target, inside the mutation's own
 * transaction, so a rolled-back change leaves no audit row and a committed one always has it.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/Database";
import { newPublicId } from "../ids";

export type AuditAction = "CREATE" | "UPDATE" | "DELETE" | "TRIGGER";

/** Who did it, where from and when: the same for every entry of one request. */
export interface AuditActor {
  readonly userId: number | null;
  readonly companyId: number | null;
  readonly clientAddress: string | null;
  readonly at: Date;
}

export interface AuditEntry {
  readonly action: AuditAction;
  /** The kind of target, e.g. "GroupType". */
  readonly topic: string;
  /** The target's publicId. */
  readonly target: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/**
 * Rows per statement: large batches (a 10,000-key upsert) go in a few statements, not 10,000,
 * and each is small enough not to hold the event loop long (PGlite runs it on this thread).
 */
const CHUNK = 250;

/** Longest text kept whole in a before/after value; a longer one keeps its start and a digest. */
export const AUDIT_TEXT_MAX_CHARS = 1000;
/** Largest before/after value kept (in characters of its texts and keys); a bigger one becomes a digest. */
export const AUDIT_VALUE_MAX_CHARS = 16_000;

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** A text cut to its first characters, with its length and digest (so equal values still compare equal). */
const boundText = (text: string): string =>
  text.length <= AUDIT_TEXT_MAX_CHARS ? text
    : `${text.slice(0, 200)}… [${text.length} characters, sha256 ${sha256(text)}]`;

/**
 * The value an audit row keeps of `before` or `after`: every long text cut by boundText and,
 * when the whole is still above AUDIT_VALUE_MAX_CHARS, a digest in its place. One oversized
 * value must not make the audit trail (and every page of it) heavy for good.
 */
export function boundAuditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  // Most values are small plain data with short texts: kept as they are, without a copy (a
  // 10,000-item bulk call copied 13 MB of audit values it then serialised unchanged).
  if (withinBounds(value)) return value;
  let size = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const b = boundText(v);
      size += b.length;
      return b;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        size += k.length;
        out[boundText(k)] = walk(x);
      }
      return out;
    }
    size += 8;
    return v;
  };
  const bounded = walk(value);
  if (size <= AUDIT_VALUE_MAX_CHARS) return bounded;
  const json = JSON.stringify(value);
  return { truncated: true, characters: json.length, sha256: sha256(json) };
}

/**
 * Whether boundAuditValue would keep `value` unchanged: plain objects, arrays and primitives only,
 * no text (key or value) above AUDIT_TEXT_MAX_CHARS, and in all at most AUDIT_VALUE_MAX_CHARS,
 * counted as boundAuditValue counts. Allocates nothing but its stack.
 */
function withinBounds(value: unknown): boolean {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === "string") {
      if (v.length > AUDIT_TEXT_MAX_CHARS) return false;
      size += v.length;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) pending.push(v[i]);
    } else if (typeof v === "object" && v !== null) {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in v) {
        if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
        if (k.length > AUDIT_TEXT_MAX_CHARS) return false;
        size += k.length;
        pending.push((v as Record<string, unknown>)[k]);
      }
    } else {
      size += 8;
    }
    if (size > AUDIT_VALUE_MAX_CHARS) return false;
  }
  return true;
}

/**
 * Writes the entries with `tx` (pass the mutation's transaction). The rows travel as one JSON
 * parameter per chunk, which both drivers handle and which keeps bulk writes to a few statements.
 */
export async function writeAudit(tx: Db, actor: AuditActor, entries: ReadonlyArray<AuditEntry>): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    // Other requests get a turn between statements.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const rows = entries.slice(i, i + CHUNK).map((e) => ({
      public_id: newPublicId(), action: e.action, topic: e.topic, target: e.target,
      before: boundAuditValue(e.before), after: boundAuditValue(e.after),
    }));
    await tx.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select x.public_id, ${actor.companyId}::int, ${actor.userId}::int, x.action, x.topic, x.target, x.before, x.after,
             ${actor.clientAddress}::text, ${actor.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(public_id text, action text, topic text, target text, before jsonb, after jsonb)`);
  }
}

/** An entry with its own actor: for writes gathered from many requests (relay sessions, sessions.ts). */
export interface AuditRow extends AuditEntry {
  readonly actor: AuditActor;
}

/** Writes entries that each carry their actor with `tx`, a chunk per statement as writeAudit does. */
export async function writeAuditRows(tx: Db, entries: ReadonlyArray<AuditRow>): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const rows = entries.slice(i, i + CHUNK).map((e) => ({
      public_id: newPublicId(), company_id: e.actor.companyId, actor_user_id: e.actor.userId, action: e.action, topic: e.topic, target: e.target,
      before: boundAuditValue(e.before), after: boundAuditValue(e.after), client_address: e.actor.clientAddress, created_at: e.actor.at.toISOString(),
    }));
    await tx.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select x.public_id, x.company_id, x.actor_user_id, x.action, x.topic, x.target, x.before, x.after, x.client_address, x.created_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(public_id text, company_id int, actor_user_id int, action text, topic text, target text, before jsonb, after jsonb,
             client_address text, created_at timestamptz)`);
  }
}
