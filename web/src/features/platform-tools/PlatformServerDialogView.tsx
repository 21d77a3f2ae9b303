import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import type { PlatformServerType } from "@portal/core/domain/Platform";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { PlatformServerDialog, PlatformServerForm } from "../../stores/PlatformServerDialog";
import { SERVER_TYPE_LABEL } from "../platform-servers/serverTypeLabels";

export interface PlatformServerDialogViewProps {
  readonly dialog: PlatformServerDialog;
  /** The companies a server can be assigned to. */
  readonly companies: ReadonlyArray<{ readonly publicId: string; readonly name: string }>;
  readonly onSave: () => void;
  readonly onClose: () => void;
}

/** Add or edit a platform server in the FormDialog frame (asks before discarding changes; a failed save keeps the form). */
export const PlatformServerDialogView = observer(function PlatformServerDialogView({ dialog, companies, onSave, onClose }: PlatformServerDialogViewProps) {
  const { messages } = useStores();
  const id = useId();
  const issue = (field: string) => (dialog.issues[field] ? messages.text(dialog.issues[field]) : undefined);
  const group = (field: keyof PlatformServerForm, label: string, helper?: string) => ({
    label, labelFor: `${id}-${field}`, labelInfo: "(required)", intent: issue(field) ? ("danger" as const) : ("none" as const), helperText: issue(field) ?? helper,
  });
  const text = (field: "name" | "location" | "vpnRange", label: string, props: { placeholder?: string; helper?: string; autoFocus?: boolean } = {}) => (
    <FormGroup {...group(field, label, props.helper)}>
      <InputGroup id={`${id}-${field}`} value={dialog.form[field]} placeholder={props.placeholder} autoFocus={props.autoFocus} autoComplete="off"
        intent={issue(field) ? "danger" : "none"} onValueChange={(v) => dialog.set(field, v)} data-testid={`ps-form-${field}`} />
    </FormGroup>
  );
  const known = companies.some((c) => c.publicId === dialog.form.company);
  return (
    <FormDialog title={dialog.publicId === null ? "Add platform server" : "Edit platform server"} icon="database" testId="ps-form" saveTestId="ps-form-save"
      dirty={dialog.dirty} saving={dialog.saving} canSave={dialog.canSave} failure={dialog.failure} onSave={onSave} onClose={onClose} width={520}>
      <FormGroup {...group("company", "Company")}>
        <HTMLSelect id={`${id}-company`} value={dialog.form.company} fill onChange={(e) => dialog.set("company", e.currentTarget.value)} data-testid="ps-form-company"
          options={[
            { value: "", label: "Choose a company…" },
            ...(known || dialog.form.company === "" ? [] : [{ value: dialog.form.company, label: dialog.server?.company.name ?? dialog.form.company }]),
            ...companies.map((c) => ({ value: c.publicId, label: c.name })),
          ]} />
      </FormGroup>
      {text("name", "Name", { autoFocus: true })}
      {text("location", "Location", { placeholder: "Amsterdam" })}
      <FormGroup {...group("type", "Type")}>
        <HTMLSelect id={`${id}-type`} value={dialog.form.type} fill onChange={(e) => dialog.set("type", e.currentTarget.value as PlatformServerType)} data-testid="ps-form-type"
          options={[{ value: "rsc", label: SERVER_TYPE_LABEL.rsc }, { value: "mdr", label: SERVER_TYPE_LABEL.mdr }]} />
      </FormGroup>
      {text("vpnRange", "VPN range", { placeholder: "10.8.0.0/16", helper: "A network in CIDR form, for example 10.8.0.0/16 or fd00:8::/48." })}
    </FormDialog>
  );
});
