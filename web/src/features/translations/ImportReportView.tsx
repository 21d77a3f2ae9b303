import { Button, Callout, HTMLTable } from "@blueprintjs/core";
import { useStores } from "../../app/StoreContext";
import type { ImportReport } from "../../stores/TranslationStore";

export interface ImportReportViewProps {
  report: ImportReport;
  onClose: () => void;
}

/** What an import did: the counts, or every failing entry with its row, key and reasons. */
export function ImportReportView({ report, onClose }: ImportReportViewProps) {
  const { messages } = useStores();
  const close = <Button icon="cross" variant="minimal" size="small" aria-label="Close the import report" onClick={onClose} className="import-close" />;
  if (report.status === "unreadable") {
    return (
      <Callout intent="danger" icon="error" title={`${report.fileName} could not be read`} data-testid="import-report" className="import-report">
        {close}{report.message}
      </Callout>
    );
  }
  if (report.status === "applied") {
    return (
      <Callout intent="success" icon="tick" title={`Imported ${report.fileName}`} data-testid="import-report" className="import-report">
        {close}
        {report.created} added, {report.updated} updated, {report.unchanged} unchanged ({report.total} entries).
      </Callout>
    );
  }
  const n = report.failures.length;
  return (
    <Callout intent="danger" icon="error" data-testid="import-report" className="import-report"
      title={`Nothing was imported: ${n} of ${report.total} ${report.total === 1 ? "entry has" : "entries have"} problems`}>
      {close}
      <p>Fix these entries in {report.fileName} and import it again. No translation was changed.</p>
      <HTMLTable compact striped className="import-failures" data-testid="import-failures">
        <thead><tr><th>Row</th><th>Key</th><th>Reason</th></tr></thead>
        <tbody>
          {report.failures.map((f) => (
            <tr key={f.row} data-testid="import-failure">
              <td>{f.row}</td>
              <td>{f.key === "" ? <span className="bp6-text-muted">(none)</span> : <code>{f.key}</code>}</td>
              <td>{f.reasons.map((r) => messages.text(r)).join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Callout>
  );
}
