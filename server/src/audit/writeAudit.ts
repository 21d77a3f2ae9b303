/**
 * The audit trail: every mutation writes one row per target, inside the mutation's own
 * transaction, so a rolled-back change leaves no audit row and a committed one always has it.
 */
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

/** Rows per statement: large batches (a 10,000-key upsert) go in a few statements, not 10,000. */
const CHUNK = 5000;

/**
 * Writes the entries with `tx` (pass the mutation's transaction). The rows travel as one JSON
 * parameter per chunk, which both drivers handle and which keeps bulk writes to a few statements.
 */
export async function writeAudit(tx: Db, actor: AuditActor, entries: ReadonlyArray<AuditEntry>): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const rows = entries.slice(i, i + CHUNK).map((e) => ({
      public_id: newPublicId(), action: e.action, topic: e.topic, target: e.target,
      before: e.before ?? null, after: e.after ?? null,
    }));
    await tx.execute(sql`
      insert into audit_logs (public_id, company_id, actor_user_id, action, topic, target, before, after, client_address, created_at)
      select x.public_id, ${actor.companyId}::int, ${actor.userId}::int, x.action, x.topic, x.target, x.before, x.after,
             ${actor.clientAddress}::text, ${actor.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(public_id text, action text, topic text, target text, before jsonb, after jsonb)`);
  }
}
