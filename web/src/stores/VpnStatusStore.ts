/**
 * The VPN session as the shell shows it (spec 2, 4 "VPN session", 8): the status snackbar ('VPN',
 * status text, Details) shown while not idle and hidden about one second after idle; the favicon
 * variant while connected; the client's step errors joined into one 5 s snackbar; the logout
 * confirmation that closes by itself once idle; the info dialog with the installed version
 * against the release feed (core's rules), and on phones and tablets the force-protocol choice
 * (kept in client storage; the connect hands it to the local client). Reads the client status the
 * ConnectorStore keeps.
 */
import { Effect } from "effect";
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from "mobx";
import type { ForceProtocol, VpnClientReleaseFeed, VpnSessionStatus } from "@portal/core/domain/VpnClient";
import { DEFAULT_FORCE_PROTOCOL } from "@portal/core/constants";
import { mobileOsOf } from "@portal/core/rules/mobile";
import { stepErrorNotice } from "@portal/core/rules/vpnConnector";
import {
  clientReleaseCheck, closesLogoutConfirm, detectPlatform, faviconVariant, FORCE_PROTOCOL_KEY, forceProtocolToStore, readForceProtocol,
  statusBarHidesAt, VPN_STATUS_TEXT, type ReleaseCheck,
} from "@portal/core/rules/vpnSession";
import type { RootStore } from "./RootStore";
import { VpnConnectStore } from "./VpnConnectStore";

export const CONNECTED_FAVICON = "/favicon-connected.svg";
const STEP_ERRORS_KEY = "vpn-steps";

export class VpnStatusStore {
  /** Whether the status snackbar shows (it stays a second after the session went idle). */
  barVisible = false;
  logoutConfirmOpen = false;
  infoOpen = false;
  /** The installed client version (GET /version), null while unknown. */
  installedVersion: string | null = null;
  /** The release feed; null while not loaded or when its fetch failed (silently ignored, spec 8). */
  feed: VpnClientReleaseFeed | null = null;
  /** When the favicon last changed (its cache-busting timestamp). */
  faviconStamp = 0;
  /** The stored force-protocol preference (read when the store is built, written by setForceProtocol). */
  forceProtocol: ForceProtocol = DEFAULT_FORCE_PROTOCOL;
  /** A phone or tablet (core's mobileOsOf): the info dialog then offers the force-protocol choice (spec 2). */
  readonly onMobile: boolean;
  private hideTimer: unknown = null;
  private lastStepErrors: string | null = null;
  private feedLoad: Promise<void> | null = null;
  private readonly disposers: Array<() => void> = [];

  constructor(private readonly root: RootStore) {
    this.onMobile = mobileOsOf(root.env.userAgent ?? "", root.env.maxTouchPoints ?? 0) !== null;
    makeObservable<VpnStatusStore, "apply">(this, {
      barVisible: observable, logoutConfirmOpen: observable, infoOpen: observable, installedVersion: observable,
      feed: observableRef, faviconStamp: observable, forceProtocol: observable,
      status: computed, statusText: computed, favicon: computed, releaseCheck: computed, session: computed,
      apply: action, openInfo: action, closeInfo: action, requestLogout: action, cancelLogout: action,
    });
    this.disposers.push(
      reaction(() => this.status, (status, previous) => this.apply(status, previous)),
      reaction(() => root.connector.clientStatus?.activeRequest?.steps, (steps) => this.showStepErrors(steps ?? [])),
      reaction(() => root.connector.clientStatus?.session?.services, () => root.get(VpnConnectStore).openListedService()),
      reaction(() => [root.connector.status, root.connector.lostAndFound] as const, ([status]) => {
        if (status === "found") void this.loadVersion();
      }),
    );
    void root.run(root.ports.storage.get(FORCE_PROTOCOL_KEY)).then((stored) => {
      if (stored._tag === "Success") runInAction(() => (this.forceProtocol = readForceProtocol(stored.success)));
    });
  }

  /**
   * Keeps the chosen protocol in client storage without expiry (tcp removes the entry: it is the
   * default); the next connect hands it to the local client. A refused write says so and keeps
   * the previous choice.
   */
  async setForceProtocol(protocol: ForceProtocol): Promise<void> {
    const { storage } = this.root.ports;
    const value = forceProtocolToStore(protocol);
    const previous = this.forceProtocol;
    runInAction(() => (this.forceProtocol = protocol));
    const written = await this.root.run(value === null ? storage.remove(FORCE_PROTOCOL_KEY) : storage.set(FORCE_PROTOCOL_KEY, value));
    if (written._tag === "Failure") {
      runInAction(() => (this.forceProtocol = previous));
      this.root.snackbars.show({ message: this.root.messages.ofError(written.failure), timeoutMs: 4000, intent: "danger", key: "force-protocol" });
    }
  }

  get status(): VpnSessionStatus {
    return this.root.connector.clientStatus?.status ?? "idle";
  }

  get statusText(): string {
    return VPN_STATUS_TEXT[this.status];
  }

  /** The client's session (device, addresses, server) while connecting or connected. */
  get session() {
    return this.root.connector.clientStatus?.session ?? null;
  }

  /** The favicon to show, or null for the branding's own. */
  get favicon(): string | null {
    return faviconVariant(this.status) === "connected" ? CONNECTED_FAVICON : null;
  }

  get releaseCheck(): ReleaseCheck {
    return clientReleaseCheck(this.installedVersion, this.feed, detectPlatform(this.root.env.userAgent ?? ""));
  }

  private now(): number {
    return Effect.runSync(this.root.ports.clock.now);
  }

  private apply(status: VpnSessionStatus, previous: VpnSessionStatus): void {
    if (faviconVariant(status) !== faviconVariant(previous)) this.faviconStamp = this.now();
    this.cancelHide();
    if (status !== "idle") {
      this.barVisible = true;
      return;
    }
    this.lastStepErrors = null;
    if (closesLogoutConfirm(status)) this.logoutConfirmOpen = false;
    if (!this.barVisible) return;
    const idleSince = this.now();
    this.hideTimer = this.root.timers.setTimeout(action(() => {
      this.hideTimer = null;
      this.barVisible = false;
    }), statusBarHidesAt(idleSince) - idleSince);
  }

  /** Step errors as one snackbar for 5 s, once per distinct set (the client pushes the same steps again). */
  private showStepErrors(steps: Parameters<typeof stepErrorNotice>[0]): void {
    const notice = stepErrorNotice(steps);
    if (notice === null || notice.message === this.lastStepErrors) return;
    this.lastStepErrors = notice.message;
    this.root.snackbars.show({ message: notice.message, timeoutMs: notice.durationMs, intent: "danger", key: STEP_ERRORS_KEY });
  }

  /** Log out: asks first while a session is not idle (the VPN would be cut); otherwise goes now. */
  requestLogout(): void {
    if (this.status === "idle") this.root.navigate("/logout");
    else this.logoutConfirmOpen = true;
  }

  cancelLogout(): void {
    this.logoutConfirmOpen = false;
  }

  /** The confirmation's Log out: ends the VPN session, then signs out. */
  async confirmLogout(): Promise<void> {
    runInAction(() => (this.logoutConfirmOpen = false));
    await this.root.run(this.root.ports.connector.disconnect());
    this.root.navigate("/logout");
  }

  async disconnect(): Promise<void> {
    const result = await this.root.run(this.root.ports.connector.disconnect());
    if (result._tag === "Failure") {
      this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 5000, intent: "danger", key: STEP_ERRORS_KEY });
    }
  }

  openInfo(): void {
    this.infoOpen = true;
    void this.loadFeed();
    if (this.root.connector.status === "found") void this.loadVersion();
  }

  closeInfo(): void {
    this.infoOpen = false;
  }

  /** The release feed, once per app (a failure is ignored and tried again at the next need). */
  loadFeed(): Promise<void> {
    this.feedLoad ??= (async () => {
      const result = await this.root.run(this.root.ports.api.tunnels.releaseFeed());
      if (result._tag === "Success") runInAction(() => (this.feed = result.success));
      else this.feedLoad = null;
    })();
    return this.feedLoad;
  }

  async loadVersion(): Promise<void> {
    const result = await this.root.run(this.root.ports.connector.version());
    runInAction(() => (this.installedVersion = result._tag === "Success" ? result.success : null));
  }

  stop(): void {
    this.cancelHide();
    for (const dispose of this.disposers) dispose();
  }

  private cancelHide(): void {
    if (this.hideTimer !== null) this.root.timers.clearTimeout(this.hideTimer);
    this.hideTimer = null;
  }
}
