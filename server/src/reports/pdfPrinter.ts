/**
 * Prints a page of the web app to PDF in Chromium (playwright-core driving Debian's
 * /usr/bin/chromium; PORTAL_CHROMIUM_PATH overrides). One browser per process, started on first
 * use and reused; each print gets its own context (cookies, storage) in the report's time zone,
 * so that every time the page shows is in that zone. A missing Chromium is a ChromiumMissing
 * error with the path, which the worker turns into the report's failure reason.
 * playwright-core is loaded on the first print: loaded at start it costs every server process
 * about 80 MB of resident memory (measured for the audit export bench) and a tenth of a start's
 * CPU (profiled), printing or not.
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags that TOOLCHAIN.md found needed for Debian's Chromium on these machines. */
const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
];

export class ChromiumMissing extends Error {
  constructor(readonly path: string) { super(`Chromium is not installed at ${path}`); }
}
export class PageNotReady extends Error {
  constructor(readonly timeoutMs: number) { super(`the print page was not ready within ${timeoutMs} ms`); }
}

export interface PrintRequest {
  /** Address of the print page, with its credential in the fragment (never sent to a server log). */
  readonly url: string;
  readonly timeZone: string;
  /** Chromium's header and footer templates (printed on every page). */
  readonly headerTemplate: string;
  readonly footerTemplate: string;
  readonly readyTimeoutMs: number;
}

/** What a print needs: a function, so tests and the bench can also print other pages. */
export type PrintPdf = (request: PrintRequest) => Promise<Buffer>;

export class PdfPrinter {
  private browser: Promise<Browser> | undefined;

  constructor(readonly executablePath: string = process.env["PORTAL_CHROMIUM_PATH"] ?? DEFAULT_CHROMIUM_PATH) {}

  private launch(): Promise<Browser> {
    if (!existsSync(this.executablePath)) return Promise.reject(new ChromiumMissing(this.executablePath));
    this.browser ??= import("playwright-core").then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, headless: true }).then((b) => {
      // A crashed browser is started again on the next print.
      b.on("disconnected", () => { this.browser = undefined; });
      return b;
    })).catch((e: unknown) => { this.browser = undefined; throw e; });
    return this.browser;
  }

  readonly print: PrintPdf = async (request) => {
    const browser = await this.launch();
    const context = await browser.newContext({ timezoneId: request.timeZone, locale: "en-GB" });
    try {
      const page = await context.newPage();
      await page.goto(request.url, { waitUntil: "load", timeout: request.readyTimeoutMs });
      // The print page sets data-report-state on <html>: "ready" once every component said it
      // is, or "error" with data-report-error (a bad credential, a failed load).
      const state = await page.waitForSelector("html[data-report-state]", { state: "attached", timeout: request.readyTimeoutMs })
        .then((h) => h.getAttribute("data-report-state"))
        .catch(() => { throw new PageNotReady(request.readyTimeoutMs); });
      if (state !== "ready") {
        const reason = await page.getAttribute("html", "data-report-error");
        throw new Error(reason ?? "the print page failed");
      }
      await page.emulateMedia({ media: "print" });
      return await page.pdf({
        format: "A4", printBackground: true, displayHeaderFooter: true,
        headerTemplate: request.headerTemplate, footerTemplate: request.footerTemplate,
        margin: { top: "24mm", bottom: "18mm", left: "12mm", right: "12mm" },
      });
    } finally {
      await context.close().catch(() => undefined);
    }
  };

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }
}
