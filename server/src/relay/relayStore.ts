/**
 * What the relay reads and writes in the database: agent credentials (SHA-256 of a 32-byte
 * secret, compared in constant time), single-use tickets and resume tokens (consumed by one
 * conditional UPDATE, so two processes cannot both use one), and a user's access to one service
 * of an agent now (core's serviceAccess over the stored requests and rights).
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { VPN_TICKET_TTL_MS } from "@portal/core/constants";
import type { AccessRequestStatus } from "@portal/core/domain/AccessRequest";
import type { Right } from "@portal/core/domain/Right";
import { bypassesApprovalWith, rightsOnDevice } from "@portal/core/rules/deviceRights";
import { serviceAccess, type ServiceAccess } from "@portal/core/rules/tunnelAccess";
import type { GrantingRequest } from "@portal/core/rules/connectPermission";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { accessAt, untilWithin } from "@portal/core/rules/temporaryAccess";
import { hashSecret, newSecret } from "../auth/secrets";
import { rowsOf, type Db } from "../db/Database";
import { agentCredentials, agentServers, agents, memberships, roles, tunnelTokens } from "../db/schema";
import { groupGrantsOf } from "../devices/deviceAccess";

/** How long a resume token lets a lost client link come back. */
export const RESUME_TTL_MS = 10 * 60_000;

export type AgentRow = typeof agents.$inferSelect;
export type ServerRow = typeof agentServers.$inferSelect;

/** A new credential for the agent; the previous one stops working. Returns the secret (shown once). */
export async function rotateAgentCredential(db: Db, agentId: number, now: number): Promise<string> {
  const secret = newSecret();
  await db.insert(agentCredentials).values({ agentId, secretHash: hashSecret(secret), rotatedAt: new Date(now) })
    .onConflictDoUpdate({ target: agentCredentials.agentId, set: { secretHash: hashSecret(secret), rotatedAt: new Date(now) } });
  return secret;
}

/** The agent whose credential `secret` is, or null (unknown agent, no credential, wrong secret). */
export async function verifyAgentCredential(db: Db, agentPublicId: string, secret: string): Promise<AgentRow | null> {
  const [row] = await db.select({ agent: agents, hash: agentCredentials.secretHash }).from(agents)
    .innerJoin(agentCredentials, eq(agentCredentials.agentId, agents.id)).where(eq(agents.publicId, agentPublicId));
  if (!row) return null;
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(row.hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored) ? row.agent : null;
}

/** The secret hash now on record for the agent (a link checks it is still current). */
export async function credentialHashOf(db: Db, agentId: number): Promise<string | null> {
  const [row] = await db.select({ hash: agentCredentials.secretHash }).from(agentCredentials).where(eq(agentCredentials.agentId, agentId));
  return row?.hash ?? null;
}

export interface TokenOwner {
  readonly userId: number;
  readonly companyId: number;
  readonly agentId: number;
}

/** Stores a new single-use token of `kind` for the owner; returns it (only its hash is kept). */
export async function issueToken(db: Db, kind: "ticket" | "resume", owner: TokenOwner, now: number): Promise<{ token: string; expiresAt: number }> {
  const token = newSecret();
  const expiresAt = now + (kind === "ticket" ? VPN_TICKET_TTL_MS : RESUME_TTL_MS);
  await db.insert(tunnelTokens).values({ tokenHash: hashSecret(token), kind, ...owner, expiresAt: new Date(expiresAt) });
  // Spent and run-out tokens are of no use: keep the table small.
  await db.delete(tunnelTokens).where(lt(tunnelTokens.expiresAt, new Date(now - RESUME_TTL_MS)));
  return { token, expiresAt };
}

/**
 * Consumes a token of `kind`: exactly one caller gets its owner, and only while it is unused and
 * unexpired. A forged, replayed or expired token gives null.
 */
export async function consumeToken(db: Db, kind: "ticket" | "resume", token: string, now: number): Promise<TokenOwner | null> {
  const [row] = await db.update(tunnelTokens).set({ usedAt: new Date(now) })
    .where(and(eq(tunnelTokens.tokenHash, hashSecret(token)), eq(tunnelTokens.kind, kind), isNull(tunnelTokens.usedAt), gt(tunnelTokens.expiresAt, new Date(now))))
    .returning({ userId: tunnelTokens.userId, companyId: tunnelTokens.companyId, agentId: tunnelTokens.agentId });
  return row ?? null;
}

/** Whether the user may still use the device at all: a member holding a device right on it. */
export interface UserOnAgent {
  readonly member: boolean;
  readonly rights: ReadonlySet<string>;
  /** When the user's temporary access ends (epoch ms); null when permanent. */
  readonly endsAt: number | null;
}

const DEVICE_RIGHTS: ReadonlyArray<Right> = ["use:access-requests", "approve:access-requests", "manage:access-requests"];

/**
 * The user's rights on the agent at `now`: company role plus group roles on the agent's groups
 * (and those above them), as core's accessAt counts them: an ended temporary access grants nothing.
 */
export async function userOnAgent(db: Db, userId: number, companyId: number, agentId: number, now: number): Promise<UserOnAgent> {
  // Independent reads: in parallel on PostgreSQL's pool (PGlite runs them one after another).
  const [held, grants, groupRows] = await Promise.all([
    db.select({ rights: roles.rights, expiresOn: memberships.expiresOn }).from(memberships).innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId))),
    groupGrantsOf(db, userId, companyId),
    db.execute(sql`select g.public_id from agent_groups ag join groups g on g.id = ag.group_id where ag.agent_id = ${agentId}`),
  ]);
  const access = accessAt(held.map((m) => ({ rights: m.rights, expiresOn: m.expiresOn?.getTime() ?? null })), grants, now);
  const groupIds = rowsOf<{ public_id: string }>(groupRows).map((r) => r.public_id);
  const rights = rightsOnDevice(access.companyRights, access.grants, groupIds);
  return { member: access.member && DEVICE_RIGHTS.some((r) => rights.has(r)), rights, endsAt: access.endsAt };
}

/** The user's approved requests on the agent that have not ended, as core's GrantingRequest. */
export async function grantingRequests(db: Db, userId: number, agentId: number, now: number): Promise<GrantingRequest[]> {
  const requests = rowsOf<{ status: AccessRequestStatus; start_ms: string | number; end_ms: string | number; vpn: boolean; servers: string[] | null }>(await db.execute(sql`
    select r.status, (extract(epoch from r.start) * 1000)::float8 as start_ms, (extract(epoch from r."end") * 1000)::float8 as end_ms, r.vpn,
      (select json_agg(s.public_id) from access_request_servers rs join agent_servers s on s.id = rs.server_id where rs.request_id = r.id) as servers
    from access_requests r where r.agent_id = ${agentId} and r.requester_id = ${userId} and r.status = 'approved' and r."end" > ${new Date(now).toISOString()}::timestamptz`));
  return requests.map((r) => ({
    status: r.status, start: toUtcIsoSeconds(Number(r.start_ms)), end: toUtcIsoSeconds(Number(r.end_ms)), vpn: r.vpn,
    servers: (r.servers ?? []).map((publicId) => ({ publicId })),
  }));
}

/** The user's access to one server of the agent at `now` (core's serviceAccess). */
export async function accessToService(db: Db, owner: TokenOwner, agent: AgentRow, server: ServerRow, now: number): Promise<ServiceAccess> {
  const [who, requests] = await Promise.all([userOnAgent(db, owner.userId, owner.companyId, agent.id, now), grantingRequests(db, owner.userId, agent.id, now)]);
  if (!who.member) return { kind: "refused", code: "ACCESS_REQUEST_REQUIRED" };
  const access = serviceAccess({
    agent: { vpnRequireAccessApproval: agent.vpnRequireAccessApproval },
    server: { publicId: server.publicId, requireAccessApproval: server.requireAccessApproval },
    requests,
    accessRequestsInUse: true,
    canManageAccessRequests: bypassesApprovalWith(who.rights),
    now,
  });
  // A temporary access ends the stream when it ends, as a request's end does.
  return access.kind === "allowed" ? { kind: "allowed", until: untilWithin(access.until, who.endsAt) } : access;
}
