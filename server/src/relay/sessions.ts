/**
 * Sessions through the relay: a row per stream (who, which device and service, when, bytes each
 * way, why it ended) and an audit entry when it starts and when it ends (topic TunnelSession).
 * An administrator's Disconnect writes the end first; the stream's own end then keeps that reason.
 *
 * The records are written off the connection path, in batches (SessionLog): a stream's first
 * bytes never wait on the database, and many short connections cost one transaction per batch
 * instead of two each (the session writes of the connections before it slowed every new one).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { writeAuditRows, type AuditRow } from "../audit/writeAudit";
import { rowsOf, type Db } from "../db/Database";
import { tunnelSessions } from "../db/schema";
import { newPublicId } from "../ids";

export const SESSION_AUDIT_TOPIC = "TunnelSession";

/**
 * How long a session's start or end waits to be written with others. The Active sessions view and
 * the audit trail show a session that much later; its stream runs from the start.
 */
export const SESSION_WRITE_DELAY_MS = 200;

export interface SessionStart {
  readonly companyId: number;
  readonly userId: number;
  readonly agentId: number;
  readonly serverId: number;
  readonly node: string;
  readonly clientAddress: string | null;
  /** For the audit entry: names as people read them. */
  readonly names: { readonly user: string; readonly agent: string; readonly service: string };
}

export interface SessionEnd {
  readonly reason: string;
  readonly bytesToDevice: number;
  readonly bytesFromDevice: number;
}

/**
 * Queues session starts and ends and writes them together, at most SESSION_WRITE_DELAY_MS after the
 * first of a batch: one transaction with one statement each for the rows started, the rows ended
 * and their audit entries. Batches are written one after the other, so an end never overtakes its
 * start. A batch that fails is logged and dropped (as a single write that failed was before).
 */
export class SessionLog {
  private starts: Array<{ readonly publicId: string; readonly start: SessionStart; readonly at: Date }> = [];
  private ends: Array<{ readonly publicId: string; readonly end: SessionEnd; readonly at: Date }> = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly onError: (e: unknown) => void, private readonly delayMs = SESSION_WRITE_DELAY_MS) {}

  /** Records a new session (written with the next batch); returns its publicId at once. */
  started(start: SessionStart, now: number): string {
    const publicId = newPublicId();
    this.starts.push({ publicId, start, at: new Date(now) });
    this.schedule();
    return publicId;
  }

  /** Records the end of a session started here. */
  ended(publicId: string, end: SessionEnd, now: number): void {
    this.ends.push({ publicId, end, at: new Date(now) });
    this.schedule();
  }

  /** Writes what is queued now; resolves once it and every batch before it are written (or failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const starts = this.starts;
    const ends = this.ends;
    this.starts = [];
    this.ends = [];
    if (starts.length > 0 || ends.length > 0) {
      this.writing = this.writing.then(() => writeBatch(this.db, starts, ends)).catch((e: unknown) => this.onError(e));
    }
    return this.writing;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }
}

async function writeBatch(
  db: Db,
  starts: ReadonlyArray<{ readonly publicId: string; readonly start: SessionStart; readonly at: Date }>,
  ends: ReadonlyArray<{ readonly publicId: string; readonly end: SessionEnd; readonly at: Date }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const audit: AuditRow[] = [];
    if (starts.length > 0) {
      await tx.insert(tunnelSessions).values(starts.map(({ publicId, start: s, at }) => ({
        publicId, companyId: s.companyId, userId: s.userId, agentId: s.agentId, serverId: s.serverId, node: s.node, startedAt: at,
      })));
      for (const { publicId, start: s, at } of starts) {
        audit.push({
          actor: { userId: s.userId, companyId: s.companyId, clientAddress: s.clientAddress, at },
          action: "CREATE", topic: SESSION_AUDIT_TOPIC, target: publicId, before: null,
          after: { user: s.names.user, device: s.names.agent, service: s.names.service, start: at.toISOString() },
        });
      }
    }
    if (ends.length > 0) {
      // Each end as its own row of one UPDATE; a reason already written (Disconnect) is kept.
      const values = ends.map(({ publicId, end, at }) => ({
        public_id: publicId, ended_at: at.toISOString(), reason: end.reason, to_device: end.bytesToDevice, from_device: end.bytesFromDevice,
      }));
      const rows = rowsOf<{ public_id: string; user_id: number; company_id: number; ended_at: string | Date; end_reason: string | null }>(await tx.execute(sql`
        update tunnel_sessions t set
          ended_at = coalesce(t.ended_at, x.ended_at), end_reason = coalesce(t.end_reason, x.reason),
          bytes_to_device = x.to_device, bytes_from_device = x.from_device
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as x(public_id text, ended_at timestamptz, reason text, to_device bigint, from_device bigint)
        where t.public_id = x.public_id
        returning t.public_id, t.user_id, t.company_id, t.ended_at, t.end_reason`));
      const byId = new Map(ends.map((e) => [e.publicId, e]));
      for (const row of rows) {
        const { end, at } = byId.get(row.public_id)!;
        audit.push({
          actor: { userId: row.user_id, companyId: row.company_id, clientAddress: null, at },
          action: "UPDATE", topic: SESSION_AUDIT_TOPIC, target: row.public_id, before: null,
          after: { end: new Date(row.ended_at).toISOString(), reason: row.end_reason, bytesToDevice: end.bytesToDevice, bytesFromDevice: end.bytesFromDevice },
        });
      }
    }
    await writeAuditRows(tx, audit);
  });
}

/** Marks a live session disconnected by an administrator; false when it had already ended. */
export async function markDisconnected(db: Db, sessionId: number, now: number): Promise<boolean> {
  const rows = await db.update(tunnelSessions).set({ endedAt: new Date(now), endReason: "disconnected" })
    .where(and(eq(tunnelSessions.id, sessionId), isNull(tunnelSessions.endedAt))).returning({ id: tunnelSessions.id });
  return rows.length > 0;
}

/** Sessions a process left open when it stopped without closing them (a crash) end as "server-stopped". */
export async function endOrphanedSessions(db: Db, node: string, now: number): Promise<void> {
  await db.update(tunnelSessions).set({ endedAt: new Date(now), endReason: "server-stopped" })
    .where(and(eq(tunnelSessions.node, node), isNull(tunnelSessions.endedAt)));
}
