#!/usr/bin/env node
// First-load JS of the portal's sign-in page next to a blank Vite + React page, both built here in
// the same run with the same Vite and React (issue 16: target at most 150 kB gzip).
//
// The sign-in page's first load is the entry chunk of index.html with its static imports, plus the
// code-split /login page with its static imports: what the browser must fetch before the form
// shows, and every script index.html names besides (the module preloads of vite.config.ts's
// preloadFirstScreen: the message catalogue), which the browser fetches at once with them, and the
// scripts written into index.html (the boot script), each compressed on its own.
// Chunks imported later (other pages, icons, the signed-in shell) are left out. Sizes are
// of each file compressed as the build writes its copies, which the server sends (gzip 9, brotli 11:
// vite.config.ts, precompress).
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const here = dirname(fileURLToPath(import.meta.url));
const TARGET_GZIP = 150 * 1024;
const SIGN_IN_PAGE = "src/features/login/LoginPage.tsx";

/** Builds a project in memory and returns its JS chunks by file name. */
async function chunksOf(root, plugins) {
  const output = await build({
    root,
    configFile: plugins ? false : undefined,
    plugins,
    logLevel: "silent",
    build: { write: false, target: "es2022" },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const html = outputs.find((o) => o.type === "asset" && o.fileName === "index.html");
  const chunks = new Map(outputs.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
  // The scripts index.html names (entry and module preloads), by file name.
  chunks.named = html ? [...String(html.source).matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]) : [];
  // Scripts written into index.html itself (the boot script, src/boot), counted as chunks of their own.
  chunks.inline = html ? [...String(html.source).matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m, i) => ({ fileName: `index.html inline script ${i + 1}`, code: m[1], imports: [] })) : [];
  return chunks;
}

/** The chunks of `starts` and, recursively, their static imports. */
function closure(chunks, starts) {
  const seen = new Set();
  const visit = (chunk) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(chunks.get(file));
  };
  for (const chunk of starts) visit(chunk);
  return [...seen].map((file) => chunks.get(file));
}

function sizes(chunks) {
  let gzip = 0;
  let brotli = 0;
  for (const chunk of chunks) {
    const code = Buffer.from(chunk.code);
    gzip += gzipSync(code, { level: 9 }).length;
    brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { gzip, brotli, chunks: chunks.length };
}

const portalChunks = await chunksOf(join(here, ".."));
const entry = [...portalChunks.values()].filter((c) => c.isEntry);
const signIn = [...portalChunks.values()].filter((c) => c.facadeModuleId?.endsWith(SIGN_IN_PAGE));
if (entry.length !== 1 || signIn.length !== 1) throw new Error("the portal build has no single entry or no sign-in page chunk");
const named = portalChunks.named.map((file) => portalChunks.get(file)).filter((c) => c !== undefined);
const portal = sizes([...closure(portalChunks, [...entry, ...signIn, ...named]), ...portalChunks.inline]);
const inline = sizes(portalChunks.inline);
const portalEntryOnly = sizes(closure(portalChunks, entry));

const blankChunks = await chunksOf(join(here, "blank"), [react()]);
const blank = sizes(closure(blankChunks, [...blankChunks.values()].filter((c) => c.isEntry)));

const kb = (n) => `${(n / 1024).toFixed(1)} kB`.padStart(10);
console.log("first-load JS                      gzip     brotli  chunks");
console.log(`portal sign-in page (first load) ${kb(portal.gzip)}${kb(portal.brotli)}  ${portal.chunks}`);
console.log(`  of which the entry's closure   ${kb(portalEntryOnly.gzip)}${kb(portalEntryOnly.brotli)}  ${portalEntryOnly.chunks}`);
console.log(`  of which in index.html itself  ${kb(inline.gzip)}${kb(inline.brotli)}  ${inline.chunks}`);
console.log(`blank Vite + React page          ${kb(blank.gzip)}${kb(blank.brotli)}  ${blank.chunks}`);
console.log(`portal minus blank               ${kb(portal.gzip - blank.gzip)}${kb(portal.brotli - blank.brotli)}`);
const holds = portal.gzip <= TARGET_GZIP;
console.log(`target: at most 150 kB gzip on the sign-in page: ${holds ? "holds" : `does NOT hold (${kb(portal.gzip - TARGET_GZIP).trim()} over)`}`);
