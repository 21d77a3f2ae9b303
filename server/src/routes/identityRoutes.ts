/**
 * The company identity (issue 12): GET and PATCH the selected company's name, theme, primary
 * colour, browser title, fqdn, images and app-store links (manage:branding), and the public
 * image files. A PATCH is one transaction with the company row locked, one audit entry, and one
 * BRANDING_CHANGED_EVENT to every user of the company so that their apps follow at once. Images
 * are processed (core's checks, then sharp) before the transaction opens.
 */
import { and, eq, ne } from "drizzle-orm";
import { Result } from "effect";
import { IDENTITY_IMAGES, type IdentityImage } from "@portal/core/domain/Identity";
import { Conflict, NotFound } from "@portal/core/errors";
import { validateIdentity } from "@portal/core/rules/identity";
import { BRANDING_CHANGED_EVENT, type BrandingChangedEvent } from "@portal/core/wire/events";
import { writeAudit } from "../audit/writeAudit";
import { processImage, imageIdOf, storeImage } from "../branding/brandingImages";
import { brandingShared, companyUserIds, identityFields, identityRows, identityView } from "../branding/identityView";
import { brandingImages, brandings, companies } from "../db/schema";
import { EventHub } from "../events/EventHub";
import { actorOf, companyOf, type HandlersOf } from "../http/RequestContext";
import { newPublicId } from "../ids";

export const FQDN_IN_USE = "FQDN_IN_USE";
/** A year: image URLs change with every upload, so an image never changes under its URL. */
const IMAGE_CACHE = "public, max-age=31536000, immutable";

export const identityRoutes: HandlersOf<"CompanyIdentity" | "BrandingImage"> = {
  "CompanyIdentity.GET": async (ctx) => {
    const { company, branding } = await identityRows(ctx.db, companyOf(ctx).id);
    return { type: "CompanyIdentity", data: identityView(company, branding) };
  },

  "CompanyIdentity.PATCH": async (ctx) => {
    const body = ctx.body as Record<string, unknown>;
    // Images first, outside the transaction: decoding and resizing may take a moment.
    const images = new Map<IdentityImage, Buffer | null>();
    for (const kind of IDENTITY_IMAGES) {
      const upload = body[kind] as { base64: string } | null | undefined;
      if (upload === null) images.set(kind, null);
      else if (upload !== undefined) images.set(kind, await processImage(kind, upload.base64));
    }
    const after = await ctx.db.transaction(async (tx) => {
      const companyId = companyOf(ctx).id;
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
      const { company, branding } = await identityRows(tx, companyId);
      const checked = validateIdentity(body, identityFields(company, branding));
      if (Result.isFailure(checked)) throw checked.failure;
      const fields = checked.success;
      if (fields.fqdn !== null) {
        const [taken] = await tx.select({ id: brandings.id }).from(brandings)
          .where(branding ? and(eq(brandings.fqdn, fields.fqdn), ne(brandings.id, branding.id)) : eq(brandings.fqdn, fields.fqdn)).limit(1);
        if (taken) throw new Conflict({ issues: [{ message: FQDN_IN_USE, propertyName: "fqdn" }] });
      }
      const url = async (kind: IdentityImage, current: string | null): Promise<string | null> => {
        const png = images.get(kind);
        if (png === undefined) return current;
        return png === null ? null : storeImage(tx, companyId, png);
      };
      const values = {
        name: fields.name, theme: fields.theme, fqdn: fields.fqdn,
        logo: await url("logo", branding?.logo ?? null), appleTouchIcon: await url("appleTouchIcon", branding?.appleTouchIcon ?? null),
        custom: {
          ...(branding?.custom ?? {}),
          ...(fields.browserTitle === null ? { glbBrowserTitle: undefined } : { glbBrowserTitle: fields.browserTitle }),
          ...(fields.primaryColor === null ? { glbPrimaryColor: undefined } : { glbPrimaryColor: fields.primaryColor }),
        },
      };
      // A branding shared with a sector or another company is copied, so that the edit is this company's only.
      let brandingId = branding?.id ?? null;
      if (brandingId !== null && !(await brandingShared(tx, brandingId, companyId))) {
        await tx.update(brandings).set(values).where(eq(brandings.id, brandingId));
      } else {
        const [row] = await tx.insert(brandings).values({ publicId: newPublicId(), ...values }).returning({ id: brandings.id });
        brandingId = row!.id;
      }
      await tx.update(companies).set({
        brandingId, favicon: await url("favicon", company.favicon),
        appleAppStoreLink: fields.appleAppStoreLink, googlePlayStoreLink: fields.googlePlayStoreLink,
      }).where(eq(companies.id, companyId));
      const next = await identityRows(tx, companyId);
      const view = identityView(next.company, next.branding);
      await writeAudit(tx, actorOf(ctx), [{ action: "UPDATE", topic: "CompanyIdentity", target: company.publicId, before: identityView(company, branding), after: view }]);
      const event: BrandingChangedEvent = { company: company.publicId };
      await EventHub.publishToAll(tx, await companyUserIds(tx, companyId), BRANDING_CHANGED_EVENT, event);
      return view;
    });
    return { type: "CompanyIdentity", data: after };
  },

  "BrandingImage.GET": async (ctx) => {
    const file = ctx.params["file"] ?? "";
    const publicId = imageIdOf(file);
    const [row] = publicId === undefined ? [] : await ctx.db.select().from(brandingImages).where(eq(brandingImages.publicId, publicId));
    if (!row) throw new NotFound({ entity: "Image", publicId: file });
    if (ctx.request.headers["if-none-match"] === `"${row.publicId}"`) {
      await ctx.reply.code(304).header("cache-control", IMAGE_CACHE).header("etag", `"${row.publicId}"`).send();
      return { type: "BrandingImage", data: null, raw: true };
    }
    await ctx.reply.header("content-type", row.contentType).header("cache-control", IMAGE_CACHE).header("etag", `"${row.publicId}"`)
      .header("content-security-policy", "default-src 'none'; sandbox").send(row.bytes);
    return { type: "BrandingImage", data: null, raw: true };
  },
};

