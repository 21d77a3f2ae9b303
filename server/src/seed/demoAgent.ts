/**
 * The demo device agent's configuration (issue 10): `npm start` runs one agent process for the
 * demo devices that are online in the demo data, with real local services behind them (an HMI web
 * page, a Modbus TCP server, an echo service). Each start gives those agents fresh credentials
 * (stored hashed, as any credential) and writes them, with the service of each server, to a file
 * in the data directory that only the agent process reads.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/Database";
import { agentServers, agents } from "../db/schema";
import { rotateAgentCredential } from "../relay/relayStore";

/** Which demo service stands behind a server, from what its name says it is. */
export const demoServiceFor = (serverName: string): "demo:hmi" | "demo:modbus" | "demo:echo" =>
  /plc|modbus/i.test(serverName) ? "demo:modbus" : /hmi|panel|dashboard|camera|printer|web/i.test(serverName) ? "demo:hmi" : "demo:echo";

/** Writes the demo agent's configuration to `path`; returns how many agents it runs. */
export async function writeDemoAgentConfig(db: Db, path: string, relayUrl: string, now: number): Promise<number> {
  const online = await db.select().from(agents).where(isNotNull(agents.vpnAddress));
  const entries = [];
  for (const agent of online) {
    const servers = await db.select().from(agentServers).where(eq(agentServers.agentId, agent.id));
    entries.push({
      agentId: agent.publicId, name: agent.name, secret: await rotateAgentCredential(db, agent.id, now),
      services: Object.fromEntries(servers.map((s) => [s.publicId, demoServiceFor(s.name)])),
    });
  }
  writeFileSync(path, `${JSON.stringify({ relayUrl, agents: entries }, null, 2)}\n`, { mode: 0o600 });
  return entries.length;
}

/** Points an existing demo agent configuration at this start's relay URL (the port may differ); keeps its credentials. */
export function retargetDemoAgentConfig(path: string, relayUrl: string): void {
  const config = JSON.parse(readFileSync(path, "utf8")) as { relayUrl: string };
  if (config.relayUrl === relayUrl) return;
  writeFileSync(path, `${JSON.stringify({ ...config, relayUrl }, null, 2)}\n`, { mode: 0o600 });
}
