import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { Mux, MuxStream, TunnelError } from "../src/tunnel/Mux";
import { splice } from "../src/tunnel/splice";

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A linked pair of muxes over a real WebSocket on loopback. */
async function pair(onOpen: (req: { service: string }, s: MuxStream) => void, window?: number): Promise<{ near: Mux; far: Mux }> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await once(wss, "listening");
  const port = (wss.address() as AddressInfo).port;
  const accepted = once(wss, "connection");
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  await once(ws, "open");
  const [serverWs] = (await accepted) as [WebSocket];
  const far = new Mux(serverWs, { side: "even", onOpen, ...(window ? { window } : {}) });
  const near = new Mux(ws, { side: "odd", ...(window ? { window } : {}) });
  cleanups.push(() => { near.close(); far.close(); wss.close(); });
  return { near, far };
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("Mux", () => {
  it("carries bytes both ways intact, with half close, through a small window", async () => {
    const { near } = await pair((_req, s) => {
      s.accept();
      s.pipe(s); // echo, ends when the opener ends
    }, 4096);
    const stream = await near.open({ service: "echo" });
    const sent = randomBytes(300_000);
    const received: Buffer[] = [];
    stream.on("data", (c: Buffer) => received.push(c));
    stream.end(sent);
    await once(stream, "end");
    expect(sha(Buffer.concat(received))).toBe(sha(sent));
  });

  it("refuses with the far end's reason", async () => {
    const { near } = await pair((_req, s) => s.refuse({ code: "SERVICE_NOT_CONFIGURED", message: "no" }));
    await expect(near.open({ service: "x" })).rejects.toMatchObject({ code: "SERVICE_NOT_CONFIGURED" });
    expect(near.size).toBe(0);
  });

  it("a reader that does not read stops the writer at one window", async () => {
    let far: MuxStream | undefined;
    const { near } = await pair((_req, s) => { s.accept(); far = s; s.pause(); }, 8192);
    const stream = await near.open({ service: "sink" });
    const chunk = Buffer.alloc(16_384);
    for (let i = 0; i < 200 && stream.write(chunk); i++);
    await new Promise((r) => setTimeout(r, 200));
    // The sender has sent at most one window; the rest waits in its own writable buffer (bounded by write() answering false).
    expect(stream.bytesOut).toBeLessThanOrEqual(8192);
    expect(far!.bytesIn).toBeLessThanOrEqual(8192);
    far!.resume();
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.bytesOut).toBeGreaterThan(8192);
  });

  it("a reset reaches the other side of a splice with its reason", async () => {
    let relayed: MuxStream | undefined;
    const inner = await pair((_req, s) => { s.accept(); relayed = s; });
    const outer = await pair((req, s) => {
      void inner.near.open(req).then((target) => { s.accept(); void splice(s, target); });
    });
    const stream = await outer.near.open({ service: "svc" });
    stream.write("hello");
    await new Promise((r) => setTimeout(r, 50));
    const error = once(stream, "error");
    relayed!.reset({ code: "ACCESS_REVOKED", message: "revoked" });
    const [e] = (await error) as [TunnelError];
    expect(e.code).toBe("ACCESS_REVOKED");
  });

  it("a lost link fails every stream with LINK_LOST", async () => {
    const { near, far } = await pair((_req, s) => s.accept());
    const stream = await near.open({ service: "a" });
    const error = once(stream, "error");
    far.close();
    const [e] = (await error) as [TunnelError];
    expect(e.code).toBe("LINK_LOST");
    expect(near.closed).toBe(true);
  });
});
