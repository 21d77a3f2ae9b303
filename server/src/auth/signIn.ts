/**
 * Sign-in and access tokens (api.md "Access tokens"). Answers use the wire texts the web and CLI
 * code against: "Invalid email or password", TWO_FACTOR_REQUIRED / TWO_FACTOR_INVALID on "otp",
 * and a 429 naming the minutes left once core's attempt limits refuse (see attemptCounters).
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { ACCESS_TOKEN_MAX_SECONDS, ACCESS_TOKEN_MIN_SECONDS } from "@portal/core/constants";
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from "@portal/core/rules/attemptLimits";
import type { Db } from "../db/Database";
import { accessTokens, backupCodes, users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { newPublicId } from "../ids";
import { admitAttempt, settleAttempt, type AttemptCharge } from "./attemptCounters";
import { hashPassword, hashSecret, newSecret, verifyPassword } from "./secrets";
import { needsSecondFactor } from "@portal/core/rules/trustedDevice";
import { verifyTotp } from "./totp";
import { findDevice } from "./trustedDevices";

export type UserRow = typeof users.$inferSelect;
export type TokenRow = typeof accessTokens.$inferSelect;

export const INVALID_CREDENTIALS = "Invalid email or password";
/** Compared against when the email is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

/** Decodes `Basic base64(email:otp:password)`; the password may itself contain colons. */
export function parseBasic(header: string): { email: string; otp: string; password: string } | null {
  const encoded = /^Basic\s+(.+)$/i.exec(header)?.[1];
  if (!encoded) return null;
  const text = Buffer.from(encoded, "base64").toString("utf8");
  const first = text.indexOf(":");
  const second = first < 0 ? -1 : text.indexOf(":", first + 1);
  if (second < 0) return null;
  return { email: text.slice(0, first), otp: text.slice(first + 1, second), password: text.slice(second + 1) };
}

/** The counters a sign-in is charged to: the client address first, then the account as typed. */
export const signInCharges = (email: string, clientAddress: string): AttemptCharge[] => [
  { scope: "sign-in-address", key: clientAddress, policy: SIGN_IN_PER_ADDRESS, action: "sign-in-address" },
  { scope: "sign-in-account", key: email.trim().toLowerCase(), policy: SIGN_IN_PER_ACCOUNT, action: "sign-in-account" },
];

/**
 * Checks email, password and (when enabled) the TOTP code or an unused backup code.
 * The attempt is counted before anything is checked (core's attempt limits: ten per account,
 * fifty failures per address, per 15 minutes), for known and unknown emails alike; a refusal
 * is core's RateLimited (429) and costs no password check. A success resets the account's
 * count and refunds the address's. Throws HttpProblem 401 (credentials, TWO_FACTOR_*).
 */
export async function signIn(
  db: Db, now: number, email: string, otp: string, password: string, clientAddress: string, deviceId: string | null = null,
): Promise<{ user: UserRow; secondFactorPassed: boolean }> {
  const charges = signInCharges(email, clientAddress);
  await admitAttempt(db, now, charges);
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) {
    await verifyPassword(password, await (dummyHash ??= hashPassword("dummy-password")));
    throw HttpProblem.of(401, INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw HttpProblem.of(401, INVALID_CREDENTIALS);
  // A registered account signs in only once its address is confirmed; said only to whoever
  // knows the password, so it tells nothing about which addresses have accounts.
  if (!user.emailVerified) throw HttpProblem.of(401, "EMAIL_NOT_VERIFIED", "email");
  // A browser that passed the second factor before is trusted (spec 3 "Trusted device"): the
  // password is enough from it, until the user forgets it.
  const device = user.totpEnabled && user.totpSecret ? await findDevice(db, user.id, deviceId) : undefined;
  const asked = !!user.totpSecret && needsSecondFactor(user.totpEnabled,
    device ? { secondFactorAt: device.secondFactorAt?.getTime() ?? null } : undefined);
  if (asked) {
    // Not settled: a known password must not buy unlimited guesses at the second factor.
    if (otp === "") throw HttpProblem.of(401, "TWO_FACTOR_REQUIRED", "otp");
    if (!verifyTotp(user.totpSecret!, otp, now) && !(await useBackupCode(db, user.id, otp, now))) {
      throw HttpProblem.of(401, "TWO_FACTOR_INVALID", "otp");
    }
  }
  await settleAttempt(db, charges);
  return { user, secondFactorPassed: asked };
}

/** Marks a matching unused backup code as used; whether one matched. */
async function useBackupCode(db: Db, userId: number, code: string, now: number): Promise<boolean> {
  const used = await db.update(backupCodes).set({ usedAt: new Date(now) })
    .where(and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, hashSecret(normalizeBackupCode(code))), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return used.length > 0;
}

export const normalizeBackupCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/** Validates `expiresIn` (whole seconds, ACCESS_TOKEN_MIN_SECONDS..ACCESS_TOKEN_MAX_SECONDS); 400 otherwise. */
export function checkExpiresIn(value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < ACCESS_TOKEN_MIN_SECONDS || value > ACCESS_TOKEN_MAX_SECONDS) {
    throw HttpProblem.of(400, `expiresIn must be a whole number of seconds from ${ACCESS_TOKEN_MIN_SECONDS} to ${ACCESS_TOKEN_MAX_SECONDS}`, "expiresIn");
  }
  return value;
}

/**
 * Creates a token; the secret is returned once and only its hash is kept. A token derived from
 * `parent` (minted with a Bearer secret) joins the parent's sign-in session: it expires no later
 * than the session's sign-in token, and ending that token (logout) ends it too (a cascade).
 */
export async function issueToken(db: Db, now: number, userId: number, expiresIn: number, parent?: TokenRow, trustedDeviceId?: number) {
  const secretId = newSecret();
  let expiresOn = new Date(now + expiresIn * 1000);
  let sessionId: number | null = null;
  if (parent) {
    sessionId = parent.sessionId ?? parent.id;
    const [session] = parent.sessionId === null ? [parent]
      : await db.select().from(accessTokens).where(eq(accessTokens.id, parent.sessionId));
    if (!session) throw HttpProblem.of(401, "Access token is invalid or expired");
    if (session.expiresOn < expiresOn) expiresOn = session.expiresOn;
  }
  const [row] = await db.insert(accessTokens).values({
    publicId: newPublicId(), userId, secretHash: hashSecret(secretId), expiresOn, sessionId,
    trustedDeviceId: trustedDeviceId ?? parent?.trustedDeviceId ?? null,
  }).returning();
  return { publicId: row!.publicId, secretId, expiresOn: row!.expiresOn.toISOString() };
}

/** The user and token of a bearer secret, or null when unknown or expired. */
export async function authenticateBearer(db: Db, now: number, secret: string): Promise<{ user: UserRow; token: TokenRow } | null> {
  const [row] = await db.select({ user: users, token: accessTokens }).from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.secretHash, hashSecret(secret)), gt(accessTokens.expiresOn, new Date(now))));
  return row ?? null;
}
