import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The server serves web/dist with an SPA fallback on the same origin as /api, so the dev server
// proxies /api to a running portal (PORTAL_API, default the `npm start` port).
export default defineConfig({
  plugins: [react()],
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
