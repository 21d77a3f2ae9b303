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
 *
 * My temporary access to the selected company (my-companies' expiresOn) is a reminder too: core's
 * expiry warning, from 30 days before its end and again at the end of every day (in my profile's
 * time zone, else the browser's), muted in the same way; it has no Extend (an administrator
 * extends a membership).
 */
import { Effect, Result, Schema } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import { REMINDER_TIMER_MS } from "@portal/core/constants";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { MyCompany } from "@portal/core/domain/Company";
import type { Reminder } from "@portal/core/domain/Reminder";
import { EXPIRY_WARNING_ICON, temporaryAccessWarning } from "@portal/core/rules/expiryWarning";
import {
  accessRequestReminders, mergeReminders, muteAllReminders, muteReminderById, mutedStateKeepUntil, tickReminders, visibleReminders,
} from "@portal/core/rules/reminders";
import type { RootStore } from "./RootStore";
import { writeJson } from "./storageJson";
import { readJson } from "./storageRead";
import { MyAccessRequestsStore } from "./MyAccessRequestsStore";

/** Storage key of the muted state: reminder id to the time it is muted until (null: until expiry). */
export const MUTED_REMINDERS_KEY = "portal.reminders.muted";
/** The id of the reminder of my temporary access to a company (apart from requests' publicIds). */
export const companyAccessReminderId = (companyPublicId: string): string => `company-access:${companyPublicId}`;

/** Whether a reminder is about my temporary access to a company (no Extend, its end is a date). */
export const isCompanyAccessReminder = (reminder: Reminder): boolean => reminder.icon === EXPIRY_WARNING_ICON;

/** The right my-access-requests needs. */
const REQUEST_RIGHT = "use:access-requests";

const knownTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
};

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

  /**
   * Builds the reminders again from my active and scheduled requests and my access to the
   * selected company, keeping mutes.
   */
  async reload(): Promise<void> {
    const generation = ++this.generation;
    const [active, pending, companies] = await Promise.all([
      this.myRequests("active"), this.myRequests("pending"), this.myCompanies(),
    ]);
    if (generation !== this.generation || active === null || pending === null || companies === null) return;
    const stored = await Effect.runPromise(readJson(this.root.ports.storage, MUTED_REMINDERS_KEY, MutedState));
    const now = this.clockNow();
    const text = (name: string) => this.root.messages.text("YOUR_ACCESS_TO_NAME_ENDS_SOON", { name });
    const requests = accessRequestReminders([...active, ...pending], now, text);
    const access = this.companyAccessReminder(companies.find((c) => c.publicId === this.root.session.selectedCompanyId));
    const fresh = [...requests, ...(access === null ? [] : [access])].map((r) => {
      const saved = stored?.[r.id];
      return saved && saved.expiresOn === r.expiresOn ? { ...r, muted: true, mutedUntil: saved.mutedUntil } : r;
    });
    runInAction(() => {
      this.now = now;
      this.reminders = tickReminders(mergeReminders(this.reminders, fresh), now);
    });
    this.loaded = true;
  }

  /** My companies: the list the session has just read if it is recent, else a fresh read; null when it failed. */
  private async myCompanies(): Promise<ReadonlyArray<MyCompany> | null> {
    const recent = await this.root.session.recentCompanies();
    if (recent !== null) return recent;
    const result = await this.root.run(this.root.ports.api.me.myCompanies());
    return result._tag === "Success" ? result.success : null;
  }

  /**
   * My requests in `box`; none when I may not request access (a viewer still gets the reminder of
   * a temporary access); null when they could not be loaded.
   */
  private async myRequests(box: "active" | "pending"): Promise<ReadonlyArray<MyAccessRequest> | null> {
    const { session } = this.root;
    if (session.rightsLoaded && !session.rights.includes(REQUEST_RIGHT)) return [];
    const result = await this.root.run(this.root.ports.api.accessRequests.mine({ box, pageSize: 200 }));
    if (result._tag === "Success") return result.success.data;
    return result.failure._tag === "Forbidden" ? [] : null;
  }

  /**
   * The time zone my reminders' days end in: my profile's, else the browser's (also when my
   * profile's is unknown here: an unreadable zone must not silence the warning).
   */
  get timeZone(): string {
    const mine = this.root.session.timeZone;
    return mine !== undefined && knownTimeZone(mine) ? mine : Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  /** Core's expiry warning of my temporary access to `company`; null when it is permanent. */
  private companyAccessReminder(company: MyCompany | undefined): Reminder | null {
    if (company?.expiresOn == null) return null;
    const access = { publicId: companyAccessReminderId(company.publicId), expiresOn: company.expiresOn };
    const end = Date.parse(company.expiresOn);
    // Unreadable: core's rule below refuses it too, but formatting it would throw first.
    if (Number.isNaN(end)) return null;
    const timeZone = this.timeZone;
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone }).format(end);
    const warning = temporaryAccessWarning(access, timeZone, this.root.messages.text("YOUR_ACCESS_TO_COMPANY_EXPIRES", { name: company.name, date }));
    return Result.isSuccess(warning) ? warning.success : null;
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
