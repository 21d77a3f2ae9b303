/**
 * A listening portal and the two ends of the relay for tests: a device agent made of the real
 * multiplexer (it reaches the TCP services it is given), and a client link with a ticket.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { WebSocket } from "ws";
import { Mux, type MuxStream } from "@portal/adapters/tunnel/Mux";
import { splice } from "@portal/adapters/tunnel/splice";
import { apiHeaders } from "../testDatabase";

export type Json = { data: any; status: string };

/** A tiny HMI page on loopback. */
export async function startHmi(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Demo HMI</title><h1>Demo HMI</h1>");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

/** Links an agent: services maps a server publicId to a local port. Resolves once the relay says linked. */
export async function linkAgent(baseUrl: string, agentId: string, secret: string, services: Record<string, number>): Promise<{ mux: Mux; ws: WebSocket; refusedServices: string[] }> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/relay/agent`, { headers: { authorization: `Agent ${agentId}:${secret}` } });
  const refusedServices: string[] = [];
  const linked = new Promise<void>((resolve, reject) => {
    ws.once("unexpected-response", (_req, res) => reject(new Error(`agent refused: ${res.statusCode}`)));
    ws.once("error", reject);
    const mux = new Mux(ws, {
      side: "odd",
      onNotice: (v) => { if ((v as { type?: string }).type === "linked") resolve(); },
      onOpen: (req, stream) => {
        const port = services[req.service];
        if (port === undefined) {
          refusedServices.push(req.service);
          return stream.refuse({ code: "SERVICE_NOT_CONFIGURED", message: "The device agent is not set up for this service." });
        }
        const socket = connect(port, "127.0.0.1");
        socket.setNoDelay(true);
        socket.once("connect", () => { stream.accept(); void splice(stream, socket); });
        socket.once("error", () => { if (!stream.destroyed) stream.refuse({ code: "SERVICE_UNREACHABLE", message: "unreachable" }); });
      },
    });
    (ws as unknown as { mux: Mux }).mux = mux;
  });
  await linked;
  return { mux: (ws as unknown as { mux: Mux }).mux, ws, refusedServices };
}

export interface ClientEnd {
  readonly mux: Mux;
  readonly ws: WebSocket;
  readonly hello: { agent: { publicId: string; name: string }; services: Array<{ publicId: string; name: string }>; resume: string };
  readonly notices: unknown[];
}

/** Opens a client link with a ticket (or a resume token); rejects with the HTTP status when refused. */
export function linkClient(baseUrl: string, token: { ticket?: string; resume?: string }): Promise<ClientEnd> {
  const headers: Record<string, string> = token.ticket ? { "api-access-token": token.ticket } : { "tunnel-resume": token.resume ?? "" };
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/relay/client`, { headers });
  const notices: unknown[] = [];
  return new Promise((resolve, reject) => {
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => reject(Object.assign(new Error(`client refused: ${res.statusCode}`), { status: res.statusCode, body })));
    });
    ws.once("error", reject);
    const mux = new Mux(ws, {
      side: "odd",
      onNotice: (v) => {
        notices.push(v);
        if ((v as { type?: string }).type === "hello") resolve({ mux, ws, hello: v as ClientEnd["hello"], notices });
      },
    });
  });
}

/** Sends an HTTP GET over a stream and resolves with everything the service answered. */
export async function httpGetOver(stream: MuxStream): Promise<string> {
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  stream.end("GET / HTTP/1.1\r\nHost: hmi\r\nConnection: close\r\n\r\n");
  await once(stream, "end");
  return Buffer.concat(chunks).toString();
}

/** A signed-in call through inject. */
export const caller = (app: FastifyInstance, company: string, tokens: Record<string, string>) =>
  (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who: string, payload?: unknown) =>
    app.inject({ method, url, headers: apiHeaders(tokens[who], company), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A free TCP port on loopback. */
export async function freePortForTest(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}
