/**
 * Browser frames of a live dashboard (dataPointsBench.ts, part 4): Debian's Chromium through the
 * tests package's Playwright opens a dashboard of COMPONENTS live values on the device and counts
 * requestAnimationFrame callbacks for a while with nothing published (baseline), then while the
 * device publishes (the caller's `publishing`). A frame is dropped when a callback comes more
 * than 1.5 frame intervals after the one before (each missing 16.7 ms counts once). Needs the
 * built web app (web/dist) and Chromium; answers null, with the reason, without them.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const FRAME_MS = 1000 / 60;

export interface Frames { readonly frames: number; readonly dropped: number; readonly longestMs: number }

interface PlaywrightLike {
  chromium: { launch(o: object): Promise<{ newPage(o: object): Promise<PageLike>; close(): Promise<void> }> };
}
interface PageLike {
  goto(url: string): Promise<unknown>;
  getByLabel(l: string): { fill(v: string): Promise<void> };
  getByRole(r: string, o: object): { click(): Promise<void> };
  getByTestId(id: string): { filter(o: object): { click(): Promise<void> }; first(): { waitFor(o: object): Promise<void> }; count(): Promise<number> };
  waitForURL(u: RegExp): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
}

/**
 * rAF callbacks over `ms` in the page, with the dropped frames and the longest gap. A string, not
 * a function: tsx would wrap a function's inner functions in a `__name` helper the page lacks.
 */
const countFrames = (page: PageLike, ms: number): Promise<Frames> => page.evaluate(`new Promise((resolve) => {
  let frames = 0, dropped = 0, longestMs = 0, last = performance.now();
  const end = last + ${ms};
  const tick = (t) => {
    frames++;
    const gap = t - last;
    longestMs = Math.max(longestMs, gap);
    if (gap > ${FRAME_MS} * 1.5) dropped += Math.round(gap / ${FRAME_MS}) - 1;
    last = t;
    if (t < end) requestAnimationFrame(tick); else resolve({ frames, dropped, longestMs });
  };
  requestAnimationFrame(tick);
})`);

export async function measureFrames(
  url: string, headers: Record<string, string>, agent: string, components: number, seconds: number, publishing: (on: boolean) => void,
): Promise<{ idle: Frames; load: Frames } | { unavailable: string }> {
  if (!existsSync(join(repo, "web", "dist", "index.html"))) return { unavailable: "web/dist is not built" };
  if (!existsSync(CHROMIUM)) return { unavailable: `no Chromium at ${CHROMIUM}` };
  let playwright: PlaywrightLike;
  try {
    playwright = createRequire(join(repo, "tests", "package.json"))("@playwright/test") as PlaywrightLike;
  } catch {
    return { unavailable: "the tests package's Playwright is not installed" };
  }
  // The dashboard: COMPONENTS live values (p0..p19) on the device, as its draft.
  const json = { ...headers, "content-type": "application/json" };
  const created = await (await fetch(`${url}/api/pages`, { method: "POST", headers: json, body: JSON.stringify({ title: "Bench dashboard" }) })).json() as { data: Array<{ publicId: string }> };
  const id = created.data[0]!.publicId;
  const page0 = await (await fetch(`${url}/api/pages/${id}`, { headers })).json() as { data: { draft: Record<string, unknown> } };
  const items = Array.from({ length: components }, (_, i) => ({
    id: `c${i}`, kind: "live-value", x: (i % 4) * 3, y: Math.floor(i / 4) * 2, w: 3, h: 2, config: { label: `Point ${i}`, dataPoint: `p${i}`, unit: "" },
  }));
  const patched = await fetch(`${url}/api/pages/${id}`, { method: "PATCH", headers: json, body: JSON.stringify({ draft: { ...page0.data.draft, components: items, previewAgent: { publicId: agent } } }) });
  if (patched.status !== 200) return { unavailable: `the bench dashboard could not be saved: ${patched.status}` };

  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${url}/login`);
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password").fill("portal-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("company-item").filter({ hasText: "Demo Company" }).click();
    await page.waitForURL(/\/users$/);
    await page.goto(`${url}/pages/${id}`);
    await page.getByTestId("pc-live-value").first().waitFor({ state: "visible" });
    const idle = await countFrames(page, seconds * 1000);
    publishing(true);
    const load = await countFrames(page, seconds * 1000);
    publishing(false);
    return { idle, load };
  } catch (e) {
    await (page as unknown as { screenshot(o: object): Promise<unknown> }).screenshot({ path: join(tmpdir(), "portal-bench-frames-failure.png") }).catch(() => undefined);
    return { unavailable: `the browser run failed (screenshot: ${join(tmpdir(), "portal-bench-frames-failure.png")}): ${(e as Error).message.split("\n")[0]}` };
  } finally {
    await browser.close();
  }
}
