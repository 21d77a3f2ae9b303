/**
 * Self sign-up (issue 11): a person registers in a sector that allows it (sectors.self_sign_up),
 * gets a confirmation link by mail (the outbox, SMTP when configured) and can sign in once it is
 * followed. The answer is the same whether the address has an account or not, with the same work
 * (a password hash and a transaction with a mail) either way: the owner of an existing account
 * gets a mail saying so, nobody else learns it.
 */
import { eq } from "drizzle-orm";
import { EMAIL_CONFIRMATION_TTL_MS } from "@portal/core/domain/Account";
import { InvalidInput } from "@portal/core/errors";
import { normalizeEmail } from "@portal/core/rules/profile";
import { REGISTRATION_PER_ADDRESS } from "@portal/core/rules/attemptLimits";
import { canSelfSignUp, registrationIssues } from "@portal/core/rules/registration";
import { writeAudit } from "../audit/writeAudit";
import { admitAttempt } from "../auth/attemptCounters";
import { consumeMailToken, issueMailToken } from "../auth/mailTokens";
import { hashPassword } from "../auth/secrets";
import { users } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { actorOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { alreadyRegisteredMail, registrationMail } from "../mail/accountMail";
import { enqueueMails } from "../mail/outbox";
import { brandingHostOf, hostSector } from "../users/hostSector";

const anonymous = (ctx: RequestContext, userId: number | null) => ({ ...actorOf(ctx), userId, companyId: null });

export const registrationRoutes: HandlersOf<"Registration" | "RegistrationConfirmation"> = {
  "Registration.GET": async (ctx) => ({
    type: "Registration", data: { allowed: canSelfSignUp(await hostSector(ctx.db, brandingHostOf(ctx))) },
  }),

  "Registration.POST": async (ctx) => {
    if (!canSelfSignUp(await hostSector(ctx.db, brandingHostOf(ctx)))) throw HttpProblem.of(403, "SELF_SIGN_UP_DISABLED");
    // Every attempt counts, a successful one too (each mails an address): 429 past the limit.
    await admitAttempt(ctx.db, ctx.now, [{ scope: "registration-address", key: ctx.clientAddress, policy: REGISTRATION_PER_ADDRESS, action: "registration" }]);
    const form = { name: ctx.body.name ?? "", email: ctx.body.email ?? "", password: ctx.body.password ?? "", language: ctx.body.language ?? null };
    const issues = registrationIssues(form);
    if (issues.length > 0) throw new InvalidInput({ issues });
    const email = normalizeEmail(form.email);
    const name = form.name.trim();
    // Hashed whether or not the address is taken, and before the transaction (scrypt is slow).
    const passwordHash = await hashPassword(form.password);
    const at = new Date(ctx.now);
    const { origin } = ctx.deps.mail;
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, email));
      if (existing?.emailVerified === true) {
        await enqueueMails(tx, ctx.deps.mail, null, [alreadyRegisteredMail(existing.name, email, origin)], at);
        return;
      }
      // An unconfirmed account gets a new link (the old one dies); its password stays what the
      // first registration chose, so a stranger cannot set it by registering the address again.
      const [user] = existing ? [existing] : await tx.insert(users).values({
        publicId: newPublicId(), name, email, passwordHash, language: form.language, emailVerified: false, createdAt: at,
      }).returning();
      const token = await issueMailToken(tx, "registration", user!.id, email, EMAIL_CONFIRMATION_TTL_MS, ctx.now);
      await enqueueMails(tx, ctx.deps.mail, null, [registrationMail(user!.name, email, origin, token)], at);
      if (!existing) await writeAudit(tx, anonymous(ctx, user!.id), [{ action: "CREATE", topic: "Registration", target: user!.publicId, after: { name, email } }]);
    });
    return { type: "Registration", data: { sent: true }, status: 202 };
  },

  "RegistrationConfirmation.POST": async (ctx) => {
    const token = ctx.body.token ?? "";
    if (token.trim() === "") throw new InvalidInput({ issues: [{ message: "Required property", propertyName: "token" }] });
    const email = await ctx.db.transaction(async (tx) => {
      const row = await consumeMailToken(tx, "registration", token, ctx.now);
      if (!row) throw new InvalidInput({ issues: [{ message: "LINK_INVALID_OR_EXPIRED", propertyName: "token" }] });
      const [user] = await tx.update(users).set({ emailVerified: true }).where(eq(users.id, row.userId)).returning();
      if (!user) throw new InvalidInput({ issues: [{ message: "LINK_INVALID_OR_EXPIRED", propertyName: "token" }] });
      await writeAudit(tx, anonymous(ctx, user.id), [{ action: "UPDATE", topic: "Registration", target: user.publicId, before: { emailVerified: false }, after: { emailVerified: true } }]);
      return user.email;
    });
    return { type: "RegistrationConfirmation", data: { email } };
  },
};
