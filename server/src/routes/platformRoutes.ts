/** Discovery, health and the OpenAPI document: the routes a client calls before anything else. */
import { sql } from "drizzle-orm";
import { discoveryLinks } from "@portal/core/wire/routes";
import type { HandlersOf } from "../http/RequestContext";
import { openApiJson } from "../openapi/openApiDocument";

export const platformRoutes: HandlersOf<"Discovery" | "Health" | "OpenApi"> = {
  "Discovery.GET": async () => ({ type: "Discovery", data: discoveryLinks() }),
  "Health.GET": async (ctx) => {
    await ctx.db.execute(sql`select 1`);
    return { type: "Health", data: { status: "ok", database: ctx.deps.database.kind } };
  },
  "OpenApi.GET": async (ctx) => {
    // The OpenAPI document is served bare (not in an envelope): tools read it as is.
    await ctx.reply.header("content-type", "application/json; charset=utf-8").send(openApiJson());
    return { type: "OpenApi", data: null, raw: true };
  },
};
