/**
 * Agent activations (spec.md sections 3 and 7): alarming and logging are activated per agent
 * by exactly one of a trial, a licence or a coupon code; licence bundles are activated per agent
 * and deactivated by a list of publicIds. Exactly-one is a rule (rules/activation.ts), so the
 * activation schema below keeps all three optional.
 */
import { Schema } from "effect";

/** The agent features activated this way. */
export const ACTIVATION_FEATURES = ["alarming", "logging"] as const;
export const ActivationFeature = Schema.Literals(ACTIVATION_FEATURES);
export type ActivationFeature = typeof ActivationFeature.Type;

/**
 * Body of POST activate alarming / logging (one item of the list): the agent's publicId plus
 * trial (true: use the trial), licence (the licence to use, by publicId) or couponCode.
 */
export const ActivationBody = Schema.Struct({
  publicId: Schema.String,
  trial: Schema.optional(Schema.Literal(true)),
  licence: Schema.optional(Schema.Struct({ publicId: Schema.String })),
  couponCode: Schema.optional(Schema.String),
});
export type ActivationBody = typeof ActivationBody.Type;

/** Body of DELETE agent alarming / logging. */
export const DeactivationBody = Schema.Struct({ publicId: Schema.String });
export type DeactivationBody = typeof DeactivationBody.Type;

/** Body of POST agent licence bundle activate: the agent and the bundle. */
export const BundleActivationBody = Schema.Struct({
  publicId: Schema.String,
  bundle: Schema.Struct({ publicId: Schema.String }),
});
export type BundleActivationBody = typeof BundleActivationBody.Type;

/** Body of DELETE agent licence bundles for an agent: the bundles, as a list of `{ publicId }`. */
export const BundleDeactivationBody = Schema.Array(Schema.Struct({ publicId: Schema.String }));
export type BundleDeactivationBody = typeof BundleDeactivationBody.Type;
