/**
 * Licences (spec.md sections 3, 4 and 7): licence types, a company's licence bundles (a number of
 * seats of one type until a date), what a device holds (alarming / logging activations by trial,
 * licence or coupon, and the bundles activated on it), and the platform administrator's views.
 */
import { Schema } from "effect";
import { ActivationFeature } from "./Activation";

/** How an activation was paid for. */
export const ACTIVATION_METHODS = ["trial", "licence", "coupon"] as const;
export const ActivationMethodKind = Schema.Literals(ACTIVATION_METHODS);
export type ActivationMethodKind = typeof ActivationMethodKind.Type;

/** A licence type of the platform: which features a seat gives and how long an extension adds. */
export const LicenceType = Schema.Struct({
  publicId: Schema.String,
  key: Schema.String,
  name: Schema.String,
  features: Schema.Array(ActivationFeature),
  periodDays: Schema.Number,
});
export type LicenceType = typeof LicenceType.Type;

/** A company's licence bundle: `seats` devices may hold it until `expiresOn` (UTC ISO). */
export const LicenceBundle = Schema.Struct({
  publicId: Schema.String,
  licenceType: Schema.Struct({ publicId: Schema.String, name: Schema.String, features: Schema.Array(ActivationFeature) }),
  seats: Schema.Number,
  seatsUsed: Schema.Number,
  expiresOn: Schema.String,
  company: Schema.optional(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
});
export type LicenceBundle = typeof LicenceBundle.Type;

/** One feature activated on a device, and until when. */
export const AgentActivation = Schema.Struct({
  feature: ActivationFeature,
  method: ActivationMethodKind,
  startsOn: Schema.String,
  expiresOn: Schema.String,
  /** The bundle a licence activation takes its seat from. */
  licence: Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
  active: Schema.Boolean,
});
export type AgentActivation = typeof AgentActivation.Type;

/** A device's licence state: its activations, the bundles activated on it, the trials it used. */
export const AgentLicenceState = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  activations: Schema.Array(AgentActivation),
  bundles: Schema.Array(Schema.Struct({ publicId: Schema.String, name: Schema.String, expiresOn: Schema.String, active: Schema.Boolean })),
  trialsUsed: Schema.Array(ActivationFeature),
  demoExpiresOn: Schema.NullOr(Schema.String),
});
export type AgentLicenceState = typeof AgentLicenceState.Type;

/** A company's trial as the platform administrator sees it. */
export const CompanyTrial = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  trialEndsOn: Schema.NullOr(Schema.String),
});
export type CompanyTrial = typeof CompanyTrial.Type;
