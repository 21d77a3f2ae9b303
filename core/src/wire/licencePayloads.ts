/** Bodies and views of the platform administrator's licence tools (issue 12; spec 2 "administrator-only tools"). */
import { Schema } from "effect";
import { ActivationFeature } from "../domain/Activation";

const Ref = Schema.Struct({ publicId: Schema.String });

/** A new licence bundle of a company: the type, the seats and the expiry (UTC ISO). */
export const AdminBundleBody = Schema.Struct({ company: Ref, licenceType: Ref, seats: Schema.Number, expiresOn: Schema.String });
/** A change of a bundle: its seats and/or expiry. */
export const AdminBundlePatchBody = Schema.Struct({ publicId: Schema.String, seats: Schema.optional(Schema.Number), expiresOn: Schema.optional(Schema.String) });
/** A company's trial end (UTC ISO), or null: not a trial company. */
export const AdminTrialPatchBody = Schema.Struct({ publicId: Schema.String, trialEndsOn: Schema.NullOr(Schema.String) });
/** A coupon to issue: its feature and days; the code is generated when not given. */
export const AdminCouponBody = Schema.Struct({ code: Schema.optional(Schema.String), feature: ActivationFeature, days: Schema.Number });
export const AdminCouponView = Schema.Struct({
  publicId: Schema.String, code: Schema.String, feature: ActivationFeature, days: Schema.Number, redeemedOn: Schema.NullOr(Schema.String),
});
/** Whose backup codes to replace and mail. */
export const AdminBackupCodeResendBody = Schema.Struct({ user: Ref });
/** A demo device's expiry (UTC ISO), or null: not a demo device. */
export const DemoExpiryPatchBody = Schema.Struct({ publicId: Schema.String, demoExpiresOn: Schema.NullOr(Schema.String) });
export const DemoDeviceExpiry = Schema.Struct({
  publicId: Schema.String, name: Schema.String, company: Schema.Struct({ publicId: Schema.String, name: Schema.String }), demoExpiresOn: Schema.NullOr(Schema.String),
});
