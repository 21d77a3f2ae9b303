import { Classes, Drawer } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import type { AuditLogEntry } from "@portal/core/domain/AuditLog";
import { auditDiff, formatAuditValue, type AuditFieldChange } from "@portal/core/rules/auditDiff";
import { ACTION_INTENT, actorLabel, formatAuditTime, formatState, targetLabel } from "./auditEntryView";

export interface AuditEntryDrawerProps {
  /** The entry to show; the drawer is closed when undefined. */
  readonly entry: AuditLogEntry | undefined;
  readonly onClose: () => void;
}

/**
 * The side panel of one audit-trail entry: who, what, when and from where, the changes as
 * `field: old -> new` lines (core's auditDiff), then the whole before and after.
 */
export function AuditEntryDrawer({ entry, onClose }: AuditEntryDrawerProps) {
  const changes = entry ? auditDiff(entry.before, entry.after) : [];
  return (
    <Drawer isOpen={entry !== undefined} onClose={onClose} size="min(560px, 100vw)" icon="history"
      title={entry ? `${entry.action} ${entry.topic}` : ""}>
      {entry && (
        <div className={`${Classes.DRAWER_BODY} audit-detail`} data-testid="audit-detail">
          <dl className="audit-facts">
            <dt>Time</dt><dd>{formatAuditTime(entry.createdOn)}</dd>
            <dt>Actor</dt><dd>{actorLabel(entry)}</dd>
            <dt>Action</dt><dd><Tag minimal intent={ACTION_INTENT[entry.action]}>{entry.action}</Tag></dd>
            <dt>Topic</dt><dd>{entry.topic}</dd>
            <dt>Target</dt><dd>{targetLabel(entry)} <code className="audit-id">{entry.target}</code></dd>
            <dt>Company</dt><dd>{entry.company?.name ?? entry.company?.publicId ?? "—"}</dd>
            <dt>Client address</dt><dd>{entry.clientAddress ?? "—"}</dd>
          </dl>
          <section className="audit-state">
            <h4 className="bp6-heading">Changes</h4>
            {changes.length === 0
              ? <p className={Classes.TEXT_MUTED} data-testid="audit-diff">No field changed.</p>
              : <ul className="audit-diff" data-testid="audit-diff">{changes.map((c) => <ChangeLine key={c.field} change={c} />)}</ul>}
          </section>
          <details className="audit-raw">
            <summary>Full before and after</summary>
            <StateBlock label="Before" testId="audit-before" value={entry.before} />
            <StateBlock label="After" testId="audit-after" value={entry.after} />
          </details>
        </div>
      )}
    </Drawer>
  );
}

/** One `field: old -> new` line; the missing side of an added or removed field reads "(none)". */
function ChangeLine({ change }: { readonly change: AuditFieldChange }) {
  return (
    <li data-testid="audit-diff-line">
      <span className="audit-diff-field">{change.field}</span>:{" "}
      {change.kind === "added" ? <span className={Classes.TEXT_MUTED}>(none)</span> : <del className="audit-diff-old">{formatAuditValue(change.before)}</del>}
      <span aria-hidden="true"> → </span><span className="bp6-text-muted audit-sr">to</span>{" "}
      {change.kind === "removed" ? <span className={Classes.TEXT_MUTED}>(none)</span> : <ins className="audit-diff-new">{formatAuditValue(change.after)}</ins>}
    </li>
  );
}

function StateBlock({ label, testId, value }: { readonly label: string; readonly testId: string; readonly value: unknown }) {
  const json = formatState(value);
  return (
    <section className="audit-state">
      <h4 className="bp6-heading">{label}</h4>
      {json === null
        ? <p className={Classes.TEXT_MUTED} data-testid={testId}>None</p>
        : <pre className="bp6-code-block" data-testid={testId}>{json}</pre>}
    </section>
  );
}
