/**
 * Sessions through the relay: a row per stream (who, which device and service, when, bytes each
 * way, why it ended) and an audit entry when it starts and when it ends (topic TunnelSession).
 * An administrator's Disconnect writes the end first; the stream's own end then keeps that reason.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { tunnelSessions } from "../db/schema";
import { newPublicId } from "../ids";

export const SESSION_AUDIT_TOPIC = "TunnelSession";

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

/** Writes the row and the audit entry of a new session; returns its publicId. */
export async function startSession(db: Db, s: SessionStart, now: number): Promise<string> {
  const publicId = newPublicId();
  await db.transaction(async (tx) => {
    await tx.insert(tunnelSessions).values({
      publicId, companyId: s.companyId, userId: s.userId, agentId: s.agentId, serverId: s.serverId, node: s.node, startedAt: new Date(now),
    });
    await writeAudit(tx, { userId: s.userId, companyId: s.companyId, clientAddress: s.clientAddress, at: new Date(now) }, [{
      action: "CREATE", topic: SESSION_AUDIT_TOPIC, target: publicId, before: null,
      after: { user: s.names.user, device: s.names.agent, service: s.names.service, start: new Date(now).toISOString() },
    }]);
  });
  return publicId;
}

/** Ends a session with its byte counts; a reason already written (Disconnect) is kept. */
export async function endSession(db: Db, publicId: string, end: { reason: string; bytesToDevice: number; bytesFromDevice: number }, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(tunnelSessions).set({
      endedAt: sql`coalesce(${tunnelSessions.endedAt}, ${new Date(now).toISOString()}::timestamptz)`,
      endReason: sql`coalesce(${tunnelSessions.endReason}, ${end.reason})`,
      bytesToDevice: end.bytesToDevice, bytesFromDevice: end.bytesFromDevice,
    }).where(eq(tunnelSessions.publicId, publicId)).returning();
    if (!row) return;
    await writeAudit(tx, { userId: row.userId, companyId: row.companyId, clientAddress: null, at: new Date(now) }, [{
      action: "UPDATE", topic: SESSION_AUDIT_TOPIC, target: publicId, before: null,
      after: { end: row.endedAt?.toISOString(), reason: row.endReason, bytesToDevice: end.bytesToDevice, bytesFromDevice: end.bytesFromDevice },
    }]);
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
