/**
 * Request bodies of the route table, bounded. Fields that a business rule judges (a name, a
 * colour, a translation key) are RuleText: the schema bounds their size and storability, and the
 * rule answers the spec's own messages (REQUIRED, NAME_ALREADY_IN_USE, 'Required property').
 */
import { Schema } from "effect";
import { RuleLanguages, RuleText, Text, TEXT_MAX_LENGTH, TOKEN_MAX_LENGTH } from "./bounds";
import { NAME_WIRE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "./sessionPayloads";
import { POLICY_BODY_MAX_LENGTH } from "../rules/policyBuilder";

export { AccessTokenBody, NAME_WIRE_MAX_LENGTH, OtpBody, PASSWORD_MAX_LENGTH, PasswordChangeBody, ProfileBody } from "./sessionPayloads";

/** An `order` value: a whole number in PostgreSQL's integer range. */
export const OrderValue = Schema.Number.check(
  Schema.makeFilter<number>((n) => (Number.isInteger(n) && Math.abs(n) < 2 ** 31) || "Must be a whole number", {
    toJsonSchema: () => ({ type: "integer", minimum: -(2 ** 31) + 1, maximum: 2 ** 31 - 1 }),
  }),
);

const name = Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH));
const color = Schema.optional(RuleText(32));
const order = Schema.optional(OrderValue);
/** A publicId inside a body; the handler answers 'Required property' when it is missing. */
const publicId = Schema.optional(RuleText(TOKEN_MAX_LENGTH));

/** A group type to create, or its changes (item PATCH). */
export const GroupTypeBody = Schema.Struct({ name, color, order });
/** One item of a bulk PATCH of group types (a reorder, a rename). */
export const GroupTypeBulkBody = Schema.Struct({ publicId, name, color, order });
/** An asset type to create, or its changes. */
export const AssetTypeBody = Schema.Struct({ name, order });
export const AssetTypeBulkBody = Schema.Struct({ publicId, name, order });
/** One item of a bulk DELETE. */
export const PublicIdBody = Schema.Struct({ publicId });

/** A translation to create or upsert, or the changes of one (item PATCH). */
export const TranslationBody = Schema.Struct({
  key: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  languages: Schema.optional(RuleLanguages(TEXT_MAX_LENGTH)),
});
export const TranslationBulkBody = Schema.Struct({ publicId, ...TranslationBody.fields });
/** `POST /api/translations?mode=upsert`: add unknown keys, change differing ones. */
export const TranslationListQuery = Schema.Struct({ mode: Schema.optional(Schema.Literal("upsert")) });
/** GET the translations list: a search in the keys and texts, and the sort (rules/translations.ts). */
export const TranslationSearchQuery = Schema.Struct({
  search: Schema.optional(Text(TOKEN_MAX_LENGTH)),
  sort: Schema.optional(Schema.Literals(["key", "english"])),
});

/** Most approvers or servers one access request may name (a device has far fewer). */
export const ACCESS_REQUEST_LIST_MAX = 200;
const refList = Schema.optional(Schema.Array(Schema.Struct({ publicId })).check(Schema.isMaxLength(ACCESS_REQUEST_LIST_MAX)));

/**
 * POST an access request for an agent (spec 3, "Access request payload"). Every field is
 * optional on the wire so that the rule (rules/accessWindow.ts newRequestIssues) answers the
 * spec's REQUIRED / INVALID_DATE_AND_TIME with the field, rather than a schema message.
 */
export const AccessRequestBody = Schema.Struct({
  allowedApprovers: refList,
  servers: refList,
  vpn: Schema.optional(Schema.Boolean),
  reason: Schema.optional(RuleText(TEXT_MAX_LENGTH)),
  start: Schema.optional(RuleText(64)),
  end: Schema.optional(RuleText(64)),
});

/** An approver's decision (approve, reject, revoke): an optional comment for the requester. */
export const DecisionBody = Schema.UndefinedOr(Schema.Struct({ comment: Schema.optional(RuleText(TEXT_MAX_LENGTH)) }));

/** Extending my approved access by one of the offered durations (default: the first, 30 minutes). */
export const ExtensionBody = Schema.UndefinedOr(Schema.Struct({
  duration: Schema.optional(Schema.Struct({ format: Schema.Literals(["minutes", "hours"]), value: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1000 })) })),
  reason: Schema.optional(RuleText(TEXT_MAX_LENGTH)),
}));

/**
 * The Devices list's own query (besides fields, filters and paging): `search` on the name (case-
 * and accent-insensitive), `online` true or false, `group` a group's publicId.
 */
export const AgentListQuery = Schema.Struct({
  search: Schema.optional(Text(TOKEN_MAX_LENGTH)),
  online: Schema.optional(Schema.Literals(["true", "false"])),
  group: Schema.optional(Text(TOKEN_MAX_LENGTH)),
});

/**
 * Which requests a list shows. My requests: pending (waiting or scheduled), active, past. An
 * approver's: pending (addressed to me and waiting), active (approved on my devices, not ended),
 * history (decided or ended). Without `box`, all of them.
 */
export const AccessRequestListQuery = Schema.Struct({
  box: Schema.optional(Schema.Literals(["pending", "active", "past", "history"])),
});

/** Which tunnel sessions the Active sessions view lists: live ones (default) or every recent one. */
export const TunnelSessionListQuery = Schema.Struct({
  state: Schema.optional(Schema.Literals(["live", "all"])),
});

// Users and invites (issue 11). Rule-judged fields are RuleText, so rules/users.ts answers its
// own sentences (INVALID_EMAIL, EXPIRES_ON_IN_THE_PAST, PASSWORD_TOO_SHORT...) with the field.
// A reference `{publicId}`: a record whose only key is publicId, so that any other key is a 400
// on the field (a Struct would drop it silently and the rule would answer REQUIRED instead).
const ruleRef = Schema.optional(Schema.NullOr(Schema.Record(Schema.String, Schema.NullOr(Text(TOKEN_MAX_LENGTH))).check(
  Schema.makeFilter<Readonly<Record<string, string | null>>>((m) => Object.keys(m).every((k) => k === "publicId") || "Only publicId may be given"),
)));

/** The users list's own query: `search` in name and e-mail, `sort` by name (default) or e-mail. */
export const UserListQuery = Schema.Struct({
  search: Schema.optional(Text(TOKEN_MAX_LENGTH)),
  sort: Schema.optional(Schema.Literals(["name", "email"])),
});
/** PATCH a member: another role, or temporary access (a date or instant; null makes it permanent). */
export const UserPatchBody = Schema.Struct({ role: ruleRef, expiresOn: Schema.optional(RuleText(64)) });
/** One invite: the address, the role, optional groups, a name for the new account and temporary access. */
export const InviteBody = Schema.Struct({
  email: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  role: ruleRef,
  groups: Schema.optional(Schema.Array(Schema.Struct({ publicId })).check(Schema.isMaxLength(ACCESS_REQUEST_LIST_MAX))),
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  expiresOn: Schema.optional(RuleText(64)),
});
/** The invite link's token, as the accept page reads it from `?token=`. */
export const InviteTokenQuery = Schema.Struct({ token: Schema.optional(Text(TOKEN_MAX_LENGTH)) });
/** Accepting with a new account: the link's token, the account's name and password, the terms' publicId. */
export const InviteFinishBody = Schema.Struct({
  token: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  password: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
  termsOfUsePolicy: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
});
/** Accepting as a signed-in user: by link token (the accept page) or by publicId (my invites). */
export const MyInviteAcceptBody = Schema.UndefinedOr(Schema.Struct({
  token: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  termsOfUsePolicy: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
}));
// Groups and memberships (issue 11). References travel as `{publicId}` objects, like the spec's
// access request payload; a missing one is the handler's 'Required property' with the field.
const ref = Schema.Struct({ publicId: Text(TOKEN_MAX_LENGTH) });
const optionalRef = Schema.optional(Schema.NullOr(ref));

/** A group to create (name, type, optional parent), or the changes of one (item PATCH: name, parent). */
export const GroupBody = Schema.Struct({ name, type: optionalRef, parent: optionalRef });
/** One item of a bulk PATCH of groups: a rename or a move. */
export const GroupBulkBody = Schema.Struct({ publicId, name, parent: optionalRef });
/** One membership to add: a user holding a role in a group. */
export const GroupMembershipBody = Schema.Struct({ user: optionalRef, group: optionalRef, role: optionalRef });
/** One item of a bulk PATCH of memberships: the new role. */
export const GroupMembershipBulkBody = Schema.Struct({ publicId, role: optionalRef });
/** Most memberships one user's replacement may list. */
export const USER_GROUP_MEMBERSHIPS_MAX = 1000;
/** PUT a user's group memberships: the whole new list (empty: the user leaves every group). */
export const UserGroupMembershipsBody = Schema.Array(Schema.Struct({ group: optionalRef, role: optionalRef }))
  .check(Schema.isMaxLength(USER_GROUP_MEMBERSHIPS_MAX));
/** The member picker's query: `search` in the name or e-mail (case-insensitive). */
export const GroupCandidateQuery = Schema.Struct({ search: Schema.optional(Text(TOKEN_MAX_LENGTH)) });
/**
 * A role to create, or its changes (PATCH: a new name, the new set of rights, or both). Rights are
 * kept as strings on the wire so that the rule answers UNKNOWN_RIGHT with the field (rules/roles.ts).
 */
export const ROLE_RIGHTS_MAX = 64;
export const RoleBody = Schema.Struct({
  name,
  rights: Schema.optional(Schema.Array(Text(TOKEN_MAX_LENGTH)).check(Schema.isMaxLength(ROLE_RIGHTS_MAX))),
});
/** An access category (audience) to create, or its new name. The default is set through AudienceDefault. */
export const AudienceBody = Schema.Struct({ name });
/** The access category to give a member or a device; null takes it away. */
export const AudienceAssignmentBody = Schema.Struct({ audience: Schema.NullOr(Schema.Struct({ publicId: Text(TOKEN_MAX_LENGTH) })) });

/** POST my e-mail change: the new address, confirmed by my password; a link goes to the new address. */
export const EmailChangeBody = Schema.Struct({
  email: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  password: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
});

/** A token read from a link in a mail (e-mail confirmation, password reset, registration). */
export const MailTokenBody = Schema.Struct({ token: Schema.optional(RuleText(TOKEN_MAX_LENGTH)) });

/** POST a password reset request: the address to send the link to. */
export const PasswordResetRequestBody = Schema.Struct({ email: Schema.optional(RuleText(TOKEN_MAX_LENGTH)) });

/** POST a password reset: the token of the link and the new password. */
export const PasswordResetBody = Schema.Struct({
  token: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  newPassword: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
});

/**
 * An MQTT broker client to create, or its changes (rules/mqttBrokers.ts judges the fields).
 * `password`: absent keeps the stored one, null or "" clears it, text replaces it; it is never sent back.
 */
export const MqttBrokerBody = Schema.Struct({
  name,
  host: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  port: Schema.optional(Schema.NullOr(Schema.Number.check(Schema.makeFilter<number>((n) => Number.isFinite(n) || "Must be a number")))),
  tls: Schema.optional(Schema.NullOr(Schema.Boolean)),
  clientId: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  username: Schema.optional(RuleText(TOKEN_MAX_LENGTH * 2)),
  password: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
  topics: Schema.optional(Schema.NullOr(Schema.Array(Text(TOKEN_MAX_LENGTH * 2)).check(Schema.isMaxLength(200)))),
  enabled: Schema.optional(Schema.NullOr(Schema.Boolean)),
});
/** One item of a bulk PATCH of broker clients. */
export const MqttBrokerBulkBody = Schema.Struct({ publicId, ...MqttBrokerBody.fields });
/**
 * A connection test: the settings as the form holds them. With `publicId` of a stored client and
 * no password, the stored password is used (the form never sees it).
 */
export const MqttConnectionTestBody = Schema.Struct({ publicId, ...MqttBrokerBody.fields });
/** POST a registration (/register): name, address, password and optionally a language. */
export const RegistrationBody = Schema.Struct({
  name: Schema.optional(RuleText(NAME_WIRE_MAX_LENGTH)),
  email: Schema.optional(RuleText(TOKEN_MAX_LENGTH)),
  password: Schema.optional(RuleText(PASSWORD_MAX_LENGTH)),
  language: Schema.optional(RuleText(35)),
});

/** PATCH one of my messages: read or unread. */
export const MessagePatchBody = Schema.Struct({ read: Schema.optional(Schema.Boolean) });
/** One item of a bulk PATCH of my messages (mark several read or unread in one transaction). */
export const MessageBulkPatchBody = Schema.Struct({ publicId, read: Schema.optional(Schema.Boolean) });

/** GET a privacy statement or terms: the language wanted (else the user's, else the browser's). */
export const PolicyQuery = Schema.Struct({ language: Schema.optional(Text(35)) });

/**
 * A new version of the company's terms of use or privacy statement (the builders, issue 12): the
 * English body and the other languages, HTML the server sanitises before storing. Bounded here;
 * core's rules/policyBuilder.ts judges the rest (blank English, language codes).
 */
export const PolicyPublishBody = Schema.Struct({
  body: Schema.optional(RuleText(POLICY_BODY_MAX_LENGTH)),
  languages: Schema.optional(RuleLanguages(POLICY_BODY_MAX_LENGTH)),
});
/** Publishing terms also says whose terms apply from now on (spec 3 Company customTermsOfUse); absent: the company's own. */
export const TermsPublishBody = Schema.Struct({
  ...PolicyPublishBody.fields,
  customTermsOfUse: Schema.optional(Schema.Literals(["company", "sector"])),
});
/** Switches whose terms apply without publishing a version. */
export const TermsSourceBody = Schema.Struct({ customTermsOfUse: Schema.Literals(["company", "sector"]) });
