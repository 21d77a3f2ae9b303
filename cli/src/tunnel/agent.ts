/**
 * The device agent's link to the portal's relay (issue 10): one WebSocket per agent to
 * `/api/relay/agent`, authenticated by `Authorization: Agent <agentId>:<secret>`. The relay opens
 * a stream per user connection, naming a service (a server publicId); the agent connects it to
 * the address its own configuration gives for that service and splices the two. It never opens
 * streams itself and never connects anywhere its configuration does not name.
 *
 * The link comes back by itself after a loss, with exponential back-off (backoff.ts); a refused
 * credential (HTTP 401 at the upgrade, or close code 4401 once linked) is retried at the slow end
 * of the back-off, since only a person editing the configuration can fix it.
 *
 * The portal also tells the agent things on the link (issue 12: a trial of one of its features
 * ran out): a `{ type: "message", key, body }` notice, acted on once per key and acknowledged
 * with `{ type: "message-ack", key }` every time (a copy resent after a lost link is harmless).
 */
import { EventEmitter } from "node:events";
import { connect, type Socket } from "node:net";
import { WebSocket } from "ws";
import type { FrameReason, OpenRequest } from "@portal/core/rules/tunnelFrame";
import { Mux, tunnelDialOptions, type MuxStream } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";
import type { ServiceAddress } from "./agentConfig";
import { DEFAULT_BACKOFF, backoffDelay, slowestDelay, type BackoffOptions } from "./backoff";

export const SERVICE_NOT_CONFIGURED: FrameReason = {
  code: "SERVICE_NOT_CONFIGURED",
  message: "The device agent is not set up for this service.",
};
export const SERVICE_UNREACHABLE: FrameReason = {
  code: "SERVICE_UNREACHABLE",
  message: "The device could not reach this service on its network.",
};

/** connecting: dialling the relay; linked: the relay may open streams; waiting: back-off before the next try. */
export type AgentLinkState = "connecting" | "linked" | "waiting" | "stopped";

export interface AgentLinkOptions {
  /** The relay's agent end, e.g. "ws://127.0.0.1:8080/api/relay/agent". */
  readonly relayUrl: string;
  readonly agentId: string;
  readonly secret: string;
  /** For the log lines only; the relay's "linked" notice names the agent as the portal knows it. */
  readonly name?: string;
  /** Server publicId to the address it leads to. Only these are ever connected. */
  readonly services: Readonly<Record<string, ServiceAddress>>;
  /** One line per state change and per refused stream; stderr unless given. Never holds the secret. */
  readonly log?: (line: string) => void;
  readonly backoff?: BackoffOptions;
  /** Time a service has to accept the TCP connection before the stream is refused as unreachable; 10,000 ms unless given. */
  readonly connectTimeoutMs?: number;
}

/** A running link. Emits "state" with the new state on every change. */
export interface AgentLink extends EventEmitter {
  readonly state: AgentLinkState;
  /** The agent as the relay named it in its "linked" notice; null until then. */
  readonly linkedAs: { readonly publicId: string; readonly name: string } | null;
  /** Live service connections. */
  readonly connections: number;
  /** Features whose trial the portal said ran out, with the date it ended (ISO). Emits "trial-ended" on each new one. */
  readonly endedTrials: ReadonlyMap<string, string>;
  /** Ends the link and every connection; the link does not come back. */
  stop(): Promise<void>;
}

class AgentLinkRunner extends EventEmitter implements AgentLink {
  state: AgentLinkState = "connecting";
  linkedAs: { publicId: string; name: string } | null = null;
  readonly endedTrials = new Map<string, string>();
  private readonly toldKeys = new Set<string>();
  private ws: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private readonly sockets = new Set<Socket>();
  private readonly label: string;
  private readonly log: (line: string) => void;

  constructor(private readonly options: AgentLinkOptions) {
    super();
    this.label = `agent ${options.name ? `${options.name} (${options.agentId})` : options.agentId}`;
    this.log = options.log ?? ((line) => void process.stderr.write(`${line}\n`));
  }

  get connections(): number {
    return this.sockets.size;
  }

  private set(state: AgentLinkState, line: string): void {
    this.state = state;
    this.log(`${this.label}: ${line}`);
    this.emit("state", state);
  }

  dial(): void {
    const { relayUrl, agentId, secret } = this.options;
    this.set("connecting", `connecting to ${relayUrl}`);
    const ws = new WebSocket(relayUrl, { ...tunnelDialOptions(relayUrl), headers: { Authorization: `Agent ${agentId}:${secret}` }, handshakeTimeout: 10_000 });
    this.ws = ws;
    let refusedStatus: number | null = null;
    let lastError = "";
    let openedAt: number | null = null;
    ws.on("unexpected-response", (_req, res) => {
      refusedStatus = res.statusCode ?? 0;
      res.resume();
      ws.terminate();
    });
    ws.on("error", (error) => {
      lastError = error.message;
    });
    ws.on("open", () => {
      openedAt = Date.now();
      const mux: Mux = new Mux(ws, { side: "odd", onOpen: (request, stream) => this.serve(request, stream), onNotice: (value) => this.notice(mux, value) });
      this.set("linked", "linked to the relay");
    });
    ws.on("close", (code: number, reason: Buffer) => {
      if (this.ws === ws) this.ws = null;
      if (this.state === "stopped") return;
      const stable = this.options.backoff?.stableMs ?? DEFAULT_BACKOFF.stableMs;
      if (openedAt !== null && Date.now() - openedAt > stable) this.attempt = 0;
      let why: string;
      let slow = false;
      if (refusedStatus === 401) {
        why = "the relay refused the agent credential (HTTP 401); check agentId and secret in the configuration";
        slow = true;
      } else if (refusedStatus !== null) {
        why = `the relay answered HTTP ${refusedStatus} instead of linking`;
      } else if (openedAt === null) {
        why = `cannot reach the relay (${lastError || "connection failed"})`;
      } else if (code === 4401) {
        why = "the relay ended the link because the agent credential was rotated (4401); update the configuration";
        slow = true;
      } else if (code === 1001) {
        why = "the relay is going away (1001)";
      } else {
        const text = reason.toString("utf8");
        why = `the link was lost (${code}${text ? ` ${text}` : ""})`;
      }
      const delay = slow ? slowestDelay(this.options.backoff) : backoffDelay(this.attempt++, this.options.backoff);
      this.linkedAs = null;
      this.set("waiting", `${why}; retrying in ${(delay / 1000).toFixed(1)} s`);
      this.timer = setTimeout(() => this.dial(), delay);
    });
  }

  private notice(mux: Mux, value: unknown): void {
    if (typeof value !== "object" || value === null) return;
    const { type, agent, key, body } = value as { type?: unknown; agent?: { publicId?: unknown; name?: unknown }; key?: unknown; body?: unknown };
    if (type === "message" && typeof key === "string") {
      if (!this.toldKeys.has(key)) {
        this.toldKeys.add(key);
        this.message(body);
      }
      mux.notice({ type: "message-ack", key });
      return;
    }
    if (type === "linked" && typeof agent?.publicId === "string" && typeof agent.name === "string") {
      this.linkedAs = { publicId: agent.publicId, name: agent.name };
      this.log(`${this.label}: the portal knows this agent as ${agent.name} (${agent.publicId})`);
    }
  }

  /** Acts on a message from the portal (once per key); one it does not know is logged and acknowledged. */
  private message(body: unknown): void {
    const { kind, feature, expiresOn } = (typeof body === "object" && body !== null ? body : {}) as { kind?: unknown; feature?: unknown; expiresOn?: unknown };
    if (kind === "trial-ended" && typeof feature === "string" && typeof expiresOn === "string") {
      this.endedTrials.set(feature, expiresOn);
      this.log(`${this.label}: the portal says the ${feature} trial of this device ended on ${expiresOn}; ${feature} is off until it is activated again`);
      this.emit("trial-ended", feature, expiresOn);
      return;
    }
    this.log(`${this.label}: the portal sent a message this agent does not know (${typeof kind === "string" ? kind : "no kind"})`);
  }

  private serve(request: OpenRequest, stream: MuxStream): void {
    const target = Object.hasOwn(this.options.services, request.service) ? this.options.services[request.service] : undefined;
    if (!target) {
      this.log(`${this.label}: refused a connection to service ${request.service}: not in this agent's configuration`);
      stream.refuse(SERVICE_NOT_CONFIGURED);
      return;
    }
    const socket = connect({ host: target.host, port: target.port });
    socket.setNoDelay(true);
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    let settled = false;
    const unreachable = (why: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      this.log(`${this.label}: service ${request.service} at ${target.host}:${target.port} is unreachable (${why})`);
      if (!stream.destroyed) stream.refuse(SERVICE_UNREACHABLE);
    };
    socket.setTimeout(this.options.connectTimeoutMs ?? 10_000, () => unreachable("no answer in time"));
    socket.once("error", (error) => unreachable(error.message));
    // The relay may reset the stream (user gone, link lost) before the service answers.
    stream.once("close", () => {
      if (!settled) {
        settled = true;
        socket.destroy();
      }
    });
    socket.once("connect", () => {
      if (settled) return;
      settled = true;
      socket.setTimeout(0);
      stream.accept();
      void splice(stream, socket);
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.set("stopped", "stopped");
    for (const socket of this.sockets) socket.destroy();
    const ws = this.ws;
    if (ws && ws.readyState !== WebSocket.CLOSED) {
      const closed = new Promise((resolve) => ws.once("close", resolve));
      ws.terminate();
      await closed;
    }
  }
}

/** Starts one agent's link; it keeps itself up until `stop()`. */
export function startAgentLink(options: AgentLinkOptions): AgentLink {
  const link = new AgentLinkRunner(options);
  link.dial();
  return link;
}
