import type { Effect } from "effect";
import type { CompanyUser, InviteLinkInfo, MyInvite, PendingInvite } from "../../domain/CompanyUser";
import type { Conflict, NotFound } from "../../errors";
import type { CallError, Created, ListPage, ListRequest } from "./common";

/** The users list's request: api.md's list query plus the search text and the sort column. */
export interface UserListRequest extends ListRequest {
  /** Case-insensitive, in the name and the e-mail. */
  readonly search?: string;
  readonly sort?: "name" | "email";
}

/** A member's change: another role, or temporary access (a date; null makes it permanent). */
export interface UserPatch {
  readonly role?: { readonly publicId: string };
  readonly expiresOn?: string | null;
}

/** One address to invite. */
export interface InviteInput {
  readonly email: string;
  readonly role: { readonly publicId: string };
  readonly groups?: ReadonlyArray<{ readonly publicId: string }>;
  readonly name?: string;
  readonly expiresOn?: string | null;
}

/** Accepting an invite link with a new account. */
export interface InviteFinish {
  readonly token: string;
  readonly name: string;
  readonly password: string;
  readonly termsOfUsePolicy?: string;
}

/** The company joined by an accepted invite, and the user who joined. */
export interface InviteJoined {
  readonly publicId: string;
  readonly company: { readonly publicId: string };
}

/**
 * Users and invites (issue 11). Member changes fail with Conflict LAST_ADMINISTRATOR when they
 * would leave the company without an administrator (rules/administrators.ts); invite batches are
 * one transaction, their issues carry the failing address's listIndex.
 */
export interface UsersApi {
  /** A page of the selected company's members. Needs invite:user. Fails with a CallError. */
  readonly list: (request?: UserListRequest) => Effect.Effect<ListPage<CompanyUser>, CallError>;
  /** Changes a member; answers it as it is now. Fails with InvalidInput (EXPIRES_ON_IN_THE_PAST...), NotFound, Conflict or a CallError. */
  readonly update: (publicId: string, patch: UserPatch) => Effect.Effect<CompanyUser, CallError | NotFound | Conflict>;
  /** Removes a member from the company. Fails with NotFound, Conflict or a CallError. */
  readonly remove: (publicId: string) => Effect.Effect<void, CallError | NotFound | Conflict>;
  /** The company's pending invites. */
  readonly invites: () => Effect.Effect<ReadonlyArray<PendingInvite>, CallError>;
  /** Invites a batch, all or none. Fails with InvalidInput, Conflict (ALREADY_A_MEMBER, ALREADY_INVITED) or a CallError. */
  readonly invite: (batch: ReadonlyArray<InviteInput>) => Effect.Effect<ReadonlyArray<Created>, CallError | Conflict>;
  /** Mails the invite again with a new link (the old one stops working). Fails with NotFound or a CallError. */
  readonly resendInvite: (publicId: string) => Effect.Effect<PendingInvite, CallError | NotFound>;
  /** Withdraws an invite: its link stops working. Fails with NotFound or a CallError. */
  readonly withdrawInvite: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
  /** What an invite link is for (no sign-in). Fails with InvalidInput INVITE_LINK_INVALID or a CallError. */
  readonly inviteLink: (token: string) => Effect.Effect<InviteLinkInfo, CallError>;
  /** Accepts a link with a new account (no sign-in). Fails with InvalidInput, Conflict ACCOUNT_EXISTS_SIGN_IN or a CallError. */
  readonly finishInvite: (finish: InviteFinish) => Effect.Effect<InviteJoined, CallError | Conflict>;
  /** Accepts a link as the signed-in user. Fails with InvalidInput (INVITE_LINK_INVALID, TERMS_OF_USE_NOT_ACCEPTED) or a CallError. */
  readonly finishInviteSignedIn: (token: string, termsOfUsePolicy?: string) => Effect.Effect<InviteJoined, CallError>;
  /** Invites addressed to the signed-in user. */
  readonly myInvites: () => Effect.Effect<ReadonlyArray<MyInvite>, CallError>;
  /** Accepts one of my invites. Fails with NotFound, InvalidInput TERMS_OF_USE_NOT_ACCEPTED or a CallError. */
  readonly acceptMyInvite: (publicId: string, termsOfUsePolicy?: string) => Effect.Effect<InviteJoined, CallError | NotFound>;
  /** Declines one of my invites. Fails with NotFound or a CallError. */
  readonly declineMyInvite: (publicId: string) => Effect.Effect<void, CallError | NotFound>;
}
