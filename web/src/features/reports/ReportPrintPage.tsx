/**
 * The print route of a queued report (spec 2: /reports/{id}/version/{id}/(agent|asset)/{id}),
 * opened by the server's report worker in Chromium, never by a person: it reads the report and
 * its single-use render credential from the address's fragment, asks the server what to print
 * (no session), and lays the version out for A4: the main page, then each sub-page on a page of
 * its own. Report header and footer components are printed by Chromium in the margins of every
 * PDF page (server/src/reports/printMargins.ts), so they are left out of the body here. Times
 * are in the report's time zone: the worker's browser context runs in it.
 */
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { ReportPrint } from "@portal/core/domain/Report";
import type { PageComponent, PagePage } from "@portal/core/domain/PageComponent";
import { MARGIN_KINDS } from "@portal/core/rules/reports";
import { useStores } from "../../app/StoreContext";
import { ComponentView, type ComponentContext } from "../pages/ComponentView";
import { markPrintState, printSettled } from "./printReadiness";
import "../pages/pages.css";
import "./reports.css";

/** Grid row height on paper, in px (the editor's 56 px rows would waste A4). */
const ROW_PX = 44;

function Grid({ components, ctx }: { components: ReadonlyArray<PageComponent>; ctx: ComponentContext }) {
  const body = components.filter((c) => !MARGIN_KINDS.has(c.kind));
  if (body.length === 0) return <p className="bp6-text-muted">This page has no components.</p>;
  return (
    <div className="rp-grid" style={{ gridAutoRows: `${ROW_PX}px` }}>
      {body.map((c) => (
        <div key={c.id} className="rp-cell pc-frame" style={{ gridColumn: `${c.x + 1} / span ${c.w}`, gridRow: `${c.y + 1} / span ${c.h}` }} data-testid="rp-component">
          <div className="pc-body"><ComponentView component={c} ctx={ctx} /></div>
        </div>
      ))}
    </div>
  );
}

export const ReportPrintPage = observer(function ReportPrintPage() {
  const root = useStores();
  const [data, setData] = useState<ReportPrint | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const report = hash.get("report");
    const credential = hash.get("credential");
    // The credential is used once: take it out of the address so nothing can read it again.
    window.history.replaceState(null, "", window.location.pathname);
    if (!report || !credential) {
      setError("The print address has no report or credential.");
      return;
    }
    void root.run(root.ports.api.reports.print(report, credential)).then((r) => {
      if (r._tag === "Success") setData(r.success);
      else setError("The report could not be loaded for printing (the credential is wrong, used or expired).");
    });
  }, [root]);
  useEffect(() => {
    if (error) markPrintState("error", error);
  }, [error]);
  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    void (async () => {
      await document.fonts.ready;
      await printSettled();
      // Two frames: React's commit is painted before the worker prints.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if (!cancelled) markPrintState("ready");
    })();
    return () => { cancelled = true; };
  }, [data]);
  if (error) return <main className="rp-page"><p role="alert">{error}</p></main>;
  if (!data) return <main className="rp-page" aria-busy="true" />;
  const v = data.version;
  const ctx: ComponentContext = { agent: data.agent, pageTitle: v.title, periodSpec: data.periodLabel };
  const components = v.components as ReadonlyArray<PageComponent>;
  return (
    <main className="rp-page" data-testid="report-print">
      <h1 className="rp-title">{v.title}</h1>
      <p className="rp-meta">
        {data.asset ? (data.agent ? `${data.asset.name} on ${data.agent.name}` : data.asset.name) : (data.agent?.name ?? "No device chosen")} · {data.periodLabel}
      </p>
      <Grid components={components.filter((c) => !c.subPage)} ctx={ctx} />
      {(v.pagePages as ReadonlyArray<PagePage>).map((p) => (
        <section key={p.id} className="rp-subpage">
          <h2 className="rp-subtitle">{p.title}</h2>
          <Grid components={components.filter((c) => c.subPage === p.id)} ctx={ctx} />
        </section>
      ))}
    </main>
  );
});

export default ReportPrintPage;
