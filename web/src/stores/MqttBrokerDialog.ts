/**
 * The add/edit form of an MQTT broker client: what the person typed (a failed save keeps it),
 * whether it changed, the field issues and the dialog message of a failed save (core's
 * saveFailure), and the connection test with its result as a sentence (core's mqttResultMessage).
 * The password field starts empty: left empty on an edit, the stored password is kept.
 */
import { action, computed, makeObservable, observable } from "mobx";
import type { MqttBroker, MqttBrokerDraft } from "@portal/core/domain/MqttBroker";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { MQTT_DEFAULT_PORT, MQTT_TLS_PORT } from "@portal/core/rules/mqttBrokers";

export interface MqttBrokerForm {
  name: string;
  host: string;
  port: string;
  tls: boolean;
  clientId: string;
  username: string;
  password: string;
  /** One topic filter per line. */
  topics: string;
  enabled: boolean;
}

const formOf = (b: MqttBroker | null): MqttBrokerForm => ({
  name: b?.name ?? "", host: b?.host ?? "", port: String(b?.port ?? MQTT_DEFAULT_PORT), tls: b?.tls ?? false, clientId: b?.clientId ?? "",
  username: b?.username ?? "", password: "", topics: (b?.topics ?? []).join("\n"), enabled: b?.enabled ?? true,
});

export class MqttBrokerDialog {
  form: MqttBrokerForm;
  readonly initial: MqttBrokerForm;
  saving = false;
  testing = false;
  /** Field name to the message key of its issue. */
  issues: Record<string, string> = {};
  failure: Message | null = null;
  testResult: { readonly ok: boolean; readonly message: Message } | null = null;

  constructor(readonly broker: MqttBroker | null) {
    this.initial = formOf(broker);
    this.form = { ...this.initial };
    makeObservable(this, {
      form: observable, saving: observable, testing: observable, issues: observable, failure: observable, testResult: observable,
      dirty: computed, canSave: computed, set: action, failed: action,
    });
  }

  get publicId(): string | null {
    return this.broker?.publicId ?? null;
  }

  get dirty(): boolean {
    return (Object.keys(this.initial) as Array<keyof MqttBrokerForm>).some((k) => this.form[k] !== this.initial[k]);
  }

  get canSave(): boolean {
    return this.form.name.trim() !== "" && this.form.host.trim() !== "" && (this.publicId === null || this.dirty);
  }

  set<K extends keyof MqttBrokerForm>(field: K, value: MqttBrokerForm[K]): void {
    // Switching TLS moves an untouched default port along with it.
    if (field === "tls" && this.form.port === String(value ? MQTT_DEFAULT_PORT : MQTT_TLS_PORT)) this.form.port = String(value ? MQTT_TLS_PORT : MQTT_DEFAULT_PORT);
    this.form[field] = value;
    delete this.issues[field === "password" ? "password" : field];
    this.testResult = null;
  }

  /** The body of a save or a test: the password only when one was typed (else the stored one stays). */
  draft(): MqttBrokerDraft {
    const f = this.form;
    const port = f.port.trim() === "" ? Number.NaN : Number(f.port);
    return {
      name: f.name, host: f.host, port: Number.isFinite(port) ? port : -1, tls: f.tls, clientId: f.clientId, username: f.username,
      ...(f.password !== "" ? { password: f.password } : {}),
      topics: f.topics.split("\n").map((t) => t.trim()).filter((t) => t !== ""), enabled: f.enabled,
    };
  }

  /** Shows why the save (or the test) failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    this.testing = false;
    const f = saveFailure(error, online);
    this.issues = Object.fromEntries(f.fieldIssues.filter((i) => i.propertyName).map((i) => [i.propertyName!, i.message]));
    this.failure = f.message ?? (Object.keys(this.issues).length === 0 && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }
}
