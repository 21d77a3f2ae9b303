import { Alert, Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Spinner, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, useState, type FormEvent } from "react";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { TemplateDetail } from "../../stores/TemplateDetail";
import type { TextForm } from "../../stores/TextForm";

export interface TemplateDetailViewProps {
  readonly detail: TemplateDetail;
  /** Leaves the dialog (after the discard confirmation when a field holds text not added yet). */
  readonly onClose: () => void;
}

/** One text field with an Add button; the typed text stays when adding fails. */
const AddField = observer(function AddField<F extends string>({ form, field, label, helper, testId, onAdd, listId }: {
  form: TextForm<F>; field: F; label: string; helper: string; testId: string; onAdd: () => void; listId?: string;
}) {
  const { messages } = useStores();
  const id = useId();
  const problem = form.issues[field] ? messages.text(form.issues[field]!) : form.failure ? messages.text(form.failure.key, form.failure.params) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd();
  };
  return (
    <form className="template-add" onSubmit={submit}>
      <FormGroup label={label} labelFor={`${id}-${field}`} intent={problem ? "danger" : "none"} helperText={problem ?? helper}>
        <InputGroup id={`${id}-${field}`} value={form.values[field]} intent={problem ? "danger" : "none"} list={listId}
          onValueChange={(v) => form.set(field, v)} data-testid={`${testId}-input`} autoComplete="off" />
      </FormGroup>
      <Button type="submit" icon="plus" text="Add" loading={form.saving} disabled={!form.canSave} data-testid={`${testId}-add`} />
    </form>
  );
});

const ConfigEditor = observer(function ConfigEditor({ detail }: { detail: TemplateDetail }) {
  const { messages } = useStores();
  const id = useId();
  const form = detail.configForm!;
  const problem = form.issues["config"] ? messages.text(form.issues["config"]) : undefined;
  return (
    <FormDialog title={`Config of ${detail.template.name}`} icon="code-block" testId="template-config-form" dirty={form.dirty} saving={form.saving}
      canSave={form.canSave} failure={form.failure} saveTestId="template-config-save" onSave={() => void detail.saveConfig()} onClose={() => detail.closeConfig()} width={600}>
      <FormGroup label="Config (JSON object)" labelFor={`${id}-config`} intent={problem ? "danger" : "none"} helperText={problem ?? "The template's runners read this object."}
        className="template-config-editor">
        <TextArea id={`${id}-config`} fill rows={12} autoFocus value={form.values.config} intent={problem ? "danger" : "none"}
          onChange={(e) => form.set("config", e.currentTarget.value)} data-testid="template-config-text" spellCheck={false} />
      </FormGroup>
    </FormDialog>
  );
});

/**
 * A template opened from the Templates screen: the config it uses (edit it, or add the first),
 * the companies it is shared with (add by company ID, remove), the company's message
 * subscriptions of it, and "Download log" (cloud-function.log). Read-only parts are left out for a
 * template another company shared with this one.
 */
export const TemplateDetailView = observer(function TemplateDetailView({ detail, onClose }: TemplateDetailViewProps) {
  const { session } = useStores();
  const [confirming, setConfirming] = useState(false);
  const listId = useId();
  const t = detail.template;
  const leave = () => (detail.dirty ? setConfirming(true) : onClose());
  const others = session.companies.filter((c) => c.publicId !== session.selectedCompanyId);
  return (
    <Dialog isOpen title={t.name} icon="code-block" onClose={leave} canOutsideClickClose={!detail.dirty} className="template-detail-dialog">
      <DialogBody>
        <div data-testid="template-detail">
          <p className="bp6-text-muted">
            {t.shared ? `Shared with your company by ${t.company.name}: read-only here.` : "Your company's template."} Runner: <code>{t.runner}</code>
          </p>
          {!detail.loaded ? <Spinner size={24} /> : (
            <>
              <section className="template-section" aria-labelledby={`${listId}-config`}>
                <h3 id={`${listId}-config`} className="bp6-heading">Config</h3>
                {detail.config === null
                  ? <p className="bp6-text-muted" data-testid="template-config-none">No config yet.</p>
                  : <pre className="template-config" data-testid="template-config">{JSON.stringify(detail.config.config, null, 2)}</pre>}
                {!detail.readOnly && (
                  <Button icon={detail.config === null ? "plus" : "edit"} text={detail.config === null ? "Add config" : "Edit config"}
                    onClick={() => detail.editConfig()} data-testid="template-config-edit" />
                )}
              </section>
              {!detail.readOnly && (
                <section className="template-section" aria-labelledby={`${listId}-shares`}>
                  <h3 id={`${listId}-shares`} className="bp6-heading">Shared with</h3>
                  {detail.shares.length === 0 ? <p className="bp6-text-muted">No other company.</p> : (
                    <ul className="template-list" data-testid="template-shares">
                      {detail.shares.map((s) => (
                        <li key={s.publicId} data-testid="template-share">
                          <span>{s.company.name}</span>
                          <Button size="small" variant="minimal" icon="trash" intent="danger" text="Remove" aria-label={`Remove share with ${s.company.name}`}
                            onClick={() => void detail.removeShare(s)} />
                        </li>
                      ))}
                    </ul>
                  )}
                  <datalist id={`${listId}-companies`}>
                    {others.map((c) => <option key={c.publicId} value={c.publicId}>{c.name}</option>)}
                  </datalist>
                  <AddField form={detail.shareForm} field="company" label="Company ID" helper="The ID of the company to share with (your other companies are suggested)."
                    testId="template-share" onAdd={() => void detail.addShare()} listId={`${listId}-companies`} />
                </section>
              )}
              <section className="template-section" aria-labelledby={`${listId}-subs`}>
                <h3 id={`${listId}-subs`} className="bp6-heading">Message subscriptions</h3>
                {detail.subscriptions.length === 0 ? <p className="bp6-text-muted">Not subscribed to any of your messages.</p> : (
                  <ul className="template-list" data-testid="template-subscriptions">
                    {detail.subscriptions.map((s) => (
                      <li key={s.publicId} data-testid="template-subscription">
                        <span className="platform-mono">{s.topic}</span>
                        <Button size="small" variant="minimal" icon="trash" intent="danger" text="Remove" aria-label={`Remove subscription ${s.topic}`}
                          onClick={() => void detail.removeSubscription(s)} />
                      </li>
                    ))}
                  </ul>
                )}
                <AddField form={detail.subscriptionForm} field="topic" label="MQTT topic" helper="For example plant/+/temperature; # at the end for everything below."
                  testId="template-subscription" onAdd={() => void detail.addSubscription()} />
              </section>
            </>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<>
        <Button icon="download" text="Download log" loading={detail.downloading} onClick={() => void detail.downloadLogs()} data-testid="template-logs" />
        <Button text="Close" onClick={leave} data-testid="template-detail-close" />
      </>} />
      {detail.configForm && <ConfigEditor detail={detail} />}
      <Alert isOpen={confirming} intent="warning" icon="warning-sign" cancelButtonText="Keep editing" confirmButtonText="Discard"
        onCancel={() => setConfirming(false)} onConfirm={() => { setConfirming(false); onClose(); }} canEscapeKeyCancel>
        <p>Discard your changes? What you typed and did not add yet is lost.</p>
      </Alert>
    </Dialog>
  );
});
