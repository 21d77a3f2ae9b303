/**
 * A sign-in that overlaps a password reset ends with the reset (spec: whoever knew the old
 * password is signed out everywhere). The password is checked outside the token's transaction
 * (scrypt is slow), so a reset that commits in between used to leave the new token working: its
 * delete of the user's tokens could not see a token not yet written. Driven on PostgreSQL, where
 * a second connection holds the reset's transaction open across the sign-in.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/secrets";
import { users } from "../src/db/schema";
import { availableBackends, createTestApp, type TestApp } from "./testDatabase";

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}::${password}`).toString("base64")}`;
const postgres = (await availableBackends()).includes("postgres");

describe.runIf(postgres)("a sign-in overlapping a password reset on postgres", () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    other = new pg.Client({ connectionString: t.url! });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  it("gets no working token when the reset commits between its password check and its token", async () => {
    const email = "engineer@example.com";
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const newHash = await hashPassword("A-new-Passw0rd-after-reset");
    // The reset, as PasswordReset.POST writes it, held open on another connection.
    await other.query("begin");
    await other.query("update users set password_hash = $1 where id = $2", [newHash, user!.id]);
    await other.query("delete from access_tokens where user_id = $1", [user!.id]);
    // The sign-in reads the committed (old) password and passes its check meanwhile.
    const signingIn = t.app.inject({
      method: "POST", url: "/api/access-tokens", payload: { expiresIn: 3600 },
      headers: { "api-version": "2", "content-type": "application/json", authorization: basic(email, "portal-demo") },
    });
    await new Promise((r) => setTimeout(r, 500));
    await other.query("commit");
    const res = await signingIn;
    if (res.statusCode === 201) {
      // Without the re-check the token was written beside the uncommitted reset and outlived it.
      const secret = (res.json() as { data: { secretId: string } }).data.secretId;
      const me = await t.app.inject({ method: "GET", url: "/api/my-user", headers: { "api-version": "2", authorization: `Bearer ${secret}` } });
      expect(me.statusCode, "a token issued across the reset still works").toBe(401);
    }
    expect(res.statusCode).toBe(401);
  });
});
