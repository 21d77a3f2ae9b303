import { Button, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, type KeyboardEvent } from "react";
import type { AuditLogEntry } from "@portal/core/domain/AuditLog";
import { useStore } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { AuditEntryDrawer } from "./AuditEntryDrawer";
import { AuditFilterBar } from "./AuditFilterBar";
import { AuditRetentionControl } from "./AuditRetentionControl";
import { ACTION_INTENT, actorLabel, formatAuditTime, targetLabel } from "./auditEntryView";
import "./auditTrail.css";
import { AuditTrailStore } from "../../stores/AuditTrailStore";

/**
 * /audit-trail: the company's audit trail, newest first, with filters, Load more, a CSV export
 * of everything the filters match, the retention setting, and each entry's changes.
 */
export const AuditTrailPage = observer(function AuditTrailPage() {
  const auditTrail = useStore(AuditTrailStore);
  useEffect(() => {
    void auditTrail.ensure();
    return () => auditTrail.dispose();
  }, [auditTrail]);

  return (
    <div className="audit-trail-page" data-testid="audit-trail-page">
      <ScreenHeader title="Audit trail">
        <Button icon="download" text="Export CSV" loading={auditTrail.exporting} disabled={auditTrail.rangeInvalid}
          onClick={() => void auditTrail.exportCsv()} data-testid="audit-export" />
      </ScreenHeader>
      <AuditFilterBar store={auditTrail} />
      <AuditTrailBody store={auditTrail} />
      <AuditRetentionControl />
      <AuditEntryDrawer entry={auditTrail.selected} onClose={() => auditTrail.select(null)} />
    </div>
  );
});

export default AuditTrailPage;

const AuditTrailBody = observer(function AuditTrailBody({ store }: { readonly store: AuditTrailStore }) {
  if (store.state === "failed") {
    return (
      <NonIdealState icon="error" title="The audit trail could not be loaded"
        action={<Button icon="refresh" text="Try again" onClick={() => void store.reload()} />} />
    );
  }
  // While a new filter loads, the previous list stays in view instead of flashing a spinner.
  if (store.state !== "ready" && store.entries.length === 0) return <Spinner size={32} />;
  if (store.entries.length === 0) {
    return (
      <div data-testid="audit-empty">
        {store.isFiltered
          ? <NonIdealState icon="search" title="No entry matches the filter" />
          : <NonIdealState icon="history" title="No audit entries yet" description="Every change made in this company will be listed here." />}
      </div>
    );
  }
  return (
    <>
      <HTMLTable striped interactive className="audit-table" data-testid="audit-table">
        <thead><tr><th>Time</th><th>Actor</th><th>Action</th><th>Topic</th><th>Target</th></tr></thead>
        <tbody>
          {store.entries.map((entry) => (
            <AuditRow key={entry.publicId} entry={entry} selected={entry.publicId === store.selectedId}
              onOpen={() => store.select(entry.publicId)} />
          ))}
        </tbody>
      </HTMLTable>
      <div className="audit-footer">
        {store.moreAfter !== null && (
          <Button icon="more" text="Load more" loading={store.loadingMore} disabled={!store.canLoadMore}
            onClick={() => void store.loadMore()} data-testid="audit-load-more" />
        )}
        <span className="bp6-text-muted" data-testid="audit-count">
          {store.entries.length === 1 ? "1 entry" : `${store.entries.length} entries`}{store.moreAfter === null ? "" : " so far"}
        </span>
        {store.state === "pending" && <Spinner size={16} />}
      </div>
    </>
  );
});

interface AuditRowProps {
  readonly entry: AuditLogEntry;
  readonly selected: boolean;
  readonly onOpen: () => void;
}

function AuditRow({ entry, selected, onOpen }: AuditRowProps) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onOpen();
    }
  };
  return (
    <tr data-testid="audit-row" tabIndex={0} aria-selected={selected} className={selected ? "audit-selected" : undefined}
      onClick={onOpen} onKeyDown={onKeyDown}>
      <td><time dateTime={entry.createdOn}>{formatAuditTime(entry.createdOn)}</time></td>
      <td>{actorLabel(entry)}</td>
      <td><Tag minimal intent={ACTION_INTENT[entry.action]}>{entry.action}</Tag></td>
      <td>{entry.topic}</td>
      <td>{targetLabel(entry)}</td>
    </tr>
  );
}
