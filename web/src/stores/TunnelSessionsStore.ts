/**
 * The Active sessions screen (issue 10, manage:access-requests): live tunnel sessions, or all of
 * them with the ended ones' reason; Disconnect after a confirmation.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { TunnelSession } from "@portal/core/domain/Tunnel";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "tunnel-sessions";

/** Why a session ended, as a sentence (unknown reasons still read as one). */
export const END_REASON_TEXT: Readonly<Record<string, string>> = {
  closed: "The user closed the connection.",
  revoked: "The access was revoked.",
  expired: "The approved access time ended.",
  released: "The user ended their access.",
  disconnected: "An administrator disconnected the session.",
  "agent-lost": "The device lost its connection to the portal.",
};

export const endReasonText = (reason: string | null): string =>
  reason === null ? "" : END_REASON_TEXT[reason] ?? "The session ended.";

/** A byte count for people: 1.5 KB, 2.4 MB. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
};

export class TunnelSessionsStore {
  sessions: ReadonlyArray<TunnelSession> = [];
  state: GateState = "idle";
  showAll = false;
  /** The session whose Disconnect waits for confirmation. */
  confirming: TunnelSession | null = null;
  disconnecting = false;
  private generation = 0;

  constructor(private readonly root: RootStore) {
    makeObservable<TunnelSessionsStore, "generation">(this, {
      generation: false, sessions: observableRef, state: observable, showAll: observable, confirming: observableRef,
      disconnecting: observable, setShowAll: action, askDisconnect: action, cancelDisconnect: action,
    });
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => (this.state = "pending"));
    const result = await this.root.run(this.root.ports.api.tunnels.sessions(this.showAll ? "all" : "live"));
    if (generation !== this.generation) return;
    runInAction(() => {
      if (result._tag === "Success") {
        this.sessions = result.success;
        this.state = "ready";
      } else {
        this.state = "failed";
        this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
      }
    });
  }

  setShowAll(all: boolean): void {
    this.showAll = all;
    void this.load();
  }

  askDisconnect(session: TunnelSession): void {
    this.confirming = session;
  }

  cancelDisconnect(): void {
    if (!this.disconnecting) this.confirming = null;
  }

  /** Disconnects the confirmed session; the list then shows it ended (All) or no more (live). */
  async confirmDisconnect(): Promise<void> {
    const target = this.confirming;
    if (target === null) return;
    runInAction(() => (this.disconnecting = true));
    const result = await this.root.run(this.root.ports.api.tunnels.disconnect(target.publicId));
    runInAction(() => {
      this.disconnecting = false;
      this.confirming = null;
      if (result._tag === "Success") {
        this.sessions = this.showAll
          ? this.sessions.map((s) => (s.publicId === target.publicId ? result.success : s))
          : this.sessions.filter((s) => s.publicId !== target.publicId);
      }
    });
    if (result._tag === "Success") {
      this.root.snackbars.show({ message: "The session was disconnected.", timeoutMs: 3000, key: SNACKBAR_KEY });
    } else {
      this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
    }
  }
}
