import type { Effect } from "effect";
import type { Group, GroupAgent, GroupMembership, GroupRoleChoice, GroupUser } from "../../domain/Group";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** A group to create: name, type and, with manage:subgroups, a parent of the same type. */
export interface NewGroup {
  readonly name: string;
  readonly typePublicId: string;
  readonly parentPublicId: string | null;
}

/** A rename and/or move; an absent field keeps its value, parent null moves to the top level. */
export interface GroupChange {
  readonly name?: string;
  readonly parentPublicId?: string | null;
}

/** A membership to add: a user holding a role in a group. */
export interface NewMembership {
  readonly userPublicId: string;
  readonly groupPublicId: string;
  readonly rolePublicId: string;
}

/**
 * Groups of the selected company, their members and devices (issue 11). Writes need
 * manage:groups; the tree rules are core's rules/groupTree, the membership rules
 * rules/groupMemberships. Refusals come back as InvalidInput (400: a bad name or parent, a user
 * outside the company), Conflict (409: a sibling's name, in use, a duplicate) or NotFound, each
 * with the server's sentence key in its issues (not NotFound: its entity names what was missing).
 */
export interface GroupsApi {
  /**
   * A page of the groups of one group type. Needs manage:groups or manage:group-types.
   * Fails with Forbidden or another CallError.
   */
  readonly listByGroupType: (groupTypePublicId: string, request?: ListRequest) => Effect.Effect<ListPage<Group>, CallError>;
  /** Creates a group; answers its publicId. */
  readonly create: (group: NewGroup) => Effect.Effect<Created, CallError | Conflict | NotFound>;
  /** Renames and/or moves a group. */
  readonly update: (publicId: string, change: GroupChange) => Effect.Effect<void, CallError | Conflict | NotFound>;
  /** Deletes a group; Conflict (GROUP_HAS_SUBGROUPS, GROUP_HAS_MEMBERS, GROUP_HAS_DEVICES) while in use. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | Conflict | NotFound>;
  /** A page of the memberships of one group, by member name. */
  readonly listMembers: (groupPublicId: string, request?: ListRequest) => Effect.Effect<ListPage<GroupMembership>, CallError>;
  /** Adds memberships, all or none; answers their publicIds in order. */
  readonly addMembers: (items: ReadonlyArray<NewMembership>) => Effect.Effect<ReadonlyArray<Created>, CallError | Conflict | NotFound>;
  /** Gives memberships another role, all or none. */
  readonly changeRoles: (items: ReadonlyArray<{ readonly publicId: string; readonly rolePublicId: string }>) => Effect.Effect<void, CallError | Conflict | NotFound>;
  /** Removes memberships, all or none. */
  readonly removeMembers: (publicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound>;
  /** Replaces every group membership of one user at once; answers the user's memberships after. */
  readonly replaceUserMemberships: (
    userPublicId: string, items: ReadonlyArray<{ readonly groupPublicId: string; readonly rolePublicId: string }>,
  ) => Effect.Effect<ReadonlyArray<GroupMembership>, CallError | Conflict | NotFound>;
  /** The devices of a group, by name. */
  readonly listAgents: (groupPublicId: string) => Effect.Effect<ReadonlyArray<GroupAgent>, CallError | NotFound>;
  /** Puts devices in a group, all or none. */
  readonly addAgents: (groupPublicId: string, agentPublicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | Conflict | NotFound>;
  /** Takes devices out of a group, all or none. */
  readonly removeAgents: (groupPublicId: string, agentPublicIds: ReadonlyArray<string>) => Effect.Effect<void, CallError | NotFound>;
  /** The company's members matching `search` (name or e-mail), for the member picker. */
  readonly candidates: (groupPublicId: string, search: string) => Effect.Effect<ReadonlyArray<GroupUser>, CallError | NotFound>;
  /** The company's roles, by name, for the role picker. */
  readonly roleChoices: () => Effect.Effect<ReadonlyArray<GroupRoleChoice>, CallError>;
}
