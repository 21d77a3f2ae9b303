/**
 * Reminders about expiring access (spec 2, 4, 9): my approved requests whose end is in the future
 * become reminders at 10 and 2 minutes before the end (core's rules/reminders.ts), checked by a
 * one-minute timer that reads the injected clock. Muting (one, or all by closing the snackbar)
 * hides until the next remind time; the muted state is kept in client storage until the latest
 * expiry, so a reload does not bring a muted reminder back. Until my requests have loaded once,
 * the store knows no reminders: a tick then tries the load again (a failed first load would
 * otherwise leave the session without reminders) and does not write the muted state (an empty
 * list would erase the mutes kept from before the page loaded). Extend asks the same approvers
 * for DEFAULT_DURATION more.
 */
import { Effect, Schema } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { REMINDER_TIMER_MS } from "@portal/core/constants";
import type { Reminder } from "@portal/core/domain/Reminder";
import {
  accessRequestReminders, mergeReminders, muteAllReminders, muteReminderById, mutedStateKeepUntil, tickReminders, visibleReminders,
} from "@portal/core/rules/reminders";
import type { RootStore } from "./RootStore";
import { readJson, writeJson } from "./storageJson";
import { MyAccessRequestsStore } from "./MyAccessRequestsStore";

/** Storage key of the muted state: reminder id to the time it is muted until (null: until expiry). */
export const MUTED_REMINDERS_KEY = "portal.reminders.muted";
const MutedState = Schema.Record(Schema.String, Schema.Struct({ expiresOn: Schema.Finite, mutedUntil: Schema.NullOr(Schema.Finite) }));

export class ReminderStore {
  reminders: ReadonlyArray<Reminder> = [];
  /** The time of the last tick: visibility is read at it. */
  now = 0;
  /** The wide snackbar shows the reminders' texts (collapsed by default). */
  expanded = false;
  /** The narrow bottom sheet is open. */
  sheetOpen = false;
  private timer: unknown = null;
  private generation = 0;
  /** Whether my requests have been loaded at least once (the reminders and their mutes are known). */
  private loaded = false;

  constructor(private readonly root: RootStore) {
    makeObservable<ReminderStore, "timer" | "generation" | "loaded">(this, {
      timer: false, generation: false, loaded: false,
      reminders: observableRef, now: observable, expanded: observable, sheetOpen: observable,
      visible: computed, mute: action, muteAll: action, setExpanded: action, setSheetOpen: action, tick: action,
    });
    root.events.on("access-request", ({ mine }) => void (mine && this.reload()));
  }

  /** The reminders showing now (core's isReminderVisible at the last tick). */
  get visible(): Reminder[] {
    return visibleReminders(this.reminders, this.now);
  }

  private clockNow(): number {
    return Effect.runSync(this.root.ports.clock.now);
  }

  /** Loads the reminders and starts the one-minute timer. */
  async start(): Promise<void> {
    if (this.timer === null) this.schedule();
    await this.reload();
  }

  stop(): void {
    if (this.timer !== null) this.root.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Builds the reminders again from my active and scheduled requests, keeping mutes. */
  async reload(): Promise<void> {
    const generation = ++this.generation;
    const api = this.root.ports.api.accessRequests;
    const [active, pending] = await Promise.all([
      this.root.run(api.mine({ box: "active", pageSize: 200 })),
      this.root.run(api.mine({ box: "pending", pageSize: 200 })),
    ]);
    if (generation !== this.generation || active._tag === "Failure" || pending._tag === "Failure") return;
    const stored = await Effect.runPromise(readJson(this.root.ports.storage, MUTED_REMINDERS_KEY, MutedState));
    const now = this.clockNow();
    const text = (name: string) => this.root.messages.text("YOUR_ACCESS_TO_NAME_ENDS_SOON", { name });
    const fresh = accessRequestReminders([...active.success.data, ...pending.success.data], now, text).map((r) => {
      const saved = stored?.[r.id];
      return saved && saved.expiresOn === r.expiresOn ? { ...r, muted: true, mutedUntil: saved.mutedUntil } : r;
    });
    runInAction(() => {
      this.now = now;
      this.reminders = tickReminders(mergeReminders(this.reminders, fresh), now);
    });
    this.loaded = true;
  }

  /**
   * One timer tick: the clock's time, expired reminders dropped, mutes that ran out lifted. Before
   * the first successful load it loads instead (again), and keeps the stored mutes as they are.
   */
  tick(): void {
    this.now = this.clockNow();
    this.reminders = tickReminders(this.reminders, this.now);
    if (!this.loaded) {
      void this.reload();
      return;
    }
    void this.persist();
  }

  /** Mutes one reminder until its next remind time. */
  mute(id: string): void {
    this.now = this.clockNow();
    this.reminders = muteReminderById(this.reminders, id, this.now);
    void this.persist();
  }

  /** Closing the reminder snackbar mutes every reminder. */
  muteAll(): void {
    this.now = this.clockNow();
    this.reminders = muteAllReminders(this.reminders, this.now);
    this.sheetOpen = false;
    // The next time it shows, it starts collapsed again.
    this.expanded = false;
    void this.persist();
  }

  setExpanded(expanded: boolean): void {
    this.expanded = expanded;
  }

  setSheetOpen(open: boolean): void {
    this.sheetOpen = open;
  }

  /** Asks the same approvers for more time on the reminder's request. */
  async extend(id: string): Promise<boolean> {
    const ok = await this.root.get(MyAccessRequestsStore).extend(id);
    if (ok) this.mute(id);
    return ok;
  }

  private schedule(): void {
    this.timer = this.root.timers.setTimeout(() => {
      this.tick();
      this.schedule();
    }, REMINDER_TIMER_MS);
  }

  /** Keeps the muted state until the latest expiry (core's mutedStateKeepUntil). */
  private async persist(): Promise<void> {
    if (!this.loaded) return;
    const muted = this.reminders.filter((r) => r.muted);
    const until = mutedStateKeepUntil(this.reminders);
    if (muted.length === 0 || until === null) {
      await Effect.runPromise(this.root.ports.storage.remove(MUTED_REMINDERS_KEY));
      return;
    }
    const value = Object.fromEntries(muted.map((r) => [r.id, { expiresOn: r.expiresOn, mutedUntil: r.mutedUntil ?? null }]));
    await Effect.runPromise(writeJson(this.root.ports.storage, MUTED_REMINDERS_KEY, value, until));
  }
}
