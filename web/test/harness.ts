/**
 * Builds a RootStore on core's in-memory fakes (fixtures/src/memory): PortalApiMemory,
 * VpnConnectorMemory, StorageMemory and a stepped clock, with recorded navigation, manual timers
 * and a switchable online signal. Tests assert on the stores' observable state.
 */
import type { Branding } from "@portal/core/domain/Branding";
import type { Company } from "@portal/core/domain/Company";
import type { Right } from "@portal/core/domain/Right";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { PortalApiMemory, type PortalApiMemoryRolesSeed } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import type { PortalApiMemorySeed } from "@portal/fixtures/memory/portal-api/state";
import { RootStore } from "../src/stores/RootStore";
import type { Timers } from "../src/stores/env";
import type { StoreDetails } from "@portal/core/rules/appStoreLookup";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";
import type { MessageCatalogue } from "@portal/core/messages/messageFormat";

export const START = Date.parse("2026-11-21T10:00:00Z");

export class ManualTimers implements Timers {
  private pending: Array<{ id: number; at: number; fn: () => void }> = [];
  private next = 1;
  now = 0;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.pending.push({ id, at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((p) => p.id !== handle);
  };
  get count(): number {
    return this.pending.length;
  }
  /** The delay of the next pending timer, from now. */
  get nextDelay(): number | undefined {
    const first = [...this.pending].sort((a, b) => a.at - b.at)[0];
    return first === undefined ? undefined : first.at - this.now;
  }
  /** Fires every timer due within `ms`, in order. */
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending].sort((a, b) => a.at - b.at)[0];
      if (due === undefined || due.at > until) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = until;
  }
}

export const company = (publicId: string, name: string, fqdn?: string, parent?: Company): Company => ({
  publicId, name, ...(fqdn ? { branding: { publicId: `b${publicId}`, fqdn } } : {}), ...(parent ? { parent } : {}),
});

export interface HarnessOptions {
  readonly seed?: PortalApiMemorySeed & PortalApiMemoryRolesSeed;
  readonly hostname?: string;
  readonly reachableClient?: boolean;
  readonly production?: boolean;
  readonly webRootUrl?: string | null;
  readonly userAgent?: string;
  readonly appStoreLookup?: (id: string) => Promise<StoreDetails | null>;
  /** The English catalogue or its loader (default: the whole catalogue at once). */
  readonly messages?: MessageCatalogue | (() => Promise<MessageCatalogue>);
}

export function harness(options: HarnessOptions = {}) {
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({ signedIn: false, ...options.seed }, clock);
  const storage = StorageMemory.make(clock);
  const connector = VpnConnectorMemory.make({ reachable: options.reachableClient ?? false });
  const timers = new ManualTimers();
  const navigations: string[] = [];
  let online = true;
  const listeners = new Set<(o: boolean) => void>();
  const root = new RootStore({
    messages: options.messages ?? ENGLISH_MESSAGES,
    ports: { api, connector, clock, storage },
    navigate: (path) => navigations.push(path),
    env: { hostname: options.hostname ?? "portal.example.com", isProduction: options.production ?? false, webRootUrl: options.webRootUrl ?? null, platform: "web",
      ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }) },
    ...(options.appStoreLookup === undefined ? {} : { appStoreLookup: options.appStoreLookup }),
    brandingHost: options.hostname ?? "portal.example.com",
    online: {
      isOnline: () => online,
      subscribe: (fn) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    },
    timers,
  });
  return {
    root, api, storage, connector, clock, timers, navigations,
    setOnline: (value: boolean) => {
      online = value;
      for (const l of listeners) l(value);
    },
  };
}

export const twoCompanies = (rights: ReadonlyArray<Right>): PortalApiMemorySeed["companies"] => [
  { company: company("companyAAAAA", "Alpha"), rights },
  { company: company("companyBBBBB", "Beta"), rights },
];

export const brandingFor = (fqdn: string, name: string, theme: "light" | "dark" = "light"): Branding => ({
  publicId: `br${name}`, name, fqdn, theme, custom: { glbBrowserTitle: `${name} title` },
});

/** Lets queued promise continuations (store actions awaiting Effects) run. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};
