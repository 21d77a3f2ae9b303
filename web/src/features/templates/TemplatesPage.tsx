import { Alert, Button, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, TextArea } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState } from "react";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { TemplatesStore } from "../../stores/TemplatesStore";
import { TemplateDetailView } from "./TemplateDetailView";
import "./templates.css";

/** Add or edit a template's name and description. */
const TemplateFormView = observer(function TemplateFormView({ store }: { store: TemplatesStore }) {
  const { messages } = useStores();
  const id = useId();
  const form = store.form!;
  const issue = (f: string) => (form.issues[f] ? messages.text(form.issues[f]) : undefined);
  return (
    <FormDialog title={form.publicId === null ? "Add template" : "Edit template"} icon="code-block" testId="template-form" dirty={form.dirty}
      saving={form.saving} canSave={form.canSave} failure={form.failure} saveTestId="template-form-save" onSave={() => void store.saveForm()} onClose={() => store.closeForm()}>
      <FormGroup label="Name" labelFor={`${id}-name`} labelInfo="(required)" intent={issue("name") ? "danger" : "none"} helperText={issue("name")}>
        <InputGroup id={`${id}-name`} value={form.values.name} autoFocus onValueChange={(v) => form.set("name", v)} data-testid="template-form-name" />
      </FormGroup>
      <FormGroup label="Description" labelFor={`${id}-description`} intent={issue("description") ? "danger" : "none"} helperText={issue("description")}>
        <TextArea id={`${id}-description`} fill rows={3} value={form.values.description} onChange={(e) => form.set("description", e.currentTarget.value)} data-testid="template-form-description" />
      </FormGroup>
    </FormDialog>
  );
});

/**
 * /templates (manage:templates): the backend component templates the company sees (its own and,
 * read-only, those other companies shared with it), add, edit, delete, and "Open" for a template's
 * config, shares, message subscriptions and log download.
 */
export const TemplatesPage = observer(function TemplatesPage() {
  const root = useStores();
  const [store] = useState(() => new TemplatesStore(root));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="platform-page" data-testid="templates-page">
      <ScreenHeader title="Templates">
        <Button icon="plus" intent="primary" text="Add template" onClick={() => store.openAdd()} data-testid="template-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">
        Backend component templates run on your company's MDR server, one runner per company, and receive the MQTT messages they are subscribed to.
      </p>
      {store.state === "pending" && store.templates.length === 0 ? <Spinner size={32} /> : store.templates.length === 0 ? (
        <NonIdealState icon="code-block" title="No templates yet" description="Add a template, then give it a config and subscribe it to your messages." />
      ) : (
        <div className="platform-scroll">
          <HTMLTable compact striped className="platform-table" data-testid="templates-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Owner</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.templates.map((t) => (
                <tr key={t.publicId} data-testid="template-row">
                  <td><strong>{t.name}</strong></td>
                  <td>{t.description || <span className="bp6-text-muted">None</span>}</td>
                  <td>{t.shared ? <><Tag minimal round>Shared with you</Tag> {t.company.name}</> : "Your company"}</td>
                  <td>
                    <div className="platform-actions">
                      <Button size="small" variant="minimal" icon="cog" text="Open" aria-label={`Open ${t.name}`} onClick={() => store.open(t)} data-testid="template-open" />
                      {!t.shared && <Button size="small" variant="minimal" icon="edit" text="Edit" aria-label={`Edit ${t.name}`} onClick={() => store.openEdit(t)} data-testid="template-edit" />}
                      {!t.shared && (
                        <Button size="small" variant="minimal" icon="trash" intent="danger" text="Delete" aria-label={`Delete ${t.name}`}
                          onClick={() => store.askDelete(t)} data-testid="template-delete" />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {store.form && <TemplateFormView store={store} />}
      {store.detail && <TemplateDetailView detail={store.detail} onClose={() => store.closeDetail()} />}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the template “{store.confirmingDelete?.name}”? Its configs, shares, subscriptions and logs go with it.</p>
      </Alert>
    </div>
  );
});

export default TemplatesPage;
