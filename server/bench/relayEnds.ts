/**
 * The three processes of remote access for the relay benchmark, each its own OS process as in
 * use: the portal (relayServer.ts, over IPC), the device agent (`portal agent --config`, the
 * CLI's real startAgentLink) and the local VPN client (`portal vpn-client`, the CLI's real
 * startVpnClient and its connector API), plus the calls that connect the client with a ticket.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RelayAsk, RelayReady } from "./relayServer";

const here = dirname(fileURLToPath(import.meta.url));
/** BENCH_RELAY_PROFILE=dir: the portal, the agent and the VPN client each write a V8 CPU profile there when they stop. */
const profileDir = process.env["BENCH_RELAY_PROFILE"];
const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
const portalBin = join(here, "..", "..", "cli", "bin", "portal.mjs");

const until = async (what: string, test: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`relay bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Keeps the last lines a child wrote to stderr, to show when it fails. */
const tail = (child: ChildProcess, lines: string[]) => {
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => {
    lines.push(...text.split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  });
};

export interface Server {
  readonly child: ChildProcess;
  readonly ready: RelayReady;
  ask<T>(type: RelayAsk["type"]): Promise<T>;
  stop(): Promise<void>;
}

export async function startServer(kind: "pglite" | "postgres"): Promise<Server> {
  const child = fork(join(here, "relayServer.ts"), [kind], { execArgv: ["--expose-gc", ...profile, "--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const ready = await new Promise<RelayReady>((resolve, reject) => {
    child.on("message", (m: { type?: string; id?: number; value?: unknown; error?: string }) => {
      if (m.type === "ready") return resolve(m as RelayReady);
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.value);
    });
    child.once("exit", (code) => reject(new Error(`relay bench server exited with ${code}`)));
  });
  const ask = <T>(type: RelayAsk["type"]) => new Promise<T>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
    child.send({ id, type });
  });
  return {
    child, ready, ask,
    stop: async () => {
      const exited = once(child, "exit");
      await ask("stop").catch(() => undefined);
      await exited;
    },
  };
}

/** Starts `portal agent` for Line 2 (its four services) and Line 1 (HMI panel to the echo); resolves once both are linked. */
export async function startAgent(server: Server, ports: Record<"sink" | "echo" | "source" | "slow", number>): Promise<ChildProcess> {
  const { ready } = server;
  const dir = mkdtempSync(join(tmpdir(), "relay-bench-"));
  const config = join(dir, "agent.json");
  const at = (port: number) => `127.0.0.1:${port}`;
  writeFileSync(config, JSON.stringify({
    relayUrl: `${ready.url.replace(/^http/, "ws")}/api/relay/agent`,
    agents: [
      { agentId: ready.line2.publicId, secret: ready.line2.secret, name: "Line 2 Router",
        services: Object.fromEntries(Object.entries(ready.line2.services).map(([kind, id]) => [id, at(ports[kind as keyof typeof ports])])) },
      { agentId: ready.line1.publicId, secret: ready.line1.secret, name: "Line 1 Router", services: { [ready.line1.hmi]: at(ports.echo) } },
    ],
  }));
  const child = spawn(process.execPath, [...profile, portalBin, "agent", "--config", config], { stdio: ["ignore", "ignore", "pipe"] });
  const lines: string[] = [];
  tail(child, lines);
  child.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  try {
    await until("the agent links", async () => (await server.ask<{ agents: number }>("stats")).agents === 2);
  } catch (e) {
    console.error(lines.join("\n"));
    throw e;
  }
  return child;
}

export interface Client {
  readonly child: ChildProcess;
  /** Connects with a fresh ticket of `token`'s user for `agentId`; resolves with service publicId to local address once connected. */
  connect(agentId: string, token: string): Promise<Record<string, { host: string; port: number }>>;
  disconnect(): Promise<void>;
  /** Resolves once the client is idle (after access ended). */
  idle(): Promise<void>;
}

/** Starts `portal vpn-client` for the portal's URL on an ephemeral connector port. */
export async function startClient(server: Server): Promise<Client> {
  const { url, company } = server.ready;
  const child = spawn(process.execPath, [...profile, portalBin, "vpn-client", "--portal", url, "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  const lines: string[] = [];
  tail(child, lines);
  let api = "";
  await until("the VPN client's connector API", () => {
    api = /listening on (http:\/\/\S+)/.exec(lines.join("\n"))?.[1] ?? "";
    return api !== "" || child.exitCode !== null;
  });
  if (!api) throw new Error(`the VPN client did not start:\n${lines.join("\n")}`);
  const connector = (path: string, init: RequestInit = {}) =>
    fetch(`${api}${path}`, { ...init, headers: { Origin: url, "Api-Version": "2", ...(init.headers as Record<string, string>) } });
  type Status = { status: string; session: { services: Array<{ publicId: string; address: string }> } | null; activeRequest: unknown };
  const status = async () => (await (await connector("/status")).json()) as Status;
  return {
    child,
    async connect(agentId, token) {
      const issued = await fetch(`${url}/api/agents/${agentId}/vpn-tickets`, {
        method: "POST", body: "{}",
        headers: { "api-version": "2", authorization: `Bearer ${token}`, "api-company": company, "content-type": "application/json" },
      });
      const body = (await issued.json()) as { data: { ticket: string } };
      if (issued.status !== 201) throw new Error(`vpn-tickets answered ${issued.status}: ${JSON.stringify(body)}`);
      const asked = await connector("/connect", {
        method: "POST", body: JSON.stringify({ agentId, companyId: company }),
        headers: { "Content-Type": "application/json", "Api-Access-Token": body.data.ticket, "VPN-Client-Controller-Identifier": "relay-bench" },
      });
      if (asked.status !== 200) throw new Error(`POST /connect answered ${asked.status}`);
      let now: Status | undefined;
      await until("the VPN client to connect", async () => {
        now = await status();
        if (now.status === "idle" && now.activeRequest) throw new Error(`the VPN client gave up: ${JSON.stringify(now.activeRequest)}`);
        return now.status === "connected";
      }, 10_000);
      return Object.fromEntries(now!.session!.services.map((s) => {
        const [host, port] = s.address.split(":");
        return [s.publicId, { host: host!, port: Number(port) }];
      }));
    },
    async disconnect() {
      await connector("/disconnect", { method: "POST" });
    },
    idle: () => until("the VPN client to go idle", async () => (await status()).status === "idle", 10_000),
  };
}

/** Ends a child that was spawned here (SIGTERM) and waits for it. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}
