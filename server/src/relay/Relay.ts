/**
 * The relay (issue 10): the WebSocket ends that device agents and local VPN clients dial, on the
 * portal's own port. It authenticates both ends (agent credential; single-use ticket or resume
 * token), carries each client stream to the agent's link, and ends streams when access ends.
 *
 * Several server processes on one database: an agent is linked to one process (relay_links says
 * which, and where it is reached). A client linked to another process is served there, and its
 * streams are forwarded over one peer link between the two processes. Forwarding, not sending the
 * client to the right process, because the client's process is the one that checks access, records
 * sessions and hears revocations, wherever the agent is; and clients need not reach every process.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import { hostname } from "node:os";
import type { Duplex } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { WebSocket, WebSocketServer } from "ws";
import { errorEnvelope } from "@portal/core/wire/envelope";
import { messageText } from "@portal/core/messages/messages";
import { connectAttempt } from "@portal/core/rules/connectAttempts";
import { Mux, tunnelDialOptions } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";
import type { Database } from "../db/Database";
import { agents, relayCluster, relayLinks, users } from "../db/schema";
import { nowOf, type Clock } from "../http/Clock";
import { ackedKey, acknowledgeAgentMessage, agentsOwed, sendOwedMessages } from "./agentMessages";
import { ClientLink, reasonOf } from "./ClientLink";
import { RELAY_CHANNEL, type RelayContext } from "./relayContext";
import { consumeToken, credentialHashOf, verifyAgentCredential, type AgentRow, type TokenOwner } from "./relayStore";
import { endOrphanedSessions, SessionLog } from "./sessions";

const TICK_MS = 250;
const FULL_RECHECK_MS = 30_000;

export type RelayNotice =
  | { readonly type: "access"; readonly userId: number; readonly agentId: number; readonly change: string }
  | { readonly type: "disconnect"; readonly session: string }
  | { readonly type: "rotated"; readonly agentId: number }
  /** A member's role, temporary access or membership changed: their tunnels in the company are checked again. */
  | { readonly type: "member"; readonly userId: number; readonly companyId: number }
  /** Rights in the company changed (roles, groups): every tunnel there is checked again. */
  | { readonly type: "company"; readonly companyId: number }
  /** The agent is owed messages (agentMessages.ts): the process holding its link sends them. */
  | { readonly type: "messages"; readonly agentId: number };

interface AgentLink {
  readonly agent: AgentRow;
  readonly agentId: number;
  readonly mux: Mux;
  readonly secretHash: string;
  /** Owed messages already sent on this link (agentMessages.ts). */
  readonly sent: Set<string>;
}

export interface RelayOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** This process's name; RELAY_NODE or host-pid-random. */
  readonly node?: string;
}

export class Relay implements RelayContext {
  readonly database: Database;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly node: string;
  readonly serverName = hostname();
  readonly sessions: SessionLog;
  /** Where other processes reach this one; set once listening (startServer). */
  nodeUrl: string | null = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false });
  private readonly agentLinks = new Map<number, AgentLink>();
  private readonly clientLinks = new Set<ClientLink>();
  private readonly peers = new Map<string, Promise<Mux>>();
  private clusterSecret: string | null = null;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(options: RelayOptions) {
    this.database = options.database;
    this.clock = options.clock;
    this.log = options.log;
    this.node = options.node ?? process.env["RELAY_NODE"] ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
    this.sessions = new SessionLog(options.database.db, (e) => this.log.warn({ err: e }, "relay: could not record sessions"));
  }

  async start(): Promise<void> {
    const db = this.database.db;
    await db.insert(relayCluster).values({ id: 1, secret: randomBytes(32).toString("base64url") }).onConflictDoNothing();
    this.clusterSecret = (await db.select().from(relayCluster).where(eq(relayCluster.id, 1)))[0]!.secret;
    await endOrphanedSessions(db, this.node, nowOf(this.clock));
    this.unlisten = await this.database.listen(RELAY_CHANNEL, (payload) => this.onNotice(payload));
    const tick = setInterval(() => { for (const c of this.clientLinks) void c.recheck(reasonOf("ACCESS_EXPIRED"), true); }, TICK_MS);
    const full = setInterval(() => {
      for (const c of this.clientLinks) void c.recheck(reasonOf("ACCESS_EXPIRED"));
      // A "messages" notice lost while the listening connection was down is caught up here.
      void this.sendOwed();
    }, FULL_RECHECK_MS);
    tick.unref(); full.unref();
    this.timers = [tick, full];
  }

  /** Closes every link (1001: the agents and clients come back to another or the restarted process). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.unlisten?.();
    for (const c of this.clientLinks) c.close(1001, "SERVER_GOING_AWAY");
    const linked = [...this.agentLinks.values()];
    for (const a of linked) a.mux.close(1001, "SERVER_GOING_AWAY");
    for (const p of this.peers.values()) void p.then((m) => m.close(1001), () => undefined);
    for (const a of linked) await this.unlinked(a).catch(() => undefined);
    // The streams just reset record their ends (a turn later): written with what is queued.
    await new Promise((resolve) => setImmediate(resolve));
    await this.sessions.flush();
    // Links from other processes too: an upgraded socket left open would hold the HTTP server's close.
    for (const ws of this.wss.clients) ws.close(1001, "SERVER_GOING_AWAY");
    this.wss.close();
  }

  /** Takes the WebSocket upgrades of /api/relay/* on the HTTP server. */
  attach(server: Server): void {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? "").split("?")[0];
      socket.on("error", () => undefined);
      // Nothing else on this port speaks WebSocket: any other upgrade is a 404, not a hanging socket.
      if (path !== "/api/relay/agent" && path !== "/api/relay/client" && path !== "/api/relay/peer") return refuse(socket, 404, "error.NotFound");
      void this.upgrade(path, request, socket, head).catch((e: unknown) => {
        this.log.error({ err: e }, "relay: upgrade failed");
        refuse(socket, 500, "Error");
      });
    });
  }

  /** Tells every process (this one too) about a change that concerns live links. */
  static async notify(database: Database, notice: RelayNotice): Promise<void> {
    await database.notify(RELAY_CHANNEL, JSON.stringify(notice));
  }

  /** Live links, for tests and the benchmark. */
  get stats(): { agents: number; clients: number; streams: number } {
    let streams = 0;
    for (const c of this.clientLinks) streams += c.streams;
    return { agents: this.agentLinks.size, clients: this.clientLinks.size, streams };
  }

  async agentMux(agentId: number): Promise<{ mux: Mux; viaPeer: boolean } | null> {
    const local = this.agentLinks.get(agentId);
    if (local && !local.mux.closed) return { mux: local.mux, viaPeer: false };
    const [link] = await this.database.db.select().from(relayLinks).where(eq(relayLinks.agentId, agentId));
    if (!link || link.node === this.node) return null;
    try {
      return { mux: await this.peer(link.nodeUrl), viaPeer: true };
    } catch {
      return null;
    }
  }

  private async upgrade(path: string, request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const address = request.socket.remoteAddress ?? null;
    if (path === "/api/relay/agent") {
      const m = /^Agent ([^:\s]{1,64}):(\S{1,200})$/.exec(request.headers.authorization ?? "");
      const agent = m ? await verifyAgentCredential(this.database.db, m[1]!, m[2]!) : null;
      if (!agent) {
        this.log.warn({ address }, "relay: agent refused (bad credential)");
        return refuse(socket, 401, "AGENT_CREDENTIAL_INVALID");
      }
      const secretHash = (await credentialHashOf(this.database.db, agent.id))!;
      this.wss.handleUpgrade(request, socket, head, (ws) => void this.linkAgent(agent, secretHash, ws, address).catch((e: unknown) => {
        // The agent dials again with its back-off; unrecorded, the link would be one no other process can find.
        this.log.error({ err: e }, "relay: recording an agent link failed");
        ws.close(1011, "LINK_NOT_RECORDED");
      }));
      return;
    }
    if (path === "/api/relay/peer") {
      const m = /^Peer ([^:\s]{1,200}):([0-9a-f]{64})$/.exec(request.headers.authorization ?? "");
      if (!m || !this.peerProofOk(m[1]!, m[2]!)) return refuse(socket, 401, "Unauthorized");
      this.wss.handleUpgrade(request, socket, head, (ws) => this.linkPeer(ws));
      return;
    }
    const now = nowOf(this.clock);
    const ticket = header(request, "api-access-token");
    const resume = header(request, "tunnel-resume");
    const owner = ticket ? await consumeToken(this.database.db, "ticket", ticket, now)
      : resume ? await consumeToken(this.database.db, "resume", resume, now) : null;
    if (!owner) {
      this.log.warn({ address }, "relay: client refused (forged, replayed or expired ticket)");
      return refuse(socket, 401, "TICKET_INVALID");
    }
    const [agent] = await this.database.db.select().from(agents).where(eq(agents.id, owner.agentId));
    const [user] = await this.database.db.select({ name: users.name }).from(users).where(eq(users.id, owner.userId));
    if (!agent || !user) return refuse(socket, 401, "TICKET_INVALID");
    // A resumed link is the same connection coming back, not a new attempt.
    if (ticket && !(await this.countAttempt(agent.id, now))) return refuse(socket, 429, "RATE_LIMITED_CONNECTS");
    this.wss.handleUpgrade(request, socket, head, (ws) => void this.linkClient(ws, owner, agent, user.name, address));
  }

  /**
   * Counts a connect attempt on the agent and says whether it may go on. The agent's row is locked
   * while its counter is read and written: attempts at the same time (a burst, the case the limits
   * exist for, or attempts through two server processes) are counted one after another. Read from
   * the row the upgrade had loaded, a burst of 15 saw one counter and all passed a limit of 10.
   */
  private async countAttempt(agentId: number, now: number): Promise<boolean> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx.select({ limit: agents.rateLimit, counter: agents.rateCounter, lastHit: agents.rateLastHit })
        .from(agents).where(eq(agents.id, agentId)).for("update");
      if (!row) return false;
      const verdict = connectAttempt({ limit: row.limit ?? null, counter: row.counter, lastHit: row.lastHit?.getTime() ?? null }, now);
      await tx.update(agents).set({ rateCounter: verdict.counter, rateLastHit: new Date(verdict.lastHit) }).where(eq(agents.id, agentId));
      return !verdict.refused;
    });
  }

  private async linkClient(ws: WebSocket, owner: TokenOwner, agent: AgentRow, userName: string, address: string | null): Promise<void> {
    const link = new ClientLink(this, ws, owner, agent, userName, address);
    this.clientLinks.add(link);
    link.mux.once("close", () => this.clientLinks.delete(link));
    await link.hello().catch((e: unknown) => {
      this.log.error({ err: e }, "relay: client hello failed");
      link.close(1011, "ERROR");
    });
  }

  private async linkAgent(agent: AgentRow, secretHash: string, ws: WebSocket, address: string | null): Promise<void> {
    const previous = this.agentLinks.get(agent.id);
    const sent = new Set<string>();
    const mux = new Mux(ws, { side: "even", onNotice: (value) => this.onAgentNotice(agent.id, value) });
    const link: AgentLink = { agent, agentId: agent.id, mux, secretHash, sent };
    this.agentLinks.set(agent.id, link);
    previous?.mux.close(4409, "REPLACED");
    mux.once("close", () => void this.unlinked(link).catch((e: unknown) => this.log.warn({ err: e }, "relay: unlink failed")));
    const now = new Date(nowOf(this.clock));
    // The link and the device's online fields change together (a failure between them showed a
    // device online that no process could reach, or the reverse).
    await this.database.db.transaction(async (tx) => {
      await tx.insert(relayLinks).values({ agentId: agent.id, node: this.node, nodeUrl: this.nodeUrl ?? "", linkedAt: now })
        .onConflictDoUpdate({ target: relayLinks.agentId, set: { node: this.node, nodeUrl: this.nodeUrl ?? "", linkedAt: now } });
      // Online while linked: the device's address as the portal sees it, and this process as its server.
      await tx.update(agents).set({ vpnAddress: address ?? "linked", rscServerName: this.serverName, rscServerPublicId: this.node })
        .where(eq(agents.id, agent.id));
    });
    mux.notice({ type: "linked", agent: { publicId: agent.publicId, name: agent.name } });
    this.log.info({ agent: agent.publicId, address }, "relay: agent linked");
    // What the agent was owed while away (a trial that ran out) is told now.
    await this.sendOwed([agent.id]);
  }

  /** Sends owed messages on the links this process holds (of these agents, or all of them). */
  private async sendOwed(agentIds?: ReadonlyArray<number>): Promise<void> {
    try {
      const ids = agentIds ?? [...this.agentLinks.keys()];
      for (const id of await agentsOwed(this.database.db, ids)) {
        const link = this.agentLinks.get(id);
        if (link) await sendOwedMessages(this.database.db, link);
      }
    } catch (e) {
      this.log.warn({ err: e }, "relay: sending owed messages failed");
    }
  }

  /** An agent's notice on its link: only acknowledgements of messages mean anything. */
  private onAgentNotice(agentId: number, value: unknown): void {
    const key = ackedKey(value);
    if (key === null) return;
    void acknowledgeAgentMessage(this.database.db, agentId, key, new Date(nowOf(this.clock)))
      .catch((e: unknown) => this.log.warn({ err: e }, "relay: recording a message acknowledgement failed"));
  }

  private async unlinked(link: AgentLink): Promise<void> {
    if (this.agentLinks.get(link.agent.id) !== link) return;
    this.agentLinks.delete(link.agent.id);
    await this.database.db.transaction(async (tx) => {
      const removed = await tx.delete(relayLinks).where(sql`${relayLinks.agentId} = ${link.agent.id} and ${relayLinks.node} = ${this.node}`).returning();
      if (removed.length > 0) {
        await tx.update(agents).set({ vpnAddress: null, rscServerName: null, rscServerPublicId: null }).where(eq(agents.id, link.agent.id));
      }
    });
    this.log.info({ agent: link.agent.publicId }, "relay: agent link ended");
  }

  private linkPeer(ws: WebSocket): void {
    // Streams from another process: it checked access; this one only reaches its own agents.
    const mux: Mux = new Mux(ws, {
      side: "even",
      onOpen: (req, stream) => {
        const local = [...this.agentLinks.values()].find((l) => l.agent.publicId === req.agent);
        if (!local) return stream.refuse(reasonOf("DEVICE_NOT_LINKED"));
        // As the client's process does: its bytes go on with the OPEN; a refusal reaches it as the reset of its stream.
        const { stream: device, opened } = local.mux.openNow({ service: req.service });
        void splice(stream, device);
        opened.then(() => stream.accept(), () => undefined);
      },
    });
    void mux;
  }

  private peer(nodeUrl: string): Promise<Mux> {
    const known = this.peers.get(nodeUrl);
    if (known) return known;
    const made = new Promise<Mux>((resolve, reject) => {
      const url = `${nodeUrl.replace(/^http/, "ws")}/api/relay/peer`;
      const ws = new WebSocket(url, { ...tunnelDialOptions(url), headers: { authorization: `Peer ${this.node}:${this.peerProof(this.node)}` } });
      ws.once("open", () => {
        const mux = new Mux(ws, { side: "odd" });
        mux.once("close", () => this.peers.delete(nodeUrl));
        resolve(mux);
      });
      ws.once("error", (e) => { this.peers.delete(nodeUrl); reject(e); });
    });
    this.peers.set(nodeUrl, made);
    return made;
  }

  private peerProof(node: string): string {
    return createHmac("sha256", this.clusterSecret ?? "").update(`relay-peer:${node}`).digest("hex");
  }

  private peerProofOk(node: string, proof: string): boolean {
    if (!this.clusterSecret) return false;
    const a = Buffer.from(this.peerProof(node), "hex");
    const b = Buffer.from(proof, "hex");
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private onNotice(payload: string): void {
    let notice: RelayNotice;
    try {
      notice = JSON.parse(payload) as RelayNotice;
    } catch {
      return;
    }
    if (notice.type === "access") {
      const code = notice.change === "revoked" ? "ACCESS_REVOKED" : notice.change === "released" ? "ACCESS_RELEASED_TUNNEL" : "ACCESS_EXPIRED";
      for (const c of this.clientLinks) if (c.owner.userId === notice.userId && c.agent.id === notice.agentId) void c.recheck(reasonOf(code));
    } else if (notice.type === "member") {
      for (const c of this.clientLinks) if (c.owner.userId === notice.userId && c.owner.companyId === notice.companyId) void c.recheck(reasonOf("ACCESS_EXPIRED"));
    } else if (notice.type === "company") {
      for (const c of this.clientLinks) if (c.owner.companyId === notice.companyId) void c.recheck(reasonOf("ACCESS_EXPIRED"));
    } else if (notice.type === "messages") {
      if (this.agentLinks.has(notice.agentId)) void this.sendOwed([notice.agentId]);
    } else if (notice.type === "disconnect") {
      for (const c of this.clientLinks) if (c.disconnect(notice.session)) break;
    } else if (notice.type === "rotated") {
      const link = this.agentLinks.get(notice.agentId);
      if (link) {
        void credentialHashOf(this.database.db, notice.agentId).then((hash) => {
          if (hash !== link.secretHash) link.mux.close(4401, "AGENT_CREDENTIAL_INVALID");
        });
      }
    }
  }
}

const header = (request: IncomingMessage, name: string): string | null => {
  const v = request.headers[name];
  return typeof v === "string" && v.length > 0 && v.length <= 200 ? v : null;
};

const STATUS_TEXT: Record<number, string> = { 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error" };

/** Answers an upgrade that is not taken with the API's error envelope, and closes the socket. */
function refuse(socket: Duplex, status: number, key: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(errorEnvelope([{ message: messageText(key) }]));
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
