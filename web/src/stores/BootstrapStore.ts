/**
 * The bootstrap gate (spec section 2): discover the API, load the host branding and (signed in)
 * my sector, and start the VPN client connector. Failures go through the connectivity store
 * (the adapter reports them), so the gate only records that it did not finish.
 */
import { action, makeObservable, observable, runInAction } from "mobx";
import type { RootStore } from "./RootStore";

export type GateState = "idle" | "pending" | "ready" | "failed";

export class BootstrapStore {
  state: GateState = "idle";
  discovered = false;
  private running: Promise<void> | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, { state: observable, discovered: observable, reset: action });
  }

  /** Runs the gate once; concurrent callers share the same run. */
  ensure(): Promise<void> {
    if (this.state === "ready") return Promise.resolve();
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  reset(): void {
    if (this.state !== "pending") this.state = "idle";
  }

  private async run(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const discovery = await this.root.run(this.root.ports.api.discovery.discover());
    if (discovery._tag !== "Success") {
      runInAction(() => (this.state = "failed"));
      return;
    }
    runInAction(() => (this.discovered = true));
    this.root.connector.start();
    await Promise.all([
      this.root.branding.loadHost(),
      this.root.session.isSignedIn ? this.root.branding.loadSector() : Promise.resolve(),
    ]);
    runInAction(() => (this.state = "ready"));
  }
}
