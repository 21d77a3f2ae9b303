/**
 * A company's identity (issue 12, spec 2 "identity", 3 "Branding" and "Company"): what a company
 * administrator (manage:branding) edits on the Identity screen. Names, links and colours are
 * the branding's and the company's fields; images are URLs the server serves
 * (`/api/branding-images/<id>.png`), null when none is set.
 */
import { Schema } from "effect";
import { Theme } from "./Branding";

export const CompanyIdentity = Schema.Struct({
  /** The company's publicId. */
  publicId: Schema.String,
  name: Schema.String,
  theme: Theme,
  primaryColor: Schema.NullOr(Schema.String),
  browserTitle: Schema.NullOr(Schema.String),
  fqdn: Schema.NullOr(Schema.String),
  logo: Schema.NullOr(Schema.String),
  appleTouchIcon: Schema.NullOr(Schema.String),
  favicon: Schema.NullOr(Schema.String),
  appleAppStoreLink: Schema.NullOr(Schema.String),
  googlePlayStoreLink: Schema.NullOr(Schema.String),
});
export type CompanyIdentity = typeof CompanyIdentity.Type;

/** The images a company sets, each processed to its own size (rules/identity.ts IMAGE_SIZES). */
export const IDENTITY_IMAGES = ["logo", "appleTouchIcon", "favicon"] as const;
export type IdentityImage = (typeof IDENTITY_IMAGES)[number];

/** A company menu item (spec 3 "Menu item"): a link shown in the left menu, in order. */
export const MenuItem = Schema.Struct({
  publicId: Schema.String,
  label: Schema.String,
  url: Schema.String,
  order: Schema.Number,
});
export type MenuItem = typeof MenuItem.Type;
