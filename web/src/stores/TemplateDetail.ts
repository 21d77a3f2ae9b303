/**
 * One backend component template opened on the Templates screen (issue 13): the config it uses
 * (spec 7: the first config filtered by template.publicId, else none) with its JSON editor, the
 * companies it is shared with, the company's message subscriptions of it, and the download of the
 * company's runner log as cloud-function.log ('download failed' for 3 s on failure, spec 8). A
 * template shared with the company is read-only here: config and shares are not offered.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { Result } from "effect";
import type { BackendTemplate, MessageSubscription, TemplateConfig, TemplateShare } from "@portal/core/domain/BackendTemplate";
import { parseTemplateConfigText } from "@portal/core/rules/backendTemplates";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";
import { saveFileInBrowser } from "./saveFileInBrowser";
import { TEMPLATES_SNACKBAR_KEY } from "./TemplatesStore";
import { TextForm } from "./TextForm";

const configText = (c: TemplateConfig | null): string => (c === null ? "{\n  \n}" : JSON.stringify(c.config, null, 2));

export class TemplateDetail {
  config: TemplateConfig | null = null;
  shares: ReadonlyArray<TemplateShare> = [];
  subscriptions: ReadonlyArray<MessageSubscription> = [];
  loaded = false;
  configForm: TextForm<"config"> | null = null;
  shareForm = new TextForm<"company">(null, { company: "" }, ["company"]);
  subscriptionForm = new TextForm<"topic">(null, { topic: "" }, ["topic"]);
  downloading = false;

  constructor(private readonly root: RootStore, readonly template: BackendTemplate) {
    makeObservable(this, {
      config: observableRef, shares: observableRef, subscriptions: observableRef, loaded: observable, configForm: observableRef,
      shareForm: observableRef, subscriptionForm: observableRef, downloading: observable,
      dirty: computed, canClose: computed, editConfig: action, closeConfig: action,
    });
  }

  get readOnly(): boolean {
    return this.template.shared;
  }

  /** Something typed in the share or subscription field that was not added yet. */
  get dirty(): boolean {
    return this.shareForm.dirty || this.subscriptionForm.dirty;
  }

  get canClose(): boolean {
    return this.configForm === null && !this.shareForm.saving && !this.subscriptionForm.saving;
  }

  async load(): Promise<void> {
    const api = this.root.ports.api.platform;
    const id = this.template.publicId;
    const [config, shares, subs] = await Promise.all([
      this.root.run(api.templateConfig(id)),
      this.readOnly ? Promise.resolve(null) : this.root.run(api.shares(id)),
      this.root.run(api.subscriptions(id)),
    ]);
    runInAction(() => {
      if (config._tag === "Success") this.config = config.success;
      if (shares?._tag === "Success") this.shares = shares.success;
      if (subs._tag === "Success") this.subscriptions = subs.success;
      this.loaded = true;
    });
    const failed = [config, shares, subs].find((r) => r?._tag === "Failure");
    if (failed?._tag === "Failure") notifyFailure(this.root.snackbars, failed.failure, "other", TEMPLATES_SNACKBAR_KEY);
  }

  editConfig(): void {
    const text = configText(this.config);
    this.configForm = new TextForm(this.config?.publicId ?? null, { config: text }, ["config"]);
  }

  closeConfig(): void {
    if (!this.configForm?.saving) this.configForm = null;
  }

  /** Saves the edited JSON: core parses it first (a JSON object), then the server judges its size. */
  async saveConfig(): Promise<void> {
    const form = this.configForm;
    if (!form || !form.canSave) return;
    const parsed = parseTemplateConfigText(form.values.config);
    if (Result.isFailure(parsed)) {
      form.fail("config", parsed.failure);
      return;
    }
    runInAction(() => (form.saving = true));
    const api = this.root.ports.api.platform;
    const result = form.publicId === null
      ? await this.root.run(api.addConfig(this.template.publicId, parsed.success))
      : await this.root.run(api.updateConfig(form.publicId, parsed.success));
    if (result._tag === "Failure") {
      runInAction(() => form.failed(result.failure, this.root.connectivity.isOnline));
      return;
    }
    const fresh = await this.root.run(api.templateConfig(this.template.publicId));
    runInAction(() => {
      if (fresh._tag === "Success") this.config = fresh.success;
      if (this.configForm === form) this.configForm = null;
    });
  }

  async addShare(): Promise<void> {
    const form = this.shareForm;
    if (!form.canSave) return;
    runInAction(() => (form.saving = true));
    const api = this.root.ports.api.platform;
    const result = await this.root.run(api.addShare(this.template.publicId, form.values.company.trim()));
    if (result._tag === "Failure") {
      runInAction(() => form.failed(result.failure, this.root.connectivity.isOnline));
      return;
    }
    const shares = await this.root.run(api.shares(this.template.publicId));
    runInAction(() => {
      if (shares._tag === "Success") this.shares = shares.success;
      this.shareForm = new TextForm<"company">(null, { company: "" }, ["company"]);
    });
  }

  async removeShare(share: TemplateShare): Promise<void> {
    const result = await this.root.run(this.root.ports.api.platform.removeShare(share.publicId));
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", TEMPLATES_SNACKBAR_KEY);
    else runInAction(() => (this.shares = this.shares.filter((s) => s.publicId !== share.publicId)));
  }

  async addSubscription(): Promise<void> {
    const form = this.subscriptionForm;
    if (!form.canSave) return;
    runInAction(() => (form.saving = true));
    const api = this.root.ports.api.platform;
    const result = await this.root.run(api.addSubscription(this.template.publicId, form.values.topic.trim()));
    if (result._tag === "Failure") {
      runInAction(() => form.failed(result.failure, this.root.connectivity.isOnline));
      return;
    }
    const subs = await this.root.run(api.subscriptions(this.template.publicId));
    runInAction(() => {
      if (subs._tag === "Success") this.subscriptions = subs.success;
      this.subscriptionForm = new TextForm<"topic">(null, { topic: "" }, ["topic"]);
    });
  }

  async removeSubscription(sub: MessageSubscription): Promise<void> {
    const result = await this.root.run(this.root.ports.api.platform.removeSubscription(sub.publicId));
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", TEMPLATES_SNACKBAR_KEY);
    else runInAction(() => (this.subscriptions = this.subscriptions.filter((s) => s.publicId !== sub.publicId)));
  }

  /** Saves the company's runner log as cloud-function.log; 'download failed' (3 s) when it cannot. */
  async downloadLogs(): Promise<boolean> {
    if (this.downloading) return false;
    runInAction(() => (this.downloading = true));
    const result = await this.root.run(this.root.ports.api.platform.templateLogs(this.template.publicId));
    runInAction(() => (this.downloading = false));
    if (result._tag === "Failure") {
      notifyFailure(this.root.snackbars, result.failure, "templateLogs.download", TEMPLATES_SNACKBAR_KEY);
      return false;
    }
    saveFileInBrowser(result.success.fileName, result.success.file);
    this.root.snackbars.show({ message: "TEMPLATE_LOG_SAVED", params: { name: result.success.fileName }, timeoutMs: 3000, intent: "success", key: TEMPLATES_SNACKBAR_KEY });
    return true;
  }
}
