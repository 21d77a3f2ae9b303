/**
 * Sign-in and access tokens (api.md "Access tokens"). Answers use the wire texts the web and CLI
 * code against: "Invalid email or password", TWO_FACTOR_REQUIRED / TWO_FACTOR_INVALID on "otp",
 * and a 429 naming the minutes left once SIGN_IN_MAX_FAILURES failures lock the account.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  ACCESS_TOKEN_MAX_SECONDS, ACCESS_TOKEN_MIN_SECONDS, SIGN_IN_LOCKOUT_MS, SIGN_IN_MAX_FAILURES,
} from "@portal/core/constants";
import type { Db } from "../db/Database";
import { accessTokens, backupCodes, users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { newPublicId } from "../ids";
import { hashPassword, hashSecret, newSecret, verifyPassword } from "./secrets";
import { verifyTotp } from "./totp";

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

const lockedProblem = (lockedUntil: Date, now: number): HttpProblem => {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 60_000));
  const problem = HttpProblem.of(429,
    `Too many failed sign-ins: this account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}. Try again later.`);
  return new HttpProblem(429, problem.issues, { "Retry-After": String(Math.ceil((lockedUntil.getTime() - now) / 1000)) });
};

/**
 * Checks email, password and (when enabled) the TOTP code or an unused backup code.
 * Throws HttpProblem 401 (credentials, TWO_FACTOR_*) or 429 (locked). Ten failures in a row
 * lock the account for SIGN_IN_LOCKOUT_MS; a success resets the count.
 */
export async function signIn(db: Db, now: number, email: string, otp: string, password: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) {
    await verifyPassword(password, await (dummyHash ??= hashPassword("dummy-password")));
    throw HttpProblem.of(401, INVALID_CREDENTIALS);
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > now) throw lockedProblem(user.lockedUntil, now);
  const fail = async (problem: HttpProblem): Promise<never> => {
    // Incremented in SQL so that parallel guesses cannot undercount; a lock that has run out
    // starts a fresh count.
    const [row] = await db.update(users).set({
      failedSignIns: user.lockedUntil !== null ? 1 : sql`${users.failedSignIns} + 1`,
      lockedUntil: null,
    }).where(eq(users.id, user.id)).returning({ failures: users.failedSignIns });
    if ((row?.failures ?? 0) >= SIGN_IN_MAX_FAILURES) {
      await db.update(users).set({ failedSignIns: 0, lockedUntil: new Date(now + SIGN_IN_LOCKOUT_MS) }).where(eq(users.id, user.id));
    }
    throw problem;
  };
  if (!(await verifyPassword(password, user.passwordHash))) return fail(HttpProblem.of(401, INVALID_CREDENTIALS));
  if (user.totpEnabled && user.totpSecret) {
    if (otp === "") throw HttpProblem.of(401, "TWO_FACTOR_REQUIRED", "otp");
    if (!verifyTotp(user.totpSecret, otp, now) && !(await useBackupCode(db, user.id, otp, now))) {
      return fail(HttpProblem.of(401, "TWO_FACTOR_INVALID", "otp"));
    }
  }
  if (user.failedSignIns !== 0 || user.lockedUntil !== null) {
    await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return user;
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

/** Creates a token; the secret is returned once and only its hash is kept. */
export async function issueToken(db: Db, now: number, userId: number, expiresIn: number) {
  const secretId = newSecret();
  const [row] = await db.insert(accessTokens).values({
    publicId: newPublicId(), userId, secretHash: hashSecret(secretId), expiresOn: new Date(now + expiresIn * 1000),
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
