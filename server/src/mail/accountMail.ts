/**
 * The mails of my account (issue 11): the confirmation of a new e-mail address, the password reset
 * link and the registration link. Plain text; each link carries its token in the query as `code` (`token` is the jump-start parameter) and opens
 * the web app's page that spends it.
 */
import type { OutgoingMail } from "./outbox";

const link = (origin: string, path: string, token: string): string => `${origin}${path}?code=${encodeURIComponent(token)}`;

/** The web pages that spend each kind of token. */
export const ACCOUNT_LINK_PATHS = { emailChange: "/confirm-email", passwordReset: "/recover", registration: "/register" } as const;

export const emailChangeMail = (name: string, to: string, origin: string, token: string): OutgoingMail => ({
  to,
  subject: "Confirm your new e-mail address",
  text: [
    `Hello ${name},`, "",
    "You asked to use this address for your portal account. Confirm it here (valid for 24 hours):",
    link(origin, ACCOUNT_LINK_PATHS.emailChange, token), "",
    "If you did not ask for this, ignore this mail: nothing changes.",
  ].join("\n"),
});

export const passwordResetMail = (name: string, to: string, origin: string, token: string): OutgoingMail => ({
  to,
  subject: "Choose a new password",
  text: [
    `Hello ${name},`, "",
    "Someone asked to reset the password of your portal account. Choose a new one here (valid for 1 hour, once):",
    link(origin, ACCOUNT_LINK_PATHS.passwordReset, token), "",
    "Setting a new password signs out every session. If you did not ask for this, ignore this mail.",
  ].join("\n"),
});

export const registrationMail = (name: string, to: string, origin: string, token: string): OutgoingMail => ({
  to,
  subject: "Confirm your portal account",
  text: [
    `Hello ${name},`, "",
    "Confirm your e-mail address to finish your registration (valid for 24 hours):",
    link(origin, ACCOUNT_LINK_PATHS.registration, token), "",
    "If you did not register, ignore this mail: the account stays unusable.",
  ].join("\n"),
});

/**
 * Sent instead of a registration link when the address already has a confirmed account: the
 * answer of the registration call stays the same, and only the owner of the address learns it.
 */
export const alreadyRegisteredMail = (name: string, to: string, origin: string): OutgoingMail => ({
  to,
  subject: "You already have a portal account",
  text: [
    `Hello ${name},`, "",
    "Someone tried to register a portal account with this address, which already has one.",
    `Sign in at ${origin}/login, or choose a new password at ${origin}${ACCOUNT_LINK_PATHS.passwordReset}.`, "",
    "If it was not you, ignore this mail: nothing changes.",
  ].join("\n"),
});
