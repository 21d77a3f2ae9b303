import { HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { CustomPropertyTarget } from "@portal/core/domain/CustomProperty";
import { useStore, useStores } from "../../app/StoreContext";
import "./customFields.css";
import { CustomFieldsStore } from "../../stores/CustomFieldsStore";

export interface CustomFieldFilterProps {
  readonly target: CustomPropertyTarget;
  /** The chosen field's publicId (null: no filter) and the typed value. */
  readonly filter: { readonly field: string | null; readonly value: string };
  /** Why the value cannot match (a message key), or null. */
  readonly issue: string | null;
  readonly onChange: (field: string | null, value: string) => void;
}

/** "Custom field … is …": a list's filter on one custom field's value (the server filters). Hidden while the target has no fields. */
export const CustomFieldFilter = observer(function CustomFieldFilter({ target, filter, issue, onChange }: CustomFieldFilterProps) {
  const { messages } = useStores();
  const customFields = useStore(CustomFieldsStore);
  useEffect(() => void customFields.ensureLoaded(), [customFields]);
  const fields = customFields.fieldsOf(target);
  if (fields.length === 0) return null;
  const field = fields.find((f) => f.publicId === filter.field);
  const setValue = (value: string) => onChange(filter.field, value);
  const label = field ? `Value of ${field.name}` : "";
  return (
    <div className="custom-field-filter" data-testid="custom-field-filter">
      <HTMLSelect aria-label="Filter on a custom field" value={filter.field ?? ""} data-testid="custom-field-filter-field"
        options={[{ value: "", label: "Any custom field" }, ...fields.map((f) => ({ value: f.publicId, label: f.name }))]}
        onChange={(e) => onChange(e.currentTarget.value === "" ? null : e.currentTarget.value, "")} />
      {field && (field.type === "choice" || field.type === "boolean" ? (
        <HTMLSelect aria-label={label} value={filter.value} data-testid="custom-field-filter-value" onChange={(e) => setValue(e.currentTarget.value)}
          options={[{ value: "", label: "Any value" }, ...(field.type === "boolean"
            ? [{ value: "true", label: "Yes" }, { value: "false", label: "No" }]
            : field.options.map((o) => ({ value: o, label: o })))]} />
      ) : (
        <InputGroup aria-label={label} value={filter.value} type={field.type === "date" ? "date" : "search"} data-testid="custom-field-filter-value"
          placeholder={field.type === "text" ? "Contains…" : "Equals…"} intent={issue ? "danger" : "none"}
          title={issue ? messages.text(issue) : undefined} aria-invalid={issue !== null} onValueChange={setValue} />
      ))}
      {issue && <span className="bp6-text-muted custom-field-filter-issue" role="status">{messages.text(issue)}</span>}
    </div>
  );
});
