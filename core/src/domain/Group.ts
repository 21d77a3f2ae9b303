/** A group (spec.md section 2, groups pages): a named set of a company's members of one group type. */
import { Schema } from "effect";

export const Group = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  type: Schema.Struct({ publicId: Schema.String }),
});
export type Group = typeof Group.Type;
