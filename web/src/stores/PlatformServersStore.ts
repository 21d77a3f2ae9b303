/**
 * The Platform servers screen (issue 13): the selected company's servers (spec 7: fields
 * location, name, type, vpnRange; filter type in mdr, rsc) and a type choice that narrows the
 * table. Created by the screen when it mounts (no root store field: nothing else needs it).
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { PlatformServer, PlatformServerType } from "@portal/core/domain/Platform";
import { allPages } from "@portal/core/ports/PortalApi";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

export type ServerTypeChoice = "all" | PlatformServerType;

export class PlatformServersStore {
  servers: ReadonlyArray<PlatformServer> = [];
  state: GateState = "idle";
  type: ServerTypeChoice = "all";

  constructor(private readonly root: RootStore) {
    makeObservable(this, { servers: observableRef, state: observable, type: observable, visible: computed, setType: action });
  }

  get visible(): ReadonlyArray<PlatformServer> {
    return this.type === "all" ? this.servers : this.servers.filter((s) => s.type === this.type);
  }

  setType(type: ServerTypeChoice): void {
    this.type = type;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const api = this.root.ports.api.platform;
    const result = await this.root.run(allPages((after) => api.platformServers({ pageSize: 1000, ...(after ? { pageAfter: after } : {}) })));
    runInAction(() => {
      if (result._tag === "Success") {
        this.servers = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        notifyFailure(this.root.snackbars, result.failure, "other", "platform-servers");
      }
    });
  }
}
