/**
 * The device agent's configuration file: the relay's agent URL and, per agent, its credential and
 * the services it may reach. A service is "host:port" on the device's network, or "demo:hmi",
 * "demo:modbus", "demo:echo" for the demo services of `--demo-services`. The agent connects only
 * to what this file names: the portal can ask for a service, never for an address.
 */
import { readFileSync } from "node:fs";
import { Schema } from "effect";
import { UsageError } from "../CliError";

export const DEMO_SERVICES = ["demo:hmi", "demo:modbus", "demo:echo"] as const;
export type DemoService = (typeof DEMO_SERVICES)[number];

const ServiceTarget = Schema.String.check(
  Schema.isPattern(/^(demo:(hmi|modbus|echo)|\[?[A-Za-z0-9.:-]+\]?:\d{1,5})$/, { message: 'a service is "host:port" or demo:hmi, demo:modbus, demo:echo' }),
);

export const AgentEntry = Schema.Struct({
  agentId: Schema.String.check(Schema.isMinLength(1)),
  secret: Schema.String.check(Schema.isMinLength(1)),
  name: Schema.optional(Schema.String),
  /** Server publicId to its target. */
  services: Schema.Record(Schema.String, ServiceTarget),
});
export type AgentEntry = typeof AgentEntry.Type;

export const AgentConfig = Schema.Struct({
  relayUrl: Schema.String.check(Schema.isPattern(/^wss?:\/\//, { message: "relayUrl is a ws:// or wss:// URL" })),
  agents: Schema.Array(AgentEntry).check(Schema.isMinLength(1)),
});
export type AgentConfig = typeof AgentConfig.Type;

/** Where a service leads: a TCP address. */
export interface ServiceAddress {
  readonly host: string;
  readonly port: number;
}

/**
 * The address of a "host:port" target, or of a demo target through `demo`. Null when the target
 * is a demo service that is not running, or the port is outside 1..65535.
 */
export const resolveTarget = (target: string, demo: Partial<Record<DemoService, ServiceAddress>> = {}): ServiceAddress | null => {
  if (target.startsWith("demo:")) return demo[target as DemoService] ?? null;
  const colon = target.lastIndexOf(":");
  const host = target.slice(0, colon).replace(/^\[(.*)\]$/, "$1");
  const port = Number(target.slice(colon + 1));
  return host && Number.isInteger(port) && port >= 1 && port <= 65535 ? { host, port } : null;
};

/** Reads and checks the file; a UsageError names the file and what is wrong with it. */
export function readAgentConfig(path: string): AgentConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new UsageError({ message: `${path}: ${e instanceof Error ? e.message : String(e)}` });
  }
  try {
    return Schema.decodeUnknownSync(AgentConfig)(json);
  } catch (e) {
    throw new UsageError({ message: `${path}: ${e instanceof Error ? e.message.split("\n").join(" ") : String(e)}` });
  }
}
