/**
 * Demo data for the expiring-access notice (issue 11), loaded with the demo by `npm start`: Otto
 * Acme (acme-admin@example.com) gets temporary access to Demo Holding that ends in 20 days, so
 * the server's first check writes him "Your access to Demo Holding ends on ..." in his messages.
 * Kept out of the shared demo data (fixtures) so that the tests built on it see no extra member.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/Database";
import { companies, memberships, roles, users } from "../db/schema";
import { newPublicId } from "../ids";

export const DEMO_TEMPORARY_ACCESS_DAYS = 20;

export async function seedDemoExpiringAccess(db: Db, now: number): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "acme-admin@example.com"));
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Demo Holding"));
  if (!user || !company) return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, company.id), eq(roles.name, "Administrator")));
  if (!role) return;
  await db.insert(memberships).values({
    publicId: newPublicId(), userId: user.id, companyId: company.id, roleId: role.id,
    expiresOn: new Date(now + DEMO_TEMPORARY_ACCESS_DAYS * 86_400_000),
  }).onConflictDoNothing();
}
