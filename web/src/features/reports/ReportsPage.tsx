import { Alert, Button, HTMLTable, NonIdealState, Spinner, type Intent } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { Report, ReportStatus } from "@portal/core/domain/Report";
import { reportPeriodLabel } from "@portal/core/rules/reports";
import { useStore } from "../../app/StoreContext";
import { ReportsStore } from "../../stores/ReportsStore";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { ReportQueueDialogView } from "./ReportQueueDialogView";
import "../pages/pages.css";
import "./reports.css";

const STATUS: Record<ReportStatus, { label: string; intent: Intent }> = {
  queued: { label: "Queued", intent: "none" },
  running: { label: "Printing", intent: "primary" },
  done: { label: "Done", intent: "success" },
  failed: { label: "Failed", intent: "danger" },
};

const kb = (bytes: number | null) => (bytes === null ? "" : ` · ${Math.max(1, Math.round(bytes / 1024))} KB`);

const Row = observer(function Row({ report: r }: { report: Report }) {
  const store = useStore(ReportsStore);
  const status = STATUS[r.status];
  return (
    <tr data-testid="report-row" data-status={r.status}>
      <td>
        <strong>{r.title}</strong> <span className="bp6-text-muted">({r.version === "draft" ? "draft" : "published"})</span>
      </td>
      <td>{r.agent?.name ?? r.asset?.name ?? <span className="bp6-text-muted">No device</span>}</td>
      <td>{reportPeriodLabel(r.start, r.end, r.timeZone)}</td>
      <td>
        <Tag minimal round intent={status.intent} data-testid="report-status">{status.label}</Tag>
        {r.status === "done" && <span className="bp6-text-muted">{kb(r.size)}</span>}
        {r.failureReason && <span className="reports-reason" data-testid="report-reason">{r.failureReason}</span>}
      </td>
      <td>
        <div className="reports-actions">
          <Button size="small" icon="download" text="Download" disabled={r.status !== "done"} onClick={() => void store.download(r)}
            aria-label={`Download the PDF of ${r.title}`} data-testid="report-download" />
          <Button size="small" variant="minimal" icon="trash" intent="danger" onClick={() => store.askDelete(r)}
            aria-label={`Delete the report ${r.title}`} data-testid="report-delete" />
        </div>
      </td>
    </tr>
  );
});

/**
 * /pages/reports (manage:pages): the company's queued reports with their status, kept live by
 * the event stream; queue one ("Queue report", or from a page's menu with ?page=), download a
 * done one's PDF, delete one after a confirmation.
 */
export const ReportsPage = observer(function ReportsPage() {
  const store = useStore(ReportsStore);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    void store.load();
  }, [store]);
  useEffect(() => {
    const page = params.get("page");
    if (page === null) return;
    // Opened from a page's "Queue report": the dialog starts on that page.
    setParams({}, { replace: true });
    void store.openQueue(page, params.get("agent") ?? "", params.get("asset") ?? "");
  }, [params, setParams, store]);
  return (
    <div className="pages-page" data-testid="reports-page">
      <ScreenHeader title="Reports">
        <Link to="/pages" className="bp6-button bp6-minimal">Back to pages</Link>
        <Button icon="plus" intent="primary" text="Queue report" onClick={() => void store.openQueue()} data-testid="report-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">A report prints a page for a period in a time zone, as a PDF. The server prints it in the background; this list updates when it is done.</p>
      {store.state === "pending" && store.reports.length === 0 ? <Spinner size={32} /> : store.reports.length === 0 ? (
        <NonIdealState icon="document" title="No reports yet" description="Queue a report of a page for a device and a period." />
      ) : (
        <div className="reports-scroll">
          <HTMLTable compact striped className="reports-table" data-testid="reports-table">
            <thead><tr><th scope="col">Page</th><th scope="col">Device</th><th scope="col">Period</th><th scope="col">Status</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>{store.reports.map((r) => <Row key={r.publicId} report={r} />)}</tbody>
          </HTMLTable>
        </div>
      )}
      {store.dialog && <ReportQueueDialogView dialog={store.dialog} onSave={() => void store.queue()} onClose={() => store.closeDialog()} />}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.busy} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the report “{store.confirmingDelete?.title}” and its PDF?</p>
      </Alert>
    </div>
  );
});

export default ReportsPage;
