/**
 * The real MQTT broker of the tests: the machine's Mosquitto on 127.0.0.1:1883 (CI starts one when
 * none answers: scripts/test.mjs), and a private Mosquitto with a password file on a free port,
 * started here, for the "not authorised" case (the machine's broker allows anonymous clients, so a
 * wrong password would still connect there).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const LOCAL_BROKER = { host: "127.0.0.1", port: 1883 } as const;

/** Whether something accepts TCP connections on host:port within `timeoutMs`. */
export const answers = (host: string, port: number, timeoutMs = 1000): Promise<boolean> => new Promise((resolve) => {
  const socket = new Socket();
  const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
  socket.setTimeout(timeoutMs, () => done(false));
  socket.once("connect", () => done(true));
  socket.once("error", () => done(false));
  socket.connect(port, host);
});

/** A port nobody listens on (bound, read, released). */
export const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const server = createServer();
  server.once("error", reject);
  server.listen(0, "127.0.0.1", () => {
    const port = (server.address() as { port: number }).port;
    server.close(() => resolve(port));
  });
});

export interface PrivateBroker {
  readonly port: number;
  readonly username: string;
  readonly password: string;
  stop(): Promise<void>;
}

/**
 * Starts `mosquitto` on a free port with one user and anonymous access off. Resolves null (with
 * the reason) when mosquitto or mosquitto_passwd is not installed or does not start.
 */
export async function startPrivateBroker(): Promise<PrivateBroker | { readonly unavailable: string }> {
  const dir = mkdtempSync(join(tmpdir(), "portal-mosquitto-"));
  const username = "portal-test";
  const password = "correct-horse-battery";
  const passwd = join(dir, "passwd");
  writeFileSync(passwd, "");
  const made = spawnSync("mosquitto_passwd", ["-b", passwd, username, password], { encoding: "utf8" });
  if (made.error || made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `mosquitto_passwd failed: ${made.error?.message ?? made.stderr}` };
  }
  // Mosquitto started as root drops to its own user, which must be able to read the password file.
  chmodSync(dir, 0o755);
  chmodSync(passwd, 0o644);
  const port = await freePort();
  const conf = join(dir, "mosquitto.conf");
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous false\npassword_file ${passwd}\npersistence false\n`);
  let child: ChildProcess;
  try {
    child = spawn("mosquitto", ["-c", conf], { stdio: "ignore" });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `mosquitto did not start: ${String(e)}` };
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", () => undefined);
  for (let i = 0; i < 50 && child.exitCode === null; i++) {
    if (await answers("127.0.0.1", port, 200)) {
      return {
        port, username, password,
        async stop() {
          child.kill("SIGTERM");
          await exited;
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  return { unavailable: "mosquitto did not start listening within 5 s" };
}
