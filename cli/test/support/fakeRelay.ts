/**
 * A relay for the tests, built on the real Mux and splice, speaking the relay protocol of issue 10
 * as the server will: `/api/relay/agent` with `Authorization: Agent id:secret`, `/api/relay/client`
 * with a single-use ticket (Api-Access-Token) or resume token (Tunnel-Resume), 401 at the upgrade
 * for a bad one, a "linked" notice to agents and a "hello" (with a fresh resume token) to clients,
 * and access that can end (streams reset, "access-ended" notice, new opens refused).
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { Mux, type MuxStream } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";

export interface FakeAgent {
  readonly agentId: string;
  readonly secret: string;
  readonly name: string;
  readonly services: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
}

interface ClientLink {
  readonly agentId: string;
  readonly mux: Mux;
  readonly streams: Set<MuxStream>;
  ended: boolean;
}

export class FakeRelay {
  readonly agentLinks = new Map<string, Mux>();
  readonly clientLinks = new Set<ClientLink>();
  readonly tickets = new Map<string, string>();
  readonly resumeTokens = new Map<string, string>();
  /** Every upgrade attempt's path and status, in order. */
  readonly upgrades: Array<{ path: string; status: number }> = [];
  /** Every notice agents sent on their links (message acknowledgements), in order. */
  readonly agentNotices: unknown[] = [];
  private server: Server | null = null;
  private readonly wss = new WebSocketServer({ noServer: true });
  port = 0;

  constructor(readonly agents: ReadonlyArray<FakeAgent>) {}

  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get agentUrl(): string {
    return `ws://127.0.0.1:${this.port}/api/relay/agent`;
  }

  async listen(port = 0): Promise<void> {
    const server = createServer((_req, res) => res.writeHead(404).end());
    server.on("upgrade", (req, socket: Socket, head) => {
      const path = (req.url ?? "").split("?")[0]!;
      const refuse = () => {
        this.upgrades.push({ path, status: 401 });
        socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      };
      if (path === "/api/relay/agent") {
        const [id, secret] = (req.headers.authorization ?? "").replace(/^Agent /, "").split(":");
        const agent = this.agents.find((a) => a.agentId === id && a.secret === secret);
        if (!agent) return refuse();
        this.upgrades.push({ path, status: 101 });
        this.wss.handleUpgrade(req, socket, head, (ws) => this.linkAgent(agent, ws));
      } else if (path === "/api/relay/client") {
        const ticket = req.headers["api-access-token"];
        const resume = req.headers["tunnel-resume"];
        const agentId = typeof ticket === "string" ? this.tickets.get(ticket) : typeof resume === "string" ? this.resumeTokens.get(resume) : undefined;
        if (!agentId) return refuse();
        if (typeof ticket === "string") this.tickets.delete(ticket);
        if (typeof resume === "string") this.resumeTokens.delete(resume);
        this.upgrades.push({ path, status: 101 });
        this.wss.handleUpgrade(req, socket, head, (ws) => this.linkClient(this.agents.find((a) => a.agentId === agentId)!, ws));
      } else {
        socket.destroy();
      }
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** A single-use ticket for the agent, as POST /api/.../vpn-tickets would issue. */
  issueTicket(agentId: string): string {
    const ticket = randomBytes(12).toString("hex");
    this.tickets.set(ticket, agentId);
    return ticket;
  }

  private linkAgent(agent: FakeAgent, ws: WebSocket): void {
    const mux = new Mux(ws, { side: "even", onNotice: (value) => this.agentNotices.push(value) });
    this.agentLinks.get(agent.agentId)?.close(4000, "replaced");
    this.agentLinks.set(agent.agentId, mux);
    mux.on("close", () => {
      if (this.agentLinks.get(agent.agentId) === mux) this.agentLinks.delete(agent.agentId);
    });
    mux.notice({ type: "linked", agent: { publicId: agent.agentId, name: agent.name } });
  }

  private linkClient(agent: FakeAgent, ws: WebSocket): void {
    const link: ClientLink = {
      agentId: agent.agentId,
      streams: new Set(),
      ended: false,
      mux: new Mux(ws, { side: "even", onOpen: (request, stream) => {
        if (link.ended) return stream.refuse({ code: "ACCESS_REQUEST_REQUIRED", message: "Your access to this device has ended." });
        const device = this.agentLinks.get(agent.agentId);
        if (!device) return stream.refuse({ code: "DEVICE_NOT_LINKED", message: "The device is not connected to the portal." });
        device.open(request).then(
          (target) => {
            stream.accept();
            link.streams.add(stream);
            stream.once("close", () => link.streams.delete(stream));
            void splice(stream, target);
          },
          (error: { code: string; message: string }) => stream.refuse({ code: error.code, message: error.message }),
        );
      } }),
    };
    this.clientLinks.add(link);
    link.mux.on("close", () => this.clientLinks.delete(link));
    const resume = randomBytes(12).toString("hex");
    this.resumeTokens.set(resume, agent.agentId);
    link.mux.notice({ type: "hello", agent: { publicId: agent.agentId, name: agent.name }, services: agent.services, serverName: "relay.test", resume });
  }

  /** Opens a stream to a linked agent, as the relay does for a user. */
  openToAgent(agentId: string, service: string): Promise<MuxStream> {
    const mux = this.agentLinks.get(agentId);
    if (!mux) return Promise.reject(new Error(`agent ${agentId} is not linked`));
    return mux.open({ service });
  }

  /** Ends access on every client link: live streams reset with the reason, then the notice. */
  endAccess(code: string, message: string): void {
    for (const link of this.clientLinks) {
      link.ended = true;
      for (const stream of link.streams) stream.reset({ code, message });
      link.mux.notice({ type: "access-ended", code, message });
    }
  }

  /** Drops every link at once and stops listening (a crash or restart of the server). */
  async close(): Promise<void> {
    for (const mux of [...this.agentLinks.values()]) mux.ws.terminate();
    for (const link of [...this.clientLinks]) link.mux.ws.terminate();
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  /** A restart: every link dropped, then listening again on the same port. Resume tokens survive it (as in the server's database). */
  async restart(downMs = 0): Promise<void> {
    const port = this.port;
    await this.close();
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.listen(port);
  }
}

/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs` naming `what`. */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
