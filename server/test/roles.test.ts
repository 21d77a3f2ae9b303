/**
 * Roles (issue 11) over HTTP: list with member counts, create, rename, the rights editor's PATCH
 * (enforced on the member's very next call, and told to signed-in members over the event
 * stream), the 409s (name in use, role in use, last administrator) with their sentences, and
 * the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { ALL_RIGHTS } from "@portal/core/domain/Right";
import { messageText } from "@portal/core/messages/messages";
import { hasMessage } from "@portal/core/messages/messages";
import { buildApp } from "../src/buildApp";
import { openStream } from "./sseClient";
import { apiHeaders, featureBackends, createTestDatabase, signInAs, type TestDatabase } from "./testDatabase";

interface RoleView { publicId: string; name: string; rights: string[]; members: number }

describe.each(await featureBackends())("roles on %s", (kind) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let demo: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = await buildApp({ database: t.database, webDist: null, checkAnswers: true });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(app, "admin@example.com");
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, secret = admin, payload?: unknown) =>
    app.inject({ method, url, headers: apiHeaders(secret, demo), ...(payload === undefined ? {} : { payload: payload as object }) });
  const roles = async (): Promise<RoleView[]> => ((await call("GET", "/api/roles?page-size=100")).json() as { data: RoleView[] }).data;
  const roleNamed = async (name: string) => (await roles()).find((r) => r.name === name)!;

  it("lists the company's roles by name with their rights and member counts", async () => {
    const list = await roles();
    expect(list.map((r) => r.name)).toEqual(["Administrator", "Approver", "Engineer", "Group approver", "Member", "Translator", "Viewer"]);
    expect(list.find((r) => r.name === "Administrator")).toMatchObject({ rights: [...ALL_RIGHTS], members: 1 });
    expect(list.find((r) => r.name === "Group approver")!.members).toBe(0);
  });

  it("creates, renames and deletes a role, with an audit row each", async () => {
    const created = await call("POST", "/api/roles", admin, { name: "  Operator ", rights: ["use:audit-logs", "manage:groups"] });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
    const one = (await call("GET", `/api/roles/${id}`)).json() as { data: RoleView };
    expect(one.data).toEqual({ publicId: id, name: "Operator", rights: ["manage:groups", "use:audit-logs"], members: 0 });
    const renamed = await call("PATCH", `/api/roles/${id}`, admin, { name: "Shift operator" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as { data: RoleView }).data).toMatchObject({ name: "Shift operator", rights: ["manage:groups", "use:audit-logs"] });
    expect((await call("DELETE", `/api/roles/${id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/roles/${id}`)).statusCode).toBe(404);
    const audit = (await call("GET", "/api/audit-logs?page-size=20")).json() as { data: Array<{ topic: string; action: string; target: string }> };
    expect(audit.data.filter((a) => a.topic === "Role" && a.target === id).map((a) => a.action).sort()).toEqual(["CREATE", "DELETE", "UPDATE"]);
  });

  it("refuses a blank, too long or taken name and an unknown right, each with a sentence", async () => {
    const blank = await call("POST", "/api/roles", admin, { name: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data[0]).toMatchObject({ message: "REQUIRED", propertyName: "name" });
    expect((await call("POST", "/api/roles", admin, { name: "x".repeat(256) })).statusCode).toBe(400);
    const taken = await call("POST", "/api/roles", admin, { name: "engineer" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data[0]).toMatchObject({ message: "ROLE_NAME_ALREADY_IN_USE", propertyName: "name" });
    const viewer = await roleNamed("Viewer");
    const renameTaken = await call("PATCH", `/api/roles/${viewer.publicId}`, admin, { name: "Approver" });
    expect(renameTaken.statusCode).toBe(409);
    const unknown = await call("POST", "/api/roles", admin, { name: "Odd", rights: ["manage:everything"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data[0].message).toBe("UNKNOWN_RIGHT");
    for (const key of ["ROLE_NAME_ALREADY_IN_USE", "UNKNOWN_RIGHT", "ROLE_IN_USE", "LAST_ADMINISTRATOR"]) {
      expect(hasMessage(key)).toBe(true);
      expect(messageText(key)).toMatch(/\.$/);
    }
  });

  it("refuses to delete a role held by a user or a group membership (409 ROLE_IN_USE)", async () => {
    for (const name of ["Engineer", "Group approver"]) {
      const res = await call("DELETE", `/api/roles/${(await roleNamed(name)).publicId}`);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().data[0].message).toBe("ROLE_IN_USE");
    }
  });

  it("refuses to take manage:roles from the last administrator's role (409 LAST_ADMINISTRATOR), and changes nothing", async () => {
    const administrator = await roleNamed("Administrator");
    const res = await call("PATCH", `/api/roles/${administrator.publicId}`, admin, { rights: ALL_RIGHTS.filter((r) => r !== "manage:roles") });
    expect(res.statusCode).toBe(409);
    expect(res.json().data[0].message).toBe("LAST_ADMINISTRATOR");
    expect((await roleNamed("Administrator")).rights).toContain("manage:roles");
    // With a second administrator (the viewer's role gets manage:roles) the edit passes, and back.
    const viewer = await roleNamed("Viewer");
    expect((await call("PATCH", `/api/roles/${viewer.publicId}`, admin, { rights: ["manage:groups", "manage:roles"] })).statusCode).toBe(200);
    expect((await call("PATCH", `/api/roles/${viewer.publicId}`, admin, { rights: ["manage:groups"] })).statusCode).toBe(200);
  });

  it("enforces an edited role on the member's next call and tells signed-in members over the event stream", async () => {
    const engineer = await signInAs(app, "engineer@example.com");
    const translator = await signInAs(app, "translator@example.com");
    const stream = await openStream(base, translator);
    const acme = await signInAs(app, "acme-admin@example.com");
    // No pause needed here: a stream starts after the newest event as of its request (eventRoutes),
    // so an event written once openStream has answered is delivered.
    const acmeStream = await openStream(base, acme);
    // The engineer reads the audit trail, and the membership's rights are now cached.
    expect((await call("GET", "/api/audit-logs?page-size=1", engineer)).statusCode).toBe(200);
    expect((await call("GET", "/api/audit-logs?page-size=1", engineer)).statusCode).toBe(200);
    const role = await roleNamed("Engineer");
    const edited = await call("PATCH", `/api/roles/${role.publicId}`, admin, { rights: role.rights.filter((r) => r !== "use:audit-logs") });
    expect(edited.statusCode, edited.body).toBe(200);
    // The very next call is refused: the write bumped the company's cache generation.
    expect((await call("GET", "/api/audit-logs?page-size=1", engineer)).statusCode).toBe(403);
    const rights = (await call("GET", "/api/my-rights", engineer)).json() as { data: { rights: string[] } };
    expect(rights.data.rights).not.toContain("use:audit-logs");
    const [event] = await stream.waitFor(1);
    expect(event).toMatchObject({ event: "rights-changed", data: { company: demo } });
    await new Promise((r) => setTimeout(r, 200));
    expect(acmeStream.events).toEqual([]);
    // A rename alone changes no rights: no event.
    await call("PATCH", `/api/roles/${role.publicId}`, admin, { name: "Engineer" });
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events.length).toBe(1);
    stream.close();
    acmeStream.close();
    expect((await call("PATCH", `/api/roles/${role.publicId}`, admin, { rights: role.rights })).statusCode).toBe(200);
    expect((await call("GET", "/api/audit-logs?page-size=1", engineer)).statusCode).toBe(200);
  });

  it("keeps roles to their company: another company's role is a 404, and a user without manage:roles gets 403", async () => {
    const acme = await signInAs(app, "acme-admin@example.com");
    const acmeId = t.demo.companies["acme"]!;
    const acmeRoles = (await app.inject({ method: "GET", url: "/api/roles", headers: apiHeaders(acme, acmeId) })).json() as { data: RoleView[] };
    const foreign = acmeRoles.data[0]!.publicId;
    expect((await call("GET", `/api/roles/${foreign}`)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/roles/${foreign}`, admin, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/roles/${foreign}`)).statusCode).toBe(404);
    const viewer = await signInAs(app, "viewer@example.com");
    expect((await call("GET", "/api/roles", viewer)).statusCode).toBe(403);
    expect((await call("POST", "/api/roles", viewer, { name: "Mine" })).statusCode).toBe(403);
  });
});
