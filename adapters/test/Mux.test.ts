import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { Mux, MuxStream, TunnelError, tunnelDialOptions } from "../src/tunnel/Mux";
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
  const url = `ws://127.0.0.1:${port}`;
  const ws = new WebSocket(url, tunnelDialOptions(url));
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

  it("through a relay (two spliced streams, bridged), concurrent streams opened with openNow carry their bytes intact both ways", async () => {
    const inner = await pair((_req, s) => {
      s.accept();
      s.pipe(s); // the device's echo
    });
    const outer = await pair((req, s) => {
      // The relay: the opener's first bytes go on before the device accepts, as in ClientLink.
      const { stream: device, opened } = inner.near.openNow(req);
      void splice(s, device);
      void opened.then(() => s.accept(), () => undefined);
    });
    const one = async (size: number) => {
      const { stream, opened } = outer.near.openNow({ service: "echo" });
      const sent = randomBytes(size);
      const received: Buffer[] = [];
      stream.on("data", (c: Buffer) => received.push(c));
      // Written in pieces of odd sizes, before the relay or the device answered.
      for (let at = 0; at < size; at += 70_001) stream.write(sent.subarray(at, at + 70_001));
      stream.end();
      // The END may come before the OPENED (the relay accepts once the device did): wait for both.
      await Promise.all([opened, once(stream, "end")]);
      return sha(Buffer.concat(received)) === sha(sent);
    };
    expect(await Promise.all([one(3_000_000), one(1_234_567), one(1), one(2_000_000)])).toEqual([true, true, true, true]);
  });

  it("openNow: a refusal that reaches the opener as a reset rejects with its reason and destroys the stream", async () => {
    const inner = await pair((_req, s) => s.refuse({ code: "SERVICE_UNREACHABLE", message: "unreachable" }));
    const outer = await pair((req, s) => {
      const { stream: device, opened } = inner.near.openNow(req);
      void splice(s, device);
      void opened.then(() => s.accept(), () => undefined);
    });
    const { stream, opened } = outer.near.openNow({ service: "plc" });
    stream.write("early bytes");
    await expect(opened).rejects.toMatchObject({ code: "SERVICE_UNREACHABLE" });
    if (!stream.destroyed) await once(stream, "close");
    expect(stream.destroyed).toBe(true);
    expect(outer.near.size).toBe(0);
  });

  it("tunnelDialOptions: a zero mask key only where nobody can read the link", () => {
    const zeroMask = (url: string) => {
      const mask = Buffer.from([1, 2, 3, 4]);
      tunnelDialOptions(url).generateMask?.(mask);
      return [...mask].every((b) => b === 0);
    };
    expect(zeroMask("ws://127.0.0.1:8080/api/relay/agent")).toBe(true);
    expect(zeroMask("ws://localhost:8080/api/relay/agent")).toBe(true);
    expect(zeroMask("wss://portal.example.com/api/relay/client")).toBe(true);
    expect(zeroMask("ws://portal.example.com/api/relay/client")).toBe(false);
    expect(tunnelDialOptions("ws://portal.example.com/").perMessageDeflate).toBe(false);
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
