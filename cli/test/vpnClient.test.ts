import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { VpnClientStatus } from "@portal/core/domain/VpnClient";
import { startDemoServices, type DemoServices } from "../src/demo/demoServices";
import { startAgentLink, type AgentLink } from "../src/tunnel/agent";
import { startVpnClient, type VpnClient } from "../src/tunnel/vpnClient";
import { FakeRelay, until } from "./support/fakeRelay";

const AGENT = {
  agentId: "agentAAAAAA1", secret: "s3cret", name: "Press 4",
  services: [{ publicId: "svcHmi000001", name: "HMI" }, { publicId: "svcEcho00001", name: "Echo" }, { publicId: "svcGhost0001", name: "Not on the agent" }],
};
const FAST = { initialMs: 20, maxMs: 100 };

let relay: FakeRelay;
let demo: DemoServices;
let agent: AgentLink;
let origin: string;
beforeAll(async () => {
  relay = new FakeRelay([AGENT]);
  await relay.listen();
  origin = relay.httpUrl;
  demo = await startDemoServices({ deviceName: "Press 4" });
  agent = startAgentLink({
    relayUrl: relay.agentUrl, agentId: AGENT.agentId, secret: AGENT.secret, log: () => undefined, backoff: FAST,
    services: { svcHmi000001: demo.addresses["demo:hmi"], svcEcho00001: demo.addresses["demo:echo"] },
  });
  await until(() => agent.state === "linked", "the agent's link");
});
afterAll(async () => {
  await agent.stop();
  await relay.close();
  await demo.close();
});

let client: VpnClient;
const logs: string[] = [];
afterEach(() => client?.close());
const start = async () => {
  client = await startVpnClient({ portalUrl: `${origin}/some/page`, port: 0, backoff: FAST, log: (l) => logs.push(l) });
  return client;
};
const call = (path: string, init: RequestInit = {}, from = origin) =>
  fetch(`${client.url}${path}`, { ...init, headers: { Origin: from, "Api-Version": "2", ...(init.headers as Record<string, string>) } });
const connectWith = (ticket: string) =>
  call("/connect", { method: "POST", body: JSON.stringify({ agentId: AGENT.agentId, companyId: "companyAAAA1" }), headers: { "Content-Type": "application/json", "Api-Access-Token": ticket, "VPN-Client-Controller-Identifier": "browser-1" } });
const status = () => client.tunnel.status;
const lastStep = () => status().activeRequest?.steps.at(-1)?.status;
const address = (publicId: string) => status().session!.services.find((s) => s.publicId === publicId)!.address;
const hostPort = (a: string) => ({ host: a.split(":")[0]!, port: Number(a.split(":")[1]) });

describe("local VPN client", () => {
  it("answers status and version to the portal's origin only, with CORS and preflight", async () => {
    await start();
    const answer = await call("/status");
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    expect(await answer.json()).toEqual({ status: "idle", activeRequest: null, session: null });
    expect(await (await call("/version")).json()).toEqual({ version: "0.1.0" });
    const preflight = await call("/connect", { method: "OPTIONS", headers: { "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "api-access-token" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("VPN-Client-Controller-Identifier");
    const foreign = await call("/status", {}, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(await foreign.json()).toMatchObject({ status: "error" });
    const noOrigin = await fetch(`${client.url}/status`);
    expect(noOrigin.status).toBe(403);
    const ws = new WebSocket(client.url.replace("http", "ws") + "/", { origin: "https://evil.example" });
    const [, response] = (await once(ws, "unexpected-response")) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(403);
    ws.on("error", () => undefined); // terminating a refused handshake reports one
    ws.terminate();
  });

  it("connects with a ticket, pushes each status, and serves the device's HMI on a local port", async () => {
    await start();
    const ws = new WebSocket(client.url.replace("http", "ws") + "/", { origin });
    const pushed: VpnClientStatus[] = [];
    ws.on("message", (data) => pushed.push(JSON.parse(String(data)) as VpnClientStatus));
    await once(ws, "open");
    expect((await connectWith(relay.issueTicket(AGENT.agentId))).status).toBe(200);
    await until(() => status().status === "connected", "connected");
    const session = status().session!;
    expect(session.agent).toEqual({ publicId: AGENT.agentId, name: AGENT.name });
    expect(session.serverName).toBe("relay.test");
    expect(session.vpnAddress).toBe(session.services[0]!.address);
    expect(status().activeRequest!.steps.map((s) => (s.status as { code: number }).code)).toEqual([1, 2, 3]);
    const page = await fetch(`http://${address("svcHmi000001")}/`);
    expect(await page.text()).toContain("<title>Demo HMI</title>");
    await until(() => pushed.some((s) => s.status === "connected"), "the pushed connected status");
    expect(pushed.map((s) => s.status)).toEqual(expect.arrayContaining(["idle", "connecting", "connected"]));
    ws.terminate();
  });

  it("refuses a bad ticket with an error step and stays idle", async () => {
    await start();
    await connectWith("not-a-ticket");
    await until(() => status().status === "idle" && status().activeRequest !== null, "the refusal");
    expect(lastStep()).toMatchObject({ code: 10 });
  });

  it("reports a refused stream as an error step, closing only that local connection", async () => {
    await start();
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "connected");
    const socket = connect(hostPort(address("svcGhost0001")));
    await once(socket, "close");
    await until(() => (lastStep() as { code?: number })?.code === 14, "the refusal step");
    expect(lastStep()).toEqual({ code: 14, message: "The device agent is not set up for this service." });
    expect(status().status).toBe("connected");
  });

  it("when access ends: resets live connections, closes the local ports, idles with the reason", async () => {
    await start();
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "connected");
    const echo = hostPort(address("svcEcho00001"));
    const socket = connect(echo);
    socket.write("ping");
    await once(socket, "data");
    const closed = once(socket, "close");
    relay.endAccess("ACCESS_REVOKED", "An approver revoked your access to this device.");
    await closed;
    await until(() => status().status === "idle", "idle");
    expect(lastStep()).toEqual({ code: 13, message: "An approver revoked your access to this device." });
    expect(status().session).toBeNull();
    const again = connect(echo);
    const [error] = (await once(again, "error")) as [NodeJS.ErrnoException];
    expect(error.code).toBe("ECONNREFUSED");
  });

  it("resumes after the portal restarts, keeping the local ports", async () => {
    await start();
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "connected");
    const hmi = address("svcHmi000001");
    await relay.restart(100);
    await until(() => status().status === "connecting", "reconnecting");
    await until(() => status().status === "connected" && agent.state === "linked", "resumed", 8000);
    expect(address("svcHmi000001")).toBe(hmi);
    expect(await (await fetch(`http://${hmi}/values.json`)).json()).toHaveProperty("speedRpm");
  });

  it("disconnect closes everything and goes idle", async () => {
    await start();
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "connected");
    const hmi = hostPort(address("svcHmi000001"));
    expect(await (await call("/disconnect", { method: "POST", body: "{}" })).json()).toEqual({ status: "idle", activeRequest: null, session: null });
    await until(() => relay.clientLinks.size === 0, "the relay link to close");
    const [error] = (await once(connect(hmi), "error")) as [NodeJS.ErrnoException];
    expect(error.code).toBe("ECONNREFUSED");
  });

  it("a second connect replaces the first", async () => {
    await start();
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "first");
    await connectWith(relay.issueTicket(AGENT.agentId));
    await until(() => status().status === "connected", "second");
    await until(() => relay.clientLinks.size === 1, "one relay link");
  });

  it("force protocol: tcp4 reaches the relay over IPv4; tcp6 finds no IPv6 address for it and says the portal is unreachable; anything else is refused", async () => {
    // The relay listens on 127.0.0.1 only; "localhost" has an IPv4 address, and no IPv6 one that answers.
    const port = new URL(relay.httpUrl).port;
    const local = `http://localhost:${port}`;
    client = await startVpnClient({ portalUrl: `${local}/page`, port: 0, backoff: FAST, log: (l) => logs.push(l) });
    const connectOver = (forceProtocol: unknown) =>
      call("/connect", {
        method: "POST", body: JSON.stringify({ agentId: AGENT.agentId, companyId: "companyAAAA1", forceProtocol }),
        headers: { "Content-Type": "application/json", "Api-Access-Token": relay.issueTicket(AGENT.agentId), "VPN-Client-Controller-Identifier": "browser-1" },
      }, local);
    expect((await connectOver("udp")).status).toBe(400);
    expect(status().status).toBe("idle");
    expect((await connectOver("tcp4")).status).toBe(200);
    await until(() => status().status === "connected", "connected over IPv4");
    expect(logs.some((l) => l.includes("(tcp4 only)"))).toBe(true);
    expect((await connectOver("tcp6")).status).toBe(200);
    await until(() => status().status === "idle" && status().activeRequest !== null, "the IPv6 failure");
    expect(lastStep()).toMatchObject({ code: 11 });
    expect(status().session).toBeNull();
  });
});
