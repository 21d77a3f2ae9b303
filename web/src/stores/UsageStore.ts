/**
 * The usage screen (issue 12, use:data-usage): a period (last 7 or 30 days by day, last 12 months
 * by month, or days picked by hand) in the user's time zone, the company's rows for it, and what
 * the chart, the totals and the top devices show, all summed by core's usage rules, so that the
 * totals on screen are the sum of the records. The CSV export has the same period.
 */
import { Effect } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { Temporal } from "temporal-polyfill";
import type { UsageGranularity, UsageRow } from "@portal/core/domain/Usage";
import {
  topDevices, usagePeriod, usageSeries, usageTotals, type DeviceUsage, type UsageCounts, type UsagePeriod, type UsagePeriodProblem, type UsagePoint,
} from "@portal/core/rules/usage";
import type { SaveFile } from "./AuditTrailStore";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

export const USAGE_PRESETS = ["7d", "30d", "12m", "custom"] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];
export const USAGE_PRESET_LABELS: Readonly<Record<UsagePreset, string>> = {
  "7d": "Last 7 days", "30d": "Last 30 days", "12m": "Last 12 months", custom: "Custom period",
};
export type UsageMetric = "bytes" | "sessions" | "apiCalls" | "reportRuns";
/** Devices in the top list. */
export const USAGE_TOP_DEVICES = 10;
const SNACKBAR_KEY = "usage";

export class UsageStore {
  preset: UsagePreset = "30d";
  /** The custom period's days (`YYYY-MM-DD`) and bucket size; the presets compute their own. */
  customFrom = "";
  customTo = "";
  customGranularity: UsageGranularity = "day";
  metric: UsageMetric = "bytes";
  rows: ReadonlyArray<UsageRow> = [];
  state: GateState = "idle";
  exporting = false;
  /** The period the rows shown were asked for (the chart's buckets come from it). */
  shownPeriod: UsagePeriod | null = null;
  private generation = 0;
  private loadedKey: string | null = null;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly root: RootStore, private readonly saveFile: SaveFile = root.saveFile) {
    makeObservable<UsageStore, "generation" | "loadedKey" | "current">(this, {
      generation: false, loadedKey: false, current: false,
      preset: observable, customFrom: observable, customTo: observable, customGranularity: observable, metric: observable,
      rows: observableRef, state: observable, exporting: observable, shownPeriod: observableRef,
      zone: computed, period: computed, problem: computed, series: computed, totals: computed, top: computed,
      setPreset: action, setCustom: action, setMetric: action,
    });
  }

  /** The user's time zone (profile), else the browser's. */
  get zone(): string {
    return this.root.session.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  /** The period of the controls, or what is wrong with the custom days. */
  get period(): UsagePeriod | UsagePeriodProblem {
    if (this.preset === "custom") return usagePeriod(this.customFrom, this.customTo, this.customGranularity, this.zone);
    const today = Temporal.Instant.fromEpochMilliseconds(Effect.runSync(this.root.ports.clock.now)).toZonedDateTimeISO(this.zone).toPlainDate();
    if (this.preset === "12m") return usagePeriod(today.subtract({ months: 11 }).with({ day: 1 }).toString(), today.toString(), "month", this.zone);
    return usagePeriod(today.subtract({ days: this.preset === "7d" ? 6 : 29 }).toString(), today.toString(), "day", this.zone);
  }

  get problem(): UsagePeriodProblem | null {
    const p = this.period;
    return "field" in p ? p : null;
  }

  /** One point per bucket of the shown period. */
  get series(): UsagePoint[] {
    return this.shownPeriod ? usageSeries(this.rows, this.shownPeriod.buckets) : [];
  }

  get totals(): UsageCounts {
    return usageTotals(this.rows);
  }

  get top(): DeviceUsage[] {
    return topDevices(this.rows, USAGE_TOP_DEVICES);
  }

  setPreset(preset: UsagePreset): void {
    if (preset === "custom" && this.customFrom === "") {
      // Starts from the period shown, so the custom fields are never blank.
      const p = this.period;
      if (!("field" in p)) {
        this.customFrom = p.fromDay;
        this.customTo = p.toDay;
        this.customGranularity = p.granularity;
      }
    }
    this.preset = preset;
    void this.ensure();
  }

  setCustom(change: { from?: string; to?: string; granularity?: UsageGranularity }): void {
    if (change.from !== undefined) this.customFrom = change.from;
    if (change.to !== undefined) this.customTo = change.to;
    if (change.granularity !== undefined) this.customGranularity = change.granularity;
    void this.ensure();
  }

  setMetric(metric: UsageMetric): void {
    this.metric = metric;
  }

  /** Loads the rows of the period unless they are loaded or loading; nothing is asked for a bad period. */
  ensure(): Promise<void> {
    const p = this.period;
    if ("field" in p) return this.current;
    const key = JSON.stringify([this.root.session.selectedCompanyId, p.from, p.until, p.granularity, p.timeZone]);
    if (key === this.loadedKey && (this.state === "pending" || this.state === "ready")) return this.current;
    this.loadedKey = key;
    this.current = this.load(p, ++this.generation);
    return this.current;
  }

  /** Loads again (Try again). */
  reload(): Promise<void> {
    this.loadedKey = null;
    return this.ensure();
  }

  async exportCsv(): Promise<void> {
    const p = this.period;
    if (this.exporting || "field" in p) return;
    runInAction(() => (this.exporting = true));
    const result = await this.root.run(this.root.ports.api.usage.exportCsv(queryOf(p)));
    runInAction(() => (this.exporting = false));
    if (result._tag === "Success") {
      this.saveFile(result.success.fileName, result.success.file);
      this.root.snackbars.show({ message: "USAGE_EXPORT_SAVED", params: { name: result.success.fileName }, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    } else {
      notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
    }
  }

  private async load(p: UsagePeriod, generation: number): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.usage.rows(queryOf(p)));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.rows = result.success;
        this.shownPeriod = p;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.loadedKey = null;
      }
    });
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
  }
}

const queryOf = (p: UsagePeriod) => ({ from: p.fromDay, to: p.toDay, granularity: p.granularity, timeZone: p.timeZone });
