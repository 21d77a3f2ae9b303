import Form from "@rjsf/core";
import type { ErrorSchema, RJSFSchema } from "@rjsf/utils";
import { observer } from "mobx-react-lite";
import { useMemo } from "react";
import type { JsonObject } from "@portal/core/domain/App";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { AppConfigForm } from "../../stores/AppsStore";
import { cfworkerValidator } from "./cfworkerValidator";

/** The server's refusals ("port", "recipients.0") as rjsf's error schema, shown under their fields. */
export function serverErrorSchema(...lists: ReadonlyArray<ReadonlyArray<readonly [string, string]>>): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, message] of lists.flat()) {
    let node = root;
    for (const part of path === "" ? [] : path.split(".")) node = (node[part] ??= {}) as Record<string, unknown>;
    const known = (node["__errors"] as string[] | undefined) ?? [];
    if (!known.includes(message)) node["__errors"] = [...known, message];
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
 * (fields, types, enums, required marks, defaults). rjsf validates as the user types with
 * @cfworker/json-schema (cfworkerValidator): ajv, rjsf's usual validator, compiles each schema to
 * code with `new Function`, which the portal's Content Security Policy (script-src 'self', no
 * 'unsafe-eval') forbids. Save waits for a valid configuration. The server judges it again with
 * ajv against the same schema; its refusals show under their fields and the typed values stay.
 */
export const AppConfigDialog = observer(function AppConfigDialog({ form, onSave, onClose }: AppConfigDialogProps) {
  const schema = form.app.configSchema as RJSFSchema;
  const extraErrors = useMemo(() => serverErrorSchema(Object.entries(form.serverErrors)), [form.serverErrors]);

  const failure = form.failure ? { key: form.failure } : null;
  return (
    <FormDialog title={`Configure ${form.app.name}`} icon="cog" testId="app-config-form" dirty={form.isDirty} saving={form.saving}
      canSave={form.canSave} failure={failure} saveTestId="app-config-save" width={560} onSave={onSave} onClose={onClose}>
      <p className="bp6-text-muted">{form.app.description}</p>
      <Form tagName="div" className="app-config-rjsf" schema={schema} validator={cfworkerValidator}
        formData={form.data} onChange={(e) => form.change((e.formData ?? {}) as JsonObject)} liveValidate="onChange" showErrorList={false}
        extraErrors={extraErrors} noHtml5Validate uiSchema={{ "ui:submitButtonOptions": { norender: true }, "ui:title": "" }} />
    </FormDialog>
  );
});
