/**
 * Two-factor on my profile (issue 11): enrol (the otpauth URI as a QR code and the secret), turn
 * on with a code from the app (the backup codes are shown once), renew backup codes, and turn
 * off with a code. Wrong codes show the rule's sentence under the code field.
 */
import { action, makeObservable, observable, observableRef, runInAction } from "mobx";
import type { Effect } from "effect";
import type { TwoFactorEnrolment } from "@portal/core/domain/User";
import type { PortalError } from "@portal/core/wire/errorStatus";
import { fieldErrorsOf, type FieldErrors } from "./formErrors";
import type { RootStore } from "./RootStore";

export type TwoFactorPhase = "off" | "enrolling" | "on";

export class TwoFactorStore {
  phase: TwoFactorPhase = "off";
  loaded = false;
  enrolment: TwoFactorEnrolment | null = null;
  /** Backup codes just made; shown once, forgotten on close. */
  backupCodes: ReadonlyArray<string> | null = null;
  otp = "";
  errors: FieldErrors = {};
  working = false;

  constructor(private readonly root: RootStore) {
    makeObservable(this, {
      phase: observable, loaded: observable, enrolment: observableRef, backupCodes: observableRef, otp: observable, errors: observableRef,
      working: observable, setOtp: action, closeBackupCodes: action, cancelEnrolment: action,
    });
  }

  setOtp(otp: string): void {
    this.otp = otp.trim();
    this.errors = {};
  }

  async load(): Promise<void> {
    const result = await this.root.run(this.root.ports.api.me.twoFactorStatus());
    runInAction(() => {
      this.loaded = true;
      if (result._tag === "Success") this.phase = result.success.enabled ? "on" : "off";
    });
  }

  async enrol(): Promise<void> {
    await this.step(this.root.ports.api.me.enrolTwoFactor(), (enrolment) => {
      this.enrolment = enrolment;
      this.phase = "enrolling";
    });
  }

  cancelEnrolment(): void {
    this.enrolment = null;
    this.phase = "off";
    this.otp = "";
    this.errors = {};
  }

  async verify(): Promise<void> {
    await this.step(this.root.ports.api.me.verifyTwoFactor(this.otp), (codes) => {
      this.backupCodes = codes.backupCodes;
      this.enrolment = null;
      this.phase = "on";
    });
  }

  async renewBackupCodes(): Promise<void> {
    await this.step(this.root.ports.api.me.renewBackupCodes(this.otp), (codes) => (this.backupCodes = codes.backupCodes));
  }

  async disable(): Promise<void> {
    await this.step(this.root.ports.api.me.disableTwoFactor(this.otp), () => (this.phase = "off"));
  }

  closeBackupCodes(): void {
    this.backupCodes = null;
  }

  private async step<A>(call: Effect.Effect<A, PortalError>, done: (a: A) => void): Promise<void> {
    runInAction(() => (this.working = true));
    const result = await this.root.run(call);
    runInAction(() => {
      this.working = false;
      if (result._tag === "Success") {
        this.otp = "";
        this.errors = {};
        done(result.success);
      } else {
        this.errors = fieldErrorsOf(result.failure, this.root.messages);
      }
    });
  }
}
