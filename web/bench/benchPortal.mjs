// The portal for the web benchmarks: started as `npm start` runs it (server/README.md) on a free
// port with a fresh PGlite data dir and the built web/dist, and the demo admin's signed-in
// localStorage entries, so that a browser loads a screen as a returning signed-in person would.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ADMIN = { email: "admin@example.com", password: "portal-demo" };

const freePort = () => new Promise((resolve, reject) => {
  const srv = createServer();
  srv.once("error", reject);
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

/** The portal as `npm start` runs it (server/README.md), on a free port with a fresh data dir. */
export async function startPortal(repo) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "portal-lh-"));
  const child = spawn(process.execPath, [join(repo, "node_modules", "tsx", "dist", "cli.mjs"), "src/main.ts"], {
    cwd: join(repo, "server"),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: "127.0.0.1", NODE_ENV: "production", PORTAL_SECRET_KEY: "be0c".repeat(16) },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const baseURL = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${log}`);
    if (await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`the portal did not answer within 120 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop() {
      try {
        process.kill(-child.pid, "SIGKILL"); // the process group this script started (tsx and the server)
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the demo admin in through the API; returns the localStorage entries the web app reads. */
export async function signedInStorage(baseURL) {
  const headers = { "Api-Version": "2", "Content-Type": "application/json" };
  const basic = Buffer.from(`${ADMIN.email}::${ADMIN.password}`).toString("base64");
  const tokenRes = await fetch(`${baseURL}/api/access-tokens?fields=expiresOn,publicId,secretId`, {
    method: "POST", headers: { ...headers, Authorization: `Basic ${basic}` }, body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (!tokenRes.ok) throw new Error(`sign-in failed: ${tokenRes.status} ${await tokenRes.text()}`);
  const token = (await tokenRes.json()).data;
  const companies = await fetch(`${baseURL}/api/my-companies`, { headers: { ...headers, Authorization: `Bearer ${token.secretId}` } });
  const company = (await companies.json()).data[0];
  const expires = Date.parse(token.expiresOn);
  return {
    "portal.auth": JSON.stringify({ v: JSON.stringify(token), e: expires }),
    "portal.company": JSON.stringify({ v: JSON.stringify(company.publicId ?? company.company?.publicId), e: null }),
  };
}
