#!/usr/bin/env node
// The `portal` binary. It runs a bundle of the TypeScript sources (cli, core, adapters) built
// with esbuild into cli/dist on first use and again whenever a source is newer than the bundle,
// so a fresh clone works after `pnpm install` with no build step. Running the sources through
// tsx's loader instead costs seconds per call (every module of effect passes through the hooks),
// which scripts calling `portal` in a loop would feel; tsx remains the fallback when esbuild
// (a dependency of tsx, from the workspace root) cannot be loaded.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = join(dirname(fileURLToPath(import.meta.url)), "..");
const sourceDirs = [join(cli, "src"), join(cli, "..", "core", "src"), join(cli, "..", "adapters", "src")];
const dist = join(cli, "dist");
const pointer = join(dist, "current.json");

function newestSource() {
  let newest = statSync(join(cli, "bin", "portal.mjs")).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of sourceDirs) if (existsSync(dir)) walk(dir);
  return newest;
}

function current() {
  try {
    return JSON.parse(readFileSync(pointer, "utf8"));
  } catch {
    return null;
  }
}

async function build(newest) {
  const esbuild = createRequire(createRequire(import.meta.url).resolve("tsx/package.json"))("esbuild");
  const dir = `build-${process.pid}-${Date.now()}`;
  await esbuild.build({
    entryPoints: [join(cli, "src", "main.ts")],
    bundle: true, splitting: true, platform: "node", format: "esm", target: "node20",
    outdir: join(dist, dir), outExtension: { ".js": ".mjs" },
    // Packages cli depends on stay imports (resolved from cli/node_modules); ink loads lazily.
    // ws and modbus-serial are CommonJS that require Node built-ins, which an ESM bundle cannot.
    external: ["effect", "commander", "ink", "react", "react/*", "ws", "modbus-serial", "modbus-serial/*", "mqtt"],
    // jsonc-parser's main is a UMD build whose requires esbuild cannot follow; take its ESM build.
    // (An alias is resolved from the working directory: give it as a path from adapters.)
    alias: { "jsonc-parser": join(dirname(createRequire(join(cli, "..", "adapters", "package.json")).resolve("jsonc-parser/package.json")), "lib", "esm", "main.js") },
    tsconfig: join(cli, "tsconfig.json"), logLevel: "error",
  });
  // Publish atomically: concurrent first calls each build, the last pointer wins, all are whole.
  const temporary = `${pointer}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ dir, newest }));
  renameSync(temporary, pointer);
  // Older builds go only when nothing can still be loading from them: a process started on one
  // imports its chunks lazily (a command's module when it is dispatched), and two first calls at
  // once (the agent and the VPN client, started together) each build; removing the other's build
  // at once broke it ("Cannot find module .../vpnClient-*.mjs", seen in the end-to-end run).
  for (const old of readdirSync(dist)) {
    if (old.startsWith("build-") && old !== dir && stale(old)) rmSync(join(dist, old), { recursive: true, force: true });
  }
  return dir;
}

/** A build is stale once its builder has exited and it is ten minutes old. */
function stale(name) {
  const pid = Number(name.split("-")[1]);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if (error.code === "EPERM") return false;
    try {
      return Date.now() - statSync(join(dist, name)).mtimeMs > 600_000;
    } catch {
      return false;
    }
  }
}

async function bundled() {
  const newest = newestSource();
  const now = current();
  if (now && now.newest >= newest && existsSync(join(dist, now.dir, "main.mjs"))) return join(dist, now.dir, "main.mjs");
  mkdirSync(dist, { recursive: true });
  return join(dist, await build(newest), "main.mjs");
}

let entry;
try {
  entry = await bundled();
} catch {
  entry = null;
}
if (entry) {
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: join(cli, "tsconfig.json") });
  await import(pathToFileURL(join(cli, "src", "main.ts")).href);
}
