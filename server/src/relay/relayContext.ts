/** What a relay link needs from the relay that owns it (kept apart to avoid an import cycle). */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Mux } from "@portal/adapters/tunnel/Mux";
import type { Database, Db } from "../db/Database";
import type { Clock } from "../http/Clock";
import type { SessionLog } from "./sessions";

export interface RelayContext {
  readonly database: Database;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** This process's name among the relay's processes. */
  readonly node: string;
  /** The host name shown as the VPN's server name. */
  readonly serverName: string;
  /** Where session starts and ends are recorded (in batches, off the connection path). */
  readonly sessions: SessionLog;
  /** The link that reaches the agent: its own (this process) or a peer process's; null when not linked anywhere. */
  agentMux(agentId: number): Promise<{ mux: Mux; viaPeer: boolean } | null>;
}

/** The database channel of relay notices between processes (revocations, disconnects, rotations). */
export const RELAY_CHANNEL = "portal_relay";

/**
 * Sends a relay notice (the JSON of Relay's RelayNotice) to every relay process at commit of `tx`:
 * never for a change that is rolled back, never lost for one that commits.
 */
export async function noticeAtCommit(tx: Db, notice: Readonly<Record<string, unknown>> & { readonly type: string }): Promise<void> {
  await tx.execute(sql`select pg_notify(${RELAY_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Tells every relay process, at commit of `tx`, that a member's rights in the company changed (role,
 * temporary access, removal): their live tunnels there are checked again at once, so that an access
 * cut short ends now and not only at the next periodic check.
 */
export async function noticeMemberChanged(tx: Db, userId: number, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${RELAY_CHANNEL}, ${JSON.stringify({ type: "member", userId, companyId })})`);
}

/**
 * Tells every relay process, at commit of `tx`, that rights in the whole company may have changed
 * (a role's rights, a group's members or devices, a group's removal): every live tunnel of the
 * company is checked again at once, so a right taken away ends its tunnels now.
 */
export async function noticeCompanyRightsChanged(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${RELAY_CHANNEL}, ${JSON.stringify({ type: "company", companyId })})`);
}
