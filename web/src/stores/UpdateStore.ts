/**
 * The new-version notice (spec 2 and 7): every UPDATE_CHECK_INTERVAL_MS the app reads info.json
 * and, when the version there is not the one running (core's newVersionAvailable; failures
 * ignored), offers a reload. Later hides the notice until a check finds a newer version again.
 */
import { makeAutoObservable, runInAction } from "mobx";
import { UPDATE_CHECK_INTERVAL_MS } from "@portal/core/constants";
import { newVersionAvailable } from "@portal/core/rules/mobile";
import type { RootStore } from "./RootStore";

/** The running build and how to read the served one; absent in tests that do not need it. */
export interface AppVersionSource {
  /** The version this bundle was built as. */
  readonly running: string;
  /** The version info.json names now; null when the check failed. */
  readonly fetchVersion: () => Promise<string | null>;
  /** Loads the new version (location.reload in the browser). */
  readonly reload: () => void;
}

export class UpdateStore {
  /** The version found that differs from the running one; null while none. */
  available: string | null = null;
  /** The version the user chose to ignore with Later. */
  private dismissed: string | null = null;
  private timer: unknown = null;

  constructor(private readonly root: RootStore, private readonly source: AppVersionSource | null) {
    makeAutoObservable<UpdateStore, "root" | "source" | "timer">(this, { root: false, source: false, timer: false });
  }

  /** Whether the notice shows. */
  get visible(): boolean {
    return this.available !== null && this.available !== this.dismissed;
  }

  /** Starts the periodic check (the first one after one interval: the page was just loaded). */
  start(): void {
    if (this.source === null || this.timer !== null) return;
    this.schedule();
  }

  stop(): void {
    if (this.timer !== null) this.root.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** One check now. Portal app only: this web app is the Portal app. */
  async check(): Promise<void> {
    if (this.source === null) return;
    const fetched = await this.source.fetchVersion();
    runInAction(() => {
      if (newVersionAvailable(true, this.source!.running, fetched)) this.available = fetched;
    });
  }

  reload(): void {
    this.source?.reload();
  }

  later(): void {
    this.dismissed = this.available;
  }

  private schedule(): void {
    this.timer = this.root.timers.setTimeout(() => {
      void this.check().finally(() => { if (this.timer !== null) this.schedule(); });
    }, UPDATE_CHECK_INTERVAL_MS);
  }
}
