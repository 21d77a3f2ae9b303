/**
 * Entry of the downloadable VPN client (scripts/bundleVpnClient.mjs bundles it into one file):
 * `node portal-vpn-client.mjs --portal URL [--port 9250] [--host 127.0.0.1] [--service-port-base N]`.
 * A usage error exits 2 with one line; any other failure at start (the port is taken) exits 4.
 */
import { Command, CommanderError } from "commander";
import cliPackage from "../package.json";
import { EXIT, UsageError } from "./CliError";
import { defineVpnClient } from "./commands/vpnClient";

const program = defineVpnClient(new Command("portal-vpn-client"))
  .version(cliPackage.version)
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof UsageError ? EXIT.usage : EXIT.fault;
  }
}
