/**
 * The "Queue report" dialog (issue 13; spec 3 "Report queue request"): the page, which version,
 * an optional device or asset (one of them: choosing one clears the other; a search narrows the
 * choices by name, case- and accent-insensitive), the period as wall-clock times in a time zone (core's zonedWallTimeToUtc
 * turns them into the UTC instants the API takes) and the zone. It opens on yesterday in the
 * browser's zone. A failed queue keeps what was typed and shows the rule's sentence.
 */
import { action, computed, makeObservable, observable, observableRef } from "mobx";
import type { ReportVersionKind } from "@portal/core/domain/Report";
import type { ErrorLike, Message } from "@portal/core/messages/messages";
import { saveFailure } from "@portal/core/messages/saveFailure";
import { foldForSearch } from "@portal/core/rules/approvers";
import { isTimeZone, utcToZonedWallTime, zonedWallTimeToUtc } from "@portal/core/rules/reports";

export interface ReportForm {
  page: string;
  version: ReportVersionKind;
  /** A device's publicId, or "" for none. */
  agent: string;
  /** An asset's publicId, or "" for none (never both a device and an asset). */
  asset: string;
  start: string;
  end: string;
  timeZone: string;
}

/** The browser's time zone (what a person expects the period in), UTC when it reports none. */
/** The value of the device-or-asset choice: "agent:<publicId>", "asset:<publicId>" or "" for none. */
export type ReportTarget = "" | `agent:${string}` | `asset:${string}`;

/** Whether `name` matches the search `query` (every word of it, folded as core's approver search folds). */
export const matchesTargetQuery = (name: string, query: string): boolean => {
  const words = foldForSearch(query).split(/\s+/).filter((w) => w !== "");
  const hay = foldForSearch(name);
  return words.every((w) => hay.includes(w));
};

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const DAY_MS = 24 * 60 * 60 * 1000;

export class ReportQueueDialog {
  form: ReportForm;
  readonly initial: ReportForm;
  saving = false;
  fieldIssues: Readonly<Record<string, string>> = {};
  failure: Message | null = null;
  /** The search over devices and assets (not part of the form: typing it changes nothing to discard). */
  targetQuery = "";

  constructor(now: number, page: string, agent: string, zone: string = browserTimeZone(), asset = "") {
    // Yesterday from midnight to midnight in the zone.
    const today = utcToZonedWallTime(now, zone).slice(0, 10);
    const midnight = Date.parse(zonedWallTimeToUtc(`${today}T00:00`, zone) ?? new Date(now).toISOString());
    this.initial = {
      page, version: "published", agent: asset ? "" : agent, asset, timeZone: zone,
      start: utcToZonedWallTime(midnight - DAY_MS, zone), end: utcToZonedWallTime(midnight, zone),
    };
    this.form = { ...this.initial };
    makeObservable(this, {
      form: observable, saving: observable, fieldIssues: observableRef, failure: observable, targetQuery: observable, set: action, failed: action,
      setTarget: action, setTargetQuery: action, dirty: computed, canSave: computed, target: computed,
    });
  }

  set<K extends keyof ReportForm>(key: K, value: ReportForm[K]): void {
    this.form = { ...this.form, [key]: value };
    const { [key]: _, ...rest } = this.fieldIssues;
    this.fieldIssues = rest;
    this.failure = null;
  }

  /** The device or asset chosen, as the select's value. */
  get target(): ReportTarget {
    return this.form.asset ? `asset:${this.form.asset}` : this.form.agent ? `agent:${this.form.agent}` : "";
  }

  /** Chooses a device, an asset or neither (the select's value); the other one is cleared. */
  setTarget(target: string): void {
    const [kind, id = ""] = target.split(/:(.*)/s);
    this.form = { ...this.form, agent: kind === "agent" ? id : "", asset: kind === "asset" ? id : "" };
    const { agent: _a, asset: _b, ...rest } = this.fieldIssues;
    this.fieldIssues = rest;
    this.failure = null;
  }

  setTargetQuery(query: string): void {
    this.targetQuery = query;
  }

  get dirty(): boolean {
    return (Object.keys(this.form) as Array<keyof ReportForm>).some((k) => this.form[k] !== this.initial[k]);
  }

  get canSave(): boolean {
    return this.form.page !== "" && this.form.start !== "" && this.form.end !== "" && isTimeZone(this.form.timeZone);
  }

  /** The API body of the form (the period in UTC); null fields are the rule's REQUIRED. */
  body() {
    const f = this.form;
    return {
      report: { publicId: f.page }, version: f.version, ...(f.agent ? { agent: { publicId: f.agent } } : {}), ...(f.asset ? { asset: { publicId: f.asset } } : {}),
      start: zonedWallTimeToUtc(f.start, f.timeZone), end: zonedWallTimeToUtc(f.end, f.timeZone), timeZone: f.timeZone,
    };
  }

  /** Shows why queueing failed, keeping what was typed. */
  failed(error: ErrorLike, online: boolean): void {
    this.saving = false;
    const f = saveFailure(error, online);
    this.fieldIssues = Object.fromEntries(f.fieldIssues.filter((i) => i.propertyName).map((i) => [i.propertyName!, i.message]));
    this.failure = f.message ?? (Object.keys(this.fieldIssues).length === 0 && f.fieldIssues[0] ? { key: f.fieldIssues[0].message } : null);
  }
}
