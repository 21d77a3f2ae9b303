/**
 * Licences of the selected company (issue 12; spec 7 "Agents, licences, apps"): licence types,
 * the company's bundles and their extension, a device's licence state, activating alarming and
 * logging by exactly one of trial, licence or coupon (core's validateActivationBatch and
 * judgeActivation), deactivation, and bundles activated on / removed from devices. A call is one
 * transaction with one audit entry. A coupon is used by exactly one redemption: the UPDATE that
 * sets redeemed_at only where it is still null decides, so of two parallel redemptions one wins
 * and the other gets 409 COUPON_NOT_VALID.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { Result } from "effect";
import type { ActivationBody, ActivationFeature } from "@portal/core/domain/Activation";
import type { AgentLicenceState } from "@portal/core/domain/Licence";
import { Conflict, NotFound } from "@portal/core/errors";
import { bundleDeactivationBody, validateActivationBatch } from "@portal/core/rules/activation";
import { validateBundleActivationBody } from "@portal/core/rules/licences";
import { extendedExpiry, FEATURE_NOT_ACTIVE, judgeActivation, judgeBundleActivation, COUPON_NOT_VALID, type ActivationFacts } from "@portal/core/rules/licences";
import { writeAudit, type AuditEntry } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { agentActivations, agentBundles, agentTrials, agents, coupons, licenceBundles, licenceTypes } from "../db/schema";
import { findAgent, visibleAgents, type AgentRow } from "../devices/deviceAccess";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { agentLicenceState, bundleFacts, bundlesOf, bundleView, lockedBundle } from "../licences/licenceRows";
import { oneByOne } from "./batchWork";
import { itemPublicId } from "./bodies";
import { eachItem } from "./orderedTypeRoutes";

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};

/** Coupon codes are matched without case and surrounding blanks. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

/** One audit entry for a call: the device itself when there is one, else the company with every change. */
const auditOnce = (ctx: RequestContext, action: AuditEntry["action"], topic: string, changes: ReadonlyArray<{ publicId: string; after?: unknown; before?: unknown }>): AuditEntry => {
  const one = changes.length === 1 ? changes[0]! : undefined;
  return one
    ? { action, topic, target: one.publicId, ...(one.before === undefined ? {} : { before: one.before }), ...(one.after === undefined ? {} : { after: one.after }) }
    : { action, topic, target: companyOf(ctx).publicId, after: changes.map((c) => ({ publicId: c.publicId, ...(c.after === undefined ? {} : { after: c.after }) })) };
};

/** The device, found as the caller may see it and locked: one device's licence changes run one at a time. */
async function lockedAgent(ctx: RequestContext, tx: Db, publicId: string): Promise<AgentRow> {
  const agent = await findAgent(ctx, tx, publicId);
  await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agent.id)).for("update");
  return agent;
}

/** Activates `feature` on one device as the body says; answers what the audit keeps. */
async function activateOne(ctx: RequestContext, tx: Db, feature: ActivationFeature, body: ActivationBody) {
  const agent = await lockedAgent(ctx, tx, body.publicId);
  const now = ctx.now;
  const [current] = await tx.select().from(agentActivations).where(and(eq(agentActivations.agentId, agent.id), eq(agentActivations.feature, feature)));
  const [trial] = await tx.select().from(agentTrials).where(and(eq(agentTrials.agentId, agent.id), eq(agentTrials.feature, feature)));
  let bundleId: number | null = null;
  let coupon: typeof coupons.$inferSelect | undefined;
  let method: ActivationFacts["method"];
  if (body.trial === true) {
    method = { kind: "trial" };
  } else if (body.licence) {
    const found = await lockedBundle(tx, companyOf(ctx).id, body.licence.publicId);
    if (!found) throw new NotFound({ entity: "LicenceBundle", publicId: body.licence.publicId });
    bundleId = found.bundle.id;
    method = { kind: "licence", bundle: await bundleFacts(tx, found.bundle, found.type) };
  } else {
    [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(body.couponCode ?? "")));
    method = { kind: "coupon", coupon: coupon ? { feature: coupon.feature, days: coupon.days, redeemed: coupon.redeemedAt !== null } : null };
  }
  const window = orThrow(judgeActivation({ feature, now, current: current ? { expiresOn: current.expiresOn.getTime() } : null, trialUsed: trial !== undefined, method }));
  if (coupon) {
    const won = await tx.update(coupons).set({ redeemedAt: new Date(now), agentId: agent.id })
      .where(and(eq(coupons.id, coupon.id), isNull(coupons.redeemedAt))).returning({ id: coupons.id });
    if (won.length === 0) throw new Conflict({ issues: [{ message: COUPON_NOT_VALID, propertyName: "couponCode" }] });
  }
  if (window.method === "trial") await tx.insert(agentTrials).values({ agentId: agent.id, feature, startedAt: new Date(now) });
  if (current) await tx.delete(agentActivations).where(eq(agentActivations.id, current.id));
  await tx.insert(agentActivations).values({
    agentId: agent.id, feature, method: window.method, bundleId, couponId: coupon?.id ?? null,
    startsOn: new Date(window.startsOn), expiresOn: new Date(window.expiresOn),
  });
  return { agent, audit: { publicId: agent.publicId, after: { feature, method: window.method, expiresOn: new Date(window.expiresOn).toISOString(), ...(body.licence ? { licence: body.licence.publicId } : {}) } } };
}

const activate = (feature: ActivationFeature) => async (ctx: RequestContext): Promise<{ type: string; data: AgentLicenceState[] }> => {
  const bodies = [...orThrow(validateActivationBatch(ctx.body))];
  const isList = Array.isArray(ctx.body);
  const states = await ctx.db.transaction(async (tx) => {
    const done: Array<Awaited<ReturnType<typeof activateOne>>> = [];
    await eachItem(bodies, isList, async (b) => { done.push(await activateOne(ctx, tx, feature, b)); });
    await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "CREATE", "AgentActivation", done.map((d) => d.audit))]);
    return oneByOne(done, (d) => agentLicenceState(tx, d.agent, ctx.now));
  });
  return { type: "AgentLicenceState", data: states };
};

const deactivate = (feature: ActivationFeature) => async (ctx: RequestContext): Promise<{ type: string; data: AgentLicenceState }> => {
  const state = await ctx.db.transaction(async (tx) => {
    const agent = await lockedAgent(ctx, tx, ctx.params["publicId"]!);
    const removed = await tx.delete(agentActivations).where(and(eq(agentActivations.agentId, agent.id), eq(agentActivations.feature, feature))).returning();
    const gone = removed[0];
    if (!gone) throw new Conflict({ issues: [{ message: FEATURE_NOT_ACTIVE, propertyName: "publicId" }] });
    await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "AgentActivation", target: agent.publicId, before: { feature, method: gone.method, expiresOn: gone.expiresOn.toISOString() } }]);
    return agentLicenceState(tx, agent, ctx.now);
  });
  return { type: "AgentLicenceState", data: state };
};

export const licenceRoutes: HandlersOf<
  "LicenceTypeList" | "LicenceBundleList" | "LicenceBundleExtension" | "AgentLicenceList" | "AgentLicences" | "AlarmingActivationList" | "LoggingActivationList"
  | "AgentAlarming" | "AgentLogging" | "AgentBundleActivationList" | "AgentLicenceBundleList"
> = {
  "LicenceTypeList.GET": async (ctx) => {
    const rows = await ctx.db.select().from(licenceTypes).orderBy(asc(licenceTypes.name));
    return { type: "LicenceType", data: rows.map((r) => ({ publicId: r.publicId, key: r.key, name: r.name, features: r.features, periodDays: r.periodDays })), moreAfter: null };
  },
  "LicenceBundleList.GET": async (ctx) => ({ type: "LicenceBundle", data: await bundlesOf(ctx.db, companyOf(ctx).id), moreAfter: null }),
  "LicenceBundleExtension.POST": async (ctx) => {
    const view = await ctx.db.transaction(async (tx) => {
      const found = await lockedBundle(tx, companyOf(ctx).id, ctx.params["publicId"]!);
      if (!found) throw new NotFound({ entity: "LicenceBundle", publicId: ctx.params["publicId"]! });
      const expiresOn = new Date(extendedExpiry(found.bundle.expiresOn.getTime(), ctx.now, found.type.periodDays));
      await tx.update(licenceBundles).set({ expiresOn }).where(eq(licenceBundles.id, found.bundle.id));
      // Licence activations run as long as their bundle, so they move with it (and may end again later).
      await tx.update(agentActivations).set({ expiresOn, endNotifiedAt: null }).where(eq(agentActivations.bundleId, found.bundle.id));
      await writeAudit(tx, actorOf(ctx), [{
        action: "UPDATE", topic: "LicenceBundle", target: found.bundle.publicId,
        before: { expiresOn: found.bundle.expiresOn.toISOString() }, after: { expiresOn: expiresOn.toISOString() },
      }]);
      return bundleView(tx, { ...found.bundle, expiresOn }, found.type);
    });
    return { type: "LicenceBundle", data: view };
  },
  "AgentLicenceList.GET": async (ctx) => {
    const seen = await visibleAgents(ctx, ctx.db);
    const rows = await ctx.db.select().from(agents).where(and(eq(agents.companyId, companyOf(ctx).id), ...seen)).orderBy(asc(agents.name), asc(agents.publicId));
    return { type: "AgentLicenceState", data: await Promise.all(rows.map((a) => agentLicenceState(ctx.db, a, ctx.now))), moreAfter: null };
  },
  "AgentLicences.GET": async (ctx) => {
    const agent = await findAgent(ctx, ctx.db, ctx.params["publicId"]!);
    return { type: "AgentLicenceState", data: await agentLicenceState(ctx.db, agent, ctx.now) };
  },
  "AlarmingActivationList.POST": activate("alarming"),
  "LoggingActivationList.POST": activate("logging"),
  "AgentAlarming.DELETE": deactivate("alarming"),
  "AgentLogging.DELETE": deactivate("logging"),
  "AgentBundleActivationList.POST": async (ctx) => {
    const bodies = Array.isArray(ctx.body) ? ctx.body : [ctx.body];
    const states = await ctx.db.transaction(async (tx) => {
      const done: Array<{ agent: AgentRow; publicId: string; after: unknown }> = [];
      await eachItem([...bodies], Array.isArray(ctx.body), async (b) => {
        const body = orThrow(validateBundleActivationBody(b));
        const agent = await lockedAgent(ctx, tx, body.publicId);
        const found = await lockedBundle(tx, companyOf(ctx).id, body.bundle.publicId);
        if (!found) throw new NotFound({ entity: "LicenceBundle", publicId: body.bundle.publicId });
        const [held] = await tx.select().from(agentBundles).where(and(eq(agentBundles.agentId, agent.id), eq(agentBundles.bundleId, found.bundle.id)));
        orThrow(judgeBundleActivation(await bundleFacts(tx, found.bundle, found.type), held !== undefined, ctx.now));
        await tx.insert(agentBundles).values({ agentId: agent.id, bundleId: found.bundle.id, activatedAt: new Date(ctx.now) });
        done.push({ agent, publicId: agent.publicId, after: { bundle: found.bundle.publicId } });
      });
      await writeAudit(tx, actorOf(ctx), [auditOnce(ctx, "CREATE", "AgentLicenceBundle", done)]);
      return oneByOne(new Map(done.map((d) => [d.agent.id, d.agent])).values(), (a) => agentLicenceState(tx, a, ctx.now));
    });
    return { type: "AgentLicenceState", data: states };
  },
  "AgentLicenceBundleList.DELETE": async (ctx) => {
    const isList = Array.isArray(ctx.body);
    const state = await ctx.db.transaction(async (tx) => {
      // The device first: another company's device is a 404 whatever the body says.
      const agent = await lockedAgent(ctx, tx, ctx.params["publicId"]!);
      const raw = (isList ? [...(ctx.body as ReadonlyArray<Record<string, unknown>>)] : [ctx.body as Record<string, unknown>]);
      const items = bundleDeactivationBody(raw.map((b, i) => itemPublicId(b, isList ? i : undefined)));
      const removed: string[] = [];
      await eachItem([...items], isList, async (b) => {
        const [bundle] = await tx.select({ id: licenceBundles.id }).from(licenceBundles)
          .where(and(eq(licenceBundles.publicId, b.publicId), eq(licenceBundles.companyId, companyOf(ctx).id)));
        const gone = bundle ? await tx.delete(agentBundles).where(and(eq(agentBundles.agentId, agent.id), eq(agentBundles.bundleId, bundle.id))).returning() : [];
        if (gone.length === 0) throw new NotFound({ entity: "LicenceBundle", publicId: b.publicId });
        removed.push(b.publicId);
      });
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "AgentLicenceBundle", target: agent.publicId, before: { bundles: removed } }]);
      return agentLicenceState(tx, agent, ctx.now);
    });
    return { type: "AgentLicenceState", data: state };
  },
};

