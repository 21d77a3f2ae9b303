import { Alert, Button, HTMLTable, NonIdealState, Spinner, type Intent } from "@blueprintjs/core";
import { Tag } from "../../shell/controls/Tag";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { MqttBroker, MqttBrokerState } from "@portal/core/domain/MqttBroker";
import { mqttResultMessage } from "@portal/core/rules/mqttBrokers";
import { useStore, useStores } from "../../app/StoreContext";
import { ScreenHeader } from "../../shell/ScreenHeader";
import { MqttBrokerDialogView } from "./MqttBrokerDialogView";
import "./mqtt.css";
import { MqttBrokersStore } from "../../stores/MqttBrokersStore";

const STATE_VIEW: Record<MqttBrokerState, { label: string; intent: Intent }> = {
  connected: { label: "Connected", intent: "success" },
  connecting: { label: "Connecting", intent: "primary" },
  disconnected: { label: "Disconnected", intent: "none" },
  error: { label: "Error", intent: "danger" },
};

const StatusCell = observer(function StatusCell({ broker }: { broker: MqttBroker }) {
  const { messages } = useStores();
  const view = STATE_VIEW[broker.status.state];
  const reason = broker.status.state === "error" ? mqttResultMessage({ ok: false, failure: broker.status.failure, detail: broker.status.detail }) : null;
  return (
    <div className="mqtt-status">
      <Tag intent={view.intent} minimal={broker.status.state !== "connected"} round data-testid="mqtt-status">{broker.enabled || broker.status.state !== "disconnected" ? view.label : "Off"}</Tag>
      {reason && <span className="mqtt-status-reason">{messages.text(reason.key, reason.params)}</span>}
    </div>
  );
});

/**
 * /mqtt (manage:mqtt-brokers): the company's MQTT broker clients with their live status (updated
 * through the event stream), add, edit (with "Test connection") and delete.
 */
export const MqttBrokersPage = observer(function MqttBrokersPage() {
  const store = useStore(MqttBrokersStore);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="mqtt-page" data-testid="mqtt-page">
      <ScreenHeader title="MQTT brokers">
        <Button icon="plus" intent="primary" text="Add broker" onClick={() => store.openAdd()} data-testid="mqtt-add" />
      </ScreenHeader>
      <p className="bp6-text-muted">
        The portal connects to these brokers and subscribes to their topics, so device values published there can be shown on pages.
      </p>
      {store.state === "pending" && store.brokers.length === 0 ? <Spinner size={32} /> : store.brokers.length === 0 ? (
        <NonIdealState icon="exchange" title="No MQTT brokers yet" description="Add a broker to receive device values over MQTT." />
      ) : (
        <div className="mqtt-scroll">
          <HTMLTable compact striped className="mqtt-table" data-testid="mqtt-table">
            <thead><tr><th scope="col">Name</th><th scope="col">Address</th><th scope="col">Topics</th><th scope="col">Status</th><th scope="col"><span className="bp6-text-muted">Actions</span></th></tr></thead>
            <tbody>
              {store.brokers.map((b) => (
                <tr key={b.publicId} data-testid="mqtt-row">
                  <td><strong>{b.name}</strong></td>
                  <td className="mqtt-address">{b.tls ? "mqtts" : "mqtt"}://{b.host}:{b.port}{b.username ? ` (${b.username})` : ""}</td>
                  <td>{b.topics.length === 0 ? <span className="bp6-text-muted">None</span> : b.topics.join(", ")}</td>
                  <td><StatusCell broker={b} /></td>
                  <td>
                    <div className="mqtt-actions">
                      <Button size="small" variant="minimal" icon="edit" text="Edit" aria-label={`Edit ${b.name}`} onClick={() => store.openEdit(b)} data-testid="mqtt-edit" />
                      <Button size="small" variant="minimal" icon="trash" intent="danger" text="Delete" aria-label={`Delete ${b.name}`}
                        onClick={() => store.askDelete(b)} data-testid="mqtt-delete" />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {store.dialog && (
        <MqttBrokerDialogView dialog={store.dialog} onSave={() => void store.saveDialog()} onTest={() => void store.testDialog()} onClose={() => store.closeDialog()} />
      )}
      <Alert isOpen={store.confirmingDelete !== null} intent="danger" icon="trash" cancelButtonText="Cancel" confirmButtonText="Delete"
        loading={store.deleting} onCancel={() => store.cancelDelete()} onConfirm={() => void store.confirmDelete()} canEscapeKeyCancel>
        <p>Delete the MQTT broker “{store.confirmingDelete?.name}”? The portal disconnects from it.</p>
      </Alert>
    </div>
  );
});

export default MqttBrokersPage;
