import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build as viteBuild, defineConfig, type Plugin, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";
import { browserTitle, NO_BRANDING } from "../core/src/rules/branding";
import { startingScreenMarkup, STARTING_SCREEN_TEMPLATE_ID } from "./src/boot/startingScreenTemplate";

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

// Every signed-in start loads the signed-in frame (its gate, its stores, the top bar and menu) and
// the API's later areas (the company's branding is one of them). Left to the default, each set of
// modules shared by a different set of pages is a chunk of its own: a cold start of /devices
// fetched over a hundred scripts, most of 1-2 kB, each a round trip on one of a phone's 6
// connections per host. The modules of the frame and of the later areas are one chunk each here,
// less what the sign-in page may load: the entry's and the sign-in page's imports, and what those
// import lazily (the HTTP adapter, the English messages, the VPN connector's adapter...), but the
// pages of the route table, the frame and the later areas. That part keeps the default chunks,
// so that the sign-in page loads what it loaded before.
const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const frameRoots = [src("./src/shell/SignedInGate.tsx"), src("./src/shell/Shell.tsx")];
// The full route table (every entity's schemas) comes with the first call outside the session's
// routes, as the later areas do: both are loaded by every signed-in start, neither by the sign-in page.
const laterAreaRoots = [src("../adapters/src/http/laterAreas.ts"), src("../core/src/wire/routes.ts")];
const firstLoadRoots = [src("./src/main.tsx"), src("./src/features/login/LoginPage.tsx")];
// The HTTP adapter and the stored session's decoder: lazy on the first load (the form shows
// before them), then loaded by every start at once, signed in or not (the sign-in page's first
// calls need the adapter). Left to the default they were 17 chunks of under 1 kB each and a few
// larger ones, each a request on a phone's 6 connections; now one chunk, less the first load's own
// static imports (which stay where they are, so the first load does not change).
// The signed-in starting frame joins them: every signed-in start loads it with the stored session.
const sessionApiRoots = [src("../adapters/src/http/PortalApiHttp.ts"), src("./src/stores/storedSession.ts"), src("./src/shell/StartingFrame.tsx")];
/** The message catalogue, preloaded with the entry (preloadFirstScreen below): part of the first load. */
const FIRST_SCREEN_FILES = [src("../core/src/messages/englishMessages.ts")];
/** Modules whose lazy imports are pages (the route tables, and pages opening their dialogs): not followed. */
const pageLoaders = /[\\/]web[\\/]src[\\/](features[\\/]|app[\\/](routes|screens)\.tsx$)/;
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };
/** The modules `roots` import, directly or not; with `lazyToo`, also what they import lazily, but `skip` and pages. */
const closure = (ctx: ChunkingContext, roots: string[], lazyToo = false, skip: string[] = []): Set<string> => {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    pending.push(...info.importedIds);
    if (lazyToo && !pageLoaders.test(id)) pending.push(...info.dynamicallyImportedIds.filter((lazy) => !skip.includes(lazy)));
  }
  return seen;
};
let closures: { firstLoad: Set<string>; firstLoadStatic: Set<string>; sessionApi: Set<string>; frame: Set<string>; laterAreas: Set<string> } | null = null;
/** Each build reads its own module graph (a process may build twice: bench/firstLoadBench.mjs). */
const freshClosures = (): Plugin => ({ name: "portal-fresh-closures", apply: "build", buildStart: () => void (closures = null) });
const signedInChunk = (id: string, ctx: ChunkingContext): string | null => {
  if (/\.css$/.test(id)) return null;
  closures ??= {
    firstLoad: closure(ctx, firstLoadRoots, true, [...frameRoots, ...laterAreaRoots]),
    firstLoadStatic: closure(ctx, [...firstLoadRoots, ...FIRST_SCREEN_FILES]),
    sessionApi: closure(ctx, sessionApiRoots),
    frame: closure(ctx, frameRoots),
    laterAreas: closure(ctx, laterAreaRoots),
  };
  if (closures.firstLoad.has(id)) return closures.sessionApi.has(id) && !closures.firstLoadStatic.has(id) ? "session-api" : null;
  // The later areas first: a signed-in start loads them with the frame, but other starts (a
  // page outside the frame asking a later area) must not load the frame with them.
  if (closures.laterAreas.has(id)) return "later-areas";
  if (closures.frame.has(id)) return "frame";
  return null;
};

// The sign-in page's own lazy chunks (the form, and the message catalogue that replaces the first
// texts) are asked for by the entry only once it has run: a round trip after the entry's own files.
// Named in index.html as module preloads, they load beside the entry instead (Lighthouse's mobile
// largest paint on the sign-in page: 2.9 s before in three runs, 2.7-2.8 s after). A signed-in
// start fetches them too: the catalogue it needs, the form's two chunks (3 kB) it does not. The
// phone's app banner is left out: desktops never load it, and with it index.html would name more
// than the 150 kB of first-load script (web/bench/firstLoadBench.mjs counts what it names).
const FIRST_SCREEN = [/[\\/]src[\\/]features[\\/]login[\\/]LoginPage\.tsx$/, /[\\/]core[\\/]src[\\/]messages[\\/]englishMessages\.ts$/];
const preloadFirstScreen = (): Plugin => ({
  name: "portal-preload-first-screen",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const scripts = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== "chunk" || chunk.isEntry || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const item of Object.values(bundle)) {
        if (item.type === "chunk" && item.moduleIds.some((id) => FIRST_SCREEN.some((re) => re.test(id)))) add(item.fileName);
      }
      return [...scripts].filter((f) => !html.includes(`/${f}"`))
        .map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${f}` }, injectTo: "head" as const }));
    },
  },
});

// The boot script (src/boot/boot.ts): built on its own into one small classic script and inlined
// at the end of index.html's body, after the starting screen's template, so that the parser runs
// it before any module and a signed-in start paints its starting screen with the stylesheet alone
// (a phone under slow-4G throttling: first paint 1.8 s with the entry's script before it). The
// server allows it by its hash (webHeaders.ts).
const bootScript = (): Plugin => ({
  name: "portal-boot-script",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    async handler() {
      const built = await viteBuild({
        configFile: false,
        logLevel: "warn",
        root: fileURLToPath(new URL(".", import.meta.url)),
        build: {
          write: false,
          target: "es2020",
          minify: true,
          lib: { entry: src("./src/boot/boot.ts"), formats: ["iife"], name: "portalBoot" },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((item) => item.type === "chunk");
      if (!chunk || chunk.type !== "chunk") throw new Error("the boot script did not build");
      if (/<\/script|<!--/i.test(chunk.code)) throw new Error("the boot script holds a sequence that would end its script element");
      return [
        { tag: "template", attrs: { id: STARTING_SCREEN_TEMPLATE_ID }, children: startingScreenMarkup(browserTitle(NO_BRANDING)), injectTo: "body" as const },
        { tag: "script", children: chunk.code.trim(), injectTo: "body" as const },
      ];
    },
  },
});

export default defineConfig(({ command }) => ({
  plugins: [react(), infoJson(), blueprintIconNames(), precompress(), freshClosures(), preloadFirstScreen(), bootScript()],
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
    // Every browser of the es2022 target but Safari 16 preloads modules itself (Safari 16 then
    // loads them when imported, as without the links): Vite's polyfill was 0.6 kB of the first load.
    modulePreload: { polyfill: false },
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
            { name: signedInChunk, priority: 5, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
