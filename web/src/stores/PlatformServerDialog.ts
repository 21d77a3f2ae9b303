/**
 * The add/edit form of a platform server (issue 13; spec 3: location, name, type mdr or rsc,
 * vpnRange) in the platform administrators' tools: what was typed (a failed save keeps it),
 * whether it changed, and the issues of each field. Before anything is sent the form is judged by
 * core's checkPlatformServer, the rule the server applies, so a bad VPN range is named at once.
 */
import { Result } from "effect";
import { action, computed, makeObservable, observable } from "mobx";
import type { AdminPlatformServer, PlatformServerType } from "@portal/core/domain/Platform";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { checkPlatformServer, PLATFORM_SERVER_COMPANY_GONE, type PlatformServerFields } from "@portal/core/rules/platformServers";

export interface PlatformServerForm {
  /** The company's publicId ("" while none is chosen). */
  company: string;
  name: string;
  location: string;
  type: PlatformServerType;
  vpnRange: string;
}

const formOf = (s: AdminPlatformServer | null): PlatformServerForm => ({
  company: s?.company.publicId ?? "", name: s?.name ?? "", location: s?.location ?? "", type: s?.type ?? "rsc", vpnRange: s?.vpnRange ?? "",
});

export class PlatformServerDialog {
  form: PlatformServerForm;
  readonly initial: PlatformServerForm;
  saving = false;
  /** Field name to the message key of its issue. */
  issues: Record<string, string> = {};
  failure: Message | null = null;

  constructor(readonly server: AdminPlatformServer | null) {
    this.initial = formOf(server);
    this.form = { ...this.initial };
    makeObservable(this, { form: observable, saving: observable, issues: observable, failure: observable, dirty: computed, canSave: computed, set: action, failed: action, judge: action });
  }

  get publicId(): string | null {
    return this.server?.publicId ?? null;
  }

  get dirty(): boolean {
    return (Object.keys(this.initial) as Array<keyof PlatformServerForm>).some((k) => this.form[k] !== this.initial[k]);
  }

  /** Save is enabled once something changed (a new server: once anything is typed). */
  get canSave(): boolean {
    return this.dirty;
  }

  set<K extends keyof PlatformServerForm>(field: K, value: PlatformServerForm[K]): void {
    this.form[field] = value;
    delete this.issues[field];
    this.failure = null;
  }

  /**
   * Judges the form with core's rule (and that a company is chosen): the checked fields, or null
   * with every issue on its field.
   */
  judge(): (PlatformServerFields & { company: string }) | null {
    const checked = checkPlatformServer({ ...this.form });
    const issues: Record<string, string> = Result.isFailure(checked)
      ? Object.fromEntries(checked.failure.issues.filter((i) => i.propertyName).map((i) => [i.propertyName!, i.message])) : {};
    if (this.form.company === "") issues["company"] = "REQUIRED";
    this.issues = issues;
    if (Result.isFailure(checked) || Object.keys(issues).length > 0) return null;
    return { ...checked.success, company: this.form.company };
  }

  /** Shows why the save failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    if (online && error._tag === "NotFound" && error.entity === "Company") {
      this.issues = { company: PLATFORM_SERVER_COMPANY_GONE };
      this.failure = null;
      return;
    }
    const f = saveFailure(error, online);
    const issues = Object.fromEntries(f.fieldIssues.filter((i) => i.propertyName).map((i) => [i.propertyName === "company.publicId" ? "company" : i.propertyName!, i.message]));
    this.issues = issues;
    this.failure = f.message ?? (Object.keys(issues).length === 0 && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }
}
