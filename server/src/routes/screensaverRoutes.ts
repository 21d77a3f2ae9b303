/**
 * Router screensavers (issue 13; spec 7 "Router screensaver: GET image by id, POST upload, DELETE
 * by id"), manage:branding. An upload is judged by core (checkScreensaverUpload: name, then size
 * and magic bytes), decoded and re-encoded by sharp into a PNG fitted into SCREENSAVER_BOX (never
 * enlarged), so what is stored and served is only ever a PNG the server made. The image is served
 * with a sandboxing CSP and nosniff, like the branding images, but only to the company's members.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { Result } from "effect";
import { loadSharp } from "../branding/loadSharp";
import type { RouterScreensaver } from "@portal/core/domain/Platform";
import { Conflict, NotFound } from "@portal/core/errors";
import { canAddScreensaver, checkScreensaverUpload, SCREENSAVER_BOX, TOO_MANY_SCREENSAVERS } from "@portal/core/rules/screensavers";
import { writeAudit } from "../audit/writeAudit";
import type { Db } from "../db/Database";
import { companies, routerScreensavers } from "../db/schema";
import { HttpProblem } from "../http/HttpProblem";
import { keyset, page } from "../http/listSql";
import { actorOf, companyOf, type HandlersOf } from "../http/RequestContext";
import { newPublicId } from "../ids";

const TOPIC = "RouterScreensaver";
/** Decoded pixels above this are refused before decoding (a small file can unpack into a huge bitmap). */
const MAX_INPUT_PIXELS = 6000 * 6000;

type Meta = Pick<typeof routerScreensavers.$inferSelect, "publicId" | "name" | "width" | "height" | "createdAt"> & { bytes: number };

const view = (r: Meta): RouterScreensaver => ({ publicId: r.publicId, name: r.name, width: r.width, height: r.height, bytes: r.bytes, createdOn: r.createdAt.toISOString() });

const META = {
  publicId: routerScreensavers.publicId, name: routerScreensavers.name, width: routerScreensavers.width, height: routerScreensavers.height,
  createdAt: routerScreensavers.createdAt, id: routerScreensavers.id,
} as const;

/** The PNG to store: decoded, auto-rotated, fitted into the box, re-encoded. 415 when sharp cannot read it. */
async function toPng(bytes: Uint8Array): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await (await loadSharp())(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: SCREENSAVER_BOX.width, height: SCREENSAVER_BOX.height, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw HttpProblem.of(415, "IMAGE_UNREADABLE", "image");
  }
}

async function findOne(db: Db, companyId: number, publicId: string) {
  const [row] = await db.select().from(routerScreensavers).where(and(eq(routerScreensavers.companyId, companyId), eq(routerScreensavers.publicId, publicId)));
  if (!row) throw new NotFound({ entity: TOPIC, publicId });
  return row;
}

export const screensaverRoutes: HandlersOf<"RouterScreensaverList" | "RouterScreensaver"> = {
  "RouterScreensaverList.GET": async (ctx) => {
    const s = routerScreensavers;
    const { after, orderBy } = keyset([s.id], ctx.list.pageAfter);
    // octet_length of a bytea is its stored length: no image bytes leave the database for a list.
    const rows = await ctx.db.select({ ...META, bytes: sql<number>`octet_length(${s.png})::int` }).from(s)
      .where(after ? and(eq(s.companyId, companyOf(ctx).id), after) : eq(s.companyId, companyOf(ctx).id))
      .orderBy(...orderBy).limit(ctx.list.pageSize + 1);
    const out = page(rows, ctx.list.pageSize, (r) => [r.id]);
    return { type: TOPIC, data: out.rows.map((r) => view({ ...r, bytes: Number(r.bytes) })), moreAfter: out.moreAfter };
  },

  "RouterScreensaverList.POST": async (ctx) => {
    const checked = checkScreensaverUpload(ctx.body.name, ctx.body.image);
    if (Result.isFailure(checked)) {
      const f = checked.failure;
      throw "status" in f ? new HttpProblem(f.status, [f.issue]) : f;
    }
    const { png, width, height } = await toPng(checked.success.bytes);
    const companyId = companyOf(ctx).id;
    const row = await ctx.db.transaction(async (tx) => {
      // The company row is locked so that two uploads cannot both pass the count.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(routerScreensavers).where(eq(routerScreensavers.companyId, companyId));
      if (!canAddScreensaver(n)) throw new Conflict({ issues: [{ message: TOO_MANY_SCREENSAVERS }] });
      const [made] = await tx.insert(routerScreensavers).values({ publicId: newPublicId(), companyId, name: checked.success.name, width, height, png }).returning(META);
      const meta = { ...made!, bytes: png.length };
      await writeAudit(tx, actorOf(ctx), [{ action: "CREATE", topic: TOPIC, target: meta.publicId, after: view(meta) }]);
      return meta;
    });
    return { type: TOPIC, data: view(row), status: 201 };
  },

  "RouterScreensaver.GET": async (ctx) => {
    const row = await findOne(ctx.db, companyOf(ctx).id, ctx.params["publicId"] ?? "");
    await ctx.reply.header("content-type", "image/png").header("cache-control", "private, max-age=3600")
      .header("content-security-policy", "default-src 'none'; sandbox").send(row.png);
    return { type: TOPIC, data: null, raw: true };
  },

  "RouterScreensaver.DELETE": async (ctx) => {
    const row = await findOne(ctx.db, companyOf(ctx).id, ctx.params["publicId"] ?? "");
    await ctx.db.transaction(async (tx) => {
      await tx.delete(routerScreensavers).where(eq(routerScreensavers.id, row.id));
      await writeAudit(tx, actorOf(ctx), [{ action: "DELETE", topic: TOPIC, target: row.publicId, before: view({ ...row, bytes: row.png.length }) }]);
    });
    return { type: TOPIC, data: { publicId: row.publicId } };
  },
};
