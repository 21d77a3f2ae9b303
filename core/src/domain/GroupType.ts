/**
 * Group type (spec.md section 3): publicId, name (max 255), color (when subgroups are allowed),
 * order. The schemas check shape only; the business rules (required name, unique name, colour
 * required when shown) live in rules/groupTypes.ts because they need context.
 */
import { Schema } from "effect";
import { NAME_MAX_LENGTH } from "../constants";

/** A colour as `#rrggbb` (either case on input; the rules store lowercase). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** A `#rrggbb` colour string. */
export const HexColor = Schema.String.check(Schema.isPattern(HEX_COLOR_PATTERN));

/** A group type as stored and sent on the wire. `color` is absent or null when never set. */
export const GroupType = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String.check(Schema.isMaxLength(NAME_MAX_LENGTH)),
  color: Schema.optional(Schema.NullOr(HexColor)),
  order: Schema.Number,
});
export type GroupType = typeof GroupType.Type;

/**
 * Body of a create (POST list item). Name and colour are left loose on purpose so that
 * validateGroupTypeInput can report REQUIRED / NAME_ALREADY_IN_USE with the spec's messages
 * instead of a generic schema error. `order` is optional: the server assigns nextOrder.
 */
export const GroupTypeCreate = Schema.Struct({
  name: Schema.optional(Schema.Unknown),
  color: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type GroupTypeCreate = typeof GroupTypeCreate.Type;

/** Body of a PATCH on one group type: every field optional. */
export const GroupTypeUpdate = Schema.Struct({
  name: Schema.optional(Schema.Unknown),
  color: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type GroupTypeUpdate = typeof GroupTypeUpdate.Type;

/** One item of a bulk PATCH on the list (api.md: each item carries its publicId), e.g. a reorder. */
export const GroupTypeBulkUpdate = Schema.Struct({
  publicId: Schema.String,
  name: Schema.optional(Schema.Unknown),
  color: Schema.optional(Schema.Unknown),
  order: Schema.optional(Schema.Number),
});
export type GroupTypeBulkUpdate = typeof GroupTypeBulkUpdate.Type;
