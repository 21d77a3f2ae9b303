/**
 * Messages the portal owes a device agent (issue 12: a trial that ran out), an outbox in the
 * database. A message is made once per event (its dedupe key, like the notices'), sent on the
 * agent's relay link by the process holding it, and kept until the agent acknowledges it; an
 * agent offline at the time is told when it links again. The acknowledgement is audited once.
 *
 * Wire (relay NOTICE frames, stream 0): portal to agent `{ type: "message", key, body }`, agent
 * to portal `{ type: "message-ack", key }`. The agent acts on a key once and acknowledges every
 * copy, so a message resent after a lost link or by a second process is harmless.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agentMessages, agents } from "../db/schema";

/** What the agent is told when a trial of one of its features ran out. */
export interface TrialEndedBody {
  readonly kind: "trial-ended";
  readonly feature: string;
  readonly expiresOn: string;
}

export interface OwedMessage {
  readonly key: string;
  readonly body: Record<string, unknown>;
}

/** Owes the agent a message once per key; true when this call made it (false: it existed). */
export async function oweAgentMessage(tx: Db, agentId: number, key: string, body: Record<string, unknown>, at: Date): Promise<boolean> {
  const made = await tx.insert(agentMessages).values({ agentId, dedupeKey: key, body, createdAt: at })
    .onConflictDoNothing({ target: agentMessages.dedupeKey }).returning({ id: agentMessages.id });
  return made.length > 0;
}

/** The messages the agent has not acknowledged yet, oldest first. */
export async function owedMessages(db: Db, agentId: number): Promise<OwedMessage[]> {
  const rows = await db.select({ key: agentMessages.dedupeKey, body: agentMessages.body }).from(agentMessages)
    .where(and(eq(agentMessages.agentId, agentId), isNull(agentMessages.deliveredAt))).orderBy(asc(agentMessages.id));
  return rows;
}

/** Agents per statement of agentsOwed: a process may hold tens of thousands of links. */
const OWED_CHUNK = 5000;

/** Of these agents, the ones owed at least one message (the partial index on pending rows answers). */
export async function agentsOwed(db: Db, agentIds: ReadonlyArray<number>): Promise<number[]> {
  const owed: number[] = [];
  for (let i = 0; i < agentIds.length; i += OWED_CHUNK) {
    const ids = agentIds.slice(i, i + OWED_CHUNK);
    const rows = await db.selectDistinct({ agentId: agentMessages.agentId }).from(agentMessages)
      .where(and(isNull(agentMessages.deliveredAt), inArray(agentMessages.agentId, ids)));
    owed.push(...rows.map((r) => r.agentId));
  }
  return owed;
}

/**
 * Records the agent's acknowledgement of `key` (only its own messages): the first one marks the
 * message delivered and writes the audit entry (TRIGGER by the system, AgentMessage); a repeated
 * one changes nothing. True when this call recorded it.
 */
export async function acknowledgeAgentMessage(db: Db, agentId: number, key: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(agentMessages).set({ deliveredAt: at })
      .where(and(eq(agentMessages.agentId, agentId), eq(agentMessages.dedupeKey, key), isNull(agentMessages.deliveredAt)))
      .returning({ body: agentMessages.body, createdAt: agentMessages.createdAt });
    if (!row) return false;
    const [agent] = await tx.select({ publicId: agents.publicId, companyId: agents.companyId }).from(agents).where(eq(agents.id, agentId));
    if (!agent) return false;
    await writeAudit(tx, { userId: null, companyId: agent.companyId, clientAddress: null, at }, [{
      action: "TRIGGER", topic: "AgentMessage", target: agent.publicId,
      after: { ...row.body, madeOn: row.createdAt.toISOString(), deliveredOn: at.toISOString() },
    }]);
    return true;
  });
}

/** A relay link's sending side, as far as messages go. */
export interface MessageLink {
  readonly agentId: number;
  readonly mux: { readonly closed: boolean; notice(value: unknown): void };
  /** Keys sent on this link: a message is sent once per link, resent only on a new link. */
  readonly sent: Set<string>;
}

/** Sends the agent every owed message not yet sent on this link; returns how many it sent. */
export async function sendOwedMessages(db: Db, link: MessageLink): Promise<number> {
  const owed = await owedMessages(db, link.agentId);
  let sent = 0;
  for (const m of owed) {
    // Two triggers at once (a link and a job's notice) read the same rows: the set decides.
    if (link.mux.closed || link.sent.has(m.key)) continue;
    link.sent.add(m.key);
    link.mux.notice({ type: "message", key: m.key, body: m.body });
    sent++;
  }
  return sent;
}

/** The key of an agent's `{ type: "message-ack", key }` notice; null for any other notice. */
export function ackedKey(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, key } = value as { type?: unknown; key?: unknown };
  return type === "message-ack" && typeof key === "string" && key.length > 0 && key.length <= 200 ? key : null;
}
