/**
 * The Identity screen (issue 12; manage:branding): the selected company's identity as loaded, the
 * form as the person typed it (a failed save keeps it), pending image uploads with their preview,
 * and the save. A successful save applies at once here (BrandingStore reloads the company's
 * branding); every other signed-in user of the company follows through "branding-changed".
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { CompanyIdentity, IdentityImage } from "@portal/core/domain/Identity";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import type { IdentityChanges } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";

export interface IdentityForm {
  name: string;
  theme: "light" | "dark";
  primaryColor: string;
  browserTitle: string;
  fqdn: string;
  appleAppStoreLink: string;
  googlePlayStoreLink: string;
}
const TEXT_FIELDS = ["name", "primaryColor", "browserTitle", "fqdn", "appleAppStoreLink", "googlePlayStoreLink"] as const;

/** An image chosen for upload (base64 of the file, and a data: URL to preview it), or null to remove the current one. */
export type PendingImage = { readonly base64: string; readonly preview: string; readonly fileName: string } | null;

const formOf = (i: CompanyIdentity | null): IdentityForm => ({
  name: i?.name ?? "", theme: i?.theme ?? "light", primaryColor: i?.primaryColor ?? "", browserTitle: i?.browserTitle ?? "",
  fqdn: i?.fqdn ?? "", appleAppStoreLink: i?.appleAppStoreLink ?? "", googlePlayStoreLink: i?.googlePlayStoreLink ?? "",
});

export class IdentityStore {
  identity: CompanyIdentity | null = null;
  state: GateState = "idle";
  form: IdentityForm = formOf(null);
  images: Partial<Record<IdentityImage, PendingImage>> = {};
  saving = false;
  /** Field name to the message key of its issue (core's saveFailure). */
  issues: Record<string, string> = {};
  failure: Message | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      identity: observableRef, state: observable, form: observable, images: observable, saving: observable, issues: observable, failure: observableRef,
      dirty: computed, set: action, chooseImage: action, removeImage: action, reset: action, failed: action,
    });
  }

  get dirty(): boolean {
    const initial = formOf(this.identity);
    return Object.keys(this.images).length > 0 || (Object.keys(initial) as Array<keyof IdentityForm>).some((k) => this.form[k] !== initial[k]);
  }

  /** The URL an image shows now: the pending upload's preview, none when it is to be removed, else the saved one. */
  imageUrl(kind: IdentityImage): string | null {
    if (kind in this.images) return this.images[kind]?.preview ?? null;
    return this.identity?.[kind] ?? null;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.identity.get());
    runInAction(() => {
      if (result._tag === "Success") {
        this.identity = result.success;
        this.reset();
        this.state = "ready";
      } else this.state = "failed";
    });
  }

  set<K extends keyof IdentityForm>(field: K, value: IdentityForm[K]): void {
    this.form[field] = value;
    delete this.issues[field];
    this.failure = null;
  }

  /** Takes an image the person chose (its bytes as base64); the server judges what it is. */
  chooseImage(kind: IdentityImage, base64: string, mediaType: string, fileName: string): void {
    this.images[kind] = { base64, preview: `data:${mediaType || "application/octet-stream"};base64,${base64}`, fileName };
    delete this.issues[kind];
    this.failure = null;
  }

  removeImage(kind: IdentityImage): void {
    this.images[kind] = null;
    delete this.issues[kind];
  }

  /** Back to the saved identity. */
  reset(): void {
    this.form = formOf(this.identity);
    this.images = {};
    this.issues = {};
    this.failure = null;
  }

  /** The changes to send: changed text fields (empty clears) and chosen or removed images. */
  changes(): IdentityChanges {
    const initial = formOf(this.identity);
    const out: Record<string, unknown> = {};
    for (const k of TEXT_FIELDS) if (this.form[k] !== initial[k]) out[k] = k === "name" ? this.form[k] : (this.form[k].trim() === "" ? null : this.form[k]);
    if (this.form.theme !== initial.theme) out["theme"] = this.form.theme;
    for (const [kind, image] of Object.entries(this.images)) out[kind] = image === null ? null : { base64: image!.base64 };
    return out as IdentityChanges;
  }

  async save(): Promise<void> {
    if (this.saving || !this.dirty) return;
    runInAction(() => (this.saving = true));
    const result = await this.root.run(this.root.ports.api.identity.save(this.changes()));
    if (result._tag === "Failure") {
      this.failed(result.failure, this.root.connectivity.isOnline);
      return;
    }
    runInAction(() => {
      this.identity = result.success;
      this.reset();
      this.saving = false;
    });
    this.root.snackbars.show({ message: "IDENTITY_SAVED", timeoutMs: 3000, intent: "success", key: "identity" });
    const company = this.root.session.selectedCompanyId;
    if (company !== null) await this.root.branding.loadCompany(company);
  }

  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.issues = Object.fromEntries(f.fieldIssues.filter((i) => i.propertyName).map((i) => [i.propertyName!, i.message]));
    this.failure = f.message;
  }
}
