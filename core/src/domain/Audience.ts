/**
 * Audience (shown to users as "access category"; spec.md section 3): publicId and a default
 * flag. At most one audience of a company is the default (rules/audiences.ts).
 */
import { Schema } from "effect";

/** An audience as stored and sent on the wire. `name` is what the access-category list shows. */
export const Audience = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.String),
  default: Schema.Boolean,
});
export type Audience = typeof Audience.Type;

/** Body of a create. The default flag is not set here but through the audience-default calls. */
export const AudienceCreate = Schema.Struct({ name: Schema.String });
export type AudienceCreate = typeof AudienceCreate.Type;

/** Body of a PATCH on one audience. */
export const AudienceUpdate = Schema.Struct({ name: Schema.optional(Schema.String) });
export type AudienceUpdate = typeof AudienceUpdate.Type;

/** Body of POST / DELETE audience default: the audience to set or unset. */
export const AudienceDefaultBody = Schema.Struct({ publicId: Schema.String });
export type AudienceDefaultBody = typeof AudienceDefaultBody.Type;

/**
 * The access category a member or a device carries (issue 11, rules/accessCategories.ts):
 * `publicId` is the member's (user publicId) or the device's; `audience` null means none (a member
 * without one sees every device; a device without one is seen by every member).
 */
export const AudienceAssignment = Schema.Struct({
  publicId: Schema.String,
  audience: Schema.NullOr(Schema.Struct({ publicId: Schema.String, name: Schema.String })),
});
export type AudienceAssignment = typeof AudienceAssignment.Type;
