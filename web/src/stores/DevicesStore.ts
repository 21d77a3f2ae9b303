/**
 * The Devices screen (issue 9): agents of the selected company with my access at a glance, a page
 * of DEVICES_PAGE_SIZE at a time following the API's moreAfter cursor (the server pages, so
 * 10,000 devices cost one page), a name search (debounced), an online filter and a group filter.
 * Also the open device page: the agent, its assets and my requests for it. An access-request event
 * refreshes the one row it is about, not the whole list.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { MyAccessRequest } from "@portal/core/domain/AccessRequest";
import type { AgentView, Asset, DeviceGroup } from "@portal/core/domain/Device";
import type { AgentListRequest } from "@portal/core/ports/api/AccessRequestsApi";
import { Result } from "effect";
import { customFieldFilter } from "@portal/core/rules/customFields";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";
import { CustomFieldsStore } from "./CustomFieldsStore";

export const DEVICES_PAGE_SIZE = 50;
export const DEVICES_SEARCH_DELAY_MS = 300;
export type OnlineFilter = "all" | "online" | "offline";

const SNACKBAR_KEY = "devices";

export class DevicesStore {
  devices: ReadonlyArray<AgentView> = [];
  moreAfter: string | null = null;
  state: GateState = "idle";
  loadingMore = false;
  search = "";
  online: OnlineFilter = "all";
  group: string | null = null;
  /** The custom field filter (issue 12): a device field's publicId and the value typed for it. */
  fieldFilter: { readonly field: string | null; readonly value: string } = { field: null, value: "" };
  /**
   * The group filter's choices, by publicId: every group holding a device I can see (read once
   * from the server), plus groups seen on loaded devices (so a failed read still offers those).
   */
  knownGroups: ReadonlyMap<string, DeviceGroup> = new Map();

  /** The open device page. */
  device: AgentView | null = null;
  deviceState: GateState = "idle";
  deviceAssets: ReadonlyArray<Asset> = [];
  deviceRequests: ReadonlyArray<MyAccessRequest> = [];
  /** Try again (a hard rate limit's reset) is under way on the open device. */
  tryingAgain = false;

  private groupsRead = false;
  private generation = 0;
  private searchTimer: unknown = null;
  private shownRequest: AgentListRequest = {};

  constructor(private readonly root: RootStore) {
    makeObservable<DevicesStore, "generation" | "searchTimer" | "shownRequest" | "groupsRead">(this, {
      generation: false, groupsRead: false, searchTimer: false, shownRequest: false,
      devices: observableRef, moreAfter: observable, state: observable, loadingMore: observable,
      search: observable, online: observable, group: observable, knownGroups: observableRef, fieldFilter: observableRef,
      fieldFilterIssue: computed, setFieldFilter: action,
      device: observableRef, deviceState: observable, tryingAgain: observable, deviceAssets: observableRef, deviceRequests: observableRef,
      canLoadMore: computed, groupChoices: computed, isFiltered: computed,
      setSearch: action, setOnline: action, setGroup: action,
    });
    root.events.on("access-request", ({ mine, request }) => void (mine && request.agent && this.refreshDevice(request.agent.publicId)));
  }

  get canLoadMore(): boolean {
    return this.moreAfter !== null && this.state === "ready" && !this.loadingMore;
  }

  /** The group filter's choices, by name. */
  get groupChoices(): DeviceGroup[] {
    return [...this.knownGroups.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get isFiltered(): boolean {
    return this.search.trim() !== "" || this.online !== "all" || this.group !== null || this.fieldFilters().length > 0;
  }

  /** The filters of the custom field filter, by core's customFieldFilter; none while the value is blank or invalid. */
  private fieldFilters() {
    const field = this.root.get(CustomFieldsStore).fieldsOf("device").find((f) => f.publicId === this.fieldFilter.field);
    if (!field) return [];
    const filter = customFieldFilter(field, this.fieldFilter.value);
    return Result.isSuccess(filter) && filter.success !== null ? [filter.success] : [];
  }

  /** Why the typed filter value cannot match (a message key), or null. */
  get fieldFilterIssue(): string | null {
    const field = this.root.get(CustomFieldsStore).fieldsOf("device").find((f) => f.publicId === this.fieldFilter.field);
    if (!field) return null;
    const filter = customFieldFilter(field, this.fieldFilter.value);
    return Result.isFailure(filter) ? filter.failure : null;
  }

  /** Changes the custom field filter; the list is asked for again once typing pauses. */
  setFieldFilter(field: string | null, value: string): void {
    this.fieldFilter = { field, value: field === this.fieldFilter.field ? value : "" };
    this.cancelSearchTimer();
    this.searchTimer = this.root.timers.setTimeout(() => {
      this.searchTimer = null;
      void this.reload();
    }, DEVICES_SEARCH_DELAY_MS);
  }

  /** The list request of the current filters. */
  private request(): AgentListRequest {
    const search = this.search.trim();
    return {
      pageSize: DEVICES_PAGE_SIZE,
      ...(search === "" ? {} : { search }),
      ...(this.online === "all" ? {} : { online: this.online === "online" }),
      ...(this.group === null ? {} : { group: this.group }),
      ...(this.fieldFilters().length === 0 ? {} : { filters: this.fieldFilters() }),
    };
  }

  /** Loads the first page with the current filters, replacing the list; older answers are dropped. */
  async reload(): Promise<void> {
    this.cancelSearchTimer();
    const generation = ++this.generation;
    this.shownRequest = this.request();
    runInAction(() => {
      this.state = "pending";
      this.loadingMore = false;
    });
    if (!this.groupsRead) void this.readGroups();
    const result = await this.root.run(this.root.ports.api.accessRequests.agents(this.shownRequest));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.devices = result.success.data;
        this.moreAfter = result.success.moreAfter;
        this.state = "ready";
        this.learnGroups(result.success.data);
      } else {
        this.devices = [];
        this.moreAfter = null;
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /** Appends the next page; a failure keeps what is shown. */
  async loadMore(): Promise<void> {
    if (!this.canLoadMore || this.moreAfter === null) return;
    const generation = this.generation;
    const pageAfter = this.moreAfter;
    runInAction(() => (this.loadingMore = true));
    const result = await this.root.run(this.root.ports.api.accessRequests.agents({ ...this.shownRequest, pageAfter }));
    if (generation !== this.generation) return;
    runInAction(() => {
      this.loadingMore = false;
      if (result._tag === "Success") {
        this.devices = [...this.devices, ...result.success.data];
        this.moreAfter = result.success.moreAfter;
        this.learnGroups(result.success.data);
      } else {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
      }
    });
  }

  /** Changes the search text; the list is asked for again once typing pauses. */
  setSearch(text: string): void {
    this.search = text;
    this.cancelSearchTimer();
    this.searchTimer = this.root.timers.setTimeout(() => {
      this.searchTimer = null;
      void this.reload();
    }, DEVICES_SEARCH_DELAY_MS);
  }

  setOnline(online: OnlineFilter): void {
    this.online = online;
    void this.reload();
  }

  setGroup(group: string | null): void {
    this.group = group;
    void this.reload();
  }

  /** Opens the device page: the agent, its assets, and my requests for it. */
  async openDevice(publicId: string): Promise<void> {
    runInAction(() => {
      if (this.device?.publicId !== publicId) {
        this.device = null;
        this.deviceAssets = [];
        this.deviceRequests = [];
      }
      this.deviceState = "pending";
    });
    const api = this.root.ports.api.accessRequests;
    const agent = await this.root.run(api.agent(publicId));
    if (agent._tag === "Failure") {
      runInAction(() => (this.deviceState = "failed"));
      notifyFailure(this.root.snackbars, agent.failure, "other", SNACKBAR_KEY);
      return;
    }
    const ids = agent.success.assets.map((a) => a.publicId);
    const [assets, mine] = await Promise.all([
      ids.length === 0 ? Promise.resolve(null) : this.root.run(api.assets({ filters: [{ op: "in", column: "publicId", values: ids }], pageSize: 4000 })),
      // The server filters by device; the page keeps only this device's rows in any case.
      this.root.run(api.mine({ pageSize: 200, filters: [{ op: "eq", column: "agent.publicId", values: [publicId] }] })),
    ]);
    runInAction(() => {
      this.device = agent.success;
      this.deviceState = "ready";
      this.deviceAssets = assets?._tag === "Success" ? assets.success.data : [];
      this.deviceRequests = mine._tag === "Success" ? mine.success.data.filter((m) => m.agent?.publicId === publicId) : [];
    });
    if (assets?._tag === "Failure") notifyFailure(this.root.snackbars, assets.failure, "other", SNACKBAR_KEY);
    if (mine._tag === "Failure") notifyFailure(this.root.snackbars, mine.failure, "other", SNACKBAR_KEY);
  }

  /**
   * Try again on the open device (spec 4: the system stopped trying, a hard rate limit): the server
   * resets the device's OpenVPN configuration and the page and list show it without the limit. A
   * refusal (still retrying) or a failure is a snackbar; the device stays as it was.
   */
  async tryAgain(): Promise<void> {
    const device = this.device;
    if (device === null || this.tryingAgain) return;
    runInAction(() => (this.tryingAgain = true));
    const result = await this.root.run(this.root.ports.api.accessRequests.tryAgain(device.publicId));
    runInAction(() => {
      this.tryingAgain = false;
      if (result._tag !== "Success") return;
      if (this.device?.publicId === device.publicId) this.device = result.success;
      this.devices = this.devices.map((d) => (d.publicId === device.publicId ? result.success : d));
    });
    if (result._tag === "Failure") notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
  }

  /** Reads one device again (its access changed) and puts it in the list and the open page. */
  async refreshDevice(publicId: string): Promise<void> {
    const shown = this.devices.some((d) => d.publicId === publicId) || this.device?.publicId === publicId;
    if (!shown) return;
    if (this.device?.publicId === publicId) return this.openDevice(publicId);
    const result = await this.root.run(this.root.ports.api.accessRequests.agent(publicId));
    if (result._tag !== "Success") return;
    runInAction(() => {
      this.devices = this.devices.map((d) => (d.publicId === publicId ? result.success : d));
    });
  }

  dispose(): void {
    this.cancelSearchTimer();
  }

  /** Reads the company's device groups once; a failure leaves the groups seen on devices. */
  private async readGroups(): Promise<void> {
    this.groupsRead = true;
    const result = await this.root.run(this.root.ports.api.accessRequests.deviceGroups());
    if (result._tag !== "Success") {
      this.groupsRead = false;
      return;
    }
    runInAction(() => {
      const next = new Map(this.knownGroups);
      for (const g of result.success) next.set(g.publicId, g);
      this.knownGroups = next;
    });
  }

  private learnGroups(devices: ReadonlyArray<AgentView>): void {
    const next = new Map(this.knownGroups);
    for (const d of devices) for (const g of d.groups) next.set(g.publicId, g);
    if (next.size !== this.knownGroups.size) this.knownGroups = next;
  }

  private cancelSearchTimer(): void {
    if (this.searchTimer !== null) this.root.timers.clearTimeout(this.searchTimer);
    this.searchTimer = null;
  }
}
