import { defineConfig } from "vitest/config";

// One vitest run over every package. End-to-end tests (tests/e2e) run under Playwright instead.
export default defineConfig({
  test: {
    projects: ["core", "fixtures", "adapters", "server", "web", "cli"].map((name) => ({
      extends: true,
      test: {
        name,
        root: `./${name}`,
        include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
        environment: name === "web" ? "jsdom" : "node",
        // The server's test databases start from templates built once per run (test/dbTemplates.ts).
        ...(name === "server" ? { globalSetup: ["./test/globalSetup.ts"] } : {}),
      },
    })),
    reporters: ["default", "./scripts/count-reporter.ts"],
    // Every answer of the server is checked against its endpoint's success schema (core's route table).
    env: { PORTAL_CHECK_ANSWERS: "1" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
