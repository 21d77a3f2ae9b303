/**
 * The device page's Agent credential (issue 10, manage:access-requests on the device): Rotate
 * asks first (the running agent is disconnected), then shows the new secret ONCE with the agent's
 * config snippet; closing forgets it.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { AgentCredential } from "@portal/core/domain/Tunnel";
import type { RootStore } from "./RootStore";

export type CredentialPhase = "idle" | "confirm" | "rotating" | "shown";

/** The agent's config for a credential: what an operator pastes on the device. */
export const agentConfigSnippet = (c: AgentCredential): string =>
  JSON.stringify({ agentId: c.agentId, secret: c.secret, relayUrl: c.relayUrl }, null, 2);

export class AgentCredentialStore {
  phase: CredentialPhase = "idle";
  /** The fresh credential; only while shown. */
  credential: AgentCredential | null = null;
  agentPublicId: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      phase: observable, credential: observableRef, agentPublicId: observable, snippet: computed,
      askRotate: action, cancel: action, close: action,
    });
  }

  get snippet(): string {
    return this.credential === null ? "" : agentConfigSnippet(this.credential);
  }

  askRotate(agentPublicId: string): void {
    this.agentPublicId = agentPublicId;
    this.credential = null;
    this.phase = "confirm";
  }

  cancel(): void {
    if (this.phase === "confirm") this.phase = "idle";
  }

  async rotate(): Promise<void> {
    const agentPublicId = this.agentPublicId;
    if (agentPublicId === null || this.phase !== "confirm") return;
    runInAction(() => (this.phase = "rotating"));
    const result = await this.root.run(this.root.ports.api.tunnels.rotateCredential(agentPublicId));
    runInAction(() => {
      if (result._tag === "Success") {
        this.credential = result.success;
        this.phase = "shown";
      } else {
        this.phase = "confirm";
      }
    });
    if (result._tag === "Failure") {
      this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: "agent-credential" });
    }
  }

  /** Closes the secret: it is not shown again (a new rotation gives a new one). */
  close(): void {
    this.phase = "idle";
    this.credential = null;
  }
}
