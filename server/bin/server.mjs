#!/usr/bin/env node
// The server's entry point (`npm start`, the end-to-end and CLI tests). Like cli/bin/portal.mjs it
// runs an esbuild bundle of the TypeScript sources (server, core, adapters, fixtures), built into
// server/dist on first use and again whenever a source is newer, so a fresh clone needs no build
// step. Through tsx's loader a start cost 5.9 s of CPU, bundled 3.5 s (measured on a copy of the
// demo database): every test that starts a portal paid the difference. tsx stays the fallback
// when esbuild (a dependency of tsx) cannot be loaded or the bundle cannot be built.
// Run it from server/ (the working directory `npm start` and the tests give it).
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const server = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(server, "..");
const sourceDirs = ["server", "core", "adapters", "fixtures"].map((name) => join(root, name, "src"));
const dist = join(server, "dist");
const pointer = join(dist, "current.json");

function newestSource() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
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

/** The package a bare specifier names: "a/b" is "a", "@s/a/b" is "@s/a". */
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

async function build(newest) {
  const esbuild = createRequire(createRequire(join(root, "package.json")).resolve("tsx/package.json"))("esbuild");
  const dir = `build-${process.pid}-${Date.now()}`;
  await esbuild.build({
    entryPoints: [join(server, "src", "main.ts")],
    bundle: true, platform: "node", format: "esm", target: "node20",
    outfile: join(dist, dir, "main.mjs"),
    // A bundled CommonJS module may still call require (Node built-ins): give ESM one.
    banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
    tsconfig: join(server, "tsconfig.json"), logLevel: "error",
    plugins: [{
      name: "portal-server",
      setup(b) {
        // Third-party packages stay imports, resolved from server/node_modules as under tsx (one
        // copy of effect, PGlite finding its WASM files). One that only core, adapters or fixtures
        // declare is not visible from server/ under pnpm: that one is bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith("node:") || args.path.startsWith("@portal/")) return undefined;
          const name = packageOf(args.path);
          const visible = existsSync(join(server, "node_modules", name)) || existsSync(join(root, "node_modules", name));
          return visible ? { path: args.path, external: true } : undefined;
        });
        // Sources find their files (migrations, web/dist, the CLI package) next to themselves:
        // each keeps its own import.meta.url, wherever the bundle is.
        b.onLoad({ filter: /[\\/](server|core|adapters|fixtures)[\\/]src[\\/].*\.tsx?$/ }, (args) => {
          const source = readFileSync(args.path, "utf8");
          if (!source.includes("import.meta.url")) return undefined;
          return { contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith("x") ? "tsx" : "ts" };
        });
      },
    }],
  });
  // Publish atomically: concurrent first starts each build, the last pointer wins, all are whole.
  const temporary = `${pointer}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ dir, newest }));
  renameSync(temporary, pointer);
  for (const old of readdirSync(dist)) {
    // A build of another process may still be starting from its directory: only old ones go.
    if (old.startsWith("build-") && old !== dir && Date.now() - statSync(join(dist, old)).mtimeMs > 60_000) rmSync(join(dist, old), { recursive: true, force: true });
  }
  return dir;
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
  entry = process.env.PORTAL_SERVER_TSX === "1" ? null : await bundled();
} catch (error) {
  console.warn(`Could not bundle the server (${error instanceof Error ? error.message : error}); running the sources through tsx.`);
  entry = null;
}
if (entry) {
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: join(server, "tsconfig.json") });
  await import(pathToFileURL(join(server, "src", "main.ts")).href);
}
