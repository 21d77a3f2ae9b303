/**
 * The `portal` command tree (commander): global options --url, --company, --json and the
 * commands of commands/. Usage errors exit 2 through main's handler.
 */
import { Command } from "commander";
import { registerAgent } from "./commands/agent";
import { registerGroupTypes } from "./commands/groupTypes";
import { registerLogin } from "./commands/login";
import { registerTranslations } from "./commands/translations";
import { registerUsers } from "./commands/users";
import { registerVpnClient } from "./commands/vpnClient";
import { processIo, type Io } from "./io/Io";

export function buildProgram(): { program: Command; io: () => Io } {
  const program = new Command("portal");
  const io = () => processIo(program.opts<{ json?: boolean }>().json === true);
  program
    .description("The portal's command line for support staff: translations and group types in bulk")
    .version("0.1.0")
    .option("--url <url>", "portal URL, e.g. https://portal.example.com (default: PORTAL_URL or the saved login)")
    .option("--company <company>", "company publicId or name (default: PORTAL_COMPANY or the saved login)")
    .option("--json", "print machine-readable JSON")
    .showHelpAfterError("(run portal --help for usage)")
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  registerLogin(program, io);
  registerTranslations(program, io);
  registerGroupTypes(program, io);
  registerUsers(program, io);
  registerAgent(program);
  registerVpnClient(program);
  return { program, io };
}
