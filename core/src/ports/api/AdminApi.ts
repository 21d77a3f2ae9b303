import type { Effect } from "effect";
import type { ActivationFeature } from "../../domain/Activation";
import type { CompanyTrial, LicenceBundle } from "../../domain/Licence";
import type { AdminPlatformServer, PlatformServerType } from "../../domain/Platform";
import type { Conflict, NotFound } from "../../errors";
import type { AdminCouponView, DemoDeviceExpiry } from "../../wire/licencePayloads";
import type { CallError, Created } from "./common";

/** A licence bundle a platform administrator gives a company. */
export interface AdminBundleInput {
  readonly company: string;
  readonly licenceType: string;
  readonly seats: number;
  /** UTC ISO instant. */
  readonly expiresOn: string;
}

/** A coupon to issue; the server makes up the code when none is given. */
export interface AdminCouponInput {
  readonly feature: ActivationFeature;
  readonly days: number;
  readonly code?: string;
}

/** A platform server to assign to a company (rules/platformServers.ts judges it). */
export interface AdminPlatformServerInput {
  /** The company's publicId. */
  readonly company: string;
  readonly name: string;
  readonly location: string;
  readonly type: PlatformServerType;
  /** A CIDR network, e.g. 10.8.0.0/16. */
  readonly vpnRange: string;
}

/**
 * The administrator-only tools (spec 2; issue 12), across companies, for platform administrators
 * (MyUser.platformAdmin): anyone else gets Forbidden. Bad values fail with InvalidInput naming the
 * field (rules/licences.ts: seats, instants, days).
 */
export interface AdminApi {
  /** Every company's licence bundles. */
  readonly bundles: () => Effect.Effect<ReadonlyArray<LicenceBundle>, CallError>;
  /** Gives a company a bundle. Fails with NotFound (company or type) or a CallError. */
  readonly createBundle: (input: AdminBundleInput) => Effect.Effect<Created, CallError | NotFound>;
  /** Changes a bundle's seats and/or expiry. Fails with NotFound or a CallError. */
  readonly changeBundle: (publicId: string, change: { readonly seats?: number; readonly expiresOn?: string }) => Effect.Effect<LicenceBundle, CallError | NotFound>;
  /** Removes a bundle (devices holding it lose it). Fails with NotFound or a CallError. */
  readonly deleteBundle: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /** Every company with its trial end (null: not a trial company). */
  readonly companies: () => Effect.Effect<ReadonlyArray<CompanyTrial>, CallError>;
  /** Sets (UTC ISO) or ends (null) a company's trial. Fails with NotFound or a CallError. */
  readonly setTrial: (companyPublicId: string, trialEndsOn: string | null) => Effect.Effect<CompanyTrial, CallError | NotFound>;
  /** Every coupon issued, redeemed or not. */
  readonly coupons: () => Effect.Effect<ReadonlyArray<AdminCouponView>, CallError>;
  /** Issues a single-use coupon. Fails with Conflict (the code exists) or a CallError. */
  readonly issueCoupon: (input: AdminCouponInput) => Effect.Effect<AdminCouponView, CallError | Conflict>;
  /** Replaces a user's backup codes and mails them. Fails with NotFound, Conflict (no two-factor) or a CallError. */
  readonly resendBackupCodes: (email: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** Demo devices with their expiry. */
  readonly demoDevices: () => Effect.Effect<ReadonlyArray<DemoDeviceExpiry>, CallError>;
  /** Sets (UTC ISO) or removes (null) a demo device's expiry. Fails with NotFound or a CallError. */
  /** Every company's platform servers, by company name then server name. */
  readonly platformServers: () => Effect.Effect<ReadonlyArray<AdminPlatformServer>, CallError>;
  /** Assigns a server to a company. Fails with InvalidInput (REQUIRED, VPN_RANGE_*, PLATFORM_SERVER_TYPE_INVALID), NotFound (company) or a CallError. */
  readonly createPlatformServer: (input: AdminPlatformServerInput) => Effect.Effect<Created, CallError | NotFound>;
  /** Changes a server (fields left out keep their value), judged as a whole. Fails like createPlatformServer, NotFound for an unknown server. */
  readonly changePlatformServer: (publicId: string, change: Partial<AdminPlatformServerInput>) => Effect.Effect<AdminPlatformServer, CallError | NotFound>;
  /** Takes a server back. Fails with NotFound or a CallError. */
  readonly deletePlatformServer: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  readonly setDemoExpiry: (agentPublicId: string, demoExpiresOn: string | null) => Effect.Effect<DemoDeviceExpiry, CallError | NotFound>;
}
