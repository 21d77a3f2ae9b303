/**
 * The report header and footer components of a page version as Chromium's header and footer
 * templates, so that they are printed on every PDF page (core's MARGIN_KINDS), with the page
 * number of the PDF page. Chromium renders the templates in a separate document without the
 * app's styles: they carry their own inline styles, and every text in them is escaped.
 */
import type { PageVersion } from "@portal/core/domain/Page";

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Placed { readonly kind?: unknown; readonly config?: Record<string, unknown>; readonly subPage?: unknown }

const firstOf = (version: PageVersion, kind: string): Placed | undefined =>
  (version.components as Placed[]).find((c) => c.kind === kind);

const BOX = "width:100%;margin:0 12mm;font-family:Arial,Helvetica,sans-serif;font-size:9px;color:#1c2127;display:flex;justify-content:space-between;align-items:flex-end;";

/**
 * The templates for `version` printed for `target` (a device's or asset's name, or null) over
 * `periodLabel`. Guarantees: a page without a report header or footer component gets an empty
 * template there (Chromium would otherwise print its default date and URL); texts are escaped.
 */
export function printMargins(version: PageVersion, target: string | null, periodLabel: string): { headerTemplate: string; footerTemplate: string } {
  const header = firstOf(version, "report-header");
  const footer = firstOf(version, "report-footer");
  let headerTemplate = "<span></span>";
  if (header) {
    const title = typeof header.config?.["title"] === "string" && header.config["title"] !== "" ? header.config["title"] : version.title;
    const parts = [target ?? "No device chosen", ...(header.config?.["showPeriod"] === true ? [`Period: ${periodLabel}`] : [])];
    headerTemplate = `<div style="${BOX}border-bottom:1px solid #c5cbd3;padding-bottom:2mm;">`
      + `<span style="font-size:12px;font-weight:bold;">${escapeHtml(title)}</span>`
      + `<span>${escapeHtml(parts.join(" · "))}</span></div>`;
  }
  let footerTemplate = "<span></span>";
  if (footer) {
    const text = typeof footer.config?.["text"] === "string" ? footer.config["text"] : "";
    footerTemplate = `<div style="${BOX}border-top:1px solid #c5cbd3;padding-top:2mm;">`
      + `<span>${escapeHtml(text)}</span>`
      + `<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
  }
  return { headerTemplate, footerTemplate };
}
