/**
 * My account (issue 11): changing my e-mail address through a confirmation link, my access tokens
 * and trusted devices, and password recovery by a mailed link. Links are single use (mailTokens);
 * a reset ends every session of the user; the reset request answers the same whether the address
 * has an account or not, doing the same work either way.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { EMAIL_CONFIRMATION_TTL_MS, PASSWORD_RESET_TTL_MS } from "@portal/core/domain/Account";
import { Conflict, InvalidInput, NotFound } from "@portal/core/errors";
import { passwordProblems } from "@portal/core/rules/passwordStrength";
import { isEmailAddress, normalizeEmail } from "@portal/core/rules/profile";
import { toUtcIsoSeconds } from "@portal/core/rules/accessRequests";
import { writeAudit } from "../audit/writeAudit";
import { consumeMailToken, issueMailToken } from "../auth/mailTokens";
import { hashPassword, verifyPassword } from "../auth/secrets";
import { deviceIdOf, findDevice } from "../auth/trustedDevices";
import { accessTokens, trustedDevices, users } from "../db/schema";
import { emailChangeMail, passwordResetMail } from "../mail/accountMail";
import { enqueueMails } from "../mail/outbox";
import { actorOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";

const invalid = (message: string, propertyName: string) => new InvalidInput({ issues: [{ message, propertyName }] });
const required = (value: string | null | undefined, name: string): string => {
  if (value == null || value.trim() === "") throw invalid("Required property", name);
  return value;
};
const linkInvalid = () => invalid("LINK_INVALID_OR_EXPIRED", "token");
const iso = (d: Date) => toUtcIsoSeconds(d.getTime());
const anonymous = (ctx: RequestContext) => ({ ...actorOf(ctx), userId: null });

export const myAccountRoutes: HandlersOf<
  "MyEmailChange" | "EmailConfirmation" | "MyAccessTokenList" | "MyTrustedDeviceList" | "MyTrustedDevice" | "PasswordResetRequestList" | "PasswordReset"
> = {
  "MyEmailChange.POST": async (ctx) => {
    const user = userOf(ctx);
    const email = normalizeEmail(required(ctx.body.email, "email"));
    const password = required(ctx.body.password, "password");
    if (!isEmailAddress(email)) throw invalid("INVALID_EMAIL", "email");
    if (email === user.email) throw invalid("This is already your e-mail address", "email");
    // The password proves that whoever holds this session is the account's owner.
    if (!(await verifyPassword(password, user.passwordHash))) throw invalid("Invalid password", "password");
    await ctx.db.transaction(async (tx) => {
      const token = await issueMailToken(tx, "email-change", user.id, email, EMAIL_CONFIRMATION_TTL_MS, ctx.now);
      await enqueueMails(tx, ctx.deps.mail, null, [emailChangeMail(user.name, email, ctx.deps.mail.origin, token)], new Date(ctx.now));
      await writeAudit(tx, actorOf(ctx), [{ action: "TRIGGER", topic: "EmailChange", target: user.publicId, after: { pendingEmail: email } }]);
    });
    return { type: "MyEmailChange", data: { pendingEmail: email }, status: 201 };
  },

  "EmailConfirmation.POST": async (ctx) => {
    const token = required(ctx.body.token, "token");
    const email = await ctx.db.transaction(async (tx) => {
      const row = await consumeMailToken(tx, "email-change", token, ctx.now);
      if (!row) throw linkInvalid();
      const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, row.email), ne(users.id, row.userId)));
      if (taken) throw new Conflict({ issues: [{ message: "EMAIL_ALREADY_IN_USE", propertyName: "email" }] });
      const [before] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!before) throw linkInvalid();
      await tx.update(users).set({ email: row.email }).where(eq(users.id, row.userId));
      await writeAudit(tx, { ...actorOf(ctx), userId: row.userId }, [{
        action: "UPDATE", topic: "UserEmail", target: before.publicId, before: { email: before.email }, after: { email: row.email },
      }]);
      return row.email;
    });
    return { type: "EmailConfirmation", data: { email } };
  },

  "MyAccessTokenList.GET": async (ctx) => {
    const user = userOf(ctx);
    const rows = await ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id)).orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
    const live = rows.filter((r) => r.expiresOn.getTime() > ctx.now);
    return {
      type: "MyAccessToken",
      data: live.map((r) => ({
        publicId: r.publicId, createdOn: iso(r.createdAt), expiresOn: iso(r.expiresOn),
        derived: r.sessionId !== null, current: r.id === ctx.token?.id,
      })),
    };
  },

  "MyTrustedDeviceList.GET": async (ctx) => {
    const user = userOf(ctx);
    const current = await findDevice(ctx.db, user.id, deviceIdOf(ctx.request.headers["api-device-id"]));
    const rows = await ctx.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id)).orderBy(asc(trustedDevices.firstSeenAt), asc(trustedDevices.id));
    return {
      type: "TrustedDevice",
      data: rows.map((r) => ({ publicId: r.publicId, name: r.name, firstSeenOn: iso(r.firstSeenAt), lastSeenOn: iso(r.lastSeenAt), current: r.id === current?.id })),
    };
  },

  "MyTrustedDevice.DELETE": async (ctx) => {
    const user = userOf(ctx);
    const publicId = ctx.params["publicId"] ?? "";
    await ctx.db.transaction(async (tx) => {
      // The tokens signed in from it go with it (on delete cascade): that browser is signed out.
      const [gone] = await tx.delete(trustedDevices).where(and(eq(trustedDevices.publicId, publicId), eq(trustedDevices.userId, user.id))).returning();
      if (!gone) throw new NotFound({ entity: "TrustedDevice", publicId });
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "TrustedDevice", target: publicId, before: { name: gone.name } }]);
    });
    return { type: "TrustedDevice", data: { publicId } };
  },

  "PasswordResetRequestList.POST": async (ctx) => {
    const email = normalizeEmail(required(ctx.body.email, "email"));
    if (!isEmailAddress(email)) throw invalid("INVALID_EMAIL", "email");
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    // The same answer, and a transaction with a token either way: the time taken does not tell
    // whether the address has an account. Without one, the token is made and thrown away.
    await ctx.db.transaction(async (tx) => {
      if (!user || !user.emailVerified) return void (await tx.select({ id: users.id }).from(users).where(eq(users.id, -1)));
      const token = await issueMailToken(tx, "password-reset", user.id, user.email, PASSWORD_RESET_TTL_MS, ctx.now);
      await enqueueMails(tx, ctx.deps.mail, null, [passwordResetMail(user.name, user.email, ctx.deps.mail.origin, token)], new Date(ctx.now));
      await writeAudit(tx, { ...anonymous(ctx), userId: user.id }, [{ action: "TRIGGER", topic: "PasswordResetRequest", target: user.publicId }]);
    });
    return { type: "PasswordResetRequest", data: { sent: true }, status: 202 };
  },

  "PasswordReset.POST": async (ctx) => {
    const token = required(ctx.body.token, "token");
    const newPassword = required(ctx.body.newPassword, "newPassword");
    // Hashed before the transaction: scrypt is slow and no lock should wait for it.
    const passwordHash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      const row = await consumeMailToken(tx, "password-reset", token, ctx.now);
      if (!row) throw linkInvalid();
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!user) throw linkInvalid();
      const problems = passwordProblems(newPassword, { email: user.email, name: user.name });
      // Refusing rolls the transaction back, so the link still works for a better password.
      if (problems.length > 0) throw new InvalidInput({ issues: problems.map((message) => ({ message, propertyName: "newPassword" })) });
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Every session ends: whoever knew the old password is signed out everywhere.
      await tx.delete(accessTokens).where(eq(accessTokens.userId, user.id));
      await writeAudit(tx, { ...anonymous(ctx), userId: user.id }, [{ action: "UPDATE", topic: "UserPassword", target: user.publicId, after: { reset: true, sessionsEnded: true } }]);
    });
    return { type: "PasswordReset", data: { reset: true } };
  },
};
