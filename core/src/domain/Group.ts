/**
 * Groups (spec.md section 2, groups pages; issue 11): a named set of a company's members and
 * devices, of one group type, optionally under a parent group of the same type (subgroups). The
 * colour is the group type's. A membership (spec 3, "User membership") links a user to a group
 * with a role, whose rights apply on the group's devices (rules/deviceRights.ts).
 */
import { Schema } from "effect";

/** A reference by publicId, with the name where the answer carries it. */
const NamedRef = Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) });

export const Group = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  /** The group type; `color` is the type's colour (null when the type has none). */
  type: Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String), color: Schema.optional(Schema.NullOr(Schema.String)) }),
  /** The parent group (a subgroup's); null or absent for a top-level group. */
  parent: Schema.optional(Schema.NullOr(Schema.Struct({ publicId: Schema.String }))),
});
export type Group = typeof Group.Type;

/** A user as a group page shows them (members, candidates). */
export const GroupUser = Schema.Struct({ publicId: Schema.String, name: Schema.String, email: Schema.String });
export type GroupUser = typeof GroupUser.Type;

/** One membership: a user holding a role in a group. */
export const GroupMembership = Schema.Struct({
  publicId: Schema.String,
  user: GroupUser,
  group: NamedRef,
  role: NamedRef,
});
export type GroupMembership = typeof GroupMembership.Type;

/** A device in a group, by publicId and name. */
export const GroupAgent = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type GroupAgent = typeof GroupAgent.Type;

/** A role a member may be given in a group. */
export const GroupRoleChoice = Schema.Struct({ publicId: Schema.String, name: Schema.String });
export type GroupRoleChoice = typeof GroupRoleChoice.Type;
