/**
 * One local VPN client's link to the relay: bound to a user and an agent by its ticket. Every
 * stream it opens is checked (the service is the agent's, the user may reach it this minute, the
 * device is linked), recorded as a session, and spliced to a stream on the agent's link. Live
 * streams are checked again when the user's requests on the agent change and when their access
 * runs out; the ones no longer allowed are reset with the reason.
 */
import { eq } from "drizzle-orm";
import { messageText } from "@portal/core/messages/messages";
import type { FrameReason } from "@portal/core/rules/tunnelFrame";
import { Mux, MuxStream, TunnelError } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";
import type { WebSocket } from "ws";
import { agentServers } from "../db/schema";
import { nowOf } from "../http/Clock";
import type { RelayContext } from "./relayContext";
import { accessToService, issueToken, type AgentRow, type ServerRow, type TokenOwner } from "./relayStore";
import type { ServiceAccess } from "@portal/core/rules/tunnelAccess";

export const reasonOf = (code: string): FrameReason => ({ code, message: messageText(code) });

interface LiveStream {
  readonly server: ServerRow;
  readonly client: MuxStream;
  sessionId: string | null;
  /** Epoch ms when access runs out; null: no end. */
  until: number | null;
  checking: boolean;
}

/**
 * How long an "allowed" verdict is reused for new streams of one link without asking the
 * database again. Changes of the user's requests on the device reach the link at once (relay
 * notices clear the cache); a change of their role or groups is seen within this time.
 */
export const VERDICT_TTL_MS = 30_000;

export class ClientLink {
  readonly mux: Mux;
  private readonly live = new Set<LiveStream>();
  private servers: ServerRow[] = [];
  /** Allowed verdicts by server id: when checked, and until when access lasts. */
  private readonly verdicts = new Map<number, { checkedAt: number; until: number | null }>();

  constructor(
    private readonly relay: RelayContext,
    ws: WebSocket,
    readonly owner: TokenOwner,
    readonly agent: AgentRow,
    private readonly userName: string,
    private readonly clientAddress: string | null,
  ) {
    this.mux = new Mux(ws, { side: "even", onOpen: (req, stream) => void this.onOpen(req.service, stream) });
  }

  /** Sends the hello: the device, its services, and a resume token for a lost link. */
  async hello(): Promise<void> {
    this.servers = await this.relay.database.db.select().from(agentServers).where(eq(agentServers.agentId, this.agent.id)).orderBy(agentServers.name);
    const resume = await issueToken(this.relay.database.db, "resume", this.owner, nowOf(this.relay.clock));
    this.mux.notice({
      type: "hello",
      agent: { publicId: this.agent.publicId, name: this.agent.name },
      services: this.servers.map((s) => ({ publicId: s.publicId, name: s.name })),
      serverName: this.relay.serverName,
      resume: resume.token,
    });
    // Verdicts ahead of the first stream: opening one then costs no database round trip.
    for (const server of this.servers) void this.verdict(server).catch(() => undefined);
  }

  /** The user's access to the server now: a fresh cached "allowed", or the database's answer. */
  private async verdict(server: ServerRow): Promise<ServiceAccess> {
    const now = nowOf(this.relay.clock);
    const cached = this.verdicts.get(server.id);
    if (cached && now - cached.checkedAt < VERDICT_TTL_MS && (cached.until === null || now < cached.until)) {
      return { kind: "allowed", until: cached.until };
    }
    const access = await accessToService(this.relay.database.db, this.owner, this.agent, server, now);
    if (access.kind === "allowed") this.verdicts.set(server.id, { checkedAt: now, until: access.until });
    else this.verdicts.delete(server.id);
    return access;
  }

  /** Live streams through this link. */
  get streams(): number {
    return this.live.size;
  }

  private async onOpen(service: string, client: MuxStream): Promise<void> {
    const server = this.servers.find((s) => s.publicId === service);
    if (!server) return client.refuse(reasonOf("SERVER_NOT_ON_THIS_DEVICE"));
    let entry: LiveStream | null = null;
    try {
      const access = await this.verdict(server);
      if (access.kind === "refused") return client.refuse(reasonOf(access.code));
      const target = await this.relay.agentMux(this.agent.id);
      if (!target) return client.refuse(reasonOf("DEVICE_NOT_LINKED"));
      if (client.destroyed) return;
      // Access is granted: the client's first bytes (sent with its OPEN, held here until now) go
      // on to the device with the OPEN, without waiting for the device's answer. Live (so a
      // revocation resets it) from here on.
      const { stream: device, opened } = target.mux.openNow(target.viaPeer ? { service, agent: this.agent.publicId } : { service });
      entry = { server, client, sessionId: null, until: access.until, checking: false };
      this.live.add(entry);
      const done = splice(client, device);
      try {
        await opened;
      } catch (e) {
        // The device refused (its reason already went to the client as the reset of its stream).
        await done;
        throw e;
      }
      // Accepted even when the stream is already over (its bytes and END may arrive ahead of the
      // device's OPENED): the client's open settles, and the session is recorded all the same.
      client.accept();
      // Recorded off the path (sessions.ts): the stream does not wait for the database.
      const sessionId = this.relay.sessions.started({
        companyId: this.owner.companyId, userId: this.owner.userId, agentId: this.agent.id, serverId: server.id, node: this.relay.node,
        clientAddress: this.clientAddress, names: { user: this.userName, agent: this.agent.name, service: server.name },
      }, nowOf(this.relay.clock));
      entry.sessionId = sessionId;
      await done;
      this.live.delete(entry);
      const error = client.errored ?? device.errored;
      const reason = error instanceof TunnelError ? endReasonOf(error.code) : "closed";
      this.relay.sessions.ended(sessionId, { reason, bytesToDevice: client.bytesIn, bytesFromDevice: client.bytesOut }, nowOf(this.relay.clock));
    } catch (e) {
      if (client.destroyed) return;
      if (e instanceof TunnelError) return client.refuse(e.reason);
      this.relay.log.error({ err: e }, "relay: opening a stream failed");
      client.refuse(reasonOf("SERVICE_UNREACHABLE"));
    } finally {
      if (entry) this.live.delete(entry);
    }
  }

  /**
   * Checks every live stream again (requests changed, or access may have run out): a stream whose
   * access is gone is reset with `reason`, and the client is told once. `onlyDue` checks only the
   * streams whose `until` has passed.
   */
  async recheck(reason: FrameReason, onlyDue = false): Promise<void> {
    const now = nowOf(this.relay.clock);
    // Something changed (or the periodic check): new streams ask the database again.
    if (!onlyDue) this.verdicts.clear();
    let ended = false;
    await Promise.all([...this.live].map(async (entry) => {
      if (entry.checking || (onlyDue && (entry.until === null || now < entry.until))) return;
      entry.checking = true;
      try {
        const access = await accessToService(this.relay.database.db, this.owner, this.agent, entry.server, nowOf(this.relay.clock));
        if (access.kind === "allowed") {
          entry.until = access.until;
        } else if (!entry.client.destroyed) {
          entry.client.reset(reason);
          ended = true;
        }
      } catch (e) {
        this.relay.log.warn({ err: e }, "relay: access check failed; checked again on the next tick");
      } finally {
        entry.checking = false;
      }
    }));
    if (ended) this.mux.notice({ type: "access-ended", ...reason });
  }

  /** Resets the stream of one session (an administrator's Disconnect); true when it was here. */
  disconnect(sessionId: string): boolean {
    for (const entry of this.live) {
      if (entry.sessionId === sessionId) {
        entry.client.reset(reasonOf("SESSION_DISCONNECTED"));
        this.mux.notice({ type: "access-ended", ...reasonOf("SESSION_DISCONNECTED") });
        return true;
      }
    }
    return false;
  }

  close(code: number, reason: string): void {
    this.mux.close(code, reason);
  }
}

const END_REASONS: Record<string, string> = {
  ACCESS_REVOKED: "revoked", ACCESS_EXPIRED: "expired", ACCESS_RELEASED_TUNNEL: "released", SESSION_DISCONNECTED: "disconnected",
  LINK_LOST: "link-lost", SERVER_GOING_AWAY: "server-stopped",
};
const endReasonOf = (code: string): string => END_REASONS[code] ?? "reset";
