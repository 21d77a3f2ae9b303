/**
 * Bad input generated from the contract itself: for every endpoint that takes a payload, its
 * documented JSON Schema (the one the OpenAPI document serves) gives, per property, a text one
 * character over its bound, a lone UTF-16 surrogate, a NUL and a value of the wrong kind; bulk
 * endpoints get the bad item at a random place in a list. Each must be a 400 naming the field
 * (and, in a list, the item), and nothing may be written.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandHref } from "@portal/core/wire/routes";
import { openApiDocument } from "../../src/openapi/openApiDocument";
import { apiHeaders, crossCuttingBackends, createTestApp, type TestApp } from "../testDatabase";
import { ROUTE_METHODS, countRows, emailOf, expectErrorEnvelope, isItemRoute, itemSamples, label, signIn, type ItemSample } from "./suiteHelpers";

type Json = Record<string, unknown>;
const doc = openApiDocument() as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

/** A schema with its $ref resolved against the document's components. */
const resolve = (schema: unknown): Json => {
  let s = schema as Json;
  while (typeof s?.["$ref"] === "string") s = doc.components.schemas[(s["$ref"] as string).replace("#/components/schemas/", "")] as Json;
  return s;
};

/** The string bound of a property schema (also inside anyOf [string, null]), if it is text. */
const textBound = (schema: unknown): number | undefined => {
  const s = resolve(schema);
  if (s["type"] === "string" && typeof s["maxLength"] === "number") return s["maxLength"];
  for (const alt of (s["anyOf"] ?? s["oneOf"] ?? []) as unknown[]) {
    const bound = textBound(alt);
    if (bound !== undefined) return bound;
  }
  return undefined;
};

/** The numeric bounds of a property schema (also inside anyOf [number, null]), if it is a bounded number. */
const numberBound = (schema: unknown): { min?: number; max?: number; integer: boolean } | undefined => {
  const s = resolve(schema);
  if ((s["type"] === "integer" || s["type"] === "number") && (typeof s["minimum"] === "number" || typeof s["maximum"] === "number")) {
    return {
      ...(typeof s["minimum"] === "number" ? { min: s["minimum"] } : {}),
      ...(typeof s["maximum"] === "number" ? { max: s["maximum"] } : {}),
      integer: s["type"] === "integer",
    };
  }
  for (const alt of (s["anyOf"] ?? s["oneOf"] ?? s["allOf"] ?? []) as unknown[]) {
    const bound = numberBound(alt);
    if (bound !== undefined) return bound;
  }
  return undefined;
};

interface BadValue {
  readonly property: string;
  readonly what: string;
  readonly value: unknown;
}

/** Per property of an object schema: the bad values its documented schema rules out. */
function badValues(itemSchema: unknown): BadValue[] {
  const s = resolve(itemSchema);
  // A bulk body is oneOf [item, list]; an optional body (DecisionBody) is anyOf [object, null].
  // A whole-list body (PUT of a user's group memberships) is an array of objects: its item's properties.
  const item = (s["oneOf"] as unknown[] | undefined)?.[0] ?? ((s["anyOf"] ?? []) as unknown[]).find((x) => resolve(x)["type"] === "object")
    ?? (s["type"] === "array" ? s["items"] : s);
  const properties = (resolve(item)["properties"] ?? {}) as Record<string, unknown>;
  return Object.entries(properties).flatMap(([property, schema]): BadValue[] => {
    const bound = textBound(schema);
    if (bound !== undefined) {
      return [
        { property, what: `text of ${bound + 1} characters`, value: "x".repeat(bound + 1) },
        { property, what: "a lone surrogate", value: "zz-\ud800" },
        { property, what: "a NUL", value: "a\u0000b" },
      ];
    }
    const numeric = numberBound(schema);
    if (numeric !== undefined) {
      return [
        ...(numeric.max === undefined ? [] : [{ property, what: `${numeric.max + 1}, above its maximum`, value: numeric.max + 1 }]),
        ...(numeric.min === undefined ? [] : [{ property, what: `${numeric.min - 1}, below its minimum`, value: numeric.min - 1 }]),
        ...(numeric.integer ? [{ property, what: "a fraction", value: (numeric.min ?? 0) + 0.5 }] : []),
        { property, what: "a number as text", value: String(numeric.min ?? numeric.max) },
      ];
    }
    const outer = resolve(schema);
    // A list of bounded texts (the devices of a data-point watch): an item over its bound, and too many items.
    const itemBound = outer["type"] === "array" ? textBound(outer["items"]) : undefined;
    if (itemBound !== undefined) {
      return [
        { property, what: `an item of ${itemBound + 1} characters`, value: ["x".repeat(itemBound + 1)] },
        { property, what: "an item with a NUL", value: ["a\u0000b"] },
        ...(typeof outer["maxItems"] === "number" ? [{ property, what: "too many items", value: Array.from({ length: (outer["maxItems"] as number) + 1 }, (_, i) => `x${i}`) }] : []),
      ];
    }
    const map = [outer, ...((outer["anyOf"] ?? []) as unknown[]).map(resolve)].find((m) => m["type"] === "object") ?? {};
    if (map["type"] === "object" && map["additionalProperties"] !== undefined) {
      const valueBound = textBound(map["additionalProperties"]) ?? 10;
      return [
        { property, what: "a map value over its bound", value: { en: "x".repeat(valueBound + 1) } },
        { property, what: "a map value with a lone surrogate", value: { en: "ok", nl: "\udc00" } },
        { property, what: "a map key with a lone surrogate", value: { en: "ok", ["\ud801"]: "x" } },
        ...(typeof map["maxProperties"] === "number"
          ? [{ property, what: "too many entries", value: Object.fromEntries(Array.from({ length: (map["maxProperties"] as number) + 1 }, (_, i) => [`l${i}`, "x"])) }]
          : []),
      ];
    }
    return [];
  });
}

const withPayload = ROUTE_METHODS.flatMap((m) => {
  const op = doc.paths[m.route.href]?.[m.method.toLowerCase()] as Json | undefined;
  const body = (op?.["requestBody"] as { content: Record<string, { schema: Json }> } | undefined)?.content["application/json"]?.schema;
  return body ? [{ ...m, body, bulk: Array.isArray(body["oneOf"]), list: resolve(body)["type"] === "array" }] : [];
});

describe.each(await crossCuttingBackends())("bad input from the schemas on %s", (kind) => {
  let t: TestApp;
  let samples: Record<string, ItemSample>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    samples = await itemSamples(t);
    headers = apiHeaders((await signIn(t.app, emailOf("admin"))).secretId, t.demo.companies["demo"]!);
  });
  afterAll(async () => { await t?.close(); });

  it("covers every endpoint that takes a body, and each has at least one bounded property", () => {
    expect(withPayload.length).toBeGreaterThanOrEqual(14);
    // MyMessage's body is one boolean (read) and CompanyTermsOfUseSource's one choice of two words
    // (customTermsOfUse): there is no bound to exceed; fuzz.test.ts sends them wrong types.
    // AppConfig's body is the app's configuration: its bounds are the app's JSON Schema, checked by ajv
    // (server/test/licences.test.ts refuses values out of them naming the field).
    // Template shares and configs (issue 13) take references ({publicId}) and a JSON object: nothing at the
    // top level has a bound to exceed; fuzz.test.ts sends them wrong types and platformTemplates.test.ts
    // refuses a config over its size naming the field.
    const unbounded = ["AccessTokenList", "MyMessage", "CompanyTermsOfUseSource", "AppConfig", "TemplateShareList", "TemplateShare", "TemplateConfigList", "TemplateConfig"];
    for (const m of withPayload) if (!unbounded.includes(m.route.rel)) expect(badValues(m.body).length, label(m)).toBeGreaterThan(0);
  });

  it.each(withPayload.filter((m) => badValues(m.body).length > 0).map((m) => [label(m), m] as const))("%s: every out-of-bound value is a 400 naming its field, and writes nothing", async (_, m) => {
    const url = isItemRoute(m.route) ? expandHref(m.route.href, { publicId: samples[m.route.rel]!.own }) : m.route.href;
    const bad = badValues(m.body);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...bad), fc.nat(4), fc.nat(4), async (b, before, after) => {
      const good = { publicId: samples[m.route.rel.replace(/List$/, "")]?.own ?? "AAAAAAAAAAAA" };
      const item = { [b.property]: b.value };
      const payload = m.bulk ? [...Array(before).fill(good), item, ...Array(after).fill(good)] : m.list ? [item] : item;
      const audit = await countRows(t.database.db, "audit_logs");
      const res = await t.app.inject({ method: m.method, url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(payload) });
      const context = `${label(m)} ${b.property} = ${b.what}`;
      expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBe(400);
      expectErrorEnvelope(res, context);
      const issue = (res.json() as { data: Array<{ propertyName?: string; listIndex?: number }> }).data[0]!;
      expect(issue.propertyName ?? "", context).toMatch(new RegExp(`^${m.list ? "(0\\.)?" : ""}${b.property}`));
      if (m.bulk) expect(issue.listIndex, context).toBe(before);
      expect(await countRows(t.database.db, "audit_logs"), `${context} wrote an audit entry`).toBe(audit);
    }), { numRuns: Math.max(bad.length * 2, 6) });
  });

  it.each(withPayload.filter((m) => !m.bulk && m.route.rel !== "AccessTokenList").map((m) => [label(m), m] as const))(
    "%s: a body of null, a string, a number or a list is a 400 and writes nothing", async (_, m) => {
      const url = isItemRoute(m.route) ? expandHref(m.route.href, { publicId: samples[m.route.rel]!.own }) : m.route.href;
      // For a whole-list body an empty list is valid (it clears the list) and a list item is decoded.
      for (const payload of m.list ? ["null", "\"text\"", "42", "{}", "[42]"] : ["null", "\"text\"", "42", "[]", "[{}]"]) {
        const audit = await countRows(t.database.db, "audit_logs");
        const res = await t.app.inject({ method: m.method, url, headers: { ...headers, "content-type": "application/json" }, payload });
        expect(res.statusCode, `${label(m)} ${payload}: ${res.body}`).toBe(400);
        expectErrorEnvelope(res, `${label(m)} ${payload}`);
        expect(await countRows(t.database.db, "audit_logs")).toBe(audit);
      }
    });
});
