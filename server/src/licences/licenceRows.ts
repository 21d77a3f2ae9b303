/**
 * Reading licences as stored (issue 12): a bundle's facts for core's rules (seats used, features,
 * expiry), the wire views, a device's licence state, and the members told of licence changes.
 * The rules are core's (rules/licences.ts).
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AgentLicenceState, LicenceBundle } from "@portal/core/domain/Licence";
import { isActive, type BundleFacts } from "@portal/core/rules/licences";
import { rowsOf, type Db } from "../db/Database";
import { agentActivations, agentBundles, agentTrials, agents, companies, licenceBundles, licenceTypes } from "../db/schema";

export type BundleRow = typeof licenceBundles.$inferSelect;
export type LicenceTypeRow = typeof licenceTypes.$inferSelect;
type AgentRow = typeof agents.$inferSelect;

/** Seats a bundle has given out: devices holding it plus licence activations taking a seat of it. */
export async function seatsUsed(db: Db, bundleId: number): Promise<number> {
  const [a] = await db.select({ n: count() }).from(agentBundles).where(eq(agentBundles.bundleId, bundleId));
  const [b] = await db.select({ n: count() }).from(agentActivations).where(eq(agentActivations.bundleId, bundleId));
  return Number(a?.n ?? 0) + Number(b?.n ?? 0);
}

/** The bundle (with its type) of the company with this publicId, locked for the transaction; undefined when none. */
export async function lockedBundle(tx: Db, companyId: number, publicId: string): Promise<{ bundle: BundleRow; type: LicenceTypeRow } | undefined> {
  const [row] = await tx.select({ bundle: licenceBundles, type: licenceTypes }).from(licenceBundles)
    .innerJoin(licenceTypes, eq(licenceTypes.id, licenceBundles.licenceTypeId))
    .where(and(eq(licenceBundles.publicId, publicId), eq(licenceBundles.companyId, companyId))).for("update", { of: licenceBundles });
  return row;
}

/** Core's view of a bundle. */
export const bundleFacts = async (db: Db, bundle: BundleRow, type: LicenceTypeRow): Promise<BundleFacts> =>
  ({ features: type.features, seats: bundle.seats, seatsUsed: await seatsUsed(db, bundle.id), expiresOn: bundle.expiresOn.getTime() });

/** The wire view of a bundle; with `company` for the platform administrator's list. */
export async function bundleView(db: Db, bundle: BundleRow, type: LicenceTypeRow, company?: { publicId: string; name: string }): Promise<LicenceBundle> {
  return {
    publicId: bundle.publicId, licenceType: { publicId: type.publicId, name: type.name, features: type.features },
    seats: bundle.seats, seatsUsed: await seatsUsed(db, bundle.id), expiresOn: bundle.expiresOn.toISOString(),
    ...(company ? { company } : {}),
  };
}

/** Every bundle of a company (or of every company when null), oldest first, as the wire shows them. */
export async function bundlesOf(db: Db, companyId: number | null): Promise<LicenceBundle[]> {
  const rows = await db.select({ bundle: licenceBundles, type: licenceTypes, company: { publicId: companies.publicId, name: companies.name } })
    .from(licenceBundles).innerJoin(licenceTypes, eq(licenceTypes.id, licenceBundles.licenceTypeId)).innerJoin(companies, eq(companies.id, licenceBundles.companyId))
    .where(companyId === null ? undefined : eq(licenceBundles.companyId, companyId)).orderBy(asc(licenceBundles.id));
  return Promise.all(rows.map((r) => bundleView(db, r.bundle, r.type, companyId === null ? r.company : undefined)));
}

/** A device's licence state at `now`: activations (running or ended and kept), bundles, used trials. */
export async function agentLicenceState(db: Db, agent: AgentRow, now: number): Promise<AgentLicenceState> {
  const acts = await db.select({ a: agentActivations, bundlePublicId: licenceBundles.publicId, typeName: licenceTypes.name }).from(agentActivations)
    .leftJoin(licenceBundles, eq(licenceBundles.id, agentActivations.bundleId)).leftJoin(licenceTypes, eq(licenceTypes.id, licenceBundles.licenceTypeId))
    .where(eq(agentActivations.agentId, agent.id)).orderBy(asc(agentActivations.feature));
  const bundles = await db.select({ publicId: licenceBundles.publicId, name: licenceTypes.name, expiresOn: licenceBundles.expiresOn }).from(agentBundles)
    .innerJoin(licenceBundles, eq(licenceBundles.id, agentBundles.bundleId)).innerJoin(licenceTypes, eq(licenceTypes.id, licenceBundles.licenceTypeId))
    .where(eq(agentBundles.agentId, agent.id)).orderBy(asc(licenceBundles.id));
  const trials = await db.select({ feature: agentTrials.feature }).from(agentTrials).where(eq(agentTrials.agentId, agent.id)).orderBy(asc(agentTrials.feature));
  return {
    publicId: agent.publicId, name: agent.name,
    activations: acts.map(({ a, bundlePublicId, typeName }) => ({
      feature: a.feature, method: a.method, startsOn: a.startsOn.toISOString(), expiresOn: a.expiresOn.toISOString(),
      licence: bundlePublicId ? { publicId: bundlePublicId, name: typeName ?? "" } : null, active: isActive(a.expiresOn.getTime(), now),
    })),
    bundles: bundles.map((b) => ({ publicId: b.publicId, name: b.name, expiresOn: b.expiresOn.toISOString(), active: isActive(b.expiresOn.getTime(), now) })),
    trialsUsed: trials.map((t) => t.feature),
    demoExpiresOn: agent.demoExpiresOn?.toISOString() ?? null,
  };
}

/** The members of a company holding manage:licences now (who is told that an activation ended). */
export async function licenceManagers(db: Db, companyId: number, now: number): Promise<number[]> {
  const rows = rowsOf<{ user_id: number }>(await db.execute(sql`
    select distinct m.user_id from memberships m join roles r on r.id = m.role_id
    where m.company_id = ${companyId} and (m.expires_on is null or m.expires_on > ${new Date(now).toISOString()}::timestamptz)
      and r.rights @> '["manage:licences"]'::jsonb`));
  return rows.map((r) => Number(r.user_id));
}
