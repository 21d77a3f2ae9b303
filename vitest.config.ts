import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./scripts/slowFirstSequencer.ts";

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
        // The CLI's test servers start from a data directory with the demo data (test/globalSetup.ts).
        ...(name === "server" || name === "cli" ? { globalSetup: ["./test/globalSetup.ts"] } : {}),
        ...(name === "web" ? { setupFiles: ["./test/setup.ts"] } : {}),
        // The CLI's tests run the real binary (tsx, a server child process) per command: seconds
        // each when the machine is busy, so a test of several commands gets more time.
        ...(name === "cli" ? { testTimeout: 120_000 } : {}),
        // A worker keeps its modules between files (isolate: false) in every project but the CLI.
        // Re-importing per file was most of the run: effect, fast-check and the route table cost
        // core 52 s of imports for 11 s of tests (10 s in all without), jsdom and React cost web
        // 142 s (20 s without), the whole server about 115 s. No file relies on fresh module state:
        // each server file builds its own app on its own database, each web test its own stores
        // (checked with --sequence.shuffle). The CLI's files start real processes instead.
        ...(name === "cli" ? {} : { isolate: false }),
        // A deprecation is a failure where it happens in the server's tests: pg 8 only warned
        // (once per process, unnamed) about queries issued together on one transaction's
        // connection, which pg 9 refuses.
        ...(name === "server" ? { execArgv: ["--throw-deprecation"] } : {}),
        // The CLI's real-process tests run one file at a time, after the other projects when one
        // run holds them all: a second busy vitest worker starved their timeouts (remoteAccess
        // failed in CI under it). `npm test` runs them on their own, beside the end-to-end run.
        ...(name === "cli" ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : {}),
      },
    })),
    reporters: ["default", "./scripts/count-reporter.ts"],
    // Every answer of the server is checked against its endpoint's success schema (core's route table).
    // Broker clients connect only in the tests that ask for it (mqttClients: true): elsewhere their
    // status events would mix into the event streams the tests read.
    // Passwords are hashed at scrypt's lowest accepted cost (server/src/auth/secrets.ts): the run
    // signs in hundreds of times, each check 67 ms of CPU at the production cost. The servers the
    // CLI's tests start inherit it; the production cost has a test of its own (auth.test.ts).
    env: { PORTAL_CHECK_ANSWERS: "1", PORTAL_MQTT_CLIENTS: "0", PORTAL_SCRYPT_N: "1024" },
    // No maxWorkers here: a project takes the root's (the command line's --maxWorkers, else
    // vitest's default of one less than the cores), but one set in this file reaches every project
    // through `extends` and beats the command line. `maxWorkers: 1` here made the whole batch of
    // `npm test` run on one worker despite its --maxWorkers=3 (each project resolved 1, and a
    // non-isolated project with one worker gets all its files in one task).
    // The heaviest project first, its slowest files first, so that the batch does not end with
    // one long file alone on a worker (scripts/slowFirstSequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // In CI one retry, as Playwright has: a test that fails twice still fails the run, and the
    // count reporter lists a test that needed its retry, so a flaky test is seen, not hidden.
    retry: process.env["CI"] ? 1 : 0,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
