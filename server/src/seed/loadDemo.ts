/**
 * Writes the demo data set of fixtures/src/demo into an empty database, in one transaction.
 * Used by `npm start` on the embedded database and by the test helper; never on DATABASE_URL.
 */
import { sql } from "drizzle-orm";
import { foldForSearch } from "@portal/core/rules/approvers";
import { reorder } from "@portal/core/rules/ordering";
import { ORDER_STEP } from "@portal/core/constants";
import { DEMO_PASSWORD, demoData, type DemoData } from "@portal/fixtures/demo/demoData";
import { hashPassword } from "../auth/secrets";
import type { Db } from "../db/Database";
import {
  agentGroups, agentServers, agents, assetTypes, assets, audiences, brandings, companies, groupMemberships, groupTypes, groups, memberships, menuItems, mqttBrokers,
  privacyStatements, resourceVariants, roles, sectors, termsAcceptances, termsOfUsePolicies, translations, users,
} from "../db/schema";
import { newPublicId } from "../ids";
import { loadSharp } from "../branding/loadSharp";
import { storeImage } from "../branding/brandingImages";
import { loadDemoPages } from "./demoPages";
import { seedDemoLicences } from "./demoLicences";
import { seedDemoPlatform } from "./demoPlatform";

/** Whether the database holds no users and no companies yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`(select count(*) from ${users}) + (select count(*) from ${companies})` }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0) === 0;
}

/** Loads the demo data. Returns the publicIds by key, which tests use to address the demo. */
export async function loadDemo(db: Db, data: DemoData = demoData, password = DEMO_PASSWORD) {
  // Each user gets a hash of their own (own salt), as any real user would: one shared hash would
  // tell whoever reads the table that these accounts share a password. Hashed before the
  // transaction, in parallel (scrypt runs in the thread pool).
  const passwordHashes = new Map(await Promise.all(data.users.map(async (u) => [u.key, await hashPassword(password)] as const)));
  return db.transaction(async (tx) => {
    const brandingIds = new Map<string, number>();
    for (const b of data.brandings) {
      const logo = b.logoSvg === undefined ? null : await storeImage(tx, null, await (await loadSharp())(Buffer.from(b.logoSvg)).png().toBuffer());
      const [row] = await tx.insert(brandings).values({
        publicId: newPublicId(), name: b.name, theme: b.theme, fqdn: b.fqdn, appleTouchIcon: b.appleTouchIcon, logo,
        custom: { glbBrowserTitle: b.browserTitle, ...(b.primaryColor === undefined ? {} : { glbPrimaryColor: b.primaryColor }) },
      }).returning({ id: brandings.id });
      brandingIds.set(b.key, row!.id);
    }
    const [sector] = await tx.insert(sectors).values({
      publicId: newPublicId(), name: data.sector.name, brandingId: brandingIds.get(data.sector.branding) ?? null,
      custom: { glbVpnClientReleaseNotesUrl: data.sector.vpnClientReleaseNotesUrl, glbSupportedPlatforms: [...data.sector.supportedPlatforms] },
      selfSignUp: data.sector.selfSignUp,
    }).returning({ id: sectors.id });
    const policyIds: number[] = [];
    for (const [i, body] of data.sector.termsOfUse.entries()) {
      const languages = i === data.sector.termsOfUse.length - 1 ? { ...data.sector.termsOfUseLanguages } : {};
      const [policy] = await tx.insert(termsOfUsePolicies).values({ publicId: newPublicId(), sectorId: sector!.id, body, languages }).returning({ id: termsOfUsePolicies.id });
      policyIds.push(policy!.id);
    }
    await tx.insert(privacyStatements).values({
      publicId: newPublicId(), sectorId: sector!.id, body: data.sector.privacyStatement.body, languages: { ...data.sector.privacyStatement.languages },
    });
    const userIds = new Map<string, { id: number; publicId: string }>();
    for (const u of data.users) {
      const [row] = await tx.insert(users).values({ publicId: newPublicId(), name: u.name, email: u.email.toLowerCase(), passwordHash: passwordHashes.get(u.key)! })
        .returning({ id: users.id, publicId: users.publicId });
      userIds.set(u.key, row!);
      // The demo users have accepted the latest sector terms: the terms alert shows only after a new version.
      const latestPolicy = policyIds.at(-1);
      if (latestPolicy !== undefined) await tx.insert(termsAcceptances).values({ userId: row!.id, policyId: latestPolicy });
    }
    const companyIds = new Map<string, { id: number; publicId: string }>();
    /** One publicId per remote server name, shared by the agents connected to it. */
    const rscIds = new Map<string, string>();
    for (const c of data.companies) {
      const [company] = await tx.insert(companies).values({
        publicId: newPublicId(), name: c.name, sectorId: sector!.id,
        parentId: c.parent ? companyIds.get(c.parent)?.id ?? null : null,
        brandingId: c.branding ? brandingIds.get(c.branding) ?? null : null,
      }).returning({ id: companies.id, publicId: companies.publicId });
      companyIds.set(c.key, company!);
      const companyId = company!.id;
      const roleIds = new Map<string, number>();
      for (const r of c.roles) {
        const [row] = await tx.insert(roles).values({ publicId: newPublicId(), companyId, name: r.name, rights: [...r.rights] }).returning({ id: roles.id });
        roleIds.set(r.key, row!.id);
      }
      for (const [userKey, roleKeys] of Object.entries(c.members)) {
        for (const roleKey of roleKeys) {
          await tx.insert(memberships).values({ publicId: newPublicId(), companyId, userId: userIds.get(userKey)!.id, roleId: roleIds.get(roleKey)! });
        }
      }
      const groupTypeIds = new Map<string, number>();
      for (const g of reorder(c.groupTypes)) {
        const [row] = await tx.insert(groupTypes).values({ publicId: newPublicId(), companyId, name: g.name, color: g.color, order: g.order }).returning({ id: groupTypes.id });
        groupTypeIds.set(g.name, row!.id);
      }
      const groupIds = new Map<string, number>();
      for (const g of c.groups) {
        const [row] = await tx.insert(groups).values({ publicId: newPublicId(), companyId, name: g.name, groupTypeId: groupTypeIds.get(g.groupType)! }).returning({ id: groups.id });
        groupIds.set(g.name, row!.id);
      }
      for (const m of c.groupMembers) {
        await tx.insert(groupMemberships).values({ publicId: newPublicId(), userId: userIds.get(m.user)!.id, groupId: groupIds.get(m.group)!, roleId: roleIds.get(m.role)! });
      }
      const assetTypeIds = new Map<string, number>();
      for (const a of reorder(c.assetTypes)) {
        const [row] = await tx.insert(assetTypes).values({ publicId: newPublicId(), companyId, name: a.name, order: a.order }).returning({ id: assetTypes.id });
        assetTypeIds.set(a.name, row!.id);
      }
      for (const v of c.resourceVariants) {
        await tx.insert(resourceVariants).values({ publicId: newPublicId(), companyId, name: v.name, assetTypeId: assetTypeIds.get(v.assetType)! });
      }
      if (c.translations.length > 0) {
        await tx.insert(translations).values(c.translations.map((t) => ({ publicId: newPublicId(), companyId, key: t.key, languages: { ...t.languages } })));
      }
      for (const [i, m] of (c.menuItems ?? []).entries()) {
        await tx.insert(menuItems).values({ publicId: newPublicId(), companyId, label: m.label, url: m.url, order: i * ORDER_STEP });
      }
      for (const b of c.mqttBrokers ?? []) {
        await tx.insert(mqttBrokers).values({ publicId: newPublicId(), companyId, name: b.name, host: b.host, port: b.port, topics: [...b.topics] });
      }
      const audienceIds = new Map<string, number>();
      for (const a of c.audiences ?? []) {
        const [row] = await tx.insert(audiences).values({ publicId: newPublicId(), companyId, name: a.name, isDefault: a.default }).returning({ id: audiences.id });
        audienceIds.set(a.name, row!.id);
      }
      for (const a of c.agents) {
        const [agent] = await tx.insert(agents).values({
          audienceId: a.audience === undefined ? null : audienceIds.get(a.audience)!,
          publicId: newPublicId(), companyId, name: a.name, searchName: foldForSearch(a.name), vpnRequireAccessApproval: a.vpnRequireAccessApproval,
          rscServerName: a.session?.rscServer ?? null, rscServerPublicId: a.session ? rscIds.get(a.session.rscServer) ?? rscIds.set(a.session.rscServer, newPublicId()).get(a.session.rscServer)! : null,
          vpnAddress: a.session?.vpnAddress ?? null, useStunnel: a.useStunnel,
          rateLimit: a.rateLimiting?.limit ?? null, rateCounter: a.rateLimiting?.counter ?? 0,
          rateLastHit: a.rateLimiting?.lastHit ? new Date(a.rateLimiting.lastHit) : null,
        }).returning({ id: agents.id });
        for (const s of a.servers) {
          await tx.insert(agentServers).values({ publicId: newPublicId(), agentId: agent!.id, name: s.name, serviceGroup: s.serviceGroup, requireAccessApproval: s.requireAccessApproval });
        }
        for (const g of a.groups) await tx.insert(agentGroups).values({ agentId: agent!.id, groupId: groupIds.get(g)! });
        for (const x of a.assets) {
          await tx.insert(assets).values({
            publicId: newPublicId(), companyId, agentId: agent!.id, name: x.name, assetTypeId: x.assetType === null ? null : assetTypeIds.get(x.assetType)!,
          });
        }
      }
      await loadDemoPages(tx, companyId, c.pages ?? []);
    }
    const demoCompany = companyIds.get("demo");
    const acmeCompany = companyIds.get("acme");
    const adminUser = data.users.find((u) => u.key === "admin");
    if (demoCompany && acmeCompany && adminUser) await seedDemoLicences(tx, { demo: demoCompany.id, acme: acmeCompany.id }, adminUser.email.toLowerCase(), Date.now());
    if (demoCompany && acmeCompany) await seedDemoPlatform(tx, { demo: demoCompany, acme: acmeCompany }, Date.now());
    return {
      users: Object.fromEntries([...userIds].map(([k, v]) => [k, v.publicId])),
      companies: Object.fromEntries([...companyIds].map(([k, v]) => [k, v.publicId])),
    } as DemoIds;
  });
}

/** publicIds of the demo users and companies, by their demo keys (admin, demo, acme, …). */
export interface DemoIds {
  readonly users: Readonly<Record<string, string>>;
  readonly companies: Readonly<Record<string, string>>;
}
