import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
// @ts-expect-error a plain .mjs script without types
import { bundleVpnClient } from "../scripts/bundleVpnClient.mjs";

it("the downloadable bundle runs alone, away from the repository, and answers the portal's origin", async () => {
  const bundle = (await bundleVpnClient()) as string;
  const dir = mkdtempSync(join(tmpdir(), "portal-vpn-client-"));
  const copy = join(dir, "portal-vpn-client.mjs");
  copyFileSync(bundle, copy);
  const child = spawn(process.execPath, [copy, "--portal", "https://portal.example.com", "--port", "0"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  try {
    let err = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on("data", (chunk: Buffer) => {
        err += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(err);
        if (match) resolve(match[1]!);
      });
      child.once("exit", () => reject(new Error(`exited: ${err}`)));
    });
    const answer = await fetch(`${url}/version`, { headers: { Origin: "https://portal.example.com" } });
    expect(await answer.json()).toEqual({ version: "0.1.0" });
  } finally {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});
