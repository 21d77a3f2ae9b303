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
    makeObservable<BootstrapStore, "discovery">(this, { state: observable, discovered: observable, reset: action, discovery: false });
  }

  /** Runs the gate once; concurrent callers share the same run. */
  ensure(): Promise<void> {
    if (this.state === "ready") return Promise.resolve();
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * Discovery (`GET /api/`), once for every caller: the frame's host branding and the gate share
   * it, so a page load makes one discovery call, not one per caller. A failure lets a later
   * call try again.
   */
  discoverOnce(): Promise<boolean> {
    this.discovery ??= this.root.run(this.root.ports.api.discovery.discover()).then((result) => {
      if (result._tag === "Success") {
        runInAction(() => (this.discovered = true));
        return true;
      }
      this.discovery = null;
      return false;
    });
    return this.discovery;
  }
  private discovery: Promise<boolean> | null = null;

  /** The host's branding, after discovery (every page shows it, sign-in included). */
  async loadHostBranding(): Promise<void> {
    if (await this.discoverOnce()) await this.root.branding.loadHost();
  }

  reset(): void {
    if (this.state !== "pending") this.state = "idle";
  }

  private async run(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    if (!(await this.discoverOnce())) {
      runInAction(() => (this.state = "failed"));
      return;
    }
    this.root.connector.start();
    await Promise.all([
      this.root.branding.loadHost(),
      this.root.session.isSignedIn ? this.root.branding.loadSector() : Promise.resolve(),
    ]);
    runInAction(() => (this.state = "ready"));
  }
}
