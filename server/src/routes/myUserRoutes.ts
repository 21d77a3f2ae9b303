/**
 * My user: profile, password change, and TOTP two-factor (enrol, verify, backup codes, disable).
 * Enrolment stores a pending secret; only a correct code from the app turns it on, so a user
 * cannot lock themselves out by scanning nothing.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { Conflict, InvalidInput } from "@portal/core/errors";
import { passwordProblems } from "@portal/core/rules/passwordStrength";
import { profileIssues } from "@portal/core/rules/profile";
import { PASSWORD_CHANGE_PER_ADDRESS, PASSWORD_CHANGE_PER_USER } from "@portal/core/rules/attemptLimits";
import { writeAudit } from "../audit/writeAudit";
import { admitAttempt, settleAttempt, type AttemptCharge } from "../auth/attemptCounters";
import { hashPassword, hashSecret, verifyPassword } from "../auth/secrets";
import { normalizeBackupCode } from "../auth/signIn";
import { newTotpSecret, otpauthUri, verifyTotp } from "../auth/totp";
import type { Db } from "../db/Database";
import { accessTokens, backupCodes, mailTokens, trustedDevices, users } from "../db/schema";
import { actorOf, userOf, type RequestContext, type HandlersOf } from "../http/RequestContext";

export const BACKUP_CODE_COUNT = 10;

const bodyOf = (ctx: RequestContext): Record<string, unknown> =>
  typeof ctx.body === "object" && ctx.body !== null && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : {};

const invalid = (message: string, propertyName: string) => new InvalidInput({ issues: [{ message, propertyName }] });

const requireString = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  if (typeof value !== "string" || value === "") throw invalid("Required property", name);
  return value;
};

/** My user as the API shows it, with the address of a pending e-mail change. */
async function myUserJson(db: Db, u: typeof users.$inferSelect, now: number) {
  const [pending] = await db.select({ email: mailTokens.email }).from(mailTokens)
    .where(and(eq(mailTokens.userId, u.id), eq(mailTokens.purpose, "email-change"), isNull(mailTokens.usedAt), gt(mailTokens.expiresAt, new Date(now))))
    .orderBy(desc(mailTokens.id)).limit(1);
  return {
    publicId: u.publicId, name: u.name, email: u.email, twoFactorEnabled: u.totpEnabled,
    language: u.language, timeZone: u.timeZone, pendingEmail: pending?.email ?? null, platformAdmin: u.platformAdmin,
  };
}

/** Ten fresh backup codes like "k3j9x-q2m7p"; only their hashes are stored. */
export async function replaceBackupCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString("hex").slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  // One replacement at a time per user: two at once each deleted what was there before either
  // and both new sets stayed valid.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
  await tx.insert(backupCodes).values(codes.map((c) => ({ userId, codeHash: hashSecret(normalizeBackupCode(c)) })));
  return codes;
}

/** Whether `otp` is a current TOTP code or an unused backup code (which it then uses up). */
async function checkSecondFactor(tx: Db, ctx: RequestContext, otp: string): Promise<boolean> {
  const user = userOf(ctx);
  if (user.totpSecret && verifyTotp(user.totpSecret, otp, ctx.now)) return true;
  const used = await tx.update(backupCodes).set({ usedAt: new Date(ctx.now) })
    .where(and(eq(backupCodes.userId, user.id), eq(backupCodes.codeHash, hashSecret(normalizeBackupCode(otp))), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return used.length > 0;
}

export const myUserRoutes: HandlersOf<"MyUser" | "MyPassword" | "MyTwoFactor" | "MyTwoFactorVerification" | "MyTwoFactorBackupCodes"> = {
  "MyUser.GET": async (ctx) => ({ type: "MyUser", data: await myUserJson(ctx.db, userOf(ctx), ctx.now) }),

  "MyUser.PATCH": async (ctx) => {
    const user = userOf(ctx);
    const body = ctx.body;
    const change = {
      ...(body.name != null ? { name: body.name.trim() } : {}),
      ...(body.language !== undefined ? { language: body.language === "" ? null : body.language } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone === "" ? null : body.timeZone } : {}),
    };
    if (body.name === null) throw invalid("REQUIRED", "name");
    const issues = profileIssues(change);
    if (issues.length > 0) throw new InvalidInput({ issues });
    // Nothing to change (unknown fields are dropped by the schema): answer as it is, write nothing.
    if (Object.keys(change).length === 0) return { type: "MyUser", data: await myUserJson(ctx.db, user, ctx.now) };
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(change).where(eq(users.id, user.id)).returning();
      await writeAudit(tx, actorOf(ctx), [{
        action: "UPDATE", topic: "MyUser", target: user.publicId,
        before: { name: user.name, language: user.language, timeZone: user.timeZone },
        after: { name: row!.name, language: row!.language, timeZone: row!.timeZone },
      }]);
      return row!;
    });
    return { type: "MyUser", data: await myUserJson(ctx.db, updated, ctx.now) };
  },

  "MyPassword.POST": async (ctx) => {
    const user = userOf(ctx);
    const body = bodyOf(ctx);
    const oldPassword = requireString(body, "oldPassword");
    const newPassword = requireString(body, "newPassword");
    const problems = passwordProblems(newPassword, { email: user.email, name: user.name });
    if (problems.length > 0) throw new InvalidInput({ issues: problems.map((message) => ({ message, propertyName: "newPassword" })) });
    if (body["deleteAccessTokens"] !== undefined && typeof body["deleteAccessTokens"] !== "boolean") {
      throw invalid("Must be true or false", "deleteAccessTokens");
    }
    // Counted before the check, like sign-in: a stolen session cannot guess the old password.
    const charges: AttemptCharge[] = [
      { scope: "password-change-address", key: ctx.clientAddress, policy: PASSWORD_CHANGE_PER_ADDRESS, action: "password-change" },
      { scope: "password-change-user", key: user.publicId, policy: PASSWORD_CHANGE_PER_USER, action: "password-change" },
    ];
    await admitAttempt(ctx.db, ctx.now, charges);
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw invalid("Invalid password", "oldPassword");
    await settleAttempt(ctx.db, charges);
    const passwordHash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // The caller's own token survives: the page that changed the password stays signed in.
      if (body["deleteAccessTokens"] === true) {
        await tx.delete(accessTokens).where(and(eq(accessTokens.userId, user.id), ne(accessTokens.id, ctx.token!.id)));
      }
      await writeAudit(tx, actorOf(ctx), [{
        action: "UPDATE", topic: "UserPassword", target: user.publicId,
        after: { deleteAccessTokens: body["deleteAccessTokens"] === true },
      }]);
    });
    return { type: "MyPassword", data: { publicId: user.publicId } };
  },

  "MyTwoFactor.GET": async (ctx) => {
    const u = userOf(ctx);
    return { type: "MyTwoFactor", data: { enabled: u.totpEnabled, pending: !u.totpEnabled && u.totpSecret !== null } };
  },

  "MyTwoFactor.POST": async (ctx) => {
    const user = userOf(ctx);
    if (user.totpEnabled) throw new Conflict({ issues: [{ message: "Two-factor authentication is already enabled" }] });
    const secret = newTotpSecret();
    await ctx.db.transaction(async (tx) => {
      // Conditional on the stored state, not the request's snapshot of it: two factors enabled
      // meanwhile (another tab) keep their secret.
      const set = await tx.update(users).set({ totpSecret: secret }).where(and(eq(users.id, user.id), eq(users.totpEnabled, false))).returning({ id: users.id });
      if (set.length === 0) throw new Conflict({ issues: [{ message: "Two-factor authentication is already enabled" }] });
      await writeAudit(tx, actorOf(ctx), [{ action: "TRIGGER", topic: "TwoFactorEnrolment", target: user.publicId }]);
    });
    return { type: "MyTwoFactor", data: { secret, otpauthUri: otpauthUri(secret, user.email) }, status: 201 };
  },

  "MyTwoFactorVerification.POST": async (ctx) => {
    const user = userOf(ctx);
    const otp = requireString(bodyOf(ctx), "otp");
    if (user.totpEnabled) throw new Conflict({ issues: [{ message: "Two-factor authentication is already enabled" }] });
    if (!user.totpSecret) throw invalid("Start the enrolment first", "otp");
    if (!verifyTotp(user.totpSecret, otp, ctx.now)) throw invalid("TWO_FACTOR_INVALID", "otp");
    const codes = await ctx.db.transaction(async (tx) => {
      // Enabled only with the secret the code was checked against: an enrolment started again
      // meanwhile (another tab) stored a secret the user's app may not have.
      const enabled = await tx.update(users).set({ totpEnabled: true })
        .where(and(eq(users.id, user.id), eq(users.totpSecret, user.totpSecret!), eq(users.totpEnabled, false))).returning({ id: users.id });
      if (enabled.length === 0) throw invalid("TWO_FACTOR_INVALID", "otp");
      const c = await replaceBackupCodes(tx, user.id);
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "TwoFactor", target: user.publicId, before: { enabled: false }, after: { enabled: true } }]);
      return c;
    });
    return { type: "MyTwoFactor", data: { enabled: true, backupCodes: codes } };
  },

  "MyTwoFactorBackupCodes.POST": async (ctx) => {
    const user = userOf(ctx);
    const otp = requireString(bodyOf(ctx), "otp");
    if (!user.totpEnabled) throw invalid("Two-factor authentication is not enabled", "otp");
    const codes = await ctx.db.transaction(async (tx) => {
      if (!(await checkSecondFactor(tx, ctx, otp))) throw invalid("TWO_FACTOR_INVALID", "otp");
      const c = await replaceBackupCodes(tx, user.id);
      await writeAudit(tx, actorOf(ctx), [{ action: "TRIGGER", topic: "TwoFactorBackupCodes", target: user.publicId }]);
      return c;
    });
    return { type: "MyTwoFactorBackupCodes", data: { backupCodes: codes } };
  },

  "MyTwoFactor.DELETE": async (ctx) => {
    const user = userOf(ctx);
    const otp = requireString(bodyOf(ctx), "otp");
    if (!user.totpEnabled) throw invalid("Two-factor authentication is not enabled", "otp");
    await ctx.db.transaction(async (tx) => {
      if (!(await checkSecondFactor(tx, ctx, otp))) throw invalid("TWO_FACTOR_INVALID", "otp");
      await tx.update(users).set({ totpEnabled: false, totpSecret: null }).where(eq(users.id, user.id));
      await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
      // Browsers proved the factor now turned off: turned on again, they must prove the new one.
      await tx.update(trustedDevices).set({ secondFactorAt: null }).where(eq(trustedDevices.userId, user.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "TwoFactor", target: user.publicId, before: { enabled: true }, after: { enabled: false } }]);
    });
    return { type: "MyTwoFactor", data: { enabled: false } };
  },
};
