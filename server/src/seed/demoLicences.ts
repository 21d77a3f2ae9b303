/**
 * Demo licences and apps (issue 12), so a person sees them after `npm start`: the licence types
 * and the app catalogue, the demo admin as platform administrator, bundles of the demo company
 * (and one of Acme), a running trial, a licence activation, a bundle on a device, coupons to
 * redeem (DEMO_COUPONS, named in the README) and an installed, configured app.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { ensureCatalogue } from "../apps/appCatalogue";
import type { Db } from "../db/Database";
import { agentActivations, agentBundles, agentTrials, agents, appInstalls, apps, coupons, licenceBundles, licenceTypes, users } from "../db/schema";
import { newPublicId } from "../ids";

const DAY = 86_400_000;

export const LICENCE_TYPES = [
  { key: "alarming", name: "Alarming", features: ["alarming"] as Array<"alarming" | "logging">, periodDays: 365 },
  { key: "logging", name: "Logging", features: ["logging"] as Array<"alarming" | "logging">, periodDays: 365 },
  { key: "alarming-logging", name: "Alarming and logging bundle", features: ["alarming", "logging"] as Array<"alarming" | "logging">, periodDays: 365 },
];

/** Single-use coupon codes of the demo: each works once (the README names them). */
export const DEMO_COUPONS = [
  { code: "DEMO-ALARM-30", feature: "alarming" as const, days: 30 },
  { code: "DEMO-LOG-90", feature: "logging" as const, days: 90 },
  { code: "DEMO-ALARM-7", feature: "alarming" as const, days: 7 },
];

/** The licence types and the app catalogue (insert or update by key). */
export async function ensureLicenceTypesAndApps(db: Db): Promise<void> {
  for (const t of LICENCE_TYPES) {
    await db.insert(licenceTypes).values({ publicId: newPublicId(), ...t })
      .onConflictDoUpdate({ target: licenceTypes.key, set: { name: t.name, features: t.features, periodDays: t.periodDays } });
  }
  await ensureCatalogue(db);
}

export async function seedDemoLicences(tx: Db, companies: { demo: number; acme: number }, adminEmail: string, now: number): Promise<void> {
  await ensureLicenceTypesAndApps(tx);
  await tx.update(users).set({ platformAdmin: true }).where(eq(users.email, adminEmail));
  const types = new Map((await tx.select().from(licenceTypes)).map((t) => [t.key, t.id]));
  const bundle = async (companyId: number, key: string, seats: number, days: number) => {
    const [row] = await tx.insert(licenceBundles).values({ publicId: newPublicId(), companyId, licenceTypeId: types.get(key)!, seats, expiresOn: new Date(now + days * DAY) }).returning();
    return row!;
  };
  const full = await bundle(companies.demo, "alarming-logging", 5, 200);
  await bundle(companies.demo, "alarming", 2, 20);
  await bundle(companies.acme, "logging", 3, 100);
  const demoAgents = await tx.select().from(agents).where(eq(agents.companyId, companies.demo)).orderBy(asc(agents.name));
  const [first, second] = demoAgents;
  if (first) {
    // A trial of alarming started 25 days ago: it runs out in 5 days.
    await tx.insert(agentTrials).values({ agentId: first.id, feature: "alarming", startedAt: new Date(now - 25 * DAY) });
    await tx.insert(agentActivations).values({ agentId: first.id, feature: "alarming", method: "trial", startsOn: new Date(now - 25 * DAY), expiresOn: new Date(now + 5 * DAY) });
  }
  if (second) {
    await tx.insert(agentActivations).values({ agentId: second.id, feature: "logging", method: "licence", bundleId: full.id, startsOn: new Date(now - 10 * DAY), expiresOn: full.expiresOn });
    await tx.insert(agentBundles).values({ agentId: second.id, bundleId: full.id, activatedAt: new Date(now - 10 * DAY) });
  }
  await tx.insert(coupons).values(DEMO_COUPONS.map((c) => ({ publicId: newPublicId(), ...c })));
  const [weather] = await tx.select().from(apps).where(inArray(apps.key, ["weather-overlay"]));
  if (weather) {
    await tx.insert(appInstalls).values({ companyId: companies.demo, appId: weather.id, config: { city: "Rotterdam", units: "metric", refreshMinutes: 15 }, installedAt: new Date(now) });
  }
}

