/**
 * Issue 10 with every real part: this spec's own portal, the real `portal agent` with the demo
 * services, and the real `portal vpn-client` on 127.0.0.1:9250 (where the web app looks for it).
 * The engineer clicks Connect on a device that needs approval: the request dialog opens, not
 * dismissible, with VPN preselected; once the approver approves, the browser connects by itself,
 * the status bar says connected, the VPN info dialog shows the VPN address, and the HMI page
 * answers at that address. Revoking ends the connection: the status bar goes, the address stops
 * answering. Screenshots at 1280 x 800 and 390 x 844.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD, DEMO_USERS, expect, screenshot, signIn, test } from "./support/fixtures";
import { repoRoot, startPortal, type PortalServer } from "./support/portalServer";

test.describe.configure({ mode: "serial" });

let portal: PortalServer;
const children: ChildProcess[] = [];
const portalBin = join(repoRoot, "cli", "bin", "portal.mjs");

function run(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [portalBin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  child.on("exit", (code) => { if (code) console.error(`portal ${args[0]} exited (${code}):\n${log}`); });
  children.push(child);
  return child;
}

async function api(method: string, path: string, token: string | null, company: string | null, body?: unknown): Promise<any> {
  const headers: Record<string, string> = { "api-version": "2", "content-type": "application/json" };
  if (token) headers["authorization"] = token;
  if (company) headers["api-company"] = company;
  const res = await fetch(`${portal.baseURL}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return res.json();
}

test.beforeAll(async () => {
  // Its own portal (a database of its own with the demo data), the agent and the client, each a process
  // that compiles on start: over 30 s when the machine is busy (seen in CI).
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), "portal-e2e-live-"));
  portal = await startPortal({ dataDir });
  const config = join(dataDir, "demo-agent.json");
  for (let i = 0; i < 100 && !existsSync(config); i++) await new Promise((r) => setTimeout(r, 100));
  run(["agent", "--config", config, "--demo-services"]);
  run(["vpn-client", "--portal", portal.baseURL, "--port", "9250"]);
  // The client answers on 9250 only to the portal's origin.
  for (let i = 0; i < 100; i++) {
    const up = await fetch("http://127.0.0.1:9250/version", { headers: { origin: portal.baseURL } }).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
test.afterAll(async () => {
  for (const c of children) c.kill("SIGTERM");
  await portal?.stop();
});

test("connect without access asks for it, connects by itself once approved, reaches the HMI, and loses it on revoke", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO_USERS.engineer, { baseURL: portal.baseURL });
  await expect(page.getByText("VPN client: found")).toBeVisible({ timeout: 10_000 });
  await page.goto(`${portal.baseURL}/devices`);
  await page.getByTestId("device-row").filter({ hasText: "Line 1 Router" }).getByTestId("device-link").click();
  await page.getByTestId("vpn-connect").click();

  const form = page.getByTestId("access-request-form");
  await expect(form.getByRole("checkbox", { name: "VPN", exact: true })).toBeChecked();
  await form.getByTestId("approver-search").fill("anna");
  const anna = form.getByRole("checkbox", { name: "Anna Approver" });
  await anna.focus();
  await anna.press("Space");
  await form.getByTestId("reason").fill("Look at the HMI");
  await form.getByTestId("send-request").click();
  await expect(page.getByTestId("request-submitted")).toContainText("Your request was submitted.");

  // The approver approves (through the API); the engineer's browser connects by itself.
  const basic = `Basic ${Buffer.from(`${DEMO_USERS.approver}::${DEMO_PASSWORD}`).toString("base64")}`;
  const approverToken = `Bearer ${(await api("POST", "/api/access-tokens", basic, null, { expiresIn: 3600 })).data.secretId}`;
  const companies = (await api("GET", "/api/my-companies", approverToken, null)).data as Array<{ name: string; publicId: string }>;
  const company = companies.find((c) => c.name === "Demo Company")!.publicId;
  const pending = (await api("GET", "/api/access-requests?box=pending", approverToken, company)).data as Array<{ request: { publicId: string; reason?: string } }>;
  const requestId = pending[0]!.request.publicId;
  expect((await api("POST", `/api/access-requests/${requestId}/approval`, approverToken, company, {})).status).toBe("success");

  await expect(page.getByTestId("vpn-status-text")).toContainText(/connected/i, { timeout: 15_000 });
  await page.getByTestId("vpn-details").click();
  const info = page.getByRole("dialog", { name: "VPN" });
  await expect(info).toContainText("Line 1 Router");
  const address = (await info.getByText(/^127\.0\.0\.1:\d+/).first().textContent())!.trim().split(/\s/)[0]!;
  await screenshot(page, "vpn-live-info-1280");
  const hmi = await fetch(`http://${address}/`);
  expect(await hmi.text()).toContain("Demo HMI");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "vpn-live-info-390");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("vpn-info-close").click();

  // Revoked: the client goes idle, the status bar leaves, the address no longer answers.
  expect((await api("POST", `/api/access-requests/${requestId}/revocation`, approverToken, company, {})).status).toBe("success");
  await expect(page.getByTestId("vpn-status-bar")).toHaveCount(0, { timeout: 10_000 });
  await expect(fetch(`http://${address}/`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  await screenshot(page, "vpn-live-revoked-1280");
});
