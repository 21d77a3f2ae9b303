/**
 * Apps of the selected company (issue 12; spec 7): the catalogue with each app's state, GET / POST
 * / DELETE of an app's installation, and PATCH of an installed app's configuration, checked with
 * ajv against the app's JSON Schema (400 naming the field). Each write is one transaction with
 * one audit entry.
 */
import { and, asc, eq } from "drizzle-orm";
import type { App } from "@portal/core/domain/App";
import { Conflict, NotFound } from "@portal/core/errors";
import { checkAppConfig } from "../apps/appConfig";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { appInstalls, apps } from "../db/schema";
import { actorOf, companyOf, type HandlersOf, type RequestContext } from "../http/RequestContext";

type AppRow = typeof apps.$inferSelect;
type InstallRow = typeof appInstalls.$inferSelect;

const view = (a: AppRow, i: InstallRow | null | undefined): App => ({
  publicId: a.publicId, key: a.key, name: a.name, description: a.description, configSchema: a.configSchema,
  installed: !!i, config: i ? i.config : null, installedOn: i ? i.installedAt.toISOString() : null,
});

/** The app and the company's installation of it (locked when `lock`); 404 for an unknown app. */
async function appOf(ctx: RequestContext, db: Db, lock = false): Promise<{ app: AppRow; install: InstallRow | undefined }> {
  const publicId = ctx.params["publicId"]!;
  const [app] = await db.select().from(apps).where(eq(apps.publicId, publicId));
  if (!app) throw new NotFound({ entity: "App", publicId });
  const q = db.select().from(appInstalls).where(and(eq(appInstalls.appId, app.id), eq(appInstalls.companyId, companyOf(ctx).id)));
  const [install] = lock ? await q.for("update") : await q;
  return { app, install };
}

const conflict = (message: string) => new Conflict({ issues: [{ message, propertyName: "publicId" }] });

export const appRoutes: HandlersOf<"AppList" | "AppInstallation" | "AppConfig"> = {
  "AppList.GET": async (ctx) => {
    const rows = await ctx.db.select({ app: apps, install: appInstalls }).from(apps)
      .leftJoin(appInstalls, and(eq(appInstalls.appId, apps.id), eq(appInstalls.companyId, companyOf(ctx).id))).orderBy(asc(apps.name));
    return { type: "App", data: rows.map((r) => view(r.app, r.install)), moreAfter: null };
  },
  "AppInstallation.GET": async (ctx) => {
    const { app, install } = await appOf(ctx, ctx.db);
    return { type: "AppInstall", data: { publicId: app.publicId, name: app.name, installed: !!install } };
  },
  "AppInstallation.POST": async (ctx) => {
    const data = await ctx.db.transaction(async (tx) => {
      const { app, install } = await appOf(ctx, tx, true);
      if (install) throw conflict("APP_ALREADY_INSTALLED");
      const [row] = await tx.insert(appInstalls).values({ companyId: companyOf(ctx).id, appId: app.id, config: {}, installedAt: new Date(ctx.now) })
        .onConflictDoNothing().returning();
      if (!row) throw conflict("APP_ALREADY_INSTALLED");
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: "AppInstall", target: app.publicId, after: { name: app.name } }]);
      return view(app, row);
    });
    return { type: "App", data, status: 201 };
  },
  "AppInstallation.DELETE": async (ctx) => {
    const data = await ctx.db.transaction(async (tx) => {
      const { app, install } = await appOf(ctx, tx, true);
      if (!install) throw conflict("APP_NOT_INSTALLED");
      await tx.delete(appInstalls).where(eq(appInstalls.id, install.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: "AppInstall", target: app.publicId, before: { name: app.name, config: install.config } }]);
      return view(app, null);
    });
    return { type: "App", data };
  },
  "AppConfig.PATCH": async (ctx) => {
    const data = await ctx.db.transaction(async (tx) => {
      const { app, install } = await appOf(ctx, tx, true);
      if (!install) throw conflict("APP_NOT_INSTALLED");
      const config = ctx.body.data;
      checkAppConfig(app.configSchema, config);
      const [row] = await tx.update(appInstalls).set({ config }).where(eq(appInstalls.id, install.id)).returning();
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "AppConfig", target: app.publicId, before: install.config, after: config }]);
      return view(app, row);
    });
    return { type: "App", data };
  },
};
