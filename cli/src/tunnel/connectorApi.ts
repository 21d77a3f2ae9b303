/**
 * The local VPN client's connector API (api.md "Local VPN client connector"), as the web's
 * VpnConnectorHttp adapter calls it: GET /status, POST /connect, POST /disconnect, GET /version,
 * and a WebSocket at / that pushes the status on every change. It answers only the portal's
 * origin: any other page open in the user's browser could otherwise drive the tunnel, so anything
 * else (or no Origin) gets 403 without CORS headers, and the WebSocket upgrade is refused the same way.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { FORCE_PROTOCOLS } from "@portal/core/constants";
import type { ForceProtocol, VpnClientStatus } from "@portal/core/domain/VpnClient";
import type { VpnTunnel } from "./vpnClient";

export interface ConnectorApiOptions {
  readonly tunnel: VpnTunnel;
  /** The only Origin answered, e.g. "https://portal.example.com". */
  readonly portalOrigin: string;
  readonly host: string;
  readonly port: number;
  /** What GET /version answers. */
  readonly version: string;
  readonly log: (line: string) => void;
}

export interface ConnectorApi {
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024;
/** The request headers of POST /connect that are not CORS-safelisted, so the browser asks first (preflight). */
const ALLOWED_HEADERS = "Api-Version, Api-Access-Token, VPN-Client-Controller-Identifier, Content-Type";

const errorBody = (message: string) => JSON.stringify({ status: "error", type: "Error", data: [{ message }] });

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error("The request body is too large.");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text === "" ? {} : JSON.parse(text);
  } catch {
    throw new Error("The request body is not JSON.");
  }
}

/** Listens on host:port; resolves once listening (rejects when the port is taken). */
export async function startConnectorApi(options: ConnectorApiOptions): Promise<ConnectorApi> {
  const { tunnel, portalOrigin } = options;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const json = (status: number, body: string) =>
      void res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(body);
    if (req.headers.origin !== portalOrigin) return json(403, errorBody(`This VPN client answers only ${portalOrigin}.`));
    res.setHeader("Access-Control-Allow-Origin", portalOrigin);
    res.setHeader("Vary", "Origin");
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      res.setHeader("Access-Control-Max-Age", "600");
      // Chrome's Private Network Access: a public portal may reach 127.0.0.1 only if the client says so.
      if (req.headers["access-control-request-private-network"] === "true") res.setHeader("Access-Control-Allow-Private-Network", "true");
      return void res.writeHead(204).end();
    }
    const route = `${req.method} ${path}`;
    if (route === "GET /status") return json(200, JSON.stringify(tunnel.status));
    if (route === "GET /version") return json(200, JSON.stringify({ version: options.version }));
    if (route === "POST /disconnect") {
      tunnel.disconnect();
      return json(200, JSON.stringify(tunnel.status));
    }
    if (route === "POST /connect") {
      let body: unknown;
      try {
        body = await readJson(req);
      } catch (e) {
        return json(400, errorBody((e as Error).message));
      }
      const { agentId, forceProtocol = "tcp" } = (body ?? {}) as { agentId?: unknown; forceProtocol?: unknown };
      const ticket = req.headers["api-access-token"];
      if (typeof agentId !== "string" || agentId === "") return json(400, errorBody("agentId is required."));
      if (typeof ticket !== "string" || ticket === "") return json(400, errorBody("The Api-Access-Token header (the ticket) is required."));
      if (!(FORCE_PROTOCOLS as ReadonlyArray<unknown>).includes(forceProtocol)) return json(400, errorBody("forceProtocol must be tcp, tcp4 or tcp6."));
      const controller = req.headers["vpn-client-controller-identifier"];
      options.log(`connect requested for device ${agentId} over ${String(forceProtocol)}${typeof controller === "string" ? ` by controller ${controller.slice(0, 64)}` : ""}`);
      tunnel.connect(agentId, ticket, forceProtocol as ForceProtocol);
      return json(200, JSON.stringify(tunnel.status));
    }
    return json(404, errorBody(`No ${route} here.`));
  };

  const server = createServer((req, res) => void handle(req, res));
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket: Socket, head) => {
    if (req.headers.origin !== portalOrigin || (req.url ?? "/").split("?")[0] !== "/") {
      socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // The status at once, so a page that subscribes late needs no GET /status to catch up.
      ws.send(JSON.stringify(tunnel.status));
      const push = (status: VpnClientStatus) => ws.send(JSON.stringify(status));
      tunnel.on("status", push);
      ws.on("close", () => tunnel.off("status", push));
      ws.on("error", () => ws.terminate());
    });
  });
  server.listen(options.port, options.host);
  await Promise.race([once(server, "listening"), once(server, "error").then(([e]) => Promise.reject(e as Error))]);
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${address.port}`,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
