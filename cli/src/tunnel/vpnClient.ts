/**
 * The local VPN client's tunnel (issue 10): on connect it links to the portal's relay with the
 * ticket, reads the hello (device, services, resume token), and listens on 127.0.0.1 on one port
 * per service; each local TCP connection becomes one relay stream. A lost link keeps the local
 * ports and comes back with the resume token (back-off, backoff.ts) until it works or the portal
 * refuses the token; access that ends or a refused link closes everything and leaves the reason
 * in the last step, for the web to show. `startVpnClient` adds the connector API (connectorApi.ts).
 */
import { EventEmitter, once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { WebSocket } from "ws";
import cliPackage from "../../package.json";
import type { ForceProtocol, VpnClientService, VpnClientStatus, VpnClientStep } from "@portal/core/domain/VpnClient";
import { Mux, tunnelDialOptions, type TunnelError } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";
import { startConnectorApi } from "./connectorApi";
import { backoffDelay, type BackoffOptions } from "./backoff";
import { LINK_REFUSED, PROGRESS, STEP_ERROR, TICKET_REFUSED, localPortUnavailable, portalUnreachable, relayStep, type NumberedStep } from "./vpnSteps";

export interface Hello {
  readonly agent: { readonly publicId: string; readonly name: string };
  readonly services: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  readonly serverName: string;
  readonly resume: string;
}

const readHello = (v: unknown): Hello | null => {
  const h = v as Partial<Hello> | null;
  return h && typeof h === "object" && (h as { type?: unknown }).type === "hello" && typeof h.resume === "string" &&
    typeof h.agent?.publicId === "string" && Array.isArray(h.services) && typeof h.serverName === "string" ? (h as Hello) : null;
};

/** The relay's client end for a portal URL: same host, ws(s) scheme, /api/relay/client. */
export const relayClientUrl = (portalUrl: string): string => {
  const url = new URL("/api/relay/client", portalUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
};

export interface VpnTunnelOptions {
  readonly portalUrl: string;
  /** First local port of the services (then consecutive); ephemeral ports when omitted. */
  readonly servicePortBase?: number;
  readonly backoff?: BackoffOptions;
  /** Time the relay has to send its hello after the upgrade; 10,000 ms unless given. */
  readonly helloTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

/** The address family each force protocol dials (none: IPv4 or IPv6, whichever resolves). */
const FAMILY: Readonly<Record<ForceProtocol, 4 | 6 | undefined>> = { tcp: undefined, tcp4: 4, tcp6: 6 };

type Dialled = { kind: "open"; ws: WebSocket } | { kind: "refused"; status: number } | { kind: "failed"; error: string };
const MAX_STEPS = 20;

/** One connect request: its link (replaced on each resume), its local ports and connections. */
interface Connection {
  readonly agentId: string;
  /** How the relay is reached, for the first link and every resume (spec 9 force protocol). */
  readonly forceProtocol: ForceProtocol;
  mux: Mux | null;
  resume: string | null;
  attempt: number;
  timer: NodeJS.Timeout | null;
  hello: ((hello: Hello) => void) | null;
  readonly listeners: Server[];
  readonly sockets: Set<Socket>;
}

/** Holds the status and at most one connection. Emits "status" with every new status object. */
export class VpnTunnel extends EventEmitter {
  status: VpnClientStatus = { status: "idle", activeRequest: null, session: null };
  private conn: Connection | null = null;
  private readonly relayUrl: string;
  private readonly log: (line: string) => void;

  constructor(private readonly options: VpnTunnelOptions) {
    super();
    this.relayUrl = relayClientUrl(options.portalUrl);
    this.log = options.log ?? ((line) => void process.stderr.write(`${line}\n`));
  }

  private set(next: Partial<VpnClientStatus>): void {
    this.status = { ...this.status, ...next };
    this.emit("status", this.status);
  }

  private step(conn: Connection, status: NumberedStep, next: Partial<VpnClientStatus> = {}): void {
    if (this.conn !== conn) return;
    const steps: VpnClientStep[] = [...(this.status.activeRequest?.steps ?? []), { status }].slice(-MAX_STEPS);
    if (status.code >= STEP_ERROR.ticketRefused) this.log(`error ${status.code}: ${status.message}`);
    this.set({ ...next, activeRequest: { agentId: conn.agentId, steps } });
  }

  /**
   * Starts connecting to `agentId` with `ticket`, replacing any current connection. Progress and
   * failures arrive as status changes. `forceProtocol` tcp4 or tcp6 resolves and reaches the
   * relay over IPv4 or IPv6 only (a relay without such an address is unreachable); tcp uses either.
   */
  connect(agentId: string, ticket: string, forceProtocol: ForceProtocol = "tcp"): void {
    this.drop();
    const conn: Connection = { agentId, forceProtocol, mux: null, resume: null, attempt: 0, timer: null, hello: null, listeners: [], sockets: new Set() };
    this.conn = conn;
    this.log(`connecting to device ${agentId} through ${this.relayUrl}${forceProtocol === "tcp" ? "" : ` (${forceProtocol} only)`}`);
    this.set({ status: "connecting", activeRequest: { agentId, steps: [{ status: PROGRESS.checkingTicket }] }, session: null });
    void this.establish(conn, { "Api-Access-Token": ticket });
  }

  /** Closes everything; the status becomes idle with no request. */
  disconnect(): void {
    if (this.conn) this.log("disconnected");
    this.drop();
    this.set({ status: "idle", activeRequest: null, session: null });
  }

  private drop(): void {
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    if (conn.timer) clearTimeout(conn.timer);
    for (const server of conn.listeners) server.close();
    for (const socket of conn.sockets) socket.destroy();
    conn.mux?.close(1000, "disconnected");
  }

  /** Ends the connection with an error step kept for the web; the status becomes idle. */
  private fail(conn: Connection, status: NumberedStep): void {
    if (this.conn !== conn) return;
    this.step(conn, status, { status: "idle", session: null });
    this.drop();
  }

  private dial(conn: Connection, headers: Record<string, string>): Promise<Dialled> {
    return new Promise((resolve) => {
      const family = FAMILY[conn.forceProtocol];
      const ws = new WebSocket(this.relayUrl, { ...tunnelDialOptions(this.relayUrl), headers, handshakeTimeout: 10_000, ...(family === undefined ? {} : { family }) });
      let error = "connection failed";
      ws.on("unexpected-response", (_req, res) => {
        res.resume();
        ws.terminate();
        resolve({ kind: "refused", status: res.statusCode ?? 0 });
      });
      ws.on("error", (e) => (error = e.message));
      ws.on("close", () => resolve({ kind: "failed", error }));
      ws.on("open", () => {
        if (this.conn !== conn) return void ws.terminate();
        // Attached at once: the hello may be in the same packet as the upgrade's answer.
        conn.mux = new Mux(ws, { side: "odd", onNotice: (value) => this.notice(conn, value) });
        ws.on("close", (code: number) => this.linkClosed(conn, ws, code));
        resolve({ kind: "open", ws });
      });
    });
  }

  private async establish(conn: Connection, headers: Record<string, string>): Promise<void> {
    const resuming = "Tunnel-Resume" in headers;
    const hello = new Promise<Hello | null>((resolve) => {
      conn.hello = resolve;
      setTimeout(() => resolve(null), this.options.helloTimeoutMs ?? 10_000).unref();
    });
    const dialled = await this.dial(conn, headers);
    if (this.conn !== conn) return;
    if (dialled.kind === "refused" && dialled.status === 401) return this.fail(conn, resuming ? LINK_REFUSED : TICKET_REFUSED);
    if (dialled.kind !== "open") {
      const why = dialled.kind === "refused" ? `HTTP ${dialled.status}` : dialled.error;
      // A resume token is spent only by an accepted upgrade: keep it and try again.
      if (resuming) return this.retry(conn, headers["Tunnel-Resume"]!, why);
      return this.fail(conn, portalUnreachable(why));
    }
    if (!resuming) this.step(conn, PROGRESS.linking);
    const greeted = await hello;
    if (this.conn !== conn) return;
    if (!greeted) {
      if (!resuming) return this.fail(conn, { code: STEP_ERROR.other, message: "The portal did not answer in time." });
      return void dialled.ws.terminate(); // linkClosed decides: retry with a newer token, or fail
    }
    if (greeted.agent.publicId !== conn.agentId) return this.fail(conn, { code: STEP_ERROR.other, message: "The portal linked another device than the one asked for." });
    conn.attempt = 0;
    if (resuming) {
      this.log("link resumed");
      return this.set({ status: "connected" });
    }
    this.step(conn, PROGRESS.openingServices);
    const services: VpnClientService[] = [];
    for (const [index, service] of greeted.services.entries()) {
      const port = this.options.servicePortBase === undefined ? 0 : this.options.servicePortBase + index;
      const server = createServer((socket) => this.local(conn, service.publicId, socket));
      conn.listeners.push(server);
      server.listen(port, "127.0.0.1");
      const failed = await Promise.race([once(server, "listening").then(() => false), once(server, "error").then(() => true)]);
      if (this.conn !== conn) return;
      if (failed) return this.fail(conn, localPortUnavailable(port));
      const address = `127.0.0.1:${(server.address() as { port: number }).port}`;
      services.push({ publicId: service.publicId, name: service.name, address });
      this.log(`service ${service.name} of ${greeted.agent.name} on ${address}`);
    }
    this.set({
      status: "connected",
      session: { agent: { publicId: greeted.agent.publicId, name: greeted.agent.name }, vpnAddress: services[0]?.address ?? null, services, serverName: greeted.serverName },
    });
  }

  private notice(conn: Connection, value: unknown): void {
    const hello = readHello(value);
    if (hello) {
      conn.resume = hello.resume; // each token is single use: always keep the newest
      conn.hello?.(hello);
      conn.hello = null;
      return;
    }
    const v = value as { type?: unknown; code?: unknown; message?: unknown } | null;
    if (v?.type === "access-ended") {
      this.log(`access ended (${String(v.code)})`);
      this.fail(conn, relayStep(typeof v.code === "string" ? v.code : "ACCESS_ENDED", typeof v.message === "string" ? v.message : "Your access to this device has ended."));
    }
  }

  private linkClosed(conn: Connection, ws: WebSocket, code: number): void {
    if (this.conn !== conn || conn.mux?.ws !== ws) return;
    conn.mux = null;
    if (code === 4401) return this.fail(conn, LINK_REFUSED);
    const token = conn.resume;
    conn.resume = null;
    if (!token) return this.fail(conn, LINK_REFUSED);
    this.step(conn, PROGRESS.reconnecting, { status: "connecting" });
    this.retry(conn, token, `close code ${code}`);
  }

  private retry(conn: Connection, token: string, why: string): void {
    const delay = backoffDelay(conn.attempt++, this.options.backoff);
    this.log(`link lost (${why}); resuming in ${(delay / 1000).toFixed(1)} s`);
    conn.timer = setTimeout(() => void this.establish(conn, { "Tunnel-Resume": token }), delay);
  }

  private local(conn: Connection, service: string, socket: Socket): void {
    socket.setNoDelay(true);
    socket.on("error", () => socket.destroy());
    const mux = conn.mux;
    // While the link is being resumed there is nothing to carry the connection: the application retries.
    if (this.conn !== conn || !mux || mux.closed) return void socket.destroy();
    conn.sockets.add(socket);
    socket.once("close", () => conn.sockets.delete(socket));
    // The first bytes go with the OPEN, not a round trip later: the relay holds them (one window
    // at most) until access is checked, and drops them if the stream is refused.
    const { stream, opened } = mux.openNow({ service });
    void splice(stream, socket);
    opened.catch((error: TunnelError) => {
      socket.destroy();
      // A link lost meanwhile is reported by the reconnection, and a connection the application
      // closed first is no failure, not a refusal.
      if (error.code !== "LINK_LOST" && error.code !== "RESET") this.step(conn, relayStep(error.code, error.message));
    });
  }
}

export interface VpnClientOptions extends VpnTunnelOptions {
  /** Address of the connector API: 127.0.0.1 and 9250 unless given (0 for an ephemeral port in tests). */
  readonly host?: string;
  readonly port?: number;
}

export interface VpnClient {
  readonly tunnel: VpnTunnel;
  /** The connector API's base URL, e.g. "http://127.0.0.1:9250". */
  readonly url: string;
  /** Disconnects and stops answering. */
  close(): Promise<void>;
}

/** Starts the connector API for `portalUrl`'s origin with an idle tunnel; rejects when the API's port is taken. */
export async function startVpnClient(options: VpnClientOptions): Promise<VpnClient> {
  const tunnel = new VpnTunnel(options);
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const api = await startConnectorApi({
    tunnel, log, portalOrigin: new URL(options.portalUrl).origin,
    host: options.host ?? "127.0.0.1", port: options.port ?? 9250, version: cliPackage.version,
  });
  return {
    tunnel,
    url: api.url,
    close: async () => {
      tunnel.disconnect();
      await api.close();
    },
  };
}
