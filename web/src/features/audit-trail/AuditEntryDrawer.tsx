import { Classes, Drawer, Tag } from "@blueprintjs/core";
import type { AuditLogEntry } from "@portal/core/domain/AuditLog";
import { ACTION_INTENT, actorLabel, changedFields, formatAuditTime, formatState } from "./auditEntryView";

export interface AuditEntryDrawerProps {
  /** The entry to show; the drawer is closed when undefined. */
  readonly entry: AuditLogEntry | undefined;
  readonly onClose: () => void;
}

/** The side panel of one audit-trail entry: who, what, when and from where, then before and after. */
export function AuditEntryDrawer({ entry, onClose }: AuditEntryDrawerProps) {
  const changed = entry ? changedFields(entry.before, entry.after) : [];
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
            <dt>Target</dt><dd><code>{entry.target}</code></dd>
            <dt>Client address</dt><dd>{entry.clientAddress ?? "—"}</dd>
            {changed.length > 0 && (
              <><dt>Changed</dt><dd data-testid="audit-changed">{changed.map((k) => <Tag key={k} minimal className="audit-changed-field">{k}</Tag>)}</dd></>
            )}
          </dl>
          <StateBlock label="Before" testId="audit-before" value={entry.before} />
          <StateBlock label="After" testId="audit-after" value={entry.after} />
        </div>
      )}
    </Drawer>
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
