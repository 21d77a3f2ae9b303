import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The server serves web/dist with an SPA fallback on the same origin as /api, so the dev server
// proxies /api to a running portal (PORTAL_API, default the `npm start` port).
export default defineConfig({
  plugins: [react()],
  // adapters read CSV with csv-parse's Node build (2-3x faster in Node); the browser takes its ESM build.
  resolve: { alias: [{ find: /^csv-parse\/sync$/, replacement: "csv-parse/browser/esm/sync" }] },
  server: {
    proxy: { "/api": process.env.PORTAL_API ?? "http://localhost:8080" },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
