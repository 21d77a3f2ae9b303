/**
 * Custom fields (issue 12) over HTTP: the company's properties (create one or many, edit,
 * reorder in one call with one audit entry, delete), the global list with the platform's global
 * properties (read-only), the values of a device and an asset checked by core's rule, the refusals
 * that stored values impose, and the Devices and Assets lists filtered on a field's value.
 */
import { and, count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, customProperties } from "../src/db/schema";
import { apiHeaders, featureBackends, createTestApp, signInAs, type TestApp } from "./testDatabase";

interface PropertyView { publicId: string; name: string; type: string; target: string; required: boolean; options: string[]; order: number; global: boolean }
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe.each(await featureBackends())("custom fields on %s", (kind) => {
  let t: TestApp;
  let demo: string;
  let admin: string;
  let device: string;
  let otherDevice: string;
  let asset: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = t.demo.companies["demo"]!;
    admin = await signInAs(t.app, "admin@example.com");
    const agents = (await call("GET", "/api/agents?page-size=100")).json().data as Array<{ publicId: string }>;
    [device, otherDevice] = [agents[0]!.publicId, agents[1]!.publicId];
    asset = ((await call("GET", "/api/assets?page-size=100")).json().data as Array<{ publicId: string }>)[0]!.publicId;
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: Method, url: string, payload?: unknown, secret = admin, company = demo) =>
    t.app.inject({ method, url, headers: apiHeaders(secret, company), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (query = ""): Promise<PropertyView[]> => ((await call("GET", `/api/custom-properties?page-size=100${query}`)).json() as { data: PropertyView[] }).data;
  const create = async (body: object): Promise<string> => {
    const res = await call("POST", "/api/company-custom-properties", body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Array<{ publicId: string }> }).data[0]!.publicId;
  };
  const audits = async () => Number((await t.database.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.topic, "CustomProperty")))[0]!.n);

  it("creates, edits and deletes a company property; the global list shows it with every field", async () => {
    const id = await create({ name: " Serial number ", type: "text", target: "device" });
    expect((await list()).find((p) => p.publicId === id)).toEqual({
      publicId: id, name: "Serial number", type: "text", target: "device", required: false, options: [], order: 0, global: false,
    });
    const edited = await call("PATCH", `/api/company-custom-properties/${id}`, { name: "Serial", required: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: "Serial", required: true, type: "text" });
    expect((await call("DELETE", `/api/company-custom-properties/${id}`)).statusCode).toBe(200);
    expect((await list()).some((p) => p.publicId === id)).toBe(false);
    // Spec 7: company custom properties have no GET of their own.
    expect((await call("GET", `/api/company-custom-properties/${id}`)).statusCode).toBe(404);
  });

  it("answers bad input in the api.md envelope, with every failing field, and a clash with 409", async () => {
    const empty = await call("POST", "/api/company-custom-properties", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ status: "error", type: "Error", data: [
      { message: "REQUIRED", propertyName: "name" }, { message: "REQUIRED", propertyName: "type" }, { message: "REQUIRED", propertyName: "target" },
    ] });
    const choice = await call("POST", "/api/company-custom-properties", { name: "Zone", type: "choice", target: "asset", options: [] });
    expect(choice.json().data).toEqual([{ message: "CHOICE_OPTIONS_REQUIRED", propertyName: "options" }]);
    await create({ name: "Owner", type: "text", target: "device" });
    const clash = await call("POST", "/api/company-custom-properties", { name: "owner", type: "number", target: "device" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data).toEqual([{ message: "CUSTOM_PROPERTY_NAME_IN_USE", propertyName: "name" }]);
    // The same name on the other target is another field.
    await create({ name: "Owner", type: "text", target: "asset" });
  });

  it("a bulk create is one transaction: a failing item creates nothing and names its listIndex", async () => {
    const before = (await list()).length;
    const res = await call("POST", "/api/company-custom-properties", [
      { name: "Bulk A", type: "text", target: "device" }, { name: "Bulk B", type: "date", target: "plant" },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ message: "UNKNOWN_CUSTOM_PROPERTY_TARGET", propertyName: "target", listIndex: 1 }]);
    expect((await list()).length).toBe(before);
    const dup = await call("POST", "/api/company-custom-properties", [
      { name: "Twin", type: "text", target: "device" }, { name: "TWIN", type: "text", target: "device" },
    ]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().data[0]).toMatchObject({ listIndex: 1 });
  });

  it("reorders in one call with one audit entry, and deletes a list in one call", async () => {
    const ids = (await call("POST", "/api/company-custom-properties", [
      { name: "R1", type: "number", target: "asset" }, { name: "R2", type: "boolean", target: "asset" }, { name: "R3", type: "date", target: "asset" },
    ])).json().data.map((d: { publicId: string }) => d.publicId) as string[];
    const audited = await audits();
    const reversed = [...ids].reverse().map((publicId, i) => ({ publicId, order: 100_000 + i * 1000 }));
    const res = await call("PATCH", "/api/company-custom-properties", reversed);
    expect(res.statusCode, res.body).toBe(200);
    expect(await audits()).toBe(audited + 1);
    const names = (await list("&filters=" + encodeURIComponent("gte(order,100000)"))).map((p) => p.name);
    expect(names).toEqual(["R3", "R2", "R1"]);
    const del = await call("DELETE", "/api/company-custom-properties", ids.map((publicId) => ({ publicId })));
    expect(del.statusCode).toBe(200);
    expect(await audits()).toBe(audited + 2);
    expect((await list()).filter((p) => ids.includes(p.publicId))).toEqual([]);
  });

  it("shows the platform's global properties, which no company can change", async () => {
    await t.database.db.insert(customProperties).values({ publicId: "GlobalProp01", companyId: null, name: "Warranty until", type: "date", target: "device", order: -1000 });
    const global = (await list("&filters=" + encodeURIComponent("eq(global,true)")));
    expect(global).toEqual([expect.objectContaining({ publicId: "GlobalProp01", global: true })]);
    const res = await call("PATCH", "/api/company-custom-properties/GlobalProp01", { name: "Mine" });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual([{ message: "GLOBAL_PROPERTY_READ_ONLY", propertyName: "publicId" }]);
    const clash = await call("POST", "/api/company-custom-properties", { name: "warranty UNTIL", type: "text", target: "device" });
    expect(clash.statusCode).toBe(409);
    await t.database.db.delete(customProperties).where(eq(customProperties.publicId, "GlobalProp01"));
  });

  it("keeps values of a device checked by core's rule, and refuses changes that stored values forbid", async () => {
    const zone = await create({ name: "Zone", type: "choice", target: "device", options: ["North", "South"] });
    const power = await create({ name: "Power kW", type: "number", target: "device" });
    const bad = await call("PUT", `/api/agents/${device}/custom-field-values`, { values: { [zone]: "East", [power]: "12,5", Nope12345678: "x" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual(expect.arrayContaining([
      { message: "NOT_AN_OPTION", propertyName: `values.${zone}` }, { message: "NOT_A_NUMBER", propertyName: `values.${power}` },
      { message: "UNKNOWN_CUSTOM_PROPERTY", propertyName: "values.Nope12345678" },
    ]));
    const ok = await call("PUT", `/api/agents/${device}/custom-field-values`, { values: { [zone]: "North", [power]: "12.50" } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ publicId: device, values: { [zone]: "North", [power]: 12.5 } });
    expect((await call("GET", `/api/agents/${device}/custom-field-values`)).json().data.values).toEqual({ [zone]: "North", [power]: 12.5 });
    expect((await call("PUT", `/api/agents/${otherDevice}/custom-field-values`, { values: { [zone]: "South", [power]: 3 } })).statusCode).toBe(200);

    const retype = await call("PATCH", `/api/company-custom-properties/${power}`, { type: "text" });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().data).toEqual([{ message: "CUSTOM_PROPERTY_TYPE_IN_USE", propertyName: "type" }]);
    const drop = await call("PATCH", `/api/company-custom-properties/${zone}`, { options: ["South", "West"] });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().data).toEqual([{ message: "CHOICE_OPTION_IN_USE", propertyName: "options" }]);
    expect((await call("PATCH", `/api/company-custom-properties/${zone}`, { options: ["North", "South", "West"] })).statusCode).toBe(200);

    // Required: a device must then carry a value; an empty PUT clears the others.
    expect((await call("PATCH", `/api/company-custom-properties/${zone}`, { required: true })).statusCode).toBe(200);
    const missing = await call("PUT", `/api/agents/${device}/custom-field-values`, { values: { [power]: 1 } });
    expect(missing.json().data).toEqual([{ message: "REQUIRED", propertyName: `values.${zone}` }]);
    expect((await call("PATCH", `/api/company-custom-properties/${zone}`, { required: false })).statusCode).toBe(200);
  });

  it("filters the Devices list on a field's value, by its type", async () => {
    const zone = (await list()).find((p) => p.name === "Zone")!.publicId;
    const power = (await list()).find((p) => p.name === "Power kW")!.publicId;
    const devices = async (filter: string) => {
      const res = await call("GET", `/api/agents?page-size=100&filters=${encodeURIComponent(filter)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ publicId: string }>).map((a) => a.publicId);
    };
    expect(await devices(`eq(customFields.${zone},North)`)).toEqual([device]);
    expect(await devices(`gt(customFields.${power},5)`)).toEqual([device]);
    expect(await devices(`lt(customFields.${power},5)`)).toEqual([otherDevice]);
    expect((await devices(`isnull(customFields.${zone})`)).includes(device)).toBe(false);
    const unknown = await call("GET", `/api/agents?filters=${encodeURIComponent("eq(customFields.Nope12345678,x)")}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data[0].propertyName).toBe("filters");
    const notNumber = await call("GET", `/api/agents?filters=${encodeURIComponent(`gt(customFields.${power},many)`)}`);
    expect(notNumber.statusCode).toBe(400);
  });

  it("property: any filter on a custom field answers 200 or a 400 envelope, never a 500", async () => {
    const fields = (await list()).filter((p) => p.target === "device").map((p) => p.publicId);
    const ops = ["eq", "ne", "lt", "lte", "gt", "gte", "in", "ni", "isnull", "isnotnull", "contains", "between"];
    await fc.assert(fc.asyncProperty(fc.constantFrom(...fields), fc.constantFrom(...ops), fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.double().map(String), fc.constantFrom("true", "2026-01-01", "North")), { maxLength: 3 }),
      async (field, op, values) => {
        const filter = `${op}(customFields.${field}${values.map((v) => `,"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join("")})`;
        const res = await call("GET", `/api/agents?filters=${encodeURIComponent(filter)}`);
        expect(res.statusCode, `${filter}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 200) expect(res.json()).toMatchObject({ status: "error", type: "Error" });
      }), { numRuns: 40 });
  });

  it("keeps values of an asset and filters the Assets list on them", async () => {
    const checked = await create({ name: "Checked on", type: "date", target: "asset" });
    const bad = await call("PUT", `/api/assets/${asset}/custom-field-values`, { values: { [checked]: "2026-02-30" } });
    expect(bad.json().data).toEqual([{ message: "NOT_A_DATE", propertyName: `values.${checked}` }]);
    expect((await call("PUT", `/api/assets/${asset}/custom-field-values`, { values: { [checked]: "2026-03-01" } })).statusCode).toBe(200);
    const res = await call("GET", `/api/assets?page-size=100&filters=${encodeURIComponent(`gte(customFields.${checked},2026-01-01)`)}`);
    expect((res.json().data as Array<{ publicId: string }>).map((a) => a.publicId)).toEqual([asset]);
    // A device field is not an asset field.
    const zone = (await list()).find((p) => p.name === "Zone")!.publicId;
    expect((await call("GET", `/api/assets?filters=${encodeURIComponent(`eq(customFields.${zone},North)`)}`)).statusCode).toBe(400);
    // Deleting the property deletes its values.
    expect((await call("DELETE", `/api/company-custom-properties/${checked}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/assets/${asset}/custom-field-values`)).json().data.values).toEqual({});
  });

  it("needs the right, and never crosses companies", async () => {
    const engineer = await signInAs(t.app, "engineer@example.com");
    const denied = await call("POST", "/api/company-custom-properties", { name: "Nope", type: "text", target: "device" }, engineer);
    expect(denied.statusCode).toBe(403);
    const zone = (await list()).find((p) => p.name === "Zone")!.publicId;
    const acmeAdmin = await signInAs(t.app, "acme-admin@example.com");
    const acme = t.demo.companies["acme"]!;
    expect((await call("PATCH", `/api/company-custom-properties/${zone}`, { name: "Mine" }, acmeAdmin, acme)).statusCode).toBe(404);
    expect((await call("PUT", `/api/agents/${device}/custom-field-values`, { values: {} }, acmeAdmin, acme)).statusCode).toBe(404);
    const acmeList = ((await call("GET", "/api/custom-properties", undefined, acmeAdmin, acme)).json() as { data: PropertyView[] }).data;
    expect(acmeList.some((p) => p.publicId === zone)).toBe(false);
    const [row] = await t.database.db.select({ n: count() }).from(customProperties).where(and(eq(customProperties.publicId, zone), eq(customProperties.name, "Zone")));
    expect(Number(row!.n)).toBe(1);
  });
});
