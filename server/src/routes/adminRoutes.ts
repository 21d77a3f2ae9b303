/**
 * Administrator-only tools (spec 2; issue 12): for platform administrators (users.platform_admin,
 * checked by registerRoutes from the endpoint's platformAdmin flag), across companies: the
 * companies' licence bundles, trial companies, coupons, resending a user's backup codes, and the
 * expiry of demo devices. Each write is one transaction with one audit entry (company: the one
 * concerned when there is exactly one).
 */
import { randomBytes } from "node:crypto";
import { asc, eq, inArray, isNotNull } from "drizzle-orm";
import { Result } from "effect";
import { Conflict, InvalidInput, NotFound } from "@portal/core/errors";
import { checkInstant, checkSeats, MAX_COUPON_DAYS } from "@portal/core/rules/licences";
import { normalizeEmail } from "@portal/core/rules/profile";
import { writeAudit } from "../audit/writeAudit";
import { agents, companies, coupons, licenceBundles, licenceTypes, users } from "../db/schema";
import { actorOf, type HandlersOf, type RequestContext } from "../http/RequestContext";
import { newPublicId } from "../ids";
import { enqueueMails } from "../mail/outbox";
import { bundlesOf, bundleView } from "../licences/licenceRows";
import type { LicenceBundle } from "@portal/core/domain/Licence";
import { itemPublicId } from "./bodies";
import { replaceBackupCodes } from "./myUserRoutes";
import { eachItem } from "./orderedTypeRoutes";
import { normalizeCouponCode } from "./licenceRoutes";

const orThrow = <A>(result: Result.Result<A, unknown>): A => {
  if (Result.isFailure(result)) throw result.failure;
  return result.success;
};
const itemsOf = <T>(body: T | ReadonlyArray<T>): { items: T[]; isList: boolean } =>
  Array.isArray(body) ? { items: [...(body as T[])], isList: true } : { items: [body as T], isList: false };
const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
const instantOrNull = (v: string | null | undefined, name: string): Date | null => (v === null || v === undefined ? null : new Date(orThrow(checkInstant(v, name))));
/** A field the wire leaves optional but the tool needs: REQUIRED on it when missing. */
const required = <T>(value: T | null | undefined, propertyName: string): T => {
  if (value === undefined || value === null) throw new InvalidInput({ issues: [{ message: "REQUIRED", propertyName }] });
  return value;
};
const actor = (ctx: RequestContext) => ({ ...actorOf(ctx), companyId: null });

export const adminRoutes: HandlersOf<"AdminLicenceBundleList" | "AdminCompanyTrialList" | "AdminCouponList" | "AdminBackupCodeResend" | "AdminDemoDeviceExpiryList"> = {
  "AdminLicenceBundleList.GET": async (ctx) => ({ type: "LicenceBundle", data: await bundlesOf(ctx.db, null), moreAfter: null }),
  "AdminLicenceBundleList.POST": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const made = await ctx.db.transaction(async (tx) => {
      const out: Array<{ publicId: string; company: string; type: string; seats: number; expiresOn: string }> = [];
      await eachItem(items, isList, async (b) => {
        const seats = orThrow(checkSeats(b.seats));
        const expiresOn = new Date(orThrow(checkInstant(b.expiresOn, "expiresOn")));
        const companyId = required(b.company, "company").publicId;
        const typeId = required(b.licenceType, "licenceType").publicId;
        const [company] = await tx.select().from(companies).where(eq(companies.publicId, companyId));
        if (!company) throw new NotFound({ entity: "Company", publicId: companyId });
        const [type] = await tx.select().from(licenceTypes).where(eq(licenceTypes.publicId, typeId));
        if (!type) throw new NotFound({ entity: "LicenceType", publicId: typeId });
        const publicId = newPublicId();
        await tx.insert(licenceBundles).values({ publicId, companyId: company.id, licenceTypeId: type.id, seats, expiresOn });
        out.push({ publicId, company: company.publicId, type: type.key, seats, expiresOn: expiresOn.toISOString() });
      });
      await writeAudit(tx, actor(ctx), [out.length === 1
        ? { action: "CREATE", topic: "LicenceBundle", target: out[0]!.publicId, after: out[0] }
        : { action: "CREATE", topic: "LicenceBundle", target: "platform", after: out }]);
      return out;
    });
    return { type: "LicenceBundle", data: made.map((m) => ({ publicId: m.publicId })), status: 201 };
  },
  "AdminLicenceBundleList.PATCH": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const views = await ctx.db.transaction(async (tx) => {
      const out: LicenceBundle[] = [];
      const changes: Array<{ publicId: string; before: unknown; after: unknown }> = [];
      await eachItem(items, isList, async (b) => {
        const publicId = required(b.publicId, "publicId");
        const [row] = await tx.select({ bundle: licenceBundles, type: licenceTypes }).from(licenceBundles)
          .innerJoin(licenceTypes, eq(licenceTypes.id, licenceBundles.licenceTypeId)).where(eq(licenceBundles.publicId, publicId)).for("update", { of: licenceBundles });
        if (!row) throw new NotFound({ entity: "LicenceBundle", publicId });
        const seats = b.seats === undefined ? row.bundle.seats : orThrow(checkSeats(b.seats));
        const expiresOn = b.expiresOn === undefined ? row.bundle.expiresOn : new Date(orThrow(checkInstant(b.expiresOn, "expiresOn")));
        await tx.update(licenceBundles).set({ seats, expiresOn }).where(eq(licenceBundles.id, row.bundle.id));
        changes.push({ publicId, before: { seats: row.bundle.seats, expiresOn: row.bundle.expiresOn.toISOString() }, after: { seats, expiresOn: expiresOn.toISOString() } });
        out.push(await bundleView(tx, { ...row.bundle, seats, expiresOn }, row.type));
      });
      await writeAudit(tx, actor(ctx), [changes.length === 1
        ? { action: "UPDATE", topic: "LicenceBundle", target: changes[0]!.publicId, before: changes[0]!.before, after: changes[0]!.after }
        : { action: "UPDATE", topic: "LicenceBundle", target: "platform", before: changes.map((c) => c.before), after: changes.map((c) => c.after) }]);
      return out;
    });
    return { type: "LicenceBundle", data: views };
  },
  "AdminLicenceBundleList.DELETE": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const gone = await ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      await eachItem(items, isList, async (b, i) => {
        const publicId = itemPublicId(b, isList ? i : undefined);
        const removed = await tx.delete(licenceBundles).where(eq(licenceBundles.publicId, publicId)).returning({ publicId: licenceBundles.publicId });
        if (removed.length === 0) throw new NotFound({ entity: "LicenceBundle", publicId });
        out.push(publicId);
      });
      await writeAudit(tx, actor(ctx), [{ action: "DELETE", topic: "LicenceBundle", target: out.length === 1 ? out[0]! : "platform", before: out }]);
      return out;
    });
    return { type: "LicenceBundle", data: gone.map((publicId) => ({ publicId })) };
  },
  "AdminCompanyTrialList.GET": async (ctx) => {
    const rows = await ctx.db.select().from(companies).orderBy(asc(companies.name));
    return { type: "CompanyTrial", data: rows.map((c) => ({ publicId: c.publicId, name: c.name, trialEndsOn: iso(c.trialEndsOn) })), moreAfter: null };
  },
  "AdminCompanyTrialList.PATCH": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const out = await ctx.db.transaction(async (tx) => {
      const views: Array<{ publicId: string; name: string; trialEndsOn: string | null; before: string | null }> = [];
      await eachItem(items, isList, async (b) => {
        const publicId = required(b.publicId, "publicId");
        const trialEndsOn = instantOrNull(b.trialEndsOn === undefined ? required(b.trialEndsOn, "trialEndsOn") : b.trialEndsOn, "trialEndsOn");
        const [before] = await tx.select().from(companies).where(eq(companies.publicId, publicId)).for("update");
        if (!before) throw new NotFound({ entity: "Company", publicId });
        await tx.update(companies).set({ trialEndsOn }).where(eq(companies.id, before.id));
        views.push({ publicId: before.publicId, name: before.name, trialEndsOn: iso(trialEndsOn), before: iso(before.trialEndsOn) });
      });
      await writeAudit(tx, actor(ctx), [views.length === 1
        ? { action: "UPDATE", topic: "CompanyTrial", target: views[0]!.publicId, before: { trialEndsOn: views[0]!.before }, after: { trialEndsOn: views[0]!.trialEndsOn } }
        : { action: "UPDATE", topic: "CompanyTrial", target: "platform", after: views.map((v) => ({ publicId: v.publicId, trialEndsOn: v.trialEndsOn })) }]);
      return views;
    });
    return { type: "CompanyTrial", data: out.map(({ before: _, ...v }) => v) };
  },
  "AdminCouponList.GET": async (ctx) => {
    const rows = await ctx.db.select().from(coupons).orderBy(asc(coupons.id));
    return { type: "Coupon", data: rows.map((c) => ({ publicId: c.publicId, code: c.code, feature: c.feature, days: c.days, redeemedOn: iso(c.redeemedAt) })), moreAfter: null };
  },
  "AdminCouponList.POST": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const made = await ctx.db.transaction(async (tx) => {
      const out: Array<{ publicId: string; code: string; feature: "alarming" | "logging"; days: number; redeemedOn: null }> = [];
      await eachItem(items, isList, async (b) => {
        const feature = required(b.feature, "feature");
        const days = required(b.days, "days");
        if (!Number.isInteger(days) || days < 1 || days > MAX_COUPON_DAYS) throw new InvalidInput({ issues: [{ message: "Must be a whole number of days from 1 to 3650", propertyName: "days" }] });
        const code = normalizeCouponCode(b.code ?? `CPN-${randomBytes(5).toString("hex").toUpperCase()}`);
        if (!/^[A-Z0-9-]{4,40}$/.test(code)) throw new InvalidInput({ issues: [{ message: "Use 4 to 40 letters, digits or hyphens", propertyName: "code" }] });
        const [row] = await tx.insert(coupons).values({ publicId: newPublicId(), code, feature, days }).onConflictDoNothing().returning();
        if (!row) throw new Conflict({ issues: [{ message: "A coupon with this code exists", propertyName: "code" }] });
        out.push({ publicId: row.publicId, code, feature, days, redeemedOn: null });
      });
      await writeAudit(tx, actor(ctx), [{ action: "CREATE", topic: "Coupon", target: out.length === 1 ? out[0]!.publicId : "platform", after: out.map((c) => ({ code: c.code, feature: c.feature, days: c.days })) }]);
      return out;
    });
    return { type: "Coupon", data: made, status: 201 };
  },
  "AdminBackupCodeResend.POST": async (ctx) => {
    await ctx.db.transaction(async (tx) => {
      // By e-mail address (what a user tells support) or by publicId; an unknown one is a 404 either way.
      const email = ctx.body.email?.trim();
      const key = email ? normalizeEmail(email) : required(ctx.body.user, "user").publicId;
      const [user] = await tx.select().from(users).where(email ? eq(users.email, key) : eq(users.publicId, key));
      if (!user) throw new NotFound({ entity: "User", publicId: key });
      if (!user.totpEnabled) throw new Conflict({ issues: [{ message: "This user has no two-factor authentication, so no backup codes", propertyName: "user.publicId" }] });
      const codes = await replaceBackupCodes(tx, user.id);
      await enqueueMails(tx, ctx.deps.mail, null, [{
        to: user.email, subject: "Your new backup codes",
        text: `An administrator replaced your two-factor backup codes. Your earlier codes no longer work.\n\n${codes.join("\n")}\n\nEach code works once.`,
      }], new Date(ctx.now));
      await writeAudit(tx, actor(ctx), [{ action: "TRIGGER", topic: "TwoFactorBackupCodes", target: user.publicId }]);
    });
    return { type: "BackupCodeResend", data: { sent: true } };
  },
  "AdminDemoDeviceExpiryList.GET": async (ctx) => {
    const rows = await ctx.db.select({ agent: agents, company: { publicId: companies.publicId, name: companies.name } }).from(agents)
      .innerJoin(companies, eq(companies.id, agents.companyId)).where(isNotNull(agents.demoExpiresOn)).orderBy(asc(agents.demoExpiresOn));
    return { type: "DemoDeviceExpiry", data: rows.map((r) => ({ publicId: r.agent.publicId, name: r.agent.name, company: r.company, demoExpiresOn: iso(r.agent.demoExpiresOn) })), moreAfter: null };
  },
  "AdminDemoDeviceExpiryList.PATCH": async (ctx) => {
    const { items, isList } = itemsOf(ctx.body);
    const out = await ctx.db.transaction(async (tx) => {
      const ids: number[] = [];
      const changes: Array<{ publicId: string; before: string | null; after: string | null }> = [];
      await eachItem(items, isList, async (b) => {
        const publicId = required(b.publicId, "publicId");
        const demoExpiresOn = instantOrNull(b.demoExpiresOn === undefined ? required(b.demoExpiresOn, "demoExpiresOn") : b.demoExpiresOn, "demoExpiresOn");
        const [agent] = await tx.select().from(agents).where(eq(agents.publicId, publicId)).for("update");
        if (!agent) throw new NotFound({ entity: "Agent", publicId });
        await tx.update(agents).set({ demoExpiresOn }).where(eq(agents.id, agent.id));
        ids.push(agent.id);
        changes.push({ publicId: agent.publicId, before: iso(agent.demoExpiresOn), after: iso(demoExpiresOn) });
      });
      await writeAudit(tx, actor(ctx), [changes.length === 1
        ? { action: "UPDATE", topic: "DemoDeviceExpiry", target: changes[0]!.publicId, before: { demoExpiresOn: changes[0]!.before }, after: { demoExpiresOn: changes[0]!.after } }
        : { action: "UPDATE", topic: "DemoDeviceExpiry", target: "platform", after: changes }]);
      const rows = await tx.select({ agent: agents, company: { publicId: companies.publicId, name: companies.name } }).from(agents)
        .innerJoin(companies, eq(companies.id, agents.companyId)).where(inArray(agents.id, ids));
      return rows.map((r) => ({ publicId: r.agent.publicId, name: r.agent.name, company: r.company, demoExpiresOn: iso(r.agent.demoExpiresOn) }));
    });
    return { type: "DemoDeviceExpiry", data: out };
  },
};

