import { Button, Callout, FormGroup, InputGroup, Switch, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useStores } from "../../app/StoreContext";
import { FormDialog } from "../../shell/dialogs/FormDialog";
import type { MqttBrokerDialog, MqttBrokerForm } from "../../stores/MqttBrokerDialog";

export interface MqttBrokerDialogViewProps {
  readonly dialog: MqttBrokerDialog;
  readonly onSave: () => void;
  readonly onTest: () => void;
  readonly onClose: () => void;
}

/** Add or edit an MQTT broker client in the FormDialog frame (asks before discarding changes), with "Test connection". */
export const MqttBrokerDialogView = observer(function MqttBrokerDialogView({ dialog, onSave, onTest, onClose }: MqttBrokerDialogViewProps) {
  const { messages } = useStores();
  const id = useId();
  const issue = (field: string) => (dialog.issues[field] ? messages.text(dialog.issues[field]) : undefined);
  const text = (field: keyof MqttBrokerForm, label: string, props: { required?: boolean; type?: string; placeholder?: string; helper?: string; className?: string; autoFocus?: boolean } = {}) => {
    const problem = issue(field);
    return (
      <FormGroup label={label} labelFor={`${id}-${field}`} labelInfo={props.required ? "(required)" : undefined} intent={problem ? "danger" : "none"}
        helperText={problem ?? props.helper} className={props.className}>
        <InputGroup id={`${id}-${field}`} value={dialog.form[field] as string} type={props.type ?? "text"} placeholder={props.placeholder}
          autoFocus={props.autoFocus} intent={problem ? "danger" : "none"} onValueChange={(v) => dialog.set(field, v)} data-testid={`mqtt-form-${field}`}
          autoComplete={field === "password" ? "new-password" : "off"} />
      </FormGroup>
    );
  };
  const topicsIssue = issue("topics");
  return (
    <FormDialog title={dialog.publicId === null ? "Add MQTT broker" : "Edit MQTT broker"} icon="exchange" testId="mqtt-form" dirty={dialog.dirty}
      saving={dialog.saving} canSave={dialog.canSave} failure={dialog.failure} saveTestId="mqtt-form-save" onSave={onSave} onClose={onClose} width={560}>
      {text("name", "Name", { required: true, autoFocus: true })}
      <div className="mqtt-form-row">
        {text("host", "Host", { required: true, placeholder: "broker.example.com" })}
        {text("port", "Port", { type: "number", className: "mqtt-port" })}
      </div>
      <Switch checked={dialog.form.tls} label="Use TLS (mqtts)" onChange={(e) => dialog.set("tls", e.currentTarget.checked)} />
      {text("clientId", "Client id", { helper: "Leave empty to use one made from the broker's id." })}
      <div className="mqtt-form-row">
        {text("username", "User name")}
        {text("password", "Password", {
          type: "password",
          helper: dialog.broker?.hasPassword ? "A password is stored. Leave empty to keep it." : "Leave empty when the broker needs none.",
        })}
      </div>
      <FormGroup label="Topics" labelFor={`${id}-topics`} labelInfo="(one per line)" intent={topicsIssue ? "danger" : "none"}
        helperText={topicsIssue ?? "Filters to subscribe to, for example plant/+/temperature or alarms/#."}>
        <TextArea id={`${id}-topics`} fill rows={3} value={dialog.form.topics} intent={topicsIssue ? "danger" : "none"}
          onChange={(e) => dialog.set("topics", e.currentTarget.value)} data-testid="mqtt-form-topics" />
      </FormGroup>
      <Switch checked={dialog.form.enabled} label="Connected by the portal" onChange={(e) => dialog.set("enabled", e.currentTarget.checked)} />
      <div className="mqtt-test">
        <Button icon="exchange" text="Test connection" loading={dialog.testing} disabled={dialog.form.host.trim() === ""} onClick={onTest} data-testid="mqtt-form-test" />
        {dialog.testResult && (
          <Callout intent={dialog.testResult.ok ? "success" : "danger"} role="status" compact data-testid="mqtt-test-result">
            {messages.text(dialog.testResult.message.key, dialog.testResult.message.params)}
          </Callout>
        )}
      </div>
    </FormDialog>
  );
});
