/**
 * A role of a company (spec.md section 6): a name and the feature rights it grants. Memberships
 * (a user in the company) and group memberships (a user in a group) each hold one role.
 */
import { Schema } from "effect";
import { RightSchema } from "./Right";

/** A role as the roles screen lists it: `members` counts the company members holding it. */
export const Role = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  rights: Schema.Array(RightSchema),
  members: Schema.Number,
});
export type Role = typeof Role.Type;

/** Body of a create: the name, and the rights it starts with (none when left out). */
export interface RoleCreate {
  readonly name: string;
  readonly rights?: ReadonlyArray<string>;
}

/** Body of a PATCH: a new name, a new set of rights (replacing the old one), or both. */
export interface RoleUpdate {
  readonly name?: string;
  readonly rights?: ReadonlyArray<string>;
}
