/**
 * The OpenAPI 3.1 document, generated from core's route table so that it always lists exactly
 * what discovery lists, with the rights each method needs (x-rights) and the shared conventions
 * (headers, envelopes, list query) written once as components.
 */
import { ROUTES, type HttpMethod } from "@portal/core/wire/routes";
import { VERSIONLESS_RELS } from "../http/registerRoutes";

const envelope = { $ref: "#/components/schemas/SuccessEnvelope" };
const error = { description: "Error envelope", content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } };

const LIST_PARAMS = ["fields", "filters", "page-size", "page-after"].map((name) => ({ $ref: `#/components/parameters/${name}` }));

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const item: Record<string, unknown> = {};
    const pathParams = [...route.href.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    for (const [method, rights] of Object.entries(route.methods) as [HttpMethod, ReadonlyArray<string>][]) {
      const parameters: unknown[] = [...pathParams];
      if (!VERSIONLESS_RELS.has(route.rel)) parameters.push({ $ref: "#/components/parameters/Api-Version" });
      if (route.company) parameters.push({ $ref: "#/components/parameters/Api-Company" });
      if (route.rel === "BrandingList") parameters.push({ name: "Api-Branding", in: "header", required: true, schema: { type: "string" }, description: "The host whose branding is wanted" });
      if (method === "GET") parameters.push(...LIST_PARAMS);
      if (route.rel === "TranslationList" && method === "POST") {
        parameters.push({ name: "mode", in: "query", schema: { enum: ["upsert"] }, description: "upsert: add unknown keys, change differing ones; answers {added, changed, unchanged}" });
      }
      item[method.toLowerCase()] = {
        operationId: `${route.rel}.${method}`,
        summary: `${route.rel} ${method}`,
        ...(route.auth === "session" ? { security: [{ bearer: [] }] } : { security: [] }),
        "x-rights": rights,
        parameters,
        ...(["POST", "PATCH", "DELETE", "PUT"].includes(method)
          ? { requestBody: { required: false, content: { "application/json": { schema: {} } } } } : {}),
        responses: {
          "200": { description: "Success envelope", content: { "application/json": { schema: envelope } } },
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
