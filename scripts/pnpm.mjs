#!/usr/bin/env node
// Runs the project's pinned pnpm. A fresh machine has only Node and npm (corepack cannot verify
// signatures here), so pnpm is installed once into .tools/ with npm and reused afterwards.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PNPM_VERSION = "10.34.9";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tools = join(root, ".tools");
const bin = join(tools, "node_modules", "pnpm", "bin", "pnpm.cjs");

/** Installs pnpm into .tools/ when it is not there yet; returns the path of its entry script. */
export function ensurePnpm() {
  if (!existsSync(bin)) {
    console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ ...`);
    const r = spawnSync("npm", ["install", "--no-save", "--no-package-lock", "--prefix", tools, `pnpm@${PNPM_VERSION}`], {
      stdio: "inherit",
      cwd: root,
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  return bin;
}

/** Runs pnpm with the given arguments in the repository root; exits the process on failure. */
export function pnpm(args, options = {}) {
  const r = spawnSync(process.execPath, [ensurePnpm(), ...args], { stdio: "inherit", cwd: root, ...options });
  if (r.status !== 0 && !options.allowFailure) process.exit(r.status ?? 1);
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  pnpm(process.argv.slice(2));
}
