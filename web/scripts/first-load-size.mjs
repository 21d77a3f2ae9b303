#!/usr/bin/env node
// Sums the gzip size of the JS the browser must load before the first screen: the entry chunk of
// index.html and, recursively, its static imports (dynamic imports - code-split routes, icons -
// are left out). Reads web/dist/.vite/manifest.json; run after `vite build`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("no entry in the manifest");

const seen = new Set();
const css = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const c of manifest[key].css ?? []) css.add(c);
  for (const i of manifest[key].imports ?? []) visit(i);
};
visit(entryKey);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
let js = 0;
for (const key of seen) {
  const size = gz(manifest[key].file);
  js += size;
  console.log(`  ${manifest[key].file.padEnd(44)} ${kb(size)} gzip`);
}
const cssTotal = [...css].reduce((n, f) => n + gz(f), 0);
const lazy = Object.keys(manifest).filter((k) => !seen.has(k) && manifest[k].file.endsWith(".js")).length;
console.log(`first-load JS: ${kb(js)} gzip (${seen.size} chunks; target 150 kB: the sign-in page adds its chunk, see bench/firstLoadBench.mjs); CSS ${kb(cssTotal)} gzip; ${lazy} lazy chunks`);
