/**
 * My sessions (issue 11): my access tokens (expiry, this session marked, revoke) and my trusted
 * devices (browsers I signed in from, this one marked by the browser id sent as Api-Device-Id;
 * forgetting one signs it out). Revoking this session's token or forgetting this browser signs
 * me out here too, so both ask first in the page.
 */
import { makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Effect } from "effect";
import type { MyAccessTokenView, TrustedDevice } from "@portal/core/domain/Account";
import type { PortalError } from "@portal/core/wire/errorStatus";
import type { RootStore } from "./RootStore";

export class MySessionsStore {
  tokens: ReadonlyArray<MyAccessTokenView> = [];
  devices: ReadonlyArray<TrustedDevice> = [];
  loading = false;
  loadError: string | null = null;
  /** The publicId whose revoke or forget is under way. */
  busy: string | null = null;

  constructor(private readonly root: RootStore) {
    makeObservable(this, { tokens: observableRef, devices: observableRef, loading: observable, loadError: observable, busy: observable });
  }

  async load(): Promise<void> {
    runInAction(() => (this.loading = true));
    const { account } = this.root.ports.api;
    const [tokens, devices] = await Promise.all([this.root.run(account.myAccessTokens()), this.root.run(account.trustedDevices())]);
    runInAction(() => {
      this.loading = false;
      if (tokens._tag === "Success") this.tokens = tokens.success;
      if (devices._tag === "Success") this.devices = devices.success;
      const failed = tokens._tag === "Failure" ? tokens.failure : devices._tag === "Failure" ? devices.failure : null;
      this.loadError = failed === null ? null : this.root.messages.ofError(failed);
    });
  }

  /** Ends one of my sessions; ending this one signs me out. */
  async revokeToken(publicId: string): Promise<void> {
    const current = this.tokens.find((t) => t.publicId === publicId)?.current === true;
    if (current) return this.root.session.signOut();
    await this.act(publicId, this.root.ports.api.account.revokeAccessToken(publicId), "ACCESS_TOKEN_REVOKED");
  }

  /** Forgets a browser and signs it out; forgetting this one signs me out here. */
  async forgetDevice(publicId: string): Promise<void> {
    const current = this.devices.find((d) => d.publicId === publicId)?.current === true;
    await this.act(publicId, this.root.ports.api.account.forgetTrustedDevice(publicId), "TRUSTED_DEVICE_FORGOTTEN");
    if (current) await this.root.session.signOut();
  }

  private async act(publicId: string, call: Effect.Effect<void, PortalError>, done: string): Promise<void> {
    runInAction(() => (this.busy = publicId));
    const result = await this.root.run(call);
    runInAction(() => (this.busy = null));
    if (result._tag === "Success") {
      this.root.snackbars.show({ message: done, timeoutMs: 3000, key: "my-sessions" });
      await this.load();
    } else {
      this.root.snackbars.show({ message: this.root.messages.ofError(result.failure), timeoutMs: 4000, intent: "danger", key: "my-sessions" });
    }
  }
}
