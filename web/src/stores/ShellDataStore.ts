/**
 * What the signed-in shell waits for (spec section 2): the company's asset types and group types
 * (group types with fields color, name, order). Screens of later issues read these lists.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import { allPages } from "@portal/core/ports/PortalApi";
import type { AssetType } from "@portal/core/domain/AssetType";
import type { GroupType } from "@portal/core/domain/GroupType";
import type { RootStore } from "./RootStore";
import type { GateState } from "./BootstrapStore";
import { UsersStore } from "./UsersStore";

export class ShellDataStore {
  state: GateState = "idle";
  groupTypes: ReadonlyArray<GroupType> = [];
  assetTypes: ReadonlyArray<AssetType> = [];
  private running: Promise<void> | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, { state: observable, groupTypes: observableRef, assetTypes: observableRef, reset: action });
    // The lists belong to the previous company or person.
    root.session.onSessionEnd(() => this.reset());
    root.session.onCompanyChange(() => this.reset());
  }

  ensure(): Promise<void> {
    if (this.state === "ready") return Promise.resolve();
    this.running ??= this.load().finally(() => (this.running = null));
    return this.running;
  }

  /** Company switch or logout: the lists belong to the previous company. */
  reset(): void {
    this.root.get(UsersStore).reset();
    this.state = "idle";
    this.groupTypes = [];
    this.assetTypes = [];
  }

  private async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const { api } = this.root.ports;
    const [groupTypes, assetTypes] = await Promise.all([
      this.root.run(allPages((after) => api.groupTypes.list({ fields: "color,name,order", pageSize: 4000, ...(after ? { pageAfter: after } : {}) }))),
      this.root.run(allPages((after) => api.assetTypes.list({ pageSize: 4000, ...(after ? { pageAfter: after } : {}) }))),
    ]);
    runInAction(() => {
      if (groupTypes._tag === "Success") this.groupTypes = groupTypes.success;
      if (assetTypes._tag === "Success") this.assetTypes = assetTypes.success;
      // A user without the list's right still gets the shell; a failure of the API is
      // handled by connectivity. Either way the gate opens.
      this.state = "ready";
    });
    // Spec 2: the users list is preloaded a short while after the shell opens.
    this.root.get(UsersStore).schedulePreload();
  }
}
