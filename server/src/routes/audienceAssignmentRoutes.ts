/**
 * Who carries which access category (issue 11): a member (all their memberships in the company)
 * and a device. Reading and changing one is for administrators (manage:roles; reading a member's
 * also for invite:user); the category must be the company's (core's chooseAudience). Each change
 * is one transaction, with the company row locked (so a category cannot be deleted while it is
 * being given), an audit entry (before and after), and the member told to reload their rights,
 * since what they see changes (core's seesDevice decides it on every device call).
 */
import { and, eq } from "drizzle-orm";
import { Result } from "effect";
import type { AudienceAssignment } from "@portal/core/domain/Audience";
import { NotFound } from "@portal/core/errors";
import { chooseAudience } from "@portal/core/rules/accessCategories";
import { RIGHTS_CHANGED_EVENT, type RightsChangedEvent } from "@portal/core/wire/events";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agents, audiences, memberships, users } from "../db/schema";
import { findAgent } from "../devices/deviceAccess";
import { EventHub } from "../events/EventHub";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { noticeMemberChanged } from "../relay/relayContext";
import { publishRightsChanged } from "../roles/companyMembers";
import { activeMembership, lockCompany } from "../users/members";

type Ref = { publicId: string; name: string } | null;

/** The category with id `id` of the company as a wire reference (null for none). */
async function audienceRef(db: Db, id: number | null): Promise<Ref> {
  if (id === null) return null;
  const [row] = await db.select({ publicId: audiences.publicId, name: audiences.name }).from(audiences).where(eq(audiences.id, id));
  return row ?? null;
}

/** The member (user publicId) of the caller's company now, with the category of their first membership. */
async function memberOf(db: Db, ctx: RequestContext, publicId: string): Promise<{ userId: number; publicId: string; audienceId: number | null }> {
  const [row] = await db.select({ userId: users.id, publicId: users.publicId, audienceId: memberships.audienceId }).from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyOf(ctx).id), eq(users.publicId, publicId), activeMembership(ctx.now)))
    .orderBy(memberships.id).limit(1);
  if (!row) throw new NotFound({ entity: "User", publicId });
  return row;
}

/** The company's category the body names (or null), judged by core's chooseAudience. */
async function chosen(tx: Db, ctx: RequestContext, wanted: { readonly publicId: string } | null): Promise<{ id: number; publicId: string; name: string } | null> {
  const available = wanted === null ? [] : await tx.select({ id: audiences.id, publicId: audiences.publicId, name: audiences.name }).from(audiences)
    .where(and(eq(audiences.companyId, companyOf(ctx).id), eq(audiences.publicId, wanted.publicId)));
  const result = chooseAudience(wanted, available);
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
}

const assignment = (publicId: string, audience: Ref): AudienceAssignment => ({ publicId, audience });

export const audienceAssignmentRoutes: HandlersOf<"UserAudience" | "AgentAudience"> = {
  "UserAudience.GET": async (ctx) => {
    const member = await memberOf(ctx.db, ctx, ctx.params["publicId"] ?? "");
    return { type: "UserAudience", data: assignment(member.publicId, await audienceRef(ctx.db, member.audienceId)) };
  },

  "UserAudience.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const data = await ctx.db.transaction(async (tx) => {
      await lockCompany(tx, company.id);
      const member = await memberOf(tx, ctx, ctx.params["publicId"] ?? "");
      const audience = await chosen(tx, ctx, ctx.body.audience);
      const before = assignment(member.publicId, await audienceRef(tx, member.audienceId));
      await tx.update(memberships).set({ audienceId: audience?.id ?? null })
        .where(and(eq(memberships.companyId, company.id), eq(memberships.userId, member.userId)));
      const after = assignment(member.publicId, audience && { publicId: audience.publicId, name: audience.name });
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "UserAudience", target: member.publicId, before, after }]);
      const event: RightsChangedEvent = { company: company.publicId };
      await EventHub.publishToAll(tx, [member.userId], RIGHTS_CHANGED_EVENT, event);
      // The devices the member sees changed: their live tunnels and data-point watches are checked again.
      await noticeMemberChanged(tx, member.userId, company.id);
      return after;
    });
    return { type: "UserAudience", data };
  },

  "AgentAudience.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"] ?? "");
    return { type: "AgentAudience", data: assignment(agent.publicId, await audienceRef(ctx.db, agent.audienceId)) };
  },

  "AgentAudience.PATCH": async (ctx) => {
    const company = companyOf(ctx);
    const data = await ctx.db.transaction(async (tx) => {
      await lockCompany(tx, company.id);
      const agent = await findAgent(ctx, tx, ctx.params["publicId"] ?? "");
      const audience = await chosen(tx, ctx, ctx.body.audience);
      const before = assignment(agent.publicId, await audienceRef(tx, agent.audienceId));
      await tx.update(agents).set({ audienceId: audience?.id ?? null }).where(eq(agents.id, agent.id));
      const after = assignment(agent.publicId, audience && { publicId: audience.publicId, name: audience.name });
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "AgentAudience", target: agent.publicId, before, after }]);
      // Who sees the device changed: every member's client reloads (their device lists follow).
      await publishRightsChanged(tx, company);
      return after;
    });
    return { type: "AgentAudience", data };
  },
};
