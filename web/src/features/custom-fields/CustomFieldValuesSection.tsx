import { Button, FormGroup, HTMLSelect, InputGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState } from "react";
import type { CustomProperty, CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import { CustomFieldValuesStore, formText, type CustomFieldValuesForm } from "../../stores/CustomFieldValuesStore";
import "./customFields.css";

export interface CustomFieldValuesSectionProps {
  readonly target: CustomPropertyTarget;
  /** The device's or asset's publicId. */
  readonly publicId: string;
  /** Its name, for the dialog's title. */
  readonly name: string;
  /** Whether the caller may change the values (manage custom fields, or manage the device's access). */
  readonly canEdit: boolean;
  /** The heading level: 2 on the device page, 3 inside a list of assets. */
  readonly level?: 2 | 3;
}

/** How a stored value reads. */
const shown = (field: CustomProperty, value: string): string =>
  field.type === "boolean" ? (value === "true" ? "Yes" : "No") : value;

/** The custom fields of a device or asset: their values, and "Edit custom fields" with a form generated from the fields. */
export const CustomFieldValuesSection = observer(function CustomFieldValuesSection(props: CustomFieldValuesSectionProps) {
  const root = useStores();
  const [store] = useState(() => new CustomFieldValuesStore(root, props.target, props.publicId));
  const headingId = useId();
  useEffect(() => void store.load(), [store]);
  const Heading = props.level === 3 ? "h3" : "h2";
  if (store.state !== "ready" && store.fields.length === 0) return store.state === "failed" ? null : <Spinner size={16} />;
  if (store.fields.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`custom-field-values-${props.target}`}>
      <div className="custom-field-values-head">
        <Heading id={headingId}>Custom fields</Heading>
        {props.canEdit && <Button icon="edit" text="Edit custom fields" aria-label={`Edit custom fields of ${props.name}`}
          onClick={() => store.openEdit()} data-testid="custom-field-values-edit" />}
      </div>
      <dl className="custom-field-values">
        {store.fields.map((f) => {
          const value = formText(store.values[f.publicId]);
          return [
            <dt key={`${f.publicId}-t`}>{f.name}</dt>,
            <dd key={`${f.publicId}-d`} data-testid={`custom-field-value-${f.publicId}`}>{value === "" ? <span className="bp6-text-muted">—</span> : shown(f, value)}</dd>,
          ];
        })}
      </dl>
      {store.form && <ValuesDialog form={store.form} title={`Custom fields of ${props.name}`} onSave={() => void store.save()} onClose={() => store.closeEdit()} />}
    </section>
  );
});

const ValuesDialog = observer(function ValuesDialog({ form, title, onSave, onClose }: { form: CustomFieldValuesForm; title: string; onSave: () => void; onClose: () => void }) {
  return (
    <FormDialog title={title} testId="custom-field-values-form" dirty={form.dirty} saving={form.saving} canSave={form.canSave}
      failure={form.failure} saveTestId="custom-field-values-save" onSave={onSave} onClose={onClose} width={480}>
      {form.fields.map((f, i) => <ValueInput key={f.publicId} form={form} field={f} autoFocus={i === 0} />)}
    </FormDialog>
  );
});

const ValueInput = observer(function ValueInput({ form, field, autoFocus }: { form: CustomFieldValuesForm; field: CustomProperty; autoFocus: boolean }) {
  const { messages } = useStores();
  const id = useId();
  const key = form.issueOf(field.publicId);
  const issue = key === null ? null : messages.text(key);
  const intent = issue ? "danger" as const : "none" as const;
  const value = form.draft[field.publicId] ?? "";
  const set = (v: string) => form.set(field.publicId, v);
  const empty = { value: "", label: field.required ? "Choose…" : "—" };
  return (
    <FormGroup label={field.name} labelFor={id} labelInfo={field.required ? "(required)" : undefined} intent={intent} helperText={issue}>
      {field.type === "choice" ? (
        <HTMLSelect id={id} fill value={value} autoFocus={autoFocus} onChange={(e) => set(e.currentTarget.value)}
          options={[empty, ...field.options.map((o) => ({ value: o, label: o }))]} />
      ) : field.type === "boolean" ? (
        <HTMLSelect id={id} fill value={value} autoFocus={autoFocus} onChange={(e) => set(e.currentTarget.value)}
          options={[empty, { value: "true", label: "Yes" }, { value: "false", label: "No" }]} />
      ) : (
        <InputGroup id={id} value={value} autoFocus={autoFocus} intent={intent} onValueChange={set}
          type={field.type === "date" ? "date" : "text"} inputMode={field.type === "number" ? "decimal" : undefined} />
      )}
    </FormGroup>
  );
});
