import { FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { NAME_MAX_LENGTH } from "@portal/core/constants";
import { CUSTOM_PROPERTY_TARGETS, CUSTOM_PROPERTY_TYPES, type CustomPropertyTarget, type CustomPropertyType } from "@portal/core/domain/CustomProperty";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { CustomFieldForm } from "../../stores/CustomFieldForm";
import { TARGET_LABEL, TYPE_LABEL } from "./customFieldLabels";

export interface CustomFieldDialogProps {
  readonly form: CustomFieldForm;
  readonly onSave: () => void;
  readonly onClose: () => void;
}

/**
 * Add or edit a custom field: name, what it applies to, type, options (a choice: one per line),
 * required. Issues are core's sentences under their field; leaving with changes asks first (FormDialog).
 */
export const CustomFieldDialog = observer(function CustomFieldDialog({ form, onSave, onClose }: CustomFieldDialogProps) {
  const { messages } = useStores();
  const ids = { name: useId(), target: useId(), type: useId(), options: useId(), required: useId() };
  const issue = (field: string) => {
    const key = form.issueOf(field);
    return key === null ? null : messages.text(key);
  };
  const group = (field: string) => ({ intent: issue(field) ? "danger" as const : "none" as const, helperText: issue(field) });
  return (
    <FormDialog title={form.editing ? `Edit custom field “${form.editing.name}”` : "Add custom field"} testId="custom-field-form"
      dirty={form.dirty} saving={form.saving} canSave={form.canSave} failure={form.failure} saveTestId="custom-field-save"
      onSave={onSave} onClose={onClose} width={480}>
      <FormGroup label="Name" labelFor={ids.name} labelInfo="(required)" {...group("name")}>
        <InputGroup id={ids.name} value={form.name} maxLength={NAME_MAX_LENGTH} autoFocus intent={group("name").intent}
          onValueChange={(v) => form.set("name", v)} data-testid="custom-field-name" />
      </FormGroup>
      <FormGroup label="Applies to" labelFor={ids.target} {...group("target")}>
        <HTMLSelect id={ids.target} value={form.target} fill data-testid="custom-field-target"
          options={CUSTOM_PROPERTY_TARGETS.map((t) => ({ value: t, label: TARGET_LABEL[t] }))}
          onChange={(e) => form.set("target", e.currentTarget.value as CustomPropertyTarget)} />
      </FormGroup>
      <FormGroup label="Type" labelFor={ids.type} {...group("type")}>
        <HTMLSelect id={ids.type} value={form.type} fill data-testid="custom-field-type"
          options={CUSTOM_PROPERTY_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
          onChange={(e) => form.set("type", e.currentTarget.value as CustomPropertyType)} />
      </FormGroup>
      {form.type === "choice" && (
        <FormGroup label="Options" labelFor={ids.options} labelInfo="(one per line)" {...group("options")}>
          <TextArea id={ids.options} value={form.optionsText} fill rows={4} intent={group("options").intent}
            onChange={(e) => form.set("optionsText", e.currentTarget.value)} data-testid="custom-field-options" />
        </FormGroup>
      )}
      <FormGroup {...group("required")}>
        <Switch id={ids.required} checked={form.required} label="A value is required" onChange={(e) => form.set("required", e.currentTarget.checked)} />
      </FormGroup>
    </FormDialog>
  );
});
