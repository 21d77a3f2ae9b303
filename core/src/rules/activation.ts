/**
 * Agent activation rules (spec.md sections 4 and 7): alarming and logging are activated by
 * exactly one of a trial, a licence or a coupon code; licence bundles are activated with the
 * agent and bundle ids and deactivated with a list of bundle ids.
 *
 * Decisions: `trial` counts as given only when it is `true` (false or absent means "not the
 * trial"); `licence` is `{ publicId }`; a coupon code is trimmed and must not be blank.
 */
import { Result } from "effect";
import type { ActivationBody, BundleActivationBody, BundleDeactivationBody } from "../domain/Activation";
import { InvalidInput, type ValidationIssue } from "../errors";

/** Message when zero or several of trial, licence and couponCode are given. */
export const EXACTLY_ONE_ACTIVATION_METHOD = "Exactly one of trial, licence or couponCode is required";
/** Message of a missing required field. */
export const REQUIRED = "REQUIRED";

/** How an activation is paid for; a type-safe way to build a body. */
export type ActivationMethod =
  | { readonly trial: true }
  | { readonly licence: { readonly publicId: string } }
  | { readonly couponCode: string };

/** The body of an activate alarming / logging call for one agent. Never fails. */
export const activationBody = (agentPublicId: string, method: ActivationMethod): ActivationBody => ({
  publicId: agentPublicId,
  ...method,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/**
 * Validates one activation body received from a client. Returns the body with only the one
 * method that was given (coupon code trimmed). Errors: InvalidInput, each issue with `listIndex`
 * when given - REQUIRED on publicId when missing or blank, REQUIRED on licence.publicId for a
 * licence without an id, and EXACTLY_ONE_ACTIVATION_METHOD when zero or two or three of trial,
 * licence and couponCode are given (propertyName the given ones, comma-separated, when several).
 */
export const validateActivationBody = (input: unknown, listIndex?: number): Result.Result<ActivationBody, InvalidInput> => {
  const at = listIndex === undefined ? {} : { listIndex };
  const body = isRecord(input) ? input : {};
  const issues: ValidationIssue[] = [];
  if (!nonBlank(body.publicId)) issues.push({ ...at, propertyName: "publicId", message: REQUIRED });
  const given: Array<"trial" | "licence" | "couponCode"> = [];
  if (body.trial === true) given.push("trial");
  if (body.licence !== undefined && body.licence !== null) given.push("licence");
  if (body.couponCode !== undefined && body.couponCode !== null && body.couponCode !== "") given.push("couponCode");
  if (given.length !== 1) {
    issues.push(given.length === 0
      ? { ...at, message: EXACTLY_ONE_ACTIVATION_METHOD }
      : { ...at, propertyName: given.join(","), message: EXACTLY_ONE_ACTIVATION_METHOD });
  } else if (given[0] === "licence" && !(isRecord(body.licence) && nonBlank(body.licence.publicId))) {
    issues.push({ ...at, propertyName: "licence.publicId", message: REQUIRED });
  } else if (given[0] === "couponCode" && !nonBlank(body.couponCode)) {
    issues.push({ ...at, propertyName: "couponCode", message: REQUIRED });
  }
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  const publicId = (body.publicId as string).trim();
  if (given[0] === "trial") return Result.succeed({ publicId, trial: true });
  if (given[0] === "licence") return Result.succeed({ publicId, licence: { publicId: (body.licence as { publicId: string }).publicId } });
  return Result.succeed({ publicId, couponCode: (body.couponCode as string).trim() });
};

/**
 * Validates the list body of activate alarming / logging (one object or an array, as every bulk
 * call of api.md). Returns the bodies in order. Errors: InvalidInput with the issues of every
 * failing item, each carrying its `listIndex`.
 */
export const validateActivationBatch = (input: unknown): Result.Result<ReadonlyArray<ActivationBody>, InvalidInput> => {
  const items = Array.isArray(input) ? input : [input];
  const results = items.map((item, i) => validateActivationBody(item, i));
  const issues = results.flatMap((r) => (Result.isFailure(r) ? r.failure.issues : []));
  if (issues.length > 0) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed(results.flatMap((r) => (Result.isSuccess(r) ? [r.success] : [])));
};

/** The body of an agent licence bundle activate call. Never fails. */
export const bundleActivationBody = (agentPublicId: string, bundlePublicId: string): BundleActivationBody => ({
  publicId: agentPublicId,
  bundle: { publicId: bundlePublicId },
});

/** The body of a deactivate-bundles call: each bundle once, as `{ publicId }`, in first-seen order. Never fails. */
export const bundleDeactivationBody = (bundlePublicIds: ReadonlyArray<string>): BundleDeactivationBody =>
  [...new Set(bundlePublicIds)].map((publicId) => ({ publicId }));
