/**
 * `portal vpn-client --portal URL [--port 9250] [--host 127.0.0.1] [--service-port-base N]`: the
 * local VPN client. It answers the portal's web app (only that origin) on the connector API and
 * carries the device's services to local ports while connected; it runs until SIGINT or SIGTERM.
 */
import type { Command } from "commander";
import { UsageError } from "../CliError";

const port = (name: string) => (text: string): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UsageError({ message: `${name} must be a port number (0-65535), not ${text}` });
  return n;
};

const stamp = (line: string) => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);

export function registerVpnClient(program: Command): void {
  defineVpnClient(program.command("vpn-client"));
}

/** Gives `command` the VPN client's description, options and action (the `portal vpn-client` subcommand, or the whole program of the downloadable bundle). */
export function defineVpnClient(command: Command): Command {
  return command
    .description("run the local VPN client that the portal's web app connects through")
    .requiredOption("--portal <url>", "the portal's URL, e.g. https://portal.example.com (only this origin is answered)")
    .option("--port <port>", "port of the connector API", port("--port"), 9250)
    .option("--host <host>", "address of the connector API", "127.0.0.1")
    .option("--service-port-base <port>", "first local port of the device's services (then consecutive); ephemeral ports when omitted", port("--service-port-base"))
    .action(async (options: { portal: string; port: number; host: string; servicePortBase?: number }) => {
      let portalUrl: URL;
      try {
        portalUrl = new URL(options.portal);
      } catch {
        throw new UsageError({ message: `--portal must be a URL such as https://portal.example.com, not ${options.portal}` });
      }
      if (portalUrl.protocol !== "http:" && portalUrl.protocol !== "https:") throw new UsageError({ message: "--portal must be an http:// or https:// URL" });
      const { startVpnClient } = await import("../tunnel/vpnClient");
      const client = await startVpnClient({
        portalUrl: portalUrl.href, host: options.host, port: options.port, log: stamp,
        ...(options.servicePortBase === undefined ? {} : { servicePortBase: options.servicePortBase }),
      });
      stamp(`VPN client for ${portalUrl.origin} listening on ${client.url}`);
      const signal = await new Promise<string>((resolve) => {
        process.once("SIGINT", () => resolve("SIGINT"));
        process.once("SIGTERM", () => resolve("SIGTERM"));
      });
      stamp(`stopping on ${signal}`);
      await client.close();
    });
}
