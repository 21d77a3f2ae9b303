/**
 * Branding (spec.md section 3): fetched by host name, or carried by a company or sector. Every
 * field but publicId is optional because callers ask for only the fields they need (bootstrap
 * asks for `branding.fqdn` alone); rules/branding.ts reads what is there.
 */
import { Schema } from "effect";

export const THEMES = ["light", "dark"] as const;
export const Theme = Schema.Literals(THEMES);
export type Theme = typeof Theme.Type;

export const Branding = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.String),
  appleTouchIcon: Schema.optional(Schema.NullOr(Schema.String)),
  theme: Schema.optional(Theme),
  /** URL of the company's logo (shown in the top bar and on the sign-in page); null: none. */
  logo: Schema.optional(Schema.NullOr(Schema.String)),
  /** The host name the branding is served on, e.g. "portal.example.com". */
  fqdn: Schema.optional(Schema.NullOr(Schema.String)),
  custom: Schema.optional(Schema.Struct({
    glbBrowserTitle: Schema.optional(Schema.NullOr(Schema.String)),
    /** The primary colour `#rrggbb` of buttons and the top bar accent; null: the theme's own. */
    glbPrimaryColor: Schema.optional(Schema.NullOr(Schema.String)),
  })),
});
export type Branding = typeof Branding.Type;
