/**
 * The MQTT screen (issue 12; manage:mqtt-brokers): the company's broker clients with their live
 * status, add and edit through MqttBrokerDialog (which also runs "Test connection"), and delete
 * after a confirmation. Status changes arrive through the event stream ("mqtt-broker-status",
 * EventStreamStore) and replace the client's status in place, so the tags follow without a reload.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MqttBroker, MqttBrokerStatus } from "@portal/core/domain/MqttBroker";
import { allPages } from "@portal/core/ports/PortalApi";
import { mqttResultMessage } from "@portal/core/rules/mqttBrokers";
import type { GateState } from "./BootstrapStore";
import { MqttBrokerDialog } from "./MqttBrokerDialog";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "mqtt-brokers";

export class MqttBrokersStore {
  brokers: ReadonlyArray<MqttBroker> = [];
  state: GateState = "idle";
  dialog: MqttBrokerDialog | null = null;
  confirmingDelete: MqttBroker | null = null;
  deleting = false;

  /**
   * The last status pushed per client. A push can come before the list that holds its client
   * (a broker just saved connects while the list is reloading): the list answer, read before the
   * push, would otherwise put back an older status ("Connecting" for good, seen in the e2e run).
   */
  private readonly pushed = new Map<string, MqttBrokerStatus>();

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      brokers: observableRef, state: observable, dialog: observableRef, confirmingDelete: observableRef, deleting: observable,
      openAdd: action, openEdit: action, closeDialog: action, askDelete: action, cancelDelete: action, applyStatus: action,
    });
    root.events.on("mqtt-status", ({ publicId, status }) => this.applyStatus(publicId, status));
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(allPages((after) => this.root.ports.api.mqttBrokers.list({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.brokers = result.success.map((b) => {
          const pushed = this.pushed.get(b.publicId);
          return pushed && pushed.since >= b.status.since ? { ...b, status: pushed } : b;
        });
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** A status change pushed by the server: replaces that client's status (other companies' are ignored by the caller). */
  applyStatus(publicId: string, status: MqttBrokerStatus): void {
    this.pushed.set(publicId, status);
    if (!this.brokers.some((b) => b.publicId === publicId)) return;
    this.brokers = this.brokers.map((b) => (b.publicId === publicId ? { ...b, status } : b));
  }

  openAdd(): void {
    this.dialog = new MqttBrokerDialog(null);
  }

  openEdit(broker: MqttBroker): void {
    this.dialog = new MqttBrokerDialog(broker);
  }

  closeDialog(): void {
    if (!this.dialog?.saving) this.dialog = null;
  }

  async saveDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || dialog.saving || !dialog.canSave) return;
    runInAction(() => (dialog.saving = true));
    const api = this.root.ports.api.mqttBrokers;
    const draft = dialog.draft();
    const result = dialog.publicId === null ? await this.root.run(api.add(draft)) : await this.root.run(api.update(dialog.publicId, draft));
    if (result._tag === "Failure") {
      dialog.failed(result.failure, this.root.connectivity.isOnline);
      return;
    }
    runInAction(() => {
      if (this.dialog === dialog) this.dialog = null;
    });
    await this.load();
  }

  /** Connects with what the form holds; the result is shown in the dialog as a sentence. */
  async testDialog(): Promise<void> {
    const dialog = this.dialog;
    if (!dialog || dialog.testing) return;
    runInAction(() => {
      dialog.testing = true;
      dialog.testResult = null;
    });
    const result = await this.root.run(this.root.ports.api.mqttBrokers.test({ ...dialog.draft(), ...(dialog.publicId ? { publicId: dialog.publicId } : {}) }));
    runInAction(() => {
      if (result._tag === "Failure") {
        dialog.failed(result.failure, this.root.connectivity.isOnline);
        return;
      }
      dialog.testing = false;
      dialog.testResult = { ok: result.success.ok, message: mqttResultMessage(result.success) };
    });
  }

  askDelete(broker: MqttBroker): void {
    this.confirmingDelete = broker;
  }

  cancelDelete(): void {
    if (!this.deleting) this.confirmingDelete = null;
  }

  async confirmDelete(): Promise<void> {
    const broker = this.confirmingDelete;
    if (!broker || this.deleting) return;
    runInAction(() => (this.deleting = true));
    const result = await this.root.run(this.root.ports.api.mqttBrokers.remove(broker.publicId));
    runInAction(() => {
      this.deleting = false;
      this.confirmingDelete = null;
      if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
    });
    if (result._tag === "Success") await this.load();
  }
}
