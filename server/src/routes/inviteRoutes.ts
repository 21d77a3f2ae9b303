/**
 * Invites (issue 11). Administrators (invite:user) invite one or many addresses in one
 * transaction, list pending invites, resend (a new token: the old link dies) and withdraw. The
 * invited person accepts through the link: with a new account (name, password: core's strength
 * rule) or, signed in, with their existing one; or from "my invites" by publicId, or declines.
 *
 * No account enumeration: every failure of a link (unknown, expired, used, another address's)
 * is the same 400 INVITE_LINK_INVALID, whatever accounts exist; only the holder of a valid link,
 * who received the mail at that address, learns whether the address has an account.
 */
import { and, asc, eq, gt, inArray, lte } from "drizzle-orm";
import { Conflict, InvalidInput, NotFound, type ValidationIssue } from "@portal/core/errors";
import {
  ACCOUNT_EXISTS_SIGN_IN, ALREADY_A_MEMBER, ALREADY_INVITED, checkExpiresOn, DUPLICATE_EMAIL, INVALID_EMAIL, INVITE_LINK_INVALID,
  INVITE_VALID_MS, isEmailAddress, nameIssue, normaliseEmail, passwordIssue, UNKNOWN_GROUP, UNKNOWN_ROLE,
} from "@portal/core/rules/users";
import { writeAudit } from "../audit/writeAudit";
import { hashPassword, hashSecret, newSecret } from "../auth/secrets";
import type { Db } from "../db/Database";
import { companies, groups, invites, memberships, roles, users } from "../db/schema";
import { inviteMail } from "../mail/inviteMail";
import { enqueueMails } from "../mail/outbox";
import { inviteNotice } from "@portal/core/rules/notices";
import { storeNotices } from "../notices/storeNotices";
import { newPublicId } from "../ids";
import { actorOf, companyOf, userOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { bulkItems } from "./bodies";
import { companyTerms, joinFromInvite, pendingInvitesJson, type InviteRow } from "../users/invites";
import { activeMembership } from "../users/members";

const linkInvalid = () => new InvalidInput({ issues: [{ message: INVITE_LINK_INVALID, propertyName: "token" }] });

/** The live invite of a link token; INVITE_LINK_INVALID for anything else. */
async function inviteByToken(db: Db, token: unknown, now: number, lock = false): Promise<InviteRow> {
  if (typeof token !== "string" || token === "") throw linkInvalid();
  const q = db.select().from(invites).where(and(eq(invites.tokenHash, hashSecret(token)), gt(invites.expiresAt, new Date(now))));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw linkInvalid();
  return row;
}

/** A live invite addressed to the signed-in user; NotFound otherwise. */
async function myInvite(db: Db, ctx: RequestContext, publicId: string, lock = false): Promise<InviteRow> {
  const q = db.select().from(invites)
    .where(and(eq(invites.publicId, publicId), eq(invites.email, normaliseEmail(userOf(ctx).email)), gt(invites.expiresAt, new Date(ctx.now))));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new NotFound({ entity: "Invite", publicId });
  return row;
}

async function companyName(db: Db, companyId: number): Promise<{ publicId: string; name: string }> {
  const [c] = await db.select({ publicId: companies.publicId, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return c!;
}

/** The invite of the request's company; NotFound otherwise. */
async function companyInvite(db: Db, ctx: RequestContext, lock = false): Promise<InviteRow> {
  const publicId = ctx.params["publicId"] ?? "";
  const q = db.select().from(invites).where(and(eq(invites.publicId, publicId), eq(invites.companyId, companyOf(ctx).id)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new NotFound({ entity: "Invite", publicId });
  return row;
}

const joined = (invite: InviteRow, user: { publicId: string }, company: { publicId: string }) =>
  ({ type: "Invite", data: { publicId: user.publicId, company: { publicId: company.publicId } } }) as const;

/** Accepting by the signed-in user (my invites or a link): one transaction, audited. */
async function acceptAsMe(ctx: RequestContext, find: (tx: Db) => Promise<InviteRow>, termsOfUsePolicy: string | null | undefined) {
  const user = userOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const invite = await find(tx);
    await joinFromInvite(tx, invite, user.id, termsOfUsePolicy, ctx.now);
    await writeAudit(tx, { ...actorOf(ctx), companyId: invite.companyId }, [{ action: "TRIGGER", topic: "InviteAcceptance", target: invite.publicId, after: { user: user.publicId } }]);
    return joined(invite, user, await companyName(tx, invite.companyId));
  });
}

export const inviteRoutes: HandlersOf<"InviteList" | "Invite" | "InviteResend" | "InviteFinish" | "MyInviteFinish" | "MyInviteList" | "MyInvite" | "MyInviteAcceptance"> = {
  "InviteList.GET": async (ctx) => {
    const rows = await ctx.db.select().from(invites).where(eq(invites.companyId, companyOf(ctx).id)).orderBy(asc(invites.email)).limit(4000);
    return { type: "Invite", data: await pendingInvitesJson(ctx.db, rows) };
  },

  "InviteList.POST": async (ctx) => {
    const company = companyOf(ctx);
    const { items, isList } = bulkItems(ctx.body, "invite");
    const at = (i: number) => (isList ? { listIndex: i } : {});
    const issues: ValidationIssue[] = [];
    const conflicts: ValidationIssue[] = [];
    const seen = new Map<string, number>();
    const roleIds = new Map((await ctx.db.select({ id: roles.id, publicId: roles.publicId }).from(roles).where(eq(roles.companyId, company.id))).map((r) => [r.publicId, r.id]));
    const groupIds = new Map((await ctx.db.select({ id: groups.id, publicId: groups.publicId }).from(groups).where(eq(groups.companyId, company.id))).map((g) => [g.publicId, g.id]));
    const valid = items.map((item, i) => {
      const role = item["role"] as { publicId?: string | null } | null | undefined;
      const roleId = role?.publicId ? roleIds.get(role.publicId) : undefined;
      if (!role?.publicId) issues.push({ message: "REQUIRED", propertyName: "role", ...at(i) });
      else if (roleId === undefined) issues.push({ message: UNKNOWN_ROLE, propertyName: "role", ...at(i) });
      const wantedGroups = (item["groups"] as ReadonlyArray<{ publicId?: string | null }> | undefined) ?? [];
      const gids = wantedGroups.map((g) => groupIds.get(g.publicId ?? ""));
      if (gids.some((g) => g === undefined)) issues.push({ message: UNKNOWN_GROUP, propertyName: "groups", ...at(i) });
      // The address is judged after the role and groups: a role that names no publicId is reported
      // on "role" first, whatever else the item lacks.
      const email = normaliseEmail(typeof item["email"] === "string" ? item["email"] : "");
      if (email === "") issues.push({ message: "REQUIRED", propertyName: "email", ...at(i) });
      else if (!isEmailAddress(email)) issues.push({ message: INVALID_EMAIL, propertyName: "email", ...at(i) });
      else if (seen.has(email)) conflicts.push({ message: DUPLICATE_EMAIL, propertyName: "email", ...at(i) });
      seen.set(email, i);
      const name = typeof item["name"] === "string" && item["name"].trim() !== "" ? item["name"].trim() : null;
      if (name !== null && nameIssue(name)) issues.push({ message: nameIssue(name)!, propertyName: "name", ...at(i) });
      const expires = checkExpiresOn(item["expiresOn"] as string | null | undefined, ctx.now);
      if (!expires.ok) issues.push({ ...expires.issue, ...at(i) });
      return { email, roleId: roleId ?? 0, groupIds: [...new Set(gids.filter((g): g is number => g !== undefined))], name, memberExpiresOn: expires.ok && expires.expiresOn !== null ? new Date(expires.expiresOn) : null };
    });
    if (issues.length > 0) throw new InvalidInput({ issues });
    const emails = valid.map((v) => v.email);
    const created = await ctx.db.transaction(async (tx) => {
      const members = await tx.select({ email: users.email }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, company.id), inArray(users.email, emails), activeMembership(ctx.now)));
      for (const m of members) conflicts.push({ message: ALREADY_A_MEMBER, propertyName: "email", ...at(seen.get(m.email)!) });
      // An invite whose link ran out blocks nothing: it goes (audited), and the address may be invited again.
      const lapsed = await tx.delete(invites).where(and(eq(invites.companyId, company.id), inArray(invites.email, emails), lte(invites.expiresAt, new Date(ctx.now))))
        .returning({ publicId: invites.publicId, email: invites.email, expiresAt: invites.expiresAt });
      await writeAudit(tx, actorOf(ctx), lapsed.map((l) => ({
        action: "DELETE" as const, topic: "Invite", target: l.publicId, before: { email: l.email, expiresOn: l.expiresAt.toISOString() },
      })));
      const pending = await tx.select({ email: invites.email }).from(invites).where(and(eq(invites.companyId, company.id), inArray(invites.email, emails)));
      for (const p of pending) conflicts.push({ message: ALREADY_INVITED, propertyName: "email", ...at(seen.get(p.email)!) });
      if (conflicts.length > 0) throw new Conflict({ issues: conflicts.sort((a, b) => (a.listIndex ?? 0) - (b.listIndex ?? 0)) });
      const inviter = userOf(ctx);
      const expiresAt = new Date(ctx.now + INVITE_VALID_MS);
      const rows = valid.map((v) => ({ ...v, token: newSecret(), publicId: newPublicId() }));
      for (let i = 0; i < rows.length; i += 250) {
        await tx.insert(invites).values(rows.slice(i, i + 250).map((r) => ({
          publicId: r.publicId, companyId: company.id, email: r.email, name: r.name, roleId: r.roleId, groupIds: r.groupIds,
          memberExpiresOn: r.memberExpiresOn, tokenHash: hashSecret(r.token), expiresAt, invitedBy: inviter.id, createdAt: new Date(ctx.now),
        })));
      }
      await enqueueMails(tx, ctx.deps.mail, company.id, rows.map((r) => inviteMail({
        to: r.email, name: r.name, companyName: company.name, inviterName: inviter.name, token: r.token, expiresAt, origin: ctx.deps.mail.origin,
      })), new Date(ctx.now));
      // Invited addresses that already have an account also find the invite in their messages.
      const accounts = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
      await storeNotices(tx, accounts.map((a) => a.id), inviteNotice(company.name), company.id, new Date(ctx.now));
      await writeAudit(tx, actorOf(ctx), rows.map((r) => ({
        action: "CREATE" as const, topic: "Invite", target: r.publicId,
        after: { email: r.email, name: r.name, roleId: r.roleId, groupIds: r.groupIds, memberExpiresOn: r.memberExpiresOn?.toISOString() ?? null },
      })));
      return rows.map((r) => ({ publicId: r.publicId }));
    });
    return { type: "Invite", data: created, status: 201 };
  },

  "Invite.DELETE": async (ctx) => {
    const publicId = await ctx.db.transaction(async (tx) => {
      const invite = await companyInvite(tx, ctx, true);
      await tx.delete(invites).where(eq(invites.id, invite.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "Invite", target: invite.publicId, before: { email: invite.email } }]);
      return invite.publicId;
    });
    return { type: "Invite", data: { publicId } };
  },

  "InviteResend.POST": async (ctx) => {
    const company = companyOf(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      const invite = await companyInvite(tx, ctx, true);
      const token = newSecret();
      const expiresAt = new Date(ctx.now + INVITE_VALID_MS);
      const [updated] = await tx.update(invites).set({ tokenHash: hashSecret(token), expiresAt }).where(eq(invites.id, invite.id)).returning();
      await enqueueMails(tx, ctx.deps.mail, company.id, [inviteMail({
        to: invite.email, name: invite.name, companyName: company.name, inviterName: userOf(ctx).name, token, expiresAt, origin: ctx.deps.mail.origin,
      })], new Date(ctx.now));
      await writeAudit(tx, actorOf(ctx), [{ action: "TRIGGER", topic: "InviteResend", target: invite.publicId, before: { expiresOn: invite.expiresAt.toISOString() }, after: { expiresOn: expiresAt.toISOString() } }]);
      return updated!;
    });
    return { type: "Invite", data: (await pendingInvitesJson(ctx.db, [row]))[0]! };
  },

  "InviteFinish.GET": async (ctx) => {
    const invite = await inviteByToken(ctx.db, ctx.query["token"], ctx.now);
    const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email));
    const terms = await companyTerms(ctx.db, invite.companyId);
    return {
      type: "InviteLinkInfo",
      data: {
        company: await companyName(ctx.db, invite.companyId), email: invite.email, name: invite.name, accountExists: account !== undefined,
        termsOfUse: terms ? { publicId: terms.publicId, body: terms.body } : null,
      },
    };
  },

  "InviteFinish.POST": async (ctx) => {
    const body = ctx.body;
    // Judged before the token, so that a bad password costs no lookup; the token decides the rest.
    const name = (body.name ?? "").trim();
    const password = body.password ?? "";
    const answer = await ctx.db.transaction(async (tx) => {
      const invite = await inviteByToken(tx, body.token, ctx.now, true);
      const issues: ValidationIssue[] = [];
      const nameProblem = nameIssue(name);
      if (nameProblem) issues.push({ message: nameProblem, propertyName: "name" });
      const passwordProblem = passwordIssue(password, invite.email);
      if (passwordProblem) issues.push({ message: passwordProblem, propertyName: "password" });
      if (issues.length > 0) throw new InvalidInput({ issues });
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invite.email));
      if (existing) throw new Conflict({ issues: [{ message: ACCOUNT_EXISTS_SIGN_IN, propertyName: "token" }] });
      const [user] = await tx.insert(users).values({ publicId: newPublicId(), name, email: invite.email, passwordHash: await hashPassword(password) })
        .returning({ id: users.id, publicId: users.publicId });
      await joinFromInvite(tx, invite, user!.id, body.termsOfUsePolicy, ctx.now);
      await writeAudit(tx, { userId: user!.id, companyId: invite.companyId, clientAddress: ctx.clientAddress, at: new Date(ctx.now) }, [
        { action: "CREATE", topic: "User", target: user!.publicId, after: { name, email: invite.email } },
        { action: "TRIGGER", topic: "InviteAcceptance", target: invite.publicId, after: { user: user!.publicId } },
      ]);
      return joined(invite, user!, await companyName(tx, invite.companyId));
    });
    return { ...answer, status: 201 };
  },

  "MyInviteFinish.POST": async (ctx) => {
    const me = normaliseEmail(userOf(ctx).email);
    return acceptAsMe(ctx, async (tx) => {
      const invite = await inviteByToken(tx, ctx.body?.token, ctx.now, true);
      // Another address's link is refused like an unknown one: the link says nothing more.
      if (invite.email !== me) throw linkInvalid();
      return invite;
    }, ctx.body?.termsOfUsePolicy);
  },

  "MyInviteList.GET": async (ctx) => {
    const rows = await ctx.db.select().from(invites)
      .where(and(eq(invites.email, normaliseEmail(userOf(ctx).email)), gt(invites.expiresAt, new Date(ctx.now)))).orderBy(asc(invites.createdAt));
    const roleRows = rows.length === 0 ? [] : await ctx.db.select({ id: roles.id, publicId: roles.publicId, name: roles.name }).from(roles).where(inArray(roles.id, rows.map((r) => r.roleId)));
    const data = [];
    for (const r of rows) {
      const role = roleRows.find((x) => x.id === r.roleId);
      const terms = await companyTerms(ctx.db, r.companyId);
      data.push({
        publicId: r.publicId, company: await companyName(ctx.db, r.companyId), role: role ? { publicId: role.publicId, name: role.name } : null,
        expiresOn: r.expiresAt.toISOString(), termsOfUse: terms ? { publicId: terms.publicId, body: terms.body } : null,
      });
    }
    return { type: "MyInvite", data };
  },

  "MyInvite.DELETE": async (ctx) => {
    const publicId = ctx.params["publicId"] ?? "";
    await ctx.db.transaction(async (tx) => {
      const invite = await myInvite(tx, ctx, publicId, true);
      await tx.delete(invites).where(eq(invites.id, invite.id));
      await writeAudit(tx, { ...actorOf(ctx), companyId: invite.companyId }, [{ action: "DELETE", topic: "InviteDecline", target: invite.publicId, before: { email: invite.email } }]);
    });
    return { type: "MyInvite", data: { publicId } };
  },

  "MyInviteAcceptance.POST": async (ctx) =>
    acceptAsMe(ctx, (tx) => myInvite(tx, ctx, ctx.params["publicId"] ?? "", true), ctx.body?.termsOfUsePolicy),
};
