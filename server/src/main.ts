/**
 * `node bin/server.mjs` (a bundle of this file) or `tsx src/main.ts`: the portal from environment variables. PORT (8080), DATA_DIR (./data, the
 * embedded PGlite database), DATABASE_URL (a PostgreSQL server instead; no demo data there unless
 * PORTAL_DEMO=1), PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD (an administrator to create), PORTAL_DEMO=0 (no
 * demo data even on an empty embedded database), LOG=1 (request logging), PORTAL_ORIGIN (origin
 * of the links in mails), SMTP_URL (relay for mails; without it they are kept in the outbox),
 * MAIL_FROM (sender of mails), PORTAL_SELF_SIGN_UP=1|0 (turns self sign-up, /register, on or off
 * in every sector at start; unset leaves the stored setting, off in the demo). RELAY_NODE / RELAY_NODE_URL: this process's name and address among
 * several server processes on one database (the relay forwards streams between them).
 * PORTAL_SCRYPT_N: scrypt's cost for new password hashes (default 16384; auth/secrets.ts).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEMO_PASSWORD, DEMO_SIGN_INS } from "@portal/fixtures/demo/demoData";
import { startServer } from "./startServer";
import { retargetDemoAgentConfig, writeDemoAgentConfig } from "./seed/demoAgent";
import { startDemoDataPublisher } from "./seed/demoDataPublisher";

const env = process.env;
const port = Number(env["PORT"] ?? 8080);
// DATA_DIR is relative to where `npm start` ran (INIT_CWD), not to server/ where tsx runs.
const dataDir = resolve(env["INIT_CWD"] ?? process.cwd(), env["DATA_DIR"] ?? "data");
const url = env["DATABASE_URL"];
const admin = env["PORTAL_ADMIN_EMAIL"] && env["PORTAL_ADMIN_PASSWORD"]
  ? { email: env["PORTAL_ADMIN_EMAIL"], password: env["PORTAL_ADMIN_PASSWORD"] } : undefined;

// The demo: on the embedded database unless PORTAL_DEMO=0; on a PostgreSQL server only when
// PORTAL_DEMO=1 asks for it (an operator's database never gets demo users by surprise; the
// end-to-end tests ask, to run on the machine's PostgreSQL). Demo data is loaded into an empty
// database only; the demo agent's configuration and the demo devices' data points go with it.
const demo = url ? env["PORTAL_DEMO"] === "1" : env["PORTAL_DEMO"] !== "0";
// Device data points (issue 13): the demo stores what its demo devices publish on the machine's
// broker; PORTAL_DATA_MQTT_URL names another broker (and turns the ingest on without the demo).
// Set but empty, it turns the ingest (and the demo publisher) off, demo or not.
const dataMqttUrl = env["PORTAL_DATA_MQTT_URL"] !== undefined ? env["PORTAL_DATA_MQTT_URL"] || null : demo ? "mqtt://127.0.0.1:1883" : null;
// Processes of one portal share one subscription group (PORTAL_DATA_MQTT_GROUP) and split the
// messages; a demo is one process, and several demos (tests) may share the machine's broker, so
// each takes its own group and none takes the others' messages.
const dataMqttShareGroup = env["PORTAL_DATA_MQTT_GROUP"] ?? (demo ? `portal-demo-${process.pid}` : undefined);

const server = await startServer({
  dataMqttUrl,
  ...(dataMqttShareGroup ? { dataMqttShareGroup } : {}),
  database: url ? { kind: "postgres", url } : { kind: "pglite", dataDir },
  port,
  demo,
  ...(admin ? { admin } : {}),
  logger: env["LOG"] === "1",
  ...(env["PORTAL_SELF_SIGN_UP"] === "1" || env["PORTAL_SELF_SIGN_UP"] === "0" ? { selfSignUp: env["PORTAL_SELF_SIGN_UP"] === "1" } : {}),
});

// The demo agent (scripts/start.mjs runs it) links the online demo devices. Their credentials are
// made with the demo data and kept across restarts, so that a running agent comes back by itself.
const demoAgentConfig = join(dataDir, "demo-agent.json");
const relayAgentUrl = `ws://127.0.0.1:${server.port}/api/relay/agent`;
if (demo) {
  // On PostgreSQL nothing else made the data directory, which keeps this file.
  mkdirSync(dataDir, { recursive: true });
  if (server.demoLoaded || !existsSync(demoAgentConfig)) {
    const linked = await writeDemoAgentConfig(server.database.db, demoAgentConfig, relayAgentUrl, Date.now());
    console.log(`Demo agent configuration for ${linked} devices: ${demoAgentConfig}`);
  } else {
    retargetDemoAgentConfig(demoAgentConfig, relayAgentUrl);
  }
}

// The demo devices publish their data points (PORTAL_DEMO_DATA=0 turns them off).
const stopDemoData = demo && dataMqttUrl && env["PORTAL_DEMO_DATA"] !== "0"
  ? await startDemoDataPublisher(server.database.db, dataMqttUrl) : null;

console.log(`\nPortal is running at ${server.url}`);
if (dataMqttUrl) console.log(`Device data points: ${dataMqttUrl}${stopDemoData ? " (the demo devices publish every second)" : ""}`);
console.log(url ? "Database: PostgreSQL server (DATABASE_URL)" : `Database: embedded PostgreSQL (PGlite) in ${dataDir}`);
if (server.demoLoaded) console.log("Demo data loaded into the empty database.");
if (demo) {
  console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.email.padEnd(26)} ${s.role}`);
}
if (admin) console.log(`Administrator: ${admin.email}`);

/** How long a graceful stop may take before the process exits anyway. */
const STOP_GRACE_MS = 10_000;
let stopping = false;
// Graceful stop: no new connections; requests in flight are answered; event streams end with a
// retry hint; then the database closes. A second signal, or the grace running out, ends it at once.
const stop = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`\n${signal}: stopping (in-flight requests are finished first)`);
  setTimeout(() => { console.error("Stop took too long: exiting."); process.exit(1); }, STOP_GRACE_MS).unref();
  void (stopDemoData?.() ?? Promise.resolve()).then(() => server.close()).then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
