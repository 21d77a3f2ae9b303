/**
 * Users of a company and invites (spec.md sections 2, 3 and 7, issue 11): a member as the users
 * screen lists it (name, e-mail, role, temporary access), a pending invite as administrators see
 * it, an invite as the invited user sees it (my invites), and what the accept page shows.
 */
import { Schema } from "effect";

/** A role as a member or an invite refers to it. */
export const RoleRef = Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) });
export type RoleRef = typeof RoleRef.Type;

/**
 * A member of the selected company. `publicId` is the user's; `expiresOn` (UTC ISO) is the end of
 * a temporary access, null when the membership is permanent.
 */
export const CompanyUser = Schema.Struct({
  publicId: Schema.String,
  name: Schema.String,
  email: Schema.String,
  role: Schema.NullOr(RoleRef),
  expiresOn: Schema.NullOr(Schema.String),
});
export type CompanyUser = typeof CompanyUser.Type;

/** A pending invite of the selected company (the token is never shown: it is only in the mail). */
export const PendingInvite = Schema.Struct({
  publicId: Schema.String,
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
  role: Schema.NullOr(RoleRef),
  groups: Schema.Array(Schema.Struct({ publicId: Schema.String, name: Schema.optional(Schema.String) })),
  /** Temporary access the membership will have once accepted (UTC ISO), or null. */
  memberExpiresOn: Schema.NullOr(Schema.String),
  /** When the invite link stops working (UTC ISO). */
  expiresOn: Schema.String,
  createdAt: Schema.String,
});
export type PendingInvite = typeof PendingInvite.Type;

/** The terms a company asks its new members to accept, when it has any. */
export const InviteTerms = Schema.Struct({ publicId: Schema.String, body: Schema.String });

/** An invite addressed to me (my invites): the company, the role, and the terms to accept, if any. */
export const MyInvite = Schema.Struct({
  publicId: Schema.String,
  company: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  role: Schema.NullOr(RoleRef),
  expiresOn: Schema.String,
  termsOfUse: Schema.NullOr(InviteTerms),
});
export type MyInvite = typeof MyInvite.Type;

/**
 * What the accept page shows for an invite link: the company, the invited address, whether an
 * account with that address exists (then the page asks to sign in) and the terms to accept.
 * Only the holder of the link (who received the mail at that address) learns this.
 */
export const InviteLinkInfo = Schema.Struct({
  company: Schema.Struct({ publicId: Schema.String, name: Schema.String }),
  email: Schema.String,
  name: Schema.NullOr(Schema.String),
  accountExists: Schema.Boolean,
  termsOfUse: Schema.NullOr(InviteTerms),
});
export type InviteLinkInfo = typeof InviteLinkInfo.Type;
