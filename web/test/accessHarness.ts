/**
 * A RootStore on the memory fake with devices, approvers and the event stream wired: the engineer
 * (the fake's user) requests, a test acts as the approver by swapping the fake's user (`asApprover`).
 */
import { runInAction } from "mobx";
import type { Approver } from "@portal/core/domain/AccessRequest";
import type { Agent } from "@portal/core/domain/Agent";
import type { Right } from "@portal/core/domain/Right";
import { makeMemoryEventStream } from "@portal/fixtures/memory/MemoryEventStream";
import type { MemoryUser, PortalApiMemorySeed } from "@portal/fixtures/memory/portal-api/state";
import { ClockStepped } from "@portal/fixtures/memory/ClockStepped";
import { PortalApiMemory } from "@portal/fixtures/memory/PortalApiMemory";
import { StorageMemory } from "@portal/fixtures/memory/StorageMemory";
import { VpnConnectorMemory } from "@portal/fixtures/memory/VpnConnectorMemory";
import { RootStore } from "../src/stores/RootStore";
import { company, ManualTimers, START } from "./harness";
import { ENGLISH_MESSAGES } from "@portal/core/messages/englishMessages";

export const ENGINEER = { publicId: "userEngineer", name: "Eddie Engineer" };
export const ANNA: Approver = { publicId: "userAnnaAppr", name: "Anna Approver" };
export const ZOE: Approver = { publicId: "userZoeAppro", name: "Zoë Zimmer" };

export const agent = (n: number, overrides: Partial<Agent> = {}): Agent => ({
  publicId: `agent${String(n).padStart(7, "0")}`,
  name: `Device ${String(n).padStart(5, "0")}`,
  assets: [],
  vpnRequireAccessApproval: true,
  servers: [
    { publicId: `srvWeb${String(n).padStart(6, "0")}`, name: "Web panel", requireAccessApproval: true, serviceGroup: "HMI" },
    { publicId: `srvSsh${String(n).padStart(6, "0")}`, name: "SSH", requireAccessApproval: false, serviceGroup: null },
  ],
  scheduledAccessRequests: [],
  activeVpnSession: n % 2 === 0 ? null : { rscServer: { publicId: "rscServer001", name: "RSC 1" }, vpnAddress: `10.0.0.${n % 250}` },
  connectedUsers: [],
  rateLimiting: null,
  useStunnel: false,
  ...overrides,
});

const REQUESTER: ReadonlyArray<Right> = ["use:access-requests"];
const APPROVER: ReadonlyArray<Right> = ["approve:access-requests"];

export function accessHarness(options: {
  agents?: Agent[]; approvers?: Record<string, Approver[]>; reachableClient?: boolean; userAgent?: string;
  /** The engineer's companies (default: Alpha, permanent), the first one selected. */
  companies?: PortalApiMemorySeed["companies"];
  /** The engineer's profile time zone. */
  timeZone?: string;
} = {}) {
  const agents = options.agents ?? [agent(1), agent(2)];
  const clock = ClockStepped.make(START);
  const api = PortalApiMemory.makeSync({
    user: { ...ENGINEER, email: "engineer@example.com" },
    signedIn: true,
    companies: options.companies ?? [{ company: company("companyAAAAA", "Alpha"), rights: REQUESTER }],
    agents,
    approvers: options.approvers ?? Object.fromEntries(agents.map((a) => [a.publicId, [ZOE, ANNA]])),
    agentGroups: { [agents[0]!.publicId]: [{ publicId: "groupPlantA1", name: "Plant A" }] },
  }, clock);
  const stream = makeMemoryEventStream(api.state);
  const timers = new ManualTimers();
  const connector = VpnConnectorMemory.make({ reachable: options.reachableClient ?? false });
  const storage = StorageMemory.make(clock);
  const root = new RootStore({
    messages: ENGLISH_MESSAGES,
    ports: { api, connector, clock, storage },
    navigate: () => undefined,
    env: { hostname: "portal.example.com", isProduction: false, webRootUrl: null, platform: "web", ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }) },
    brandingHost: "portal.example.com",
    online: { isOnline: () => true, subscribe: () => () => undefined },
    timers,
    events: stream.open,
  });
  runInAction(() => {
    root.session.user = { ...ENGINEER, email: "engineer@example.com", twoFactorEnabled: false, ...(options.timeZone ? { timeZone: options.timeZone } : {}) } as never;
    root.session.rights = REQUESTER;
    root.session.selectedCompanyId = options.companies?.[0]?.company.publicId ?? "companyAAAAA";
  });
  const engineer = api.state.user;
  /** Runs `fn` as Anna (approver rights), then returns to the engineer. */
  const asApprover = async <A>(fn: () => Promise<A>, who: Approver = ANNA): Promise<A> => {
    const user: MemoryUser = { ...engineer, ...who };
    api.state.user = user;
    api.setRights(APPROVER);
    try {
      return await fn();
    } finally {
      api.state.user = engineer;
      api.setRights(REQUESTER);
    }
  };
  return { root, api, clock, timers, storage, stream, asApprover, connector };
}
