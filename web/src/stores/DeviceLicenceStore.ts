/**
 * A device's licences on its page (issue 12): what it holds and until when (alarming, logging,
 * bundles, used trials), and, with manage:licences, activation by trial, licence or coupon code,
 * deactivation, and bundles on / off. A failed call keeps what was typed (the coupon code) and
 * says why in a sentence of the message catalogue. The rules are core's (rules/licences.ts): the
 * server judges, the store shows.
 */
import { Effect } from "effect";
import { action, computed, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { ActivationFeature } from "@portal/core/domain/Activation";
import type { AgentLicenceState, LicenceBundle } from "@portal/core/domain/Licence";
import type { ActivationMethod } from "@portal/core/rules/activation";
import type { GateState } from "./BootstrapStore";
import type { RootStore } from "./RootStore";

export class DeviceLicenceStore {
  licence: AgentLicenceState | null = null;
  bundles: ReadonlyArray<LicenceBundle> = [];
  state: GateState = "idle";
  busy = false;
  /** The coupon code being typed, and the feature it is for. */
  couponCode = "";
  couponFeature: ActivationFeature = "alarming";
  /** The sentence of the last refusal, shown beside the controls; null when none. */
  failure: string | null = null;
  /** A sentence saying what the last change did (for screen readers and the person). */
  done: string | null = null;

  /** The clock's now (epoch ms), for "expires in n days". */
  now(): number {
    return Effect.runSync(this.root.ports.clock.now);
  }

  constructor(private readonly root: RootStore, readonly agentPublicId: string) {
    makeObservable(this, {
      licence: observableRef, bundles: observableRef, state: observable, busy: observable, couponCode: observable, couponFeature: observable,
      failure: observable, done: observable, setCoupon: action, setCouponFeature: action, canManage: computed, freeBundles: computed,
    });
  }

  get canManage(): boolean {
    return this.root.session.rights.includes("manage:licences");
  }

  /** Bundles of the company the device does not hold yet. */
  get freeBundles(): ReadonlyArray<LicenceBundle> {
    const held = new Set(this.licence?.bundles.map((b) => b.publicId) ?? []);
    return this.bundles.filter((b) => !held.has(b.publicId));
  }

  setCoupon(code: string): void {
    this.couponCode = code;
    this.failure = null;
  }

  setCouponFeature(feature: ActivationFeature): void {
    this.couponFeature = feature;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const api = this.root.ports.api.licences;
    const result = await this.root.run(api.device(this.agentPublicId));
    const bundles = this.canManage ? await this.root.run(api.bundles()) : null;
    runInAction(() => {
      if (result._tag === "Failure") {
        this.state = "failed";
        return;
      }
      this.licence = result.success;
      if (bundles?._tag === "Success") this.bundles = bundles.success;
      this.state = "ready";
    });
  }

  activate(feature: ActivationFeature, method: ActivationMethod): Promise<boolean> {
    return this.change(this.root.ports.api.licences.activate(feature, this.agentPublicId, method), `${featureLabel(feature)} is active.`);
  }

  /** Redeems the typed coupon for the chosen feature; the code stays in the field when refused. */
  async redeem(): Promise<boolean> {
    const code = this.couponCode.trim();
    if (code === "" || this.busy) return false;
    const ok = await this.activate(this.couponFeature, { couponCode: code });
    if (ok) runInAction(() => (this.couponCode = ""));
    return ok;
  }

  deactivate(feature: ActivationFeature): Promise<boolean> {
    return this.change(this.root.ports.api.licences.deactivate(feature, this.agentPublicId), `${featureLabel(feature)} is deactivated.`);
  }

  activateBundle(bundlePublicId: string): Promise<boolean> {
    return this.change(this.root.ports.api.licences.activateBundle(this.agentPublicId, bundlePublicId), "The licence bundle is active on this device.");
  }

  removeBundle(bundlePublicId: string): Promise<boolean> {
    return this.change(this.root.ports.api.licences.deactivateBundles(this.agentPublicId, [bundlePublicId]), "The licence bundle is removed from this device.");
  }

  private async change(effect: Parameters<RootStore["run"]>[0], doneText: string): Promise<boolean> {
    if (this.busy) return false;
    runInAction(() => {
      this.busy = true;
      this.failure = null;
      this.done = null;
    });
    const result = await this.root.run(effect as never) as { _tag: "Success"; success: AgentLicenceState } | { _tag: "Failure"; failure: unknown };
    const bundles = result._tag === "Success" && this.canManage ? await this.root.run(this.root.ports.api.licences.bundles()) : null;
    runInAction(() => {
      this.busy = false;
      if (result._tag === "Failure") {
        this.failure = this.root.messages.ofError(result.failure as never);
        return;
      }
      this.licence = result.success;
      if (bundles?._tag === "Success") this.bundles = bundles.success;
      this.done = doneText;
    });
    return result._tag === "Success";
  }
}

/** The feature's name on screen. */
export const featureLabel = (feature: ActivationFeature): string => (feature === "alarming" ? "Alarming" : "Logging");
