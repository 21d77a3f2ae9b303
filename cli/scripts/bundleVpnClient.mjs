// Builds the downloadable VPN client: cli/src/vpnClientMain.ts with everything it uses (core,
// adapters, commander, ws) in one ES module file, cli/dist/portal-vpn-client.mjs, that runs with
// plain `node portal-vpn-client.mjs --portal URL` on a machine with Node 20 and nothing else.
// The server calls `bundleVpnClient()` when the file is first asked for; `node
// cli/scripts/bundleVpnClient.mjs` builds it by hand and prints its path.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..");
const output = join(cli, "dist", "portal-vpn-client.mjs");
const sourceDirs = [join(cli, "src"), join(cli, "..", "core", "src"), join(cli, "..", "adapters", "src")];

function newestSource() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of sourceDirs) if (existsSync(dir)) walk(dir);
  return Math.max(newest, statSync(join(cli, "package.json")).mtimeMs);
}

let building = null;

/**
 * The path of the bundle, built first when it is missing or older than a source. Concurrent calls
 * in one process share one build; the file is replaced atomically, so a download never gets half
 * a file. Rejects when esbuild fails.
 */
export async function bundleVpnClient() {
  if (existsSync(output) && statSync(output).mtimeMs >= newestSource()) return output;
  building ??= build().finally(() => (building = null));
  return building;
}

async function build() {
  // esbuild is a dependency of tsx, a root dev dependency (as for bin/portal.mjs).
  const esbuild = createRequire(createRequire(import.meta.url).resolve("tsx/package.json"))("esbuild");
  mkdirSync(dirname(output), { recursive: true });
  const temporary = `${output}.${process.pid}.tmp`;
  await esbuild.build({
    entryPoints: [join(cli, "src", "vpnClientMain.ts")],
    bundle: true, platform: "node", format: "esm", target: "node20", outfile: temporary,
    // ws is CommonJS and requires Node's built-ins; an ES module has no `require` of its own.
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __portalCreateRequire } from 'node:module';\nconst require = __portalCreateRequire(import.meta.url);" },
    // ws loads these optional native speed-ups inside try/catch; without them it uses plain JS.
    external: ["bufferutil", "utf-8-validate"],
    tsconfig: join(cli, "tsconfig.json"), logLevel: "error", legalComments: "eof", minify: true,
  });
  renameSync(temporary, output);
  return output;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await bundleVpnClient());
}
