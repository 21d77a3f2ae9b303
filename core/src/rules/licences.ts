/**
 * Licence rules (spec.md sections 4 and 7): how long an activation by trial, licence or coupon
 * runs, what may be activated on a device, how a bundle is extended, and which activations have
 * run out and must be told. Pure: time comes in as epoch milliseconds (the Clock port's now).
 *
 * Decisions (the spec gives no figures): a trial runs TRIAL_DAYS days and each device gets one
 * trial per feature; a licence activation runs until its bundle expires and takes one of its
 * seats (so does a bundle activated on a device); a coupon runs its own number of days and is
 * used once; an extension adds the type's period to the later of now and the current expiry.
 */
import { Result } from "effect";
import type { ActivationFeature } from "../domain/Activation";
import type { ActivationMethodKind } from "../domain/Licence";
import { Conflict, InvalidInput } from "../errors";

export const DAY_MS = 86_400_000;
/** How long a trial runs. */
export const TRIAL_DAYS = 30;

export const FEATURE_ALREADY_ACTIVE = "FEATURE_ALREADY_ACTIVE";
export const TRIAL_ALREADY_USED = "TRIAL_ALREADY_USED";
export const LICENCE_NOT_FOR_FEATURE = "LICENCE_NOT_FOR_FEATURE";
export const LICENCE_EXPIRED = "LICENCE_EXPIRED";
export const LICENCE_HAS_NO_FREE_SEAT = "LICENCE_HAS_NO_FREE_SEAT";
export const COUPON_NOT_VALID = "COUPON_NOT_VALID";
export const COUPON_NOT_FOR_FEATURE = "COUPON_NOT_FOR_FEATURE";
export const BUNDLE_ALREADY_ACTIVE = "BUNDLE_ALREADY_ACTIVE";
export const FEATURE_NOT_ACTIVE = "FEATURE_NOT_ACTIVE";

/** A bundle as the rules need it. */
export interface BundleFacts {
  readonly features: ReadonlyArray<ActivationFeature>;
  readonly seats: number;
  readonly seatsUsed: number;
  /** Epoch ms. */
  readonly expiresOn: number;
}

/** A coupon as the rules need it; null when no coupon has the code. */
export interface CouponFacts {
  readonly feature: ActivationFeature;
  readonly days: number;
  readonly redeemed: boolean;
}

/** What is known about the device and the method when an activation is asked for. */
export interface ActivationFacts {
  readonly feature: ActivationFeature;
  readonly now: number;
  /** The device's current activation of the feature, if any (epoch ms expiry). */
  readonly current: { readonly expiresOn: number } | null;
  readonly trialUsed: boolean;
  readonly method:
    | { readonly kind: "trial" }
    | { readonly kind: "licence"; readonly bundle: BundleFacts }
    | { readonly kind: "coupon"; readonly coupon: CouponFacts | null };
}

/** An accepted activation: how it is paid for and when it starts and runs out. */
export interface ActivationWindow {
  readonly method: ActivationMethodKind;
  readonly startsOn: number;
  readonly expiresOn: number;
}

/** Whether something that runs out at `expiresOn` still runs at `now` (the expiry instant itself is out). */
export const isActive = (expiresOn: number, now: number): boolean => now < expiresOn;

const conflict = (message: string, propertyName: string) => Result.fail(new Conflict({ issues: [{ message, propertyName }] }));

/**
 * Judges one activation. Guarantees on success: startsOn is now and expiresOn is later than now
 * (a trial: now + TRIAL_DAYS; a licence: the bundle's expiry; a coupon: now + its days).
 * Errors (Conflict): FEATURE_ALREADY_ACTIVE while an activation of the feature runs;
 * TRIAL_ALREADY_USED on a second trial; LICENCE_NOT_FOR_FEATURE, LICENCE_EXPIRED,
 * LICENCE_HAS_NO_FREE_SEAT for a licence; COUPON_NOT_VALID (unknown or used),
 * COUPON_NOT_FOR_FEATURE for a coupon.
 */
export function judgeActivation(f: ActivationFacts): Result.Result<ActivationWindow, Conflict> {
  if (f.current !== null && isActive(f.current.expiresOn, f.now)) return conflict(FEATURE_ALREADY_ACTIVE, "publicId");
  const m = f.method;
  if (m.kind === "trial") {
    if (f.trialUsed) return conflict(TRIAL_ALREADY_USED, "trial");
    return Result.succeed({ method: "trial", startsOn: f.now, expiresOn: f.now + TRIAL_DAYS * DAY_MS });
  }
  if (m.kind === "licence") {
    if (!m.bundle.features.includes(f.feature)) return conflict(LICENCE_NOT_FOR_FEATURE, "licence.publicId");
    if (!isActive(m.bundle.expiresOn, f.now)) return conflict(LICENCE_EXPIRED, "licence.publicId");
    if (m.bundle.seatsUsed >= m.bundle.seats) return conflict(LICENCE_HAS_NO_FREE_SEAT, "licence.publicId");
    return Result.succeed({ method: "licence", startsOn: f.now, expiresOn: m.bundle.expiresOn });
  }
  if (m.coupon === null || m.coupon.redeemed) return conflict(COUPON_NOT_VALID, "couponCode");
  if (m.coupon.feature !== f.feature) return conflict(COUPON_NOT_FOR_FEATURE, "couponCode");
  return Result.succeed({ method: "coupon", startsOn: f.now, expiresOn: f.now + Math.max(1, m.coupon.days) * DAY_MS });
}

/**
 * Judges activating a bundle on a device. Errors (Conflict): BUNDLE_ALREADY_ACTIVE when the
 * device holds it, LICENCE_EXPIRED, LICENCE_HAS_NO_FREE_SEAT.
 */
export function judgeBundleActivation(bundle: BundleFacts, alreadyOnDevice: boolean, now: number): Result.Result<void, Conflict> {
  if (alreadyOnDevice) return conflict(BUNDLE_ALREADY_ACTIVE, "bundle.publicId");
  if (!isActive(bundle.expiresOn, now)) return conflict(LICENCE_EXPIRED, "bundle.publicId");
  if (bundle.seatsUsed >= bundle.seats) return conflict(LICENCE_HAS_NO_FREE_SEAT, "bundle.publicId");
  return Result.succeed(undefined);
}

/**
 * The expiry of a bundle extended by `periodDays` at `now`: the period added to the later of now
 * and the current expiry, so an extension never shortens a bundle and a lapsed one restarts now.
 */
export const extendedExpiry = (expiresOn: number, now: number, periodDays: number): number =>
  Math.max(expiresOn, now) + Math.max(1, periodDays) * DAY_MS;

/** An activation that ran out and whose end has not been told yet. */
export interface ActivationEnd {
  readonly expiresOn: number;
  readonly notified: boolean;
}

/** Which of `rows` ran out at `now` and still need their notice; each once (notified ones never again). */
export const endsToTell = <R extends ActivationEnd>(rows: ReadonlyArray<R>, now: number): R[] =>
  rows.filter((r) => !r.notified && !isActive(r.expiresOn, now));

/** Days (rounded up) until `expiresOn`; 0 once it has passed. */
export const daysLeft = (expiresOn: number, now: number): number => Math.max(0, Math.ceil((expiresOn - now) / DAY_MS));

/** Bounds of the platform administrator's input. */
export const MAX_SEATS = 100_000;
export const MAX_COUPON_DAYS = 3650;

/** Checks a seat count (1 to MAX_SEATS): InvalidInput SEATS_OUT_OF_RANGE on `seats` otherwise. */
export function checkSeats(seats: unknown): Result.Result<number, InvalidInput> {
  if (typeof seats !== "number" || !Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS) {
    return Result.fail(new InvalidInput({ issues: [{ message: "SEATS_OUT_OF_RANGE", propertyName: "seats" }] }));
  }
  return Result.succeed(seats);
}

/** Reads a UTC ISO instant: InvalidInput INVALID_DATE on `propertyName` when it is not one. */
export function checkInstant(value: unknown, propertyName: string): Result.Result<number, InvalidInput> {
  const ms = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) return Result.fail(new InvalidInput({ issues: [{ message: "INVALID_DATE", propertyName }] }));
  return Result.succeed(ms);
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The expiry instant of a whole UTC day `YYYY-MM-DD` as the administrator's tools pick it: the
 * start of the next day (the chosen day counts whole). Guarantees null, never an exception, for a
 * text that is not a real day; `dayOfExpiry(expiryOfDay(d)) === d` for every real day.
 */
export function expiryOfDay(day: string): string | null {
  const m = DAY_TEXT.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1970 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return new Date(ms + DAY_MS).toISOString();
}

/** The last whole UTC day an expiry instant covers (`YYYY-MM-DD`): the day before it when it falls on midnight. */
export function dayOfExpiry(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString().slice(0, 10);
}

/** The licence messages of the catalogue (englishMessages.ts). */
export const LICENCE_MESSAGE_KEYS = [
  FEATURE_ALREADY_ACTIVE, TRIAL_ALREADY_USED, LICENCE_NOT_FOR_FEATURE, LICENCE_EXPIRED, LICENCE_HAS_NO_FREE_SEAT,
  COUPON_NOT_VALID, COUPON_NOT_FOR_FEATURE, BUNDLE_ALREADY_ACTIVE, FEATURE_NOT_ACTIVE, "SEATS_OUT_OF_RANGE", "INVALID_DATE",
] as const;

/**
 * Validates one bundle activation body from a client: REQUIRED on publicId and on bundle.publicId
 * when missing or blank (InvalidInput); answers the body as BundleActivationBody.
 */
export function validateBundleActivationBody(input: unknown): Result.Result<{ publicId: string; bundle: { publicId: string } }, InvalidInput> {
  const body = (typeof input === "object" && input !== null ? input : {}) as { publicId?: unknown; bundle?: { publicId?: unknown } | null };
  const issues: Array<{ message: string; propertyName: string }> = [];
  const id = typeof body.publicId === "string" && body.publicId.trim() !== "" ? body.publicId.trim() : null;
  const bundle = typeof body.bundle?.publicId === "string" && body.bundle.publicId.trim() !== "" ? body.bundle.publicId.trim() : null;
  if (id === null) issues.push({ message: "REQUIRED", propertyName: "publicId" });
  if (bundle === null) issues.push({ message: "REQUIRED", propertyName: "bundle.publicId" });
  if (id === null || bundle === null) return Result.fail(new InvalidInput({ issues }));
  return Result.succeed({ publicId: id, bundle: { publicId: bundle } });
}
