/**
 * The administrator-only tools (spec 2; issue 12) for platform administrators: every company's
 * trial and licence bundles, coupons, demo devices' expiry, and replacing a user's backup codes.
 * Created by its screen (it lives as long as the screen). Each form keeps what was typed when a
 * save fails, with the reason beside the field.
 */
import { Effect } from "effect";
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { ActivationFeature } from "@portal/core/domain/Activation";
import type { CompanyTrial, LicenceBundle, LicenceType } from "@portal/core/domain/Licence";
import { expiryOfDay } from "@portal/core/rules/licences";
import type { AdminCouponView, DemoDeviceExpiry } from "@portal/core/wire/licencePayloads";
import type { PortalError } from "@portal/core/wire/errorStatus";
import type { GateState } from "./BootstrapStore";
import { fieldErrorsOf, type FieldErrors } from "./formErrors";
import type { RootStore } from "./RootStore";

const SNACKBAR_KEY = "platform-tools";

export interface BundleForm { company: string; licenceType: string; seats: string; expiresOn: string }
export interface CouponForm { feature: ActivationFeature; days: string; code: string }

const emptyBundle = (): BundleForm => ({ company: "", licenceType: "", seats: "10", expiresOn: "" });
const emptyCoupon = (): CouponForm => ({ feature: "alarming", days: "30", code: "" });

/** A day input's value as the instant the server takes; INVALID_DATE on the field when it is not a day. */
const dayOrProblem = (day: string, field: string): { iso: string } | { problem: FieldErrors } => {
  const iso = expiryOfDay(day);
  return iso === null ? { problem: { [field]: "Choose a date." } } : { iso };
};

export class PlatformToolsStore {
  state: GateState = "idle";
  companies: ReadonlyArray<CompanyTrial> = [];
  bundles: ReadonlyArray<LicenceBundle> = [];
  types: ReadonlyArray<LicenceType> = [];
  coupons: ReadonlyArray<AdminCouponView> = [];
  demoDevices: ReadonlyArray<DemoDeviceExpiry> = [];
  /** What is being saved: a row's publicId or a form's name; null when idle. */
  busy: string | null = null;
  bundleForm: BundleForm = emptyBundle();
  bundleErrors: FieldErrors = {};
  couponForm: CouponForm = emptyCoupon();
  couponErrors: FieldErrors = {};
  backupEmail = "";
  backupErrors: FieldErrors = {};
  /** Row edits (trial or demo expiry days) by publicId, until saved. */
  dayEdits: Record<string, string> = {};
  rowErrors: Record<string, string> = {};

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      state: observable, companies: observableRef, bundles: observableRef, types: observableRef, coupons: observableRef, demoDevices: observableRef,
      busy: observable, bundleForm: observable, bundleErrors: observableRef, couponForm: observable, couponErrors: observableRef,
      backupEmail: observable, backupErrors: observableRef, dayEdits: observable, rowErrors: observable,
      editBundle: action, editCoupon: action, setBackupEmail: action, editDay: action,
    });
  }

  private get api() {
    return this.root.ports.api.admin;
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = "pending"));
    const [companies, bundles, types, coupons, demo] = await Promise.all([
      this.root.run(this.api.companies()), this.root.run(this.api.bundles()), this.root.run(this.root.ports.api.licences.types()),
      this.root.run(this.api.coupons()), this.root.run(this.api.demoDevices()),
    ]);
    runInAction(() => {
      for (const r of [companies, bundles, types, coupons, demo]) {
        if (r._tag === "Failure") {
          this.state = "failed";
          this.root.snackbars.show({ message: this.root.messages.ofError(r.failure as PortalError), timeoutMs: 4000, intent: "danger", key: SNACKBAR_KEY });
          return;
        }
      }
      if (companies._tag === "Success") this.companies = companies.success;
      if (bundles._tag === "Success") this.bundles = bundles.success;
      if (types._tag === "Success") this.types = types.success;
      if (coupons._tag === "Success") this.coupons = coupons.success;
      if (demo._tag === "Success") this.demoDevices = demo.success;
      this.state = "ready";
    });
  }

  editBundle(change: Partial<BundleForm>): void {
    this.bundleForm = { ...this.bundleForm, ...change };
  }
  editCoupon(change: Partial<CouponForm>): void {
    this.couponForm = { ...this.couponForm, ...change };
  }
  setBackupEmail(email: string): void {
    this.backupEmail = email;
  }
  editDay(publicId: string, day: string): void {
    this.dayEdits[publicId] = day;
  }

  /** Runs one save: busy while it runs; a failure goes to `onFailure`, a success to `onSuccess` with a snackbar. */
  private async save<A>(busy: string, call: Effect.Effect<A, PortalError>, onSuccess: (a: A) => void, onFailure: (e: PortalError) => void, done: string): Promise<boolean> {
    if (this.busy !== null) return false;
    runInAction(() => (this.busy = busy));
    const result = await this.root.run(call);
    runInAction(() => {
      this.busy = null;
      if (result._tag === "Failure") return onFailure(result.failure);
      onSuccess(result.success);
      this.root.snackbars.show({ message: done, timeoutMs: 3000, intent: "success", key: SNACKBAR_KEY });
    });
    return result._tag === "Success";
  }

  async createBundle(): Promise<void> {
    const f = this.bundleForm;
    const missing: Record<string, string> = {};
    if (f.company === "") missing["company.publicId"] = "Choose a company.";
    if (f.licenceType === "") missing["licenceType.publicId"] = "Choose a licence type.";
    const day = dayOrProblem(f.expiresOn, "expiresOn");
    if ("problem" in day) Object.assign(missing, day.problem);
    if (Object.keys(missing).length > 0) return runInAction(() => void (this.bundleErrors = missing));
    const seats = Number(f.seats);
    const ok = await this.save("bundle", this.api.createBundle({ company: f.company, licenceType: f.licenceType, seats, expiresOn: (day as { iso: string }).iso }),
      () => { this.bundleForm = emptyBundle(); this.bundleErrors = {}; },
      (e) => { this.bundleErrors = fieldErrorsOf(e, this.root.messages); }, "The licence bundle is added.");
    if (ok) await this.reloadBundles();
  }

  async deleteBundle(publicId: string): Promise<void> {
    await this.save(publicId, this.api.deleteBundle(publicId), () => { this.bundles = this.bundles.filter((b) => b.publicId !== publicId); },
      (e) => { this.rowErrors[publicId] = this.root.messages.ofError(e); }, "The licence bundle is removed.");
  }

  private async reloadBundles(): Promise<void> {
    const r = await this.root.run(this.api.bundles());
    if (r._tag === "Success") runInAction(() => (this.bundles = r.success));
  }

  /** Saves a company's trial end from its day edit, or ends the trial (`end`). */
  async saveTrial(publicId: string, end = false): Promise<void> {
    const day = end ? { iso: null } : dayOrProblem(this.dayEdits[publicId] ?? "", "trialEndsOn");
    if ("problem" in day) return runInAction(() => void (this.rowErrors[publicId] = "Choose a date."));
    await this.save(publicId, this.api.setTrial(publicId, day.iso), (c) => {
      this.companies = this.companies.map((x) => (x.publicId === publicId ? c : x));
      delete this.dayEdits[publicId];
      delete this.rowErrors[publicId];
    }, (e) => { this.rowErrors[publicId] = this.root.messages.ofError(e); }, end ? "The trial is ended." : "The trial end is saved.");
  }

  /** Saves a demo device's expiry from its day edit, or removes it (`clear`). */
  async saveDemoExpiry(publicId: string, clear = false): Promise<void> {
    const day = clear ? { iso: null } : dayOrProblem(this.dayEdits[publicId] ?? "", "demoExpiresOn");
    if ("problem" in day) return runInAction(() => void (this.rowErrors[publicId] = "Choose a date."));
    await this.save(publicId, this.api.setDemoExpiry(publicId, day.iso), (d) => {
      this.demoDevices = clear ? this.demoDevices.filter((x) => x.publicId !== publicId) : this.demoDevices.map((x) => (x.publicId === publicId ? d : x));
      delete this.dayEdits[publicId];
      delete this.rowErrors[publicId];
    }, (e) => { this.rowErrors[publicId] = this.root.messages.ofError(e); }, clear ? "The device is no longer a demo device." : "The demo expiry is saved.");
  }

  async issueCoupon(): Promise<void> {
    const f = this.couponForm;
    const code = f.code.trim();
    await this.save("coupon", this.api.issueCoupon({ feature: f.feature, days: Number(f.days), ...(code === "" ? {} : { code }) }),
      (c) => { this.coupons = [...this.coupons, c]; this.couponForm = emptyCoupon(); this.couponErrors = {}; },
      (e) => { this.couponErrors = fieldErrorsOf(e, this.root.messages); }, "The coupon is issued.");
  }

  async resendBackupCodes(): Promise<void> {
    const email = this.backupEmail.trim();
    if (email === "") return runInAction(() => void (this.backupErrors = { email: "Enter the user's e-mail address." }));
    await this.save("backup", this.api.resendBackupCodes(email), () => { this.backupEmail = ""; this.backupErrors = {}; },
      (e) => { this.backupErrors = e._tag === "NotFound" ? { email: "No user has this e-mail address." } : fieldErrorsOf(e, this.root.messages); },
      "New backup codes are mailed to the user.");
  }
}
