import type { Effect } from "effect";
import type { Audience, AudienceAssignment } from "../../domain/Audience";
import type { Role, RoleCreate, RoleUpdate } from "../../domain/Role";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** Roles of the selected company (rules/roles.ts says what is valid; administrators.ts what keeps an administrator). */
export interface RolesApi {
  /** A page of roles by name, with their rights and member counts. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<Role>, CallError>;
  /** Adds a role. Fails with InvalidInput (REQUIRED, too long, UNKNOWN_RIGHT), Conflict ROLE_NAME_ALREADY_IN_USE or a CallError. */
  readonly add: (input: RoleCreate) => Effect.Effect<Created, CallError | Conflict>;
  /**
   * Renames a role or replaces its rights; answers the role as saved. Fails with NotFound,
   * InvalidInput, Conflict (ROLE_NAME_ALREADY_IN_USE, LAST_ADMINISTRATOR) or a CallError.
   */
  readonly update: (publicId: string, patch: RoleUpdate) => Effect.Effect<Role, CallError | NotFound | Conflict>;
  /** Deletes a role. Fails with Conflict ROLE_IN_USE (or LAST_ADMINISTRATOR), NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
}

/** Access categories (audiences) of the selected company (rules/accessCategories.ts, rules/audiences.ts). */
export interface AudiencesApi {
  /** A page of access categories by name. Fails with a CallError. */
  readonly list: (request?: ListRequest) => Effect.Effect<ListPage<Audience>, CallError>;
  /** Adds one. Fails with InvalidInput, Conflict AUDIENCE_NAME_ALREADY_IN_USE or a CallError. */
  readonly add: (name: string) => Effect.Effect<Created, CallError | Conflict>;
  /** Renames one. Fails with NotFound, InvalidInput, Conflict AUDIENCE_NAME_ALREADY_IN_USE or a CallError. */
  readonly rename: (publicId: string, name: string) => Effect.Effect<Audience, CallError | NotFound | Conflict>;
  /** Deletes one. Fails with Conflict 'Audience is still in use', NotFound or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** Makes it the company's one default (spec 7 POST audience default). Fails with NotFound or a CallError. */
  readonly setDefault: (publicId: string) => Effect.Effect<Audience, CallError | NotFound | Conflict>;
  /** Unsets it as the default (spec 7 DELETE audience default). Fails with NotFound or a CallError. */
  readonly unsetDefault: (publicId: string) => Effect.Effect<Audience, CallError | NotFound | Conflict>;
  /** The category a member ("user", by user publicId) or a device ("agent") carries. Fails with NotFound or a CallError. */
  readonly assignmentOf: (target: AudienceTarget) => Effect.Effect<AudienceAssignment, CallError | NotFound>;
  /**
   * Gives the member or device the category `audiencePublicId` (null: none); answers what it now
   * carries. Fails with NotFound, InvalidInput UNKNOWN_AUDIENCE (a CallError) or a CallError.
   */
  readonly assign: (target: AudienceTarget, audiencePublicId: string | null) => Effect.Effect<AudienceAssignment, CallError | NotFound>;
}

/** Who carries an access category: a member of the company or a device. */
export interface AudienceTarget {
  readonly kind: "user" | "agent";
  readonly publicId: string;
}
