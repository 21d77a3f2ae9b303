import { once } from "node:events";
import { createServer, type AddressInfo, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { TunnelError } from "@portal/adapters/tunnel/Mux";
import { startAgentLink, type AgentLink } from "../src/tunnel/agent";
import { FakeRelay, until } from "./support/fakeRelay";

const AGENT = { agentId: "agentAAAAAA1", secret: "s3cret", name: "Press 4", services: [{ publicId: "svcEcho0001", name: "Echo" }] };
const FAST = { initialMs: 20, maxMs: 100, stableMs: 10_000 };

const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function echoServer(): Promise<Server> {
  const server = createServer((socket) => socket.pipe(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(() => void server.close());
  return server;
}

async function setUp(secret = AGENT.secret) {
  const relay = new FakeRelay([AGENT]);
  await relay.listen();
  cleanups.push(() => relay.close());
  const echo = await echoServer();
  const lines: string[] = [];
  const link: AgentLink = startAgentLink({
    relayUrl: relay.agentUrl, agentId: AGENT.agentId, secret, name: AGENT.name,
    services: { svcEcho0001: { host: "127.0.0.1", port: (echo.address() as AddressInfo).port } },
    log: (line) => lines.push(line), backoff: FAST,
  });
  cleanups.push(() => link.stop());
  return { relay, link, lines };
}

describe("device agent", () => {
  it("links, and refuses a service it was not configured for, saying so in its log", async () => {
    const { relay, link, lines } = await setUp();
    await until(() => link.state === "linked" && link.linkedAs !== null, "the link");
    expect(link.linkedAs).toEqual({ publicId: AGENT.agentId, name: AGENT.name });
    const refused = await relay.openToAgent(AGENT.agentId, "svcOther0001").catch((e: TunnelError) => e);
    expect(refused).toMatchObject({ code: "SERVICE_NOT_CONFIGURED", message: "The device agent is not set up for this service." });
    expect(lines.some((l) => l.includes("svcOther0001") && l.includes("not in this agent's configuration"))).toBe(true);
    expect(lines.join("\n")).not.toContain(AGENT.secret);
  });

  it("acts once on the portal's message that a trial ended, and acknowledges every copy", async () => {
    const { relay, link, lines } = await setUp();
    await until(() => link.state === "linked", "the link");
    const ended: string[] = [];
    link.on("trial-ended", (feature: string) => ended.push(feature));
    const message = { type: "message", key: "trial-end:7:2026-12-01T00:00:00.000Z", body: { kind: "trial-ended", feature: "alarming", expiresOn: "2026-12-01T00:00:00.000Z" } };
    relay.agentLinks.get(AGENT.agentId)!.notice(message);
    relay.agentLinks.get(AGENT.agentId)!.notice(message);
    await until(() => relay.agentNotices.length === 2, "two acknowledgements");
    expect(relay.agentNotices).toEqual([{ type: "message-ack", key: message.key }, { type: "message-ack", key: message.key }]);
    expect(ended).toEqual(["alarming"]);
    expect([...link.endedTrials]).toEqual([["alarming", "2026-12-01T00:00:00.000Z"]]);
    expect(lines.filter((l) => l.includes("the alarming trial of this device ended on 2026-12-01"))).toHaveLength(1);
  });

  it("carries bytes to a real TCP echo service and back", async () => {
    const { relay, link } = await setUp();
    await until(() => link.state === "linked", "the link");
    const stream = await relay.openToAgent(AGENT.agentId, "svcEcho0001");
    const received: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => received.push(chunk));
    stream.end("hello, device");
    await once(stream, "end");
    expect(Buffer.concat(received).toString()).toBe("hello, device");
    await until(() => link.connections === 0, "the service socket to close");
  });

  it("refuses as unreachable a configured service that does not answer", async () => {
    const relay = new FakeRelay([AGENT]);
    await relay.listen();
    cleanups.push(() => relay.close());
    const closed = await echoServer();
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const link = startAgentLink({ relayUrl: relay.agentUrl, agentId: AGENT.agentId, secret: AGENT.secret, services: { svcEcho0001: { host: "127.0.0.1", port } }, log: () => undefined, backoff: FAST });
    cleanups.push(() => link.stop());
    await until(() => link.state === "linked", "the link");
    await expect(relay.openToAgent(AGENT.agentId, "svcEcho0001")).rejects.toMatchObject({ code: "SERVICE_UNREACHABLE" });
  });

  it("comes back by itself after the relay restarts", async () => {
    const { relay, link, lines } = await setUp();
    await until(() => link.state === "linked", "the first link");
    const states: string[] = [];
    link.on("state", (s: string) => states.push(s));
    await relay.restart(150);
    await until(() => link.state === "linked" && relay.agentLinks.has(AGENT.agentId), "the link after the restart");
    expect(states[0]).toBe("waiting");
    expect(lines.some((l) => l.includes("the link was lost"))).toBe(true);
    const stream = await relay.openToAgent(AGENT.agentId, "svcEcho0001");
    stream.end("again");
    const [chunk] = (await once(stream, "data")) as [Buffer];
    expect(chunk.toString()).toBe("again");
  });

  it("logs a refused credential clearly and keeps trying at the slow end of the back-off", async () => {
    const { relay, link, lines } = await setUp("wrong");
    await until(() => link.state === "waiting", "the refusal");
    expect(relay.upgrades).toEqual([{ path: "/api/relay/agent", status: 401 }]);
    expect(lines.at(-1)).toMatch(/refused the agent credential \(HTTP 401\).*retrying in 0\.[01]/);
  });
});
