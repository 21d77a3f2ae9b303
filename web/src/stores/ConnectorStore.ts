/**
 * The local VPN client connector (spec section 4). Every probe result is fed to core's
 * connectorStep, which decides the status (missing / found / lost), the notice (installation
 * found, 3 s; lost then missing: Retry snackbar that never times out) and what happens next
 * (probe again after 2,500 ms, stop after 1,440 retries, or watch the client's pushed status).
 */
import { Effect, Fiber } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { VpnClientStatus } from "@portal/core/domain/VpnClient";
import {
  connectorStep, INITIAL_CONNECTOR_STATE, type ConnectorEvent, type ConnectorState, type ConnectorStatus,
} from "@portal/core/rules/vpnConnector";
import type { RootStore } from "./RootStore";

export class ConnectorStore {
  state: ConnectorState = INITIAL_CONNECTOR_STATE;
  clientStatus: VpnClientStatus | null = null;
  /** Times the client came back after it was lost (the 'lost and found' event). */
  lostAndFound = 0;
  private started = false;
  private timer: unknown = null;
  private watcher: Fiber.Fiber<unknown, unknown> | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable<ConnectorStore, "feed">(this, {
      state: observableRef, clientStatus: observableRef, lostAndFound: observable, status: computed,
      feed: action,
    });
  }

  /** missing until the first probe answers; then what core's rules say. */
  get status(): ConnectorStatus {
    return this.state.status ?? "missing";
  }

  /** Starts probing the local client (bootstrap gate); calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    void this.probe();
  }

  stop(): void {
    this.started = false;
    this.cancelTimer();
    if (this.watcher !== null) void Effect.runPromise(Fiber.interrupt(this.watcher));
    this.watcher = null;
  }

  /** The Retry of the 'cannot communicate' snackbar: a fresh round of attempts, now. */
  retry(): void {
    this.root.snackbars.dismissKey("vpn-connector");
    this.feed({ type: "retry" });
  }

  private async probe(): Promise<void> {
    if (!this.started) return;
    const result = await this.root.run(this.root.ports.connector.status());
    if (!this.started) return;
    // One action: the status and the state change together (MobX strict mode, one reaction).
    runInAction(() => {
      if (result._tag === "Success") this.clientStatus = result.success;
      this.feed({ type: result._tag === "Success" ? "reachable" : "unreachable" });
    });
  }

  private feed(event: ConnectorEvent): void {
    const step = connectorStep(this.state, event);
    this.state = step.state;
    if (step.state.status !== "found") this.clientStatus = null;
    const notice = step.notice;
    if (notice?.kind === "snackbar") {
      this.root.snackbars.show({
        message: notice.message,
        timeoutMs: notice.durationMs,
        key: "vpn-connector",
        ...(notice.action === "Retry" ? { action: { label: "Retry", run: () => this.retry() } } : {}),
      });
    } else if (notice?.kind === "event") {
      this.lostAndFound += 1;
    }
    this.cancelTimer();
    if (step.next.kind === "retry") {
      this.timer = this.root.timers.setTimeout(() => {
        this.timer = null;
        void this.probe();
      }, step.next.delayMs);
    } else if (step.next.kind === "watch") {
      this.watch();
    }
  }

  private watch(): void {
    if (this.watcher !== null || !this.started) return;
    this.watcher = Effect.runFork(
      // The stream helper loads now (not with the sign-in page); if it cannot, the client reads as lost.
      Effect.tryPromise(() => import("./watchChanges")).pipe(
        Effect.flatMap(({ watchChanges }) => watchChanges(this.root.ports.connector.changes, (s) => runInAction(() => void (this.clientStatus = s)))),
        Effect.catch(() => Effect.void),
        Effect.ensuring(Effect.sync(() => {
          this.watcher = null;
          if (this.started) this.feed({ type: "unreachable" });
        })),
      ),
    );
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.root.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
