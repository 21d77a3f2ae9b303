import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { AUDIT_ACTIONS, type AuditAction } from "@portal/core/domain/AuditLog";
import { useStores } from "../../app/StoreContext";
import type { AuditTrailStore } from "../../stores/AuditTrailStore";

export interface AuditFilterBarProps {
  readonly store: AuditTrailStore;
}

/**
 * The audit trail's filters: action, topic, actor and a range of days (native date fields: a
 * keyboard and a phone both have their own picker). Every control is a labelled form field, in
 * tab order; on a phone they stack two by two.
 */
export const AuditFilterBar = observer(function AuditFilterBar({ store }: AuditFilterBarProps) {
  const { messages } = useStores();
  const f = store.filter;
  return (
    <section className="audit-filters" aria-label="Filters" data-testid="audit-filters">
      <FormGroup label="Action" labelFor="audit-filter-action" className="audit-filter-field">
        <HTMLSelect id="audit-filter-action" value={f.action} fill data-testid="audit-filter-action"
          options={[{ value: "", label: "All actions" }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))]}
          onChange={(e) => store.setFilter("action", e.currentTarget.value as AuditAction | "")} />
      </FormGroup>
      <FormGroup label="Topic" labelFor="audit-filter-topic" className="audit-filter-field">
        <InputGroup id="audit-filter-topic" type="search" placeholder="e.g. GroupType" value={f.topic} data-testid="audit-filter-topic"
          onValueChange={(v) => store.setFilter("topic", v)} />
      </FormGroup>
      <FormGroup label="Actor" labelFor="audit-filter-actor" className="audit-filter-field">
        <InputGroup id="audit-filter-actor" type="search" placeholder="Name" value={f.actor} data-testid="audit-filter-actor"
          onValueChange={(v) => store.setFilter("actor", v)} />
      </FormGroup>
      <FormGroup label="From" labelFor="audit-filter-from" className="audit-filter-field"
        intent={store.rangeInvalid ? Intent.DANGER : Intent.NONE}>
        <InputGroup id="audit-filter-from" type="date" value={f.fromDay} data-testid="audit-filter-from"
          intent={store.rangeInvalid ? Intent.DANGER : Intent.NONE} onValueChange={(v) => store.setFilter("fromDay", v)} />
      </FormGroup>
      <FormGroup label="To" labelFor="audit-filter-to" className="audit-filter-field"
        intent={store.rangeInvalid ? Intent.DANGER : Intent.NONE}>
        <InputGroup id="audit-filter-to" type="date" value={f.toDay} data-testid="audit-filter-to"
          intent={store.rangeInvalid ? Intent.DANGER : Intent.NONE} onValueChange={(v) => store.setFilter("toDay", v)} />
      </FormGroup>
      <div className="audit-filter-actions">
        <Button icon="cross" text="Clear filters" variant="minimal" disabled={!store.isFiltered && !store.rangeInvalid}
          onClick={() => store.clearFilters()} data-testid="audit-filter-clear" />
      </div>
      {store.rangeInvalid && (
        <p className="audit-filter-error bp6-intent-danger bp6-text-muted" role="alert" data-testid="audit-range-invalid">
          {messages.text("AUDIT_RANGE_INVALID")}
        </p>
      )}
    </section>
  );
});
