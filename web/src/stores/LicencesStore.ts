/**
 * The Licences screen (issue 12; manage:licences, COMPANY menu): the company's licence bundles with
 * their seats and expiry, every device with what it holds and until when, and extending a bundle.
 */
import { Effect } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AgentLicenceState, LicenceBundle } from "@portal/core/domain/Licence";
import type { GateState } from "./BootstrapStore";
import { notifyFailure } from "./notifyFailure";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "licences";

export class LicencesStore {
  bundles: ReadonlyArray<LicenceBundle> = [];
  devices: ReadonlyArray<AgentLicenceState> = [];
  state: GateState = "idle";
  extending: string | null = null;
  /** Licence changes pushed by the server so far, and the device of the last one: open device pages reload on a change of theirs. */
  changes = 0;
  lastChangedDevice: string | null = null;

  /** The clock's now (epoch ms), for "expires in n days". */
  now(): number {
    return Effect.runSync(this.root.ports.clock.now);
  }

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      bundles: observableRef, devices: observableRef, state: observable, extending: observable, changes: observable, lastChangedDevice: observable, changed: action,
    });
    root.events.on("licence-changed", (agent) => this.changed(agent));
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const api = this.root.ports.api.licences;
    const [bundles, devices] = await Promise.all([this.root.run(api.bundles()), this.root.run(api.devices())]);
    runInAction(() => {
      if (bundles._tag === "Success" && devices._tag === "Success") {
        this.bundles = bundles.success;
        this.devices = devices.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        const failure = bundles._tag === "Failure" ? bundles.failure : devices._tag === "Failure" ? devices.failure : null;
        if (failure) this.root.snackbars.show({ message: this.root.messages.ofError(failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  /** Devices holding at least one activation or bundle (the rest hold nothing to show). */
  get licensedDevices(): ReadonlyArray<AgentLicenceState> {
    return this.devices.filter((d) => d.activations.length > 0 || d.bundles.length > 0);
  }

  /** The server said a device's licences changed (the "licence-changed" event): reload what is shown. */
  changed(agentPublicId: string): void {
    this.changes += 1;
    this.lastChangedDevice = agentPublicId;
    if (this.state === "ready") void this.load();
  }

  async extend(bundlePublicId: string): Promise<void> {
    if (this.extending) return;
    runInAction(() => (this.extending = bundlePublicId));
    const result = await this.root.run(this.root.ports.api.licences.extend(bundlePublicId));
    runInAction(() => {
      this.extending = null;
      if (result._tag === "Failure") {
        notifyFailure(this.root.snackbars, result.failure, "other", SNACKBAR_KEY);
        return;
      }
      this.bundles = this.bundles.map((b) => (b.publicId === bundlePublicId ? result.success : b));
      this.root.snackbars.show({ message: "The licence bundle is extended.", timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    });
  }
}
