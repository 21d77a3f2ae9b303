/**
 * The Apps screen (issue 12; manage:apps, COMPANY menu): the catalogue with each app's state,
 * install and uninstall, and the configuration dialog whose form is generated from the app's JSON
 * Schema (rjsf in the view). The browser checks the typed values against that schema without eval
 * (appConfigIssues) and offers Save only for a valid configuration; the server checks the same
 * schema (ajv); a field it refuses comes back as `data.<field>` and is shown under that field, and
 * the form keeps what was typed. Closing a changed form asks before discarding.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { App, JsonObject } from "@portal/core/domain/App";
import { InvalidInput } from "@portal/core/errors";
import { appConfigIssues, type ConfigIssue } from "./appConfigIssues";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "apps";

/** The configuration dialog of one installed app. */
export class AppConfigForm {
  data: JsonObject;
  saving = false;
  /** Errors the server named, by field path under the configuration ("port", "recipients.0"). */
  serverErrors: Readonly<Record<string, string>> = {};
  /** A sentence when the save failed for another reason (offline, conflict). */
  failure: string | null = null;
  confirmingDiscard = false;
  private readonly initial: string;

  constructor(readonly app: App) {
    this.data = structuredClone(app.config ?? {});
    this.initial = JSON.stringify(this.data);
    makeObservable(this, {
      data: observableRef, saving: observable, serverErrors: observableRef, failure: observable, confirmingDiscard: observable,
      isDirty: computed, issues: computed, canSave: computed, change: action,
    });
  }

  get isDirty(): boolean {
    return JSON.stringify(this.data) !== this.initial;
  }

  /** What the app's JSON Schema refuses in the typed configuration, checked in the browser (no request). */
  get issues(): ReadonlyArray<ConfigIssue> {
    try {
      return appConfigIssues(this.app.configSchema as Record<string, unknown>, this.data);
    } catch {
      // A schema the browser cannot read: the server's check (ajv) still judges the save.
      return [];
    }
  }

  /** Save is offered for a changed configuration the schema accepts, once. */
  get canSave(): boolean {
    return this.isDirty && !this.saving && this.issues.length === 0;
  }

  change(data: JsonObject): void {
    this.data = data;
    this.serverErrors = {};
    this.failure = null;
  }
}

export class AppsStore {
  apps: ReadonlyArray<App> = [];
  state: GateState = "idle";
  busy: string | null = null;
  form: AppConfigForm | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      apps: observableRef, state: observable, busy: observable, form: observableRef, openConfig: action, askClose: action, keepEditing: action, discard: action,
    });
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.apps.list());
    runInAction(() => {
      if (result._tag === "Success") {
        this.apps = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  install(publicId: string): Promise<void> {
    return this.toggle(publicId, true);
  }

  uninstall(publicId: string): Promise<void> {
    return this.toggle(publicId, false);
  }

  openConfig(app: App): void {
    if (app.installed) this.form = new AppConfigForm(app);
  }

  /** Escape, the close button or Cancel: closes at once when nothing changed, else asks first. */
  askClose(): void {
    if (!this.form || this.form.saving) return;
    if (this.form.isDirty) this.form.confirmingDiscard = true;
    else this.form = null;
  }

  keepEditing(): void {
    if (this.form) this.form.confirmingDiscard = false;
  }

  discard(): void {
    this.form = null;
  }

  /** Saves the form's configuration; the server's refusals land on their fields and the form stays open. */
  async save(): Promise<boolean> {
    const form = this.form;
    if (!form || form.saving || form.issues.length > 0) return false;
    runInAction(() => (form.saving = true));
    const result = await this.root.run(this.root.ports.api.apps.saveConfig(form.app.publicId, form.data));
    runInAction(() => {
      form.saving = false;
      if (result._tag === "Failure") {
        const failure = result.failure;
        if (failure instanceof InvalidInput) {
          form.serverErrors = Object.fromEntries(failure.issues.map((i) => [(i.propertyName ?? "data").replace(/^data\.?/, ""), i.message]));
        } else {
          form.failure = this.root.messages.ofError(failure);
        }
        return;
      }
      this.apps = this.apps.map((a) => (a.publicId === result.success.publicId ? result.success : a));
      if (this.form === form) this.form = null;
      this.root.snackbars.show({ message: `The configuration of ${result.success.name} is saved.`, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    });
    return result._tag === "Success";
  }

  private async toggle(publicId: string, install: boolean): Promise<void> {
    if (this.busy) return;
    runInAction(() => (this.busy = publicId));
    const api = this.root.ports.api.apps;
    const result = await this.root.run(install ? api.install(publicId) : api.uninstall(publicId));
    runInAction(() => {
      this.busy = null;
      if (result._tag === "Failure") {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
        return;
      }
      this.apps = this.apps.map((a) => (a.publicId === publicId ? result.success : a));
    });
  }
}
