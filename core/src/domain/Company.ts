/**
 * Companies and sectors (spec.md section 3) as the signed-in user sees them: my companies with
 * my rights in each, a company with its parent chain (for the nearest fqdn), my sector, and the
 * terms of use either may carry.
 */
import { Schema } from "effect";
import { Branding } from "./Branding";
import { RightSchema } from "./Right";

/** A terms-of-use policy as offered to the user, with whether they accepted it. */
export const TermsOfUse = Schema.Struct({
  publicId: Schema.String,
  body: Schema.optional(Schema.String),
  accepted: Schema.optional(Schema.Boolean),
});
export type TermsOfUse = typeof TermsOfUse.Type;

/**
 * A company of mine, as listed on my-companies, with the rights I hold there. `expiresOn` is the
 * end of my temporary access to it (UTC ISO, rules/expiryWarning.ts companyAccessEnd); null or
 * absent when my access there is permanent.
 */
export const MyCompany = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  rights: Schema.Array(RightSchema),
  expiresOn: Schema.optional(Schema.NullOr(Schema.String)),
});
export type MyCompany = typeof MyCompany.Type;

/** A company; `parent` nests the parent company (and its parent) when asked for. */
export interface Company {
  readonly publicId: string;
  readonly name?: string | undefined;
  readonly customTermsOfUse?: "company" | "sector" | undefined;
  readonly latestTermsOfUse?: TermsOfUse | null | undefined;
  readonly branding?: Branding | null | undefined;
  readonly favicon?: string | null | undefined;
  readonly appleAppStoreLink?: string | null | undefined;
  readonly googlePlayStoreLink?: string | null | undefined;
  readonly parent?: Company | null | undefined;
}
export const Company: Schema.Codec<Company> = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.String),
  customTermsOfUse: Schema.optional(Schema.Literals(["company", "sector"])),
  latestTermsOfUse: Schema.optional(Schema.NullOr(TermsOfUse)),
  branding: Schema.optional(Schema.NullOr(Branding)),
  favicon: Schema.optional(Schema.NullOr(Schema.String)),
  appleAppStoreLink: Schema.optional(Schema.NullOr(Schema.String)),
  googlePlayStoreLink: Schema.optional(Schema.NullOr(Schema.String)),
  parent: Schema.optional(Schema.NullOr(Schema.suspend((): Schema.Codec<Company> => Company))),
});

/** My sector: its latest terms, branding and custom settings (release notes URL, platforms). */
export const Sector = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.String),
  latestTermsOfUse: Schema.optional(Schema.NullOr(TermsOfUse)),
  branding: Schema.optional(Schema.NullOr(Branding)),
  custom: Schema.optional(Schema.Struct({
    glbVpnClientReleaseNotesUrl: Schema.optional(Schema.NullOr(Schema.String)),
    glbSupportedPlatforms: Schema.optional(Schema.Array(Schema.String)),
  })),
});
export type Sector = typeof Sector.Type;
