/**
 * The company's audit retention (issue 12): how many days entries are kept, read with the audit
 * right or as administrator, changed only by administrators (manage:roles, core's
 * ADMINISTRATOR_RIGHT; the server checks it). The field holds text as typed: a failed or
 * refused save keeps it, so nothing typed is lost.
 */
import { action, computed, makeObservable, observable, runInAction } from "mobx";
import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from "@portal/core/domain/AuditLog";
import { ADMINISTRATOR_RIGHT } from "@portal/core/rules/administrators";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "audit-retention";

/** The days the text stands for: null for empty (keep for good), undefined when it is not valid. */
export function parseRetentionDays(text: string): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= AUDIT_RETENTION_MIN_DAYS && n <= AUDIT_RETENTION_MAX_DAYS ? n : undefined;
}

export class AuditRetentionStore {
  /** The saved setting; undefined until loaded. */
  days: number | null | undefined = undefined;
  text = "";
  state: GateState = "idle";
  saving = false;
  private loadedFor: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<AuditRetentionStore, "loadedFor">(this, {
      loadedFor: false, days: observable, text: observable, state: observable, saving: observable,
      canEdit: computed, isInvalid: computed, isChanged: computed, setText: action,
    });
  }

  /** Whether the signed-in user may change it (the server refuses everyone else). */
  get canEdit(): boolean {
    return this.root.session.rights.includes(ADMINISTRATOR_RIGHT);
  }

  get isInvalid(): boolean {
    return parseRetentionDays(this.text) === undefined;
  }

  get isChanged(): boolean {
    const parsed = parseRetentionDays(this.text);
    return parsed !== undefined && this.days !== undefined && parsed !== this.days;
  }

  /** Loads the setting once per company. */
  async ensure(): Promise<void> {
    const company = this.root.session.selectedCompanyId;
    if (this.loadedFor === company && this.state !== "failed") return;
    this.loadedFor = company;
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.auditLogs.retention());
    if (this.loadedFor !== company) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.days = result.success.days;
        this.text = result.success.days === null ? "" : String(result.success.days);
        this.state = "ready";
      } else {
        this.state = "failed";
      }
    });
  }

  setText(text: string): void {
    this.text = text;
  }

  /** Saves the typed value; a failure keeps the text and says why. */
  async save(): Promise<void> {
    const days = parseRetentionDays(this.text);
    if (days === undefined || this.saving) return;
    runInAction(() => (this.saving = true));
    const result = await this.root.run(this.root.ports.api.auditLogs.setRetention({ days }));
    runInAction(() => {
      this.saving = false;
      if (result._tag === "Success") {
        this.days = result.success.days;
        this.root.snackbars.show({
          message: days === null ? "AUDIT_RETENTION_FOREVER" : "AUDIT_RETENTION_SAVED", params: { name: String(days) },
          timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY,
        });
      } else {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }
}
