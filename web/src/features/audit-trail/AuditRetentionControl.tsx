import { Button, ControlGroup, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, type FormEvent } from "react";
import { AUDIT_RETENTION_MAX_DAYS } from "@portal/core/domain/AuditLog";
import { useStore, useStores } from "../../app/StoreContext";
import { AuditRetentionStore } from "../../stores/AuditRetentionStore";

/**
 * How long the company keeps its audit trail. Administrators edit it (a number of days, empty
 * for good) and save with Enter or the button; others read it.
 */
export const AuditRetentionControl = observer(function AuditRetentionControl() {
  const { messages } = useStores();
  const store = useStore(AuditRetentionStore);
  useEffect(() => { void store.ensure(); }, [store]);
  if (store.state !== "ready") return null;
  if (!store.canEdit) {
    return (
      <p className="audit-retention bp6-text-muted" data-testid="audit-retention">
        {store.days === null ? "Entries are kept for good." : `Entries are kept for ${store.days} days.`}
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.save();
  };
  return (
    <form className="audit-retention" onSubmit={submit} data-testid="audit-retention">
      <FormGroup label="Keep entries for (days)" labelFor="audit-retention-days" inline
        helperText={store.isInvalid ? messages.text("AUDIT_RETENTION_INVALID") : "Empty: keep for good."}
        intent={store.isInvalid ? Intent.DANGER : Intent.NONE}>
        <ControlGroup>
          <InputGroup id="audit-retention-days" inputMode="numeric" placeholder="Forever" value={store.text} data-testid="audit-retention-days"
            intent={store.isInvalid ? Intent.DANGER : Intent.NONE}
            maxLength={String(AUDIT_RETENTION_MAX_DAYS).length + 2} onValueChange={(v) => store.setText(v)} />
          <Button type="submit" text="Save" loading={store.saving} disabled={!store.isChanged} data-testid="audit-retention-save" />
        </ControlGroup>
      </FormGroup>
    </form>
  );
});
