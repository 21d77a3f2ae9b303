/**
 * The first administrator on a PostgreSQL server (where demo users are never created): from the
 * CLI or PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD. Creates the user unless the email exists,
 * and, when the database has no company yet, a first sector and company; then makes the user an
 * administrator (every right) of the oldest company. Running it again changes nothing.
 */
import { and, asc, eq } from "drizzle-orm";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { hashPassword } from "../auth/secrets";
import type { Db } from "../db/Database";
import { companies, memberships, roles, sectors, termsOfUsePolicies, users } from "../db/schema";
import { newPublicId } from "../ids";
import { ensureLicenceTypesAndApps } from "./demoLicences";

export interface AdministratorInput {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  /** Name of the first company when none exists. */
  readonly companyName?: string;
}

export async function createAdministrator(db: Db, input: AdministratorInput): Promise<{ userPublicId: string; companyPublicId: string }> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`Not an email address: ${input.email}`);
  if (input.password.length < 8) throw new Error("The administrator password needs at least 8 characters");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.email, email));
    user ??= (await tx.insert(users).values({ publicId: newPublicId(), name: input.name ?? email, email, passwordHash }).returning())[0]!;
    let [company] = await tx.select().from(companies).orderBy(asc(companies.id)).limit(1);
    if (!company) {
      const [sector] = await tx.insert(sectors).values({ publicId: newPublicId(), name: "Default sector" }).returning();
      await tx.insert(termsOfUsePolicies).values({ publicId: newPublicId(), sectorId: sector!.id, body: "<h1>Terms of use</h1>" });
      [company] = await tx.insert(companies).values({ publicId: newPublicId(), name: input.companyName ?? "Portal", sectorId: sector!.id }).returning();
    }
    let [role] = await tx.select().from(roles).where(and(eq(roles.companyId, company!.id), eq(roles.name, "Administrator")));
    role ??= (await tx.insert(roles).values({ publicId: newPublicId(), companyId: company!.id, name: "Administrator", rights: [...ALL_RIGHTS] }).returning())[0]!;
    await tx.insert(memberships).values({ publicId: newPublicId(), userId: user.id, companyId: company!.id, roleId: role.id }).onConflictDoNothing();
    // The first administrator is also the platform administrator (issue 12), with the licence types and apps to manage.
    await tx.update(users).set({ platformAdmin: true }).where(eq(users.id, user.id));
    await ensureLicenceTypesAndApps(tx);
    return { userPublicId: user.publicId, companyPublicId: company!.publicId };
  });
}
