/**
 * The English texts of every message key the portal can show (spec.md section 8 and every tagged
 * error of core/src/errors.ts), as sentences. Keys are what rules, the server and the wire carry
 * (REQUIRED, NAME_ALREADY_IN_USE, 'Required property', `error.NotFound`...); people only ever see
 * these texts, or a company's translation of the same key (messages.ts).
 *
 * `{name}`-style placeholders are filled from the params of the message; a text whose placeholder
 * has no value falls back to its `bare` form, so no brace ever reaches the screen.
 */
import { NAME_MAX_LENGTH } from "../constants";

export interface MessageText {
  /** The sentence, with `{param}` placeholders. */
  readonly text: string;
  /** The sentence to use when a placeholder of `text` has no value. */
  readonly bare?: string;
}

const t = (text: string, bare?: string): MessageText => (bare === undefined ? { text } : { text, bare });

/** Keys that rules and the server send, and the fixed texts of the error catalogue. */
const KEYED = {
  // Form errors (spec 5 and 8).
  REQUIRED: t("This field is required."),
  INVALID_DATE_AND_TIME: t("Enter a date and time that is not in the past."),
  NAME_ALREADY_IN_USE: t("Another group type is already named “{name}”. Choose a different name.", "This name is already in use. Choose a different name."),
  [`Must be at most ${NAME_MAX_LENGTH} characters`]: t(`Use at most ${NAME_MAX_LENGTH} characters.`),
  "Must be a colour in the form #rrggbb": t("Enter a colour as # followed by six hexadecimal digits, for example #2d72d2."),
  // Delete refusals (spec 5 and 8).
  CANNOT_DELETE_GROUP_TYPE: t("This group type cannot be deleted: it is the last one, or groups still use it."),
  "CANNOT_DELETE_GROUP_TYPE.last": t("The last group type cannot be deleted: add another one first."),
  "CANNOT_DELETE_GROUP_TYPE.in-use": t("This group type cannot be deleted while groups use it."),
  CANNOT_DELETE_ASSET_TYPE: t("This asset type cannot be deleted: it is the last one, or assets still use it."),
  "CANNOT_DELETE_ASSET_TYPE.last": t("The last asset type cannot be deleted: add another one first."),
  "CANNOT_DELETE_ASSET_TYPE.in-use": t("This asset type cannot be deleted while assets use it."),
  // People and rights (issue 11): a company always keeps an administrator (rules/administrators.ts).
  LAST_ADMINISTRATOR: t("A company needs at least one administrator. Give another person a role that can manage roles first."),
  // Users and invites (issue 11, rules/users.ts).
  INVALID_EXPIRES_ON: t("Enter the end of the temporary access as a date, for example 2026-12-31."),
  EXPIRES_ON_IN_THE_PAST: t("The temporary access must end in the future: choose today or a later date."),
  ALREADY_A_MEMBER: t("{email} is already a member of this company.", "This person is already a member of this company."),
  ALREADY_INVITED: t("{email} already has a pending invite: resend it from the list of invites.", "This address already has a pending invite: resend it from the list of invites."),
  DUPLICATE_EMAIL: t("This address appears more than once."),
  UNKNOWN_ROLE: t("This role does not exist in the company."),
  UNKNOWN_GROUP: t("This group does not exist in the company."),
  INVITE_LINK_INVALID: t("This invite link is not valid any more. Ask the company's administrator to send a new one."),
  TERMS_OF_USE_NOT_ACCEPTED: t("Accept the terms of use to join this company."),
  ACCOUNT_EXISTS_SIGN_IN: t("An account with this e-mail address already exists: sign in to accept the invite."),
  // Groups and memberships (issue 11): the server's refusals, with the field they concern.
  GROUP_NAME_IN_USE: t("Another group of this type under the same parent is already named “{name}”. Choose a different name.", "Another group of this type under the same parent has this name. Choose a different name."),
  GROUP_PARENT_NOT_FOUND: t("The chosen parent group does not exist (any more)."),
  GROUP_PARENT_OTHER_TYPE: t("A subgroup must be of the same group type as its parent."),
  GROUP_PARENT_CYCLE: t("A group cannot be placed under itself or under one of its own subgroups."),
  SUBGROUPS_NOT_ALLOWED: t("Your company cannot use subgroups: place the group at the top level."),
  GROUP_TYPE_NOT_FOUND: t("The chosen group type does not exist (any more)."),
  GROUP_HAS_SUBGROUPS: t("This group cannot be deleted while it has subgroups. Move or delete them first."),
  GROUP_HAS_MEMBERS: t("This group cannot be deleted while it has members. Remove them first."),
  GROUP_HAS_DEVICES: t("This group cannot be deleted while it has devices. Remove them from the group first."),
  MEMBERSHIP_DUPLICATE: t("This person already holds this role in this group."),
  MEMBERSHIP_UNKNOWN_USER: t("This person does not exist."),
  MEMBERSHIP_USER_NOT_IN_COMPANY: t("This person is not a member of the company, so they cannot join its groups."),
  MEMBERSHIP_UNKNOWN_GROUP: t("This group does not exist in the company."),
  MEMBERSHIP_UNKNOWN_ROLE: t("This role does not exist in the company."),
  MEMBERSHIP_NOT_FOUND: t("This membership does not exist (any more)."),
  GROUP_DEVICE_UNKNOWN: t("This device does not exist in the company."),
  GROUP_DEVICE_ALREADY_IN_GROUP: t("This device is already in the group."),
  GROUP_DEVICE_NOT_IN_GROUP: t("This device is not in the group."),
  // Roles and access categories (issue 11): the server's refusals (rules/roles.ts, rules/accessCategories.ts).
  ROLE_NAME_ALREADY_IN_USE: t("Another role is already named like this. Choose a different name."),
  ROLE_IN_USE: t("This role cannot be deleted while people or groups hold it. Give them another role first."),
  UNKNOWN_RIGHT: t("One of these rights does not exist. Reload the page and try again."),
  AUDIENCE_NAME_ALREADY_IN_USE: t("Another access category is already named like this. Choose a different name."),
  "Audience is still in use": t("This access category is still in use by people or devices, so it cannot be deleted."),
  ROLE_RIGHTS_SAVED: t("The rights of the role were saved."),
  // Notices (spec 8).
  PASSWORD_CHANGED: t("Your password has been changed."),
  NAME_HAS_APPROVED_YOUR_ACCESS_REQUEST: t("{name} has approved your access request.", "Your access request has been approved."),
  NAME_HAS_REJECTED_YOUR_ACCESS_REQUEST: t("{name} has rejected your access request.", "Your access request has been rejected."),
  NAME_HAS_REVOKED_YOUR_ACCESS_REQUEST: t("{name} has revoked your access request.", "Your access request has been revoked."),
  // Access requests (issue 9): the server's refusals, with the field they concern.
  ACCESS_REQUEST_ALREADY_DECIDED: t("This request is no longer waiting for a decision: another approver has decided it, or it was cancelled."),
  ACCESS_REQUEST_EXPIRED: t("This request has expired: the time it asked for has passed."),
  ACCESS_NOT_ACTIVE: t("This access has already ended."),
  CANNOT_DECIDE_OWN_ACCESS_REQUEST: t("You cannot decide on your own access request."),
  NOT_AN_APPROVER_OF_THIS_DEVICE: t("You are not an approver of this request's device."),
  ONLY_THE_REQUESTER_CAN_DO_THIS: t("Only the person who sent this request can do this."),
  NO_APPROVERS_FOR_THIS_DEVICE: t("Nobody can approve access requests for this device. Ask your administrator to assign an approver."),
  OVERLAPPING_ACCESS_REQUEST: t("You already have a request for this service on this device at that time."),
  APPROVER_NOT_ALLOWED: t("This person cannot approve requests for this device. Choose another approver."),
  SERVER_NOT_ON_THIS_DEVICE: t("This service is not on this device."),
  DURATION_NOT_OFFERED: t("Choose one of the offered durations."),
  // Access requests on the web (issue 9): what the user is told after an action of theirs.
  ACCESS_REQUEST_SUBMITTED: t("Your request was submitted."),
  ACCESS_REQUEST_MUST_BE_APPROVED: t("It must be approved before you can use the access. You will be notified when an approver decides."),
  ACCESS_REQUEST_CLOSE_WINDOW: t("You can close this window now. The connection starts once your request is approved."),
  NO_APPROVERS_BODY: t("Nobody can approve access requests for this device yet. Ask your administrator to assign an approver."),
  ACCESS_REQUEST_CANCELLED: t("Your access request was cancelled."),
  ACCESS_RELEASED: t("Your access was ended."),
  ACCESS_EXTENSION_REQUESTED: t("More time was requested from the same approvers."),
  YOU_APPROVED_THE_ACCESS_REQUEST: t("You approved the access request."),
  YOU_REJECTED_THE_ACCESS_REQUEST: t("You rejected the access request."),
  YOU_REVOKED_THE_ACCESS: t("You revoked the access."),
  YOUR_ACCESS_TO_NAME_ENDS_SOON: t("Your access to {name} ends soon.", "Your access ends soon."),
  END_BEFORE_START: t("The end must be after the start."),
  // Remote access through the relay (issue 10): why a tunnel or one of its streams was refused or ended.
  ACCESS_REQUEST_REQUIRED: t("You need an approved access request for this device before you can connect."),
  TICKET_INVALID: t("This connection ticket is not valid: it was already used, has expired, or belongs to someone else. Connect again from the portal."),
  AGENT_CREDENTIAL_INVALID: t("The device agent's credential is not valid. Copy a new one from the device page."),
  DEVICE_NOT_LINKED: t("The device is not connected to the portal right now."),
  SERVICE_NOT_CONFIGURED: t("The device agent is not set up for this service."),
  SERVICE_UNREACHABLE: t("The device could not reach this service on its network."),
  ACCESS_REVOKED: t("Your access to this device was revoked."),
  ACCESS_EXPIRED: t("Your access to this device has ended."),
  ACCESS_RELEASED_TUNNEL: t("You ended your access to this device."),
  SESSION_DISCONNECTED: t("An administrator disconnected this session."),
  RATE_LIMITED_CONNECTS: t("Too many connection attempts to this device. Wait a while and try again."),
  "access category is still in use": t("This access category is still in use by people or devices, so it cannot be removed."),
  "Your company is not fully provisioned": t("Your company is not fully provisioned yet. Contact your administrator."),
  "download failed": t("The download failed. Try again."),
  "Cannot duplicate a non-published page": t("Cannot duplicate a non-published page. Publish it first."),
  "Page has no draft version": t("This page has no draft version."),
  "Gateway Timeout error": t("The server took too long to answer (Gateway Timeout error). Try again."),
  "No Agent reference": t("This request refers to no device (No Agent reference)."),
  "Connection failed": t("Connection failed: the device is offline or has no VPN address."),
  "Cannot communicate with the VPN client": t("Cannot communicate with the VPN client. Check that it is running, then retry."),
  "Unable to load help center": t("Unable to load the help center. Try again later."),
  "Unable to request access": t("Unable to request access"),
  "No connection": t("No connection"),
  "Your access expires soon. Log out and log in again to connect.": t("Your access expires soon. Log out and log in again to connect."),
  // Translation batches (spec 5 and 8), sent by the server with the field they concern.
  "Required property": t("This field is required."),
  "Required language missing: en": t("The English text (en) is required."),
  "Value does not match regex expression": t("This value has the wrong format: use letters, digits, _ . - and start with a letter."),
  Duplicate: t("This key appears more than once."),
  "Expected an object": t("This value must be an object."),
  "Expected a string": t("This value must be text."),
  // Sign-in (server reasons).
  TWO_FACTOR_REQUIRED: t("Enter the one-time code of your authenticator app."),
  INVALID_CREDENTIALS: t("The email or password is wrong."),
  TWO_FACTOR_INVALID: t("The one-time code is wrong or has expired. Try again."),
  // My account (issue 11): password strength (rules/passwordStrength.ts), profile, links in mails.
  PASSWORD_TOO_SHORT: t("Use at least 10 characters."),
  PASSWORD_TOO_LONG: t("Use at most 256 characters."),
  PASSWORD_TOO_SIMPLE: t("Use at least 5 different characters."),
  PASSWORD_CONTAINS_PERSONAL: t("Do not use your name or e-mail address in your password."),
  "Invalid password": t("The password is wrong."),
  UNKNOWN_LANGUAGE: t("Choose one of the offered languages."),
  UNKNOWN_TIME_ZONE: t("Choose a time zone from the list."),
  INVALID_EMAIL: t("Enter an e-mail address such as name@example.com."),
  EMAIL_ALREADY_IN_USE: t("Another account already uses this e-mail address."),
  LINK_INVALID_OR_EXPIRED: t("This link is not valid any more: it was already used or has expired. Ask for a new one."),
  EMAIL_CONFIRMATION_SENT: t("We sent a confirmation link to {name}. Your address changes when you follow it.", "We sent a confirmation link to the new address."),
  EMAIL_CONFIRMED: t("Your e-mail address is now {name}.", "Your e-mail address has been changed."),
  PASSWORD_RESET_SENT: t("If an account uses this address, we sent it a link to choose a new password. The link is valid for 1 hour."),
  PASSWORD_RESET_DONE: t("Your password has been set. Every session was signed out: sign in with the new password."),
  TRUSTED_DEVICE_FORGOTTEN: t("The device was forgotten and its sessions were signed out."),
  ACCESS_TOKEN_REVOKED: t("The session was signed out."),
  PROFILE_SAVED: t("Your profile has been saved."),
  TRY_AGAIN_AT: t("You can try again at {name}.", "You can try again later."),
  // Self sign-up, my messages, terms and privacy statement (issue 11).
  SELF_SIGN_UP_DISABLED: t("This portal does not take registrations. Ask your company's administrator for an invite."),
  REGISTRATION_SENT: t("We sent a link to {name}. Follow it within 24 hours to confirm your address, then sign in.", "We sent you a link. Follow it within 24 hours to confirm your address, then sign in."),
  REGISTRATION_CONFIRMED: t("Your e-mail address {name} is confirmed. You can sign in now.", "Your e-mail address is confirmed. You can sign in now."),
  YOUR_ACCESS_REQUEST_EXPIRED: t("Your access request for {device} expired before anyone decided on it.", "Your access request expired before anyone decided on it."),
  YOU_ARE_INVITED_TO_COMPANY: t("You are invited to join {name}. Accept or decline the invite on My companies.", "You are invited to join a company. Accept or decline the invite on My companies."),
  YOUR_ACCESS_TO_COMPANY_EXPIRES: t("Your access to {name} ends on {date}.", "Your access to a company ends soon."),
  MESSAGES_NONE: t("You have no messages."),
  MESSAGES_NONE_MATCH: t("No messages match these filters."),
  TERMS_UPDATED_TITLE: t("Terms of use updated"),
  TERMS_UPDATED_BODY: t("The terms of use have been updated. Please read the {link} and press OK to accept them and continue.", "The terms of use have been updated. Please read them and press OK to accept them and continue."),
  TERMS_NONE_PUBLISHED: t("No terms of use have been published for this company."),
  PRIVACY_NONE_PUBLISHED: t("No privacy statement has been published yet."),
  EMAIL_NOT_VERIFIED: t("Confirm your e-mail address first: follow the link in the mail we sent you."),
  // Saving in a dialog: what the person should do (web and CLI).
  "save.offline": t("No connection. Nothing was lost: save again when you are back online."),
  "save.unavailable": t("The server cannot be reached. Nothing was lost: try saving again in a moment."),
  "save.conflict": t("Someone changed this in the meantime. Check the values and save again."),
  "translation.languageExists": t("This translation already has a text in “{name}”. Edit that text instead of adding the language again.", "This language is already in the translation. Edit its text instead."),
  "translation.keyExists": t("A translation with the key “{name}” already exists. Edit it instead.", "A translation with this key already exists. Edit it instead."),
  "generic": t("Something went wrong. Try again."),
} as const satisfies Readonly<Record<string, MessageText>>;

/** One text per tagged error of core/src/errors.ts, under `error.<Tag>`. */
const ERRORS = {
  "error.InvalidInput": t("Some values are not valid. Check the fields and try again."),
  "error.Conflict": t("This conflicts with existing data. Check the values and try again."),
  "error.NotFound": t("{name} was not found. It may have been deleted.", "It was not found. It may have been deleted."),
  "error.Forbidden": t("You are not allowed to do this in the selected company."),
  "error.Unauthenticated": t("Your session has ended. Sign in again."),
  "error.RateLimited": t("Too many attempts. Wait a moment and try again."),
  "error.ApiUnavailable": t("The server cannot be reached. Try again in a moment."),
  "error.GatewayTimeout": KEYED["Gateway Timeout error"],
  "error.ApiFailure": t("The server could not do this (error {name}). Try again.", "The server could not do this. Try again."),
  "error.VpnClientUnreachable": KEYED["Cannot communicate with the VPN client"],
  "error.StorageFailure": t("Your browser refused to keep this setting (storage full or disabled)."),
  "error.PageHasNoDraft": KEYED["Page has no draft version"],
  "error.NoPublishedPage": KEYED["Cannot duplicate a non-published page"],
  "error.NoAgentReference": KEYED["No Agent reference"],
  "error.NameAlreadyInUse": KEYED.NAME_ALREADY_IN_USE,
  "error.CannotDeleteGroupType": KEYED.CANNOT_DELETE_GROUP_TYPE,
  "error.CannotDeleteAssetType": KEYED.CANNOT_DELETE_ASSET_TYPE,
} as const satisfies Readonly<Record<string, MessageText>>;

export const ENGLISH_MESSAGES: Readonly<Record<string, MessageText>> = { ...KEYED, ...ERRORS };
export type MessageKey = keyof typeof KEYED | keyof typeof ERRORS;
