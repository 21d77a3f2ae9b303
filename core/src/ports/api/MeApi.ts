import type { Effect } from "effect";
import type { Branding } from "../../domain/Branding";
import type { Company, MyCompany, Sector } from "../../domain/Company";
import type { Right } from "../../domain/Right";
import type { BackupCodes, MyUser, PasswordChange, TwoFactorEnrolment, TwoFactorStatus } from "../../domain/User";
import type { Conflict, NotFound } from "../../errors";
import type { CallError } from "./common";

/** The signed-in user: profile, companies, rights, sector, branding, password, two-factor, terms. */
export interface MeApi {
  /** My user. Fails with a CallError (Unauthenticated without a session). */
  readonly myUser: () => Effect.Effect<MyUser, CallError>;
  /** My companies with my rights in each, sorted by name. Fails with a CallError. */
  readonly myCompanies: () => Effect.Effect<ReadonlyArray<MyCompany>, CallError>;
  /** My rights in `companyId`. Fails with Forbidden when it is not my company, or a CallError. */
  readonly myRights: (companyId: string) => Effect.Effect<ReadonlyArray<Right>, CallError>;
  /**
   * My sector (of the selected company), with the given `fields` (e.g. "branding.fqdn" at
   * bootstrap). Fails with NotFound when I have no company, or a CallError.
   */
  readonly mySector: (fields?: string) => Effect.Effect<Sector, CallError | NotFound>;
  /** A company of mine with its parent chain (for the nearest fqdn). Fails with NotFound or a CallError. */
  readonly company: (publicId: string) => Effect.Effect<Company, CallError | NotFound>;
  /**
   * The branding served for `host`, or undefined when the host has none. Needs no session.
   * Fails with a CallError.
   */
  readonly brandingByHost: (host: string) => Effect.Effect<Branding | undefined, CallError>;
  /**
   * Changes my password; with deleteAccessTokens my other sessions end. Fails with InvalidInput
   * (wrong old password, new one too short) or another CallError.
   */
  readonly changePassword: (change: PasswordChange) => Effect.Effect<void, CallError>;
  /** Whether two-factor is enabled or pending. Fails with a CallError. */
  readonly twoFactorStatus: () => Effect.Effect<TwoFactorStatus, CallError>;
  /** Starts enrolment: a new pending secret. Fails with Conflict when already on, or a CallError. */
  readonly enrolTwoFactor: () => Effect.Effect<TwoFactorEnrolment, CallError | Conflict>;
  /** Turns two-factor on with a code from the app; answers the first backup codes. Fails with InvalidInput on a wrong code, Conflict when already on. */
  readonly verifyTwoFactor: (otp: string) => Effect.Effect<BackupCodes, CallError | Conflict>;
  /** Replaces my backup codes, confirmed by a code. Fails with InvalidInput on a wrong code. */
  readonly renewBackupCodes: (otp: string) => Effect.Effect<BackupCodes, CallError>;
  /** Turns two-factor off, confirmed by a code. Fails with InvalidInput on a wrong code. */
  readonly disableTwoFactor: (otp: string) => Effect.Effect<void, CallError>;
  /** Accepts a terms-of-use policy (company or sector terms); accepting twice succeeds. Fails with NotFound or a CallError. */
  readonly acceptTermsOfUse: (policyPublicId: string) => Effect.Effect<void, CallError | NotFound>;
}
