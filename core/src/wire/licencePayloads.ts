/**
 * Wire bodies of the licence calls (issue 12): the activation bodies of domain/Activation.ts with
 * the wire's bounds (bounded texts, whole numbers in range), and the bodies and views of the
 * platform administrator's tools (spec 2 "administrator-only tools"). As in payloads.ts, every
 * field is optional on the wire: what is required is the rule's or the handler's to say (REQUIRED
 * on the field), so that a bad value is named before a missing one.
 */
import { Schema } from "effect";
import { ActivationFeature } from "../domain/Activation";
import { MAX_COUPON_DAYS, MAX_SEATS } from "../rules/licences";
import { PublicIdText, Text } from "./bounds";

const Ref = Schema.Struct({ publicId: PublicIdText });
const opt = Schema.optional;
/** Longest coupon code accepted on the wire (codes are at most 40 characters). */
export const COUPON_CODE_MAX_LENGTH = 64;
/** An ISO instant on the wire; core's checkInstant judges it. */
const Instant = Text(40);

/** A whole number from `min` to `max`, with its bounds in the JSON Schema. */
const WholeNumber = (min: number, max: number, message: string) => Schema.Number.check(
  Schema.makeFilter<number>((n) => (Number.isInteger(n) && n >= min && n <= max) || message, {
    toJsonSchema: () => ({ type: "integer", minimum: min, maximum: max }),
  }),
);

/** One item of POST activate alarming / logging: ActivationBody (domain/Activation.ts) with wire bounds. */
export const ActivationPayload = Schema.Struct({
  publicId: opt(Schema.NullOr(PublicIdText)),
  trial: opt(Schema.NullOr(Schema.Boolean)),
  licence: opt(Schema.NullOr(Ref)),
  couponCode: opt(Schema.NullOr(Text(COUPON_CODE_MAX_LENGTH))),
});
/** One item of POST agent bundle activate: BundleActivationBody with wire bounds. */
export const BundleActivationPayload = Schema.Struct({ publicId: opt(PublicIdText), bundle: opt(Ref) });

/** A new licence bundle of a company: the type, the seats and the expiry (UTC ISO). */
export const AdminBundleBody = Schema.Struct({ company: opt(Ref), licenceType: opt(Ref), seats: opt(WholeNumber(1, MAX_SEATS, "SEATS_OUT_OF_RANGE")), expiresOn: opt(Instant) });
/** A change of a bundle: its seats and/or expiry. */
export const AdminBundlePatchBody = Schema.Struct({
  publicId: opt(PublicIdText), seats: Schema.optional(WholeNumber(1, MAX_SEATS, "SEATS_OUT_OF_RANGE")), expiresOn: Schema.optional(Instant),
});
/** A company's trial end (UTC ISO), or null: not a trial company. */
export const AdminTrialPatchBody = Schema.Struct({ publicId: opt(PublicIdText), trialEndsOn: opt(Schema.NullOr(Instant)) });
/** A coupon to issue: its feature and days; the code is generated when not given. */
export const AdminCouponBody = Schema.Struct({
  code: opt(Text(COUPON_CODE_MAX_LENGTH)), feature: opt(ActivationFeature), days: opt(WholeNumber(1, MAX_COUPON_DAYS, "Must be a whole number of days from 1 to 3650")),
});
export const AdminCouponView = Schema.Struct({
  publicId: Schema.String, code: Schema.String, feature: ActivationFeature, days: Schema.Number, redeemedOn: Schema.NullOr(Schema.String),
});
export type AdminCouponView = typeof AdminCouponView.Type;
/** Whose backup codes to replace and mail: the user by publicId, or by e-mail address (what an administrator is told). */
export const AdminBackupCodeResendBody = Schema.Struct({ user: opt(Ref), email: opt(Text(320)) });
/** A demo device's expiry (UTC ISO), or null: not a demo device. */
export const DemoExpiryPatchBody = Schema.Struct({ publicId: opt(PublicIdText), demoExpiresOn: opt(Schema.NullOr(Instant)) });
export const DemoDeviceExpiry = Schema.Struct({
  publicId: Schema.String, name: Schema.String, company: Schema.Struct({ publicId: Schema.String, name: Schema.String }), demoExpiresOn: Schema.NullOr(Schema.String),
});
export type DemoDeviceExpiry = typeof DemoDeviceExpiry.Type;
