/**
 * The company's translations of the keys the app reads outside the translations screen: group
 * type names bound to a key (spec 5) and the message keys a company may override (spec 8). They
 * are asked of the server by key (`filters=in(key,…)`, KEYS_PER_CALL a call), never as the whole
 * list: with 100,000 translations the Groups screen costs a few small calls, not 25 full pages.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Translation } from "@portal/core/domain/Translation";
import { TRANSLATION_KEY_PATTERN } from "@portal/core/rules/translations";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";

/** Keys per lookup call: the query string stays a few kilobytes. */
export const KEYS_PER_CALL = 100;

export class TranslationLookup {
  /** The translations found, by key, for the selected company. */
  found: ReadonlyMap<string, Translation> = new Map();
  state: GateState = "idle";
  /** Keys asked (or being asked) for `company`: each is asked once until a refresh. */
  private asked = new Set<string>();
  private company: string | null = null;
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly root: RootStore) {
    makeObservable<TranslationLookup, "asked" | "company" | "inFlight">(this, {
      asked: false, company: false, inFlight: false,
      found: observableRef, state: observable, items: computed, remember: action, forget: action,
    });
  }

  /** The translations found for the selected company (none for another until it is asked). */
  get items(): ReadonlyArray<Translation> {
    return this.company === (this.root.session.selectedCompanyId ?? null) ? [...this.found.values()] : [];
  }

  /**
   * Asks the server for the translations of `keys` not asked yet for the selected company (a
   * company switch starts afresh); resolves once every lookup under way has answered. Names that
   * cannot be keys are not asked. A failed call leaves its keys to be asked again next time.
   */
  ensureKeys(keys: Iterable<string>): Promise<void> {
    const company = this.root.session.selectedCompanyId ?? null;
    if (company !== this.company) {
      this.company = company;
      this.asked = new Set();
      runInAction(() => (this.found = new Map()));
    }
    const fresh = [...new Set(keys)].filter((k) => TRANSLATION_KEY_PATTERN.test(k) && !this.asked.has(k));
    for (const k of fresh) this.asked.add(k);
    for (let i = 0; i < fresh.length; i += KEYS_PER_CALL) {
      const call = this.fetch(company, fresh.slice(i, i + KEYS_PER_CALL));
      this.inFlight.add(call);
      void call.finally(() => this.inFlight.delete(call));
    }
    if (fresh.length === 0 && this.inFlight.size === 0 && this.state === "idle") runInAction(() => (this.state = "ready"));
    return Promise.all([...this.inFlight]).then(() => undefined);
  }

  private async fetch(company: string | null, keys: ReadonlyArray<string>): Promise<void> {
    runInAction(() => {
      if (this.state === "idle") this.state = "pending";
    });
    const result = await this.root.run(this.root.ports.api.translations.list({
      fields: "*,languages", pageSize: KEYS_PER_CALL, filters: [{ op: "in", column: "key", values: keys }],
    }));
    if (company !== this.company) return;
    runInAction(() => {
      if (result._tag === "Success") {
        const next = new Map(this.found);
        for (const t of result.success.data) next.set(t.key, t);
        this.found = next;
      } else {
        for (const k of keys) this.asked.delete(k);
      }
      this.state = "ready";
    });
  }

  /** A translation saved here: known from now on (a group type may be renamed to its key next). */
  remember(t: Translation): void {
    const next = new Map(this.found);
    for (const [key, known] of next) if (known.publicId === t.publicId && key !== t.key) next.delete(key);
    next.set(t.key, t);
    this.found = next;
  }

  /** Translations deleted here. */
  forget(publicIds: ReadonlyArray<string>): void {
    this.found = new Map([...this.found].filter(([, t]) => !publicIds.includes(t.publicId)));
  }

  /** Asks every key again (after an import changed many at once). */
  async refresh(): Promise<void> {
    const keys = [...this.asked];
    this.asked = new Set();
    runInAction(() => (this.found = new Map()));
    await this.ensureKeys(keys);
  }
}
