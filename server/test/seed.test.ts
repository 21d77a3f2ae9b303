/** Start-up: demo data only into an empty embedded database, kept across restarts; first administrator. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { buildApp } from "../src/buildApp";
import { createAdministrator } from "../src/seed/createAdministrator";
import { startServer } from "../src/startServer";
import { apiHeaders, availableBackends, createTestDatabase, signInAs } from "./testDatabase";

describe("startServer on a data directory", () => {
  const dir = mkdtempSync(join(tmpdir(), "portal-data-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads the demo data into an empty database once, and keeps data across restarts", async () => {
    const first = await startServer({ database: { kind: "pglite", dataDir: dir }, port: 0, host: "127.0.0.1", webDist: null });
    expect(first.demoLoaded).toBe(true);
    const res = await fetch(`${first.url}/api/health`);
    expect((await res.json()).data.status).toBe("ok");
    // The demo's temporary access (Otto Acme in Demo Holding, 20 days) gets its notice from the first check.
    const otto = await signInAs(first.app, "acme-admin@example.com");
    await expect.poll(async () => {
      const listed = await fetch(`${first.url}/api/my-messages`, { headers: { "api-version": "2", authorization: `Bearer ${otto}` } });
      return ((await listed.json()) as { data: Array<{ key: string; params: Record<string, string> }> }).data;
    }, { timeout: 10_000 }).toEqual([expect.objectContaining({ key: "YOUR_ACCESS_TO_COMPANY_EXPIRES", params: expect.objectContaining({ name: "Demo Holding" }) })]);
    await first.close();
    const second = await startServer({ database: { kind: "pglite", dataDir: dir }, port: 0, host: "127.0.0.1", webDist: null });
    expect(second.demoLoaded).toBe(false);
    expect(await signInAs(second.app, "admin@example.com")).toEqual(expect.any(String));
    await second.close();
  }, 120_000); // two server starts on a PGlite data directory, each migrating: seconds each on a busy machine
});

describe.each(await availableBackends())("first administrator on %s", (kind) => {
  it("creates a company and an administrator with every right on an empty database; again changes nothing", async () => {
    const t = await createTestDatabase(kind, { demo: false });
    try {
      const a = await createAdministrator(t.database.db, { email: "Boss@Example.com", password: "long-enough" });
      const b = await createAdministrator(t.database.db, { email: "boss@example.com", password: "long-enough" });
      expect(b).toEqual(a);
      const app = await buildApp({ database: t.database, webDist: null });
      const secret = await signInAs(app, "boss@example.com", "long-enough");
      const res = await app.inject({ method: "GET", url: "/api/my-companies", headers: apiHeaders(secret) });
      expect(res.json().data).toEqual([{ publicId: a.companyPublicId, name: "Portal", rights: ALL_RIGHTS, expiresOn: null }]);
      expect((await t.database.db.query.users.findMany()).map((u) => u.email)).toEqual(["boss@example.com"]);
      await app.close();
      await expect(createAdministrator(t.database.db, { email: "x@example.com", password: "short" })).rejects.toThrow(/8 characters/);
    } finally {
      await t.close();
    }
  });
});
