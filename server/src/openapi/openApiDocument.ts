/**
 * The OpenAPI 3.1 document, generated from core's route table so that it always lists exactly
 * what discovery lists, with the rights each method needs (x-rights), the request and response
 * bodies and query parameters generated from each endpoint's schemas (the same ones the server
 * decodes with), and the shared conventions (headers, envelopes, list query) written once.
 */
import { Schema } from "effect";
import { MAX_BULK_ITEMS, type EndpointSpec } from "@portal/core/wire/endpoint";
import { ROUTES, type HttpMethod, type RouteSpec } from "@portal/core/wire/routes";
import { VERSIONLESS_RELS } from "../http/registerRoutes";

type Json = Record<string, unknown>;

/**
 * The JSON Schema of `schema`, its definitions moved into `components` under `prefix` (so that
 * two endpoints' anonymous definitions cannot clash) and its references pointed there.
 */
function jsonSchemaOf(schema: Schema.Top, prefix: string, components: Json): unknown {
  const doc = Schema.toJsonSchemaDocument(schema as Schema.Constraint);
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) =>
      [k, k === "$ref" && typeof v === "string" ? v.replace("#/$defs/", `#/components/schemas/${prefix}`) : rename(v)]));
  };
  for (const [name, definition] of Object.entries(doc.definitions)) components[`${prefix}${name}`] = rename(definition);
  return rename(doc.schema);
}

/** Query parameters of an endpoint's query schema, one per field. */
function queryParameters(spec: EndpointSpec, prefix: string, components: Json): unknown[] {
  const query = spec.query as (Schema.Top & { fields?: Record<string, Schema.Top> }) | undefined;
  if (!query?.fields) return [];
  return Object.entries(query.fields).map(([name, field]) => ({ name, in: "query", schema: jsonSchemaOf(field, `${prefix}${name}.`, components) }));
}

/** The request body of an endpoint: its payload, or one item or a list of them for bulk endpoints. */
function requestBody(spec: EndpointSpec, prefix: string, components: Json): unknown {
  if (!spec.payload) return undefined;
  const itemSchema = jsonSchemaOf(spec.payload, prefix, components);
  const schema = spec.bulk ? { oneOf: [itemSchema, { type: "array", items: itemSchema, minItems: 1, maxItems: MAX_BULK_ITEMS }] } : itemSchema;
  return { required: true, content: { "application/json": { schema } } };
}

const envelope = { $ref: "#/components/schemas/SuccessEnvelope" };
const error = { description: "Error envelope", content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } };

const LIST_PARAMS = ["fields", "filters", "page-size", "page-after"].map((name) => ({ $ref: `#/components/parameters/${name}` }));

let servedJson: string | undefined;

/**
 * The document as GET /api/openapi.json serves it: built and serialised once per process. It
 * depends on the route table alone, and building it walks every schema of every endpoint (about
 * 280 ms of CPU per request on a 2-core CI machine, for any caller, signed in or not).
 */
export function openApiJson(): string {
  servedJson ??= JSON.stringify(openApiDocument());
  return servedJson;
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const generated: Json = {};
  for (const route of ROUTES as ReadonlyArray<RouteSpec>) {
    const item: Record<string, unknown> = {};
    const pathParams = [...route.href.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    for (const [method, spec] of Object.entries(route.methods) as [HttpMethod, EndpointSpec][]) {
      const prefix = `${route.rel}.${method}.`;
      const parameters: unknown[] = [...pathParams, ...queryParameters(spec, `${prefix}query.`, generated)];
      if (!VERSIONLESS_RELS.has(route.rel)) parameters.push({ $ref: "#/components/parameters/Api-Version" });
      if (route.company) parameters.push({ $ref: "#/components/parameters/Api-Company" });
      if (route.rel === "BrandingList") parameters.push({ name: "Api-Branding", in: "header", required: true, schema: { type: "string" }, description: "The host whose branding is wanted" });
      if (method === "GET") parameters.push(...LIST_PARAMS);
      item[method.toLowerCase()] = {
        operationId: `${route.rel}.${method}`,
        summary: spec.summary ?? `${route.rel} ${method}`,
        ...(route.auth === "session" ? { security: [{ bearer: [] }] } : { security: [] }),
        "x-rights": spec.rights,
        parameters,
        ...(spec.payload ? { requestBody: requestBody(spec, `${prefix}body.`, generated) } : {}),
        responses: {
          "200": spec.raw ? { description: "Written by the endpoint itself (a stream or a document)" } : {
            description: "Success envelope",
            content: {
              "application/json": {
                schema: { allOf: [envelope, { properties: { data: jsonSchemaOf(spec.success, `${prefix}data.`, generated) } }] },
              },
            },
          },
          "400": error, "401": error, "403": error, "404": error, "409": error, "413": error, "415": error, "429": error,
        },
      };
    }
    paths[route.href] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Portal API",
      version: "2",
      description: "Conventions: api.md. Every call but Discovery, Health and this document needs `Api-Version: 2`. "
        + "Rights per method are listed in x-rights (any one suffices, in the company of Api-Company). "
        + "Bulk POST/PATCH/DELETE take one object or a list and run in one transaction; a failing item's error has listIndex. "
        + "Access tokens: POST /api/access-tokens with Basic base64(email:otp:password) or a Bearer secret; body {expiresIn} "
        + "(60 to 5184000 s, default 86400).",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "secretId of an access token" },
        basic: { type: "http", scheme: "basic", description: "email:otp:password (otp empty without two-factor)" },
      },
      parameters: {
        "Api-Version": { name: "Api-Version", in: "header", required: true, schema: { const: "2" } },
        "Api-Company": { name: "Api-Company", in: "header", required: true, schema: { type: "string" }, description: "publicId of the selected company" },
        fields: { name: "fields", in: "query", schema: { type: "string" }, description: "comma list; * = top-level scalars; nesting a.b or a(b,c)" },
        filters: { name: "filters", in: "query", schema: { type: "array", items: { type: "string" } }, explode: true, description: "op(column,value…); ops eq ne lt lte gt gte in ni isnull isnotnull contains between" },
        "page-size": { name: "page-size", in: "query", schema: { type: "integer", minimum: 1, maximum: 4000, default: 20 } },
        "page-after": { name: "page-after", in: "query", schema: { type: "string" }, description: "the moreAfter cursor of the previous page" },
      },
      schemas: {
        ...generated,
        SuccessEnvelope: {
          type: "object", required: ["status", "type", "data", "moreAfter"],
          properties: { status: { const: "success" }, type: { type: "string" }, data: {}, moreAfter: { type: ["string", "null"] } },
        },
        ErrorEnvelope: {
          type: "object", required: ["status", "type", "data"],
          properties: {
            status: { const: "error" }, type: { const: "Error" },
            data: { type: "array", items: { type: "object", required: ["message"], properties: { message: { type: "string" }, propertyName: { type: "string" }, listIndex: { type: "integer" } } } },
          },
        },
      },
    },
  };
}
