import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The server serves web/dist with an SPA fallback on the same origin as /api, so the dev server
// proxies /api to a running portal (PORTAL_API, default the `npm start` port).
// The update check (spec 7): each build gets a version of its own, compiled into the bundle and
// written to dist/info.json, which the server serves with no-cache. A page built earlier than the
// served info.json offers a reload (web/src/stores/UpdateStore.ts).
const packageVersion = (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string }).version;
const buildVersion = `${packageVersion}+${Date.now().toString(36)}`;
const infoJson = (): Plugin => ({
  name: "portal-info-json",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "info.json", source: `${JSON.stringify({ version: buildVersion })}\n` });
  },
});

// Compressed copies of the built files, beside them (main.js.br, main.js.gz), which the server
// sends as they are (server/src/http/webHeaders.ts, preCompressed): brotli at its best quality
// makes the first load 15 % smaller than the on-the-fly quality 4 (the stylesheet 35 kB instead of
// 49 kB), and no request spends CPU compressing a file. Files under 1 KiB (the server's threshold)
// and copies that would not be smaller are left out.
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const precompress = (): Plugin => ({
  name: "portal-precompress",
  apply: "build",
  async writeBundle(options, bundle) {
    const dir = options.dir ?? "dist";
    const writeSmaller = async (path: string, plain: Buffer, packed: Buffer) => {
      if (packed.length < plain.length) await writeFile(path, packed);
    };
    await Promise.all(Object.entries(bundle).filter(([name]) => /\.(js|css|html|svg|json)$/.test(name)).map(async ([name, item]) => {
      const plain = Buffer.from(item.type === "chunk" ? item.code : item.source);
      if (plain.length < 1024) return;
      const path = join(dir, name);
      await Promise.all([
        brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }).then((packed) => writeSmaller(`${path}.br`, plain, packed)),
        gzipAsync(plain, { level: 9 }).then((packed) => writeSmaller(`${path}.gz`, plain, packed)),
      ]);
    }));
  },
});

// Blueprint's icon name tables (every icon's code point) are not needed: icons load by name (src/app/icons.ts).
const iconNamesShim = fileURLToPath(new URL("./src/app/vendor/blueprintIconNames.js", import.meta.url));
const blueprintIconNames = (): Plugin => ({
  name: "portal-blueprint-icon-names",
  enforce: "pre",
  resolveId(source, importer) {
    if (importer?.includes("@blueprintjs/icons") && /^\.\/iconNames(\.js)?$/.test(source)) return iconNamesShim;
    return null;
  },
});

// react-router's package exports only its development build (warnings on); the production build
// beside it differs only in ENABLE_DEV_WARNINGS = false. Builds take it: 0.6 kB gzip less on the
// first load. Dev and tests keep the warnings.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)) },
];

// The icons the signed-in frame draws on every screen (the menu's screen icons, the top bar's and
// the company switcher's): one chunk instead of one request each, 127 -> 99 script and style
// requests on a desktop start of /devices as the demo admin. Read from the sources that draw them,
// as every quoted word there that names a bundled 16 px icon: a word that is not drawn only adds
// a few hundred bytes to the chunk; an icon left out still loads, on its own.
const bundled16 = new Set(/16px\/paths\/\{([^}]+)\}\.js/.exec(readFileSync(new URL("./src/app/icons.ts", import.meta.url), "utf8"))![1]!.split(","));
const frameSources = [
  new URL("./src/app/screenLabels.ts", import.meta.url),
  ...readdirSync(new URL("./src/shell/", import.meta.url)).filter((f) => f.endsWith(".tsx")).map((f) => new URL(`./src/shell/${f}`, import.meta.url)),
];
const frameIcons = new Set(frameSources.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/"([a-z]+(?:-[a-z]+)*)"/g)].map((m) => m[1]!)).filter((name) => bundled16.has(name)));
const isFrameIcon = (id: string): boolean => {
  const name = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/]16px[\\/]paths[\\/]([a-z-]+)\.js$/.exec(id)?.[1];
  return name !== undefined && frameIcons.has(name);
};

export default defineConfig(({ command }) => ({
  plugins: [react(), infoJson(), blueprintIconNames(), precompress()],
  define: { __PORTAL_VERSION__: JSON.stringify(buildVersion) },
  // adapters read CSV with csv-parse's Node build (2-3x faster in Node); the browser takes its ESM build.
  resolve: {
    alias: [
      { find: /^csv-parse\/sync$/, replacement: "csv-parse/browser/esm/sync" },
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  server: {
    proxy: { "/api": process.env.PORTAL_API ?? "http://localhost:8080" },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
    // Fewer, larger chunks where that costs the sign-in page nothing. By default every set of
    // modules shared by a different set of routes is a chunk of its own: /devices needed 128
    // requests, most of 1-2 kB, and on a phone's network each costs a round trip on one of the
    // browser's 6 connections per host (HTTP/1.1). Blueprint's components (none of them on the
    // sign-in page) are one chunk; react-dom and the small libraries every page needs are one.
    // The icon loader and Vite's preload helper, which the entry itself calls, have their own
    // small chunk so that no dependency drags Blueprint into the first load (the 150 kB target).
    // Measured (web/README "Size"): /devices 128 -> 104 script and style requests, its rows on
    // screen under real slow-4G throttling 6.9-7.1 s -> 6.3-6.5 s; the sign-in page unchanged.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "frame-icons", test: isFrameIcon, priority: 40 },
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|classnames|tslib)[\\/]/, priority: 30 },
            { name: "icon-loader", test: /vite[\\/]preload-helper|[\\/]node_modules[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/](iconLoader|iconTypes|index)\.js$/, priority: 20 },
            // Scripts only: the stylesheet stays where main.tsx imports it.
            { name: "blueprint", test: /[\\/]node_modules[\\/]@blueprintjs[\\/]core[\\/].*\.js$/, priority: 10 },
          ],
        },
      },
    },
  },
}));
