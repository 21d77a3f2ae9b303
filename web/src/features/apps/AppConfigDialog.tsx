import Form from "@rjsf/core";
import type { ErrorSchema, RJSFSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { observer } from "mobx-react-lite";
import { useMemo } from "react";
import type { JsonObject } from "@portal/core/domain/App";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { AppConfigForm } from "../../stores/AppsStore";

/** The server's refusals ("port", "recipients.0") as rjsf's error schema, shown under their fields. */
export function serverErrorSchema(errors: Readonly<Record<string, string>>): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    let node = root;
    for (const part of path === "" ? [] : path.split(".")) node = (node[part] ??= {}) as Record<string, unknown>;
    node["__errors"] = [...((node["__errors"] as string[] | undefined) ?? []), message];
  }
  return root as ErrorSchema;
}

export interface AppConfigDialogProps {
  form: AppConfigForm;
  onSave: () => void;
  onClose: () => void;
}

/**
 * The configuration of an installed app, as a form generated from the app's JSON Schema by rjsf
 * (validated as typed with ajv, the validator the server uses too). Saving sends it to the server,
 * which checks the same schema; its refusals show under their fields and the typed values stay.
 */
export const AppConfigDialog = observer(function AppConfigDialog({ form, onSave, onClose }: AppConfigDialogProps) {
  const extraErrors = useMemo(() => serverErrorSchema(form.serverErrors), [form.serverErrors]);
  const failure = form.failure ? { key: form.failure } : null;
  return (
    <FormDialog title={`Configure ${form.app.name}`} icon="cog" testId="app-config-form" dirty={form.isDirty} saving={form.saving}
      canSave={form.isDirty && !form.saving} failure={failure} saveTestId="app-config-save" width={560} onSave={onSave} onClose={onClose}>
      <p className="bp6-text-muted">{form.app.description}</p>
      <Form tagName="div" className="app-config-rjsf" schema={form.app.configSchema as RJSFSchema} validator={validator}
        formData={form.data} onChange={(e) => form.change((e.formData ?? {}) as JsonObject)} liveValidate="onChange" showErrorList={false}
        extraErrors={extraErrors} noHtml5Validate uiSchema={{ "ui:submitButtonOptions": { norender: true }, "ui:title": "" }} />
    </FormDialog>
  );
});
